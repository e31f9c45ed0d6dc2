// Enumeration of individual N-queens solutions, for printing boards (not a timed kernel).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace sb::nqueens {

/// Calls visit(cols) for every solution of the n x n board in the order row-by-row backtracking
/// finds them (row 0 first, columns tried in increasing order), so the first call is the first
/// solution the textbook method finds. cols[r] is the column of row r's queen. Enumeration stops
/// early when visit returns false. Valid for 1 <= n <= 64; throws std::invalid_argument otherwise.
void for_each_solution(int n, const std::function<bool(const std::uint8_t* cols)>& visit);

/// The board as text: one rank per line (row 0 first), 'Q' for a queen and '.' for an empty square.
std::string board_text(const std::uint8_t* cols, int n);

}  // namespace sb::nqueens
