// Tests of the first-move classes (kernels/queens_game/first_moves.hpp): on small boards every
// square lies in exactly one class, two first moves share a class exactly when their child
// positions are images of each other under a board symmetry (checked here by applying every
// dihedral map to the squares directly), and the per-class results are spread over the squares.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "queens_game/first_moves.hpp"
#include "queens_game/geometry.hpp"
#include "queens_game/queens_game.hpp"

namespace qd = sb::queens_game::detail;

namespace {

/// The free squares after a queen on s, as a set of (row, col).
std::set<std::pair<int, int>> child(int rows, int cols, int s) {
  std::set<std::pair<int, int>> r;
  const int y = s / cols, x = s % cols;
  for (int a = 0; a < rows; ++a)
    for (int b = 0; b < cols; ++b)
      if (!(a == y || b == x || a - b == y - x || a + b == y + x)) r.insert({a, b});
  return r;
}

/// True when some map of the board (flips, and the transpose on a square board) sends a to b.
bool equivalent(int rows, int cols, const std::set<std::pair<int, int>>& a,
                const std::set<std::pair<int, int>>& b) {
  for (int t = 0; t < 8; ++t) {
    if ((t & 4) && rows != cols) continue;
    std::set<std::pair<int, int>> img;
    for (auto [y, x] : a) {
      if (t & 4) std::swap(y, x);
      if (t & 1) x = cols - 1 - x;
      if (t & 2) y = rows - 1 - y;
      img.insert({y, x});
    }
    if (img == b) return true;
  }
  return false;
}

}  // namespace

TEST(QueensGameFirstMoves, ClassesAreTheOrbitsOfTheChildren) {
  for (auto [r, c] : {std::pair{1, 1}, std::pair{1, 4}, std::pair{3, 3}, std::pair{4, 4},
                      std::pair{5, 5}, std::pair{3, 6}, std::pair{6, 6}}) {
    const qd::Geometry<1> g(r, c, true);
    const qd::FirstMoves<1> fm(g);
    ASSERT_EQ(fm.child.size(), fm.squares.size());
    std::vector<int> cls(g.n, -1);
    for (std::size_t i = 0; i < fm.squares.size(); ++i)
      for (int s : fm.squares[i]) {
        EXPECT_EQ(cls[s], -1) << "square " << s << " in two classes";
        cls[s] = static_cast<int>(i);
      }
    for (int s = 0; s < g.n; ++s) ASSERT_GE(cls[s], 0) << r << "x" << c << " square " << s;
    for (int a = 0; a < g.n; ++a)
      for (int b = 0; b < g.n; ++b)
        EXPECT_EQ(cls[a] == cls[b], equivalent(r, c, child(r, c, a), child(r, c, b)))
            << r << "x" << c << " " << a << " " << b;
    // the representative child is the position after one of its class's moves
    for (std::size_t i = 0; i < fm.child.size(); ++i)
      EXPECT_EQ(fm.child[i], qd::Set<1>::first_n(g.n).andnot(g.att[fm.squares[i][0]]));
  }
  // 8 x 8: 10 classes (the squares of one eighth of the board, diagonal included)
  const qd::Geometry<2> g8(8, 8, true);
  EXPECT_EQ(qd::FirstMoves<2>(g8).child.size(), 10u);
}

TEST(QueensGameFirstMoves, ResultsAreSpreadOverTheSquares) {
  const qd::Geometry<1> g(3, 3, true);
  const qd::FirstMoves<1> fm(g);
  ASSERT_EQ(fm.child.size(), 3u);  // corner, edge, centre
  std::vector<char> lost(3, 0);
  std::vector<int> values(3, 0);
  int centre = -1;
  for (std::size_t i = 0; i < 3; ++i) {
    values[i] = static_cast<int>(i) + 1;
    if (std::find(fm.squares[i].begin(), fm.squares[i].end(), 4) != fm.squares[i].end())
      centre = static_cast<int>(i);
  }
  ASSERT_GE(centre, 0);
  lost[centre] = 1;
  values[centre] = 0;
  sb::queens_game::Result r;
  qd::collect_first_moves(fm, lost, r);
  EXPECT_TRUE(r.first_player_wins);
  EXPECT_EQ(r.winning_first_moves, std::vector<int>{4});
  qd::collect_move_grundy(fm, values, g.n, r);
  ASSERT_EQ(r.move_grundy.size(), 9u);
  for (std::size_t i = 0; i < 3; ++i)
    for (int s : fm.squares[i]) EXPECT_EQ(r.move_grundy[s], values[i]);
  sb::queens_game::Result none;
  qd::collect_first_moves(fm, std::vector<char>(3, 0), none);
  EXPECT_FALSE(none.first_player_wins);
  EXPECT_TRUE(none.winning_first_moves.empty());
}
