// The memo of level 4's bounded VCF (kernels/gomoku/vcf_memo.hpp) against a map that remembers
// every result: an answer is always the last result stored for that key, a key not stored (or
// displaced) is never answered, and an empty slot does not answer for the key 0.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <stdexcept>

#include "gomoku/vcf_memo.hpp"

namespace dt = sb::gomoku::detail;

TEST(GomokuVcfMemo, AnswersOnlyTheLastResultStoredForTheWholeKey) {
  dt::VcfMemo memo(64);
  std::map<std::uint64_t, int> last;  // the last result stored per key, displaced or not
  std::mt19937_64 rng(2026);
  int answered = 0;
  for (int i = 0; i < 20000; ++i) {
    // few distinct keys, many sharing a slot (same low six bits)
    const std::uint64_t key = (rng() % 40) << 6 | (rng() % 8);
    if (rng() % 2) {
      const int result = static_cast<int>(rng() % 40) - 1;  // -1 (no VCF) .. 38
      memo.store(key, result);
      last[key] = result;
    } else {
      int got = 12345;
      if (memo.find(key, &got)) {
        ASSERT_TRUE(last.count(key)) << key;
        EXPECT_EQ(got, last[key]) << key;
        ++answered;
      } else {
        EXPECT_EQ(got, 12345);
      }
    }
  }
  EXPECT_GT(answered, 100);
}

TEST(GomokuVcfMemo, ACollidingKeyDisplacesTheSlotAndEmptySlotsNeverAnswer) {
  dt::VcfMemo memo(16);
  int got = 0;
  EXPECT_FALSE(memo.find(0, &got));  // an empty slot: not a stored key 0
  memo.store(0, dt::VcfMemo::kNoVcf);
  ASSERT_TRUE(memo.find(0, &got));
  EXPECT_EQ(got, dt::VcfMemo::kNoVcf);
  memo.store(16, 7);  // same slot as 0
  EXPECT_FALSE(memo.find(0, &got));
  ASSERT_TRUE(memo.find(16, &got));
  EXPECT_EQ(got, 7);
  memo.store(16 + (1ull << 40), 9);  // same low bits, another key
  EXPECT_FALSE(memo.find(16, &got));
  memo.store(5, 32767);  // the longest line it holds
  ASSERT_TRUE(memo.find(5, &got));
  EXPECT_EQ(got, 32767);
  EXPECT_EQ(memo.size(), 16u);
}

TEST(GomokuVcfMemo, RefusesASizeThatIsNotAPowerOfTwo) {
  EXPECT_THROW(dt::VcfMemo(0), std::invalid_argument);
  EXPECT_THROW(dt::VcfMemo(48), std::invalid_argument);
  EXPECT_NO_THROW(dt::VcfMemo(1));
}
