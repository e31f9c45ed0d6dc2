// The Gomocup / Piskvork brain protocol ("Gomoku AI protocol", P. Lastovicka and M. Petricek,
// https://plastovicka.github.io/protocl2en.htm): a manager sends one command per line on stdin,
// the brain answers on stdout.
//
// Commands understood: START n, RECTSTART w,h, RESTART, BEGIN, TURN x,y, BOARD (lines x,y,f with
// f = 1 own stone, 2 opponent's, ended by DONE), TAKEBACK x,y, PLAY x,y, INFO key value
// (timeout_turn, timeout_match, time_left, max_memory, rule, game_type, folder, evaluate), ABOUT,
// END. Coordinates are zero-based, x from the left, y from the top. Replies: OK, ERROR message
// (a known command that cannot be done: bad size, occupied or off-board point, malformed line,
// an unsupported rule), UNKNOWN message (anything else), the move "x,y", and DEBUG / MESSAGE lines
// before a move with the search's depth, score, nodes and principal variation. A bad line is
// answered and the brain keeps running; END or the end of input stops it. Input echoed in a reply
// is cut to 200 bytes, control bytes shown as '?'. A BOARD is judged once all its stones are in
// (at DONE), whatever their order: a position that already holds a five is answered ERROR and not
// set. TAKEBACK of the last move also takes back a five it made, and the game goes on.
//
// Time: a move never takes more than the smaller of timeout_turn and a share of time_left
// (time_left / 20, at least 5 ms when time is short), less a safety margin (10 % and 30 ms) for
// the process and the pipe; timeout_turn 0 means "as fast as possible" (20 ms). Memory: the
// transposition table gets at most half of max_memory less 16 MiB (1 MiB at least), 256 MiB at
// most.
#pragma once

#include <iosfwd>
#include <string>

#include "gomoku/players.hpp"

namespace sb::gomoku {

struct PbrainOptions {
  int level = kMaxLevel;         ///< computer level (players.hpp): the top one
  double default_seconds = 1.0;  ///< time per move before any INFO timeout_turn / time_left
  int threads = 1;               ///< search threads (Gomocup expects one)
  std::string name = "searchbench";
  std::string version = "0.1.0";
};

/// Runs the protocol until END or end of input; returns 0.
int run_pbrain(std::istream& in, std::ostream& out, const PbrainOptions& o);

/// Marks an INFO value the manager has not sent.
inline constexpr long long kNotSent = -(1LL << 62);

/// The move time in seconds the protocol state allows (see the file comment): turn_ms and
/// left_ms are INFO timeout_turn and time_left (kNotSent when not sent; time_left may be
/// negative), empty_cells the points left.
double pbrain_move_seconds(long long turn_ms, long long left_ms, int empty_cells,
                           double default_seconds);

/// Transposition-table bytes for an INFO max_memory (0: no limit).
unsigned long long pbrain_table_bytes(unsigned long long max_memory);

}  // namespace sb::gomoku
