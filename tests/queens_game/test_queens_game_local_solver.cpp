// Tests of the small-position solver (kernels/queens_game/local_solver.hpp): the Grundy tables
// of every graph on at most 6 vertices and on 7 vertices, the two ways of numbering a graph (PEXT,
// loop) against each other, and the solver's Grundy values and outcomes of X + *h on random
// graphs and on queen's graphs, all against a brute force written here
// (Node Kayles: a move takes a vertex and its neighbours; values by mex; the outcome of X + *h
// by searching the sum itself, heap moves included).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <map>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

#include "queens_game/local_solver.hpp"

namespace qd = sb::queens_game::detail;

namespace {

/// Node Kayles on the graph with closed neighbourhoods nb (bit i of nb[i] set).
class BruteKayles {
 public:
  explicit BruteKayles(std::vector<std::uint32_t> nb) : nb_(std::move(nb)) {}
  int grundy(std::uint32_t s) {
    if (s == 0) return 0;
    if (auto it = g_.find(s); it != g_.end()) return it->second;
    std::uint64_t seen = 0;
    for (std::uint32_t v = s; v; v &= v - 1) seen |= 1ull << grundy(s & ~nb_[std::countr_zero(v)]);
    return g_[s] = std::countr_one(seen);
  }
  /// Does the player to move win S beside a nim heap of h? (searched on the sum)
  bool wins_sum(std::uint32_t s, int h) {
    const auto key = std::make_pair(s, h);
    if (auto it = w_.find(key); it != w_.end()) return it->second;
    bool win = false;
    for (std::uint32_t v = s; v && !win; v &= v - 1)
      win = !wins_sum(s & ~nb_[std::countr_zero(v)], h);
    for (int h2 = 0; h2 < h && !win; ++h2) win = !wins_sum(s, h2);
    return w_[key] = win;
  }

 private:
  std::vector<std::uint32_t> nb_;
  std::unordered_map<std::uint32_t, int> g_;
  std::map<std::pair<std::uint32_t, int>, bool> w_;
};

std::vector<std::uint32_t> random_graph(std::mt19937_64& rng, int m, int density_percent) {
  std::vector<std::uint32_t> nb(m);
  for (int i = 0; i < m; ++i) nb[i] |= 1u << i;
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < j; ++i)
      if (static_cast<int>(rng() % 100) < density_percent) nb[i] |= 1u << j, nb[j] |= 1u << i;
  return nb;
}

std::vector<std::uint32_t> queens_graph(int rows, int cols) {
  std::vector<std::uint32_t> nb(rows * cols);
  for (int a = 0; a < rows * cols; ++a)
    for (int b = 0; b < rows * cols; ++b) {
      const int ra = a / cols, ca = a % cols, rb = b / cols, cb = b % cols;
      if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb) nb[a] |= 1u << b;
    }
  return nb;
}

}  // namespace

TEST(QueensGameLocalSolver, TinyTableHoldsTheGrundyValueOfEveryGraph) {
  for (int m = 0; m <= qd::kTiny; ++m)
    for (int a = 0; a < (1 << (m * (m - 1) / 2)); ++a) {
      std::vector<std::uint32_t> nb(m);
      for (int j = 0; j < m; ++j) {
        nb[j] |= 1u << j;
        for (int i = 0; i < j; ++i)
          if ((a >> (j * (j - 1) / 2 + i)) & 1) nb[i] |= 1u << j, nb[j] |= 1u << i;
      }
      BruteKayles brute(nb);
      ASSERT_EQ(qd::tiny_tables().g[m][a], brute.grundy((1u << m) - 1)) << m << " " << a;
    }
  // a few by hand: the empty graph on m vertices is m heaps of 1 (m mod 2); a path of 3: 2
  EXPECT_EQ(qd::tiny_tables().g[0][0], 0);
  EXPECT_EQ(qd::tiny_tables().g[4][0], 0);
  EXPECT_EQ(qd::tiny_tables().g[5][0], 1);
  EXPECT_EQ(qd::tiny_tables().g[3][0b101], 2);  // edges (0,1) and (1,2)
}

TEST(QueensGameLocalSolver, SevenTableHoldsTheGrundyValueOfEveryGraph) {
  // every graph on 7 vertices (2^21 edge sets, numbered as the six-vertex table's), against the
  // mex over the 2^7 vertex subsets computed here (the table itself reads six-vertex values)
  const auto& seven = qd::seven_table();
  for (unsigned a = 0; a < (1u << qd::SevenTable::kEdges); ++a) {
    unsigned nb[7];
    for (int j = 0; j < 7; ++j) {
      nb[j] = 1u << j;
      for (int i = 0; i < j; ++i)
        if ((a >> (j * (j - 1) / 2 + i)) & 1) nb[i] |= 1u << j, nb[j] |= 1u << i;
    }
    std::uint8_t sub[1 << 7] = {};
    for (unsigned set = 1; set < (1u << 7); ++set) {
      unsigned seen = 0;
      for (unsigned v = set; v; v &= v - 1) seen |= 1u << sub[set & ~nb[std::countr_zero(v)]];
      sub[set] = static_cast<std::uint8_t>(std::countr_one(seen));
    }
    ASSERT_EQ(seven.grundy(a), sub[(1u << 7) - 1]) << a;
  }
  // by hand: 7 isolated vertices are 7 heaps of 1 (value 1); the complete graph is one move (1)
  EXPECT_EQ(seven.grundy(0), 1);
  EXPECT_EQ(seven.grundy((1u << 21) - 1), 1);
}

TEST(QueensGameLocalSolver, GraphNumbersByPextAndByLoopAgree) {
  // graph_number takes PEXT where the processor has a fast one, else the loop: both numberings
  // on random graphs and random sets of at most 7 squares, and one by hand
  std::mt19937_64 rng(5);
  for (int round = 0; round < 2000; ++round) {
    const int m = 7 + static_cast<int>(rng() % 26);  // 7..32 squares
    const auto nb = random_graph(rng, m, 10 + static_cast<int>(rng() % 60));
    for (int q = 0; q < 20; ++q) {
      std::uint32_t s = 0;
      const int want = static_cast<int>(rng() % 8);
      while (std::popcount(s) < want) s |= 1u << (rng() % m);
      const auto a = qd::graph_number(nb.data(), s), b = qd::graph_number_loop(nb.data(), s);
      ASSERT_EQ(a.number, b.number);
      ASSERT_EQ(a.vertices, want);
      ASSERT_EQ(b.vertices, want);
    }
  }
  // squares 1, 4, 9 of a path 1 - 4 - 9: edges (0, 1) at bit 0 and (1, 2) at bit 2
  std::vector<std::uint32_t> nb(10);
  for (int i = 0; i < 10; ++i) nb[i] = 1u << i;
  nb[1] |= 1u << 4, nb[4] |= 1u << 1 | 1u << 9, nb[9] |= 1u << 4;
  const auto g = qd::graph_number(nb.data(), (1u << 1) | (1u << 4) | (1u << 9));
  EXPECT_EQ(g.number, 0b101u);
  EXPECT_EQ(g.vertices, 3);
}

TEST(QueensGameLocalSolver, RandomGraphsAgreeWithBruteForce) {
  std::mt19937_64 rng(31);
  qd::LocalSolver local;  // one solver for every graph: load() must forget the previous one
  for (int round = 0; round < 150; ++round) {
    const int m = 6 + static_cast<int>(rng() % 11);  // 6..16 vertices
    const auto nb = random_graph(rng, m, 5 + static_cast<int>(rng() % 50));
    BruteKayles brute(nb);
    local.load(nb.data(), m);
    const std::uint32_t all = (1u << m) - 1;
    ASSERT_EQ(local.grundy(all), brute.grundy(all)) << "round " << round;
    for (int q = 0; q < 6; ++q) {
      const std::uint32_t s = static_cast<std::uint32_t>(rng()) & all;
      const int h = static_cast<int>(rng() % 4);
      ASSERT_EQ(local.wins(s, h), brute.wins_sum(s, h)) << "round " << round << " h " << h;
      ASSERT_EQ(local.grundy(s), brute.grundy(s)) << "round " << round;
    }
  }
  EXPECT_GT(local.nodes, 0u);
}

TEST(QueensGameLocalSolver, QueensGraphsAgreeWithBruteForce) {
  // the queen's graph of small boards: n x n values are OEIS A344227 (1, 1, 2, 1, 3 for n = 1..5)
  const int a344227[] = {1, 1, 2, 1, 3};
  for (int n = 1; n <= 5; ++n) {
    const auto nb = queens_graph(n, n);
    qd::LocalSolver local;
    local.load(nb.data(), n * n);
    const std::uint32_t all = n * n == 32 ? ~0u : (1u << (n * n)) - 1;
    EXPECT_EQ(local.grundy(all), a344227[n - 1]) << n;
  }
  std::mt19937_64 rng(77);
  for (auto [r, c] : {std::pair{4, 5}, std::pair{3, 8}, std::pair{4, 8}, std::pair{5, 6}}) {
    const auto nb = queens_graph(r, c);
    BruteKayles brute(nb);
    qd::LocalSolver local;
    local.load(nb.data(), r * c);
    const std::uint32_t all = r * c == 32 ? ~0u : (1u << (r * c)) - 1;
    EXPECT_EQ(local.grundy(all), brute.grundy(all)) << r << "x" << c;
    for (int q = 0; q < 20; ++q) {
      std::uint32_t s = all;
      for (int k = 0; k < 3; ++k)
        s &= static_cast<std::uint32_t>(rng()) | static_cast<std::uint32_t>(rng());
      const int h = static_cast<int>(rng() % 3);
      EXPECT_EQ(local.wins(s, h), brute.wins_sum(s, h)) << r << "x" << c;
    }
  }
}
