// Tests of the df-pn transposition table (kernels/tsume/dfpn_table.hpp): store and lookup with
// hand superiority and depth limits, replacement in a table of one cluster, growth of a private
// and of a shared table. Expected values are worked out by hand from the rules, not read from a
// search.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "tsume/dfpn_table.hpp"
#include "tsume/path_keys.hpp"

using namespace sb::tsume;
using detail::kInfPn;
using detail::kNoLen;
using detail::kRInf;

namespace {

Hand hand(int pawns, int golds, int rooks) {
  return static_cast<Hand>(pawns) * hand_one(kPawn) + static_cast<Hand>(golds) * hand_one(kGold) +
         static_cast<Hand>(rooks) * hand_one(kRook);
}

}  // namespace

TEST(TsumeTable, AProofServesEveryLargerHandAndDeeperQuery) {
  detail::Table<false> t(1 << 20);
  const std::uint64_t key = 0xABCDEF12345ull;
  const Hand ph = hand(1, 1, 0);
  const Move m = Move{static_cast<std::uint16_t>(123)};
  t.store_proven(key, ph, 7, m);
  for (int p = 0; p <= 2; ++p)
    for (int g = 0; g <= 2; ++g)
      for (int r = 0; r <= 1; ++r) {
        const bool covers = p >= 1 && g >= 1;  // hand >= ph, type by type
        for (std::uint16_t q : {std::uint16_t{5}, std::uint16_t{7}, std::uint16_t{9}, kRInf}) {
          const detail::Val v = t.lookup(key, hand(p, g, r), q);
          const bool proved = covers && q >= 7;
          EXPECT_EQ(v.pn == 0, proved) << p << g << r << " r=" << q;
          if (proved) {
            EXPECT_EQ(v.hi, 7);
            EXPECT_EQ(v.ph, ph);
            EXPECT_EQ(v.best, m);
            EXPECT_EQ(v.dn, kInfPn);
          }
        }
      }
  // a shorter proof with a larger hand: the shortest that the asked hand allows is returned
  t.store_proven(key, hand(2, 1, 0), 3, m);
  EXPECT_EQ(t.lookup(key, hand(2, 2, 0), kRInf).hi, 3);
  EXPECT_EQ(t.lookup(key, hand(1, 2, 0), kRInf).hi, 7);
  EXPECT_EQ(t.lookup(key, hand(2, 1, 0), 5).hi, 3);
  EXPECT_NE(t.lookup(key ^ 2, hand(2, 2, 0), kRInf).pn, 0u);  // another board
}

TEST(TsumeTable, ADisproofServesEverySmallerHandAndShallowerQuery) {
  detail::Table<false> t(1 << 20);
  const std::uint64_t key = 0x1234567ull << 8;
  const Hand asked = hand(1, 0, 0), dh = hand(2, 1, 0);
  t.store_disproven(key, asked, dh, 9);
  for (int p = 0; p <= 3; ++p)
    for (int g = 0; g <= 2; ++g)
      for (int r = 0; r <= 1; ++r)
        for (std::uint16_t q : {std::uint16_t{1}, std::uint16_t{9}, std::uint16_t{11}, kRInf}) {
          const detail::Val v = t.lookup(key, hand(p, g, r), q);
          const bool disproved = p <= 2 && g <= 1 && r == 0 && q <= 9;
          EXPECT_EQ(v.dn == 0, disproved) << p << g << r << " r=" << q;
          if (disproved) {
            EXPECT_EQ(v.lo, 9);
            EXPECT_EQ(v.dh, dh);
          }
        }
  // "no mate at all" answers every depth
  t.store_disproven(key, hand(0, 0, 0), kNoLen);
  EXPECT_EQ(t.lookup(key, hand(0, 0, 0), kRInf).dn, 0u);
  EXPECT_EQ(t.lookup(key, hand(0, 0, 0), kRInf).lo, kNoLen);
}

TEST(TsumeTable, UnsettledNumbersAreKeptPerDepthAndBoundOtherHands) {
  detail::Table<false> t(1 << 20);
  const std::uint64_t key = 0x55555ull << 4;
  t.store_unknown(key, hand(1, 0, 0), 11, 30, 40, 1);
  detail::Val v = t.lookup(key, hand(1, 0, 0), 11);
  EXPECT_TRUE(v.found);
  EXPECT_EQ(v.pn, 30u);
  EXPECT_EQ(v.dn, 40u);
  // a deeper query starts from the numbers of a shallower one; a shallower one only when it
  // asks for any depth's (a long query); an unlimited one never
  EXPECT_EQ(t.lookup(key, hand(1, 0, 0), 13).pn, 30u);
  EXPECT_FALSE(t.lookup(key, hand(1, 0, 0), 9).found);
  EXPECT_EQ(t.lookup(key, hand(1, 0, 0), 9, true).dn, 40u);
  EXPECT_FALSE(t.lookup(key, hand(1, 0, 0), kRInf, true).found);
  // another hand at the same depth: floors only (more pieces: dn floor; fewer: pn floor)
  v = t.lookup(key, hand(2, 0, 0), 11);
  EXPECT_FALSE(v.found);
  EXPECT_EQ(v.dn_floor, 40u);
  EXPECT_EQ(v.pn_floor, 0u);
  v = t.lookup(key, hand(0, 0, 0), 11);
  EXPECT_EQ(v.pn_floor, 30u);
  EXPECT_EQ(v.dn_floor, 0u);
}

TEST(TsumeTable, ASettledEntryKeepsItsLastNumbersForOtherDepths) {
  detail::Table<false> t(1 << 20);
  const std::uint64_t key = 0x77777ull << 4;
  const Move m = Move{static_cast<std::uint16_t>(77)};
  // searched unsettled at depth 21, then proved in 19 plies: a query of 17 plies cannot use the
  // proof, and starts from the numbers the search had before it
  t.store_unknown(key, hand(1, 0, 0), 21, 3, 60, 5);
  t.store_proven(key, hand(1, 0, 0), 19, m);
  detail::Val v = t.lookup(key, hand(1, 0, 0), 19);
  EXPECT_EQ(v.pn, 0u);
  EXPECT_EQ(v.hi, 19);
  v = t.lookup(key, hand(1, 0, 0), 17, true);
  EXPECT_TRUE(v.found);
  EXPECT_EQ(v.pn, 3u);
  EXPECT_EQ(v.dn, 60u);
  EXPECT_FALSE(t.lookup(key, hand(1, 0, 0), 17).found);  // numbers of a deeper query
  // disproved for 15 plies: a query of 17 starts from the same numbers, one of 15 is answered
  t.store_disproven(key, hand(1, 0, 0), 15);
  EXPECT_EQ(t.lookup(key, hand(1, 0, 0), 15, true).dn, 0u);
  EXPECT_EQ(t.lookup(key, hand(1, 0, 0), 17, true).pn, 3u);
  // a proof stored in a new entry has no numbers to give
  t.store_proven(key ^ 0x100, hand(1, 0, 0), 19, m);
  EXPECT_FALSE(t.lookup(key ^ 0x100, hand(1, 0, 0), 17, true).found);
}

TEST(TsumeTable, AFullClusterReplacesTheEntryWithTheLeastEffortAndKeepsResults) {
  // the smallest budget: one cluster of four entries, so every key shares it
  const auto bytes = detail::Table<false>::kWays * sizeof(detail::Entry);
  EXPECT_THROW(detail::Table<false>(bytes - 1), std::invalid_argument);
  detail::Table<false> t(bytes);
  EXPECT_EQ(t.budget_bytes(), bytes);
  const std::uint64_t a = 0x100, b = 0x200, c = 0x300, d = 0x400, e = 0x500;
  t.store_proven(a, 0, 5, Move{});     // a result: kept longest
  t.store_unknown(b, 0, 9, 3, 3, 50);  // effort 50
  t.store_unknown(c, 0, 9, 3, 3, 2);   // effort 2: the least
  t.store_unknown(d, 0, 9, 3, 3, 7);   // effort 7
  EXPECT_EQ(t.positions(), 4u);
  t.store_unknown(e, 0, 9, 3, 3, 1);  // replaces c
  EXPECT_EQ(t.positions(), 4u);       // a replacement is not a new position
  EXPECT_EQ(t.lookup(a, 0, 9).pn, 0u);
  EXPECT_TRUE(t.lookup(b, 0, 9).found);
  EXPECT_FALSE(t.lookup(c, 0, 9).found);
  EXPECT_TRUE(t.lookup(d, 0, 9).found);
  EXPECT_TRUE(t.lookup(e, 0, 9).found);
  t.store_unknown(c, 0, 9, 3, 3, 100);  // replaces e (effort 1), then d (7), never the proof
  t.store_unknown(0x600, 0, 9, 3, 3, 100);
  EXPECT_FALSE(t.lookup(e, 0, 9).found);
  EXPECT_FALSE(t.lookup(d, 0, 9).found);
  EXPECT_EQ(t.lookup(a, 0, 9).pn, 0u);
  // updating an entry adds to its effort: b (50 + 60) outlasts c and 0x600 (100 each)
  t.store_unknown(b, 0, 9, 4, 4, 60);
  t.store_unknown(0x700, 0, 9, 3, 3, 5);
  EXPECT_TRUE(t.lookup(b, 0, 9).found);
  EXPECT_EQ(t.lookup(b, 0, 9).pn, 4u);
  EXPECT_EQ(t.lookup(a, 0, 9).pn, 0u);
}

TEST(TsumeTable, APrivateTableGrowsPastItsFirstSize) {
  // 100,000 distinct keys into a 64 MiB table (2 M slots, first size 16,384 slots): as the table
  // doubles, most keys find a free slot (a full 4-way cluster replaces an entry, which is not a
  // new position). Stored keys have bit 0 set, and a cluster index that included it used only the
  // odd clusters, so the table never grew and stopped at 8,192 positions.
  detail::Table<false> t(64ull << 20);
  std::uint64_t z = 12345;
  for (int i = 0; i < 100000; ++i) {
    z = detail::mix64(z + 0x9E3779B97F4A7C15ull);
    t.store_disproven(z, 0, 3);
  }
  EXPECT_GT(t.positions(), 50000u);
}

// Stores n keys (a mix64 sequence from seed) in a shared table with store(key); each time the
// table raises its grow signal, counts the keys found (found(key)), lets grow() double it, and
// expects the same count after: a full 4-way cluster replaces an entry, so not all are there,
// but growing loses none. Returns the number of doublings.
template <class Store, class Found, class Grow>
int fill_growing(detail::Table<true>& t, std::uint64_t seed, int n, Store store, Found found,
                 Grow grow) {
  std::atomic<bool> stop{false};
  t.set_grow_signal(&stop);
  std::vector<std::uint64_t> keys;
  std::uint64_t z = seed;
  int grows = 0;
  auto count = [&] {
    int c = 0;
    for (std::uint64_t k : keys) c += found(k);
    return c;
  };
  for (int i = 0; i < n; ++i) {
    z = detail::mix64(z + 0x9E3779B97F4A7C15ull);
    keys.push_back(z);
    store(z);
    if (!stop.load()) continue;
    const int before = count();
    grow();
    EXPECT_EQ(count(), before);
    stop.store(false);
    ++grows;
  }
  return grows;
}

TEST(TsumeTable, ASharedTableAsksToGrowAndKeepsItsEntries) {
  // dfpn-tbb's table: when three quarters of its slots are taken it raises the searchers' stop
  // flag instead of growing under them; grow_now() then doubles it, and every entry stored
  // before is still found.
  detail::Table<true> t(64ull << 20);
  const int grows = fill_growing(
      t, 777, 40000, [&](std::uint64_t k) { t.store_disproven(k, 0, 5); },
      [&](std::uint64_t k) { return t.lookup(k, 0, 5).dn == 0; },
      [&] {
        EXPECT_TRUE(t.grow_wanted());
        t.grow_now();
      });
  EXPECT_GE(grows, 2);
  EXPECT_FALSE(t.grow_wanted());
  EXPECT_GT(t.positions(), 30000u);
}

TEST(TsumeTable, ASharedTableGrownInPartsByTwoThreadsKeepsItsEntries) {
  // dfpn-tbb doubles its table with grow_parts / grow_part / grow_finish, the parts shared out
  // among its threads: here two threads, one taking the even parts from the top, the other the
  // odd ones. Every entry found before a doubling is found after it, as with grow_now().
  detail::Table<true> t(64ull << 20);
  std::uint64_t most_parts = 0;
  fill_growing(
      t, 4242, 400000, [&](std::uint64_t k) { t.store_proven(k, 0, 7, Move{}); },
      [&](std::uint64_t k) { return t.lookup(k, 0, 7).pn == 0; },
      [&] {
        const std::uint64_t parts = t.grow_parts();
        ASSERT_GT(parts, 0u);
        most_parts = std::max(most_parts, parts);
        std::thread odd([&] {
          for (std::uint64_t j = 1; j < parts; j += 2) t.grow_part(j);
        });
        for (std::uint64_t j = parts; j-- > 0;)
          if (j % 2 == 0) t.grow_part(j);
        odd.join();
        t.grow_finish();
      });
  EXPECT_GE(most_parts, 4u);  // the last doublings had several parts
  EXPECT_GT(t.positions(), 300000u);
}
