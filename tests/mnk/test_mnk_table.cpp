// Tests of the m,n,k solvers' transposition table (kernels/mnk/table.hpp): against a reference
// written here from the table's specification (segments of 4-way buckets, the first empty slot
// or the least kept one, a segment doubled into a fresh array when 3/4 full, up to its share of
// the budget), operation by operation, so that the table's in-place doubling and interleaved
// layout are checked to behave exactly as that simpler layout; update; the budget's lower bound;
// and several threads on a concurrent table.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "mnk/mnk.hpp"
#include "mnk/table.hpp"

namespace mnk = sb::mnk;

namespace {

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// A key whose hash uses only `segments` of the table's 1,024 segments (so that they fill and
/// reach their share of the budget in a short test).
struct TestKey {
  std::uint64_t v = 0;
  std::uint32_t segments = 1024;
  bool operator==(const TestKey& o) const { return v == o.v; }
  std::uint64_t hash() const {
    const std::uint64_t h = mix(v);
    return ((h >> 54) % segments) << 54 | (h & ((1ull << 54) - 1));
  }
};

struct TestData {
  std::uint64_t value = 0;
  std::uint64_t keep() const { return value % 97; }  // ties are common: the first slot wins
};

using Table = mnk::Table<TestKey, TestData, false>;

/// The specification, plainly: per segment a vector of buckets; growth rehashes every entry,
/// in slot order, into a fresh vector twice the size.
class Reference {
 public:
  static constexpr int kWays = Table::kWays;
  static constexpr int kSegments = Table::kSegments;
  explicit Reference(std::uint64_t budget) {
    const std::uint64_t bucket_bytes = sizeof(Table::Slot) * kWays;
    std::uint64_t cap = 1;
    while (cap * 2 * bucket_bytes * kSegments <= budget) cap *= 2;
    cap_ = cap;
    seg_.resize(kSegments);
    for (auto& sg : seg_) sg.slots.assign(std::min<std::uint64_t>(cap, 4) * kWays, Slot{});
  }
  bool find(const TestKey& k, std::uint64_t h, TestData* out) const {
    const Seg& sg = seg_[h >> 54];
    const std::uint64_t b = (h & (sg.slots.size() / kWays - 1)) * kWays;
    for (int i = 0; i < kWays; ++i)
      if (sg.slots[b + i].used && sg.slots[b + i].key == k) {
        *out = sg.slots[b + i].data;
        return true;
      }
    return false;
  }
  bool store(const TestKey& k, std::uint64_t h, const TestData& d) {
    Seg& sg = seg_[h >> 54];
    const bool fresh = put(sg, k, d, h);
    const std::uint64_t buckets = sg.slots.size() / kWays;
    if (fresh && ++sg.used * 4 > buckets * kWays * 3 && buckets < cap_) {
      std::vector<Slot> old(buckets * 2 * kWays, Slot{});
      old.swap(sg.slots);
      sg.used = 0;
      for (const Slot& s : old)
        if (s.used) sg.used += put(sg, s.key, s.data, s.key.hash()) ? 1 : 0;
    }
    return fresh;
  }

 private:
  struct Slot {
    TestKey key;
    TestData data;
    bool used = false;
  };
  struct Seg {
    std::vector<Slot> slots;
    std::uint64_t used = 0;
  };
  static bool put(Seg& sg, const TestKey& k, const TestData& d, std::uint64_t h) {
    const std::uint64_t b = (h & (sg.slots.size() / kWays - 1)) * kWays;
    int empty = -1, victim = 0;
    std::uint64_t least = ~0ull;
    for (int i = 0; i < kWays; ++i) {
      Slot& s = sg.slots[b + i];
      if (!s.used) {
        if (empty < 0) empty = i;
        continue;
      }
      if (s.key == k) {
        s.data = d;
        return false;
      }
      if (s.data.keep() < least) least = s.data.keep(), victim = i;
    }
    sg.slots[b + (empty >= 0 ? empty : victim)] = Slot{k, d, true};
    return empty >= 0;
  }
  std::vector<Seg> seg_;
  std::uint64_t cap_ = 1;
};

}  // namespace

TEST(MnkTable, BehavesAsTheReferenceThroughGrowthAndReplacement) {
  // 1, 4 and 16 MiB: a segment's share is 4, 16 and 64 buckets, reached quickly by the keys
  // of three segments
  for (const std::uint64_t budget :
       {std::uint64_t{1} << 20, std::uint64_t{4} << 20, std::uint64_t{16} << 20}) {
    Table t(budget);
    Reference ref(budget);
    std::mt19937_64 rng(7);
    std::uint64_t hits = 0, misses = 0;
    for (int op = 0; op < 200000; ++op) {
      const TestKey k{rng() % 3000, 3};
      const std::uint64_t h = k.hash();
      if (rng() % 3 == 0) {
        const TestData d{rng()};
        ASSERT_EQ(t.store(k, h, d), ref.store(k, h, d)) << "op " << op;
      } else {
        TestData a, b;
        const bool fa = t.find(k, h, &a), fb = ref.find(k, h, &b);
        ASSERT_EQ(fa, fb) << "op " << op;
        if (fa) {
          ASSERT_EQ(a.value, b.value) << "op " << op;
        }
        (fa ? hits : misses)++;
      }
    }
    EXPECT_GT(hits, 1000u);    // entries survive growth
    EXPECT_GT(misses, 1000u);  // and the budget forces replacement
  }
}

TEST(MnkTable, UpdateWritesNewKeysAndChangesStoredData) {
  Table t(64ull << 20);
  for (std::uint64_t v = 0; v < 20000; ++v) {
    const TestKey k{v, 1024};
    t.update(k, k.hash(), [&](TestData& d) {
      EXPECT_EQ(d.value, 0u);  // a new key's data starts value-initialised
      d.value = v + 1;
    });
    TestData d;
    ASSERT_TRUE(t.find(k, k.hash(), &d));
    EXPECT_EQ(d.value, v + 1);
    EXPECT_FALSE(t.update(k, k.hash(), [](TestData& x) { x.value *= 2; }));
    ASSERT_TRUE(t.find(k, k.hash(), &d));
    EXPECT_EQ(d.value, 2 * (v + 1));
  }
}

TEST(MnkTable, BudgetBelowOneMebibyteIsRefused) {
  EXPECT_THROW(Table((1ull << 20) - 1), mnk::OutOfMemory);
  EXPECT_NO_THROW(Table(1ull << 20));
}

TEST(MnkTable, ThreadsShareAConcurrentTable) {
  constexpr std::uint64_t kBudget = 256ull << 20, kPerThread = 100000;
  mnk::Table<TestKey, TestData, true> t(kBudget);
  std::vector<std::thread> threads;
  for (std::uint64_t id = 0; id < 4; ++id)
    threads.emplace_back([&t, id] {
      for (std::uint64_t i = 0; i < kPerThread; ++i) {
        const TestKey k{id * kPerThread + i, 1024};
        t.store(k, k.hash(), TestData{k.v * 3});
      }
    });
  for (auto& th : threads) th.join();
  // the same keys stored by one thread into a serial table: as many kept, give or take the
  // replacements that the other order of stores chose
  Table serial(kBudget);
  for (std::uint64_t v = 0; v < 4 * kPerThread; ++v) {
    const TestKey k{v, 1024};
    serial.store(k, k.hash(), TestData{k.v * 3});
  }
  std::uint64_t found = 0, found_serial = 0;
  for (std::uint64_t v = 0; v < 4 * kPerThread; ++v) {
    const TestKey k{v, 1024};
    TestData d;
    if (t.find(k, k.hash(), &d)) {
      ++found;
      EXPECT_EQ(d.value, v * 3);
    }
    found_serial += serial.find(k, k.hash(), &d) ? 1 : 0;
  }
  EXPECT_GT(found, found_serial * 95 / 100);
}
