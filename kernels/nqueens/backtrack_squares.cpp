// backtrack-squares: the backtracking method ("バックトラック法") of the article
// "【C言語】エイトクイーン問題（Nクイーン問題）のバックラック法での解き方".
//
// Algorithm: squares are numbered 0 .. n^2 - 1 row by row. Queens are placed one at a time on
// squares in increasing order (each after the previous queen's square); after each placement the
// whole board is checked -- every queen against every other along rows, columns and both
// diagonals -- and the search backs up as soon as the board has a conflict. When n queens stand
// without conflict the placement is a solution. Unlike backtrack-rows there is no one-queen-per-row
// structure: the search also tries squares that leave rows empty, which is what makes it slow.
// U(n) from the canonical form of each solution under the 8 symmetries of the square.
// Work split: none (serial). Limits: 1 <= n <= 16 (far slower than backtrack-rows beyond n = 10);
// nodes = queens placed (each one followed by a whole-board check).
#include <cstdint>

#include "nqueens/nqueens.hpp"
#include "nqueens/symmetry.hpp"

namespace sb::nqueens {
namespace {

constexpr int kMaxN = 16;

struct SquareSearch {
  int n;
  int rows[kMaxN];  // queen q stands on (rows[q], colq[q]); queens in increasing square order
  int colq[kMaxN];
  std::uint64_t total = 0, unique = 0, nodes = 0;

  // The whole board: any two queens sharing a row, column or diagonal?
  bool board_ok(int queens) const {
    for (int a = 0; a < queens; ++a)
      for (int b = a + 1; b < queens; ++b) {
        if (rows[a] == rows[b] || colq[a] == colq[b]) return false;
        if (rows[a] - colq[a] == rows[b] - colq[b]) return false;
        if (rows[a] + colq[a] == rows[b] + colq[b]) return false;
      }
    return true;
  }

  void place(int queens, int first_square) {
    if (queens == n) {
      ++total;
      std::uint8_t cols[kMaxN];
      for (int q = 0; q < n; ++q) cols[rows[q]] = static_cast<std::uint8_t>(colq[q]);
      if (canonical_orbit_size(cols, n) != 0) ++unique;
      return;
    }
    for (int s = first_square; s < n * n; ++s) {
      rows[queens] = s / n;
      colq[queens] = s % n;
      ++nodes;
      if (board_ok(queens + 1)) place(queens + 1, s + 1);
    }
  }
};

}  // namespace

Result backtrack_squares(const Params& p) {
  validate(p, 1, kMaxN, "backtrack-squares");
  SquareSearch s{};
  s.n = p.n;
  s.place(0, 0);
  return Result{s.total, s.unique, s.nodes, 1};
}

}  // namespace sb::nqueens
