// Tests of the queens-game kernels and Player: agreement with an independent brute force written
// here (outcomes, Grundy values, misere outcomes, winning first moves), agreement of all kernels,
// the winning-first-move property, thread-count independence, bounded memory and bad input.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/typed_problem.hpp"
#include "queens_game/checker.hpp"
#include "queens_game/problem.hpp"
#include "queens_game/queens_game.hpp"
#include "queens_game/reference.hpp"

namespace qg = sb::queens_game;

namespace {

/// Independent brute force on boards of at most 64 squares: free squares as one 64-bit mask,
/// attacks found by walking the 8 directions, Grundy values (normal play) and misere outcomes
/// memoised in hash maps, with no symmetry and no decomposition.
class Brute {
 public:
  Brute(int rows, int cols) : rows_(rows), cols_(cols), att_(rows * cols, 0) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        std::uint64_t m = bit(r, c);
        const int dr[8] = {1, -1, 0, 0, 1, 1, -1, -1};
        const int dc[8] = {0, 0, 1, -1, 1, -1, 1, -1};
        for (int d = 0; d < 8; ++d)
          for (int y = r + dr[d], x = c + dc[d]; y >= 0 && y < rows && x >= 0 && x < cols;
               y += dr[d], x += dc[d])
            m |= bit(y, x);
        att_[r * cols + c] = m;
      }
  }
  std::uint64_t full() const {
    const int n = rows_ * cols_;
    return n == 64 ? ~0ull : (1ull << n) - 1;
  }
  std::uint64_t after(std::uint64_t free, int s) const { return free & ~att_[s]; }

  int grundy(std::uint64_t free) {
    if (free == 0) return 0;
    if (auto it = g_.find(free); it != g_.end()) return it->second;
    std::vector<bool> seen(rows_ * cols_ + 2, false);
    for (int s = 0; s < rows_ * cols_; ++s)
      if ((free >> s) & 1) seen[grundy(after(free, s))] = true;
    int m = 0;
    while (seen[m]) ++m;
    g_[free] = m;
    return m;
  }
  bool misere_wins(std::uint64_t free) {
    if (free == 0) return true;
    if (auto it = mis_.find(free); it != mis_.end()) return it->second;
    bool win = false;
    for (int s = 0; s < rows_ * cols_ && !win; ++s)
      if ((free >> s) & 1) win = !misere_wins(after(free, s));
    mis_[free] = win;
    return win;
  }
  std::vector<int> winning_first_moves(bool misere) {
    std::vector<int> w;
    for (int s = 0; s < rows_ * cols_; ++s) {
      const std::uint64_t c = after(full(), s);
      if (misere ? !misere_wins(c) : grundy(c) == 0) w.push_back(s);
    }
    return w;
  }

 private:
  std::uint64_t bit(int r, int c) const { return 1ull << (r * cols_ + c); }
  int rows_, cols_;
  std::vector<std::uint64_t> att_;
  std::unordered_map<std::uint64_t, int> g_;
  std::unordered_map<std::uint64_t, bool> mis_;
};

std::vector<const sb::KernelInfo*> game_kernels() {
  std::vector<const sb::KernelInfo*> v;
  for (const auto& k : qg::problem().kernels) v.push_back(&k);
  return v;
}

const sb::KernelInfo* find(const char* name) {
  return qg::problem().find_kernel(name);
}

/// Runs kernel k on the board and options of p through the problem model's type-erased run
/// (as the CLI and bench do).
qg::Result solve(const sb::KernelInfo* k, const qg::Params& p) {
  sb::RunSettings s;
  s.threads = p.threads;
  s.max_memory = p.max_memory;
  const auto in = sb::make_instance<qg::Traits>({.rows = p.rows,
                                                 .cols = p.cols,
                                                 .misere = p.misere,
                                                 .all_moves = p.all_moves,
                                                 .grundy = p.grundy,
                                                 .move_grundy = p.move_grundy,
                                                 .queens = p.queens});
  return sb::result_of<qg::Traits>(k->run(in, s));
}

qg::Params params(int rows, int cols, bool misere, int threads = 2) {
  qg::Params p;
  p.rows = rows;
  p.cols = cols;
  p.threads = threads;
  p.all_moves = true;
  p.grundy = !misere;
  p.move_grundy = !misere;
  p.misere = misere;
  p.max_memory = 64ull << 20;
  return p;
}

/// Every square board up to 7 x 7 and every rectangle up to 4 x 6 (both orientations).
std::vector<std::pair<int, int>> small_boards() {
  std::vector<std::pair<int, int>> b;
  for (int n = 1; n <= 7; ++n) b.push_back({n, n});
  for (int r = 1; r <= 4; ++r)
    for (int c = 1; c <= 6; ++c)
      if (r != c) b.push_back({r, c}), b.push_back({c, r});
  return b;
}

}  // namespace

TEST(QueensGame, FourKernelsRegistered) {
  const auto ks = game_kernels();
  ASSERT_GE(ks.size(), 3u);
  EXPECT_NE(find("plain"), nullptr);
  EXPECT_NE(find("memo"), nullptr);
  EXPECT_NE(find("memo-sym"), nullptr);
}

TEST(QueensGame, KernelsMatchBruteForceNormalPlay) {
  for (auto [r, c] : small_boards()) {
    Brute b(r, c);
    const int g = b.grundy(b.full());
    const auto wins = b.winning_first_moves(false);
    std::vector<int> after;  // Grundy value after each first move
    for (int s = 0; s < r * c; ++s) after.push_back(b.grundy(b.after(b.full(), s)));
    for (const auto* k : game_kernels()) {
      SCOPED_TRACE(std::string(k->name) + " " + std::to_string(r) + "x" + std::to_string(c));
      const auto res = solve(k, params(r, c, false));
      EXPECT_EQ(res.first_player_wins, g != 0);
      ASSERT_TRUE(res.grundy.has_value());
      EXPECT_EQ(*res.grundy, g);
      EXPECT_EQ(res.winning_first_moves, wins);
      EXPECT_EQ(res.move_grundy, after);
    }
  }
}

TEST(QueensGame, KernelsMatchBruteForceMisere) {
  for (auto [r, c] : small_boards()) {
    Brute b(r, c);
    const bool first = b.misere_wins(b.full());
    const auto wins = b.winning_first_moves(true);
    for (const auto* k : game_kernels()) {
      SCOPED_TRACE(std::string(k->name) + " misere " + std::to_string(r) + "x" + std::to_string(c));
      const auto res = solve(k, params(r, c, true));
      EXPECT_EQ(res.first_player_wins, first);
      EXPECT_EQ(res.winning_first_moves, wins);
      EXPECT_FALSE(res.grundy.has_value());
      EXPECT_TRUE(res.move_grundy.empty());
    }
  }
}

// Positions after queens (--moves, ':after='): random legal placements of 1 to 4 queens on boards
// up to 7 x 7, every kernel that takes a position against the brute force of this file (Grundy
// values under normal play, outcomes under misere play); the piece kernels refuse them.
TEST(QueensGame, PositionsAfterQueensMatchBruteForce) {
  std::uint64_t seed = 12345;
  const auto next = [&seed](int bound) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((seed >> 33) % static_cast<std::uint64_t>(bound));
  };
  for (auto [r, c] :
       {std::pair{5, 5}, std::pair{6, 6}, std::pair{4, 7}, std::pair{7, 5}, std::pair{7, 7}}) {
    Brute b(r, c);
    for (int round = 0; round < 6; ++round) {
      std::vector<int> queens;
      std::uint64_t free = b.full();
      const int want = 1 + next(4);
      while (static_cast<int>(queens.size()) < want && free != 0) {
        int s;
        do s = next(r * c);
        while (((free >> s) & 1) == 0);
        queens.push_back(s);
        free = b.after(free, s);
      }
      for (bool misere : {false, true}) {
        qg::Params p;
        p.rows = r, p.cols = c, p.threads = 2, p.max_memory = 64ull << 20;
        p.misere = misere, p.grundy = !misere, p.queens = queens;
        const auto in = sb::make_instance<qg::Traits>({.rows = r,
                                                       .cols = c,
                                                       .misere = misere,
                                                       .all_moves = false,
                                                       .grundy = !misere,
                                                       .queens = queens});
        for (const auto* k : game_kernels()) {
          SCOPED_TRACE(std::string(k->name) + " " + in.name);
          if (k->refuse && k->refuse(in)) {
            EXPECT_NE(std::string(k->name).find("pieces"), std::string::npos);
            EXPECT_THROW(solve(k, p), std::invalid_argument);
            continue;
          }
          const auto res = solve(k, p);
          EXPECT_TRUE(res.winning_first_moves.empty());
          if (misere) {
            EXPECT_EQ(res.first_player_wins, b.misere_wins(free));
          } else {
            ASSERT_TRUE(res.grundy.has_value());
            EXPECT_EQ(*res.grundy, b.grundy(free));
            EXPECT_EQ(res.first_player_wins, *res.grundy != 0);
          }
        }
      }
    }
  }
  // One queen: the position's value is the empty board's value after that first move.
  const auto empty = qg::checker::solve(6, 6, false);
  for (int s = 0; s < 36; ++s) {
    qg::Params p;
    p.rows = p.cols = 6, p.grundy = true, p.queens = {s};
    EXPECT_EQ(qg::memo_sym(p).grundy, empty.move_grundy[static_cast<std::size_t>(s)]) << s;
  }
}

// Positions on the boards of six words (18 x 18, 19 x 19, 8 x 46: more than 304 squares): queens
// placed at random until at most 22 squares are free, every kernel that takes a position
// against a brute force over those free squares written here (their own attack test, Grundy
// values by mex, misere outcomes), so the largest boards are checked where a search is short.
TEST(QueensGame, PositionsOnSixWordBoardsMatchBruteForce) {
  std::uint64_t seed = 777;
  const auto next = [&seed](int bound) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((seed >> 33) % static_cast<std::uint64_t>(bound));
  };
  for (auto [r, c] : {std::pair{18, 18}, std::pair{19, 19}, std::pair{8, 46}}) {
    const auto attacks = [c = c](int a, int b) {
      const int ra = a / c, ca = a % c, rb = b / c, cb = b % c;
      return ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb;
    };
    for (int round = 0; round < 3; ++round) {
      std::vector<int> queens, free;
      for (int s = 0; s < r * c; ++s) free.push_back(s);
      while (free.size() > 22) {
        const int q = free[static_cast<std::size_t>(next(static_cast<int>(free.size())))];
        queens.push_back(q);
        std::erase_if(free, [&](int s) { return attacks(q, s); });
      }
      // Brute force on the free squares, numbered 0..k-1 in one 64-bit mask.
      const int k = static_cast<int>(free.size());
      std::vector<std::uint64_t> att(static_cast<std::size_t>(k), 0);
      for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j)
          if (attacks(free[static_cast<std::size_t>(i)], free[static_cast<std::size_t>(j)]))
            att[static_cast<std::size_t>(i)] |= 1ull << j;
      std::unordered_map<std::uint64_t, int> g;
      std::unordered_map<std::uint64_t, bool> mis;
      const auto grundy = [&](auto&& self, std::uint64_t x) -> int {
        if (auto it = g.find(x); it != g.end()) return it->second;
        std::uint64_t seen = 0;
        for (std::uint64_t v = x; v; v &= v - 1)
          seen |= 1ull << self(self, x & ~att[static_cast<std::size_t>(std::countr_zero(v))]);
        return g[x] = std::countr_one(seen);
      };
      const auto misere_wins = [&](auto&& self, std::uint64_t x) -> bool {
        if (x == 0) return true;
        if (auto it = mis.find(x); it != mis.end()) return it->second;
        bool win = false;
        for (std::uint64_t v = x; v && !win; v &= v - 1)
          win = !self(self, x & ~att[static_cast<std::size_t>(std::countr_zero(v))]);
        return mis[x] = win;
      };
      const std::uint64_t all = k == 64 ? ~0ull : (1ull << k) - 1;
      for (bool misere : {false, true}) {
        qg::Params p;
        p.rows = r, p.cols = c, p.threads = 2, p.max_memory = 64ull << 20;
        p.misere = misere, p.grundy = !misere, p.queens = queens;
        for (const auto* kernel : game_kernels()) {
          const auto in = sb::make_instance<qg::Traits>(
              {.rows = r, .cols = c, .misere = misere, .grundy = !misere, .queens = queens});
          if (kernel->refuse && kernel->refuse(in)) continue;
          SCOPED_TRACE(std::string(kernel->name) + " " + in.name);
          const auto res = solve(kernel, p);
          if (misere) {
            EXPECT_EQ(res.first_player_wins, misere_wins(misere_wins, all));
          } else {
            ASSERT_TRUE(res.grundy.has_value());
            EXPECT_EQ(*res.grundy, grundy(grundy, all));
          }
        }
      }
    }
  }
}

TEST(QueensGame, RootOnlySolveAgrees) {
  // Without --all-moves the search stops at the first winning move.
  for (auto [r, c] : small_boards())
    for (bool misere : {false, true}) {
      Brute b(r, c);
      const bool first = misere ? b.misere_wins(b.full()) : b.grundy(b.full()) != 0;
      for (const auto* k : game_kernels()) {
        auto p = params(r, c, misere);
        p.all_moves = false;
        p.grundy = p.move_grundy = false;
        const auto res = solve(k, p);
        EXPECT_EQ(res.first_player_wins, first) << k->name << " " << r << "x" << c;
        EXPECT_TRUE(res.winning_first_moves.empty());
      }
    }
}

TEST(QueensGame, EightByEightFirstPlayerWins) {
  // The first player wins 8 x 8 (the article "８クィーンゲーム", Gushwell's C# Programming Page;
  // Noon & Van Brummelen 2006). Checked by every memo kernel and the brute force.
  Brute b(8, 8);
  const auto wins = b.winning_first_moves(false);
  EXPECT_FALSE(wins.empty());
  for (const auto* k : game_kernels()) {
    const auto res = solve(k, params(8, 8, false));
    EXPECT_TRUE(res.first_player_wins) << k->name;
    EXPECT_EQ(res.winning_first_moves, wins) << k->name;
    EXPECT_EQ(*res.grundy, b.grundy(b.full())) << k->name;
  }
}

TEST(QueensGame, WinningFirstMovesLeadToLostPositions) {
  // Each reported winning first move leaves a position the solver proves lost for the player to
  // move, and every other first move leaves a won one (boards up to 9 x 9 and some rectangles).
  const std::vector<std::pair<int, int>> boards = {{5, 5}, {6, 6}, {7, 7},  {8, 8}, {9, 9},
                                                   {5, 8}, {6, 9}, {3, 10}, {2, 16}};
  for (auto [r, c] : boards) {
    const auto* k = find("memo-sym");
    auto p = params(r, c, false);
    p.grundy = false;
    const auto res = solve(k, p);
    qg::Player player(r, c);
    qg::Squares all;
    for (int s = 0; s < r * c; ++s) all.set(s);
    for (int s = 0; s < r * c; ++s) {
      const bool reported =
          std::binary_search(res.winning_first_moves.begin(), res.winning_first_moves.end(), s);
      EXPECT_EQ(reported, !player.mover_wins(all & ~player.attack(s)))
          << r << "x" << c << " square " << s;
    }
    EXPECT_EQ(res.first_player_wins, !res.winning_first_moves.empty());
  }
}

TEST(QueensGame, ThreadCountDoesNotChangeResults) {
  // memo-sym-tbb with 1, 2, 3 and 8 threads against the serial memo-sym: every square board up
  // to 10 x 10 and every rectangle of at most 40 squares, normal play (winner, winning first
  // moves, Grundy value; and the root alone) and misere play (winner, winning first moves).
  const auto* k = find("memo-sym-tbb");
  if (k == nullptr) GTEST_SKIP() << "built without oneTBB";
  const auto* ref = find("memo-sym");
  std::vector<std::pair<int, int>> boards;
  for (int r = 1; r <= 40; ++r)
    for (int c = 1; r * c <= 40; ++c) boards.push_back({r, c});
  for (int n = 7; n <= 10; ++n) boards.push_back({n, n});
  for (auto [r, c] : boards)
    for (bool misere : {false, true}) {
      const auto want = solve(ref, params(r, c, misere, 1));
      auto root = params(r, c, misere, 1);
      root.all_moves = root.grundy = root.move_grundy = false;
      for (int t : {1, 2, 3, 8}) {
        SCOPED_TRACE(std::to_string(r) + "x" + std::to_string(c) + (misere ? " misere" : "") +
                     ", " + std::to_string(t) + " threads");
        const auto got = solve(k, params(r, c, misere, t));
        EXPECT_EQ(got.first_player_wins, want.first_player_wins);
        EXPECT_EQ(got.winning_first_moves, want.winning_first_moves);
        EXPECT_EQ(got.grundy, want.grundy);
        EXPECT_EQ(got.move_grundy, want.move_grundy);
        EXPECT_EQ(got.threads, t);
        root.threads = t;
        EXPECT_EQ(solve(k, root).first_player_wins, want.first_player_wins);
      }
    }
}

TEST(QueensGame, LargerBoardsAgreeAcrossMemoKernels) {
  for (auto [r, c] : std::vector<std::pair<int, int>>{{9, 9}, {10, 10}, {8, 12}, {11, 5}}) {
    qg::Result first;
    bool have = false;
    for (const auto* k : game_kernels()) {
      if (k->name == "plain") continue;
      auto p = params(r, c, false);
      p.grundy = false;
      const auto res = solve(k, p);
      if (!have) first = res, have = true;
      EXPECT_EQ(res.first_player_wins, first.first_player_wins) << k->name << " " << r << "x" << c;
      EXPECT_EQ(res.winning_first_moves, first.winning_first_moves) << k->name;
    }
  }
}

TEST(QueensGame, TinyMemoryBudgetStillExact) {
  // The smallest table (128 KiB: 1024 buckets of 128 bytes, each with 15 / W entries of W words
  // for W = (squares + 16) / 64 rounded up) is far too small for 10 x 12 (about 30,000 positions
  // stored with room) and misere 10 x 10 (about 70,000): entries get replaced, more nodes are
  // searched, results stay exact, and the table never holds more than it has room for.
  constexpr std::uint64_t kTiny = 128 << 10;
  for (const char* name : {"memo-sym", "memo-sym-tbb"}) {
    const auto* k = find(name);
    if (k == nullptr) continue;
    for (auto [r, c, misere] : {std::tuple{10, 12, false}, std::tuple{10, 10, true}}) {
      SCOPED_TRACE(std::string(name) + " " + std::to_string(r) + "x" + std::to_string(c) +
                   (misere ? " misere" : ""));
      const std::uint64_t room = 1024 * (15 / ((r * c + 16 + 63) / 64));
      auto p = params(r, c, misere, 2);
      const auto big = solve(k, p);
      p.max_memory = kTiny;
      const auto small = solve(k, p);
      EXPECT_EQ(small.first_player_wins, big.first_player_wins);
      EXPECT_EQ(small.winning_first_moves, big.winning_first_moves);
      EXPECT_EQ(small.grundy, big.grundy);
      EXPECT_GT(big.positions, room);
      EXPECT_LE(small.positions, room);
      if (k->deterministic) {
        EXPECT_GT(small.nodes, big.nodes);
      }
    }
  }
}

TEST(QueensGame, BadPositionsThrow) {
  qg::Params p;
  p.rows = p.cols = 6;
  p.queens = {14, 15};  // c3, then d3 on its rank
  EXPECT_THROW(qg::memo_sym(p), std::invalid_argument);
  p.queens = {36};  // off the board
  EXPECT_THROW(qg::memo(p), std::invalid_argument);
  p.queens = {14};
  p.all_moves = true;  // the first moves' classes are the empty board's
  EXPECT_THROW(qg::memo_sym(p), std::invalid_argument);
  p.all_moves = false;
  EXPECT_THROW(qg::memo_sym_pieces(p), std::invalid_argument);
  EXPECT_THROW(qg::memo_sym_query_pieces(p), std::invalid_argument);
  EXPECT_NO_THROW(qg::memo_sym(p));
}

TEST(QueensGame, BadInputThrows) {
  for (const auto* k : game_kernels()) {
    auto p = params(0, 5, false);
    EXPECT_THROW(solve(k, p), std::invalid_argument) << k->name;
    p = params(20, 19, false);  // 380 > kMaxSquares squares
    EXPECT_THROW(solve(k, p), std::invalid_argument) << k->name;
    p = params(4, 4, false, 0);
    EXPECT_THROW(solve(k, p), std::invalid_argument) << k->name;
    p = params(4, 4, false);
    p.misere = true;  // with grundy
    EXPECT_THROW(solve(k, p), std::invalid_argument) << k->name;
    if (k->name != "plain") {
      p = params(4, 4, false);
      p.max_memory = 1000;
      EXPECT_THROW(solve(k, p), qg::OutOfMemory) << k->name;
    }
  }
}

TEST(QueensGame, OneByOneAndLines) {
  for (const auto* k : game_kernels()) {
    auto res = solve(k, params(1, 1, false));
    EXPECT_TRUE(res.first_player_wins);
    EXPECT_EQ(*res.grundy, 1);
    EXPECT_EQ(res.winning_first_moves, std::vector<int>{0});
    // A 1 x n line: one move takes everything.
    res = solve(k, params(1, 9, false));
    EXPECT_TRUE(res.first_player_wins);
    EXPECT_EQ(res.winning_first_moves.size(), 9u);
    // Misere 1 x 1: the only move is the last one, so the first player loses.
    EXPECT_FALSE(solve(k, params(1, 1, true)).first_player_wins);
  }
}

TEST(QueensGame, PlayerWinsFromWonPositionsAndDefendsLongest) {
  Brute b(6, 6);
  qg::Player player(6, 6);
  qg::Squares all;
  for (int s = 0; s < 36; ++s) all.set(s);
  // Play the computer against itself: it must keep every won position won.
  qg::Squares free = all;
  std::uint64_t mask = b.full();
  while (free.any()) {
    const bool won = b.grundy(mask) != 0;
    bool winning = false;
    const int s = player.choose(free, &winning);
    ASSERT_TRUE(free[s]);
    EXPECT_EQ(winning, won);
    if (won) {
      EXPECT_EQ(b.grundy(b.after(mask, s)), 0);
    }
    free &= ~player.attack(s);
    mask = b.after(mask, s);
  }
  EXPECT_THROW(player.choose(free), std::invalid_argument);
}

// ---- the problem model: instances, verification against published values and the checker ----

TEST(QueensGameProblem, InstancesRoundTripAndBadOnesAreRefused) {
  const auto& p = qg::problem();
  EXPECT_EQ(p.parse("8x8").name, "8x8");
  EXPECT_EQ(p.parse("06x7").name, "6x7");
  EXPECT_EQ(p.parse("5x5:misere").name, "5x5:misere");
  EXPECT_EQ(p.parse("9x9:grundy").name, "9x9:grundy");
  EXPECT_EQ(p.parse("9x9:move-grundy").name, "9x9:move-grundy");
  EXPECT_EQ(p.parse("09x9:grundy:move-grundy").name, "9x9:grundy:move-grundy");
  // What is asked belongs to the instance: every first move classified unless ":value-only".
  EXPECT_TRUE(qg::Traits::parse("8x8").all_moves);
  EXPECT_FALSE(qg::Traits::parse("8x8:value-only").all_moves);
  EXPECT_EQ(p.parse("5x6:misere:value-only").name, "5x6:misere:value-only");
  EXPECT_EQ(p.parse("9x9:value-only:grundy:move-grundy").name, "9x9:value-only:grundy:move-grundy");
  EXPECT_DOUBLE_EQ(p.parse("4x9").size, 6.0);
  // A position after queens: ':after=' last, squares by name, implying ':value-only'.
  EXPECT_EQ(p.parse("6x6:grundy:after=c3,a2").name, "6x6:grundy:after=c3,a2");
  EXPECT_EQ(p.parse("6x6:value-only:after=c3").name, "6x6:after=c3");
  EXPECT_EQ(qg::Traits::parse("6x6:after=c3,a2").queens, (std::vector<int>{14, 6}));
  EXPECT_EQ(qg::Traits::parse("6x6:after= c3\ta2, ").queens, (std::vector<int>{14, 6}));
  // A file's lines (--moves "$(cat FILE)", CRLF included) separate squares too.
  EXPECT_EQ(qg::Traits::parse("6x6:after=c3\r\na2\n").queens, (std::vector<int>{14, 6}));
  EXPECT_FALSE(qg::Traits::parse("6x6:after=c3").all_moves);
  EXPECT_EQ(p.parse("3x30:after=ad3").name, "3x30:after=ad3");
  for (const char* bad :
       {"6x6:after=", "6x6:after=c3,c4", "6x6:after=c3,c3", "6x6:after=g1", "6x6:after=a7",
        "6x6:after=a0", "6x6:after=a01", "6x6:after=3c", "6x6:after=C3", "6x6:after=c3:grundy",
        "6x6:move-grundy:after=a1", "6x6:after=c3,a1"})
    EXPECT_THROW(p.parse(bad), std::invalid_argument) << bad;
  for (const char* bad : {"",
                          "8",
                          "8x",
                          "x8",
                          "0x5",
                          "8x8:normal",
                          "20x19",
                          "8X8",
                          "8x8:misere:x",
                          "-1x4",
                          "2x0x10",
                          "8x8 ",
                          "8x8:move-grundy:grundy",
                          "8x8:grundy:grundy",
                          "8x8:misere:grundy",
                          "8x8:misere:move-grundy",
                          "8x8:",
                          "8x8:grundy:",
                          "8x8:grundy:value-only",
                          "8x8:value-only:misere",
                          "8x8:value-only:value-only",
                          "8x8:all-moves"})
    EXPECT_THROW(p.parse(bad), std::invalid_argument) << bad;
}

TEST(QueensGameProblem, BadSquaresAreQuotedAndIllegalQueensNamed) {
  // An unreadable square is quoted printable and short; an illegal queen names both squares.
  EXPECT_EQ(qg::shown_text("c\x01\x1b"), "c??");
  EXPECT_EQ(qg::shown_text(std::string(45, 'z')), std::string(40, 'z') + "...");
  try {
    (void)qg::Traits::parse("6x6:after=c3,e5");
    ADD_FAILURE() << "e5 is attacked by c3";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("queen 2 (e5) stands on a square queen 1 (c3) attacks"),
              std::string::npos)
        << e.what();
  }
  try {
    (void)qg::Traits::parse("6x6:after=c3,b\x1b");
    ADD_FAILURE() << "not a square";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'b?' is not a square"), std::string::npos) << e.what();
  }
}

TEST(QueensGameProblem, CheckerAgreesWithTheBruteForceOfThisFile) {
  // Two independent small solvers (src/queens_game/checker.cpp and Brute above).
  for (int r = 1; r <= 6; ++r)
    for (int c = 1; c <= 6; ++c) {
      Brute b(r, c);
      const auto normal = qg::checker::solve(r, c, false);
      EXPECT_EQ(normal.grundy, b.grundy(b.full())) << r << "x" << c;
      EXPECT_EQ(normal.winning_first_moves, b.winning_first_moves(false)) << r << "x" << c;
      const auto misere = qg::checker::solve(r, c, true);
      EXPECT_EQ(misere.first_player_wins, b.misere_wins(b.full())) << r << "x" << c;
      EXPECT_EQ(misere.winning_first_moves, b.winning_first_moves(true)) << r << "x" << c;
    }
  EXPECT_THROW(qg::checker::solve(6, 7, false), std::invalid_argument);
}

TEST(QueensGameProblem, PublishedValuesAgreeWithTheChecker) {
  // OEIS A344227 and the published winners, where the checker can reach them (n <= 6).
  for (int n = 1; n <= 6; ++n) {
    const auto a = qg::checker::solve(n, n, false);
    EXPECT_EQ(a.grundy, qg::reference::grundy(n)) << n;
    EXPECT_EQ(a.first_player_wins, qg::reference::first_player_wins(n)) << n;
  }
  EXPECT_EQ(qg::reference::grundy(8), 3);
  EXPECT_EQ(qg::reference::grundy(10), 0);
  EXPECT_FALSE(qg::reference::grundy(14).has_value());
  EXPECT_EQ(qg::reference::first_player_wins(16), false);
  EXPECT_EQ(qg::reference::first_player_wins(99), true);
  EXPECT_FALSE(qg::reference::first_player_wins(18).has_value());
}

TEST(QueensGameProblem, VerifierPassesTheKernelsAndCatchesWrongAnswers) {
  const auto& p = qg::problem();
  const sb::KernelInfo& k = *find("memo-sym");
  sb::RunSettings s;
  for (const char* text : {"5x5", "6x6:grundy", "4x7:misere", "8x8:grundy", "9x9", "10x10"}) {
    const auto in = p.parse(text);
    const auto o = k.run(in, s);
    EXPECT_EQ(p.verify(in, s, o), sb::Verdict::kPass) << text;
  }
  // A wrong winner or winning-move list on a small board is caught by the checker ...
  const auto in = p.parse("5x5");
  qg::Result wrong = sb::result_of<qg::Traits>(k.run(in, s));
  wrong.winning_first_moves.pop_back();
  sb::Outcome o;
  o.result = std::make_shared<const qg::Result>(wrong);
  EXPECT_EQ(p.verify(in, s, o), sb::Verdict::kFail);
  // ... and on large boards by the published values.
  qg::Result big;
  big.first_player_wins = true;  // 12 x 12 is a second-player win (Jenrich)
  o.result = std::make_shared<const qg::Result>(big);
  const sb::RunSettings root;
  EXPECT_EQ(p.verify(p.parse("12x12:value-only"), root, o), sb::Verdict::kFail);
  big.first_player_wins = false;
  o.result = std::make_shared<const qg::Result>(big);
  EXPECT_EQ(p.verify(p.parse("12x12:value-only"), root, o), sb::Verdict::kPass);
  EXPECT_EQ(p.verify(p.parse("18x14:value-only"), root, o), sb::Verdict::kNa);
  // A position after queens: the checker on small boards (a wrong Grundy value fails), na on
  // large ones (the published values are the empty board's).
  {
    const auto pos = p.parse("6x6:grundy:after=c3,a2");
    qg::Result rp = sb::result_of<qg::Traits>(k.run(pos, root));
    o.result = std::make_shared<const qg::Result>(rp);
    EXPECT_EQ(p.verify(pos, root, o), sb::Verdict::kPass);
    rp.grundy = *rp.grundy + 1;
    o.result = std::make_shared<const qg::Result>(rp);
    EXPECT_EQ(p.verify(pos, root, o), sb::Verdict::kFail);
    EXPECT_EQ(p.verify(p.parse("12x12:after=a1"), root, o), sb::Verdict::kNa);
  }
  big.grundy = 2;  // 13 x 13 has Grundy value 1 (A344227)
  big.first_player_wins = true;
  o.result = std::make_shared<const qg::Result>(big);
  EXPECT_EQ(p.verify(p.parse("13x13:value-only:grundy"), root, o), sb::Verdict::kFail);
  // The Grundy values after the first moves must fit the rest of the answer: their mex is G.
  {
    sb::RunSettings all;
    const auto in7 = p.parse("7x7:grundy:move-grundy");
    qg::Result r7 = sb::result_of<qg::Traits>(k.run(in7, all));
    o.result = std::make_shared<const qg::Result>(r7);
    EXPECT_EQ(p.verify(in7, all, o), sb::Verdict::kPass);
    r7.move_grundy[0] = 2;  // a wrong value on a corner (3): the mex would be 4, not G = 2
    o.result = std::make_shared<const qg::Result>(r7);
    EXPECT_EQ(p.verify(in7, all, o), sb::Verdict::kFail);
    const auto in15 = p.parse("15x15:grundy:move-grundy");
    qg::Result r15;  // a made-up 15 x 15 answer: every first move wins, so G = mex{0} = 1
    r15.first_player_wins = true;
    r15.move_grundy.assign(225, 0);
    for (int sq = 0; sq < 225; ++sq) r15.winning_first_moves.push_back(sq);
    r15.grundy = 1;
    o.result = std::make_shared<const qg::Result>(r15);
    EXPECT_EQ(p.verify(in15, all, o), sb::Verdict::kPass);
    r15.grundy = 2;
    o.result = std::make_shared<const qg::Result>(r15);
    EXPECT_EQ(p.verify(in15, all, o), sb::Verdict::kFail);
  }
  // Beyond A344227, the published winner still fixes whether G = 0: 14 x 14 and 16 x 16 are
  // second-player wins (G = 0), 15 x 15 a first-player win (G >= 1).
  big.first_player_wins = false;
  big.grundy = 1;
  o.result = std::make_shared<const qg::Result>(big);
  EXPECT_EQ(p.verify(p.parse("14x14:value-only:grundy"), root, o), sb::Verdict::kFail);
  big.grundy = 0;
  o.result = std::make_shared<const qg::Result>(big);
  EXPECT_EQ(p.verify(p.parse("14x14:value-only:grundy"), root, o), sb::Verdict::kPass);
  EXPECT_EQ(p.verify(p.parse("15x15:value-only:grundy"), root, o), sb::Verdict::kFail);
  big.first_player_wins = true;
  big.grundy = 3;
  o.result = std::make_shared<const qg::Result>(big);
  EXPECT_EQ(p.verify(p.parse("15x15:value-only:grundy"), root, o), sb::Verdict::kPass);
}
