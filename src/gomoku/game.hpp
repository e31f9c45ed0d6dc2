// Gomoku: the rules of a game in progress, points in the three notations the program speaks, and
// the position type shared by the computer players.
//
// Rules (as in chapter 332 "コンピュータを少し強くする" of Y. Kumei's Win32 SDK tutorial
// (猫でもわかるプログラミング)): two players alternately place a stone on an empty point of a board
// (15 x 15 by default; 5..26 columns and rows); black moves first. Five in a row (horizontal,
// vertical or diagonal) wins: under the `freestyle` rule five or more, under the `standard` rule
// exactly five (an overline, six or more in a row, does not win; the game goes on). A full board
// without a winning row is a draw. This is the m,n,k-game with k = 5 (src/mnk/mnk.hpp), and the
// rules are decided by the m,n,k board (src/mnk/board.hpp).
//
// Points:
//   - the terminal notation of src/mnk: file letter a.. (columns, left to right) and rank 1..
//     (rows, bottom to top): "h8" is the centre of 15 x 15;
//   - the Gomocup / Piskvork protocol: zero-based "x,y" with x the column from the left and y the
//     row from the top (0,0 is the top-left corner, a15 on 15 x 15);
//   - Piskvork's .psq records: the same as the protocol, one-based.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mnk/board.hpp"
#include "mnk/mnk.hpp"

namespace sb::gomoku {

/// Stones in a row that win.
inline constexpr int kFive = 5;
/// Smallest and largest number of columns or rows.
inline constexpr int kMinSide = 5;
inline constexpr int kMaxSide = mnk::kMaxSide;

/// Board size and rule of a game.
struct Rules {
  int cols = 15;                           ///< m: columns (files a..), kMinSide..kMaxSide
  int rows = 15;                           ///< n: rows (ranks 1..), kMinSide..kMaxSide
  mnk::Rule rule = mnk::Rule::kFreestyle;  ///< freestyle (five or more) or standard (exactly five)
  int cells() const { return cols * rows; }
  bool operator==(const Rules&) const = default;
};

/// Throws std::invalid_argument (one line) when a side is outside kMinSide..kMaxSide.
void validate(const Rules& r);

/// "15x15 freestyle" style text of the rules.
std::string describe(const Rules& r);

/// Player colours: black (0) moves first, white (1).
inline constexpr int kBlack = 0, kWhite = 1;
/// "black" or "white".
const char* colour_name(int player);

/// How a game stands.
enum class Outcome : std::uint8_t { kOngoing, kBlackWins, kWhiteWins, kDraw };
/// "ongoing", "black wins", "white wins", "draw".
const char* outcome_name(Outcome o);

/// A game in progress: the rules, the moves played and the outcome. Cells are numbered as in
/// src/mnk: c = rank * cols + file.
class Game {
 public:
  /// An empty board; throws std::invalid_argument on bad rules (validate).
  explicit Game(const Rules& rules);
  Game(const Game& o);
  Game& operator=(const Game& o);
  ~Game();

  const Rules& rules() const { return rules_; }
  const mnk::Geometry& geometry() const { return *geometry_; }
  const std::vector<int>& moves() const { return moves_; }
  int moves_played() const { return static_cast<int>(moves_.size()); }
  /// The player to move: black after an even number of moves.
  int to_move() const { return moves_.size() % 2 == 0 ? kBlack : kWhite; }
  /// -1 empty, else the colour of the stone on cell c.
  int at(int c) const { return stones_[c]; }
  int last_move() const { return moves_.empty() ? -1 : moves_.back(); }
  Outcome outcome() const { return outcome_; }
  bool over() const { return outcome_ != Outcome::kOngoing; }
  /// The five (or, freestyle, longer) row that won, cells in line order; empty when none.
  const std::vector<int>& winning_row() const { return row_; }

  /// Empty string when the player to move may play cell c, else why not (one line naming the
  /// point: off the board, occupied by which colour, or the game is over).
  std::string why_illegal(int c) const;
  /// Plays cell c for the player to move; throws std::invalid_argument when illegal.
  void play(int c);
  /// Takes back the last move (no-op on an empty board).
  void undo();

  /// Text of cell c in the terminal notation ("h8").
  std::string point(int c) const { return mnk::format_point(c, rules_.cols); }
  /// Cell of a terminal point such as "h8"; throws std::invalid_argument (one line).
  int parse(std::string_view text) const {
    return mnk::parse_point(text, rules_.cols, rules_.rows);
  }
  /// Protocol coordinates (zero-based x from the left, y from the top) of cell c.
  int x_of(int c) const { return c % rules_.cols; }
  int y_of(int c) const { return rules_.rows - 1 - c / rules_.cols; }
  /// The cell at protocol coordinates, or -1 off the board.
  int cell_at_xy(int x, int y) const {
    return x < 0 || y < 0 || x >= rules_.cols || y >= rules_.rows
               ? -1
               : (rules_.rows - 1 - y) * rules_.cols + x;
  }

 private:
  void rebuild();
  Rules rules_;
  std::shared_ptr<const mnk::Geometry> geometry_;
  std::unique_ptr<mnk::Board<11>> board_;  // decides fives (freestyle / standard)
  std::vector<int> moves_;
  std::vector<std::int8_t> stones_;
  Outcome outcome_ = Outcome::kOngoing;
  std::vector<int> row_;
};

/// The geometry of a gomoku board (k = 5), shared and cached per (cols, rows, rule).
std::shared_ptr<const mnk::Geometry> geometry_for(const Rules& r);

/// The board drawn for the terminal: rank numbers on both sides (top rank first), files a..
/// above and below, X black, O white, '.' empty, the last move in parentheses: ". .(X). .".
std::string draw_board(const Game& g);

}  // namespace sb::gomoku
