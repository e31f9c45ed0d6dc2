// Tsume-shogi (詰将棋, shogi mate puzzles): the problem `tsume` of searchbench. Parameters and
// result shared by its kernels, the puzzle suite, instance text and the verifier.
//
// Conventions (the usual rules of tsume-shogi): the side to move in the position is the
// attacker (攻方) and moves first; every attacker move gives check; the defender (玉方) answers
// with any legal move (an evasion) and holds the pieces its hand lists (a suite or KIF position
// gives it every piece not on the board and not in the attacker's hand). The mate length is the
// number of plies of the shortest forced mate: the attacker minimises it, the defender maximises
// it. Among equally long lines the main line leaves the attacker's hand empty at the end where it
// can (the composers' rule; the defender also prefers such lines). A line that repeats a position
// (the attacker's perpetual check) never mates. Every legal interposition (合駒) counts, futile
// ones (無駄合) included, as common engines count them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/progress.hpp"
#include "tsume/shogi.hpp"

namespace sb::tsume {

/// A tsume instance: a position with the attacker to move, and its puzzle name when it has one.
struct Instance {
  std::string name;  ///< puzzle name, or empty for a position given as SFEN
  Position position;
  /// A fixed node budget (instance text `<puzzle or SFEN>:nodes=N`): Params::max_nodes of every
  /// run of the instance; 0: none.
  std::uint64_t max_nodes = 0;
};

/// Reads an instance: a puzzle name (see puzzles()) or an SFEN string (parse_sfen rules),
/// optionally followed by `:nodes=N` (a node budget, N >= 1). Throws std::invalid_argument with
/// one line.
Instance parse_instance(std::string_view text);
/// Canonical text of an instance: its puzzle name, or its SFEN when it has none, then
/// `:nodes=N` when it has a node budget.
std::string format_instance(const Instance& inst);

/// The largest Params::max_length: the df-pn kernels' deepest line (Microcosmos, the longest
/// known tsume, is 1,525 plies).
inline constexpr int kMaxLength = 4000;

/// A mate length the kernel established while it ran: the search had then proved a mate of at most
/// `length` plies, after `nodes` nodes and `seconds` since the search started (after the table
/// was allocated).
struct MateFound {
  int length = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

/// Memory for a df-pn kernel's transposition table that the caller keeps across solves
/// (kernels/tsume/table_memory.hpp).
class TableMemory;

/// Input of a tsume kernel.
struct Params {
  Position root;                 ///< the puzzle; the side to move attacks
  int threads = 1;               ///< worker threads, >= 1; serial kernels report 1
  std::uint64_t max_memory = 0;  ///< transposition-table budget in bytes (0: 256 MiB)
  std::uint64_t max_nodes = 0;   ///< stop after about this many nodes (0: no limit)
  /// Stop at this time (steady clock); the kernel reads the clock only to compare with it.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  const std::atomic<bool>* stop = nullptr;  ///< stop when it becomes true (USI `stop`)
  /// The longest mate looked for, in plies, 0 to kMaxLength (0: no limit). The andor kernels
  /// deepen no further; the df-pn kernels ask "mate within max_length plies?" at the root (an
  /// even value counts as the odd value below it: the attacker mates on odd plies). Without a
  /// mate that short the result is kUnknown with Result::no_mate_within set.
  int max_length = 0;
  bool main_line = true;  ///< prove the minimal length and extract the main line
  /// Which defender interpositions count (kNoFutile: futile ones are not moves; docs/tsume.md).
  Interpositions interpositions = Interpositions::kAll;
  Progress* progress = nullptr;  ///< optional: done = nodes searched so far
  /// Optional (df-pn kernels): the table's memory, when clean and at least its budget (pages
  /// touched beforehand, as `tsume usi` does at isready); otherwise the kernel maps its own.
  TableMemory* table_memory = nullptr;
  /// Optional (df-pn kernels): called on the searching thread with each mate length the search
  /// establishes (Result::mates_found's entries, as they are found); must not throw.
  std::function<void(const MateFound&)> on_mate_found;
};

enum class Outcome { kMate, kNoMate, kUnknown };

/// Output of a tsume kernel. All counters are 64-bit.
struct Result {
  Outcome outcome = Outcome::kUnknown;
  int mate_length = -1;         ///< plies of the mate found (the minimum when length_proven)
  bool length_proven = false;   ///< no shorter mate exists (proved by the kernel)
  std::vector<Move> main_line;  ///< moves from the root, USI order; empty unless kMate
  /// df-pn kernels, when a limit stopped the post-search and no line of mate_length plies could
  /// be read from the table: a line from the root that ends in mate, read from the table's
  /// proofs; its defence is not proved the longest, so it may be shorter (or, read after an
  /// earlier query, longer) than mate_length. Empty otherwise.
  std::vector<Move> mating_line;
  std::uint64_t nodes = 0;      ///< positions expanded (move lists generated)
  std::uint64_t positions = 0;  ///< entries written to the transposition table (0 without one)
  int threads = 1;              ///< threads actually used
  bool stopped = false;         ///< a limit (nodes, time, stop) ended the search early
  /// With Params::max_length: no mate within this many plies was proved (kUnknown, not stopped);
  /// 0 otherwise.
  int no_mate_within = 0;
  /// The interposition rule the search counted under (Params::interpositions).
  Interpositions interpositions = Interpositions::kAll;
  /// Every mate length established, in the order found (so each shorter than the one before):
  /// df-pn: the root's proof, then each shorter mate of the post-search; the andor kernels: the
  /// one (shortest) mate. Empty without a mate. Where a long mate's time goes: the first entry is
  /// the first mate found, the last the length reported.
  std::vector<MateFound> mates_found;
  /// With length_proven: when the minimality was proved (the last length of mates_found, the
  /// nodes and seconds until the proof that no shorter mate exists); before the main line.
  MateFound proved;
};

/// A tsume kernel: a pure function. Throws std::invalid_argument on bad params (threads out of
/// range, max_memory above physical memory or below 1 MiB, a root without a defending king). The
/// registry (src/tsume/problem.cpp) lists them.
using Kernel = Result (*)(const Params& p);

/// Full-width AND/OR search to a depth limit, iterative deepening, no table (after the article
/// 詰め将棋ルーチン製作).
Result andor(const Params& p);
Result andor_tt(const Params& p);  ///< andor with a transposition table and hand superiority
Result dfpn(const Params& p);      ///< df-pn (Nagai 2002) with a bounded table, then post-search
Result dfpn_tbb(const Params& p);  ///< several df-pn searchers on one shared table (oneTBB)

/// Throws std::invalid_argument (one line, naming `kernel`) when threads is outside
/// 1..kMaxThreads, max_memory is set and outside 1 MiB..physical memory, max_length is outside
/// 0..kMaxLength, or the root has no king for the side not to move.
void validate(const Params& p, const char* kernel);
/// Table budget in bytes for p (256 MiB when max_memory is 0).
std::uint64_t table_bytes(const Params& p);

/// One puzzle of the committed suite (src/tsume/puzzles.tsv).
struct Puzzle {
  std::string name;     ///< unique, e.g. "zuko-007"
  std::string sfen;     ///< the position, attacker to move
  int expected = -1;    ///< mate length under our rules (every interposition counted), -1: nomate
  int published = -1;   ///< length the source publishes (-1: nomate or none published)
  std::string source;   ///< where the puzzle and its answer come from
  std::string checked;  ///< how the expected length was cross-checked
  bool quick = false;   ///< small enough for the CI test of every kernel
  bool quick_dfpn = false;  ///< small enough for the CI test of the df-pn kernels
  /// A member of the long set (CI class "long"): the bench suite `long` runs it under a fixed
  /// node budget (kLongNodes); too long for the tests, which check the tail of its main line.
  bool long_set = false;
};

/// The node budget of each run of the bench suite `long` (about two minutes of one thread on the
/// 2-core reference VM at 1e6 nodes/s): the long mates' time to the first mate and to the known
/// length are then compared within one fixed amount of work.
inline constexpr std::uint64_t kLongNodes = 200'000'000;

/// The puzzle suite, in file order. The file is parsed once; a malformed file is a build error
/// caught by the tests (std::logic_error).
const std::vector<Puzzle>& puzzles();
/// The puzzle called name, or nullptr.
const Puzzle* find_puzzle(std::string_view name);
/// The puzzle whose position equals pos (same board, hands and side), or nullptr.
const Puzzle* find_puzzle(const Position& pos);

/// "pass" when r agrees with the suite's expected answer for inst (outcome, and the mate length
/// when the kernel proved it minimal; a mate found but not proved minimal must not be shorter or,
/// for a nomate puzzle, exist at all; "no mate within N plies" must not exclude the expected
/// mate), "fail" when it contradicts it, "na" when the position is not in the suite, the search
/// ended without an answer, or it did not count every interposition (the suite's lengths do).
std::string verify(const Instance& inst, const Result& r);

/// Attacker's pieces left in hand after the main line (the composers want 0).
int leftover_after(const Position& root, const std::vector<Move>& line);

/// Parses a KIF/BOD board diagram (UTF-8, or Shift_JIS/CP932 converted with iconv when the text
/// is not valid UTF-8): nine rows "| ... |" of cells, "v" before a piece marks White's (the
/// defender's when Black attacks), "・" an empty square; hands on lines with 持駒 or 持ち駒
/// (先手/下手: Black, 後手/上手: White; unlabelled: the line above the board is White's, below
/// Black's), counts as kanji numerals (金二, 歩十八); "後手番"/"手番＝後手" puts White to move.
/// The defender's hand, when its line is missing, empty or says 残り全部, is every piece not on the
/// board and not in the attacker's hand (the tsume convention); "なし" means none. Throws
/// std::invalid_argument with one line on a malformed diagram, then the SFEN checks apply.
Position parse_kif(std::string_view text);
/// The defender's hand made "every remaining piece" (the tsume convention).
void give_defender_the_rest(Position& pos);

}  // namespace sb::tsume
