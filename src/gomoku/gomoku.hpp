// Problem "gomoku" of the benchmark: the engine's searches on gomoku positions, as kernels.
//
// An instance is a position and a search depth:
//     NAME[/dD]                      a committed position: vcf01 .. vcf24 (src/gomoku/
//                                    vcf_positions.txt: the player to move wins by VCF) or
//                                    mid01 .. (src/gomoku/positions.txt: quiet middle games)
//     MxN[-standard]:P1,P2,...[/dD]  any position: board, rule, moves from black's first
// D (1..30, default 6) is the depth of the alpha-beta kernels; the threat kernels ignore it.
// format_instance writes the canonical text (the name for a committed position; "/dD" only when
// D is not 6); parse_instance(format_instance(i)) == i.
//
// Kernels (kernels/gomoku/, pure functions: no I/O, no clock):
//   vcf            victory by continuous fours, src/mnk's VcfSearch (threat-space search);
//   vct            victory by continuous threats (fours and open threes; every defence tried);
//   alphabeta      the engine's fixed-depth search (PVS, TT, VCF-based threat pruning);
//   alphabeta-tbb  the same with lazy SMP on oneTBB threads;
//   pattern        level 4's fixed-depth search (PVS on incrementally classified points,
//                  threat-class moves, VCF at every node).
// nodes: positions searched (alpha-beta nodes plus the VCF/VCT nodes inside them); plays: stones
// the search put on the board (make-move calls), for moves per second.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/progress.hpp"
#include "gomoku/game.hpp"

namespace sb::gomoku {

/// A benchmark position.
struct Position {
  std::string name;  ///< committed name ("vcf07"), empty for an explicit position
  Rules rules;
  std::vector<int> moves;  ///< cells, black first
  int depth = 6;           ///< alpha-beta depth (plies)
  bool operator==(const Position&) const = default;
};

/// Largest alpha-beta depth of an instance.
inline constexpr int kMaxBenchDepth = 30;

/// Parses instance text (grammar above); the position must be legal and not over. Throws
/// std::invalid_argument with one line.
Position parse_position(std::string_view text);
/// Canonical instance text.
std::string format_position(const Position& p);

/// The committed positions: every named position in file order.
std::vector<Position> committed_positions();

/// The committed files, compiled in: src/gomoku/vcf_positions.txt and src/gomoku/positions.txt.
const char* vcf_positions_text();
const char* positions_text();

/// Input of a gomoku kernel.
struct Params {
  Position position;
  int threads = 1;               ///< alphabeta-tbb: threads; others serial
  std::uint64_t max_memory = 0;  ///< table bytes (0: 64 MiB)
  Progress* progress = nullptr;  ///< unused: the searches are short
};

/// Which search produced a result.
enum class Method : std::uint8_t { kVcf, kVct, kAlphaBeta };

/// Output of a gomoku kernel.
struct Result {
  Method method = Method::kVcf;
  bool win = false;        ///< threat kernels: the player to move wins by the threats searched
  bool exhausted = false;  ///< threat kernels: the node budget ran out
  int move = -1;           ///< the first move (threat kernels: of the winning line)
  int score = 0;           ///< alpha-beta: for the player to move (kWin - n: a win in n plies)
  int depth = 0;           ///< alpha-beta: depth completed (0: decided before the search)
  bool scored = false;     ///< alpha-beta kernels: score and depth are meaningful
  std::vector<int> line;   ///< the winning line or principal variation
  std::uint64_t nodes = 0;
  std::uint64_t plays = 0;  ///< make-move calls of the engine's own board
  int threads = 1;
};

/// Node budget of the threat kernels (a budget spent is reported, not an error).
inline constexpr std::uint64_t kThreatNodeBudget = 20000000;

// kernels/gomoku/*.cpp; each throws std::invalid_argument on an invalid position or threads
// outside 1..kMaxThreads.
Result vcf(const Params& p);
Result vct(const Params& p);
Result alphabeta(const Params& p);
Result alphabeta_tbb(const Params& p);
Result pattern(const Params& p);

/// Checks a result: the committed VCF positions must be reported wins (vcf: with a line that the
/// independent checker replays as continuous fours; vct: a win; alpha-beta: a winning score);
/// elsewhere a VCF reported must replay, and anything else is "na". Returns "pass", "fail" or
/// "na".
std::string verify(const Position& p, const Result& r);

/// True when `line` is a VCF for the player to move in `g`: every attacker move makes a four
/// (or a five), every defender move is the forced block, and it ends in a five or in a four with
/// two five points. Independent of the engine (plain array, runs counted stone by stone).
bool replays_as_vcf(const Game& g, const std::vector<int>& line);

/// The problem's result columns and their values for one run.
std::vector<std::string> bench_columns();
std::vector<std::string> bench_row(const Position& p, const Result& r);

}  // namespace sb::gomoku
