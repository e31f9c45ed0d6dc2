// Tests of the queens-game square set (kernels/queens_game/square_set.hpp): every operation
// against std::bitset on random sets for each word count W = 1..5, the bit count against a
// bit-by-bit loop, and the choice of W for a board.
#include <gtest/gtest.h>

#include <bitset>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "queens_game/queens_game.hpp"
#include "queens_game/square_set.hpp"

namespace qd = sb::queens_game::detail;

namespace {

template <int W>
using Bits = std::bitset<W * 64>;

/// The squares a set may hold: every bit but the top 16 of the last word.
template <int W>
constexpr int kSquares = W * 64 - 16;

template <int W>
qd::Set<W> random_set(std::mt19937_64& rng, int density_percent) {
  qd::Set<W> s = qd::Set<W>::none();
  for (int i = 0; i < kSquares<W>; ++i)
    if (static_cast<int>(rng() % 100) < density_percent) s.set(i);
  return s;
}

template <int W>
Bits<W> to_bits(const qd::Set<W>& s) {
  Bits<W> b;
  for (int i = 0; i < W * 64; ++i) b[i] = (s.w[i >> 6] >> (i & 63)) & 1;
  return b;
}

/// a < b as numbers with bit W * 64 - 1 the most significant.
template <int W>
bool less_as_number(const Bits<W>& a, const Bits<W>& b) {
  for (int i = W * 64 - 1; i >= 0; --i)
    if (a[i] != b[i]) return b[i];
  return false;
}

template <int W>
void check_operations() {
  std::mt19937_64 rng(12345 + W);
  for (int round = 0; round < 300; ++round) {
    const int density = static_cast<int>(rng() % 101);
    const qd::Set<W> a = random_set<W>(rng, density);
    // b: often a near copy of a, so that equality and the order's tie-breaks are exercised
    qd::Set<W> b = round % 3 == 0 ? a : random_set<W>(rng, static_cast<int>(rng() % 101));
    if (round % 3 == 0 && round % 2 == 0) b.clear(static_cast<int>(rng() % kSquares<W>));
    const Bits<W> ba = to_bits(a), bb = to_bits(b);

    EXPECT_EQ(a.empty(), ba.none());
    EXPECT_EQ(a.count(), static_cast<int>(ba.count()));
    for (int i = 0; i < kSquares<W>; ++i) ASSERT_EQ(a.test(i), ba[i]) << i;
    int lowest = -1;
    for (int i = 0; i < W * 64 && lowest < 0; ++i)
      if (ba[i]) lowest = i;
    EXPECT_EQ(a.lowest(), lowest);
    EXPECT_EQ(to_bits(a.andnot(b)), ba & ~bb);
    EXPECT_EQ(to_bits(a & b), ba & bb);
    qd::Set<W> u = a;
    u |= b;
    EXPECT_EQ(to_bits(u), ba | bb);
    EXPECT_EQ(a.intersects(b), (ba & bb).any());
    EXPECT_EQ(a == b, ba == bb);
    EXPECT_EQ(a.less(b), less_as_number<W>(ba, bb));
    EXPECT_FALSE(a.less(a));

    std::vector<int> walked, expected;
    a.for_each([&](int s) { walked.push_back(s); });
    for (int i = 0; i < W * 64; ++i)
      if (ba[i]) expected.push_back(i);
    EXPECT_EQ(walked, expected);

    qd::Set<W> c = a;
    const int s = static_cast<int>(rng() % kSquares<W>);
    c.set(s);
    EXPECT_TRUE(c.test(s));
    c.clear(s);
    EXPECT_FALSE(c.test(s));
    Bits<W> bc = ba;
    bc[s] = false;
    EXPECT_EQ(to_bits(c), bc);
  }
  EXPECT_TRUE(qd::Set<W>::none().empty());
  EXPECT_EQ(qd::Set<W>::none().lowest(), -1);
  for (int n : {0, 1, 63, 64, 65, kSquares<W>}) {
    if (n > kSquares<W>) continue;
    const auto f = qd::Set<W>::first_n(n);
    EXPECT_EQ(f.count(), n);
    for (int i = 0; i < W * 64; ++i) ASSERT_EQ(f.test(i), i < n) << n << " " << i;
  }
}

}  // namespace

TEST(QueensGameSquareSet, OperationsAgreeWithBitset) {
  check_operations<1>();
  check_operations<2>();
  check_operations<3>();
  check_operations<4>();
  check_operations<5>();
}

TEST(QueensGameSquareSet, BitCountAgreesWithABitByBitLoop) {
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> words = {0, 1, ~0ull, 1ull << 63, 0x5555555555555555ull};
  for (int i = 0; i < 10000; ++i) words.push_back(rng() & rng());
  for (std::uint64_t x : words) {
    int c = 0;
    for (int b = 0; b < 64; ++b) c += (x >> b) & 1;
    ASSERT_EQ(qd::popc(x), c) << x;
  }
}

TEST(QueensGameSquareSet, BitExtractAgreesWithABitByBitLoop) {
  // pext32: the PEXT instruction where the processor has a fast one (qd::kFastPext), else the
  // loop, which is also tested on its own
  std::mt19937_64 rng(11);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> cases = {
      {0, 0}, {~0u, ~0u}, {0xF0F0u, 0x0FF0u}, {0x80000001u, 0x80000001u}, {0x12345678u, 0}};
  for (int i = 0; i < 20000; ++i)
    cases.emplace_back(static_cast<std::uint32_t>(rng()),
                       static_cast<std::uint32_t>(rng() & rng()));
  for (auto [x, mask] : cases) {
    std::uint32_t want = 0;
    for (int b = 0, k = 0; b < 32; ++b)
      if ((mask >> b) & 1) want |= ((x >> b) & 1u) << k++;
    ASSERT_EQ(qd::pext32(x, mask), want) << x << " " << mask;
    ASSERT_EQ(qd::pext32_loop(x, mask), want) << x << " " << mask;
  }
  EXPECT_EQ(qd::pext32(0xF0F0u, 0x0FF0u), 0x0Fu);
}

TEST(QueensGameSquareSet, WordCountLeavesSixteenTagBits) {
  for (int n = 1; n <= sb::queens_game::kMaxSquares; ++n) {
    const int w = qd::words_for(n);
    EXPECT_GE(w * 64 - 16, n) << n;
    EXPECT_LT((w - 1) * 64 - 16, n) << n;
    // dispatch_words picks the same count
    EXPECT_EQ(qd::dispatch_words(n, []<int W>() { return W; }), w) << n;
  }
}
