// Runs the searchbench CLI in a child process for tests: exit code, stdout and stderr apart.
#pragma once

#include <signal.h>
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

/// Runs the shell command `command` (the CLI or a launcher with it), stdin from `stdin_text`,
/// and returns its exit code and both output streams.
inline RunResult run_command(const std::string& command, const std::string& stdin_text = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() /
                       ("sbtest_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  {
    std::ofstream in(dir / "stdin");
    in << stdin_text;
  }
  const std::string cmd = command + " <" + (dir / "stdin").string() + " >" +
                          (dir / "stdout").string() + " 2>" + (dir / "stderr").string();
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir / "stdout");
  r.err = slurp(dir / "stderr");
  fs::remove_all(dir);
  return r;
}

/// Runs `SEARCHBENCH_CLI <args>` through the shell (args are shell words), stdin from
/// `stdin_text`, and returns its exit code and both output streams.
inline RunResult run_cli(const std::string& args, const std::string& stdin_text = "") {
  return run_command(std::string(SEARCHBENCH_CLI) + " " + args, stdin_text);
}

/// Starts the shell command `command` in the background (exec'd by /bin/sh, so the pid is the
/// command's own), stdout to /dev/null, stderr to `stderr_path` (default /dev/null); returns its
/// pid.
inline pid_t start_background(const std::string& command,
                              const std::string& stderr_path = "/dev/null") {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGINT, SIG_DFL);  // a test may interrupt it, as Ctrl-C would
    const std::string cmd = "exec " + command + " >/dev/null 2>'" + stderr_path + "' </dev/null";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

/// Lines of the file at p that start with `prefix` (0 when it cannot be read).
inline int count_lines_starting(const std::filesystem::path& p, const std::string& prefix) {
  std::ifstream in(p);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) n += line.rfind(prefix, 0) == 0;
  return n;
}

}  // namespace sb::test
