// Tests of the `naive` N-queens kernel (kernels/nqueens/naive.cpp): Q(n) and U(n) against the
// published tables, nodes == C(n^2, n), identical results for any thread count, range checks.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

#include "core/progress.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/reference.hpp"

namespace {

using sb::nqueens::naive;
using sb::nqueens::Params;
using sb::nqueens::Result;

/// Binomial coefficient C(m, k), computed exactly (each partial product is a binomial).
std::uint64_t binomial(std::uint64_t m, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (m - k + i) / i;
  return r;
}

Result run(int n, int threads, sb::Progress* progress = nullptr) {
  Params p;
  p.n = n;
  p.threads = threads;
  p.progress = progress;
  return naive(p);
}

TEST(Naive, BinomialHelper) {
  EXPECT_EQ(binomial(1, 1), 1u);
  EXPECT_EQ(binomial(4, 2), 6u);
  EXPECT_EQ(binomial(9, 3), 84u);
  EXPECT_EQ(binomial(49, 7), 85900584u);
  EXPECT_EQ(binomial(64, 8), 4426165368u);
  // The cost model's and the refusal message's counts agree with it.
  for (int n = 1; n <= 8; ++n)
    EXPECT_DOUBLE_EQ(sb::nqueens::placements(n),
                     static_cast<double>(binomial(static_cast<std::uint64_t>(n) * n, n)));
  EXPECT_EQ(sb::nqueens::placements_text(8), "4,426,165,368");
}

TEST(Naive, MatchesReferenceAndTestsEveryPlacement) {
  for (int n = 1; n <= 7; ++n) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const Result r = run(n, 2);
    EXPECT_EQ(r.total, *sb::nqueens::reference::total_solutions(n));
    EXPECT_EQ(r.unique, *sb::nqueens::reference::unique_solutions(n));
    EXPECT_EQ(r.nodes, binomial(static_cast<std::uint64_t>(n) * n, n));
#ifdef SEARCHBENCH_WITH_TBB
    EXPECT_EQ(r.threads, 2);
#else
    EXPECT_EQ(r.threads, 1);  // built without oneTBB: serial
#endif
  }
}

TEST(Naive, SmallBoards) {
  const Result r1 = run(1, 1);
  EXPECT_EQ(r1.total, 1u);
  EXPECT_EQ(r1.unique, 1u);
  EXPECT_EQ(r1.nodes, 1u);
  for (int n : {2, 3}) {
    const Result r = run(n, 1);
    EXPECT_EQ(r.total, 0u);
    EXPECT_EQ(r.unique, 0u);
    EXPECT_EQ(r.nodes, n == 2 ? 6u : 84u);
  }
}

TEST(Naive, SameResultForAnyThreadCount) {
  for (int n : {5, 6, 7}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const Result r1 = run(n, 1);
    for (int t : {2, 4}) {
      const Result rt = run(n, t);
      EXPECT_EQ(rt.total, r1.total);
      EXPECT_EQ(rt.unique, r1.unique);
      EXPECT_EQ(rt.nodes, r1.nodes);
#ifdef SEARCHBENCH_WITH_TBB
      EXPECT_EQ(rt.threads, t);
#endif
    }
  }
}

TEST(Naive, ProgressCountsEveryTask) {
  sb::Progress progress;
  run(6, 2, &progress);
  EXPECT_GT(progress.total.load(), 0u);
  EXPECT_EQ(progress.done.load(), progress.total.load());
}

TEST(Naive, RejectsOutOfRange) {
  EXPECT_THROW(run(0, 1), std::invalid_argument);
  EXPECT_THROW(run(10, 1), std::invalid_argument);
  EXPECT_THROW(run(5, 0), std::invalid_argument);
}

}  // namespace
