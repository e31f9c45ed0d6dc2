// An independent solver of the queens game for small boards, used only to verify the kernels.
// It shares no code with kernels/queens_game: a plain recursion over the set of free squares
// (one bit per square in a 64-bit word) with a hash map as memo, Grundy values by the mex rule
// for normal play, and win/loss for misere play.
#pragma once

#include <optional>
#include <vector>

namespace sb::queens_game::checker {

/// Largest board (rows * cols) the checker accepts: the free squares fit in one 64-bit word,
/// and every such board solves in well under a second.
inline constexpr int kMaxSquares = 36;

/// The exact answers for the empty rows x cols board.
struct Answer {
  bool first_player_wins = false;        ///< under the play asked for
  std::vector<int> winning_first_moves;  ///< squares r * cols + c, increasing
  std::optional<int> grundy;             ///< the start's Grundy value (normal play only)
  std::vector<int> move_grundy;  ///< normal play: per square, the Grundy value after that move
};

/// Solves the empty rows x cols board (1 <= rows, cols; rows * cols <= kMaxSquares; otherwise
/// std::invalid_argument), normal play or misere play (the last player to move loses).
/// Results are cached per board, so repeated checks are free; thread-safe.
Answer solve(int rows, int cols, bool misere);

/// The position after queens on `queens` (squares r * cols + c, each on a square the ones before
/// it leave free; otherwise std::invalid_argument), the player to move called "first":
/// first_player_wins and, under normal play, grundy (winning_first_moves and move_grundy empty).
Answer solve_position(int rows, int cols, bool misere, const std::vector<int>& queens);

}  // namespace sb::queens_game::checker
