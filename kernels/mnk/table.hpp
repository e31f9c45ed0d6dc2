// A bounded transposition table for the m,n,k solvers (and the gomoku engine): exact keys, data
// of the caller's choosing, a byte budget that is never exceeded, and replacement.
//
// The key space is split by hash into kSegments segments, each an array of buckets of kWays
// slots (open addressing within the bucket). A segment starts small and doubles (rehash) when 3/4
// full, as long as the whole table stays within its budget; a segment at its share of the budget
// replaces, in a full bucket, the slot whose data has the lowest keep() score. So memory grows
// with need and never passes the budget, and a search never runs out of memory. With Concurrent,
// each segment is guarded by a spin lock (short critical sections; 1024 segments keep contention
// low), so oneTBB tasks can share one table.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

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
    seg_ = std::vector<Segment>(kSegments);
    for (auto& sg : seg_) sg.alloc(std::min<std::uint64_t>(cap, 4));
  }
  ~Table() {
    for (auto& sg : seg_) std::free(sg.e);
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  /// Copies the data stored for key (hash h) to *out; false when absent.
  bool find(const Key& key, std::uint64_t h, Data* out) {
    Segment& sg = seg_[h >> 54];
    lock(sg);
    const Slot* e = sg.e + (h & sg.mask) * kWays;
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
      const char* p = reinterpret_cast<const char*>(sg.e + (h & sg.mask) * kWays);
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
    Slot* e = sg.e + (h & sg.mask) * kWays;
    for (int i = 0; i < kWays; ++i)
      if (e[i].used && e[i].key == key) {
        f(e[i].data);
        unlock(sg);
        return false;
      }
    Data d{};
    f(d);
    const bool fresh = put(sg, key, d, h);
    if (fresh && ++sg.used * 4 > (sg.mask + 1) * kWays * 3 && sg.mask + 1 < seg_cap_ && !sg.capped)
      grow(sg);
    unlock(sg);
    return fresh;
  }

  /// Stores data for key (hash h), replacing any earlier data for the key. Returns true when it
  /// filled an empty slot.
  bool store(const Key& key, std::uint64_t h, const Data& data) {
    Segment& sg = seg_[h >> 54];
    lock(sg);
    const bool fresh = put(sg, key, data, h);
    if (fresh && ++sg.used * 4 > (sg.mask + 1) * kWays * 3 && sg.mask + 1 < seg_cap_ && !sg.capped)
      grow(sg);
    unlock(sg);
    return fresh;
  }

 private:
  struct Segment {
    Slot* e = nullptr;
    std::uint64_t mask = 0;  // buckets - 1
    std::uint64_t used = 0;
    bool capped = false;
    std::atomic<bool> busy{false};
    void alloc(std::uint64_t buckets) {
      e = static_cast<Slot*>(std::calloc(buckets * kWays, sizeof(Slot)));
      if (e == nullptr) throw OutOfMemory("cannot allocate the transposition table");
      mask = buckets - 1;
    }
  };

  /// Writes into the bucket of h: the key's own slot, an empty slot, or the least kept one.
  static bool put(Segment& sg, const Key& key, const Data& data, std::uint64_t h) {
    Slot* e = sg.e + (h & sg.mask) * kWays;
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

  void grow(Segment& sg) {
    const std::uint64_t n = (sg.mask + 1) * kWays;
    Slot* old = sg.e;
    Slot* fresh = static_cast<Slot*>(std::calloc(n * 2, sizeof(Slot)));
    if (fresh == nullptr) {  // no more memory: keep the size, replace from now on
      sg.capped = true;
      return;
    }
    sg.e = fresh;
    sg.mask = sg.mask * 2 + 1;
    sg.used = 0;
    for (std::uint64_t i = 0; i < n; ++i)
      if (old[i].used) sg.used += put(sg, old[i].key, old[i].data, old[i].key.hash()) ? 1 : 0;
    std::free(old);
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
