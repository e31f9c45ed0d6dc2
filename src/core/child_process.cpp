// A child process on pipes (child_process.hpp).
#include "core/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace sb {

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) words.push_back(cur);
      cur.clear();
      in_word = false;
    } else if (c == '\'') {
      const std::size_t end = command.find('\'', i + 1);
      if (end == std::string::npos)
        throw std::invalid_argument("unclosed ' in the command '" + command + "'");
      cur += command.substr(i + 1, end - i - 1);
      i = end;
      in_word = true;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < command.size() && command[j] != '"'; ++j) {
        if (command[j] == '\\' && j + 1 < command.size() &&
            (command[j + 1] == '"' || command[j + 1] == '\\'))
          ++j;
        cur += command[j];
      }
      if (j >= command.size())
        throw std::invalid_argument("unclosed \" in the command '" + command + "'");
      i = j;
      in_word = true;
    } else if (c == '\\' && i + 1 < command.size()) {
      cur += command[++i];
      in_word = true;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(cur);
  if (words.empty()) throw std::invalid_argument("an empty command");
  return words;
}

namespace {

bool executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string find_program(const std::string& program) {
  if (program.empty()) return "";
  if (program.find('/') != std::string::npos) return executable_file(program) ? program : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t a = 0;
  while (a <= dirs.size()) {
    std::size_t b = dirs.find(':', a);
    if (b == std::string::npos) b = dirs.size();
    const std::string dir = b > a ? dirs.substr(a, b - a) : ".";
    const std::string full = dir + "/" + program;
    if (executable_file(full)) return full;
    a = b + 1;
  }
  return "";
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::string& cwd) {
  if (argv.empty()) throw std::runtime_error("no program to start");
  // everything the child needs is prepared before fork: between fork and exec it may only make
  // async-signal-safe calls (this process can have other threads)
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int to_child[2], from_child[2], exec_error[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) throw std::runtime_error(std::strerror(errno));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]), ::close(to_child[1]);
    throw std::runtime_error(std::strerror(errno));
  }
  if (::pipe2(exec_error, O_CLOEXEC) != 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    throw std::runtime_error(std::strerror(errno));
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int e = errno;
    for (int fd :
         {to_child[0], to_child[1], from_child[0], from_child[1], exec_error[0], exec_error[1]})
      ::close(fd);
    throw std::runtime_error(std::string("fork: ") + std::strerror(e));
  }
  if (pid == 0) {
    ::setpgid(0, 0);
#ifdef __linux__
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before prctl
#endif
    ::signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    int e = 0;
    if (::dup2(to_child[0], STDIN_FILENO) < 0 || ::dup2(from_child[1], STDOUT_FILENO) < 0)
      e = errno;
    else if (!cwd.empty() && ::chdir(cwd.c_str()) != 0)
      e = errno;
    else
      ::execvp(args[0], args.data());
    if (e == 0) e = errno;
    ssize_t w = ::write(exec_error[1], &e, sizeof e);
    (void)w;
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here: no signal to the group may precede the child's own call
  ::close(to_child[0]);
  ::close(from_child[1]);
  ::close(exec_error[1]);
  pid_ = pid;
  in_ = to_child[1];
  out_ = from_child[0];
  int e = 0;
  ssize_t n;
  do {
    n = ::read(exec_error[0], &e, sizeof e);
  } while (n < 0 && errno == EINTR);
  ::close(exec_error[0]);
  if (n == static_cast<ssize_t>(sizeof e)) {
    reap(true);
    ::close(in_), ::close(out_);
    in_ = out_ = -1;
    throw std::runtime_error("cannot start '" + argv[0] + "'" +
                             (cwd.empty() ? "" : " in '" + cwd + "'") + ": " + std::strerror(e));
  }
}

ChildProcess::~ChildProcess() {
  kill();
  if (in_ >= 0) ::close(in_);
  if (out_ >= 0) ::close(out_);
}

bool ChildProcess::write_line(const std::string& line) {
  if (in_ < 0) return false;
  const std::string s = line + "\n";
  // SIGPIPE is blocked while writing (a child that is gone gives EPIPE, not the signal) and a
  // pending one is consumed, so the process-wide disposition stays as it is
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  ::pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  bool ok = true;
  bool broken = false;
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t w = ::write(in_, s.data() + done, s.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      broken = errno == EPIPE;
      ok = false;
      break;
    }
    done += static_cast<std::size_t>(w);
  }
  if (broken) {
    const struct timespec zero = {0, 0};
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE)) ::sigtimedwait(&pipe_set, nullptr, &zero);
  }
  ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (!ok) {
    ::close(in_);
    in_ = -1;
  }
  return ok;
}

ChildProcess::Read ChildProcess::read_line(std::string* line, Clock::time_point deadline) {
  constexpr std::size_t kMaxLine = 64 * 1024;
  for (;;) {
    // a complete line in the buffer: LF, CR or CR LF ends it; empty lines are skipped
    std::size_t end;
    while ((end = buffer_.find_first_of("\r\n")) != std::string::npos) {
      std::string l = buffer_.substr(0, end);
      std::size_t skip = end + 1;
      if (buffer_[end] == '\r' && end + 1 < buffer_.size() && buffer_[end + 1] == '\n') ++skip;
      buffer_.erase(0, skip);
      if (l.size() > kMaxLine) l.resize(kMaxLine);
      if (!l.empty()) {
        *line = std::move(l);
        return Read::kLine;
      }
    }
    if (eof_ || out_ < 0) {
      if (!buffer_.empty()) {  // a last line without its end
        *line = buffer_.substr(0, kMaxLine);
        buffer_.clear();
        return Read::kLine;
      }
      return Read::kClosed;
    }
    const auto now = Clock::now();
    if (now >= deadline) return Read::kTimeout;
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
    struct pollfd p = {out_, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(std::min<long long>(ms, 1 << 30)));
    if (r < 0 && errno != EINTR) return Read::kClosed;
    if (r <= 0) continue;
    char buf[4096];
    const ssize_t n = ::read(out_, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      eof_ = true;
    } else if (n == 0) {
      eof_ = true;
    } else {
      // a line longer than the cap keeps only its first kMaxLine bytes
      buffer_.append(buf, static_cast<std::size_t>(n));
      if (buffer_.size() > 2 * kMaxLine && buffer_.find_first_of("\r\n") == std::string::npos)
        buffer_.resize(kMaxLine + 1);
    }
  }
}

void ChildProcess::suspend() {
  if (reaped_ || pid_ <= 0) return;
  if (::kill(-pid_, SIGSTOP) != 0) ::kill(pid_, SIGSTOP);
  // kill() only makes the signal pending: a child waiting for a core (state R) would run on
  // until the scheduler picks it. Waiting for the stop makes it certain when this returns.
  int st = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &st, WUNTRACED);
  } while (r < 0 && errno == EINTR);
  if (r == pid_ && !WIFSTOPPED(st)) {
    reaped_ = true;  // it ended instead
    status_ = st;
  }
}

void ChildProcess::resume() {
  if (reaped_ || pid_ <= 0) return;
  if (::kill(-pid_, SIGCONT) != 0) ::kill(pid_, SIGCONT);
}

void ChildProcess::reap(bool block) {
  if (reaped_ || pid_ <= 0) return;
  int st = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &st, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == pid_) {
    reaped_ = true;
    status_ = st;
  } else if (r < 0) {
    reaped_ = true;  // not our child any more (cannot happen): nothing to wait for
  }
}

bool ChildProcess::exited() {
  reap(false);
  return reaped_;
}

std::string ChildProcess::exit_text() {
  reap(false);
  if (!reaped_) return "";
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    const int s = WTERMSIG(status_);
    const char* name = ::strsignal(s);
    return "killed by signal " + std::to_string(s) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended";
}

void ChildProcess::finish(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return;
  if (in_ >= 0) {  // end of input tells a well-behaved child to stop too
    ::close(in_);
    in_ = -1;
  }
  const auto until = Clock::now() + grace;
  while (!exited() && Clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill();
}

void ChildProcess::kill() {
  if (pid_ <= 0) return;
  // only while the child is not yet reaped: its pid (and so its group's id) is still ours
  if (reaped_) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);  // in case the group was never formed
  reap(true);
}

}  // namespace sb
