// Sub-commands of the searchbench CLI. Each add_* function registers its sub-command on the app
// and, when that sub-command is chosen, stores the work to do in `action`; main() runs it after
// parsing so that every error path ends in one place.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>

namespace sb::cli {

/// The work chosen on the command line; returns the process exit code.
using Action = std::function<int()>;

/// Bad input detected after parsing (unknown kernel, n out of range, ...): exit code 2.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

void add_list(CLI::App& app, Action& action);
void add_nqueens(CLI::App& app, Action& action);
void add_queens_game(CLI::App& app, Action& action);
void add_bench(CLI::App& app, Action& action);
void add_mnk(CLI::App& app, Action& action);     // src/mnk/cli.cpp
void add_gomoku(CLI::App& app, Action& action);  // src/gomoku/cli.cpp

}  // namespace sb::cli
