#include "core/memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sb {

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 1ull << 32;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t usable_memory() {
  std::uint64_t m = physical_memory();
  for (int which : {RLIMIT_AS, RLIMIT_DATA}) {
    rlimit r{};
    if (::getrlimit(which, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
      m = std::min<std::uint64_t>(m, static_cast<std::uint64_t>(r.rlim_cur));
  }
  return m;
}

std::uint64_t available_memory() {
  const std::uint64_t usable = usable_memory();
  std::ifstream in("/proc/meminfo");
  constexpr std::string_view kKey = "MemAvailable:";
  std::string line;  // "MemAvailable:   18874368 kB" (some lines have no unit)
  while (std::getline(in, line))
    if (line.rfind(kKey, 0) == 0)
      return std::min<std::uint64_t>(usable,
                                     std::strtoull(line.c_str() + kKey.size(), nullptr, 10) * 1024);
  return usable;
}

std::uint64_t parse_bytes(const std::string& s, const std::string& option,
                          std::uint64_t min_bytes) {
  if (s.empty()) return 0;
  const std::string bad = option + " '" + s + "' is not a size such as 512M or 4G";
  // Digits and one decimal point first: no sign, exponent, hex, "nan" or "inf".
  std::size_t pos = 0;
  bool digit = false, point = false;
  for (; pos < s.size(); ++pos) {
    const char c = s[pos];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digit = true;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (!digit) throw std::invalid_argument(bad);
  // strtod, not stod: a number too large for a double is infinity (refused below as too large)
  // and one too small is 0 or subnormal, where stod would throw std::out_of_range.
  const double v = std::strtod(s.substr(0, pos).c_str(), nullptr);
  std::string unit = s.substr(pos);
  for (auto& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  double mul = 1;
  if (unit.empty() || unit == "B")
    mul = 1;
  else if (unit == "K" || unit == "KB" || unit == "KIB")
    mul = 1024.0;
  else if (unit == "M" || unit == "MB" || unit == "MIB")
    mul = 1024.0 * 1024;
  else if (unit == "G" || unit == "GB" || unit == "GIB")
    mul = 1024.0 * 1024 * 1024;
  else if (unit == "T" || unit == "TB" || unit == "TIB")
    mul = 1024.0 * 1024 * 1024 * 1024;
  else
    throw std::invalid_argument(option + " '" + s + "': unknown unit '" + s.substr(pos) +
                                "' (use K, M, G or T, alone or with B or iB)");
  const double bytes = v * mul;
  if (!std::isfinite(bytes) || bytes >= 18446744073709551616.0) throw std::invalid_argument(bad);
  if (bytes < static_cast<double>(min_bytes))
    throw std::invalid_argument(option + " must be at least " +
                                (min_bytes % (1u << 20) == 0
                                     ? std::to_string(min_bytes >> 20) + "M"
                                     : std::to_string(min_bytes >> 10) + "K") +
                                ", got '" + s + "'");
  return static_cast<std::uint64_t>(bytes);
}

std::uint64_t parse_memory_budget(const std::string& text, const std::string& option,
                                  std::uint64_t min_bytes) {
  const std::uint64_t b = parse_bytes(text, option, min_bytes);
  if (b > physical_memory())
    throw std::invalid_argument(option + " " + text + " is more than the physical memory (" +
                                std::to_string(physical_memory() >> 20) + " MiB)");
  return b;
}

}  // namespace sb
