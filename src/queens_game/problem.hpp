// The queens game as a problem of the suite (src/core/problem.hpp): instances, result columns,
// verification against published values and an independent checker, and the kernel
// registrations (src/queens_game/problem.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/problem.hpp"
#include "queens_game/queens_game.hpp"

namespace sb::queens_game {

/// A queens-game instance: the empty rows x cols board under normal or misere play, the question
/// asked of it (the winner and every winning first move, or the winner only), optionally its
/// Grundy value and the Grundy value after each first move. Written "RxC" (rows x cols, e.g.
/// "8x8", "6x7"), followed by ":misere" for misere play, ":value-only" to stop at the first
/// winning move instead of classifying every first move, and ":grundy" and/or ":move-grundy"
/// (normal play only), in that order; last, ":after=d4,b1" for the position after queens on
/// those squares (in the order placed, each free when placed): its winner (the player to move
/// is "first") and, with ":grundy", its Grundy value (":after" implies ":value-only"; not with
/// ":move-grundy").
struct Instance {
  int rows = 8;
  int cols = 8;
  bool misere = false;
  bool all_moves = true;  ///< classify every first move (false: ":value-only")
  bool grundy = false;
  bool move_grundy = false;
  std::vector<int> queens = {};  ///< ":after=...": squares r * cols + c of the queens placed
};

/// The problem's typed parts (see src/core/typed_problem.hpp).
struct Traits {
  using Instance = queens_game::Instance;
  using Params = queens_game::Params;
  using Result = queens_game::Result;

  /// Parses "RxC[:misere][:value-only][:grundy][:move-grundy][:after=SQ,SQ,...]" (1 <= R, C;
  /// R * C <= kMaxSquares; no Grundy value with :misere; each queen of :after on the board and
  /// free when placed); throws std::invalid_argument with one line.
  static Instance parse(std::string_view text);
  static std::string format(const Instance& x);
  /// The side of a square board with as many free squares, sqrt(free squares): sqrt(rows * cols)
  /// for the empty board.
  static double size(const Instance& x);
  /// Params of the instance; threads, progress and max_memory from the settings.
  static Params params(const Instance& x, const RunSettings& s);
  /// Columns n (square boards), rows, cols, play, winner, winning_first_moves (without
  /// :value-only), grundy (when asked), positions, winning_squares (without :value-only: the
  /// winning first moves, "c4 d5 ..." in increasing squares), move_grundy (when asked: the Grundy
  /// value after each first move, "a1:2 b1:0 ..." for every square in increasing order).
  static std::vector<std::string> fields(const Instance& x, const RunSettings&, const Result& r);
  /// Boards of at most checker::kMaxSquares squares: winner, winning first moves and Grundy
  /// values against the independent checker (src/queens_game/checker.hpp), normal and misere
  /// play, for positions after queens too (larger boards with queens: na). Larger n x n boards
  /// under normal play: the published winner and Grundy value (src/queens_game/reference.hpp; G = 0
  /// exactly when the second player wins), and for odd n the centre among the winning first moves.
  /// Any board with the Grundy values after the first moves: 0 exactly on the winning first moves,
  /// and their mex equal to the start's Grundy value when both are computed (two different
  /// searches); a failed check is a fail. Else: na.
  static Verdict verify(const Instance& x, const RunSettings&, const Result& r);
};

/// The name of file (column) c >= 0: a..z, then aa, ab, ... (as spreadsheet columns).
std::string file_name(int c);

/// The name of square s = r * cols + c: its file name followed by the rank r + 1; e.g. 0 is "a1".
std::string square_name(int s, int cols);

/// The square r * cols + c named by text such as "c4" or "ab12" (square_name's form) on a rows x
/// cols board, or nullopt when the text is not a square of that board.
std::optional<int> parse_square_name(std::string_view text, int rows, int cols);

/// Text as a message quotes what was typed: at most 40 characters (then "..."), anything but
/// printable ASCII as '?'.
std::string shown_text(std::string_view text);

/// The queens of a list such as "d4,b1" or "d4 b1" (square names, commas, spaces or tabs between
/// them) on a rows x cols board, in the order placed; throws std::invalid_argument with one line
/// when an item is not a square of the board, the list is empty, or a queen stands on a square
/// an earlier one attacks.
std::vector<int> parse_queens(std::string_view text, int rows, int cols);

/// The queens-game problem with every kernel built into this binary.
const Problem& problem();

/// Registers `searchbench queens-game solve|play` (src/queens_game/cli.cpp).
void add_commands(CLI::App& app, Action& action);

}  // namespace sb::queens_game
