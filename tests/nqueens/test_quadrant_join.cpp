// The quadrant-join kernel (kernels/nqueens/quadrant_join*.cpp): Q(n) and U(n) against OEIS,
// its engines against each other (node counts included), its disjoint-pattern counter against a
// brute force, its rotation-fixed counts against a filter over all solutions, and bad input.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/pieces.hpp"
#include "core/progress.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/boards.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/quadrant_join.hpp"
#include "nqueens/reference.hpp"

namespace {

namespace qj = sb::nqueens::quadrants;
namespace reference = sb::nqueens::reference;
using sb::nqueens::Result;
using sb::nqueens::Traits;

Result run(const char* name, int n, sb::Progress* progress = nullptr, int threads = 1) {
  const auto* k = sb::nqueens::problem().find_kernel(name);
  if (k == nullptr) throw std::runtime_error(std::string("kernel not registered: ") + name);
  sb::RunSettings s;
  s.threads = threads;
  s.progress = progress;
  return sb::result_of<Traits>(k->run(sb::make_instance<Traits>({n}), s));
}

const qj::Engine kEngines[] = {qj::Engine::kScalar, qj::Engine::kAvx512};

TEST(QuadrantJoin, MatchesOeisToSixteen) {
  for (int n = 1; n <= 16; ++n) {
    const Result r = run("quadrant-join", n);
    EXPECT_EQ(r.total, *reference::total_solutions(n)) << "Q(" << n << ")";
    EXPECT_EQ(r.unique, *reference::unique_solutions(n)) << "U(" << n << ")";
    EXPECT_EQ(r.threads, 1);
    EXPECT_GT(r.nodes, 0u);
  }
}

TEST(QuadrantJoin, EnginesAgree) {
  for (int n = 1; n <= 15; ++n) {
    const Result ref = qj::count(n, qj::Engine::kScalar);
    for (const qj::Engine e : kEngines) {
      if (!qj::engine_available(e)) continue;
      const Result r = qj::count(n, e);
      EXPECT_EQ(r.total, ref.total) << qj::engine_name(e) << " n=" << n;
      EXPECT_EQ(r.unique, ref.unique) << qj::engine_name(e) << " n=" << n;
      EXPECT_EQ(r.nodes, ref.nodes) << qj::engine_name(e) << " n=" << n;
    }
  }
}

TEST(QuadrantJoin, AgreesWithConstellation) {
  for (int n : {12, 13, 14}) {
    const Result a = run("quadrant-join", n), b = run("constellation", n);
    EXPECT_EQ(a.total, b.total) << n;
    EXPECT_EQ(a.unique, b.unique) << n;
  }
}

TEST(QuadrantJoin, RotationFixedMatchesAllSolutions) {
  // The solutions fixed by the half turn (cols[n-1-r] = n-1-cols[r]) and by the quarter turn
  // (cols[cols[r]] = n-1-r), filtered from every solution.
  for (int n = 1; n <= 12; ++n) {
    std::uint64_t f180 = 0, f90 = 0;
    sb::nqueens::for_each_solution(n, [&](const std::uint8_t* cols) {
      bool half = true, quarter = true;
      for (int r = 0; r < n; ++r) {
        half = half && cols[n - 1 - r] == n - 1 - cols[r];
        quarter = quarter && cols[cols[r]] == n - 1 - r;
      }
      f180 += half;
      f90 += quarter;
      return true;
    });
    const qj::RotationFixed got = qj::rotation_fixed(n);
    EXPECT_EQ(got.f180, f180) << n;
    EXPECT_EQ(got.f90, f90) << n;
  }
}

TEST(QuadrantJoin, DisjointCounterMatchesBruteForce) {
  // Random patterns of several densities and sizes (the plain list, one block, several blocks
  // with a partial last one), counted against random queries by every engine; the widths give
  // every chunk count from 1 to 9 (the AVX-512 loop's unrolled ones) and 13.
  std::mt19937_64 rng(20261202);
  for (int bits : {1, 7, 12, 16, 23, 29, 34, 40, 44, 64}) {
    for (std::size_t size : {std::size_t{0}, std::size_t{5}, std::size_t{47}, std::size_t{48},
                             std::size_t{512}, std::size_t{1300}}) {
      for (int density : {2, 4}) {  // each bit set with probability 1/density
        const std::uint64_t used = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
        auto draw = [&] {
          std::uint64_t x = ~std::uint64_t{0};
          for (int i = 1; i < density; i *= 2) x &= rng();
          return x & used;
        };
        std::vector<std::uint64_t> patterns(size), queries(37);
        for (auto& p : patterns) p = draw();
        for (auto& q : queries) q = draw();
        queries[0] = 0;
        std::uint64_t expected = 0;
        for (std::uint64_t q : queries)
          for (std::uint64_t p : patterns) expected += (p & q) == 0;
        for (const qj::Engine built : kEngines) {  // built by one engine, counted by each
          if (!qj::engine_available(built)) continue;
          qj::DisjointCounter counter;
          counter.build(patterns.data(), patterns.size(), bits, built);
          for (const qj::Engine e : kEngines) {
            if (!qj::engine_available(e)) continue;
            EXPECT_EQ(counter.count(queries.data(), queries.size(), e), expected)
                << qj::engine_name(built) << " / " << qj::engine_name(e) << " bits " << bits
                << " size " << size;
          }
        }
      }
    }
  }
}

TEST(QuadrantJoin, ProgressCountsEveryRowSet) {
  sb::Progress progress;
  run("quadrant-join", 11, &progress);
  EXPECT_GT(progress.total.load(), 0u);
  EXPECT_EQ(progress.done.load(), progress.total.load());
}

// The piece list: its pieces' subtotals add up to the serial count (Q and nodes), the rotation
// terms give U(n) by Burnside, the list is the same at every call, and a bad id is refused.
TEST(QuadrantJoinPieces, SumToTheSerialCount) {
  for (int n = 1; n <= 14; ++n) {
    const sb::PieceList list = sb::nqueens::quadrant_join_pieces(n);
    EXPECT_EQ(list.scheme, "quadrant-join");
    EXPECT_EQ(list.fields, (std::vector<std::string>{"total", "rotation_terms", "nodes"}));
    EXPECT_EQ(list.hash, sb::nqueens::quadrant_join_pieces(n).hash) << n;
    std::vector<std::uint64_t> ids(list.count);
    for (std::uint64_t i = 0; i < list.count; ++i) ids[i] = i;
    std::vector<sb::Subtotals> out(list.count);
    list.solve(ids.data(), ids.size(), out.data());
    sb::Subtotals sum = list.base;
    for (const auto& s : out) sum += s;
    const qj::RotationFixed f = qj::rotation_fixed(n);
    EXPECT_EQ(out[0].v[1], f.f180 + 2 * f.f90) << "piece 0 is the rotation search, n=" << n;
    const Result serial = qj::count(n, qj::best_engine());
    EXPECT_EQ(sum.v[0], serial.total) << n;
    EXPECT_EQ(sum.v[2], serial.nodes) << n;
    EXPECT_EQ(sb::nqueens::quadrant_unique(n, sum.v[0], sum.v[1]), *reference::unique_solutions(n))
        << n;
    EXPECT_EQ(list.result_text(out), "total=" + std::to_string(serial.total) +
                                         " unique=" + std::to_string(serial.unique) +
                                         " nodes=" + std::to_string(serial.nodes));
    const std::uint64_t bad = list.count;
    sb::Subtotals one;
    EXPECT_THROW(list.solve(&bad, 1, &one), std::invalid_argument);
  }
  EXPECT_NE(sb::nqueens::quadrant_join_pieces(12).hash, sb::nqueens::quadrant_join_pieces(13).hash);
  EXPECT_EQ(sb::nqueens::quadrant_join_pieces(20).count, 1025u);  // 1,024 runs of row sets
  EXPECT_THROW(sb::nqueens::quadrant_join_pieces(0), std::invalid_argument);
  EXPECT_THROW(sb::nqueens::quadrant_join_pieces(qj::kMaxN + 1), std::invalid_argument);
  EXPECT_THROW(sb::nqueens::quadrant_unique(8, 93, 0), std::logic_error);  // not a multiple of 8
}

#ifdef SEARCHBENCH_WITH_TBB
TEST(QuadrantJoinTbb, MatchesOeisForAnyThreadCount) {
  for (int n = 1; n <= 15; ++n) {
    const Result serial = run("quadrant-join", n);
    for (const int threads : {1, 2, 3}) {
      const Result r = run("quadrant-join-tbb", n, nullptr, threads);
      EXPECT_EQ(r.total, *reference::total_solutions(n)) << n << " t" << threads;
      EXPECT_EQ(r.unique, *reference::unique_solutions(n)) << n << " t" << threads;
      EXPECT_EQ(r.nodes, serial.nodes) << n << " t" << threads;
    }
  }
}
#endif

TEST(QuadrantJoin, BadInputIsRejected) {
  EXPECT_THROW(qj::count(0, qj::Engine::kScalar), std::invalid_argument);
  EXPECT_THROW(qj::count(qj::kMaxN + 1, qj::Engine::kScalar), std::invalid_argument);
  EXPECT_THROW(qj::rotation_fixed(qj::kMaxN + 1), std::invalid_argument);
  if (!qj::engine_available(qj::Engine::kAvx512)) {
    EXPECT_THROW(qj::count(8, qj::Engine::kAvx512), std::invalid_argument);
  }
  EXPECT_STREQ(qj::engine_name(qj::Engine::kScalar), "scalar");
  EXPECT_STREQ(qj::engine_name(qj::Engine::kAvx512), "avx512");
}

}  // namespace
