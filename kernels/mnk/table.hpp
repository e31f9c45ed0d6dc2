// A bounded transposition table for the m,n,k solvers (and the gomoku engine): exact keys, data
// of the caller's choosing, a byte budget that is never exceeded, and replacement.
//
// The key space is split by hash into kSegments segments, each a power-of-two array of buckets of
// kWays slots (open addressing within the bucket). A segment starts small and doubles in place
// when 3/4 full, as long as the whole table stays within its budget: each bucket i splits
// between itself and bucket i + n (n: the old size), its entries put back in slot order. A
// segment at its share of the budget replaces, in a full bucket, the slot whose data has the
// lowest keep() score. Memory is one virtual reservation of the whole budget, backed only where
// written; bucket j of segment s lies at index j * kSegments + s, so all segments grow into the
// same prefix and transparent huge pages (asked for on the reservation) cover it: a table of
// gigabytes then costs far fewer TLB misses than 1,024 separate small arrays. So memory grows
// with need and never passes the budget, and a search never runs out of memory. With Concurrent,
// each segment is guarded by a spin lock (short critical sections; 1024 segments keep contention
// low), so oneTBB tasks can share one table.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "core/page_block.hpp"
#include "mnk/board.hpp"
#include "mnk/mnk.hpp"

namespace sb::mnk {

/// Key must be trivially copyable and equality comparable; Data must be trivially copyable and
/// provide `std::uint64_t keep() const` (higher: more worth keeping).
template <class Key, class Data, bool Concurrent>
class Table {
 public:
  static constexpr int kWays = 4;
  static constexpr int kSegments = 1024;
  struct Slot {
    Key key;
    Data data;
    bool used;
  };

  /// budget: bytes (>= 1 MiB, else OutOfMemory).
  explicit Table(std::uint64_t budget) {
    if (budget < (1ull << 20))
      throw OutOfMemory("--max-memory " + std::to_string(budget) +
                        " bytes is too small for the transposition table (at least 1 MiB)");
    const std::uint64_t bucket_bytes = sizeof(Slot) * kWays;
    std::uint64_t cap = 1;
    while (cap * 2 * bucket_bytes * kSegments <= budget) cap *= 2;
    seg_cap_ = cap;
    // one reservation, 2 MiB-aligned and marked for huge pages (core/page_block.hpp)
    try {
      block_ = PageBlock(cap * kSegments * bucket_bytes);
    } catch (const std::bad_alloc&) {
      throw OutOfMemory("cannot allocate the transposition table");
    }
    slots_ = reinterpret_cast<Slot*>(block_.data());
    seg_ = std::vector<Segment>(kSegments);
    for (auto& sg : seg_) sg.mask = std::min<std::uint64_t>(cap, 4) - 1;
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  /// Copies the data stored for key (hash h) to *out; false when absent.
  bool find(const Key& key, std::uint64_t h, Data* out) {
    Segment& sg = seg_[h >> 54];
    lock(sg);
    const Slot* e = bucket(h >> 54, h & sg.mask);
    bool hit = false;
    for (int i = 0; i < kWays; ++i)
      if (e[i].used && e[i].key == key) {
        *out = e[i].data;
        hit = true;
        break;
      }
    unlock(sg);
    return hit;
  }

  /// Asks the processor to fetch the bucket of hash h into its caches, so that a find() a little
  /// later need not wait for memory: a searcher computes the keys of all its children first,
  /// prefetches, then looks them up (the misses overlap). Serial tables only: a concurrent one's
  /// segment may be regrown meanwhile (no lock is taken here).
  void prefetch(std::uint64_t h) const {
    if constexpr (!Concurrent) {
      const Segment& sg = seg_[h >> 54];
      const char* p = reinterpret_cast<const char*>(bucket(h >> 54, h & sg.mask));
      constexpr std::size_t kBytes = sizeof(Slot) * kWays;
      for (std::size_t o = 0; o < kBytes; o += 64) __builtin_prefetch(p + o);
      __builtin_prefetch(p + kBytes - 1);
    }
  }

  /// Calls f(data&) on the data stored for key (hash h) under the segment's lock; when the key is
  /// absent, on a value-initialised Data that is then stored. Returns true when it filled an empty
  /// slot.
  template <class F>
  bool update(const Key& key, std::uint64_t h, F&& f) {
    Segment& sg = seg_[h >> 54];
    lock(sg);
    Slot* e = bucket(h >> 54, h & sg.mask);
    for (int i = 0; i < kWays; ++i)
      if (e[i].used && e[i].key == key) {
        f(e[i].data);
        unlock(sg);
        return false;
      }
    Data d{};
    f(d);
    const bool fresh = put(e, key, d);
    if (fresh && ++sg.used * 4 > (sg.mask + 1) * kWays * 3 && sg.mask + 1 < seg_cap_) grow(h >> 54);
    unlock(sg);
    return fresh;
  }

  /// Stores data for key (hash h), replacing any earlier data for the key. Returns true when it
  /// filled an empty slot.
  bool store(const Key& key, std::uint64_t h, const Data& data) {
    Segment& sg = seg_[h >> 54];
    lock(sg);
    const bool fresh = put(bucket(h >> 54, h & sg.mask), key, data);
    if (fresh && ++sg.used * 4 > (sg.mask + 1) * kWays * 3 && sg.mask + 1 < seg_cap_) grow(h >> 54);
    unlock(sg);
    return fresh;
  }

 private:
  struct Segment {
    std::uint64_t mask = 0;  // buckets - 1
    std::uint64_t used = 0;
    std::atomic<bool> busy{false};
  };

  /// Bucket j of segment s (kWays slots): the segments' buckets interleaved.
  Slot* bucket(std::uint64_t s, std::uint64_t j) const {
    return slots_ + (j * kSegments + s) * kWays;
  }

  /// Writes into bucket e: the key's own slot, an empty slot, or the least kept one.
  static bool put(Slot* e, const Key& key, const Data& data) {
    int victim = 0;
    std::uint64_t victim_keep = ~0ull;
    int empty = -1;
    for (int i = 0; i < kWays; ++i) {
      if (!e[i].used) {
        if (empty < 0) empty = i;
        continue;
      }
      if (e[i].key == key) {
        e[i].data = data;
        return false;
      }
      const std::uint64_t kp = e[i].data.keep();
      if (kp < victim_keep) victim_keep = kp, victim = i;
    }
    if (empty >= 0) {
      e[empty] = Slot{key, data, true};
      return true;
    }
    e[victim] = Slot{key, data, true};
    return false;
  }

  /// Doubles segment s in place: bucket i's entries, in slot order, go back to bucket i or to the
  /// new bucket i + n by the next bit of their hash (as a rehash into a fresh array would put
  /// them; the new buckets are still zero, never written).
  void grow(std::uint64_t s) {
    Segment& sg = seg_[s];
    const std::uint64_t n = sg.mask + 1;
    sg.mask = sg.mask * 2 + 1;
    for (std::uint64_t i = 0; i < n; ++i) {
      Slot* e = bucket(s, i);
      Slot old[kWays];
      std::copy(e, e + kWays, old);
      std::fill(e, e + kWays, Slot{});
      for (const Slot& o : old)
        if (o.used) put(bucket(s, o.key.hash() & sg.mask), o.key, o.data);
    }
  }

  void lock(Segment& sg) {
    if constexpr (Concurrent) {
      for (int spins = 0; sg.busy.exchange(true, std::memory_order_acquire);)
        while (sg.busy.load(std::memory_order_relaxed))
          if (++spins > 64) std::this_thread::yield();
    }
  }
  void unlock(Segment& sg) {
    if constexpr (Concurrent) sg.busy.store(false, std::memory_order_release);
  }

  PageBlock block_;
  Slot* slots_ = nullptr;
  std::vector<Segment> seg_;
  std::uint64_t seg_cap_ = 1;
};

/// An exact position key for the solvers: the canonical black and white stone sets and a tag
/// (which question the entry answers).
template <int W>
struct PositionKey {
  Bits<W> black, white;
  std::uint32_t tag = 0;

  bool operator==(const PositionKey& o) const {
    return tag == o.tag && black == o.black && white == o.white;
  }
  /// 64-bit mix of the key (the top 10 bits choose the table segment).
  std::uint64_t hash() const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ tag;
    for (int i = 0; i < W; ++i) {
      h ^= black.w[i];
      h *= 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
      h ^= white.w[i] + 0x632BE59BD9B4E019ull;
      h *= 0x94D049BB133111EBull;
      h ^= h >> 29;
    }
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
  }
};

}  // namespace sb::mnk
