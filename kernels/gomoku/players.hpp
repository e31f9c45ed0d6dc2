// The computer players of gomoku, one per level:
//   1  the computer (SearchPos) of chapter 332 "コンピュータを少し強くする" of Y. Kumei's
//      Win32 SDK tutorial (猫でもわかるプログラミング), rule for rule;
//   2  greedy: the forced cases (five, block a five, own VCF, a defence against the opponent's
//      VCF threat), else the move of best pattern value; no tree search;
//   3  search: five, block, VCF and VCT at the root, then iterative-deepening alpha-beta with
//      pattern evaluation, a transposition table and oneTBB threads (engine.hpp);
//   4  pattern search: level 3's root threat searches, then principal variation search on the
//      incrementally classified board, moves from threat classes, VCF at every node
//      (pattern_search.hpp).
// Every level plays its own five when it has one and otherwise blocks the opponent's five.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "gomoku/engine.hpp"
#include "gomoku/game.hpp"

namespace sb::gomoku {

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 4;

/// One line on what a level does.
std::string level_summary(int level);

/// Settings of a computer player.
struct PlayerOptions {
  int level = kMaxLevel;                 ///< kMinLevel..kMaxLevel
  double seconds = 1.0;                  ///< thinking time per move (levels 3+), > 0
  int threads = 1;                       ///< search threads (level 3+)
  std::uint64_t tt_bytes = 64ull << 20;  ///< transposition-table budget (level 3+)
  std::uint64_t seed = 1;                ///< random seed (level 1's chance moves)
};

/// A computer player. choose() may keep state between moves of one game (level 1 does); it is
/// keyed by the number of moves, so taking moves back and choosing again is consistent.
class Player {
 public:
  virtual ~Player() = default;
  /// The move for the player to move in g (the game must not be over). `stop` ends a search
  /// early; `live` receives progress.
  virtual Choice choose(const Game& g, const std::atomic<bool>* stop = nullptr,
                        Live* live = nullptr) = 0;
  /// Forgets the state of the game played so far.
  virtual void new_game() {}
  /// Changes the thinking time (pbrain time control); levels without search ignore it.
  virtual void set_seconds(double seconds) { (void)seconds; }
  virtual void set_tt_bytes(std::uint64_t bytes) { (void)bytes; }
  virtual int level() const = 0;
};

/// Throws std::invalid_argument (one line) on a level outside kMinLevel..kMaxLevel, seconds not
/// positive, or threads < 1.
std::unique_ptr<Player> make_player(const PlayerOptions& o);

// ---- Level 1, exposed for the tests ------------------------------------------------------------

/// The chapter's memory between moves: its counters Comp4 and Comp3 (after making a four, or a
/// three, it does not make another until a move falls through every rule).
struct Level1State {
  bool made_four = false;
  bool made_three = false;
  bool operator==(const Level1State&) const = default;
};

/// The chapter's rules, in its order:
enum class Level1Rule : std::uint8_t {
  kCentre = 1,       ///< first or second move of the game and the centre is empty: the centre
  kFive = 2,         ///< the first point (scan order) where its stone makes five
  kBlockFive = 3,    ///< the first point where the opponent's stone would make five
  kBlockFour = 4,    ///< the first point where an opponent stone would make a four (a window of
                     ///< five with four of its stones and one empty point): that empty point
  kFourOrThree = 5,  ///< the first point where its stone makes a four (unless it made one since
                     ///< the last fall-through) or a three (likewise)
  kChance = 6,       ///< none of these: a random empty point next to a stone (counters reset)
};

/// "centre", "five", "block five", "block four", "four or three", "chance".
const char* level1_rule_name(Level1Rule r);

struct Level1Move {
  int cell = -1;
  Level1Rule rule = Level1Rule::kChance;
  Level1State after;
};

/// The level-1 move in g from state `st`; *rng is a splitmix64 state advanced by chance moves.
/// Points are scanned as the chapter's program scans its array ban[x][y]: rows from the top
/// (protocol y = 0) down, each row from the left.
Level1Move level1_move(const Game& g, Level1State st, std::uint64_t* rng);

}  // namespace sb::gomoku
