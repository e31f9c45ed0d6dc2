// Argument validators shared by the CLI's commands, so that every command words the same mistake
// the same way.
#pragma once

#include <CLI/CLI.hpp>
#include <cctype>
#include <string>

#include "limits.hpp"

namespace sb::cli {

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

}  // namespace sb::cli
