// The manager's side of the Gomocup / Piskvork brain protocol ("Gomoku AI protocol",
// P. Lastovicka and M. Petricek): an engine run as a child process for one game and refereed as
// Gomocup's judge (the Piskvork manager, GomocupJudge) referees it.
//
// One process per game, started in the engine's own directory (src/core/child_process.hpp).
// Start: START n (RECTSTART w,h on a rectangle), answered OK; then INFO timeout_turn,
// timeout_match (0: none), max_memory, game_type 1 (an AI opponent) and rule (0 freestyle,
// 1 exactly five), after which the process is stopped (SIGSTOP): an engine runs only while it is
// on move, so it cannot think on the opponent's time. A move: the process is continued, INFO
// time_left (2147483647 without a match limit), then BEGIN on an empty board, BOARD with every
// stone in move order (x,y,1 its own, x,y,2 the opponent's) and DONE for its first move on a
// board that is not empty, TURN x,y (the opponent's last move) afterwards; the reply is one line
// "x,y". Lines starting with MESSAGE, DEBUG, UNKNOWN, ERROR, SUGGEST or OK are logged and
// otherwise ignored (an engine that answers ERROR and no move runs out of time); any other line
// is its move. End: END, then the process is killed if it has not exited within a second.
//
// Forfeits (the engine loses the game): "timeout" when no move (or no OK to START) comes within
// min(timeout_turn, time_left) plus the tolerance, as Piskvork's checkTimeOut; "illegal move" for
// a line that is not x,y or a point off the board or occupied; "crash" when the engine's output
// ends (it exited or was killed); "start failed" when it cannot be started or answers START with
// ERROR or UNKNOWN.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gomoku/game.hpp"

namespace sb {
class ChildProcess;
}

namespace sb::gomoku {

/// The judge's settings.
struct RefereeLimits {
  std::int64_t turn_ms = 1000;       ///< INFO timeout_turn
  std::int64_t match_ms = 0;         ///< INFO timeout_match: a game's time per engine; 0 none
  std::int64_t tolerance_ms = 1000;  ///< added to every time limit (the process, the pipes)
  std::uint64_t max_memory = 0;      ///< INFO max_memory in bytes (0: no limit)
  std::int64_t start_ms = 5000;      ///< OK to START within max(start_ms, turn_ms) + tolerance
};

/// An engine's command line, split (split_command) and checked: the program exists and is
/// executable. Throws std::invalid_argument (one line) otherwise.
struct EngineCommand {
  std::vector<std::string> argv;  ///< argv[0] the program's absolute path
  std::string dir;                ///< the program's directory: the engine runs there
  std::string name;               ///< the program's file name and the arguments, for tables
  static EngineCommand parse(const std::string& command);
};

/// What an engine did on its turn (or at its start).
struct EngineMove {
  int cell = -1;        ///< the move; -1 with a forfeit
  std::string forfeit;  ///< "" or "timeout", "illegal move", "crash", "start failed"
  std::string detail;   ///< one line on the forfeit
  std::int64_t ms = 0;  ///< wall milliseconds from the command to the answer
};

/// One engine in one game.
class PbrainEngine {
 public:
  /// `log` (may be empty) receives every line sent ("> START 15") and received ("< OK").
  PbrainEngine(const EngineCommand& command, const RefereeLimits& limits,
               std::function<void(const std::string&)> log);
  ~PbrainEngine();
  PbrainEngine(const PbrainEngine&) = delete;
  PbrainEngine& operator=(const PbrainEngine&) = delete;

  /// Starts the process and sends START and the INFO lines; a forfeit or an empty forfeit.
  EngineMove start(const Rules& rules);
  /// The engine's move in g (it is to move there; g holds every move so far).
  EngineMove move(const Game& g);
  /// END and the process gone (killed after a second at most); also after a forfeit.
  void end();
  /// Milliseconds used in this game.
  std::int64_t used_ms() const { return used_ms_; }

 private:
  void send(const std::string& line);
  EngineMove lost(const std::string& forfeit, const std::string& detail, std::int64_t ms = 0);
  EngineCommand command_;
  RefereeLimits limits_;
  std::function<void(const std::string&)> log_;
  std::unique_ptr<ChildProcess> process_;
  int known_ = -1;  ///< moves of the game the engine has been told (-1: none yet)
  std::int64_t used_ms_ = 0;
  std::string last_complaint_;  ///< the last ERROR or UNKNOWN line
  bool broken_ = false;         ///< a write failed
};

}  // namespace sb::gomoku
