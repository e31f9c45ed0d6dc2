// minimax: the plain exhaustive game-tree search of an m,n,k position (negamax form of von
// Neumann's minimax): every legal move is searched to the end of the game (a win, or a full
// board), with no pruning, no move ordering and no table. The principal variation is kept in a
// triangular array (the first best move at each node, cells in increasing order). The root's
// children are the move values for all_moves. Work is not split (serial).
// Limits: at most kMinimaxMaxEmpty empty cells (4 x 3 with k = 3 from empty: 2.8 x 10^8 nodes).
#include <string>

#include "solver_parts.hpp"

namespace sb::mnk {
namespace {

template <int W>
class Minimax {
 public:
  Minimax(Board<W>& b, int plies)
      : b_(b), plies_(plies), pv_((plies + 1) * (plies + 1)), len_(plies + 1) {}

  /// Value for the player to move; fills the PV at `ply`.
  int search(int ply) {
    ++nodes_;
    len_[ply] = 0;
    if (b_.winner() >= 0) return -1;  // the previous move won
    if (b_.full()) return 0;
    int best = -2;
    b_.empty().for_each([&](int c) {
      b_.play(c);
      const int v = -search(ply + 1);
      b_.undo();
      if (v > best) {
        best = v;
        pv_[ply * (plies_ + 1)] = c;
        for (int i = 0; i < len_[ply + 1]; ++i)
          pv_[ply * (plies_ + 1) + 1 + i] = pv_[(ply + 1) * (plies_ + 1) + i];
        len_[ply] = len_[ply + 1] + 1;
      }
      if (ply == 0) root_.push_back({c, v});
    });
    return best;
  }

  std::vector<int> pv() const { return {pv_.begin(), pv_.begin() + len_[0]}; }
  std::uint64_t nodes() const { return nodes_; }
  struct RootMove {
    int cell, value;
  };
  const std::vector<RootMove>& root() const { return root_; }

 private:
  Board<W>& b_;
  int plies_;
  std::vector<int> pv_;
  std::vector<int> len_;
  std::vector<RootMove> root_;
  std::uint64_t nodes_ = 0;
};

}  // namespace

Result minimax(const Params& p) {
  validate(p, "minimax");
  const Instance& inst = p.instance;
  if (inst.empty_cells() > kMinimaxMaxEmpty)
    throw std::invalid_argument("mnk kernel 'minimax': " + std::to_string(inst.empty_cells()) +
                                " empty cells; the plain search is limited to " +
                                std::to_string(kMinimaxMaxEmpty) +
                                " (use alphabeta, alphabeta-tt or pns)");
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  return dispatch_words(g.cells, [&]<int W>() {
    Board<W> b = detail::position<W>(g, inst, false);
    const int me = b.to_move();
    Minimax<W> mm(b, inst.empty_cells());
    if (p.progress) p.progress->total.store(1, std::memory_order_relaxed);
    const int v = mm.search(0);
    if (p.progress) p.progress->done.store(1, std::memory_order_relaxed);
    Result r;
    r.value = detail::seat_value(v, me);
    r.pv = mm.pv();
    if (p.all_moves)
      for (const auto& m : mm.root())
        r.move_values.push_back({m.cell, detail::seat_value(m.value, me)});
    r.nodes = mm.nodes();
    r.threads = 1;
    return r;
  });
}

}  // namespace sb::mnk
