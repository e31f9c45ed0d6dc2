// Tests of the repetition path (kernels/tsume/repetition_path.hpp): PathSet against
// std::multiset, and ScopedMove's undo when the search below it throws.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "tsume/path_keys.hpp"
#include "tsume/repetition_path.hpp"

using namespace sb::tsume;

TEST(TsumeRepetitionPath, PathSetIsAMultisetUnderAnyOrderOfPushesAndPops) {
  // the repetition set of the current line (the keys of its positions): checked against
  // std::multiset over random pushes and pops (not only last-in first-out), with keys that share
  // their probe runs, duplicates, the key 0 and enough keys to make it grow several times
  detail::PathSet set;
  std::multiset<std::uint64_t> ref;
  std::vector<std::uint64_t> pool{0};  // (0 is stored as 1; 1 itself is left out)
  for (std::uint64_t i = 1; i <= 300; ++i) pool.push_back(i << 40);  // same low bits
  std::uint64_t z = 7;
  for (int i = 0; i < 300; ++i) pool.push_back(z = detail::mix64(z + 1));
  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> held;
  for (int step = 0; step < 200000; ++step) {
    const bool push = held.empty() || rng() % 100 < (step < 100000 ? 60 : 40);
    if (push) {
      const std::uint64_t k = pool[rng() % pool.size()];
      set.push(k), ref.insert(k), held.push_back(k);
    } else {
      const std::size_t j = rng() % held.size();
      const std::uint64_t k = held[j];
      held[j] = held.back(), held.pop_back();
      set.pop(k), ref.erase(ref.find(k));
    }
    if (step % 997 == 0) {
      for (std::uint64_t k : pool) {
        ASSERT_EQ(set.contains(k), ref.count(k) != 0) << step;
      }
    }
    ASSERT_EQ(set.empty(), ref.empty()) << step;
  }
  while (!held.empty()) set.pop(held.back()), held.pop_back();
  for (std::uint64_t k : pool) EXPECT_FALSE(set.contains(k));
  EXPECT_TRUE(set.empty());
}

TEST(TsumeRepetitionPath, AScopedMoveIsTakenBackWhenTheSearchBelowThrows) {
  Position pos = parse_sfen("3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1");  // classic-3
  const std::uint64_t key0 = pos.key();
  detail::PathSet path;
  path.push(key0);
  Move buf[kMaxMoves];
  const int n = generate_checks(pos, buf);
  ASSERT_GT(n, 0);
  for (int i = 0; i < n; ++i) {
    const std::uint64_t k = pos.key_after(buf[i]);
    try {
      detail::ScopedMove sm(pos, path, buf[i], k);
      EXPECT_EQ(pos.key(), k);
      EXPECT_TRUE(path.contains(k));
      throw std::runtime_error("below");
    } catch (const std::runtime_error&) {
    }
    EXPECT_EQ(pos.key(), key0);
    EXPECT_FALSE(path.contains(k));
    EXPECT_TRUE(path.contains(key0));
  }
}

TEST(TsumeRepetitionPath, PathSetTellsThePlyOfAPositionOnTheLine) {
  // df-pn asks where on the line a repeated position stands (how far back a disproof through
  // repetition reaches): the ply given with the key's first push, kept while any copy is on the
  // line, through the set's growth; kNotOnLine for a key not on it
  detail::PathSet set;
  std::vector<std::uint64_t> line;
  std::uint64_t z = 3;
  for (int i = 0; i < 2000; ++i) line.push_back(z = detail::mix64(z + 1));
  set.push(line[0]);  // a position before the query's root: ply -1
  for (int i = 1; i < 2000; ++i) set.push(line[i], i);
  EXPECT_EQ(set.ply_of(line[0]), -1);
  for (int i = 1; i < 2000; ++i) ASSERT_EQ(set.ply_of(line[i]), i);
  EXPECT_EQ(set.ply_of(12345), detail::PathSet::kNotOnLine);
  set.push(line[7], 1500);  // a second copy keeps the first one's ply
  EXPECT_EQ(set.ply_of(line[7]), 7);
  set.pop(line[7]);
  EXPECT_EQ(set.ply_of(line[7]), 7);
  for (int i = 1999; i >= 1000; --i) set.pop(line[i]);
  for (int i = 1000; i < 2000; ++i) ASSERT_EQ(set.ply_of(line[i]), detail::PathSet::kNotOnLine);
  for (int i = 1; i < 1000; ++i) ASSERT_EQ(set.ply_of(line[i]), i);
  EXPECT_TRUE(set.contains(line[999]));
  EXPECT_FALSE(set.contains(line[1000]));
}
