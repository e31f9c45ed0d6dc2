#include "nqueens/reference.hpp"

#include <array>

namespace sb::nqueens::reference {
namespace {

// OEIS A000170, n = 1..27: https://oeis.org/A000170
constexpr std::array<std::uint64_t, kMaxN> kA000170 = {
    1ULL,
    0ULL,
    0ULL,
    2ULL,
    10ULL,
    4ULL,
    40ULL,
    92ULL,
    352ULL,
    724ULL,
    2680ULL,
    14200ULL,
    73712ULL,
    365596ULL,
    2279184ULL,
    14772512ULL,
    95815104ULL,
    666090624ULL,
    4968057848ULL,
    39029188884ULL,
    314666222712ULL,
    2691008701644ULL,
    24233937684440ULL,
    227514171973736ULL,
    2207893435808352ULL,
    22317699616364044ULL,
    234907967154122528ULL,
};

// OEIS A002562, n = 1..27: https://oeis.org/A002562
constexpr std::array<std::uint64_t, kMaxN> kA002562 = {
    1ULL,
    0ULL,
    0ULL,
    1ULL,
    2ULL,
    1ULL,
    6ULL,
    12ULL,
    46ULL,
    92ULL,
    341ULL,
    1787ULL,
    9233ULL,
    45752ULL,
    285053ULL,
    1846955ULL,
    11977939ULL,
    83263591ULL,
    621012754ULL,
    4878666808ULL,
    39333324973ULL,
    336376244042ULL,
    3029242658210ULL,
    28439272956934ULL,
    275986683743434ULL,
    2789712466510289ULL,
    29363495934315694ULL,
};

}  // namespace

std::optional<std::uint64_t> total_solutions(int n) {
  if (n < 1 || n > kMaxN) return std::nullopt;
  return kA000170[n - 1];
}

std::optional<std::uint64_t> unique_solutions(int n) {
  if (n < 1 || n > kMaxN) return std::nullopt;
  return kA002562[n - 1];
}

}  // namespace sb::nqueens::reference
