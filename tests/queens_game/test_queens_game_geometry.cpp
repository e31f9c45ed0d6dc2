// Tests of the queens-game board geometry (kernels/queens_game/geometry.hpp): attack masks and
// lines against a queen that walks the eight directions, the symmetries against the attack
// relation and against a brute-force game value (a symmetric image of a position has the same
// Grundy value), canonical forms and orbits, the half turn, and connected components against a
// breadth-first search written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "queens_game/geometry.hpp"

namespace qd = sb::queens_game::detail;

namespace {

/// True when a queen on (r1, c1) attacks (r2, c2) or stands on it, found by walking.
bool queen_reaches(int rows, int cols, int r1, int c1, int r2, int c2) {
  if (r1 == r2 && c1 == c2) return true;
  const int dr[8] = {1, -1, 0, 0, 1, 1, -1, -1};
  const int dc[8] = {0, 0, 1, -1, 1, -1, 1, -1};
  for (int d = 0; d < 8; ++d)
    for (int y = r1 + dr[d], x = c1 + dc[d]; y >= 0 && y < rows && x >= 0 && x < cols;
         y += dr[d], x += dc[d])
      if (y == r2 && x == c2) return true;
  return false;
}

template <int W>
void check_attacks(int rows, int cols) {
  const qd::Geometry<W> g(rows, cols, true);
  ASSERT_EQ(g.n, rows * cols);
  for (int a = 0; a < g.n; ++a)
    for (int b = 0; b < g.n; ++b) {
      const bool reach = queen_reaches(rows, cols, a / cols, a % cols, b / cols, b % cols);
      ASSERT_EQ(g.att[a].test(b), reach) << rows << "x" << cols << " " << a << " " << b;
      bool share = false;
      for (int j = 0; j < 4; ++j) share |= g.lines[a * 4 + j] == g.lines[b * 4 + j];
      ASSERT_EQ(share, reach) << rows << "x" << cols << " " << a << " " << b;
    }
  for (int a = 0; a < g.n; ++a)
    for (int b = g.n; b < W * 64; ++b) ASSERT_FALSE(g.att[a].test(b));
}

/// Grundy value by brute force (normal play) on a board of at most 64 squares.
struct BruteGrundy {
  std::vector<std::uint64_t> att;
  std::unordered_map<std::uint64_t, int> memo;
  int operator()(std::uint64_t x) {
    if (x == 0) return 0;
    if (auto it = memo.find(x); it != memo.end()) return it->second;
    std::uint64_t seen = 0;
    for (std::uint64_t v = x; v; v &= v - 1) seen |= 1ull << (*this)(x & ~att[std::countr_zero(v)]);
    const int g = std::countr_one(seen);
    memo[x] = g;
    return g;
  }
};

qd::Set<1> random_subset(std::mt19937_64& rng, int n, int density_percent) {
  auto s = qd::Set<1>::none();
  for (int i = 0; i < n; ++i)
    if (static_cast<int>(rng() % 100) < density_percent) s.set(i);
  return s;
}

}  // namespace

TEST(QueensGameGeometry, AttackMasksAndLinesMatchAWalkingQueen) {
  for (int r = 1; r <= 8; ++r)
    for (int c = 1; c <= 8; ++c)
      if (r * c <= 48) check_attacks<1>(r, c);
  check_attacks<2>(8, 8);
  check_attacks<2>(7, 16);
  check_attacks<3>(11, 11);
  check_attacks<4>(15, 15);
  check_attacks<5>(16, 16);
  check_attacks<5>(2, 128);
  check_attacks<5>(17, 17);  // square numbers and lines beyond one byte
  check_attacks<5>(1, 304);
  check_attacks<5>(16, 19);
  check_attacks<6>(18, 18);
  check_attacks<6>(19, 19);  // kMaxSquares
  check_attacks<6>(2, 184);
}

TEST(QueensGameGeometry, SymmetriesOfTheLargestSquareBoard) {
  // 17 x 17: the eight maps as the coordinates say, and images() (word walk) equal to image().
  const qd::Geometry<5> g(17, 17, true);
  ASSERT_EQ(g.nsym, 8);
  for (int t = 0; t < 8; ++t) {
    std::set<int> image;
    for (int s = 0; s < g.n; ++s) image.insert(g.perm[s * 8 + t]);
    EXPECT_EQ(static_cast<int>(image.size()), g.n) << t;
  }
  for (int s = 0; s < g.n; ++s) {
    const int y = s / 17, x = s % 17;
    EXPECT_EQ(g.perm[s * 8 + g.half_turn], (16 - y) * 17 + (16 - x)) << s;
  }
  std::mt19937_64 rng(17);
  for (int round = 0; round < 50; ++round) {
    auto x = qd::Set<5>::none();
    for (int s = 0; s < g.n; ++s)
      if (rng() % 3 == 0) x.set(s);
    qd::Set<5> img[8];
    g.images(x, img);
    for (int t = 0; t < 8; ++t) {
      EXPECT_EQ(img[t], g.image(x, t)) << t;
      EXPECT_EQ(img[t].count(), x.count());
      EXPECT_TRUE(g.canon(img[t]) == g.canon(x));
    }
  }
}

TEST(QueensGameGeometry, SymmetryCountAndPermutations) {
  struct Case {
    int rows, cols, nsym;
  };
  for (const Case k : {Case{1, 1, 1}, Case{1, 5, 2}, Case{5, 1, 2}, Case{2, 2, 8}, Case{3, 3, 8},
                       Case{3, 5, 4}, Case{6, 4, 4}, Case{6, 6, 8}}) {
    const qd::Geometry<1> g(k.rows, k.cols, true);
    EXPECT_EQ(g.nsym, k.nsym) << k.rows << "x" << k.cols;
    EXPECT_EQ(qd::Geometry<1>(k.rows, k.cols, false).nsym, 1);
    for (int t = 0; t < g.nsym; ++t) {
      std::set<int> image;
      for (int s = 0; s < g.n; ++s) {
        image.insert(g.perm[s * 8 + t]);
        if (t == 0) {
          EXPECT_EQ(g.perm[s * 8], s);
        }
      }
      EXPECT_EQ(static_cast<int>(image.size()), g.n) << "symmetry " << t << " is a bijection";
      // an automorphism of the queen's graph
      for (int a = 0; a < g.n; ++a)
        for (int b = 0; b < g.n; ++b)
          ASSERT_EQ(g.att[a].test(b), g.att[g.perm[a * 8 + t]].test(g.perm[b * 8 + t]));
    }
  }
}

TEST(QueensGameGeometry, ASymmetricImageHasTheSameGame) {
  std::mt19937_64 rng(2024);
  for (auto [r, c] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{5, 5}, std::pair{4, 6}}) {
    const qd::Geometry<1> g(r, c, true);
    BruteGrundy brute;
    brute.att.assign(g.n, 0);
    for (int s = 0; s < g.n; ++s) brute.att[s] = g.att[s].w[0];
    for (int round = 0; round < 40; ++round) {
      const auto x = random_subset(rng, g.n, 30 + static_cast<int>(rng() % 50));
      const int value = brute(x.w[0]);
      for (int t = 0; t < g.nsym; ++t) {
        const auto y = g.image(x, t);
        EXPECT_EQ(y.count(), x.count());
        EXPECT_EQ(brute(y.w[0]), value) << r << "x" << c << " symmetry " << t;
      }
    }
  }
}

TEST(QueensGameGeometry, ImagesCanonicalFormAndOrbit) {
  std::mt19937_64 rng(99);
  for (auto [r, c] : {std::pair{5, 5}, std::pair{4, 7}, std::pair{6, 6}}) {
    const qd::Geometry<1> g(r, c, true);
    for (int round = 0; round < 100; ++round) {
      const auto x = random_subset(rng, g.n, static_cast<int>(rng() % 101));
      qd::Set<1> img[8];
      g.images(x, img);
      std::set<std::uint64_t> orbit;
      for (int t = 0; t < g.nsym; ++t) {
        EXPECT_EQ(img[t], g.image(x, t));
        orbit.insert(img[t].w[0]);
      }
      EXPECT_EQ(g.nsym % orbit.size(), 0u) << "orbit size divides the group order";
      const auto canon = g.canon(x);
      EXPECT_EQ(canon.w[0], *orbit.begin()) << "the least image";
      EXPECT_EQ(g.least(img), canon);
      for (int t = 0; t < g.nsym; ++t) EXPECT_EQ(g.canon(img[t]), canon);
    }
  }
  // orbits of single squares on 3 x 3: corners (4), edges (4), the centre (1)
  const qd::Geometry<1> g(3, 3, true);
  for (auto [sq, size] : {std::pair{0, 4}, std::pair{1, 4}, std::pair{4, 1}}) {
    auto x = qd::Set<1>::none();
    x.set(sq);
    std::set<std::uint64_t> orbit;
    for (int t = 0; t < g.nsym; ++t) orbit.insert(g.image(x, t).w[0]);
    EXPECT_EQ(static_cast<int>(orbit.size()), size) << sq;
  }
  // without symmetry the canonical form is the set itself
  const qd::Geometry<1> plain(3, 3, false);
  auto x = qd::Set<1>::none();
  x.set(8);
  EXPECT_EQ(plain.canon(x), x);
}

TEST(QueensGameGeometry, HalfTurnAndSquaresFacingTheirImage) {
  for (auto [r, c] : {std::pair{1, 1}, std::pair{4, 4}, std::pair{5, 5}, std::pair{3, 6}}) {
    const qd::Geometry<1> g(r, c, true);
    ASSERT_GE(g.half_turn, 0);
    for (int s = 0; s < g.n; ++s) {
      const int y = s / c, x = s % c, mirror = (r - 1 - y) * c + (c - 1 - x);
      EXPECT_EQ(g.perm[s * 8 + g.half_turn], mirror);
      EXPECT_EQ(g.self_facing.test(s), queen_reaches(r, c, y, x, r - 1 - y, c - 1 - x)) << s;
    }
  }
  EXPECT_EQ(qd::Geometry<1>(4, 4, false).half_turn, -1);
}

TEST(QueensGameGeometry, ComponentsMatchABreadthFirstSearch) {
  std::mt19937_64 rng(5);
  const qd::Geometry<2> g(8, 8, false);
  for (int round = 0; round < 200; ++round) {
    auto x = qd::Set<2>::none();
    const int density = 2 + static_cast<int>(rng() % 30);
    for (int i = 0; i < 64; ++i)
      if (static_cast<int>(rng() % 100) < density) x.set(i);
    if (x.empty()) continue;
    const int start = x.lowest();
    std::vector<int> queue = {start};
    std::vector<bool> seen(64, false);
    seen[start] = true;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (int b = 0; b < 64; ++b)
        if (x.test(b) && !seen[b] && queen_reaches(8, 8, queue[i] / 8, queue[i] % 8, b / 8, b % 8))
          seen[b] = true, queue.push_back(b);
    auto expected = qd::Set<2>::none();
    for (int b : queue) expected.set(b);
    EXPECT_EQ(g.component(x, start), expected);
  }
}
