// Game records in Piskvork's .psq format (the format of the Piskvork manager and of Gomocup's
// published games; P. Lastovicka, Piskvork source game.cpp, savePsq/openPsq), written while the
// game is played.
//
// A .psq file, as Piskvork writes and reads it:
//     Piskvorky 15x15, 0:3, 0        header: width x height, the two players' levels (0 a
//                                    human), which player (0 or 1) moved first
//     8,8,1520                       one line per move: x,y (one-based, x from the left, y from
//     9,9,803                        the top), milliseconds the player took
//     homo-Alice                     player 0's name (Piskvork: "homo-1" for a human, else the
//     searchbench-level-3            brain's file), then player 1's
//     0                              end code (0 the game ended normally, -1 not ended)
// Piskvork reads the header, the moves up to the first line that is not x,y[,time], then the two
// names, and ignores the rest. Gomocup's published records add, after the end code, a line
// "number,tournament" such as "0,Freestyle15_1": the reader takes the rule from it (Freestyle and
// Fastgame: freestyle, Standard: standard; Renju and Caro are refused, having no rule here).
// searchbench writes player 0 as black (header "..., 0"), human names with Piskvork's "homo-"
// prefix, and after the end code its own lines "key: value":
//     searchbench-record: 1
//     rule: freestyle | standard
//     black: Alice                   the names as given
//     white: searchbench-level-3
//     start: 2026-11-30T10:00:00Z    UTC, ISO 8601
//     end: 2026-11-30T10:05:10Z      (while the game goes on: the time of the last move)
//     result: black wins | white wins | draw | unfinished
//     reason: five | full board | quit | end of input | ...
// RecordWriter keeps the file valid at every moment: the header is written at the start, and
// each move is added by cutting the trailer (names, end code, searchbench lines), writing the move
// line and a fresh trailer with one write, and flushing to disk (fsync). A crash therefore loses
// no move: the file holds every move played, at worst with a torn last line, which the reader
// drops with a warning.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gomoku/game.hpp"

namespace sb::gomoku {

/// One move of a record: the cell and the milliseconds its player took.
struct RecordMove {
  int cell = 0;
  std::int64_t ms = 0;
  bool operator==(const RecordMove&) const = default;
};

/// A game record.
struct Record {
  Rules rules;
  std::string black = "black", white = "white";  ///< player names
  int black_level = 0, white_level = 0;          ///< 0 a human, else the computer's level
  std::string start, end;                        ///< UTC times, ISO 8601 ("" unknown)
  std::vector<RecordMove> moves;
  std::string result = "unfinished";  ///< "black wins", "white wins", "draw", "unfinished"
  std::string reason;                 ///< how it ended ("five", "full board", "quit", ...)
  int end_code = -1;                  ///< Piskvork's: 0 ended normally, -1 not ended
  std::vector<std::string> warnings;  ///< from reading: e.g. a torn last line dropped
  bool operator==(const Record& o) const {
    return rules == o.rules && black == o.black && white == o.white &&
           black_level == o.black_level && white_level == o.white_level && start == o.start &&
           end == o.end && moves == o.moves && result == o.result && reason == o.reason &&
           end_code == o.end_code;
  }
};

/// A malformed record: the message names the file and line ("game.psq:7: ...").
struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The .psq text of a record (every line ends with '\n').
std::string format_psq(const Record& r);

/// Reads .psq text; `name` prefixes error messages. Checks the header, every move (on the board,
/// on an empty point, not after the game ended) and the trailer; a last line without its newline
/// is dropped with a warning (a torn write). Foreign files without the searchbench lines are read
/// too (the rule from Gomocup's tournament line, else freestyle; names from Piskvork's lines).
/// Throws RecordError.
Record parse_psq(std::string_view text, const std::string& name);

/// Reads a .psq file; throws RecordError when it cannot be read or is malformed.
Record read_psq(const std::string& path);

/// The game of a record, with its moves played (the record must be valid).
Game replay_game(const Record& r);

/// The current UTC time in ISO 8601, e.g. "2026-11-30T10:00:00Z".
std::string utc_now();

/// Writes a record while the game is played (see the file comment). Not copyable.
class RecordWriter {
 public:
  /// Creates `path` (which must not exist: a finished record is never overwritten) and writes
  /// the header and trailer of `r` (its moves too). Throws std::invalid_argument (one line) when
  /// the file exists or cannot be created.
  RecordWriter(const std::string& path, const Record& r);
  ~RecordWriter();
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;

  /// Adds a move (and updates the end time). Throws std::runtime_error on a write error.
  void add(int cell, std::int64_t ms);
  /// Removes the last n moves (an undo).
  void remove(int n);
  /// Sets the result and reason and rewrites the trailer.
  void finish(const std::string& result, const std::string& reason);
  const Record& record() const { return r_; }
  const std::string& path() const { return path_; }

 private:
  void write_tail(const std::string& move_line);
  std::string path_;
  Record r_;
  int fd_ = -1;
  std::vector<std::int64_t> offsets_;  // file offset after the header and after each move
};

}  // namespace sb::gomoku
