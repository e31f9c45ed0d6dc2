// Sub-commands of the searchbench CLI. Each add_* function registers its sub-command on the app
// and, when that sub-command is chosen, stores the work to do in `action`; main() runs it after
// parsing so that every error path ends in one place. Each problem registers its own command
// through Problem::add_commands (src/<problem>/cli.cpp).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>

#include "core/problem.hpp"

namespace sb::cli {

/// The work chosen on the command line; returns the process exit code.
using Action = sb::Action;

/// Bad input detected after parsing (unknown kernel, n out of range, ...): exit code 2.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Ends the process with `code` and no message: an MPI rank other than 0 following a refusal
/// that rank 0 found and reports (e.g. a foreign journal, which only rank 0 reads).
struct QuietExit {
  int code = 2;
};

/// Set by the callbacks of the commands that can run on several MPI ranks at once (a problem's
/// count with an MPI kernel, `bench`); main() refuses every other command under an MPI launcher
/// with more than one rank, so that no command runs (and prints) once per rank by mistake.
inline bool& runs_on_ranks() {
  static bool on = false;
  return on;
}

void add_list(CLI::App& app, Action& action);
void add_bench(CLI::App& app, Action& action);
void add_signature(CLI::App& app, Action& action);

}  // namespace sb::cli
