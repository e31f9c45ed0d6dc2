// The gomoku engine: threat-space search (VCF, VCT) and alpha-beta search with pattern
// evaluation, a transposition table and oneTBB threads, within a time limit. The computer levels
// (players.hpp) and the pbrain protocol use it; the benchmark kernels (kernels/gomoku/) call its
// fixed-depth and threat searches without a clock.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "gomoku/game.hpp"

namespace sb::gomoku {

/// Scores: a win found at ply p (counted from the root) is kWin - p; heuristic scores stay
/// within +-kWinThreshold.
inline constexpr int kWin = 30000;
inline constexpr int kWinThreshold = 29000;

/// What a search may spend. Zero means "no limit" for seconds, nodes and depth.
struct Limits {
  double seconds = 1.0;         ///< wall-clock budget of the whole move choice
  int max_depth = 0;            ///< alpha-beta depth limit in plies (0: until time runs out)
  std::uint64_t max_nodes = 0;  ///< node limit over all threads (0: none)
  int threads = 1;              ///< search threads (oneTBB; 1 without it)
  std::uint64_t tt_bytes = 64ull << 20;  ///< transposition-table budget (>= 1 MiB)
  bool vct = true;                       ///< try victory by continuous threats (fours and threes)
  std::uint64_t vcf_nodes = 200000;      ///< node budget of the root VCF search
  std::uint64_t vct_nodes = 200000;      ///< node budget of the root VCT search
  int vct_depth = 7;                     ///< most attacking threats (threes) in a VCT line
};

/// Counters a caller may watch while a search runs (e.g. a "thinking" line on stderr).
struct Live {
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<int> depth{0};
  std::atomic<int> best{-1};
  std::atomic<int> score{0};
};

/// The move an engine chose and how.
struct Choice {
  int move = -1;            ///< the cell to play
  int score = 0;            ///< for the player to move (kWin - n: a win in n plies)
  int depth = 0;            ///< last alpha-beta depth completed (0: decided before it)
  std::string reason;       ///< "five", "block five", "VCF", "VCT", "search", "greedy", ...
  std::vector<int> line;    ///< the winning line (VCF/VCT) or principal variation
  std::uint64_t nodes = 0;  ///< positions searched (alpha-beta, VCF and VCT nodes)
  std::uint64_t plays = 0;  ///< stones put on the board by the search (make-move calls)
  int threads = 1;          ///< threads that searched
  double seconds = 0;       ///< wall time spent
};

/// Level 2: the best move by pattern value after the forced cases (five, block a five, own VCF,
/// a defence against the opponent's VCF threat), no tree search. Deterministic.
Choice choose_greedy(const Game& g, const Limits& lim);

/// Level 3 and up: forced cases, VCF, VCT, then iterative-deepening alpha-beta (principal
/// variation search with a transposition table; threads > 1: lazy SMP on oneTBB). `stop` may be
/// set by another thread to end the search early (the best move so far is returned); `live`
/// receives progress. Throws std::invalid_argument when the game is over.
Choice choose_search(const Game& g, const Limits& lim, const std::atomic<bool>* stop = nullptr,
                     Live* live = nullptr);

/// Level 4: the forced cases, VCF and VCT at the root as level 3, then iterative-deepening
/// principal variation search on the incrementally classified board (pattern_search.hpp: moves
/// from threat classes, VCF at every node, killer moves), then level 3's VCT safety check.
Choice choose_pattern_search(const Game& g, const Limits& lim,
                             const std::atomic<bool>* stop = nullptr, Live* live = nullptr);

/// Result of a threat-space search.
struct ThreatResult {
  bool win = false;       ///< the player to move wins by the threats searched
  std::vector<int> line;  ///< attacker move, defender reply, ... (VCF: the whole forced line)
  std::uint64_t nodes = 0;
  bool exhausted = false;  ///< the budget ran out (a `false` is then not a proof)
};

/// VCF (victory by continuous fours) for the player to move, with src/mnk's VcfSearch. Throws
/// std::invalid_argument when the game is over.
ThreatResult solve_vcf(const Game& g, std::uint64_t max_nodes);

/// VCT (victory by continuous threats: fours and open threes, every defence tried) for the player
/// to move, at most `max_threats` threes in a line, iterative deepening on that number.
ThreatResult solve_vct(const Game& g, int max_threats, std::uint64_t max_nodes);

/// Fixed-depth alpha-beta from the position (no clock, no VCT at the root), serial or with
/// `threads` lazy-SMP threads; the kernels of the benchmark. `pattern`: level 4's search
/// (pattern_search.hpp) instead of level 3's.
Choice search_fixed_depth(const Game& g, int depth, int threads, std::uint64_t tt_bytes,
                          bool pattern = false);

}  // namespace sb::gomoku
