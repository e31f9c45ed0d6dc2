// Validation and counting helpers shared by the N-queens kernels and their registration.
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "core/limits.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

void validate(const Params& p, int min_n, int max_n, const char* kernel) {
  if (p.n < min_n || p.n > max_n)
    throw std::invalid_argument(std::string("kernel '") + kernel + "' accepts n from " +
                                std::to_string(min_n) + " to " + std::to_string(max_n) + ", got " +
                                std::to_string(p.n));
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument("thread count must be from 1 to " + std::to_string(kMaxThreads) +
                                ", got " + std::to_string(p.threads));
}

double placements(int n) {
  // C(n^2, n) = prod_{i=1..n} (n^2 - n + i) / i
  const double m = static_cast<double>(n) * n;
  double c = 1;
  for (int i = 1; i <= n; ++i) c = c * (m - n + i) / i;
  return c;
}

std::string placements_text(int n) {
  const int squares = n * n;
  unsigned __int128 c = 1;
  bool exact = true;
  long double approx = 1;
  for (int i = 1; i <= n; ++i) {  // C(s, i) = C(s, i-1) * (s - i + 1) / i, exact at every step
    approx = approx * (squares - i + 1) / i;
    if (exact) {
      const unsigned __int128 f = static_cast<unsigned __int128>(squares - i + 1);
      if (c > (~static_cast<unsigned __int128>(0)) / f)
        exact = false;
      else
        c = c * f / static_cast<unsigned __int128>(i);
    }
  }
  if (!exact) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "about %.3Le", approx);
    return buf;
  }
  std::string digits;  // least significant first, a comma after every third digit
  int count = 0;
  do {
    if (count > 0 && count % 3 == 0) digits += ',';
    digits += static_cast<char>('0' + static_cast<int>(c % 10));
    c /= 10;
    ++count;
  } while (c != 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace sb::nqueens
