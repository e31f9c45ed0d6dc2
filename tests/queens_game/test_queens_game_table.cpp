// Tests of the queens-game transposition table (kernels/queens_game/table.hpp): store and lookup
// with tags, growth by linear hashing up to a generous budget without losing an entry, the
// replacement of the smallest position in a full bucket under the smallest budget, keys that
// share a bucket (or differ only in the tag) never answering for one another, and concurrent
// writers and readers.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "queens_game/queens_game.hpp"
#include "queens_game/table.hpp"

namespace qd = sb::queens_game::detail;

namespace {

template <int W>
qd::Set<W> random_key(std::mt19937_64& rng, int squares) {
  auto s = qd::Set<W>::none();
  for (int i = 0; i < squares; ++i)
    if (rng() & 1) s.set(i);
  return s;
}

/// A random key of exactly k squares (of the first `squares`) in segment `seg` of the table.
template <int W, bool C>
qd::Set<W> key_in_segment(std::mt19937_64& rng, int squares, int k, int tag, std::uint64_t seg) {
  while (true) {
    auto s = qd::Set<W>::none();
    while (s.count() < k) s.set(static_cast<int>(rng() % squares));
    if ((qd::Table<W, C>::key_hash(s, tag) >> 54) == seg) return s;
  }
}

template <int W, bool C>
void check_store_and_find() {
  qd::Table<W, C> tt(64ull << 20);
  EXPECT_LE(tt.reserved_bytes(), 64ull << 20);
  std::mt19937_64 rng(W);
  const int squares = W * 64 - 16;
  std::map<std::pair<std::vector<std::uint64_t>, int>, int> truth;
  std::size_t fresh = 0;
  for (int i = 0; i < 200000; ++i) {
    const auto k = random_key<W>(rng, squares);
    const int tag = static_cast<int>(rng() % 256), value = static_cast<int>(rng() % 255);
    fresh += tt.store(k, tag, value);
    truth[std::make_pair(std::vector<std::uint64_t>(k.w, k.w + W), tag)] = value;
  }
  EXPECT_LE(fresh, truth.size());
  // Every answer is exact. A bucket that fills before its segment splits it replaces its
  // smallest entry (linear hashing without overflow chains), so some entries are gone even
  // below the budget; but the segments have grown: far more are found than the 4 buckets per
  // segment the table starts with could hold.
  std::size_t found = 0;
  for (const auto& [key, value] : truth) {
    qd::Set<W> k;
    for (int j = 0; j < W; ++j) k.w[j] = key.first[j];
    const int v = tt.find(k, key.second);
    ASSERT_TRUE(v == -1 || v == value);
    found += v == value;
  }
  using T = qd::Table<W, C>;
  EXPECT_GT(found, std::size_t{2} * 4 * T::kSegments * T::kWays);
  // overwriting a key that is there changes its value and fills no slot
  for (const auto& [key, value] : truth) {
    qd::Set<W> k;
    for (int j = 0; j < W; ++j) k.w[j] = key.first[j];
    if (tt.find(k, key.second) != value) continue;
    EXPECT_FALSE(tt.store(k, key.second, 254 - value));
    EXPECT_EQ(tt.find(k, key.second), 254 - value);
    break;
  }
  // a key never stored
  EXPECT_EQ(tt.find(qd::Set<W>::first_n(squares), 7), -1);
}

template <int W, bool C>
void check_smallest_is_replaced() {
  using T = qd::Table<W, C>;
  T tt(T::kMinBytes);  // one bucket per segment, never split
  std::mt19937_64 rng(100 + W);
  const int squares = W * 64 - 16;
  // the segment of a random 3-square key (there are C(48, 3) = 17,296 such keys, so each
  // segment has some)
  qd::Set<W> first = qd::Set<W>::none();
  while (first.count() < 3) first.set(static_cast<int>(rng() % squares));
  const std::uint64_t seg = T::key_hash(first, 0) >> 54;
  // kWays + 1 keys of sizes 3, 4, ..., kWays + 3 in one bucket: the first (smallest) goes
  std::vector<qd::Set<W>> keys;
  for (int k = 0; k <= T::kWays; ++k) {
    keys.push_back(key_in_segment<W, C>(rng, squares, k + 3, 0, seg));
    EXPECT_EQ(tt.store(keys.back(), 0, k % 2), k < T::kWays) << k;
  }
  EXPECT_EQ(tt.find(keys[0], 0), -1);
  for (int k = 1; k <= T::kWays; ++k) EXPECT_EQ(tt.find(keys[k], 0), k % 2) << k;
  // another 3-square newcomer replaces the new smallest (4 squares), not a larger one
  qd::Set<W> small = keys[0];
  while (small == keys[0]) small = key_in_segment<W, C>(rng, squares, 3, 0, seg);
  EXPECT_FALSE(tt.store(small, 0, 1));
  EXPECT_EQ(tt.find(small, 0), 1);
  EXPECT_EQ(tt.find(keys[1], 0), -1);
  for (int k = 2; k <= T::kWays; ++k) EXPECT_EQ(tt.find(keys[k], 0), k % 2) << k;
}

}  // namespace

TEST(QueensGameTable, StoreAndFindWithTags) {
  check_store_and_find<1, false>();
  check_store_and_find<3, false>();
  check_store_and_find<5, true>();
}

TEST(QueensGameTable, TinyBudgetReplacesTheSmallestPosition) {
  check_smallest_is_replaced<1, false>();
  check_smallest_is_replaced<2, true>();
  check_smallest_is_replaced<5, false>();
}

TEST(QueensGameTable, KeysSharingABucketNeverAnswerForOneAnother) {
  using T = qd::Table<1, false>;
  T tt(T::kMinBytes);
  std::mt19937_64 rng(8);
  const std::uint64_t seg = 17;
  // keys in one bucket, and the same squares with other tags
  std::vector<qd::Set<1>> keys;
  for (int i = 0; i < 6; ++i) keys.push_back(key_in_segment<1, false>(rng, 48, 10 + i, 5, seg));
  for (std::size_t i = 0; i < keys.size(); ++i) tt.store(keys[i], 5, static_cast<int>(i));
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(tt.find(keys[i], 5), static_cast<int>(i));
    for (int tag : {0, 4, 6, 255}) EXPECT_EQ(tt.find(keys[i], tag), -1) << tag;
  }
  for (int i = 0; i < 50; ++i) {  // other keys of the same bucket
    const auto other = key_in_segment<1, false>(rng, 48, 9, 5, seg);
    EXPECT_EQ(tt.find(other, 5), -1);
  }
  // the tag and the value live above square 47: a key with every square set stays exact
  const auto full = qd::Set<1>::first_n(48);
  tt.store(full, 255, 254);
  EXPECT_EQ(tt.find(full, 255), 254);
  EXPECT_EQ(tt.find(full, 254), -1);
}

TEST(QueensGameTable, BudgetBelowTheMinimumThrows) {
  using T = qd::Table<2, true>;
  EXPECT_THROW(T(T::kMinBytes - 1), sb::queens_game::OutOfMemory);
  T tt(T::kMinBytes);
  EXPECT_EQ(tt.reserved_bytes(), T::kMinBytes);
}

TEST(QueensGameTable, ConcurrentWritersAndReadersSeeOnlyExactValues) {
  qd::Table<2, true> tt(4ull << 20);  // small enough that buckets fill and entries get replaced
  constexpr int kThreads = 4, kKeys = 100000;
  // value of key i: i % 255, so that any answer can be checked
  auto key = [](int i) {
    auto s = qd::Set<2>::none();
    s.w[0] = static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
    s.w[1] = static_cast<std::uint64_t>(i) & 0xFFFFFFFFFFFFull;
    return s;
  };
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = t; i < kKeys; i += kThreads) {
        tt.store(key(i), 3, i % 255);
        const int probe = (i * 7919) % kKeys;
        const int v = tt.find(key(probe), 3);
        if (v != -1 && v != probe % 255) ++wrong[t];
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(wrong[t], 0);
  int found = 0;
  for (int i = 0; i < kKeys; ++i) {
    const int v = tt.find(key(i), 3);
    ASSERT_TRUE(v == -1 || v == i % 255) << i;
    found += v != -1;
  }
  EXPECT_GT(found, 0);
}
