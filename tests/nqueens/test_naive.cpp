// Tests of the two naive N-queens kernels, naive-full-check (kernels/nqueens/naive_full_check.cpp:
// one placement and one full check at a time) and naive-bitparallel
// (kernels/nqueens/naive_bitparallel.cpp): Q(n) and U(n) against the published tables,
// nodes == C(n^2, n), identical results for any thread count, range checks.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/progress.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/reference.hpp"

namespace {

using sb::nqueens::Kernel;
using sb::nqueens::Params;
using sb::nqueens::Result;

/// Binomial coefficient C(m, k), computed exactly (each partial product is a binomial).
std::uint64_t binomial(std::uint64_t m, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (m - k + i) / i;
  return r;
}

Result run(Kernel k, int n, int threads, sb::Progress* progress = nullptr) {
  Params p;
  p.n = n;
  p.threads = threads;
  p.progress = progress;
  return k(p);
}

struct Named {
  const char* name;
  Kernel kernel;
  int max_n;  // largest n tested here (runs within a second or so)
};
const Named kNaive[] = {{"naive-full-check", sb::nqueens::naive_full_check, 6},
                        {"naive-bitparallel", sb::nqueens::naive_bitparallel, 7}};

#ifdef SEARCHBENCH_WITH_TBB
constexpr bool kParallel = true;
#else
constexpr bool kParallel = false;  // both then run serially and report 1 thread
#endif

TEST(Naive, BinomialHelper) {
  EXPECT_EQ(binomial(1, 1), 1u);
  EXPECT_EQ(binomial(4, 2), 6u);
  EXPECT_EQ(binomial(9, 3), 84u);
  EXPECT_EQ(binomial(49, 7), 85900584u);
  EXPECT_EQ(binomial(64, 8), 4426165368u);
}

TEST(Naive, MatchesReferenceAndTestsEveryPlacement) {
  for (const auto& k : kNaive) {
    for (int n = 1; n <= k.max_n; ++n) {
      SCOPED_TRACE(std::string(k.name) + " n = " + std::to_string(n));
      const Result r = run(k.kernel, n, 2);
      EXPECT_EQ(r.total, *sb::nqueens::reference::total_solutions(n));
      EXPECT_EQ(r.unique, *sb::nqueens::reference::unique_solutions(n));
      EXPECT_EQ(r.nodes, binomial(static_cast<std::uint64_t>(n) * n, n));
      EXPECT_EQ(r.threads, kParallel ? 2 : 1);
    }
  }
}

TEST(Naive, SmallBoards) {
  for (const auto& k : kNaive) {
    SCOPED_TRACE(k.name);
    const Result r1 = run(k.kernel, 1, 1);
    EXPECT_EQ(r1.total, 1u);
    EXPECT_EQ(r1.unique, 1u);
    EXPECT_EQ(r1.nodes, 1u);
    for (int n : {2, 3}) {
      const Result r = run(k.kernel, n, 1);
      EXPECT_EQ(r.total, 0u);
      EXPECT_EQ(r.unique, 0u);
      EXPECT_EQ(r.nodes, n == 2 ? 6u : 84u);
    }
  }
}

TEST(Naive, SameResultForAnyThreadCount) {
  for (const auto& k : kNaive) {
    for (int n : {4, 5, 6}) {
      SCOPED_TRACE(std::string(k.name) + " n = " + std::to_string(n));
      const Result r1 = run(k.kernel, n, 1);
      for (int t : {2, 3}) {
        const Result rt = run(k.kernel, n, t);
        EXPECT_EQ(rt.total, r1.total);
        EXPECT_EQ(rt.unique, r1.unique);
        EXPECT_EQ(rt.nodes, r1.nodes);
        EXPECT_EQ(rt.threads, kParallel ? t : 1);
      }
    }
  }
}

TEST(Naive, ProgressCountsEveryTask) {
  for (const auto& k : kNaive) {
    sb::Progress progress;
    run(k.kernel, 5, 2, &progress);
    EXPECT_GT(progress.total.load(), 0u) << k.name;
    EXPECT_EQ(progress.done.load(), progress.total.load()) << k.name;
  }
}

TEST(Naive, RejectsOutOfRange) {
  for (const auto& k : kNaive) {
    EXPECT_THROW(run(k.kernel, 0, 1), std::invalid_argument) << k.name;
    EXPECT_THROW(run(k.kernel, 10, 1), std::invalid_argument) << k.name;
    EXPECT_THROW(run(k.kernel, 5, 0), std::invalid_argument) << k.name;
  }
}

}  // namespace
