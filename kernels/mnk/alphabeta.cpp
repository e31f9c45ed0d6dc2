// alphabeta: negamax with alpha-beta pruning (Knuth and Moore, "An analysis of alpha-beta
// pruning", Artificial Intelligence 6, 1975) on the values -1, 0, +1, with move ordering: a move
// that wins at once first (it ends the search of the node), then the blocks of the opponent's
// five points (when the opponent threatens to win, every other move loses at once), then the
// other cells from the centre outwards. No transposition table, no symmetry, no pruning beyond
// alpha-beta. The principal variation and the move values come from further searches of the
// children (null windows where they suffice). Serial; any board, practical to about 5 x 5.
#include "solver_parts.hpp"

namespace sb::mnk {
namespace {

template <int W>
class AlphaBeta {
 public:
  explicit AlphaBeta(Board<W>& b) : b_(b), g_(b.geometry()) {}

  /// Value for the player to move, fail-hard within [alpha, beta].
  int search(int alpha, int beta) {
    ++nodes_;
    if (b_.winner() >= 0) return -1;
    if (b_.full()) return 0;
    const int me = b_.to_move();
    if (b_.has_five_point(me)) {  // wins first: the winning move is searched first and cuts
      ++nodes_;
      return 1;
    }
    int order[kMaxSide * kMaxSide];
    int n = 0;
    const auto blocks = b_.five_points(1 - me);
    blocks.for_each([&](int c) { order[n++] = c; });
    for (int c : g_.by_centre)
      if (!b_.occupied(c) && !blocks.test(c)) order[n++] = c;
    int best = -2;
    for (int i = 0; i < n; ++i) {
      b_.play(order[i]);
      const int v = -search(-beta, -alpha);
      b_.undo();
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  /// Exact value for the player to move.
  int value() { return search(-1, 1); }
  /// Whether the value for the player to move is `want` (null windows for wins and losses).
  bool is(int want) {
    if (want == 1) return search(0, 1) >= 1;
    if (want == -1) return search(-1, 0) <= -1;
    return value() == 0;
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  Board<W>& b_;
  const Geometry& g_;
  std::uint64_t nodes_ = 0;
};

}  // namespace

Result alphabeta(const Params& p) {
  validate(p, "alphabeta");
  const Instance& inst = p.instance;
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  return dispatch_words(g.cells, [&]<int W>() {
    Board<W> b = detail::position<W>(g, inst, false);
    const int me = b.to_move();
    AlphaBeta<W> ab(b);
    Result r;
    const int v = ab.value();
    r.value = detail::seat_value(v, me);
    if (p.all_moves)
      r.move_values = detail::move_values(
          b, [&](Board<W>&) { return ab.value(); }, p.progress);
    r.pv = detail::principal_variation(b, v, [&](Board<W>&, int want) { return ab.is(want); });
    r.nodes = ab.nodes();
    r.threads = 1;
    return r;
  });
}

}  // namespace sb::mnk
