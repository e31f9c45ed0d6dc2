// Tests of the memo search engine (kernels/queens_game/engine.hpp): outcomes of X + *h (P- and
// N-positions), Grundy values and misere outcomes of random positions on small boards against a
// brute-force game-tree search written here (the outcome of X + *h is searched on the sum
// itself, heap moves included, so the Sprague-Grundy decomposition the engine relies on is
// checked rather than assumed), with and without symmetry, on one, two, five and six words
// (squares numbered beyond 255 on 17 x 17 and 2 x 152, beyond 304 on 18 x 18, 19 x 19 and
// 2 x 184), serial and concurrent; and the Grundy values of the
// empty n x n boards against OEIS A344227.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <map>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

#include "queens_game/engine.hpp"
#include "queens_game/geometry.hpp"
#include "queens_game/reference.hpp"
#include "queens_game/table.hpp"

namespace qd = sb::queens_game::detail;

namespace {

/// Game-tree search on boards of at most 64 squares, free squares as one 64-bit mask.
class Brute {
 public:
  Brute(int rows, int cols) : att_(rows * cols, 0) {
    for (int a = 0; a < rows * cols; ++a)
      for (int b = 0; b < rows * cols; ++b) {
        const int ra = a / cols, ca = a % cols, rb = b / cols, cb = b % cols;
        if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb) att_[a] |= 1ull << b;
      }
  }
  /// Normal play: does the player to move win X beside a nim heap of h?
  bool wins(std::uint64_t x, int h) {
    const auto key = std::make_pair(x, h);
    if (auto it = win_.find(key); it != win_.end()) return it->second;
    bool win = false;
    for (std::uint64_t v = x; v && !win; v &= v - 1) win = !wins(x & ~att_[std::countr_zero(v)], h);
    for (int h2 = 0; h2 < h && !win; ++h2) win = !wins(x, h2);
    return win_[key] = win;
  }
  int grundy(std::uint64_t x) {
    if (auto it = g_.find(x); it != g_.end()) return it->second;
    std::uint64_t seen = 0;
    for (std::uint64_t v = x; v; v &= v - 1) seen |= 1ull << grundy(x & ~att_[std::countr_zero(v)]);
    return g_[x] = std::countr_one(seen);
  }
  /// Misere play: the player who cannot move wins.
  bool wins_misere(std::uint64_t x) {
    if (x == 0) return true;
    if (auto it = mis_.find(x); it != mis_.end()) return it->second;
    bool win = false;
    for (std::uint64_t v = x; v && !win; v &= v - 1)
      win = !wins_misere(x & ~att_[std::countr_zero(v)]);
    return mis_[x] = win;
  }

 private:
  std::vector<std::uint64_t> att_;
  std::map<std::pair<std::uint64_t, int>, bool> win_;
  std::unordered_map<std::uint64_t, int> g_;
  std::unordered_map<std::uint64_t, bool> mis_;
};

/// Where a small rows x cols board lies on the engine's board: a rows x cols board itself, or
/// its rectangle at (row0, col0) of a larger board of big_cols columns (two squares of the
/// rectangle share a line there exactly when they do on the small board).
struct Placement {
  int big_rows = 0, big_cols = 0, row0 = 0, col0 = 0;
};

template <int W>
qd::Set<W> to_set(std::uint64_t mask, int cols, const Placement& at) {
  auto s = qd::Set<W>::none();
  for (int i = 0; i < 64; ++i)
    if ((mask >> i) & 1) s.set((at.row0 + i / cols) * at.big_cols + at.col0 + i % cols);
  return s;
}

/// Random positions of a rows x cols board (at most 64 squares), dense enough that many have
/// more than kLocal squares and go through the table; searched on that board, or on the
/// rectangle `at` of a larger one.
template <int W, bool Concurrent>
void check_against_brute(int rows, int cols, bool sym, int positions, std::uint64_t seed,
                         Placement at = {}) {
  if (at.big_rows == 0) at = {rows, cols, 0, 0};
  const qd::Geometry<W> g(at.big_rows, at.big_cols, sym);
  qd::Table<W, Concurrent> tt(16ull << 20);
  qd::Stats st;
  qd::Busy busy;
  std::atomic<bool> stop{false};
  qd::Engine<W, Concurrent> e(g, tt, st, Concurrent ? &stop : nullptr,
                              Concurrent ? &busy : nullptr);
  Brute brute(rows, cols);
  std::mt19937_64 rng(seed);
  const int n = rows * cols;
  const std::uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
  for (int i = 0; i < positions; ++i) {
    std::uint64_t x = all;
    // drop a few squares (or, one time in four, play a random queen) so that X stays large
    if (i % 4 == 3)
      x &= ~(1ull << (rng() % n)) & ~(rng() & rng() & rng());
    else
      x &= ~(rng() & rng() & rng());
    const auto s = to_set<W>(x, cols, at);
    const int value = brute.grundy(x);
    EXPECT_EQ(e.grundy(s), value) << rows << "x" << cols << " " << x;
    for (int h = 0; h <= 3; ++h)
      EXPECT_EQ(e.wins(s, h), brute.wins(x, h)) << rows << "x" << cols << " " << x << " h " << h;
    EXPECT_EQ(e.wins_misere(s), brute.wins_misere(x)) << rows << "x" << cols << " " << x;
  }
  EXPECT_GT(st.nodes, 0u);
}

}  // namespace

TEST(QueensGameEngine, OutcomesAndValuesMatchBruteForceOnOneWord) {
  check_against_brute<1, false>(5, 5, false, 30, 1);
  check_against_brute<1, false>(5, 5, true, 30, 2);
  check_against_brute<1, false>(4, 6, true, 30, 3);
  check_against_brute<1, false>(6, 6, true, 12, 4);  // 36 squares: the table search
  check_against_brute<1, false>(6, 6, false, 12, 5);
  check_against_brute<1, false>(5, 7, true, 12, 6);
}

TEST(QueensGameEngine, OutcomesAndValuesMatchBruteForceOnTwoWords) {
  check_against_brute<2, false>(7, 7, true, 6, 7);
  check_against_brute<2, false>(5, 10, true, 6, 8);
}

TEST(QueensGameEngine, SquaresBeyond256OnTheLargestBoards) {
  // The bottom-right 7 x 7 of a 17 x 17 board (squares up to 288, beyond one byte), with the
  // board's eight symmetries, and the right end of a 2 x 152 board (up to square 303).
  check_against_brute<5, false>(7, 7, true, 4, 11, {17, 17, 10, 10});
  check_against_brute<5, false>(2, 30, true, 8, 12, {2, 152, 0, 122});
  check_against_brute<5, true>(6, 6, true, 4, 13, {17, 17, 11, 11});
}

TEST(QueensGameEngine, SixWordsOnBoardsBeyond304Squares) {
  // Six words (305..368 squares): the bottom-right 7 x 7 of 18 x 18 and of 19 x 19 (squares up
  // to 360), with their symmetries, and the right end of a 2 x 184 board (up to square 367).
  check_against_brute<6, false>(7, 7, true, 4, 14, {18, 18, 11, 11});
  check_against_brute<6, false>(7, 7, true, 4, 15, {19, 19, 12, 12});
  check_against_brute<6, false>(2, 30, true, 8, 16, {2, 184, 0, 154});
  check_against_brute<6, true>(6, 6, true, 4, 17, {19, 19, 13, 13});
}

TEST(QueensGameEngine, ConcurrentEngineGivesTheSameAnswers) {
  check_against_brute<1, true>(6, 6, true, 10, 9);
  check_against_brute<2, true>(7, 7, true, 4, 10);
}

TEST(QueensGameEngine, EmptyBoardsMatchOeisA344227) {
  // OEIS A344227 (Grundy value of the n x n queens game), a(1..8) from src/queens_game/
  // reference.cpp: 1, 1, 2, 1, 3, 1, 2, 3
  for (int n = 1; n <= 8; ++n) {
    const auto expected = sb::queens_game::reference::grundy(n);
    ASSERT_TRUE(expected.has_value());
    const int value = qd::dispatch_words(n * n, [&]<int W>() {
      const qd::Geometry<W> g(n, n, true);
      qd::Table<W, false> tt(64ull << 20);
      qd::Stats st;
      qd::Engine<W, false> e(g, tt, st);
      const auto start = qd::Set<W>::first_n(n * n);
      EXPECT_EQ(e.wins(start, 0), *expected != 0) << n;
      return e.grundy(start);
    });
    EXPECT_EQ(value, *expected) << n;
  }
}

TEST(QueensGameEngine, MirroredPositionsAreLost) {
  // Jenrich's half-turn rule: an odd board after the centre move is symmetric, no square attacks
  // its image, so the player to move loses; the brute force agrees on 5 x 5.
  const qd::Geometry<1> g(5, 5, true);
  qd::Table<1, false> tt(16ull << 20);
  qd::Stats st;
  qd::Engine<1, false> e(g, tt, st);
  const auto after_centre = qd::Set<1>::first_n(25).andnot(g.att[12]);
  EXPECT_TRUE(e.mirrored(e.pos(after_centre)));
  EXPECT_FALSE(e.wins(after_centre, 0));
  Brute brute(5, 5);
  EXPECT_FALSE(brute.wins(after_centre.w[0], 0));
  EXPECT_FALSE(e.mirrored(e.pos(qd::Set<1>::first_n(25))));  // the centre faces itself
}
