// pns-tbb: the pns engine (dfpn.hpp) with the first plies of each question split into oneTBB
// tasks in an arena of `threads` workers, all sharing one transposition table (segments guarded
// by spin locks, table.hpp).
// Work split ("young brothers wait", Feldmann et al., "Distributed game-tree search", ICCA J.
// 12(2), 1989): at a node of the first kParDepth plies with at least kParMin empty cells, the
// first child (the most promising) is searched alone; if it does not settle the node, the other
// children run as parallel tasks, and the first one that settles the node (a proof at an OR
// node, a disproof at an AND node) cancels its siblings. Below the split plies each subtree is a
// serial df-pn search on the shared table; cancelled searches unwind without storing a result,
// so the table only ever holds exact proofs and disproofs (and the estimates of df-pn). A proof
// of a draw needs every first-player move refuted, which gives the threads independent work.
// Values, move values and principal variations equal those of pns; node and position counts
// vary from run to run. Limits: as pns. Built only with SEARCHBENCH_WITH_TBB.
#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include "dfpn.hpp"

namespace sb::mnk {
namespace {

constexpr int kParDepth = 5;  // plies below the root that may split
constexpr int kParMin = 16;   // smallest position (empty cells) worth splitting

bool canceling() {
  return tbb::is_current_task_group_canceling();
}

template <int W>
struct Parallel {
  using Engine = detail::Dfpn<W, true>;
  using Key = PositionKey<W>;
  typename Engine::TT& tt;
  tbb::enumerable_thread_specific<detail::PnsStats>& stats;
  detail::PnsConfig cfg;
  Progress* progress = nullptr;  // at the root: children settled / children

  bool serial(Board<W>& b, int attacker) {
    Engine e(b, tt, stats.local(), cfg, &canceling);
    return e.prove(attacker);
  }

  /// Exactly whether `attacker` wins b (b is a private copy of the caller's board).
  bool prove(Board<W> b, int attacker, int depth) {
    if (depth >= kParDepth || b.empty().count() < kParMin) return serial(b, attacker);
    Engine e(b, tt, stats.local(), cfg, &canceling);
    ++stats.local().nodes;
    const Key key = e.key(attacker);
    const std::uint64_t h = key.hash();
    detail::PnData t;
    if (tt.find(key, h, &t) && (t.pn == 0 || t.dn == 0)) return t.pn == 0;
    std::vector<int> cells;
    const detail::NodeKind kind = e.expand(attacker, &cells);
    bool win;
    if (kind != detail::NodeKind::kOpen) {
      win = kind == detail::NodeKind::kProven;
    } else {
      // Children up to symmetry, in the engine's order.
      std::vector<int> kids;
      std::vector<Key> seen;
      for (int c : cells) {
        Key k;
        b.canonical_after(c, &k.black, &k.white);
        if (std::find(seen.begin(), seen.end(), k) == seen.end()) {
          seen.push_back(k);
          kids.push_back(c);
        }
      }
      const bool or_node = b.to_move() == attacker;
      Progress* prog = depth == 0 ? progress : nullptr;
      if (prog) prog->total.store(kids.size(), std::memory_order_relaxed);
      // settles(r): the child's answer decides this node.
      auto settles = [&](bool r) { return or_node ? r : !r; };
      auto child = [&](int c) {
        Board<W> cb = b;
        cb.play(c);
        return prove(cb, attacker, depth + 1);
      };
      bool settled = settles(child(kids[0]));
      if (prog) prog->done.fetch_add(1, std::memory_order_relaxed);
      if (!settled && kids.size() > 1) {
        std::atomic<bool> found{false};
        tbb::task_group_context ctx;
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(1, kids.size(), 1),
            [&](const tbb::blocked_range<std::size_t>& r) {
              for (std::size_t i = r.begin(); i != r.end(); ++i) {
                if (found.load(std::memory_order_relaxed)) return;
                try {
                  if (settles(child(kids[i]))) {
                    found.store(true);
                    ctx.cancel_group_execution();
                  }
                  if (prog) prog->done.fetch_add(1, std::memory_order_relaxed);
                } catch (const detail::Aborted&) {
                  return;
                }
              }
            },
            tbb::simple_partitioner(), ctx);
        settled = found.load();
        if (!settled && ctx.is_group_execution_cancelled()) throw detail::Aborted{};
      }
      win = settled ? or_node : !or_node;
    }
    const detail::PnData d =
        win ? detail::PnData{0, detail::kInf, 1} : detail::PnData{detail::kInf, 0, 1};
    if (tt.store(key, h, d)) ++stats.local().positions;
    return win;
  }

  /// Exact value for the player to move of b.
  int value(const Board<W>& b) {
    const int me = b.to_move();
    if (prove(b, me, 0)) return 1;
    if (prove(b, 1 - me, 0)) return -1;
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
    Parallel<W> par{tt, stats, detail::PnsConfig{}};
    Board<W> b = detail::position<W>(g, inst, true);
    const int me = b.to_move();
    Result r;
    // Allow exactly p.threads workers, also more than there are cores (no TBB warning).
    tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                              static_cast<std::size_t>(p.threads));
    tbb::task_arena arena(p.threads);
    arena.execute([&] {
      par.progress = p.all_moves ? nullptr : p.progress;
      const int v = par.value(b);
      par.progress = nullptr;
      r.value = detail::seat_value(v, me);
      if (p.all_moves)
        r.move_values = detail::move_values(
            b, [&](Board<W>& bb) { return par.value(bb); }, p.progress);
      r.pv = detail::principal_variation(b, v, [&](Board<W>& bb, int want) {
        const int m = bb.to_move();
        if (want == 1) return par.prove(bb, m, 0);
        if (want == -1) return par.prove(bb, 1 - m, 0);
        return !par.prove(bb, m, 0) && !par.prove(bb, 1 - m, 0);
      });
    });
    for (const auto& s : stats) {
      r.nodes += s.nodes;
      r.positions += s.positions;
    }
    r.threads = p.threads;
    return r;
  });
}

}  // namespace sb::mnk

#endif  // SEARCHBENCH_WITH_TBB
