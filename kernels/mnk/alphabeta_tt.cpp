// alphabeta-tt: alphabeta (alphabeta.cpp) plus a transposition table: each searched position
// stores its lower and upper bound and best move under its canonical key, the least image of its
// (black, white) stone sets under the symmetries of the board (8 on a square, 4 on a rectangle),
// so symmetric positions share one entry; the key is the exact position, not a hash, so a hit is
// never a collision. The table is bounded by max_memory and replaces the entries of the smallest
// subtrees when full (kernels/mnk/table.hpp). Exact reductions on top of alpha-beta:
//  - a player with no live window cannot win (bound 0), so the position is a draw when neither
//    has one;
//  - when the opponent has a five point, only its block is searched (two: the position is lost);
//  - moves on dead cells (in no live window) are passes: dominated under the freestyle rule (an
//    extra stone never hurts), one representative under the standard rule.
// Move order: the table's best move, wins, blocks, then by move_score (solver_parts.hpp), centre
// first. Serial. The principal variation and move values are read through the same table.
#include <algorithm>

#include "mnk/table.hpp"
#include "solver_parts.hpp"

namespace sb::mnk {
namespace {

struct AbData {
  std::int8_t lower, upper;  // bounds on the value for the player to move
  std::int16_t best;         // best move found, in the canonical key's frame; -1 none
  std::uint32_t work;        // nodes of the subtree that produced the entry (capped)
  std::uint64_t keep() const { return work; }
};

template <int W>
class AlphaBetaTT {
 public:
  using Key = PositionKey<W>;
  AlphaBetaTT(Board<W>& b, Table<Key, AbData, false>& tt) : b_(b), g_(b.geometry()), tt_(tt) {}

  int search(int alpha, int beta) {
    ++nodes_;
    if (b_.winner() >= 0) return -1;
    if (b_.full()) return 0;
    const int me = b_.to_move(), op = 1 - me;
    if (b_.has_five_point(me)) {
      ++nodes_;
      return 1;
    }
    const int hi = b_.live_windows(me) > 0 ? 1 : 0;
    const int lo = b_.live_windows(op) > 0 ? -1 : 0;
    if (hi == lo) return hi;
    int moves[kMaxSide * kMaxSide];
    int n = 0;
    if (b_.has_five_point(op)) {
      if (b_.count_five_points(op) >= 2) {
        nodes_ += 2;  // any move, then the opponent's five
        return -1;
      }
      moves[n++] = b_.any_five_point(op);
    }
    Key key;
    int sym = 0;  // the position's cell c is cell g_.sym[sym * cells + c] of the key
    b_.canonical(&key.black, &key.white, &sym);
    const std::uint64_t h = key.hash();
    AbData e{static_cast<std::int8_t>(lo), static_cast<std::int8_t>(hi), -1, 0};
    AbData t;
    if (tt_.find(key, h, &t)) {
      e.lower = std::max(e.lower, t.lower);
      e.upper = std::min(e.upper, t.upper);
      e.best = static_cast<std::int16_t>(t.best < 0 ? -1 : g_.sym_inv[sym * g_.cells + t.best]);
    }
    if (e.lower >= beta) return e.lower;
    if (e.upper <= alpha) return e.upper;
    if (e.lower == e.upper) return e.lower;
    alpha = std::max(alpha, static_cast<int>(e.lower));
    beta = std::min(beta, static_cast<int>(e.upper));
    const int alpha0 = alpha;
    if (n == 0) {
      int cand[kMaxSide * kMaxSide];
      const int nc = detail::candidates(b_, cand);
      int score[kMaxSide * kMaxSide];
      detail::move_scores(b_, score);
      detail::sort_by_score(g_, cand, nc, [&](int c) { return c == e.best ? 1 << 30 : score[c]; });
      for (int i = 0; i < nc; ++i) moves[n++] = cand[i];
    }
    const std::uint64_t start = nodes_;
    int best = -2, best_move = -1;
    for (int i = 0; i < n; ++i) {
      b_.play(moves[i]);
      const int v = -search(-beta, -alpha);
      b_.undo();
      if (v > best) best = v, best_move = moves[i];
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    AbData s = e;
    if (best <= alpha0)
      s.upper = static_cast<std::int8_t>(std::min<int>(s.upper, best));
    else if (best >= beta)
      s.lower = static_cast<std::int8_t>(std::max<int>(s.lower, best));
    else
      s.lower = s.upper = static_cast<std::int8_t>(best);
    s.best = static_cast<std::int16_t>(best_move < 0 ? -1 : g_.sym[sym * g_.cells + best_move]);
    s.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(nodes_ - start, 0xFFFFFFFFu));
    if (tt_.store(key, h, s)) ++positions_;
    return best;
  }

  int value() { return search(-1, 1); }
  bool is(int want) { return value() == want; }
  /// The table's best move of the current position, if any.
  void best_move(std::vector<int>* out) {
    Key key;
    int t = 0;
    b_.canonical(&key.black, &key.white, &t);
    AbData e;
    if (tt_.find(key, key.hash(), &e) && e.best >= 0)
      out->push_back(g_.sym_inv[t * g_.cells + e.best]);
  }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t positions() const { return positions_; }

 private:
  Board<W>& b_;
  const Geometry& g_;
  Table<Key, AbData, false>& tt_;
  std::uint64_t nodes_ = 0;
  std::uint64_t positions_ = 0;
};

}  // namespace

Result alphabeta_tt(const Params& p) {
  validate(p, "alphabeta-tt");
  const Instance& inst = p.instance;
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  return dispatch_words(g.cells, [&]<int W>() {
    Table<PositionKey<W>, AbData, false> tt(detail::budget(p));
    Board<W> b = detail::position<W>(g, inst, true);
    const int me = b.to_move();
    AlphaBetaTT<W> ab(b, tt);
    Result r;
    const int v = ab.value();
    r.value = detail::seat_value(v, me);
    if (p.all_moves)
      r.move_values = detail::move_values(
          b, [&](Board<W>&) { return ab.value(); }, p.progress);
    r.pv = detail::principal_variation(
        b, v, [&](Board<W>&, int want) { return ab.is(want); },
        [&](Board<W>&, int, std::vector<int>* out) { ab.best_move(out); });
    r.nodes = ab.nodes();
    r.positions = ab.positions();
    r.threads = 1;
    return r;
  });
}

}  // namespace sb::mnk
