// bitboard: bit-parallel backtracking with an explicit stack.
//
// Algorithm: one queen per row, top to bottom. Three bit masks (bit i = column i) hold the columns
// taken and the squares of the current row attacked along each diagonal direction; the diagonal
// masks shift by one column per row. The free squares of a row are ~(cols | diag | anti) & full;
// the lowest free square is x & -x. Rows are kept on an explicit stack instead of recursion.
// U(n) comes from putting each solution into canonical form under the 8 symmetries of the square.
// Work split: none (serial). Limits: 1 <= n <= 32 with 64-bit counters; nodes = queens placed.
#include <bit>
#include <cstdint>

#include "nqueens/nqueens.hpp"
#include "nqueens/symmetry.hpp"

namespace sb::nqueens {

Result bitboard(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard");
  const int n = p.n;
  const std::uint64_t full = (std::uint64_t{1} << n) - 1;
  std::uint64_t free_sq[kMaxBitN + 1], cols[kMaxBitN + 1], diag[kMaxBitN + 1], anti[kMaxBitN + 1];
  std::uint8_t queen_col[kMaxBitN];
  std::uint64_t total = 0, unique = 0, nodes = 0;

  int r = 0;
  cols[0] = diag[0] = anti[0] = 0;
  free_sq[0] = full;
  while (r >= 0) {
    if (free_sq[r] == 0) {
      --r;
      continue;
    }
    const std::uint64_t bit = free_sq[r] & (0 - free_sq[r]);
    free_sq[r] ^= bit;
    ++nodes;
    queen_col[r] = static_cast<std::uint8_t>(std::countr_zero(bit));
    if (r == n - 1) {
      ++total;
      if (canonical_orbit_size(queen_col, n) != 0) ++unique;
      continue;
    }
    cols[r + 1] = cols[r] | bit;
    diag[r + 1] = (diag[r] | bit) << 1;
    anti[r + 1] = (anti[r] | bit) >> 1;
    free_sq[r + 1] = full & ~(cols[r + 1] | diag[r + 1] | anti[r + 1]);
    ++r;
  }
  return Result{total, unique, nodes, 1};
}

}  // namespace sb::nqueens
