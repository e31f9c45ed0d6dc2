// The bounded transposition table of the queens-game memo kernels: exact keys (a W-word square
// set and an 8-bit tag), 8-bit values, a fixed memory budget that is reserved once and never
// passed (the smallest position in a full bucket is replaced), linear hashing per segment
// (W. Litwin, "Linear hashing: a new tool for file and table addressing", VLDB 1980) so that
// memory grows with need, and in the Concurrent variant lock-free reads by a seqlock per bucket
// with a spin lock per segment for writers (shared by the threads of memo-sym-tbb).
// Limits: budget >= kMinBytes (128 KiB); values 0..254.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <thread>

#include "core/page_block.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"

namespace sb::queens_game::detail {

/// Bounded transposition table with exact keys.
///
/// Layout: one virtual reservation of the whole budget (pages are only backed by memory when
/// first written, so memory grows with need), split by hash into kSegments segments. Each
/// segment is a linear-hashing table (Litwin 1980) of 128-byte buckets that grows one bucket at
/// a time, splitting the bucket under its split pointer, whenever it is 3/4 full, until it has
/// its share of the budget; bucket j of segment s lies at index j * kSegments + s, so all
/// segments grow into the same prefix of the reservation (transparent huge pages are asked for
/// on it). A bucket holds a version word and kWays entries (15, 7, 5, 3, 3, 2 for W = 1..6). An
/// entry is the W key words; the last word holds the tag in bits 48..55 and the value
/// (1 + result, 0 = empty) in bits 56..63. In a full bucket the entry for the smallest position
/// (the cheapest to recompute) is replaced. So the table never passes the budget and the search
/// never runs out of memory; a lookup that misses only costs a recomputation.
///
/// Concurrent: writers of a segment take its spin lock; readers take no lock: they read a bucket
/// between two loads of its version word (odd while a writer changes the bucket) and retry when
/// it moved (a seqlock). A reader racing with a split may look in the bucket the key just left
/// and miss it: harmless, as a miss is always allowed; a hit is always an exact key.
template <int W, bool Concurrent>
class Table {
 public:
  static constexpr int kBucketBytes = 128;
  static constexpr int kWays = (kBucketBytes - 8) / (8 * W);
  static constexpr int kSegments = 1024;

  /// Smallest budget: one bucket per segment (128 KiB).
  static constexpr std::uint64_t kMinBytes = std::uint64_t{kSegments} * kBucketBytes;

  /// budget: bytes (>= kMinBytes, else OutOfMemory).
  explicit Table(std::uint64_t budget) {
    check_budget(budget);
    cap_ = budget / (static_cast<std::uint64_t>(kSegments) * kBucketBytes);
    const std::uint64_t bytes = cap_ * kSegments * kBucketBytes;
    try {  // 2 MiB-aligned and marked for huge pages: fewer TLB misses (core/page_block.hpp)
      block_ = PageBlock(bytes);
    } catch (const std::bad_alloc&) {
      throw OutOfMemory("cannot reserve " + std::to_string(bytes >> 20) +
                        " MiB for the transposition table");
    }
    b_ = reinterpret_cast<Bucket*>(block_.data());
    seg_ = std::make_unique<Segment[]>(kSegments);
    const std::uint64_t start = std::min<std::uint64_t>(cap_, 4);
    for (int i = 0; i < kSegments; ++i) seg_[i].n.store(start, std::memory_order_relaxed);
  }
  /// Throws OutOfMemory (one line) when budget < kMinBytes.
  static void check_budget(std::uint64_t budget) {
    if (budget < kMinBytes)
      throw OutOfMemory("--max-memory " + std::to_string(budget) +
                        " bytes is too small for the transposition table (at least " +
                        std::to_string(kMinBytes >> 10) + " KiB)");
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  /// Looks up x with tag; returns the stored value (>= 0) or -1.
  int find(const Set<W>& x, int tag) const {
    const Set<W> k = tagged(x, tag);
    const std::uint64_t h = hash(k);
    const Bucket& b = bucket(h);
    if constexpr (!Concurrent) {
      return probe(b, k);
    } else {
      for (int spins = 0;; ++spins) {
        const std::uint64_t v1 =
            std::atomic_ref<const std::uint64_t>(b.seq).load(std::memory_order_acquire);
        if ((v1 & 1) == 0) {
          const int r = probe(b, k);
          std::atomic_thread_fence(std::memory_order_acquire);
          if (std::atomic_ref<const std::uint64_t>(b.seq).load(std::memory_order_relaxed) == v1)
            return r;
        }
        backoff(spins);
      }
    }
  }

  /// Starts loading the bucket of x with tag into the cache (no effect on the contents).
  void prefetch(const Set<W>& x, int tag) const {
    const char* b = reinterpret_cast<const char*>(&bucket(hash(tagged(x, tag))));
    __builtin_prefetch(b);
    __builtin_prefetch(b + 64);
  }

  /// Stores value (0..254) for x with tag; returns true when it filled an empty slot.
  bool store(const Set<W>& x, int tag, int value) {
    Set<W> k = tagged(x, tag);
    const std::uint64_t h = hash(k);
    k.w[W - 1] |= static_cast<std::uint64_t>(value + 1) << 56;
    Segment& sg = seg_[h >> 54];
    lock(sg);
    Bucket& b = bucket(h);
    begin_write(b);
    const bool fresh = put(b, k.w);
    end_write(b);
    if (fresh) {
      ++sg.used;
      std::uint64_t n = sg.n.load(std::memory_order_relaxed);
      if (n < cap_ && sg.used * 4 > n * kWays * 3) split(sg, h >> 54, n);
    }
    unlock(sg);
    return fresh;
  }

  /// The hash of x with tag (the one that places it in the table).
  static std::uint64_t key_hash(const Set<W>& x, int tag) { return hash(tagged(x, tag)); }

  /// Bytes reserved (the budget rounded down to whole buckets per segment).
  std::uint64_t reserved_bytes() const { return block_.bytes(); }

 private:
  struct alignas(kBucketBytes) Bucket {
    std::uint64_t seq;          // version (Concurrent): odd while being written
    std::uint64_t e[kWays][W];  // entries
  };
  static_assert(sizeof(Bucket) == kBucketBytes);
  struct alignas(64) Segment {
    std::atomic<std::uint64_t> n{0};  // buckets in use; bit_floor(n) <= n < 2 * bit_floor(n)
    std::uint64_t used = 0;           // entries (written only under the lock)
    std::atomic<bool> busy{false};    // writers' lock
  };
  static constexpr std::uint64_t kKeyBits = (1ull << 56) - 1;  // key and tag of the last word

  static Set<W> tagged(const Set<W>& x, int tag) {
    Set<W> k = x;
    k.w[W - 1] |= static_cast<std::uint64_t>(tag) << 48;
    return k;
  }
  static std::uint64_t hash(const Set<W>& k) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < W; ++i) {
      h ^= k.w[i];
      h *= 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 29);
  }
  static std::uint64_t hash_entry(const std::uint64_t* e) {
    Set<W> k;
    for (int i = 0; i < W; ++i) k.w[i] = e[i];
    k.w[W - 1] &= kKeyBits;
    return hash(k);
  }
  /// Bucket of hash h in its segment (linear hashing on the segment's bucket count).
  static std::uint64_t slot(std::uint64_t h, std::uint64_t n) {
    const std::uint64_t low = std::bit_floor(n);
    std::uint64_t j = h & (2 * low - 1);
    if (j >= n) j -= low;
    return j;
  }
  Bucket& bucket_at(std::uint64_t seg, std::uint64_t j) const { return b_[j * kSegments + seg]; }
  Bucket& bucket(std::uint64_t h) const {
    const std::uint64_t seg = h >> 54;
    return bucket_at(seg, slot(h, seg_[seg].n.load(std::memory_order_relaxed)));
  }

  static std::uint64_t load(const std::uint64_t& w) {
    if constexpr (Concurrent)
      return std::atomic_ref<const std::uint64_t>(w).load(std::memory_order_relaxed);
    else
      return w;
  }
  static void save(std::uint64_t& w, std::uint64_t v) {
    if constexpr (Concurrent)
      std::atomic_ref<std::uint64_t>(w).store(v, std::memory_order_relaxed);
    else
      w = v;
  }
  /// Value stored for key k in b, or -1.
  static int probe(const Bucket& b, const Set<W>& k) {
    for (int i = 0; i < kWays; ++i) {
      bool same = true;
      for (int j = 0; j < W - 1; ++j) same &= load(b.e[i][j]) == k.w[j];
      const std::uint64_t last = load(b.e[i][W - 1]);
      if (same && (last & kKeyBits) == k.w[W - 1] && (last >> 56) != 0)
        return static_cast<int>(last >> 56) - 1;
    }
    return -1;
  }
  static int size(const std::uint64_t* e) {
    int sz = 0;
    for (int j = 0; j < W; ++j) sz += popc(j == W - 1 ? e[j] & ((1ull << 48) - 1) : e[j]);
    return sz;
  }
  static void write(std::uint64_t* dst, const std::uint64_t* src) {
    for (int j = 0; j < W; ++j) save(dst[j], src[j]);
  }
  /// Writes entry ne (key, tag and value) into b: over the same key, into an empty slot, or over
  /// the smallest position. Returns true when it filled an empty slot.
  static bool put(Bucket& b, const std::uint64_t* ne) {
    int victim = 0, victim_size = 1 << 30;
    for (int i = 0; i < kWays; ++i) {
      const std::uint64_t last = b.e[i][W - 1];
      if ((last >> 56) == 0) {
        write(b.e[i], ne);
        return true;
      }
      bool same = (last & kKeyBits) == (ne[W - 1] & kKeyBits);
      for (int j = 0; j < W - 1; ++j) same &= b.e[i][j] == ne[j];
      if (same) {
        write(b.e[i], ne);
        return false;
      }
      const int sz = size(b.e[i]);
      if (sz < victim_size) victim_size = sz, victim = i;
    }
    write(b.e[victim], ne);
    return false;
  }

  /// Adds bucket n to segment seg: the bucket under the split pointer gives it the entries
  /// whose hash now addresses it. Under the segment's lock.
  void split(Segment& sg, std::uint64_t seg, std::uint64_t n) {
    const std::uint64_t low = std::bit_floor(n);
    Bucket& from = bucket_at(seg, n - low);
    Bucket& to = bucket_at(seg, n);
    begin_write(from);
    begin_write(to);
    for (int i = 0; i < kWays; ++i) {
      if ((from.e[i][W - 1] >> 56) == 0) continue;
      if ((hash_entry(from.e[i]) & (2 * low - 1)) >= low) {
        put(to, from.e[i]);
        save(from.e[i][W - 1], 0);  // empty (value byte 0); key words are ignored
      }
    }
    end_write(to);
    end_write(from);
    sg.n.store(n + 1, std::memory_order_release);
  }

  static void begin_write(Bucket& b) {
    if constexpr (Concurrent) {
      std::atomic_ref<std::uint64_t> v(b.seq);
      v.store(v.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
      std::atomic_thread_fence(std::memory_order_release);
    }
  }
  static void end_write(Bucket& b) {
    if constexpr (Concurrent) {
      std::atomic_ref<std::uint64_t> v(b.seq);
      v.store(v.load(std::memory_order_relaxed) + 1, std::memory_order_release);
    }
  }
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  static void backoff(int spins) {
    if (spins < 64)
      pause();
    else
      std::this_thread::yield();  // a writer preempted on a busy machine
  }
  void lock(Segment& sg) {
    if constexpr (Concurrent) {
      for (int spins = 0; sg.busy.exchange(true, std::memory_order_acquire);)
        while (sg.busy.load(std::memory_order_relaxed)) backoff(spins++);
    }
  }
  void unlock(Segment& sg) {
    if constexpr (Concurrent) sg.busy.store(false, std::memory_order_release);
  }

  PageBlock block_;
  Bucket* b_ = nullptr;
  std::uint64_t cap_ = 0;  // most buckets a segment may have
  std::unique_ptr<Segment[]> seg_;
};

/// The table budget of p: p.max_memory, or default_max_memory() when it is 0.
inline std::uint64_t budget(const Params& p) {
  return p.max_memory != 0 ? p.max_memory : default_max_memory();
}

}  // namespace sb::queens_game::detail
