// The constellation kernels (kernels/nqueens/constellation*.cpp): Q(n) and U(n) against OEIS,
// every piece against an independent count from all solutions, every search engine and thread
// count against each other (node counts included), and the piece API's contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/progress.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/boards.hpp"
#include "nqueens/constellation.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/reference.hpp"
#include "nqueens/symmetry.hpp"

namespace {

namespace cs = sb::nqueens::constellations;
namespace reference = sb::nqueens::reference;
using sb::nqueens::Params;
using sb::nqueens::Result;
using sb::nqueens::Traits;

const sb::KernelInfo* find(const char* name) {
  return sb::nqueens::problem().find_kernel(name);
}

/// Runs a kernel through the problem model's type-erased run (as the CLI and bench do).
Result run(const char* name, int n, int threads = 1, sb::Progress* progress = nullptr) {
  const auto* k = find(name);
  if (k == nullptr) throw std::runtime_error(std::string("kernel not registered: ") + name);
  sb::RunSettings s;
  s.threads = threads;
  s.progress = progress;
  return sb::result_of<Traits>(k->run(sb::make_instance<Traits>({n}), s));
}

cs::PieceResult sum(const std::vector<cs::PieceResult>& r) {
  cs::PieceResult s;
  for (const auto& x : r) s += x;
  return s;
}

std::vector<cs::PieceResult> solve_all(int n, cs::Engine e) {
  const auto list = cs::pieces(n);
  std::vector<cs::PieceResult> out(list.size());
  cs::solve_pieces(n, list.data(), list.size(), out.data(), e);
  return out;
}

const cs::Engine kEngines[] = {cs::Engine::kScalar, cs::Engine::kAvx2, cs::Engine::kAvx2Narrow,
                               cs::Engine::kAvx512Wide, cs::Engine::kAvx512Narrow};

// --- an independent model of the border configurations, written for the test -----------------

using Tuple = std::tuple<int, int, int, int>;  // top column, bottom column, left row, right row

// The border tuple of a solution (cols[r] = column of row r's queen).
Tuple border_of(const std::uint8_t* cols, int n) {
  int left = -1, right = -1;
  for (int r = 0; r < n; ++r) {
    if (cols[r] == 0) left = r;
    if (cols[r] == n - 1) right = r;
  }
  return {cols[0], cols[n - 1], left, right};
}

// The 8 images of a solution under the symmetries of the square, as column arrays.
std::vector<std::vector<int>> images(const std::uint8_t* cols, int n) {
  std::vector<std::vector<int>> out;
  std::vector<std::pair<int, int>> q;
  for (int r = 0; r < n; ++r) q.emplace_back(r, cols[r]);
  for (int t = 0; t < 8; ++t) {
    std::vector<int> img(n);
    for (auto [r, c] : q) {
      int rr = r, cc = c;
      if (t & 1) std::tie(rr, cc) = std::make_pair(cc, rr);  // transpose
      if (t & 2) rr = n - 1 - rr;                            // flip rows
      if (t & 4) cc = n - 1 - cc;                            // flip columns
      img[rr] = cc;
    }
    out.push_back(img);
  }
  return out;
}

// For every solution: the border tuple of the lexicographically smallest image of the solution
// whose border tuple is smallest -- i.e. the orbit of border tuples the solution belongs to, named
// by its smallest tuple. Returns, per such orbit representative, (solutions, fundamental ones).
std::map<std::set<Tuple>, std::pair<std::uint64_t, std::uint64_t>> orbit_counts(int n) {
  std::map<std::set<Tuple>, std::pair<std::uint64_t, std::uint64_t>> out;
  sb::nqueens::for_each_solution(n, [&](const std::uint8_t* cols) {
    std::set<Tuple> orbit;  // the border tuples of the solution's 8 images
    for (const auto& img : images(cols, n)) {
      std::vector<std::uint8_t> c(img.begin(), img.end());
      orbit.insert(border_of(c.data(), n));
    }
    auto& e = out[orbit];
    ++e.first;
    if (sb::nqueens::canonical_orbit_size(cols, n) != 0) ++e.second;
    return true;
  });
  return out;
}

// The border tuples of a piece's orbit (its 8 images).
std::set<Tuple> piece_orbit(const cs::Piece& p, int n) {
  std::set<Tuple> orbit;
  // A board holding only the border queens, as (row, column) squares.
  std::vector<std::pair<int, int>> q = {
      {0, p.top}, {n - 1, p.bottom}, {p.left, 0}, {p.right, n - 1}};
  for (int t = 0; t < 8; ++t) {
    int top = -1, bottom = -1, left = -1, right = -1;
    for (auto [r, c] : q) {
      int rr = r, cc = c;
      if (t & 1) std::tie(rr, cc) = std::make_pair(cc, rr);
      if (t & 2) rr = n - 1 - rr;
      if (t & 4) cc = n - 1 - cc;
      if (rr == 0) top = cc;
      if (rr == n - 1) bottom = cc;
      if (cc == 0) left = rr;
      if (cc == n - 1) right = rr;
    }
    orbit.insert({top, bottom, left, right});
  }
  return orbit;
}

// --- tests -------------------------------------------------------------------------------------

TEST(Constellation, MatchesOeisToFifteen) {
  for (int n = 1; n <= 15; ++n) {
    const Result r = run("constellation", n);
    EXPECT_EQ(r.total, *reference::total_solutions(n)) << "Q(" << n << ")";
    EXPECT_EQ(r.unique, *reference::unique_solutions(n)) << "U(" << n << ")";
    EXPECT_EQ(r.threads, 1);
  }
}

TEST(Constellation, EveryPieceMatchesItsSolutions) {
  // Each piece's shares of Q(n) and U(n) equal the solutions (and fundamental solutions) whose
  // border configuration lies in the piece's orbit, counted from every solution.
  for (int n = 4; n <= 10; ++n) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto list = cs::pieces(n);
    const auto expected = orbit_counts(n);
    std::set<std::set<Tuple>> seen;
    for (const auto& p : list) {
      const auto orbit = piece_orbit(p, n);
      EXPECT_TRUE(seen.insert(orbit).second) << "two pieces for one orbit, id " << p.id;
      const auto got = cs::solve_piece(n, p);
      const auto it = expected.find(orbit);
      const std::uint64_t q = it == expected.end() ? 0 : it->second.first;
      const std::uint64_t u = it == expected.end() ? 0 : it->second.second;
      EXPECT_EQ(got.total, q) << "piece " << p.id;
      EXPECT_EQ(got.unique, u) << "piece " << p.id;
    }
    // Every orbit that holds a solution has a piece.
    for (const auto& [orbit, counts] : expected) EXPECT_TRUE(seen.count(orbit)) << counts.first;
  }
}

TEST(Constellation, EnginesAgreePieceByPiece) {
  for (int n = 4; n <= 13; ++n) {
    const auto ref = solve_all(n, cs::Engine::kScalar);
    for (const cs::Engine e : kEngines) {
      if (!cs::engine_available(e, n)) continue;
      const auto got = solve_all(n, e);
      ASSERT_EQ(got.size(), ref.size());
      for (std::size_t i = 0; i < ref.size(); ++i) {
        EXPECT_EQ(got[i].total, ref[i].total) << cs::engine_name(e) << " n=" << n << " id " << i;
        EXPECT_EQ(got[i].unique, ref[i].unique) << cs::engine_name(e) << " n=" << n << " id " << i;
        EXPECT_EQ(got[i].nodes, ref[i].nodes) << cs::engine_name(e) << " n=" << n << " id " << i;
      }
    }
  }
}

TEST(Constellation, EnginesAgreeAtFifteen) {
  const cs::PieceResult ref = sum(solve_all(15, cs::Engine::kAuto));
  EXPECT_EQ(ref.total, 2279184u);
  EXPECT_EQ(ref.unique, 285053u);
  for (const cs::Engine e : kEngines) {
    if (!cs::engine_available(e, 15)) continue;
    const cs::PieceResult r = sum(solve_all(15, e));
    EXPECT_EQ(r.total, ref.total) << cs::engine_name(e);
    EXPECT_EQ(r.unique, ref.unique) << cs::engine_name(e);
    EXPECT_EQ(r.nodes, ref.nodes) << cs::engine_name(e);
  }
}

TEST(Constellation, EngineAvailability) {
  EXPECT_TRUE(cs::engine_available(cs::Engine::kScalar, 32));
  EXPECT_TRUE(cs::engine_available(cs::Engine::kAuto, 32));
  EXPECT_FALSE(cs::engine_available(cs::Engine::kAvx512Narrow, 19));  // 17 inner columns
  EXPECT_FALSE(cs::engine_available(cs::Engine::kAvx2Narrow, 19));
  EXPECT_TRUE(cs::engine_available(cs::auto_engine(20), 20));
  EXPECT_NE(cs::auto_engine(19), cs::Engine::kAvx512Narrow);
  for (const cs::Engine e : kEngines) EXPECT_STRNE(cs::engine_name(e), "?");
  // An engine that cannot run for n is refused, even for an empty batch.
  std::vector<cs::PieceResult> out(1);
  EXPECT_THROW(cs::solve_pieces(20, nullptr, 0, out.data(), cs::Engine::kAvx512Narrow),
               std::invalid_argument);
}

TEST(Constellation, AgreesWithBitboardSym) {
  for (int n = 1; n <= 14; ++n) {
    const Result a = run("constellation", n), b = run("bitboard-sym", n);
    EXPECT_EQ(a.total, b.total) << n;
    EXPECT_EQ(a.unique, b.unique) << n;
  }
  // The pre-placed border queens and the look-ahead search fewer nodes than bitboard-sym.
  EXPECT_LT(run("constellation", 14).nodes, run("bitboard-sym", 14).nodes);
}

TEST(Constellation, KernelIsTheSumOfItsPieces) {
  for (int n : {1, 6, 12}) {
    const Result r = run("constellation", n);
    cs::PieceResult s;
    for (const auto& p : cs::pieces(n)) s += cs::solve_piece(n, p);
    EXPECT_EQ(r.total, s.total) << n;
    EXPECT_EQ(r.unique, s.unique) << n;
    EXPECT_EQ(r.nodes, s.nodes) << n;
  }
}

TEST(ConstellationTbb, MatchesOeisToFifteen) {
  if (find("constellation-tbb") == nullptr) GTEST_SKIP() << "built without oneTBB";
  for (int n = 1; n <= 15; ++n) {
    const Result r = run("constellation-tbb", n, 2);
    EXPECT_EQ(r.total, *reference::total_solutions(n)) << "Q(" << n << ")";
    EXPECT_EQ(r.unique, *reference::unique_solutions(n)) << "U(" << n << ")";
  }
}

TEST(ConstellationTbb, IdenticalForAnyThreadCount) {
  if (find("constellation-tbb") == nullptr) GTEST_SKIP() << "built without oneTBB";
  for (int n : {1, 4, 8, 11, 14}) {
    const Result serial = run("constellation", n);
    for (int t : {1, 2, 3}) {
      const Result r = run("constellation-tbb", n, t);
      EXPECT_EQ(r.total, serial.total) << "n=" << n << " t=" << t;
      EXPECT_EQ(r.unique, serial.unique) << "n=" << n << " t=" << t;
      EXPECT_EQ(r.nodes, serial.nodes) << "n=" << n << " t=" << t;
      EXPECT_EQ(r.threads, t);
    }
  }
}

TEST(ConstellationTbb, ProgressCountsEveryPiece) {
  if (find("constellation-tbb") == nullptr) GTEST_SKIP() << "built without oneTBB";
  sb::Progress progress;
  run("constellation-tbb", 12, 2, &progress);
  EXPECT_EQ(progress.total.load(), cs::pieces(12).size());
  EXPECT_EQ(progress.done.load(), progress.total.load());
}

TEST(Pieces, StableNumberedAndCanonical) {
  for (int n : {1, 2, 3, 5, 8, 13, 16}) {
    const auto a = cs::pieces(n), b = cs::pieces(n);
    ASSERT_EQ(a.size(), b.size()) << n;
    EXPECT_EQ(cs::fingerprint(n, a), cs::fingerprint(n, b)) << n;
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].id, i);
      EXPECT_LT(a[i].orientation, 8);
      EXPECT_TRUE(a[i].stabilizer == 1 || a[i].stabilizer == 2 || a[i].stabilizer == 4 ||
                  a[i].stabilizer == 8);
      if (i > 0) {
        EXPECT_GE(a[i - 1].estimate, a[i].estimate) << "largest first";
      }
    }
  }
  EXPECT_EQ(cs::pieces(2).size(), 0u);
  EXPECT_EQ(cs::pieces(16).size(), 3206u);
  EXPECT_NE(cs::fingerprint(8, cs::pieces(8)), cs::fingerprint(9, cs::pieces(9)));
}

TEST(Pieces, BadInputIsRejected) {
  EXPECT_THROW(cs::pieces(0), std::invalid_argument);
  EXPECT_THROW(cs::pieces(33), std::invalid_argument);
  const auto list = cs::pieces(8);
  ASSERT_FALSE(list.empty());
  cs::Piece p = list[0];
  EXPECT_THROW(cs::solve_piece(33, p), std::invalid_argument);
  EXPECT_THROW(cs::solve_piece(7, list[list.size() - 1]), std::invalid_argument);  // other n
  p.top = 9;
  EXPECT_THROW(cs::solve_piece(8, p), std::invalid_argument);
  p = list[0];
  p.orientation = 8;
  EXPECT_THROW(cs::solve_piece(8, p), std::invalid_argument);
  p = list[0];
  p.stabilizer = static_cast<std::uint8_t>(p.stabilizer == 1 ? 2 : 1);
  EXPECT_THROW(cs::solve_piece(8, p), std::invalid_argument);
  // The mirror image of a piece without symmetry is a valid configuration, but not canonical.
  const auto asym =
      std::find_if(list.begin(), list.end(), [](const cs::Piece& x) { return x.stabilizer == 1; });
  ASSERT_NE(asym, list.end());
  p = *asym;
  p.top = static_cast<std::uint8_t>(7 - asym->top);
  p.bottom = static_cast<std::uint8_t>(7 - asym->bottom);
  p.left = asym->right;
  p.right = asym->left;
  EXPECT_THROW(cs::solve_piece(8, p), std::invalid_argument);
}

TEST(Pieces, AnyOrientationGivesTheSameCounts) {
  // The orientation only changes how a piece is searched, never what it counts.
  for (int n : {7, 10, 12}) {
    for (const auto& base : cs::pieces(n)) {
      const auto ref = cs::solve_piece(n, base);
      for (int t = 0; t < 8; ++t) {
        cs::Piece p = base;
        p.orientation = static_cast<std::uint8_t>(t);
        const auto r = cs::solve_piece(n, p);
        EXPECT_EQ(r.total, ref.total) << n << " id " << base.id << " t " << t;
        EXPECT_EQ(r.unique, ref.unique) << n << " id " << base.id << " t " << t;
      }
    }
  }
}

}  // namespace
