// What the `searchbench gomoku` commands share: the board and rule options, option parsers
// (seconds, memory budgets), small text helpers, and the registration function of each command
// (one file each: src/gomoku/cli_<command>.cpp; src/gomoku/cli.cpp registers them all).
#pragma once

#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/validators.hpp"
#include "core/memory.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku::commands {

using namespace sb::cli;
namespace gm = sb::gomoku;

/// Board and rule options shared by the subcommands.
struct BoardOptions {
  int size = 15;
  int rows = 0, cols = 0;
  std::string rule = "freestyle";
  CLI::Option* size_opt = nullptr;
  CLI::Option* rows_opt = nullptr;
  CLI::Option* cols_opt = nullptr;

  void add(CLI::App* c) {
    size_opt = c->add_option("--size", size, "Board size N x N, 5..26 (default 15)")
                   ->transform(decimal_in(gm::kMinSide, gm::kMaxSide));
    cols_opt = c->add_option("--cols", cols, "Columns of a rectangular board (with --rows)")
                   ->transform(decimal_in(gm::kMinSide, gm::kMaxSide));
    rows_opt = c->add_option("--rows", rows, "Rows of a rectangular board (with --cols)")
                   ->transform(decimal_in(gm::kMinSide, gm::kMaxSide));
    c->add_option("--rule", rule,
                  "freestyle (five or more in a row wins, default) or standard (exactly five)");
  }
  gm::Rules rules() const {
    gm::Rules r;
    const bool has_rows = rows_opt->count() > 0, has_cols = cols_opt->count() > 0;
    if (has_rows != has_cols)
      throw UsageError(std::string(has_rows ? "--rows" : "--cols") + " needs " +
                       (has_rows ? "--cols" : "--rows") + " too (a rectangle has both sides)");
    if (has_rows && size_opt->count() > 0)
      throw UsageError("give either --size or --rows and --cols, not both");
    r.cols = has_cols ? cols : size;
    r.rows = has_rows ? rows : size;
    try {
      r.rule = mnk::parse_rule(rule);
    } catch (const std::invalid_argument&) {
      throw UsageError("unknown rule '" + rule +
                       "' (use freestyle: five or more in a row wins, or standard: exactly five)");
    }
    return r;
  }
};

/// A positive, finite number of seconds from text (NaN, infinity, 0, negatives refused).
inline double seconds_of(const std::string& text, const char* option) {
  std::size_t pos = 0;
  double v = 0;
  try {
    v = std::stod(text, &pos);
  } catch (const std::exception&) {
    pos = 0;
  }
  if (pos != text.size() || text.empty() || !std::isfinite(v) || v <= 0 || v > 86400 ||
      text.find_first_of("xXpP") != std::string::npos)
    throw UsageError(std::string(option) + " must be a positive number of seconds, got '" + text +
                     "'");
  return v;
}

/// --max-memory as bytes (at least 1 MiB, at most the physical memory); bad text is a UsageError.
inline std::uint64_t bytes_of(const std::string& text) {
  try {
    return parse_memory_budget(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

inline std::string lower_trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  std::string t = s.substr(a, b - a);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

inline std::string line_text(const gm::Game& g, const std::vector<int>& cells) {
  std::string s;
  for (int c : cells) {
    if (!s.empty()) s += ' ';
    s += g.point(c);
  }
  return s;
}

/// `gomoku play`: a game in the terminal (src/gomoku/cli_play.cpp).
void add_play(CLI::App& gomoku, Action& action);
/// `gomoku replay`: a .psq record redrawn move by move (src/gomoku/cli_replay.cpp).
void add_replay(CLI::App& gomoku, Action& action);
/// `gomoku pbrain`: the Gomocup / Piskvork brain protocol (src/gomoku/cli_pbrain.cpp).
void add_pbrain(CLI::App& gomoku, Action& action);
/// `gomoku match`: games between two levels (src/gomoku/cli_match.cpp).
void add_match(CLI::App& gomoku, Action& action);
/// `gomoku solve`: one kernel on one position, verified (src/gomoku/cli_solve.cpp).
void add_solve(CLI::App& gomoku, Action& action);
/// `gomoku openings`: balanced short openings for matches (src/gomoku/cli_openings.cpp).
void add_openings(CLI::App& gomoku, Action& action);

}  // namespace sb::gomoku::commands
