// The queens game: parameters and result shared by every kernel of problem "queens-game".
//
// Rules: two players alternately place a queen on an empty square that no queen on the board
// attacks (row, column or diagonal, whoever placed it). Under normal play the player who cannot
// move loses; under misere play the player who makes the last move loses. A position is fully
// described by its set of free squares, so the game is Node Kayles on the queen's graph.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace sb::queens_game {

/// Largest number of squares (rows * cols) a board may have.
inline constexpr int kMaxSquares = 128;

/// Input of a queens-game solver kernel.
struct Params {
  int rows = 8;                  ///< board height, >= 1
  int cols = 8;                  ///< board width, >= 1; rows * cols <= kMaxSquares
  int threads = 1;               ///< worker threads, >= 1; serial kernels report 1
  bool all_moves = false;        ///< also classify every first move (winning or not)
  bool grundy = false;           ///< also compute the Sprague-Grundy value of the start (normal play)
  bool misere = false;           ///< misere play: the player who makes the last move loses
  std::uint64_t max_memory = 0;  ///< transposition-table budget in bytes (0: the kernel's default)
};

/// Output of a queens-game solver kernel.
struct Result {
  bool first_player_wins = false;         ///< outcome of the empty board with perfect play
  std::vector<int> winning_first_moves;   ///< with all_moves: squares r * cols + c, increasing
  std::optional<int> grundy;              ///< with grundy: the start position's Grundy value
  std::uint64_t nodes = 0;                ///< positions searched (moves made in the search)
  std::uint64_t positions = 0;            ///< positions stored in the transposition table
  int threads = 1;                        ///< threads actually used
};

/// A solver kernel: a pure function, no I/O and no timing. Throws std::invalid_argument on a bad
/// board or thread count, and std::runtime_error (sb::queens_game::OutOfMemory) when the
/// transposition table would exceed its budget.
using Kernel = Result (*)(const Params& p);

}  // namespace sb::queens_game

namespace sb::queens_game {

// The solver ladder (kernels/queens_game/*.cpp).
Result plain(const Params& p);         ///< plain game-tree search, no memo (the seed's method)
Result memo(const Params& p);          ///< transposition table on the free-square set
Result memo_sym(const Params& p);      ///< table keys in canonical form under the board symmetries
Result memo_sym_tbb(const Params& p);  ///< memo_sym with parallel subtrees on oneTBB

}  // namespace sb::queens_game
