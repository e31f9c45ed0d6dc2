// searchbench: one command-line driver for every problem, kernel and benchmark suite.
#include <CLI/CLI.hpp>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "build_info.hpp"
#include "cli/commands.hpp"

int main(int argc, char** argv) {
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
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::string what = e.what();
    for (char& c : what)
      if (c == '\n') c = ' ';
    std::cerr << "searchbench: error: " << what << " (see --help)\n";
    return 2;
  }
  try {
    return action ? action() : 0;
  } catch (const sb::cli::UsageError& e) {
    std::cerr << "searchbench: error: " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "searchbench: error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "searchbench: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "searchbench: error: " << e.what() << "\n";
    return 1;
  }
}
