// m,n,k-games: the instance (board, k, rule, opening moves), the kernels' parameters and result,
// point notation, and the reference table of published values for problem "mnk".
//
// Rules: two players alternately place a stone of their colour on an empty cell of an m x n
// board (m columns, n rows); the first player (black) moves first. The first to get k stones of
// their colour in a row (horizontally, vertically or diagonally) wins; a full board without one is
// a draw. Under the `freestyle` rule any row of k or more wins; under the `standard` rule only a
// row of exactly k wins (an overline, k + 1 or more in a row, does not). Tic-tac-toe is (3,3,3);
// freestyle gomoku is (15,15,5) (as in chapter 332 "コンピュータを少し強くする" of Y. Kumei's Win32
// SDK tutorial (猫でもわかるプログラミング)).
//
// Cells are numbered c = r * m + f with rank r = 0 at the bottom (rank 1) and file f = 0 on the
// left (file a). A point is written as its file letter and rank number: "a1" is the bottom-left
// corner, "h8" the centre of the 15 x 15 board.
//
// Instance text (parse_instance / format_instance):
//     MxNkK[-standard|-freestyle][:P1,P2,...]
// M columns, N rows, K in a row (1 <= K <= max(M, N), 1 <= M, N <= kMaxSide), the rule (freestyle
// when omitted), and opening moves played alternately from black, e.g. "7x7k5",
// "15x15k5-standard:h8,i9,j10". format_instance writes the canonical form: lower case, the rule
// only when it is standard, moves separated by commas. parse_instance(format_instance(i)) == i.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/pieces.hpp"
#include "core/problem.hpp"
#include "core/progress.hpp"

namespace sb::mnk {

/// Largest number of columns or rows (files a..z, ranks 1..26).
inline constexpr int kMaxSide = 26;

/// Which rows of stones win: freestyle (k or more in a row) or standard (exactly k).
enum class Rule : std::uint8_t { kFreestyle, kStandard };

/// "freestyle" or "standard".
std::string_view rule_name(Rule r);

/// Parses "freestyle" or "standard" (case-insensitive); throws std::invalid_argument otherwise.
Rule parse_rule(std::string_view text);

/// The game-theoretic value of a position with perfect play, seen from the players' seats:
/// the first player (black) wins, a draw, or the second player (white) wins.
enum class Value : std::int8_t { kSecond = -1, kDraw = 0, kFirst = 1 };

/// "first", "draw" or "second".
std::string_view value_name(Value v);

/// One m,n,k-game position to solve: the board, k, the rule and the moves played so far.
struct Instance {
  int m = 3;                     ///< columns (files a..), 1..kMaxSide
  int n = 3;                     ///< rows (ranks 1..), 1..kMaxSide
  int k = 3;                     ///< stones in a row that win, 1..max(m, n)
  Rule rule = Rule::kFreestyle;  ///< freestyle (k or more) or standard (exactly k)
  std::vector<int> moves;        ///< cells r * m + f, black first, then alternately

  int cells() const { return m * n; }
  int empty_cells() const { return m * n - static_cast<int>(moves.size()); }
  bool operator==(const Instance&) const = default;
};

/// Text of a point on a board with m columns: file letter and rank, e.g. 0 -> "a1".
std::string format_point(int cell, int m);

/// The cell of a point such as "h8" or "H8" on an m x n board. Throws std::invalid_argument with
/// one line naming the point when it is unreadable or off the board.
int parse_point(std::string_view text, int m, int n);

/// Parses a move list: points separated by spaces and/or commas ("h8 i9", "h8,i9"), in order.
/// Throws std::invalid_argument (one line) on an unreadable or off-board point.
std::vector<int> parse_moves(std::string_view text, int m, int n);

/// Moves as text: points joined by `sep`.
std::string format_moves(const std::vector<int>& moves, int m, const std::string& sep = ",");

/// Parses instance text (grammar above) and checks it with validate_instance. Throws
/// std::invalid_argument with one clear line on any error.
Instance parse_instance(std::string_view text);

/// Canonical instance text; parse_instance(format_instance(i)) == i for every valid instance.
std::string format_instance(const Instance& i);

/// Throws std::invalid_argument (one line) when the instance is not a position to solve: k < 1,
/// k larger than both sides, a side outside 1..kMaxSide (the message names the limit), a move
/// off the board or on an occupied cell, or a move played after the game was already won, or
/// moves that leave the position already won (there is nothing to solve). A full board without a
/// winner is accepted (its value is a draw).
void validate_instance(const Instance& i);

/// Which player has just won after the moves of i (0 black, 1 white), or -1 when nobody has; the
/// index of the winning move goes to *at. Assumes the points are on the board and distinct.
int winner_after(const Instance& i, int* at = nullptr);

/// The value of one legal move: its cell and the value of the position after it.
struct MoveValue {
  int cell = 0;
  Value value = Value::kDraw;
  bool operator==(const MoveValue&) const = default;
};

/// Input of an m,n,k solver kernel.
struct Params {
  Instance instance;             ///< the position to solve
  int threads = 1;               ///< worker threads, >= 1; serial kernels report 1
  bool all_moves = false;        ///< also the value of every legal move
  std::uint64_t max_memory = 0;  ///< transposition-table budget in bytes (0: default_max_memory())
  Progress* progress = nullptr;  ///< optional: root subproblems done / planned
  /// Optional, for the -pieces kernels (journal and resume, src/core/pieces.hpp): pieces already
  /// finished (not solved again) and a callback per piece solved. Other kernels ignore it.
  const PieceHooks* pieces = nullptr;
};

/// Output of an m,n,k solver kernel. All counters are 64-bit.
struct Result {
  Value value = Value::kDraw;          ///< the position's value with perfect play
  std::vector<MoveValue> move_values;  ///< with all_moves: every empty cell, increasing
  std::vector<int> pv;                 ///< a principal variation from the position (cells)
  std::uint64_t nodes = 0;             ///< positions searched (calls of the search function)
  std::uint64_t positions = 0;         ///< table entries written to empty slots (0: no table)
  int threads = 1;                     ///< threads actually used (per rank)
  int ranks = 1;                       ///< MPI ranks (1 unless an MPI kernel)
};

/// Thrown when the transposition table cannot be allocated within max_memory.
struct OutOfMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A solver kernel: a pure function, no I/O and no timing. Throws std::invalid_argument on an
/// invalid instance (validate_instance), a thread count outside 1..kMaxThreads, a max_memory above
/// physical memory, or an instance outside the kernel's range (minimax: at most
/// kMinimaxMaxEmpty empty cells); OutOfMemory when its table cannot be allocated.
using Kernel = Result (*)(const Params& p);

/// Largest number of empty cells `minimax` accepts (4 x 3 with k = 3: 2.8 x 10^8 nodes).
inline constexpr int kMinimaxMaxEmpty = 12;

// The solver ladder (kernels/mnk/*.cpp).
Result minimax(const Params& p);       ///< plain exhaustive game-tree search
Result alphabeta(const Params& p);     ///< negamax with alpha-beta and move ordering
Result alphabeta_tt(const Params& p);  ///< plus a bounded transposition table, symmetric keys
Result pns(const Params& p);           ///< df-pn with threat-space pruning and pairing strategies
Result pns_tbb(const Params& p);       ///< pns run by oneTBB threads on one shared table
/// The value of every first-move class by pns, each on its own table (journal, resume)
Result pns_pieces(const Params& p);
/// The value of every first-move class by alphabeta-tt, each on its own table (journal, resume)
Result alphabeta_tt_pieces(const Params& p);
/// The value of every first-move class by pns on pieces one ply deeper: for each first-move class
/// "does the move win?" and, for each class of replies to it, "does the reply win?", each
/// question on its own table (journal, resume)
Result pns_reply_pieces(const Params& p);
/// pns_reply_pieces with each first move's "does the move win?" cut by a chosen reply: per class
/// of third moves after the move and that reply "does the mover still win?"; the whole question
/// only when one of them says yes (journal, resume; refutation_pieces)
Result pns_refutation_pieces(const Params& p);
/// pns_pieces, pns_reply_pieces and alphabeta_tt_pieces with the pieces handed out to MPI ranks
/// (built with MPI)
Result pns_pieces_mpi(const Params& p);
Result pns_reply_pieces_mpi(const Params& p);
Result alphabeta_tt_pieces_mpi(const Params& p);
/// The body of the -pieces kernels: every first-move class solved by `inner`; `kernel` names it
/// in messages; on_ranks: MPI ranks take the pieces.
Result solve_first_move_pieces(const Params& p, Kernel inner, const char* kernel, bool on_ranks);
/// The body of the -reply-pieces kernels (reply_pieces, solved by pns_wins).
Result solve_reply_pieces(const Params& p, const char* kernel, bool on_ranks);

/// Whether `player` (0 first, 1 second) wins p's position with perfect play: pns's question on
/// its own table of p.max_memory bytes (one df-pn proof or disproof); nodes and positions are
/// written to stats. Throws as the kernels do.
bool pns_wins(const Params& p, int player, Result& stats);

/// The piece list of the -pieces kernels on `inst`: one piece per class of legal moves under the
/// board symmetries that fix the position, from the centre outwards; subtotals value (of the
/// position after the move for the player who makes it: 0 loss, 1 draw, 2 win), cell (the move
/// searched), nodes, positions. Each piece is solved by `inner` (a serial kernel) on its own
/// table of piece_budget bytes. The list (scheme, count, hash) is a function of the instance
/// alone. Throws std::invalid_argument on an invalid instance.
PieceList first_move_pieces(const Instance& inst, Kernel inner, std::uint64_t piece_budget);

/// The piece list of the -reply-pieces kernels on `inst` (scheme "mnk-replies"): for each class
/// of first_move_pieces, a piece "does the move win?" and, unless the move completes a row or
/// fills the board, one piece "does the reply win?" per class of replies under the symmetries
/// that fix the position after the move. Subtotals: value (2: the player who made the piece's
/// last move wins; 1: it does not), cell (the first move; for a reply piece cells * (first + 1)
/// + reply), nodes, positions. A first move wins when its piece says so, else loses when one of
/// its replies wins, else draws. Each question is pns_wins on its own table of piece_budget
/// bytes. The list is a function of the instance alone.
PieceList reply_pieces(const Instance& inst, std::uint64_t piece_budget);

/// The piece list of pns-refutation-pieces on `inst` (scheme "mnk-refutations"): reply_pieces'
/// questions, except that a first move's "does the move win?" is asked through one chosen reply
/// r (the reply class nearest the move, a diagonal neighbour first): one piece per class of
/// third moves t under the symmetries that fix the position after the move and r, "does the
/// mover win after the move, r and t?", and at the end of the list a deferred piece, the whole
/// question, needed only when some t wins. In a run, a piece that cannot change the answer any
/// more (another t already won; another reply already wins) is not solved: its value is 0.
/// Subtotals as reply_pieces' (value 0 not needed, 1 no, 2 yes); cell: a third-move piece's is
/// cells * (cells + 1) + (first * cells + reply) * cells + third. A first move wins when its
/// deferred piece (or, when the move completes a row or fills the board, its own piece) says so;
/// else loses when one of its replies wins, else draws. The list is a function of the instance
/// alone; which pieces a run solves depends on the order they finish in, never the answer.
PieceList refutation_pieces(const Instance& inst, std::uint64_t piece_budget);

/// The cells of each piece of first_move_pieces (index = piece id; the first one is searched).
std::vector<std::vector<int>> first_move_classes(const Instance& inst);

/// Default table budget in bytes: a quarter of physical memory, at most 4 GiB, at least 64 MiB.
std::uint64_t default_max_memory();

/// Throws std::invalid_argument (one line, naming `kernel`) on an invalid instance, threads
/// outside 1..kMaxThreads (src/core/limits.hpp) or max_memory above the physical memory
/// (src/core/memory.hpp).
void validate(const Params& p, const char* kernel);

/// A published game-theoretic value and where it was published.
struct Reference {
  Value value;
  std::string_view source;  ///< author(s), year, venue
};

/// The published value of the empty m x n board with k in a row under `rule`, or std::nullopt
/// when none is recorded (src/mnk/reference.cpp lists each entry with its source).
std::optional<Reference> reference_value(int m, int n, int k, Rule rule);

/// Checks a result against the reference table: pass when the instance is an empty board with a
/// published value and the result agrees (with all_moves, the best move's value must also be the
/// board's value), fail when it disagrees, na when no value applies (an opening was given, or the
/// board is not in the table).
Verdict verify(const Instance& i, const Result& r, bool all_moves);

}  // namespace sb::mnk
