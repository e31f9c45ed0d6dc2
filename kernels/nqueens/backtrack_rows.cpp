// backtrack-rows: the textbook backtracking search.
//
// Algorithm: one queen per row, rows filled top to bottom; boolean occupancy arrays for columns,
// diagonals (r - c constant) and anti-diagonals (r + c constant) make each conflict test O(1).
// Every complete placement is a solution; U(n) comes from putting each solution into canonical
// form under the 8 symmetries of the square (it counts when it is its orbit's canonical member).
// Work split: none (serial). Limits: 1 <= n <= 32; nodes = queens placed.
#include <cstdint>

#include "nqueens/nqueens.hpp"
#include "nqueens/symmetry.hpp"

namespace sb::nqueens {
namespace {

struct RowSearch {
  int n;
  std::uint8_t cols[kMaxBitN];
  bool col_used[kMaxBitN] = {};
  bool diag_used[2 * kMaxBitN] = {};
  bool anti_used[2 * kMaxBitN] = {};
  std::uint64_t total = 0, unique = 0, nodes = 0;

  void place(int r) {
    if (r == n) {
      ++total;
      if (canonical_orbit_size(cols, n) != 0) ++unique;
      return;
    }
    for (int c = 0; c < n; ++c) {
      if (col_used[c] || diag_used[r - c + n] || anti_used[r + c]) continue;
      ++nodes;
      cols[r] = static_cast<std::uint8_t>(c);
      col_used[c] = diag_used[r - c + n] = anti_used[r + c] = true;
      place(r + 1);
      col_used[c] = diag_used[r - c + n] = anti_used[r + c] = false;
    }
  }
};

}  // namespace

Result backtrack_rows(const Params& p) {
  validate(p, 1, kMaxBitN, "backtrack-rows");
  RowSearch s{};
  s.n = p.n;
  s.place(0);
  return Result{s.total, s.unique, s.nodes, 1};
}

}  // namespace sb::nqueens
