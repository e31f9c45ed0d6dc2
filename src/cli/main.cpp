// searchbench: one command-line driver for every problem, kernel and benchmark suite.
//
// MPI: the driver starts MPI only when a command needs it (an MPI kernel, or a command started by
// mpirun; see src/core/mpi.hpp), so `list`, `signature` and one-process runs never depend on it.
// Under a launcher with several ranks, only the commands that can run on ranks together are
// accepted, rank 0 alone writes to stdout (the others' stdout goes to /dev/null) and reports
// errors that every rank meets alike; an error on one rank alone ends the whole job.
#include <stdio_ext.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/run.hpp"
#include "core/echo_text.hpp"
#include "core/mpi.hpp"

namespace {

// An error every rank meets alike (bad input): reported by rank 0 alone, exit 2 everywhere.
int usage_error(const std::string& what) {
  if (sb::cli::is_root()) std::cerr << "searchbench: error: " << sb::printable_text(what) << "\n";
  sb::mpi::finalize();
  return 2;
}

// An error of this process alone: reported with its rank; under MPI with several ranks the
// whole job ends (the other ranks would wait for this one forever).
int own_error(const std::string& what, int code) {
  if (sb::mpi::launched_size() > 1 || sb::mpi::size() > 1)
    std::cerr << "searchbench: error: rank "
              << (sb::mpi::active() ? sb::mpi::rank() : sb::mpi::launched_rank()) << ": "
              << sb::printable_text(what) << "\n";
  else
    std::cerr << "searchbench: error: " << sb::printable_text(what) << "\n";
  if (sb::mpi::active() && sb::mpi::size() > 1) sb::mpi::abort(code);
  sb::mpi::finalize();
  return code;
}

// Output that could not all be written is an error, as in coreutils' close_stdout: std::cout
// and stdout are flushed and stdout is closed, and a failure is reported (a full disk, a pipe
// whose reader is gone with SIGPIPE ignored, a closed descriptor that was written to). Returns
// the error's text, empty when everything was written. Nothing may write to stdout afterwards.
std::string close_stdout() {
  std::cout.flush();
  const bool pending = __fpending(stdout) != 0;
  errno = 0;
  const bool flush_failed = std::fflush(stdout) != 0;
  int err = flush_failed ? errno : 0;
  const bool failed = std::cout.fail() || std::ferror(stdout) != 0;
  // stdio keeps no errno of a write that failed earlier: an empty write to the descriptor
  // tells it for a device that refuses every write (/dev/full); else it stays unnamed.
  if (failed && err == 0 && ::write(STDOUT_FILENO, "", 0) < 0) err = errno;
  errno = 0;
  const bool close_failed = std::fclose(stdout) != 0;
  if (close_failed && err == 0) err = errno;
  // A closed descriptor is no error when nothing was written to it.
  if (!failed && (!close_failed || (!pending && err == EBADF))) return "";
  return std::string("writing standard output: ") + (err != 0 ? std::strerror(err) : "write error");
}

// The exit status of a command that returned `code`: 1 (or its own failure) when its output
// could not be written, with one line on stderr.
int with_stdout_checked(int code) {
  const std::string lost = close_stdout();
  if (lost.empty()) return code;
  std::cerr << "searchbench: error: " << lost << "\n";
  return code != 0 ? code : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (sb::mpi::launched_size() > 1 && sb::mpi::launched_rank() != 0)
    std::freopen("/dev/null", "w", stdout);  // results come from rank 0 alone
  // Installed as pbrain-<name> (the Gomocup / Piskvork brain naming), the program is the brain:
  // `pbrain-searchbench [options]` runs `searchbench gomoku pbrain [options]`.
  std::vector<char*> args(argv, argv + argc);
  static char kGomoku[] = "gomoku", kPbrain[] = "pbrain";
  const std::string self = std::filesystem::path(argc > 0 ? argv[0] : "").filename().string();
  if (self.rfind("pbrain-", 0) == 0) {
    args.insert(args.begin() + 1, {kGomoku, kPbrain});
    argc = static_cast<int>(args.size());
    argv = args.data();
  }
  CLI::App app{
      "searchbench: a benchmark of exact combinatorial search (" + sb::problem_names() + ")",
      "searchbench"};
  app.set_version_flag("--version", std::string("searchbench ") + sb::build::kVersion + " (" +
                                        sb::build::kGitSha + ")");
  app.require_subcommand(1);
  sb::cli::Action action;
  sb::cli::add_list(app, action);
  for (const sb::Problem* p : sb::problems()) p->add_commands(app, action);
  sb::cli::add_bench(app, action);
  sb::cli::add_signature(app, action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return with_stdout_checked(app.exit(e));  // --help, --version
    std::string what = e.what();
    // A word that names no command leaves CLI11 saying only that a subcommand is required.
    const std::vector<std::string> rest = app.remaining(true);
    if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && !rest.empty() &&
        !rest.front().empty() && rest.front()[0] != '-')
      what = "unknown command '" + rest.front() + "'";
    // Words no option takes, in the order given (CLI11 lists them last first).
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && !rest.empty()) {
      std::string words;
      for (const std::string& w : rest) words += (words.empty() ? "" : " ") + w;
      what =
          std::string(rest.size() > 1 ? "unexpected arguments: " : "unexpected argument: ") + words;
    }
    // An option given without its value, or given twice: CLI11's count wording, said plainly.
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr) {
      const std::string name = what.substr(0, what.find(':'));
      if (what.find(" required but received ") != std::string::npos &&
          what.find("At Most") != std::string::npos)
        what = name + ": given more than once";
      else if (what.find(" missing") != std::string::npos)
        what = name + ": needs a value";
    }
    for (char& c : what)
      if (c == '\n') c = ' ';
    return usage_error(what + " (see --help)");
  }
  const int launched = sb::mpi::launched_size();
  if (launched > 1 && !sb::cli::runs_on_ranks())
    return usage_error("this command runs in one process, not on " + std::to_string(launched) +
                       " MPI ranks: run it without mpirun (under mpirun: an nqueens count or a " +
                       "game solve with an MPI kernel, or bench with MPI kernels)");
  try {
    const int code = action ? action() : 0;
    sb::mpi::finalize();
    return with_stdout_checked(code);
  } catch (const sb::cli::QuietExit& e) {
    sb::mpi::finalize();
    return with_stdout_checked(e.code);
  } catch (const sb::cli::UsageError& e) {
    return usage_error(e.what());
  } catch (const std::invalid_argument& e) {
    return usage_error(e.what());
  } catch (const std::bad_alloc&) {
    return own_error("out of memory", 1);
  } catch (const std::exception& e) {
    return own_error(e.what(), 1);
  }
}
