// Gomoku as a problem of the suite (src/core/problem.hpp): the engine's threat searches and
// fixed-depth search on committed and given positions, result columns, the verifier, and the
// kernel registrations (src/gomoku/problem.cpp). Instances and kernels: src/gomoku/gomoku.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/problem.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku {

/// The problem's typed parts (see src/core/typed_problem.hpp).
struct Traits {
  using Instance = Position;
  using Params = gomoku::Params;
  using Result = gomoku::Result;

  /// Parses NAME[/dD] or MxN[-standard]:moves[/dD] (parse_position); throws
  /// std::invalid_argument with a one-line message.
  static Instance parse(std::string_view text) { return parse_position(text); }
  static std::string format(const Instance& x) { return format_position(x); }
  /// The alpha-beta depth (the threat kernels' work does not grow with it).
  static double size(const Instance& x) { return x.depth; }
  /// Params of the instance: threads and max_memory from the settings.
  static Params params(const Instance& x, const RunSettings& s);
  /// board, rule, stones, to_move, depth, win, move, score, line, plays (bench_row).
  static std::vector<std::string> fields(const Instance& x, const RunSettings& s, const Result& r);
  /// verify(): the committed VCF positions must be wins (a VCF line replayed by the independent
  /// checker), any reported VCF must replay; otherwise na.
  static Verdict verify(const Instance& x, const RunSettings& s, const Result& r);
};

/// The gomoku problem with every kernel built into this binary.
const Problem& problem();

/// Registers `searchbench gomoku play|replay|pbrain|match|solve|openings` (src/gomoku/cli.cpp).
void add_commands(CLI::App& app, Action& action);

}  // namespace sb::gomoku
