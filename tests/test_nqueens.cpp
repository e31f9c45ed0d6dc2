// N-queens kernels against OEIS A000170 / A002562 and against each other.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nqueens.hpp"
#include "nqueens_boards.hpp"
#include "nqueens_symmetry.hpp"
#include "reference.hpp"
#include "registry.hpp"

namespace {

using sb::nqueens::Params;
using sb::nqueens::Result;

const sb::KernelInfo& kernel(const char* name) {
  const auto* k = sb::find_kernel(sb::Problem::kNQueens, name);
  if (k == nullptr) throw std::runtime_error(std::string("kernel not registered: ") + name);
  return *k;
}

Result run(const char* name, int n, int threads = 1) {
  return kernel(name).nqueens(Params{n, threads, nullptr});
}

// Checks Q(n) and U(n) of `name` for n = 1..max_n against the published tables.
void expect_reference(const char* name, int max_n, int threads = 1) {
  for (int n = 1; n <= max_n; ++n) {
    const Result r = run(name, n, threads);
    EXPECT_EQ(r.total, *sb::reference::total_solutions(n)) << name << " Q(" << n << ")";
    EXPECT_EQ(r.unique, *sb::reference::unique_solutions(n)) << name << " U(" << n << ")";
  }
}

TEST(Reference, PublishedValuesSpotChecks) {
  // Values quoted in OEIS A000170 and A002562, checked by hand against the sequence pages.
  EXPECT_EQ(*sb::reference::total_solutions(1), 1u);
  EXPECT_EQ(*sb::reference::total_solutions(2), 0u);
  EXPECT_EQ(*sb::reference::total_solutions(3), 0u);
  EXPECT_EQ(*sb::reference::total_solutions(8), 92u);
  EXPECT_EQ(*sb::reference::unique_solutions(8), 12u);
  EXPECT_EQ(*sb::reference::unique_solutions(12), 1787u);
  EXPECT_EQ(*sb::reference::total_solutions(19), 4968057848ULL);  // over 2^32
  EXPECT_EQ(*sb::reference::unique_solutions(18), 83263591ULL);
  EXPECT_EQ(*sb::reference::total_solutions(27), 234907967154122528ULL);
  EXPECT_FALSE(sb::reference::total_solutions(0).has_value());
  EXPECT_FALSE(sb::reference::unique_solutions(28).has_value());
}

TEST(Reference, TablesAreConsistent) {
  // Every orbit has 2, 4 or 8 members for n >= 2, so 2 U(n) <= Q(n) <= 8 U(n); Q(n) is even.
  for (int n = 2; n <= sb::reference::kMaxN; ++n) {
    const auto q = *sb::reference::total_solutions(n), u = *sb::reference::unique_solutions(n);
    EXPECT_LE(2 * u, q) << n;
    EXPECT_LE(q, 8 * u) << n;
    EXPECT_EQ(q % 2, 0u) << n;
  }
}

TEST(Symmetry, EightQueensOrbits) {
  // Hand count: 12 fundamental solutions, 11 with 8 images and 1 with 4 (symmetric under 180
  // degrees), 11 * 8 + 4 = 92.
  int canonical = 0, weighted = 0, orbit4 = 0;
  sb::nqueens::for_each_solution(8, [&](const std::uint8_t* cols) {
    const int o = sb::nqueens::canonical_orbit_size(cols, 8);
    if (o) {
      ++canonical;
      weighted += o;
      orbit4 += o == 4;
    }
    return true;
  });
  EXPECT_EQ(canonical, 12);
  EXPECT_EQ(weighted, 92);
  EXPECT_EQ(orbit4, 1);
}

TEST(Symmetry, OneSquareIsItsOwnOrbit) {
  const std::uint8_t one[1] = {0};
  EXPECT_EQ(sb::nqueens::canonical_orbit_size(one, 1), 1);
}

TEST(Boards, FirstSolutionOfRowBacktracking) {
  std::vector<int> first;
  sb::nqueens::for_each_solution(8, [&](const std::uint8_t* cols) {
    first.assign(cols, cols + 8);
    return false;
  });
  EXPECT_EQ(first, (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));  // a1 e2 h3 f4 c5 g6 b7 d8
  const std::uint8_t c[4] = {1, 3, 0, 2};
  EXPECT_EQ(sb::nqueens::board_text(c, 4), ".Q..\n...Q\nQ...\n..Q.\n");
}

TEST(Kernels, BacktrackSquaresMatchesOeis) {
  expect_reference("backtrack-squares", 9);
}
TEST(Kernels, BacktrackRowsMatchesOeis) {
  expect_reference("backtrack-rows", 12);
}
TEST(Kernels, BitboardMatchesOeis) {
  expect_reference("bitboard", 14);
}
TEST(Kernels, BitboardSymMatchesOeis) {
  expect_reference("bitboard-sym", 15);
}
TEST(Kernels, BitboardSymTbbMatchesOeis) {
  expect_reference("bitboard-sym-tbb", 15, 2);
}
TEST(Kernels, BitboardSymOmpMatchesOeis) {
  expect_reference("bitboard-sym-omp", 15, 2);
}

TEST(Kernels, BitboardSymAtSixteen) {
  const Result r = run("bitboard-sym", 16);
  EXPECT_EQ(r.total, 14772512u);
  EXPECT_EQ(r.unique, 1846955u);
}

TEST(Kernels, SlowerKernelsAgreeNodeForNode) {
  // Different algorithms, same answers; the two row-wise searches place the same queens.
  for (int n = 1; n <= 10; ++n) {
    const Result rows = run("backtrack-rows", n), bits = run("bitboard", n);
    EXPECT_EQ(rows.total, bits.total) << n;
    EXPECT_EQ(rows.unique, bits.unique) << n;
    EXPECT_EQ(rows.nodes, bits.nodes) << n;
  }
}

TEST(Kernels, ParallelKernelsIdenticalForAnyThreadCount) {
  for (int n : {1, 4, 8, 11, 13}) {
    const Result serial = run("bitboard-sym", n);
    for (const char* name : {"bitboard-sym-tbb", "bitboard-sym-omp"}) {
      for (int t : {1, 2, 4}) {
        const Result r = run(name, n, t);
        EXPECT_EQ(r.total, serial.total) << name << " n=" << n << " t=" << t;
        EXPECT_EQ(r.unique, serial.unique) << name << " n=" << n << " t=" << t;
        EXPECT_EQ(r.nodes, serial.nodes) << name << " n=" << n << " t=" << t;
        EXPECT_EQ(r.threads, t);
      }
    }
  }
}

TEST(Kernels, SymmetryReductionSearchesFewerNodes) {
  EXPECT_LT(run("bitboard-sym", 12).nodes * 3, run("bitboard", 12).nodes);
}

TEST(Kernels, TinyBoards) {
  for (const auto& k : sb::kernels()) {
    if (k.problem != sb::Problem::kNQueens) continue;
    const Params p1{1, 1, nullptr}, p2{2, 1, nullptr}, p3{3, 1, nullptr};
    EXPECT_EQ(k.nqueens(p1).total, 1u) << k.name;
    EXPECT_EQ(k.nqueens(p1).unique, 1u) << k.name;
    EXPECT_EQ(k.nqueens(p2).total, 0u) << k.name;
    EXPECT_EQ(k.nqueens(p3).total, 0u) << k.name;
    EXPECT_EQ(k.nqueens(p3).unique, 0u) << k.name;
  }
}

TEST(Kernels, RangeAndThreadsAreChecked) {
  for (const auto& k : sb::kernels()) {
    if (k.problem != sb::Problem::kNQueens) continue;
    EXPECT_THROW(k.nqueens(Params{0, 1, nullptr}), std::invalid_argument) << k.name;
    EXPECT_THROW(k.nqueens(Params{k.max_n + 1, 1, nullptr}), std::invalid_argument) << k.name;
    EXPECT_THROW(k.nqueens(Params{4, 0, nullptr}), std::invalid_argument) << k.name;
  }
}

TEST(Kernels, BitKernelsAcceptThirtyTwo) {
  for (const char* name : {"bitboard", "bitboard-sym", "bitboard-sym-tbb", "bitboard-sym-omp",
                           "constellation", "constellation-tbb"})
    EXPECT_EQ(kernel(name).max_n, 32) << name;
}

TEST(Registry, DefaultIsTheFastestParallelKernel) {
  const auto& k = sb::default_kernel(sb::Problem::kNQueens);
  EXPECT_TRUE(k.parallel());
  EXPECT_EQ(k.name, "constellation-tbb");
}

}  // namespace
