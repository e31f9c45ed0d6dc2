// Fuzz target: numeric options as the CLI reads them: the validators decimal_in and number_in
// (src/cli/validators.hpp), byte counts (parse_bytes, parse_memory_budget: --max-memory), size
// ranges (parse_range: --range) and thread lists (parse_threads: --threads). The first byte picks
// the parser, the rest is the text. Each either refuses the text (a message, or
// std::invalid_argument) or gives a value within its bounds, and a validator's canonical
// rewrite is accepted again unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "cli/validators.hpp"
#include "core/bench.hpp"
#include "core/limits.hpp"
#include "core/memory.hpp"

namespace {

void check_decimal(std::string s, long long lo, long long hi) {
  CLI::Validator v = sb::cli::decimal_in(lo, hi);
  if (!v(s).empty()) return;
  const long long x = std::stoll(s);  // the canonical rewrite is a plain integer in range
  if (x < lo || x > hi) std::abort();
  std::string again = s;
  if (!v(again).empty() || again != s) std::abort();
}

void check_number(std::string s, double lo, double hi) {
  CLI::Validator v = sb::cli::number_in(lo, hi);
  if (!v(s).empty()) return;
  const double x = std::stod(s);
  if (!(x >= lo && x <= hi)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 8) {
      case 0:
        check_decimal(text, 1, 32);
        break;
      case 1:
        check_decimal(text, 0, 4'000'000'000'000'000'000LL);
        break;
      case 2:
        check_decimal(text, -1'000'000, 1'000'000);
        break;
      case 3:
        check_number(text, 0.0, 1e9);
        break;
      case 4:
        if (sb::parse_bytes(text, "--max-memory", 1) >= (1ull << 63) * 2.0) std::abort();
        break;
      case 5:
        (void)sb::parse_memory_budget(text);
        break;
      case 6: {
        const sb::bench::Range r = sb::bench::parse_range(text);
        if (r.lo < 1 || r.lo > r.hi || r.hi > 1000) std::abort();
        break;
      }
      default: {
        const std::vector<int> t = sb::bench::parse_threads(text);
        if (t.empty()) std::abort();
        for (std::size_t i = 0; i < t.size(); ++i)
          if (t[i] < 1 || t[i] > sb::kMaxThreads || (i > 0 && t[i] <= t[i - 1])) std::abort();
      }
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
