// Matches between computer levels and pbrain engines (the playing-strength benchmark), the
// openings they start from, and the score with its error bar.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gomoku/game.hpp"
#include "gomoku/pbrain_referee.hpp"
#include "gomoku/players.hpp"

namespace sb::gomoku {

/// A short opening: the first moves of a game, black first.
struct Opening {
  std::string text;        ///< the moves as written, e.g. "h8 i9 g7"
  std::vector<int> moves;  ///< cells
  int line = 0;            ///< line in its file
};

/// Reads openings: one per line, points separated by spaces or commas ("h8 i9 g7"), '#' starts
/// a comment, blank lines are skipped. Every opening must be legal on the board and leave the
/// game undecided. Throws std::invalid_argument naming `name` and the line.
std::vector<Opening> parse_openings(const std::string& text, const Rules& rules,
                                    const std::string& name);

/// The committed openings (src/gomoku/openings.txt, compiled in).
const char* default_openings_text();

/// Settings of a match: player A (--black) and player B (--white) swap colours every game; game
/// 2i and 2i + 1 start from opening i (modulo the number of openings), A black in game 2i. A
/// player is a computer level played in this process, or, when its engine command is set, a
/// pbrain engine run as a child process and refereed (pbrain_referee.hpp), a fresh one per game.
struct MatchOptions {
  PlayerOptions a, b;
  std::optional<EngineCommand> a_engine, b_engine;  ///< set: that player is an engine
  RefereeLimits referee;                            ///< the engines' time and memory limits
  /// When set, receives every protocol line, prefixed with the game and the colour.
  std::function<void(const std::string&)> log;
  int games = 2;
  Rules rules;
  std::vector<Opening> openings;  ///< empty: games start from the empty board
  std::string records_dir;        ///< when set: one .psq record per game there
};

/// One finished game of a match.
struct GameResult {
  int index = 0;                         ///< 0-based
  std::string opening;                   ///< its text ("" none)
  int black_level = 0, white_level = 0;  ///< 0 for an engine
  std::string black_name, white_name;    ///< "level 3", or an engine's name
  bool a_black = true;                   ///< player A had black
  Outcome outcome = Outcome::kDraw;
  /// "five", "full board", or the loser's forfeit: "timeout", "illegal move", "crash",
  /// "start failed" (pbrain_referee.hpp)
  std::string reason;
  std::string detail;  ///< one line on a forfeit ("" otherwise)
  int moves = 0;       ///< moves on the board at the end (opening included)
  double seconds = 0;  ///< wall time of the game
  double seconds_black = 0, seconds_white = 0;  ///< each player's time on its moves
  std::uint64_t nodes_black = 0, nodes_white = 0;
  double score_a = 0;  ///< 1 A won, 0.5 draw, 0 A lost
};

/// A player's name in tables: "level N" or the engine's name.
std::string player_name(const PlayerOptions& level, const std::optional<EngineCommand>& engine);

/// Plays game `index` of a match.
GameResult play_match_game(const MatchOptions& o, int index);

/// The CSV header and row of a game (bench-style: one row per game).
std::vector<std::string> match_csv_header();
std::vector<std::string> match_csv_row(const GameResult& g);

/// A match score: A's wins, draws and losses; the mean score with the half-width of its 95 %
/// confidence interval (1.96 standard errors of the per-game scores); the Elo difference it
/// implies (400 log10(s / (1 - s)), +-inf at 1 and 0) with the interval's ends.
/// Game pairs: games 2i and 2i + 1 (0-based) that start from the same opening with the colours
/// swapped, as a match plays them. Where every game is in such a pair and there are at least two
/// pairs, error95_pairs is the half-width from the pairs' mean scores (1.96 standard errors over
/// the pairs; the "pentanomial" model of paired-opening testing that Stockfish's Fishtest reports
/// as "Ptnml"; M. Van den Bergh, github.com/vdbergh/pentanomial): a game and its colour-swapped
/// twin are not independent when the openings favour one colour, and the pairs are (0 when every
/// pair scored the same). pairs is 0 otherwise.
struct MatchSummary {
  int games = 0, wins = 0, draws = 0, losses = 0;
  double score = 0, error95 = 0;
  double elo = 0, elo_low = 0, elo_high = 0;
  int pairs = 0;
  double error95_pairs = 0, elo_low_pairs = 0, elo_high_pairs = 0;
};
MatchSummary summarize(const std::vector<GameResult>& games);

/// One line: "level 3 vs level 1: +95 =0 -5 in 100 games, score 95.0 % +- 4.3 % ...", with
/// the players' names, and "; by 50 colour-swapped game pairs: +- 3.1 %, Elo [...]" where
/// MatchSummary::pairs is set.
std::string summary_text(const MatchSummary& s, const std::string& name_a,
                         const std::string& name_b);

/// Makes `count` openings of `stones` stones (black first) on the board: random points within
/// two of the centre and of an earlier stone, kept when neither side wins by VCF or by VCT (within
/// `vct_nodes`), the side to move's score at a fixed-depth search is within +-`max_score`, and no
/// earlier opening is the same up to the board's symmetries. Deterministic for a seed. `progress`
/// is called with each opening kept. The lines of the result carry the score as a comment.
std::vector<std::string> generate_openings(const Rules& rules, int count, int stones,
                                           std::uint64_t seed, int depth, int max_score,
                                           std::uint64_t vct_nodes,
                                           const std::function<void(int)>& progress);

}  // namespace sb::gomoku
