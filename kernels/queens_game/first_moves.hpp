// The first moves of a queens-game board grouped into classes by the board's symmetries (one
// representative child position per class, and the squares whose move leads to it), and the
// collection of per-class results (outcomes, Grundy values) into a Result's per-square lists.
// Used by the memo kernels' --all-moves and --move-grundy, searching one move per class.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "geometry.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"

namespace sb::queens_game::detail {

/// The first moves of an n-square board grouped by symmetry: for each class, one representative
/// child position and the squares that lead to it.
template <int W>
struct FirstMoves {
  std::vector<Set<W>> child;
  std::vector<std::vector<int>> squares;

  explicit FirstMoves(const Geometry<W>& g) {
    const Set<W> start = Set<W>::first_n(g.n);
    std::vector<Set<W>> keys;
    for (int s = 0; s < g.n; ++s) {
      const Set<W> c = start.andnot(g.att[s]);
      const Set<W> k = g.canon(c);
      std::size_t i = 0;
      while (i < keys.size() && !(keys[i] == k)) ++i;
      if (i == keys.size()) {
        keys.push_back(k);
        child.push_back(c);
        squares.emplace_back();
      }
      squares[i].push_back(s);
    }
  }
};

/// Fills r.winning_first_moves (sorted) from the per-class outcomes `lost` (lost[i]: the
/// position after class i's move is lost for the player to move) and r.first_player_wins.
template <int W>
void collect_first_moves(const FirstMoves<W>& fm, const std::vector<char>& lost, Result& r) {
  for (std::size_t i = 0; i < fm.child.size(); ++i)
    if (lost[i])
      r.winning_first_moves.insert(r.winning_first_moves.end(), fm.squares[i].begin(),
                                   fm.squares[i].end());
  std::sort(r.winning_first_moves.begin(), r.winning_first_moves.end());
  r.first_player_wins = !r.winning_first_moves.empty();
}

/// Fills r.move_grundy (one value per square) from the per-class Grundy values g.
template <int W>
void collect_move_grundy(const FirstMoves<W>& fm, const std::vector<int>& g, int squares,
                         Result& r) {
  r.move_grundy.assign(static_cast<std::size_t>(squares), 0);
  for (std::size_t i = 0; i < fm.child.size(); ++i)
    for (int sq : fm.squares[i]) r.move_grundy[static_cast<std::size_t>(sq)] = g[i];
}

}  // namespace sb::queens_game::detail
