// The child process on pipes (src/core/child_process.hpp): command splitting, lines both ways,
// deadlines, the end of output, exit statuses, stopping and killing the process group.
#include "core/child_process.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

using sb::ChildProcess;
using namespace std::chrono_literals;

TEST(ChildProcess, SplitCommand) {
  using V = std::vector<std::string>;
  EXPECT_EQ(sb::split_command("a b  c"), (V{"a", "b", "c"}));
  EXPECT_EQ(sb::split_command("  /x/pbrain-y --level 3 "), (V{"/x/pbrain-y", "--level", "3"}));
  EXPECT_EQ(sb::split_command("'a b' \"c \\\"d\\\" \\\\\" e\\ f"), (V{"a b", "c \"d\" \\", "e f"}));
  EXPECT_EQ(sb::split_command("a'b'\"c\""), (V{"abc"}));
  EXPECT_EQ(sb::split_command("''"), (V{""}));
  EXPECT_THROW(sb::split_command(""), std::invalid_argument);
  EXPECT_THROW(sb::split_command("   "), std::invalid_argument);
  EXPECT_THROW(sb::split_command("'open"), std::invalid_argument);
  EXPECT_THROW(sb::split_command("\"open"), std::invalid_argument);
}

TEST(ChildProcess, FindProgram) {
  EXPECT_EQ(sb::find_program("/bin/sh"), "/bin/sh");
  EXPECT_FALSE(sb::find_program("sh").empty());
  EXPECT_EQ(sb::find_program("/nonexistent/x"), "");
  EXPECT_EQ(sb::find_program("no-such-program-in-path-x"), "");
  EXPECT_EQ(sb::find_program("/tmp"), "") << "a directory is no program";
}

TEST(ChildProcess, LinesBothWaysWithDeadlines) {
  // the child answers each line with its text in upper case, ends lines in CR LF or CR
  ChildProcess p({"/bin/sh", "-c",
                  "while read -r l; do printf '%s\\r\\n\\r' \"$(echo \"$l\" | tr a-z A-Z)\"; "
                  "done; exit 4"},
                 "/");
  std::string line;
  ASSERT_TRUE(p.write_line("hello"));
  ASSERT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kLine);
  EXPECT_EQ(line, "HELLO");
  ASSERT_TRUE(p.write_line("two"));
  ASSERT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kLine);
  EXPECT_EQ(line, "TWO") << "the empty line after CR LF is skipped";
  const auto t0 = ChildProcess::Clock::now();
  EXPECT_EQ(p.read_line(&line, t0 + 100ms), ChildProcess::Read::kTimeout);
  EXPECT_GE(ChildProcess::Clock::now() - t0, 100ms);
  // stopped, the child does not answer; continued, it does
  p.suspend();
  ASSERT_TRUE(p.write_line("three"));
  EXPECT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 200ms), ChildProcess::Read::kTimeout);
  p.resume();
  ASSERT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kLine);
  EXPECT_EQ(line, "THREE");
  EXPECT_EQ(p.exit_text(), "");
  p.finish(5000ms);  // end of input: the loop ends, exit 4
  EXPECT_EQ(p.exit_text(), "exited with status 4");
}

TEST(ChildProcess, EndOfOutputAndSignals) {
  {
    ChildProcess p({"/bin/sh", "-c", "echo last; exit 3"}, "");
    std::string line;
    ASSERT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kLine);
    EXPECT_EQ(line, "last");
    EXPECT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kClosed);
    p.finish(5000ms);
    EXPECT_EQ(p.exit_text(), "exited with status 3");
    EXPECT_FALSE(p.write_line("anyone?")) << "a closed pipe is reported, not a SIGPIPE";
  }
  {
    ChildProcess p({"/bin/sh", "-c", "kill -SEGV $$"}, "");
    std::string line;
    EXPECT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kClosed);
    p.finish(5000ms);
    EXPECT_EQ(p.exit_text().rfind("killed by signal 11", 0), 0u) << p.exit_text();
  }
  {
    // the process group: a grandchild writes its pid; kill() ends it too
    ChildProcess p({"/bin/sh", "-c", "sleep 30 & echo $!; wait"}, "");
    std::string line;
    ASSERT_EQ(p.read_line(&line, ChildProcess::Clock::now() + 5s), ChildProcess::Read::kLine);
    const pid_t grandchild = std::stoi(line);
    p.kill();
    EXPECT_EQ(p.exit_text(), "killed by signal 9 (Killed)");
    for (int i = 0; i < 500 && ::kill(grandchild, 0) == 0; ++i) {
      std::ifstream stat("/proc/" + std::to_string(grandchild) + "/stat");
      std::string s;
      std::getline(stat, s);
      if (s.find(") Z ") != std::string::npos || s.empty()) break;  // a zombie or reaped
      usleep(10000);
    }
    std::ifstream stat("/proc/" + std::to_string(grandchild) + "/stat");
    std::string s;
    std::getline(stat, s);
    EXPECT_TRUE(s.empty() || s.find(") Z ") != std::string::npos) << s;
  }
  EXPECT_THROW(ChildProcess({"/nonexistent/program"}, ""), std::runtime_error);
  EXPECT_THROW(ChildProcess({"/bin/sh"}, "/nonexistent/dir"), std::runtime_error);
}
