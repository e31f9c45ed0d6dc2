// Every command reports output it could not write (as coreutils do): with standard output on
// /dev/full (a device whose every write fails with ENOSPC) the command exits 1 with one line on
// stderr naming the write error, while the same command with writable output exits 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using sb::test::run_command;

struct Case {
  std::string args;   ///< the command's words after `searchbench`
  std::string input;  ///< its standard input (the protocol modes read commands)
};

const std::vector<Case>& cases() {
  static const std::vector<Case> c = {
      {"nqueens count -n 8 -f csv", ""},
      {"nqueens count -n 8", ""},
      {"queens-game solve -n 4 -k memo", ""},
      {"tsume solve --puzzle head-gold -k dfpn", ""},
      {"tsume perft -d 2", ""},
      {"tsume list", ""},
      {"mnk solve --board 3x3 -k 3 --kernel pns -f json", ""},
      {"gomoku solve -i vcf01 -k vcf", ""},
      {"list", ""},
      {"signature", ""},
      {"--version", ""},
      {"bench --problem nqueens --kernels bitboard --n 6 --dry-run --out x.csv", ""},
      {"tsume usi", "usi\nisready\nquit\n"},
      {"gomoku pbrain", "START 15\nABOUT\nEND\n"},
  };
  return c;
}

std::string cli(const Case& c) {
  return "'" + std::string(SEARCHBENCH_CLI) + "' " + c.args;
}

TEST(StdoutErrors, AFailedWriteIsReportedWithExitOne) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  for (const Case& c : cases()) {
    // In a subshell: run_command's own redirection of stdout comes after the command.
    std::string command = "(";
    command += cli(c);
    command += " >/dev/full)";
    const auto r = run_command(command, c.input);
    EXPECT_EQ(r.exit_code, 1) << c.args << "\n" << r.err;
    // The error is the last line of stderr and the only one that says error (signature also
    // writes its timing there, lines starting "signature: ").
    std::istringstream err(r.err);
    int others = 0;
    for (std::string line; std::getline(err, line);)
      others += c.args == "signature" && line.rfind("signature: ", 0) == 0 ? 0 : 1;
    EXPECT_EQ(others, 1) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find("searchbench: error: writing standard output: No space left on device\n"),
              std::string::npos)
        << c.args << "\n"
        << r.err;
  }
}

TEST(StdoutErrors, WritableOutputExitsZero) {
  for (const Case& c : cases()) {
    const auto r = run_command(cli(c), c.input);
    EXPECT_EQ(r.exit_code, 0) << c.args << "\n" << r.err;
    EXPECT_EQ(r.err.find("error"), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_FALSE(r.out.empty()) << c.args;
  }
}

}  // namespace
