// Tests of df-pn's path keys and bounded key set (kernels/tsume/path_keys.hpp), against
// std::set and against the move sequences they name.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "tsume/path_keys.hpp"

using namespace sb::tsume;

TEST(TsumePathKeys, APathKeyNamesTheMoveSequenceNotThePosition) {
  // every sequence of up to three moves from a set of five: equal keys exactly for equal
  // sequences (transpositions included: they reach one position by two lines)
  const Move moves[5] = {Move{std::uint16_t{1}}, Move{std::uint16_t{2}}, Move{std::uint16_t{300}},
                         Move{std::uint16_t{301}}, Move{std::uint16_t{0x7FFF}}};
  std::set<std::uint64_t> keys;
  int sequences = 0;
  for (int a = 0; a < 5; ++a) {
    const std::uint64_t ka = detail::path_key_after(0x12345, moves[a]);
    keys.insert(ka), ++sequences;
    for (int b = 0; b < 5; ++b) {
      const std::uint64_t kb = detail::path_key_after(ka, moves[b]);
      keys.insert(kb), ++sequences;
      for (int c = 0; c < 5; ++c) keys.insert(detail::path_key_after(kb, moves[c])), ++sequences;
    }
  }
  EXPECT_EQ(keys.size(), static_cast<std::size_t>(sequences));
  EXPECT_EQ(detail::path_key_after(detail::path_key_after(7, moves[0]), moves[1]),
            detail::path_key_after(detail::path_key_after(7, moves[0]), moves[1]));
}

TEST(TsumePathKeys, BoundedKeySetHoldsWhatFitsAndForgetsPastItsBound) {
  // df-pn's set of path keys disproved through a repetition: exact below its bound (what is in
  // is found, what is not is not), emptied when it would pass the bound, shrunk by clear().
  detail::BoundedKeySet set(5000);
  std::uint64_t z = 99;
  std::vector<std::uint64_t> in;
  for (int i = 0; i < 5000; ++i) in.push_back(z = detail::mix64(z + 1));
  for (std::uint64_t k : in) set.insert(k);
  EXPECT_EQ(set.size(), 5000u);
  EXPECT_TRUE(set.contains(in[0]));
  set.insert(0);  // the 5,001st key: the set is emptied first, then holds only it
  EXPECT_EQ(set.size(), 1u);
  EXPECT_TRUE(set.contains(0));
  EXPECT_FALSE(set.contains(in[0]));
  set.clear();
  for (int i = 0; i < 4000; ++i) set.insert(in[i]);
  EXPECT_EQ(set.size(), 4000u);
  for (int i = 0; i < 4000; ++i) EXPECT_TRUE(set.contains(in[i]));
  for (int i = 4000; i < 5000; ++i) EXPECT_FALSE(set.contains(in[i]));
  set.insert(in[0]);  // already in: no change
  EXPECT_EQ(set.size(), 4000u);
  set.clear();
  EXPECT_EQ(set.size(), 0u);
  EXPECT_FALSE(set.contains(in[0]));
}

TEST(TsumePathKeys, BoundedKeySetKeepsEachKeysValue) {
  // the value beside each key (how far back a disproof through repetition reached): found with
  // its key through the set's growth, the smaller kept when a key is inserted again, gone with
  // the key when the set is emptied
  detail::BoundedKeySet set(3000);
  std::uint64_t z = 5;
  std::vector<std::uint64_t> in;
  for (int i = 0; i < 3000; ++i) in.push_back(z = detail::mix64(z + 1));
  for (int i = 0; i < 3000; ++i) set.insert(in[i], static_cast<std::int16_t>(i % 700 - 1));
  for (int i = 0; i < 3000; ++i) {
    const std::ptrdiff_t s = set.find(in[i]);
    ASSERT_GE(s, 0) << i;
    ASSERT_EQ(set.value(s), i % 700 - 1) << i;
  }
  set.insert(in[10], 20);  // 9 before: the smaller kept
  EXPECT_EQ(set.value(set.find(in[10])), 9);
  set.insert(in[10], -1);
  EXPECT_EQ(set.value(set.find(in[10])), -1);
  EXPECT_EQ(set.find(42), -1);
  set.insert(42, 0);  // the 3,001st key: the set is emptied first
  EXPECT_EQ(set.find(in[10]), -1);
  EXPECT_EQ(set.value(set.find(42)), 0);
}
