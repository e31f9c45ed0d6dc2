// A child process on pipes, for referees of line protocols (an engine on stdin/stdout): started
// from a command line split into words (no shell), in its own process group so that stopping
// (SIGSTOP / SIGCONT) and killing reach every process it starts; lines read with a deadline.
//
// The child: stdin and stdout are pipes to this process, stderr is inherited; it runs in the
// directory given (the engine's own folder, as game managers run engines); SIGPIPE and the signal
// mask are reset to their defaults; on Linux it is killed when this process dies
// (PR_SET_PDEATHSIG). A program that cannot be started is reported by the constructor (the exec
// error travels back on a close-on-exec pipe). POSIX only.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace sb {

/// Splits a command line into words: blanks separate words; '...' keeps its text as is; "..."
/// keeps its text with \" and \\ as escapes; a backslash outside quotes escapes the next
/// character. Throws std::invalid_argument (one line) on an unclosed quote or no words.
std::vector<std::string> split_command(const std::string& command);

/// The path execvp would run for `program` (a name without '/' is looked up in PATH), or "" when
/// there is no executable file there.
std::string find_program(const std::string& program);

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  /// Starts argv[0] (looked up in PATH when it has no '/') with its arguments in directory `cwd`
  /// ("" the current one). Throws std::runtime_error (one line) when it cannot be started.
  ChildProcess(const std::vector<std::string>& argv, const std::string& cwd);
  /// Kills the process group (SIGKILL, after SIGCONT) if still running and reaps the child.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  /// Writes `line` and '\n' to the child's stdin; false when the pipe is closed (the child is
  /// gone or closed its input).
  bool write_line(const std::string& line);

  enum class Read { kLine, kTimeout, kClosed };
  /// The next non-empty line of the child's stdout (ended by LF, CR or CR LF; cut at 64 KiB),
  /// waiting until `deadline`. kClosed: end of output (the child exited or closed stdout).
  Read read_line(std::string* line, Clock::time_point deadline);

  /// Stops the process group (SIGSTOP; returns once the child itself has stopped, or ended) or
  /// lets it run again (SIGCONT).
  void suspend();
  void resume();

  /// Waits up to `grace` for the child to exit by itself (after an END command, say), then kills
  /// the process group; reaps the child.
  void finish(std::chrono::milliseconds grace);
  /// Kills the process group at once and reaps the child.
  void kill();

  /// True when the child has exited (reaped here; does not block).
  bool exited();
  /// How the child ended: "exited with status N", "killed by signal N (name)"; "" while running.
  std::string exit_text();

  pid_t pid() const { return pid_; }

 private:
  void reap(bool block);
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: the child's stdin (write), its stdout (read)
  bool reaped_ = false;
  int status_ = 0;
  std::string buffer_;  // bytes read and not yet returned as lines
  bool eof_ = false;
};

}  // namespace sb
