// The piece layer (src/core/pieces.hpp): bitboard-sym's piece list against the serial search,
// the runners' handling of finished pieces and callbacks, and the adapter that puts another
// kernel family (with the constellation kernels' piece API) on the runners in one line.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "core/pieces.hpp"
#include "core/pieces_run.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/pieces.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/reference.hpp"
#include "nqueens/sym_search.hpp"

namespace {

using sb::PieceHooks;
using sb::PieceList;
using sb::Subtotals;
namespace nq = sb::nqueens;

Subtotals serial(int n) {
  const auto c = nq::sym::solve_all(n);
  Subtotals s;
  s.v = {c.total, c.unique, c.nodes, 0};
  return s;
}

Subtotals sum_all(const PieceList& l) {
  Subtotals s = l.base;
  std::vector<Subtotals> out(1);
  for (std::uint64_t id = 0; id < l.count; ++id) {
    l.solve(&id, 1, out.data());
    s += out[0];
  }
  return s;
}

TEST(SymPieces, BasePlusPiecesIsTheSerialSearchNodeForNode) {
  for (int n = 1; n <= 14; ++n) EXPECT_EQ(sum_all(nq::bitboard_sym_pieces(n)), serial(n)) << n;
}

TEST(SymPieces, CountsAndDepths) {
  // As documented in sym_search.hpp (prefix counts from an independent enumeration in Python).
  const std::pair<int, std::uint64_t> expect[] = {{2, 0},    {3, 0},     {8, 7},     {12, 81},
                                                  {14, 199}, {15, 1681}, {16, 2815}, {17, 4205}};
  for (auto [n, count] : expect) EXPECT_EQ(nq::bitboard_sym_pieces(n).count, count) << n;
  EXPECT_EQ(nq::sym::PieceCut(8).depth(), 4);
  EXPECT_EQ(nq::sym::PieceCut(8).prefixes(), 101u);
  EXPECT_EQ(nq::sym::PieceCut(17).depth(), 5);
  EXPECT_EQ(nq::sym::PieceCut(17).prefixes(), 67269u);
  EXPECT_EQ(nq::bitboard_sym_pieces(1).count, 0u);  // n = 1: all base
  EXPECT_EQ(nq::bitboard_sym_pieces(1).base.v[0], 1u);
}

TEST(SymPieces, TheListIsAFunctionOfNAlone) {
  // Every process of a distributed run and every resumed run must build the same list. The
  // hash is pinned: a change to the cut makes every existing journal unresumable, so it must be
  // made on purpose (and the journal's piece scheme renamed).
  const auto a = nq::bitboard_sym_pieces(12), b = nq::bitboard_sym_pieces(12);
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_EQ(a.count, b.count);
  EXPECT_NE(a.hash, nq::bitboard_sym_pieces(13).hash);
  EXPECT_EQ(sb::hex64(a.hash), "2c4ce1243c71c28d");
  EXPECT_EQ(sb::hex64(nq::bitboard_sym_pieces(17).hash), "bc38a866a80c1473");
}

TEST(SymPieces, PiecesInAnyOrderAndBatchesAddUp) {
  const auto l = nq::bitboard_sym_pieces(11);
  std::vector<std::uint64_t> ids;
  for (std::uint64_t id = l.count; id-- > 0;) ids.push_back(id);
  std::vector<Subtotals> out(ids.size());
  l.solve(ids.data(), ids.size(), out.data());
  Subtotals s = l.base;
  for (const auto& o : out) s += o;
  EXPECT_EQ(s, serial(11));
  std::uint64_t bad = l.count;
  EXPECT_THROW(l.solve(&bad, 1, out.data()), std::invalid_argument);
}

TEST(Hex, SixteenDigits) {
  EXPECT_EQ(sb::hex64(0), "0000000000000000");
  EXPECT_EQ(sb::hex64(0xfedcba9876543210ULL), "fedcba9876543210");
  EXPECT_EQ(sb::fnv1a(""), 14695981039346656037ULL);  // the offset basis
  EXPECT_EQ(sb::fnv1a("a"), 0xaf63dc4c8601ec8cULL);   // FNV-1a 64 test vector
}

// Every runner: finished pieces are not solved again but counted; on_piece is called once for
// every other piece; progress counts pieces.
void check_runner(
    const char* what,
    const std::function<sb::PieceRun(const PieceList&, sb::Progress*, const PieceHooks*)>& run) {
  const int n = 12;
  PieceList l = nq::bitboard_sym_pieces(n);
  auto inner = l.solve;
  auto solved = std::make_shared<std::vector<std::atomic<int>>>(l.count);
  l.solve = [inner, solved](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
    for (std::size_t i = 0; i < k; ++i) (*solved)[ids[i]]++;
    inner(ids, k, out);
  };
  // Pieces 0, 5, 6 and the last are finished, with their true subtotals.
  PieceHooks hooks;
  for (std::uint64_t id : {std::uint64_t{0}, std::uint64_t{5}, std::uint64_t{6}, l.count - 1}) {
    Subtotals s;
    inner(&id, 1, &s);
    hooks.finished.push_back({id, s});
  }
  std::mutex mu;
  std::multiset<std::uint64_t> reported;
  Subtotals reported_sum;
  hooks.on_piece = [&](std::uint64_t id, const Subtotals& s, double seconds) {
    std::lock_guard lock(mu);
    reported.insert(id);
    reported_sum += s;
    EXPECT_GE(seconds, 0.0);
  };
  sb::Progress progress;
  const auto r = run(l, &progress, &hooks);
  EXPECT_EQ(r.total, serial(n)) << what;
  EXPECT_EQ(reported.size(), l.count - 4) << what;
  for (std::uint64_t id = 0; id < l.count; ++id) {
    const bool finished = id == 0 || id == 5 || id == 6 || id == l.count - 1;
    EXPECT_EQ((*solved)[id].load(), finished ? 0 : 1) << what << " piece " << id;
    EXPECT_EQ(reported.count(id), finished ? 0u : 1u) << what << " piece " << id;
  }
  EXPECT_EQ(progress.total.load(), l.count) << what;
  EXPECT_EQ(progress.done.load(), l.count) << what;
  // Without hooks: everything.
  EXPECT_EQ(run(l, nullptr, nullptr).total, serial(n)) << what;
}

TEST(Runners, SkipFinishedReportTheRest) {
  check_runner("serial", [](const PieceList& l, sb::Progress* p, const PieceHooks* h) {
    return sb::run_pieces_serial(l, p, h);
  });
#ifdef SEARCHBENCH_WITH_TBB
  for (int t : {1, 2, 3})
    check_runner("tbb", [t](const PieceList& l, sb::Progress* p, const PieceHooks* h) {
      return sb::run_pieces_tbb(l, t, p, h);
    });
#endif
#ifdef SEARCHBENCH_WITH_OPENMP
  for (int t : {1, 2})
    check_runner("omp", [t](const PieceList& l, sb::Progress* p, const PieceHooks* h) {
      return sb::run_pieces_omp(l, t, p, h);
    });
#endif
#ifdef SEARCHBENCH_WITH_MPI
  for (int t : {1, 2})  // a one-rank singleton in this process
    check_runner("mpi", [t](const PieceList& l, sb::Progress* p, const PieceHooks* h) {
      return sb::run_pieces_mpi(l, t, p, h);
    });
#endif
}

// run_pieces_by_id with estimated work per piece: the work planned is the list's sum, the
// finished pieces' work is done from the start, a piece under way counts half of its work
// (rounded down) and a finished one all of it, so the work done ends at the work planned.
TEST(Runners, EstimatedWorkCountsPiecesUnderWayAsHalfDone) {
  PieceList l = nq::bitboard_sym_pieces(9);
  auto inner = l.solve;
  l.work.clear();
  std::uint64_t planned = 0;
  for (std::uint64_t id = 0; id < l.count; ++id) {
    l.work.push_back(id % 4 == 3 ? 0 : 2 * id + 3);  // odd, even and zero weights
    planned += l.work.back();
  }
  PieceHooks hooks;
  std::uint64_t done = 0;
  for (std::uint64_t id : {std::uint64_t{1}, std::uint64_t{4}}) {
    Subtotals s;
    inner(&id, 1, &s);
    hooks.finished.push_back({id, s});
    done += l.work[id];
  }
  sb::Progress progress;
  // Serially the pieces run in id order: at each solve the work done is that of the pieces
  // finished before it plus half of its own.
  std::vector<std::uint64_t> seen(l.count, ~0ull), want(l.count, ~0ull);
  for (std::uint64_t id = 0; id < l.count; ++id) {
    if (id == 1 || id == 4) continue;
    want[id] = done + l.work[id] / 2;
    done += l.work[id];
  }
  l.solve = [inner, &progress, &seen](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
    for (std::size_t i = 0; i < k; ++i) seen[ids[i]] = progress.work_done.load();
    inner(ids, k, out);
  };
  const auto v = sb::run_pieces_by_id(l, 1, &progress, &hooks);
  EXPECT_EQ(seen, want);
  EXPECT_EQ(progress.work_total.load(), planned);
  EXPECT_EQ(progress.work_done.load(), planned);
  Subtotals sum = l.base;
  for (const Subtotals& s : v.by_id) sum += s;
  EXPECT_EQ(sum, serial(9));
  // On two threads (with oneTBB) the work done ends at the work planned as well.
  sb::Progress two;
  l.solve = inner;
  sb::run_pieces_by_id(l, 2, &two, &hooks);
  EXPECT_EQ(two.work_total.load(), planned);
  EXPECT_EQ(two.work_done.load(), planned);
}

TEST(Runners, BadSchedulesAreRefused) {
  auto l = nq::bitboard_sym_pieces(10);
  PieceHooks h;
  h.finished.push_back({l.count, {}});
  EXPECT_THROW(sb::schedule_pieces(l, &h), std::invalid_argument);
  h.finished = {{1, {}}, {1, {}}};
  EXPECT_THROW(sb::schedule_pieces(l, &h), std::invalid_argument);
  // an order that is not a permutation of the ids
  h.finished.clear();
  for (std::uint64_t id = 0; id < l.count; ++id) l.order.push_back(id);
  l.order.back() = 0;
  EXPECT_THROW(sb::schedule_pieces(l, &h), std::invalid_argument);
  l.order.pop_back();
  EXPECT_THROW(sb::schedule_pieces(l, &h), std::invalid_argument);
  l.order.push_back(l.count);
  EXPECT_THROW(sb::schedule_pieces(l, &h), std::invalid_argument);
}

// A list's order: the schedule and the serial runner take the pieces in that order, less the
// finished ones, and the answer is the same.
TEST(Runners, PiecesTakenInTheListsOrder) {
  PieceList l = nq::bitboard_sym_pieces(9);
  for (std::uint64_t id = 0; id < l.count; id += 2) l.order.push_back(id);  // evens up,
  for (std::uint64_t id = l.count; id-- > 0;)                               // then odds down
    if (id % 2 == 1) l.order.push_back(id);
  std::set<std::uint64_t> distinct(l.order.begin(), l.order.end());
  ASSERT_EQ(distinct.size(), l.count);
  PieceHooks h;
  Subtotals s;
  const std::uint64_t skip = l.order[3];
  l.solve(&skip, 1, &s);
  h.finished.push_back({skip, s});
  std::vector<std::uint64_t> want;
  for (std::uint64_t id : l.order)
    if (id != skip) want.push_back(id);
  EXPECT_EQ(sb::schedule_pieces(l, &h).todo, want);
  std::vector<std::uint64_t> taken;
  h.on_piece = [&taken](std::uint64_t id, const Subtotals&, double) { taken.push_back(id); };
  EXPECT_EQ(sb::run_pieces_serial(l, nullptr, &h).total, serial(9));
  EXPECT_EQ(taken, want);
}

// A stand-in for another kernel family with the constellation kernels' piece API (branch
// nqfast, kernels/nqueens/constellation.hpp): pieces(n), solve_piece(n, piece),
// solve_pieces(n, first, count, out, engine), fingerprint(n, list). Here a toy piece is one
// bitboard-sym piece.
namespace toy {
struct Piece {
  std::uint32_t id = 0;
  std::uint8_t n = 0;
};
struct PieceResult {
  std::uint64_t total = 0, unique = 0, nodes = 0;
};
enum class Engine { kAuto, kScalar };
std::vector<Piece> pieces(int n) {
  std::vector<Piece> v(nq::sym::PieceCut(n).pieces());
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = {static_cast<std::uint32_t>(i), static_cast<std::uint8_t>(n)};
  return v;
}
PieceResult solve_piece(int n, const Piece& p) {
  nq::sym::Counters c;
  nq::sym::PieceCut(n).solve(p.id, c);
  return {c.total, c.unique, c.nodes};
}
std::atomic<int> batch_calls{0};
void solve_pieces(int n, const Piece* first, std::size_t count, PieceResult* out,
                  Engine engine = Engine::kAuto) {
  EXPECT_EQ(engine, Engine::kAuto);
  ++batch_calls;
  const nq::sym::PieceCut cut(n);
  for (std::size_t i = 0; i < count; ++i) {
    nq::sym::Counters c;
    cut.solve(first[i].id, c);
    out[i] = {c.total, c.unique, c.nodes};
  }
}
std::uint64_t fingerprint(int n, const std::vector<Piece>& list) {
  return sb::fnv1a_u64(list.size(), sb::fnv1a_u64(static_cast<std::uint64_t>(n), 1));
}
}  // namespace toy

TEST(PieceApi, AFamilysOwnApiBecomesAPieceList) {
  // The batch form (constellation_pieces uses it): batches of 4 pieces reach solve_pieces.
  toy::batch_calls = 0;
  const auto batched =
      nq::piece_api("toy", toy::pieces, toy::solve_pieces, toy::fingerprint, 4)(12);
  EXPECT_EQ(batched.scheme, "toy");
  EXPECT_EQ(batched.count, nq::bitboard_sym_pieces(12).count);
  EXPECT_EQ(batched.batch, 4u);
  const sb::PieceRun r = sb::run_pieces_serial(batched, nullptr, nullptr);
  EXPECT_EQ(r.total.v[0], *nq::reference::total_solutions(12));
  EXPECT_EQ(r.total.v[1], *nq::reference::unique_solutions(12));
  // The toy API has no base: its pieces miss the queens placed above bitboard-sym's pieces.
  EXPECT_EQ(r.total.v[2], nq::sym::solve_all(12).nodes - nq::sym::PieceCut(12).base().nodes);
  EXPECT_GE(toy::batch_calls.load(), 81 / 4);
  // The single-piece form of the API works alike.
  const auto l = nq::piece_api("toy", toy::pieces, toy::solve_piece, toy::fingerprint)(10);
  Subtotals want = serial(10);
  want.v[2] -= nq::sym::PieceCut(10).base().nodes;
  EXPECT_EQ(sum_all(l), want);
}

}  // namespace
