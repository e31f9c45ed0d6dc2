// Tests of the set of positions being searched (kernels/queens_game/busy_set.hpp, the ABDADA
// marks of memo-sym-tbb): marking, counting several searchers, leaving, a slot held by another
// hash, the scoped Mark, and marks taken and released by several threads at once.
#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "queens_game/busy_set.hpp"

namespace qd = sb::queens_game::detail;

TEST(QueensGameBusySet, EnterLeaveAndCount) {
  qd::Busy busy;
  const std::uint64_t h = 0x123456789ABC0042ull;
  EXPECT_FALSE(busy.contains(h));
  EXPECT_TRUE(busy.enter(h));
  EXPECT_TRUE(busy.contains(h));
  EXPECT_TRUE(busy.enter(h));  // a second thread on the same position
  busy.leave(h);
  EXPECT_TRUE(busy.contains(h));
  busy.leave(h);
  EXPECT_FALSE(busy.contains(h));
}

TEST(QueensGameBusySet, ASlotHeldByAnotherHashIsRefused) {
  qd::Busy busy;
  const std::uint64_t a = 0x1111000000000007ull, b = 0x2222000000000007ull;  // same slot
  ASSERT_TRUE(busy.enter(a));
  EXPECT_FALSE(busy.contains(b));
  EXPECT_FALSE(busy.enter(b));
  busy.leave(a);
  EXPECT_TRUE(busy.enter(b));
  EXPECT_FALSE(busy.contains(a));
  busy.leave(b);
}

TEST(QueensGameBusySet, MarkHoldsForItsScope) {
  qd::Busy busy;
  const std::uint64_t a = 0xABCD000000000100ull, b = 0xDCBA000000000100ull;
  {
    qd::Busy::Mark m(&busy, a);
    EXPECT_TRUE(busy.contains(a));
    {
      qd::Busy::Mark other(&busy, b);  // slot taken: marks nothing, and releases nothing
      EXPECT_FALSE(busy.contains(b));
    }
    EXPECT_TRUE(busy.contains(a));
  }
  EXPECT_FALSE(busy.contains(a));
  qd::Busy::Mark none(nullptr, a);  // no busy set: nothing happens
  EXPECT_FALSE(busy.contains(a));
}

TEST(QueensGameBusySet, ThreadsLeaveItEmpty) {
  qd::Busy busy;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (std::uint64_t i = 0; i < 200000; ++i) {
        const std::uint64_t h = (i % 64) * 0x9E3779B97F4A7C15ull;
        qd::Busy::Mark m(&busy, h);
      }
    });
  for (auto& th : threads) th.join();
  for (std::uint64_t i = 0; i < 64; ++i) EXPECT_FALSE(busy.contains(i * 0x9E3779B97F4A7C15ull));
}
