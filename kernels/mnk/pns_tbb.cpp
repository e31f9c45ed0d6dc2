// pns-tbb: the pns engine (dfpn.hpp) run by `threads` oneTBB tasks at once on one shared
// transposition table (segments guarded by spin locks, table.hpp): shared-table parallel df-pn
// with virtual proof numbers (after Kaneko, "Parallel depth first proof number search", AAAI
// 2010). Every thread searches the same question from the root; a thread marks the nodes it is
// searching as busy in the table, and the others select among the children by numbers raised
// for busy children, so they turn to the siblings: at the first player's nodes of a draw proof
// every child must be disproved, which spreads the threads over the first moves and deeper. The
// threads see each other's proofs and disproofs through the table at once; the first thread to
// settle the question stops the others. Values, move values and principal variations equal those
// of pns (each question is answered exactly); node and position counts vary from run to run.
// Limits: as pns. Built only with SEARCHBENCH_WITH_TBB.
#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>

#include "core/tbb_threads.hpp"
#include "dfpn.hpp"

namespace sb::mnk {
namespace {

template <int W>
struct Parallel {
  using Engine = detail::Dfpn<W, true>;
  typename Engine::TT& tt;
  tbb::enumerable_thread_specific<detail::PnsStats>& stats;
  detail::PnsConfig cfg;
  int threads = 1;

  /// Exactly whether `attacker` wins b: `threads` searches on copies of b, the first answer wins.
  bool prove(const Board<W>& b, int attacker) {
    std::atomic<bool> stop{false};
    std::atomic<int> answer{-1};
    tbb::parallel_for(
        0, threads,
        [&](int) {
          Board<W> mine = b;
          Engine e(mine, tt, stats.local(), cfg, &stop);
          try {
            const int r = e.prove(attacker) ? 1 : 0;
            int none = -1;
            answer.compare_exchange_strong(none, r);
            stop.store(true);
          } catch (const detail::Aborted&) {
          }
        },
        tbb::simple_partitioner());
    return answer.load() == 1;
  }

  /// Exact value of b for its player to move.
  int value(const Board<W>& b) {
    const int me = b.to_move();
    if (prove(b, me)) return 1;
    if (prove(b, 1 - me)) return -1;
    return 0;
  }
};

}  // namespace

Result pns_tbb(const Params& p) {
  validate(p, "pns-tbb");
  const Instance& inst = p.instance;
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  return dispatch_words(g.cells, [&]<int W>() {
    typename detail::Dfpn<W, true>::TT tt(detail::budget(p));
    tbb::enumerable_thread_specific<detail::PnsStats> stats;
    Parallel<W> par{tt, stats, detail::PnsConfig{}, p.threads};
    Board<W> b = detail::position<W>(g, inst, true);
    const int me = b.to_move();
    Result r;
    TbbThreads tbb_threads(p.threads);
    par.threads = tbb_threads.used();
    tbb_threads.arena.execute([&] {
      if (p.progress && !p.all_moves) p.progress->total.store(2, std::memory_order_relaxed);
      int v = 0;
      if (par.prove(b, me)) {
        v = 1;
      } else {
        if (p.progress && !p.all_moves) p.progress->done.store(1, std::memory_order_relaxed);
        v = par.prove(b, 1 - me) ? -1 : 0;
      }
      if (p.progress && !p.all_moves) p.progress->done.store(2, std::memory_order_relaxed);
      r.value = detail::seat_value(v, me);
      if (p.all_moves)
        r.move_values = detail::move_values(
            b, [&](Board<W>& bb) { return par.value(bb); }, p.progress);
      detail::PnsStats scratch;
      r.pv = detail::principal_variation(
          b, v,
          [&](Board<W>& bb, int want) {
            const int m = bb.to_move();
            if (want == 1) return par.prove(bb, m);
            if (want == -1) return par.prove(bb, 1 - m);
            return !par.prove(bb, m) && !par.prove(bb, 1 - m);
          },
          [&](Board<W>& bb, int want, std::vector<int>* out) {
            detail::Dfpn<W, true>(bb, tt, scratch, detail::PnsConfig{}).known_moves(want, out);
          });
    });
    for (const auto& s : stats) {
      r.nodes += s.nodes;
      r.positions += s.positions;
    }
    r.threads = par.threads;
    return r;
  });
}

}  // namespace sb::mnk

#endif  // SEARCHBENCH_WITH_TBB
