// D4 symmetry of N-queens solutions: canonical form and orbit size.
#pragma once

#include <cstdint>

namespace sb::nqueens {

/// Orbit of one complete solution under the 8 symmetries of the square (dihedral group D4).
///
/// cols[r] is the column of the queen in row r (0 <= cols[r] < n), for 1 <= n <= 64.
/// Returns 0 when some symmetric image of the solution is lexicographically smaller than cols
/// (compared row by row), so that exactly one member of each orbit -- its canonical form --
/// returns non-zero. For the canonical member it returns the orbit size 8 / |stabilizer|, which is
/// 1, 2, 4 or 8 (for n >= 2 only 2, 4 and 8 occur: an N-queens solution can only be symmetric
/// under rotations). Summing 1 over canonical members gives U(n) (OEIS A002562).
int canonical_orbit_size(const std::uint8_t* cols, int n);

}  // namespace sb::nqueens
