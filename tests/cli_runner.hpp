// Runs the searchbench CLI in a child process for tests: exit code, stdout and stderr apart.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sb::test {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `SEARCHBENCH_CLI <args>` through the shell (args are shell words), stdin from
/// `stdin_text`, and returns its exit code and both output streams.
inline RunResult run_cli(const std::string& args, const std::string& stdin_text = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() /
                       ("sbtest_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  {
    std::ofstream in(dir / "stdin");
    in << stdin_text;
  }
  const std::string cmd = std::string(SEARCHBENCH_CLI) + " " + args + " <" +
                          (dir / "stdin").string() + " >" + (dir / "stdout").string() + " 2>" +
                          (dir / "stderr").string();
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir / "stdout");
  r.err = slurp(dir / "stderr");
  fs::remove_all(dir);
  return r;
}

}  // namespace sb::test
