// GoogleTest expectations on a CLI run, shared by the CLI tests: the project's rule for bad input
// is one line on stderr ("searchbench: error: ..."), nothing on stdout, exit code 2.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

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

/// A run refused as bad input: exit 2, one line on stderr containing `what`, nothing on stdout.
inline void expect_refused(const RunResult& r, const std::string& what) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

/// The fields of one CSV line (RFC 4180 quoting: quoted fields may hold commas and "").
inline std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out;
  std::string f;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') {
      f += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.push_back(f);
      f.clear();
    } else {
      f += c;
    }
  }
  out.push_back(f);
  return out;
}

/// The value of column `name` in CSV output of a header and one row (a failure when absent).
inline std::string csv_column(const std::string& csv, const std::string& name) {
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  const auto names = csv_fields(header), values = csv_fields(row);
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    if (names[i] == name) return values[i];
  ADD_FAILURE() << "no column " << name << " in " << csv;
  return "(no column " + name + ")";
}

}  // namespace sb::test
