// pns: proof-number search for m,n,k positions: df-pn with the 1 + epsilon trick on the two
// questions "does the player to move win?" and "does the opponent win?" (a proof that neither
// does is a proof of a draw), with threat-space pruning (forced replies to fives and fours, VCF
// proofs, null-move VCF relevance: the defender only tries moves that break the attacker's VCF),
// pairing strategies (Hales-Jewett pairings found by backtracking prove that a side cannot win),
// dead-cell pruning and symmetric canonical keys in a bounded transposition table. The engine is
// kernels/mnk/dfpn.hpp. Serial; any board up to 26 x 26 (large open boards only for positions
// with a forced outcome, e.g. gomoku VCF positions).
#include "dfpn.hpp"

namespace sb::mnk {
namespace {

/// Runs f(board, engine, stats) on p's position with a serial engine on its own table of p's
/// budget (the words of the board's bit sets chosen by its size).
template <class F>
auto with_engine(const Params& p, F&& f) {
  validate(p, "pns");
  const Instance& inst = p.instance;
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  return dispatch_words(g.cells, [&]<int W>() {
    typename detail::Dfpn<W, false>::TT tt(detail::budget(p));
    Board<W> b = detail::position<W>(g, inst, true);
    detail::PnsStats st;
    detail::Dfpn<W, false> e(b, tt, st, detail::PnsConfig{});
    return f(b, e, st);
  });
}

}  // namespace

Result pns(const Params& p) {
  return with_engine(
      p, [&]<int W>(Board<W>& b, detail::Dfpn<W, false>& e, const detail::PnsStats& st) {
        const int me = b.to_move();
        Result r;
        if (p.progress && !p.all_moves) p.progress->total.store(2, std::memory_order_relaxed);
        int v = 0;
        if (e.prove(me)) {
          v = 1;
        } else {
          if (p.progress && !p.all_moves) p.progress->done.store(1, std::memory_order_relaxed);
          v = e.prove(1 - me) ? -1 : 0;
        }
        if (p.progress && !p.all_moves) p.progress->done.store(2, std::memory_order_relaxed);
        r.value = detail::seat_value(v, me);
        if (p.all_moves)
          r.move_values = detail::move_values(
              b, [&](Board<W>&) { return e.value(); }, p.progress);
        r.pv = detail::principal_variation(
            b, v,
            [&](Board<W>& bb, int want) {
              const int m = bb.to_move();
              if (want == 1) return e.prove(m);
              if (want == -1) return e.prove(1 - m);
              return !e.prove(m) && !e.prove(1 - m);
            },
            [&](Board<W>&, int want, std::vector<int>* out) { e.known_moves(want, out); });
        r.nodes = st.nodes;
        r.positions = st.positions;
        r.threads = 1;
        return r;
      });
}

bool pns_wins(const Params& p, int player, Result& stats) {
  return with_engine(p,
                     [&]<int W>(Board<W>&, detail::Dfpn<W, false>& e, const detail::PnsStats& st) {
                       const bool wins = e.prove(player);
                       stats.nodes = st.nodes;
                       stats.positions = st.positions;
                       return wins;
                     });
}

}  // namespace sb::mnk
