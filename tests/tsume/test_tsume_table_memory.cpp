// Tests of the df-pn table's memory (kernels/tsume/table_memory.hpp): a block starts zero and
// clean, a table on it records what it may have written and clear() makes it zero again, a table
// refuses a block that is dirty or too small; dfpn and dfpn-tbb on a kept block give the same
// answers (and dfpn the same node counts, a deterministic search) as on their own memory, solve
// after solve, and report each mate length they establish through Params::on_mate_found.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tsume/dfpn_table.hpp"
#include "tsume/table_memory.hpp"
#include "tsume/tsume.hpp"

using namespace sb::tsume;

namespace {

bool all_zero(const TableMemory& m, std::size_t from = 0) {
  return std::all_of(m.data() + from, m.data() + m.bytes(),
                     [](std::byte b) { return b == std::byte{0}; });
}

Position puzzle(const char* name) {
  for (const Puzzle& p : puzzles())
    if (p.name == name) return parse_sfen(p.sfen);
  ADD_FAILURE() << "no puzzle " << name;
  return {};
}

}  // namespace

TEST(TsumeTableMemory, StartsZeroAndCleanAndTouchingKeepsIt) {
  TableMemory m(1 << 20);
  EXPECT_EQ(m.bytes(), std::size_t{1} << 20);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(m.data()) % 64, 0u);
  EXPECT_TRUE(m.clean());
  m.touch();
  EXPECT_TRUE(m.clean());
  EXPECT_TRUE(all_zero(m));
}

TEST(TsumeTableMemory, ATableMarksWhatItWroteAndClearZerosIt) {
  TableMemory m(1 << 20);
  {
    detail::Table<false> t(1 << 20, &m);
    // many entries, so that the table (512 KiB at first) grows into the whole block
    for (std::uint64_t k = 1; k < 30000; ++k)
      t.store_proven(k * 0x9E3779B97F4A7C15ull, 0, 1, Move{});
    EXPECT_GT(t.positions(), 20000u);
  }
  EXPECT_FALSE(m.clean());
  EXPECT_FALSE(all_zero(m));
  m.clear();
  EXPECT_TRUE(m.clean());
  EXPECT_TRUE(all_zero(m));
  // a small table writes only the start of the block, and says so
  {
    detail::Table<false> t(1 << 20, &m);
    t.store_proven(0x1234567ull << 4, 0, 1, Move{});
  }
  EXPECT_FALSE(m.clean());
  m.clear();
  EXPECT_TRUE(all_zero(m));
}

TEST(TsumeTableMemory, ADirtyOrSmallBlockIsNotUsed) {
  TableMemory small(1 << 16);
  {
    detail::Table<false> t(1 << 20, &small);
    t.store_proven(0x77ull << 8, 0, 1, Move{});
  }
  EXPECT_TRUE(small.clean());  // the table mapped its own
  TableMemory m(1 << 20);
  m.data()[100] = std::byte{1};
  m.mark_used(128);
  {
    detail::Table<false> t(1 << 20, &m);
    t.store_proven(0x77ull << 8, 0, 1, Move{});
  }
  EXPECT_EQ(m.data()[100], std::byte{1});  // untouched: the table did not take a dirty block
  m.clear();
  EXPECT_TRUE(all_zero(m));
}

TEST(TsumeTableMemory, SolvesOnAKeptBlockMatchTheirOwnMemory) {
  TableMemory m(std::size_t{64} << 20);
  m.touch();
  for (const char* name : {"jisaku-10", "zuko-002", "muso-002", "jisaku-10"}) {
    Params p;
    p.root = puzzle(name);
    p.max_memory = std::uint64_t{64} << 20;
    const Result own = dfpn(p);
    std::vector<MateFound> seen;
    p.table_memory = &m;
    p.on_mate_found = [&](const MateFound& f) { seen.push_back(f); };
    ASSERT_TRUE(m.clean());
    const Result kept = dfpn(p);
    EXPECT_FALSE(m.clean()) << name;
    m.clear();
    EXPECT_EQ(kept.outcome, own.outcome) << name;
    EXPECT_EQ(kept.mate_length, own.mate_length) << name;
    EXPECT_EQ(kept.length_proven, own.length_proven) << name;
    EXPECT_EQ(kept.main_line, own.main_line) << name;
    EXPECT_EQ(kept.nodes, own.nodes) << name;
    EXPECT_EQ(kept.positions, own.positions) << name;
    // every mate length established was reported, in order, with the result's own figures
    ASSERT_EQ(seen.size(), kept.mates_found.size()) << name;
    for (std::size_t i = 0; i < seen.size(); ++i) {
      EXPECT_EQ(seen[i].length, kept.mates_found[i].length);
      EXPECT_EQ(seen[i].nodes, kept.mates_found[i].nodes);
    }
    EXPECT_FALSE(seen.empty()) << name;
    EXPECT_EQ(seen.back().length, kept.mate_length) << name;
#ifdef SEARCHBENCH_WITH_TBB
    p.threads = 2;
    const Result two = dfpn_tbb(p);
    m.clear();
    EXPECT_EQ(two.mate_length, own.mate_length) << name;
    EXPECT_EQ(two.length_proven, own.length_proven) << name;
#endif
  }
}
