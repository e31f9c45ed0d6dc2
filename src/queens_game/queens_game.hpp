// The queens game: parameters and result shared by every kernel of problem "queens-game".
//
// Rules (the article "８クィーンゲーム" on Gushwell's C# Programming Page, on any rows x cols
// board; H. Noon and G. Van Brummelen, "The Non-Attacking Queens Game", College Math. J. 37
// (2006)): two players alternately place a queen on an empty square that no queen on the board
// attacks (row, column or diagonal, whoever placed it). Under normal play the player who cannot
// move loses; under misere play the player who makes the last move loses. A position is fully
// described by its set of free (empty and unattacked) squares, so the game is Node Kayles on the
// queen's graph, and under normal play the Sprague-Grundy theory applies (a position's value is the
// XOR of the values of the connected components of its free squares in the attack graph).
//
// Squares are numbered r * cols + c with row r = 0 at the bottom (rank 1) and column c = 0 on
// the left (file a).
#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/pieces.hpp"
#include "core/progress.hpp"

namespace sb::queens_game {

/// Largest number of squares (rows * cols) a board may have (e.g. 19 x 19, 18 x 20, 8 x 46): six
/// 64-bit words less the table's 16 tag bits (kernels/queens_game/square_set.hpp).
inline constexpr int kMaxSquares = 368;

/// Input of a queens-game solver kernel.
struct Params {
  int rows = 8;            ///< board height, >= 1
  int cols = 8;            ///< board width, >= 1; rows * cols <= kMaxSquares
  int threads = 1;         ///< worker threads, >= 1; serial kernels report 1
  bool all_moves = false;  ///< also classify every first move (winning or not)
  bool grundy = false;     ///< also compute the Sprague-Grundy value of the start (normal play)
  bool misere = false;     ///< misere play: the player who makes the last move loses
  /// Also the Grundy value of the position after each first move (normal play): 0 for a
  /// winning move, and for the others the least h >= 1 with that position + *h lost.
  bool move_grundy = false;
  /// Queens already on the board (squares r * cols + c), in the order they were placed: the
  /// position solved is then the board less every square they attack, the player to move
  /// called "first". Each queen must stand on a square the queens before it leave free. Not with
  /// all_moves or move_grundy (those classify the empty board's first moves), nor in the kernels
  /// that cut the empty board into pieces.
  std::vector<int> queens;
  std::uint64_t max_memory = 0;  ///< transposition-table budget in bytes (0: default_max_memory())
  Progress* progress = nullptr;  ///< optional: root subproblems done / planned (may stay untouched)
  /// Optional, for memo-sym-pieces (journal and resume, src/core/pieces.hpp): pieces already
  /// finished (not solved again) and a callback per piece solved. Other kernels ignore it.
  const PieceHooks* pieces = nullptr;
};

/// Output of a queens-game solver kernel. All counters are 64-bit.
struct Result {
  bool first_player_wins = false;        ///< outcome of the start with perfect play (the
                                         ///< empty board, or the position after queens)
  std::vector<int> winning_first_moves;  ///< with all_moves: squares r * cols + c, increasing
  std::optional<int> grundy;             ///< with grundy: the start position's Grundy value
  std::vector<int> move_grundy;  ///< with move_grundy: per square r * cols + c, the Grundy value
                                 ///< of the position after that first move
  std::uint64_t nodes = 0;       ///< positions searched (calls of the search function)
  std::uint64_t positions = 0;   ///< entries written to empty slots of the table
  int threads = 1;               ///< threads actually used (per rank)
  int ranks = 1;                 ///< MPI ranks (1 unless an MPI kernel)
};

/// Thrown when the transposition table cannot be allocated within --max-memory (budget too small
/// or the allocation failed). The table never grows past its budget: once full, old entries
/// for small positions are replaced, so a running search never runs out of memory.
struct OutOfMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A solver kernel: a pure function, no I/O and no timing. Throws std::invalid_argument on a bad
/// board, thread count or option combination (--grundy with --misere), and OutOfMemory when the
/// transposition table cannot be allocated within its budget.
using Kernel = Result (*)(const Params& p);

/// Default table budget in bytes: a quarter of physical memory, at most 4 GiB, at least 64 MiB.
std::uint64_t default_max_memory();

/// Throws std::invalid_argument (one line, naming `kernel`) when rows or cols < 1,
/// rows * cols > kMaxSquares, threads outside 1..kMaxThreads (src/limits.hpp), max_memory >
/// physical_memory(), grundy or move_grundy is set with misere (the misere Grundy value is not
/// defined by the Sprague-Grundy theory, so it is refused), a queen is off the board or on a
/// square an earlier queen attacks, or queens are given with all_moves or move_grundy.
void validate(const Params& p, const char* kernel);

/// Whether squares a and b (r * cols + c) share a row, a column or a diagonal: a queen on one
/// attacks the other (true when a == b).
inline bool attack(int a, int b, int cols) {
  const int ra = a / cols, ca = a % cols, rb = b / cols, cb = b % cols;
  return ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb;
}

/// Why queens on `queens` (squares r * cols + c, in the order placed) are not a legal sequence of
/// moves on a rows x cols board (off the board, or on a square an earlier queen attacks), or "".
std::string illegal_queens(int rows, int cols, const std::vector<int>& queens);

/// Throws std::invalid_argument (one line, naming `kernel`) when p.queens is not empty: for the
/// kernels that cut the empty board into pieces by its first moves.
void refuse_queens(const Params& p, const char* kernel);

}  // namespace sb::queens_game

namespace sb::queens_game {

// The solver ladder (kernels/queens_game/*.cpp). All accept 1 <= rows * cols <= kMaxSquares;
// the exponential `plain` is practical only up to about 8 x 8.
Result plain(const Params& p);         ///< plain game-tree search, no memo (the page's method)
Result memo(const Params& p);          ///< transposition table on the free-square set
Result memo_sym(const Params& p);      ///< table keys in canonical form under the board symmetries
Result memo_sym_tbb(const Params& p);  ///< memo_sym with parallel subtrees on oneTBB
/// memo_sym cut into pieces, one per first-move class, on one shared table (journal, resume)
Result memo_sym_pieces(const Params& p);
/// memo_sym_pieces with the pieces handed out to MPI ranks (built with MPI only)
Result memo_sym_pieces_mpi(const Params& p);
/// memo_sym_pieces' body: `kernel` names it in messages; on_ranks: MPI ranks take the pieces;
/// plies: 1 (first-move classes) or 2 (classes of positions after a first move and a reply).
Result memo_sym_pieces_on(const Params& p, const char* kernel, bool on_ranks, int plies);
/// memo_sym cut one ply deeper: a piece per class of positions after a first move and a reply
Result memo_sym_reply_pieces(const Params& p);
/// memo_sym_reply_pieces with the pieces handed out to MPI ranks (built with MPI only)
Result memo_sym_reply_pieces_mpi(const Params& p);
/// memo_sym_reply_pieces asking each position after a first move and a reply only what its first
/// moves' values need: "is it + *h lost?", heap by heap (threads; no MPI)
Result memo_sym_query_pieces(const Params& p);

/// The piece list of memo-sym-pieces on a rows x cols board: one piece per class of first moves
/// under the board's symmetries (plies 1; with plies 2, memo-sym-reply-pieces': one per class of
/// positions after a first move and a reply), heaviest first; subtotals value (the Grundy value
/// of the piece's position when grundy_values, else 0 when the move that made it wins and 1 when
/// it loses, under misere play too), square (the class's lowest square; with plies 2, first
/// move x squares + reply of one way to the position), nodes, positions. The pieces one thread
/// solves share a table of piece_budget bytes. A function of (rows, cols, misere, grundy_values,
/// plies) alone, but for the budget. Throws std::invalid_argument on a bad board, grundy_values
/// with misere, or plies other than 1 and 2.
PieceList first_move_pieces(int rows, int cols, bool misere, bool grundy_values,
                            std::uint64_t piece_budget, int plies = 1);

/// The piece list of memo-sym-query-pieces on a rows x cols board, every piece answered (a run
/// skips those not needed): with grundy_values, id h * R + r (h < 4, R = the reply pieces of
/// first_move_pieces(..., 2), in their order) asks whether reply position r + *h is lost (value
/// 0) or won (1), and id 4 * R + i is first-move class i's fallback (the Grundy value of the
/// position after its move); else ids 0 .. R-1 alone, the outcome of each reply position (under
/// misere play, its misere outcome). A piece a run did not need has value 1000. Subtotals value,
/// square (first move x squares + reply; a fallback's: the class's lowest square), nodes,
/// positions. Throws std::invalid_argument on a bad board or grundy_values with misere.
PieceList reply_question_pieces(int rows, int cols, bool misere, bool grundy_values,
                                std::uint64_t piece_budget);

/// The squares of each piece of first_move_pieces (index = piece id), each list increasing.
std::vector<std::vector<int>> first_move_classes(int rows, int cols);

/// A set of squares (bit r * cols + c).
using Squares = std::bitset<kMaxSquares>;

/// Perfect-play helper behind `searchbench queens-game play` (normal play only). It keeps one
/// transposition table (memo-sym search) across calls, so a whole game is solved incrementally.
class Player {
 public:
  /// A rows x cols board (1 <= rows, cols; rows * cols <= kMaxSquares; else
  /// std::invalid_argument). max_memory: table budget in bytes, 0 for default_max_memory().
  Player(int rows, int cols, std::uint64_t max_memory = 0);
  ~Player();
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  int rows() const;
  int cols() const;
  /// Squares attacked by a queen on `square` (0 <= square < rows * cols), the square included.
  Squares attack(int square) const;
  /// True when the player to move on the position with free squares `free` wins (normal play).
  bool mover_wins(const Squares& free);
  /// The computer's move on a non-empty `free`: a winning move whenever one exists (the one that
  /// wins fastest when the position is small enough, at most kExactLength free squares, to
  /// compute game lengths exactly); when every move loses, the move that makes the game last
  /// longest against an opponent who wins as fast as possible (exact for small positions; for
  /// larger ones the move that leaves the most free squares). Sets *winning to whether the
  /// chosen move wins. Throws std::invalid_argument when free is empty.
  int choose(const Squares& free, bool* winning = nullptr);

  /// Largest number of free squares for which game lengths are computed exactly.
  static constexpr int kExactLength = 30;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sb::queens_game
