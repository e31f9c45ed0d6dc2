// Published reference values used to verify kernels.
#pragma once

#include <cstdint>
#include <optional>

namespace sb::nqueens::reference {

/// Largest n for which the tables below hold published values.
inline constexpr int kMaxN = 27;

/// Q(n), the number of ways to place n non-attacking queens on an n x n board, for 1 <= n <= 27.
/// Source: OEIS A000170 (Q(27) from the Queens@TUD project, 2016). std::nullopt outside 1..27.
std::optional<std::uint64_t> total_solutions(int n);

/// U(n), the number of N-queens solutions counted once per orbit under rotation and reflection
/// (fundamental solutions), for 1 <= n <= 27. Source: OEIS A002562. std::nullopt outside 1..27.
std::optional<std::uint64_t> unique_solutions(int n);

}  // namespace sb::nqueens::reference
