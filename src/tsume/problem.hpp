// Tsume-shogi as a problem of the suite (src/core/problem.hpp): instances (suite names or SFEN),
// result columns, verification against the committed suite, and the kernel registrations
// (src/tsume/problem.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/problem.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume {

/// The problem's typed parts (see src/core/typed_problem.hpp).
struct Traits {
  using Instance = tsume::Instance;
  using Params = tsume::Params;
  using Result = tsume::Result;

  /// A suite name (`searchbench tsume list`) or an SFEN position; see parse_instance.
  static Instance parse(std::string_view text);
  /// The suite name, or the SFEN when the position is not in the suite.
  static std::string format(const Instance& x);
  /// The expected mate length of a suite problem; a no-mate position counts 1 when the
  /// full-width kernels can exhaust it (CI class "quick"), 10 when only df-pn can ("dfpn") and
  /// 100 otherwise; an SFEN outside the suite counts 9.
  static double size(const Instance& x);
  /// threads, progress, max_memory and time_limit_s (a deadline) from the settings.
  static Params params(const Instance& x, const RunSettings& s);
  /// Columns outcome, mate_length, length_proven, main_line (USI), main_line_kif, leftover,
  /// positions, sfen.
  static std::vector<std::string> fields(const Instance& x, const RunSettings& s, const Result& r);
  /// Against the suite's cross-checked answer (tsume::verify).
  static Verdict verify(const Instance& x, const RunSettings& s, const Result& r);
};

/// The tsume problem with every kernel built into this binary.
const sb::Problem& problem();

/// Registers `searchbench tsume solve|perft|list|usi` (src/tsume/cli.cpp).
void add_commands(CLI::App& app, Action& action);

/// The main line as KIF move text, moves separated by spaces; with marks, each move starts with
/// ▲ (Black) or △ (White).
std::string kif_line(const Position& root, const std::vector<Move>& line, bool marks);

}  // namespace sb::tsume
