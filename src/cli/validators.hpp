// Argument validators shared by the CLI's commands, so that every command words the same mistake
// the same way.
#pragma once

#include <CLI/CLI.hpp>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "core/csv.hpp"
#include "core/limits.hpp"

namespace sb::cli {

/// A bound as text for messages: integers without a fraction ("1000000000"), others as %g.
inline std::string format_number(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

/// Accepts a plain decimal integer from lo to hi (leading zeros allowed and read as decimal, not
/// octal; no hex, no fractions, no trailing text) and rewrites it in canonical form for CLI11's
/// conversion. The error names the range: "must be an integer from 1 to 32, got '8x'".
inline CLI::Validator decimal_in(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const std::string bad = "must be an integer from " + std::to_string(lo) + " to " +
                                std::to_string(hi) + ", got '" + s + "'";
        std::size_t i = 0;
        bool negative = false;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
        if (i == s.size()) return bad;
        long long v = 0;
        for (; i < s.size(); ++i) {
          if (!std::isdigit(static_cast<unsigned char>(s[i]))) return bad;
          if (v > (hi + 10) / 10 + 1) return bad;  // far outside: stop before overflow
          v = v * 10 + (s[i] - '0');
        }
        if (negative) v = -v;
        if (v < lo || v > hi) return bad;
        s = std::to_string(v);
        return "";
      },
      "INT in [" + std::to_string(lo) + ".." + std::to_string(hi) + "]", "DECIMAL");
}

/// Accepts a finite decimal number from lo to hi ("2.5", "10", "1e3"; not NaN, inf, hex floats
/// or trailing text) and rewrites it in canonical form. The error names the range.
inline CLI::Validator number_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const std::string bad = "must be a number from " + format_number(lo) + " to " +
                                format_number(hi) + ", got '" + s + "'";
        if (s.empty() || s.find_first_not_of("0123456789.eE+-") != std::string::npos) return bad;
        std::size_t pos = 0;
        double v = 0;
        try {
          v = std::stod(s, &pos);
        } catch (const std::exception&) {
          return bad;
        }
        if (pos != s.size() || !std::isfinite(v) || v < lo || v > hi) return bad;
        return "";
      },
      "NUMBER in [" + format_number(lo) + ".." + format_number(hi) + "]", "NUMBER");
}

/// Refuses an empty value (`--journal ""`), which would otherwise read as "not given".
inline CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& s) -> std::string { return s.empty() ? "must not be empty" : ""; }, "",
      "NON_EMPTY");
}

/// Refuses an output file that could not take a finished result (sb::result_path's checks: an
/// empty name, a directory, an existing device, FIFO or socket), before any work is done.
inline CLI::Validator result_file() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        try {
          (void)sb::result_path(s);
        } catch (const std::runtime_error& e) {
          return e.what();
        }
        return "";
      },
      "", "RESULT_FILE");
}

}  // namespace sb::cli
