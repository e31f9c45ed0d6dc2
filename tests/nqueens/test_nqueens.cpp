// N-queens kernels against OEIS A000170 / A002562 and against each other.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/boards.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/reference.hpp"
#include "nqueens/symmetry.hpp"

namespace {

using sb::nqueens::Params;
using sb::nqueens::Result;
using sb::nqueens::Traits;
namespace reference = sb::nqueens::reference;

/// Skips the calling test when a kernel of this name is not built (e.g.
/// -DSEARCHBENCH_WITH_TBB=OFF).
#define REQUIRE_KERNEL(name)                                                        \
  do {                                                                              \
    if (sb::nqueens::problem().find_kernel(name) == nullptr)                        \
      GTEST_SKIP() << "kernel " << (name) << " is not built in this configuration"; \
  } while (0)

const sb::KernelInfo& kernel(const char* name) {
  const auto* k = sb::nqueens::problem().find_kernel(name);
  if (k == nullptr) throw std::runtime_error(std::string("kernel not registered: ") + name);
  return *k;
}

/// Runs a kernel through the problem model's type-erased run (as the CLI and bench do).
Result run_kernel(const sb::KernelInfo& k, int n, int threads = 1) {
  sb::RunSettings s;
  s.threads = threads;
  return sb::result_of<Traits>(k.run(sb::make_instance<Traits>({n}), s));
}

Result run(const char* name, int n, int threads = 1) {
  return run_kernel(kernel(name), n, threads);
}

// Checks Q(n) and U(n) of `name` for n = 1..max_n against the published tables.
void expect_reference(const char* name, int max_n, int threads = 1) {
  for (int n = 1; n <= max_n; ++n) {
    const Result r = run(name, n, threads);
    EXPECT_EQ(r.total, *reference::total_solutions(n)) << name << " Q(" << n << ")";
    EXPECT_EQ(r.unique, *reference::unique_solutions(n)) << name << " U(" << n << ")";
  }
}

TEST(Reference, PublishedValuesSpotChecks) {
  // Values quoted in OEIS A000170 and A002562, checked by hand against the sequence pages.
  EXPECT_EQ(*reference::total_solutions(1), 1u);
  EXPECT_EQ(*reference::total_solutions(2), 0u);
  EXPECT_EQ(*reference::total_solutions(3), 0u);
  EXPECT_EQ(*reference::total_solutions(8), 92u);
  EXPECT_EQ(*reference::unique_solutions(8), 12u);
  EXPECT_EQ(*reference::unique_solutions(12), 1787u);
  EXPECT_EQ(*reference::total_solutions(19), 4968057848ULL);  // over 2^32
  EXPECT_EQ(*reference::unique_solutions(18), 83263591ULL);
  EXPECT_EQ(*reference::total_solutions(27), 234907967154122528ULL);
  EXPECT_FALSE(reference::total_solutions(0).has_value());
  EXPECT_FALSE(reference::unique_solutions(28).has_value());
}

TEST(Reference, TablesAreConsistent) {
  // Every orbit has 2, 4 or 8 members for n >= 2, so 2 U(n) <= Q(n) <= 8 U(n); Q(n) is even.
  for (int n = 2; n <= reference::kMaxN; ++n) {
    const auto q = *reference::total_solutions(n), u = *reference::unique_solutions(n);
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
  REQUIRE_KERNEL("bitboard-sym-tbb");
  expect_reference("bitboard-sym-tbb", 15, 2);
}
TEST(Kernels, BitboardSymOmpMatchesOeis) {
  REQUIRE_KERNEL("bitboard-sym-omp");
  expect_reference("bitboard-sym-omp", 15, 2);
}
TEST(Kernels, BitboardSymMpiMatchesOeis) {  // one rank here; tests/nqueens/test_nqueens_mpi.cpp runs more
  REQUIRE_KERNEL("bitboard-sym-mpi");
  expect_reference("bitboard-sym-mpi", 15, 2);
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
    for (const char* name : {"bitboard-sym-tbb", "bitboard-sym-omp", "bitboard-sym-mpi"}) {
      if (sb::nqueens::problem().find_kernel(name) == nullptr) continue;  // not built
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
  for (const auto& k : sb::nqueens::problem().kernels) {
    EXPECT_EQ(run_kernel(k, 1).total, 1u) << k.name;
    EXPECT_EQ(run_kernel(k, 1).unique, 1u) << k.name;
    EXPECT_EQ(run_kernel(k, 2).total, 0u) << k.name;
    EXPECT_EQ(run_kernel(k, 3).total, 0u) << k.name;
    EXPECT_EQ(run_kernel(k, 3).unique, 0u) << k.name;
  }
}

TEST(Kernels, RangeAndThreadsAreChecked) {
  for (const auto& k : sb::nqueens::problem().kernels) {
    // The registration refuses what the kernel refuses, and the kernel checks it too.
    EXPECT_TRUE(k.refuse(sb::make_instance<Traits>({33})).has_value()) << k.name;
    EXPECT_FALSE(k.refuse(sb::make_instance<Traits>({1})).has_value()) << k.name;
    EXPECT_THROW(k.run(sb::make_instance<Traits>({33}), sb::RunSettings{}), std::invalid_argument)
        << k.name;
    EXPECT_THROW(run_kernel(k, 4, 0), std::invalid_argument) << k.name;
    EXPECT_THROW(run_kernel(k, 4, sb::kMaxThreads + 1), std::invalid_argument) << k.name;
  }
}

TEST(Kernels, BitKernelsAcceptThirtyTwo) {
  for (const auto& k : sb::nqueens::problem().kernels) {
    if (k.name.rfind("bitboard", 0) != 0 && k.name.rfind("constellation", 0) != 0) continue;
    EXPECT_FALSE(k.refuse(sb::make_instance<Traits>({32})).has_value()) << k.name;
  }
}

TEST(Registry, DefaultIsTheFastestParallelKernel) {
  const auto& k = sb::nqueens::problem().default_kernel();
  EXPECT_FALSE(k.distributed());  // never MPI: a plain count must not start it
#if defined(SEARCHBENCH_WITH_TBB) || defined(SEARCHBENCH_WITH_OPENMP)
  EXPECT_TRUE(k.parallel());
#endif
#if defined(SEARCHBENCH_WITH_TBB)
  EXPECT_EQ(k.name, "constellation-tbb");
#elif defined(SEARCHBENCH_WITH_OPENMP)
  EXPECT_EQ(k.name, "bitboard-sym-omp");
#else
  EXPECT_EQ(k.name, "constellation");  // the fastest serial kernel
#endif
}

TEST(Registry, NaiveBackendIsWhatWasBuilt) {
  for (const char* name : {"naive-full-check", "naive-bitparallel"}) {
#ifdef SEARCHBENCH_WITH_TBB
    EXPECT_EQ(kernel(name).backend, "tbb") << name;
#else
    EXPECT_EQ(kernel(name).backend, "serial") << name;
    EXPECT_EQ(run(name, 5, 2).threads, 1) << name;  // no oneTBB: one thread, and it says so
#endif
  }
}

TEST(Problem, InstancesRoundTripAndBadOnesAreRefused) {
  const auto& p = sb::nqueens::problem();
  EXPECT_EQ(p.parse("16").name, "16");
  EXPECT_EQ(p.parse("016").name, "16");  // decimal, never octal
  EXPECT_DOUBLE_EQ(p.parse("12").size, 12.0);
  for (const char* bad : {"", "0", "-3", "0x10", "8x8", "1001", " 8", "8.0"})
    EXPECT_THROW(p.parse(bad), std::invalid_argument) << bad;
}

TEST(Problem, VerifierUsesOeis) {
  const auto& p = sb::nqueens::problem();
  const auto in = p.parse("8");
  sb::Outcome o;
  o.result = std::make_shared<const Result>(Result{92, 12, 0, 1});
  EXPECT_EQ(p.verify(in, {}, o), sb::Verdict::kPass);
  o.result = std::make_shared<const Result>(Result{92, 11, 0, 1});
  EXPECT_EQ(p.verify(in, {}, o), sb::Verdict::kFail);
  EXPECT_EQ(p.verify(p.parse("28"), {}, o), sb::Verdict::kNa);
  EXPECT_EQ(p.fields(in, {}, o), (std::vector<std::string>{"8", "92", "11"}));
}

}  // namespace
