// Tsume-shogi as a problem of the suite (src/core/problem.hpp): instances (puzzle names or SFEN),
// result columns, verification against the committed puzzle suite, and the one kernel registry
// (src/tsume/problem.cpp) that the benchmark commands, `tsume solve` and the USI engine share.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/problem.hpp"
#include "core/typed_problem.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume {

/// The problem's typed parts (see src/core/typed_problem.hpp).
struct Traits {
  using Instance = tsume::Instance;
  using Params = tsume::Params;
  using Result = tsume::Result;

  /// A puzzle name (`searchbench tsume list`) or an SFEN position; see parse_instance.
  static Instance parse(std::string_view text);
  /// The puzzle name, or the SFEN when the position is not in the suite.
  static std::string format(const Instance& x);
  /// The expected mate length of a puzzle; a no-mate position counts 1 when the
  /// full-width kernels can exhaust it (CI class "quick"), 10 when only df-pn can ("dfpn") and
  /// 100 otherwise; an SFEN outside the suite counts 9.
  static double size(const Instance& x);
  /// threads, progress, max_memory and time_limit_s (a deadline) from the settings.
  static Params params(const Instance& x, const RunSettings& s);
  /// Columns outcome, mate_length, length_proven, main_line (USI), main_line_kif, leftover,
  /// positions, sfen, interpositions (the rule the search counted: all or no-futile),
  /// no_mate_within (with a --max-length that found no mate: the plies excluded; else empty),
  /// first_mate, first_mate_s, first_mate_nodes (the first mate found: its length, and the
  /// seconds and nodes of the search until then), known_length_s, known_length_nodes (until a mate
  /// of the suite's expected length was established; empty outside the suite or when not
  /// reached), proved_s, proved_nodes (with length_proven: until the proof that no shorter mate
  /// exists, before the main line is read), mating_line (USI; when a limit stopped the
  /// post-search and no line of mate_length plies could be read: a line that mates, its defence
  /// not proved the longest; else empty).
  static std::vector<std::string> fields(const Instance& x, const RunSettings& s, const Result& r);
  /// Against the suite's cross-checked answer (tsume::verify).
  static Verdict verify(const Instance& x, const RunSettings& s, const Result& r);
  /// The signature's count: the nodes; for an instance with a node budget (`:nodes=N`, which the
  /// search spends exactly) what it reached within the budget instead: the positions written to
  /// the table plus, for each mate length established, the nodes searched until then.
  static std::uint64_t signature_count(const Instance& x, const Result& r);
};

/// A tsume kernel as the registry holds it: the typed entry (name, summary, caps, ...) that the
/// benchmark commands see type-erased through problem(), and what only tsume's own commands read.
/// `tsume solve` and the USI engine fill a whole Params (node limit, mate-length limit,
/// interposition rule, stop flag, ...) and call typed.fn themselves.
struct KernelEntry {
  TypedKernel<Traits> typed;
  /// Deepens 1, 3, 5, ... (the andor kernels): Progress::bound is then the longest length with
  /// no mate so far; otherwise (df-pn) the shortest mate proved so far.
  bool deepens = false;

  /// Uses Params::threads.
  bool parallel() const { return typed.backend != "serial"; }
};

/// Every tsume kernel built into this binary, in ladder order (slowest first; dfpn-tbb only with
/// SEARCHBENCH_WITH_TBB): the same list, in the same order, as problem().kernels.
const std::vector<KernelEntry>& kernels();
/// The kernel called name; throws std::invalid_argument naming the known kernels when there is
/// none.
const KernelEntry& kernel(std::string_view name);

/// The tsume problem with every kernel built into this binary.
const sb::Problem& problem();

/// Registers `searchbench tsume solve|perft|list|usi` (src/tsume/cli.cpp).
void add_commands(CLI::App& app, Action& action);

/// The first mate of r (Result::mates_found) at most as long as the suite's expected length for
/// x (so, of that length: none is shorter), or nullptr: x is not in the suite, has no mate, the
/// search did not count every interposition, or did not get there.
const MateFound* known_length_found(const Instance& x, const Result& r);

/// The main line as KIF move text, moves separated by spaces; with marks, each move starts with
/// ▲ (Black) or △ (White).
std::string kif_line(const Position& root, const std::vector<Move>& line, bool marks);

}  // namespace sb::tsume
