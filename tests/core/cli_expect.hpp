// GoogleTest expectations on a CLI run, shared by the CLI tests: the project's rule for bad input
// is one line on stderr ("searchbench: error: ..."), nothing on stdout, exit code 2.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "cli_runner.hpp"

namespace sb::test {

/// Newline-terminated lines in s.
inline int count_lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

/// `searchbench <args>` is refused as bad input: exit 2, one line on stderr that starts with
/// "searchbench: error: " (and contains must_contain, when given), nothing on stdout.
inline void expect_usage_error(const std::string& args, const std::string& must_contain = "") {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  EXPECT_TRUE(r.out.empty()) << args << " printed on stdout: " << r.out;
  EXPECT_EQ(count_lines(r.err), 1) << args << ": " << r.err;
  EXPECT_EQ(r.err.rfind("searchbench: error: ", 0), 0u) << args << ": " << r.err;
  if (!must_contain.empty()) {
    EXPECT_NE(r.err.find(must_contain), std::string::npos) << args << ": " << r.err;
  }
}

}  // namespace sb::test
