// Shared core of the queens-game kernels: bit sets of squares, board geometry (attack masks,
// symmetry permutations, the lines of each square), the bounded transposition table, the small-
// position solver Local and the memo search engine used by memo, memo-sym and memo-sym-tbb (see
// those files for what each kernel switches on).
//
// Position: the set X of free squares, W 64-bit words (bit r * cols + c). A move on s in X gives
// X & ~attack[s]. Normal play uses the Sprague-Grundy theory: the free squares split into
// connected components of the attack graph, and X + *h (X beside a nim heap of size h) is lost
// for the player to move exactly when G(X) == h. The engine searches the outcome of (X, h):
// components other than the largest are folded into h by their Grundy values (computed by mex
// for tiny components, by outcome searches for larger ones), so the win/loss search with its
// early cutoffs runs on one connected component at a time. Positions of more than kLocal (32)
// squares are searched on W-word sets with a shared transposition table keyed on the canonical
// form (memo-sym, memo-sym-tbb: the least image under the board's symmetries, kept up to date
// for each child by word operations on the parent's images); smaller ones are renumbered into
// one 32-bit word and searched by Local with a private memo, their results for more than
// kLocalShared squares going to the shared table.
#pragma once

#include <sys/mman.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "queens_game/queens_game.hpp"

namespace sb::queens_game::detail {

/// True when the processor has the POPCNT instruction (every x86-64 processor since about 2008;
/// the default build targets baseline x86-64, which does not assume it).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
inline const bool kHavePopcnt = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt") != 0;
}();
#endif

/// Number of set bits: the POPCNT instruction where the processor has it (checked once at
/// start-up; the branch always goes the same way), else a branch-free bit count, rather than the
/// library call std::popcount becomes in a baseline x86-64 build.
inline int popc(std::uint64_t x) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
  if (kHavePopcnt) {
    std::uint64_t r;
    asm("popcnt %1, %0" : "=r"(r) : "r"(x) : "cc");
    return static_cast<int>(r);
  }
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#else
  return std::popcount(x);
#endif
}

/// A set of squares in W words. The top 16 bits of the last word are never squares: the table
/// uses them for a tag and a value (so W * 64 - 16 >= rows * cols).
template <int W>
struct Set {
  std::uint64_t w[W];

  static Set none() {
    Set s;
    for (auto& x : s.w) x = 0;
    return s;
  }
  static Set first_n(int n) {
    Set s = none();
    for (int i = 0; i < n; ++i) s.w[i >> 6] |= 1ull << (i & 63);
    return s;
  }
  bool empty() const {
    std::uint64_t o = 0;
    for (auto x : w) o |= x;
    return o == 0;
  }
  int count() const {
    int c = 0;
    for (auto x : w) c += popc(x);
    return c;
  }
  bool test(int s) const { return (w[s >> 6] >> (s & 63)) & 1; }
  void set(int s) { w[s >> 6] |= 1ull << (s & 63); }
  void clear(int s) { w[s >> 6] &= ~(1ull << (s & 63)); }
  int lowest() const {
    for (int i = 0; i < W; ++i)
      if (w[i]) return i * 64 + std::countr_zero(w[i]);
    return -1;
  }
  Set andnot(const Set& o) const {
    Set r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  Set operator&(const Set& o) const {
    Set r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  Set& operator|=(const Set& o) {
    for (int i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  bool intersects(const Set& o) const {
    std::uint64_t a = 0;
    for (int i = 0; i < W; ++i) a |= w[i] & o.w[i];
    return a != 0;
  }
  bool operator==(const Set& o) const {
    for (int i = 0; i < W; ++i)
      if (w[i] != o.w[i]) return false;
    return true;
  }
  /// Total order (high word first), used to pick the canonical image.
  bool less(const Set& o) const {
    for (int i = W - 1; i >= 0; --i)
      if (w[i] != o.w[i]) return w[i] < o.w[i];
    return false;
  }
  /// Calls f(square) for every member, increasing.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < W; ++i)
      for (std::uint64_t x = w[i]; x; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
};

/// Words needed for n squares plus the 16 tag bits.
constexpr int words_for(int n) {
  return (n + 16 + 63) / 64;
}

/// Board geometry: attack masks and the symmetry group (as square permutations).
template <int W>
struct Geometry {
  int rows = 0, cols = 0, n = 0;
  std::vector<Set<W>> att;         ///< att[s]: s and every square a queen on s attacks
  int nsym = 1;                    ///< distinct symmetries, identity first (1, 2, 4 or 8)
  std::vector<std::uint8_t> perm;  ///< perm[s * 8 + t]: image of square s under symmetry t
  /// lines[s * 4 + j]: the row, column, diagonal and anti-diagonal of square s (j = 0..3),
  /// each numbered from 0 (< 256).
  std::vector<std::uint8_t> lines;
  /// Index t of the half turn (point reflection in the centre) among the symmetries; -1 without
  /// symmetry.
  int half_turn = -1;
  /// Squares s that attack their half-turn image or are their own image (the lines through the
  /// centre that a queen and its mirror image share).
  Set<W> self_facing;

  Geometry(int r, int c, bool use_sym) : rows(r), cols(c), n(r * c) {
    att.assign(n, Set<W>::none());
    lines.assign(static_cast<std::size_t>(n) * 4, 0);
    for (int s = 0; s < n; ++s) {
      const int y = s / c, x = s % c;
      lines[s * 4 + 0] = static_cast<std::uint8_t>(y);
      lines[s * 4 + 1] = static_cast<std::uint8_t>(x);
      lines[s * 4 + 2] = static_cast<std::uint8_t>(y - x + c - 1);
      lines[s * 4 + 3] = static_cast<std::uint8_t>(y + x);
    }
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        const int ra = a / c, ca = a % c, rb = b / c, cb = b % c;
        if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb) att[a].set(b);
      }
    // The dihedral maps that send the board onto itself: 4 on a rectangle, 8 on a square.
    std::vector<std::vector<int>> maps;
    const int kinds = (use_sym ? (r == c ? 8 : 4) : 1);
    for (int t = 0; t < kinds; ++t) {
      std::vector<int> m(n);
      for (int s = 0; s < n; ++s) {
        int y = s / c, x = s % c;
        if (t & 4) std::swap(y, x);  // transpose (square only)
        if (t & 1) x = c - 1 - x;
        if (t & 2) y = r - 1 - y;
        m[s] = y * c + x;
      }
      if (std::find(maps.begin(), maps.end(), m) == maps.end()) maps.push_back(m);
    }
    nsym = static_cast<int>(maps.size());
    if (use_sym) {
      std::vector<int> half(n);
      for (int s = 0; s < n; ++s) half[s] = (r - 1 - s / c) * c + (c - 1 - s % c);
      half_turn = static_cast<int>(std::find(maps.begin(), maps.end(), half) - maps.begin());
      self_facing = Set<W>::none();
      for (int s = 0; s < n; ++s)
        if (att[s].test(half[s])) self_facing.set(s);
    }
    perm.assign(static_cast<std::size_t>(n) * 8, 0);
    for (int s = 0; s < n; ++s)
      for (int t = 0; t < nsym; ++t) perm[s * 8 + t] = static_cast<std::uint8_t>(maps[t][s]);
  }

  Set<W> image(const Set<W>& x, int t) const {
    Set<W> r = Set<W>::none();
    x.for_each([&](int s) { r.set(perm[s * 8 + t]); });
    return r;
  }

  /// The least image of x under the symmetries (x itself without symmetry).
  Set<W> canon(const Set<W>& x) const {
    if (nsym == 1) return x;
    Set<W> img[8];
    images(x, img);
    return least(img);
  }

  /// img[t] = image of x under symmetry t, for t < nsym (img[0] = x).
  void images(const Set<W>& x, Set<W>* img) const {
    img[0] = x;
    for (int t = 1; t < nsym; ++t) img[t] = Set<W>::none();
    const std::uint8_t* pm = perm.data();
    for (int i = 0; i < W; ++i)
      for (std::uint64_t v = x.w[i]; v; v &= v - 1) {
        const std::uint8_t* p = pm + (i * 64 + std::countr_zero(v)) * 8;
        for (int t = 1; t < nsym; ++t) img[t].w[p[t] >> 6] |= 1ull << (p[t] & 63);
      }
  }

  /// The least of img[0..nsym).
  Set<W> least(const Set<W>* img) const {
    int b = 0;
    for (int t = 1; t < nsym; ++t)
      if (img[t].less(img[b])) b = t;
    return img[b];
  }

  /// The connected component of x (attack graph) that holds square s (s in x).
  Set<W> component(const Set<W>& x, int s) const {
    Set<W> comp = Set<W>::none();
    comp.set(s);
    Set<W> frontier = comp;
    while (!frontier.empty()) {
      Set<W> reach = Set<W>::none();
      frontier.for_each([&](int q) { reach |= att[q]; });
      frontier = (reach & x).andnot(comp);
      comp |= frontier;
    }
    return comp;
  }
};

/// Per-thread counters.
struct Stats {
  std::uint64_t nodes = 0;
  std::uint64_t stored = 0;
};

/// Thrown inside a cancelled parallel subtree (memo-sym-tbb) to unwind it; never escapes a kernel.
struct Aborted {};

/// Tags in the table key: 0..kMaxHeap = outcome of (X, h); kTagGrundy; kTagMisere.
inline constexpr int kMaxHeap = 253;
inline constexpr int kTagGrundy = 254;
inline constexpr int kTagMisere = 255;

/// Bounded transposition table with exact keys.
///
/// Layout: one virtual reservation of the whole budget (pages are only backed by memory when
/// first written, so memory grows with need), split by hash into kSegments segments. Each
/// segment is a linear-hashing table (Litwin 1980) of 128-byte buckets that grows one bucket at
/// a time, splitting the bucket under its split pointer, whenever it is 3/4 full, until it has
/// its share of the budget; bucket j of segment s lies at index j * kSegments + s, so all
/// segments grow into the same prefix of the reservation (transparent huge pages are asked for
/// on it). A bucket holds a version word and kWays entries (15, 7, 5, 3, 3 for W = 1..5). An
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
    if (budget < kMinBytes)
      throw OutOfMemory("--max-memory " + std::to_string(budget) +
                        " bytes is too small for the transposition table (at least " +
                        std::to_string(kMinBytes >> 10) + " KiB)");
    cap_ = budget / (static_cast<std::uint64_t>(kSegments) * kBucketBytes);
    bytes_ = cap_ * kSegments * kBucketBytes;
    void* m = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
      throw OutOfMemory("cannot reserve " + std::to_string(bytes_ >> 20) +
                        " MiB for the transposition table");
#ifdef MADV_HUGEPAGE
    ::madvise(m, bytes_, MADV_HUGEPAGE);  // fewer TLB misses; a hint only
#endif
    b_ = static_cast<Bucket*>(m);
    seg_ = std::make_unique<Segment[]>(kSegments);
    const std::uint64_t start = std::min<std::uint64_t>(cap_, 4);
    for (int i = 0; i < kSegments; ++i) seg_[i].n.store(start, std::memory_order_relaxed);
  }
  ~Table() {
    ::munmap(b_, bytes_);
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
  static std::uint64_t key_hash(const Set<W>& x, int tag) {
    return hash(tagged(x, tag));
  }

  /// Bytes reserved (the budget rounded down to whole buckets per segment).
  std::uint64_t reserved_bytes() const {
    return bytes_;
  }

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
  Bucket& bucket_at(std::uint64_t seg, std::uint64_t j) const {
    return b_[j * kSegments + seg];
  }
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

  Bucket* b_ = nullptr;
  std::uint64_t cap_ = 0;    // most buckets a segment may have
  std::uint64_t bytes_ = 0;  // reserved
  std::unique_ptr<Segment[]> seg_;
};

/// Positions of at most kLocal free squares are searched by Local (no shared table); those of
/// more than kLocalShared of them still have their result kept in the shared table.
inline constexpr int kLocal = 32;
inline constexpr int kLocalShared = 20;
/// Components of at most kMex squares get their Grundy value as the mex of their children's;
/// larger ones by outcome searches of X + *h, h = 0, 1, ...
inline constexpr int kMex = 4;

/// Grundy values of every graph on at most kTiny vertices (Node Kayles: a move takes a vertex
/// and its neighbours): kTinyGrundy[m][a] for m vertices whose edges are the bits of a, pair
/// (i, j), i < j, at bit j * (j - 1) / 2 + i. Computed at compile time over the 2^m subsets.
inline constexpr int kTiny = 5;
struct TinyTables {
  std::uint8_t g[kTiny + 1][1 << 10] = {};
  constexpr TinyTables() {
    for (int m = 0; m <= kTiny; ++m)
      for (int a = 0; a < (1 << (m * (m - 1) / 2)); ++a) {
        int nb[kTiny] = {};
        for (int j = 0; j < m; ++j) {
          nb[j] |= 1 << j;
          for (int i = 0; i < j; ++i)
            if ((a >> (j * (j - 1) / 2 + i)) & 1) nb[i] |= 1 << j, nb[j] |= 1 << i;
        }
        int sub[1 << kTiny] = {};  // Grundy value of each subset, smaller subsets first
        for (int set = 1; set < (1 << m); ++set) {
          int seen = 0;
          for (int v = 0; v < m; ++v)
            if ((set >> v) & 1) seen |= 1 << sub[set & ~nb[v]];
          int mex = 0;
          while ((seen >> mex) & 1) ++mex;
          sub[set] = mex;
        }
        g[m][a] = static_cast<std::uint8_t>(sub[(1 << m) - 1]);
      }
  }
};
inline constexpr TinyTables kTinyGrundy{};

/// Exact search of a small position in local numbering: its free squares become bits 0..m-1
/// (m <= 32) of one word, so that every set operation is one instruction, and the results of
/// the subtree are kept in a small per-thread memo (exact keys, no symmetry, forgotten by the
/// next position). The algorithm is the Engine's: the outcome of X + *h with every component
/// but the largest folded into h by its Grundy value, moves leaving the fewest squares first.
template <class U>
class Local {
 public:
  static constexpr int kMax = 8 * sizeof(U);
  Local() : memo_(kSize) {}

  /// Starts a new position of m squares; nb[i]: the local squares a queen on i attacks (i
  /// included).
  void load(const U* nb, int m) {
    for (int i = 0; i < m; ++i) nb_[i] = nb[i];
    if (++gen_ == 0) {  // generation counter wrapped: forget everything
      std::fill(memo_.begin(), memo_.end(), Entry{});
      gen_ = 1;
    }
  }

  /// Does the player to move win S + *h?
  bool wins(U s, int h) {
    ++nodes;
    if (popc(s) <= kTiny) return tiny(s) != h;
    reduce(s, h);
    if (popc(s) <= kTiny) return tiny(s) != h;
    return wins_conn(s, h);
  }

  /// Grundy value of any S (XOR over its components).
  int grundy(U s) {
    int g = 0;
    while (s) {
      const U c = component(s);
      g ^= grundy_conn(c);
      s &= ~c;
    }
    return g;
  }

  std::uint64_t nodes = 0;  ///< calls of wins and of the mex step

 private:
  static constexpr std::size_t kSize = std::size_t{1} << 15;  // memo entries
  static constexpr int kTagGrundy = 255;
  struct Entry {
    U set = 0;
    std::uint32_t meta = 0;  // generation (bits 0..15), tag (16..23), 1 + value (24..31)
  };

  /// The connected component of s that holds its lowest square.
  U component(U s) const {
    U comp = s & (U{0} - s), front = comp;
    while (front) {
      U reach = 0;
      for (U v = front; v; v &= v - 1) reach |= nb_[std::countr_zero(v)];
      front = reach & s & ~comp;
      comp |= front;
    }
    return comp;
  }

  void reduce(U& s, int& h) {
    U c = component(s);
    if (c == s) return;
    U big = c, rest = s & ~c;
    int bigc = popc(c);
    while (rest) {
      c = component(rest);
      rest &= ~c;
      const int cc = popc(c);
      if (cc > bigc) {
        h ^= grundy_conn(big);
        big = c, bigc = cc;
      } else {
        h ^= grundy_conn(c);
      }
    }
    s = big;
  }

  /// Grundy value of any S of at most kTiny squares, from the table of its graph.
  int tiny(U s) const {
    int v[kTiny];
    int m = 0;
    for (; s; s &= s - 1) v[m++] = std::countr_zero(s);
    unsigned a = 0;
    for (int j = 1; j < m; ++j)
      for (int i = 0; i < j; ++i)
        a |= static_cast<unsigned>((nb_[v[i]] >> v[j]) & 1) << (j * (j - 1) / 2 + i);
    return kTinyGrundy.g[m][a];
  }

  int grundy_conn(U c) {
    const int cnt = popc(c);
    if (cnt <= kTiny) return tiny(c);
    int g = find(c, kTagGrundy);
    if (g >= 0) return g;
    if (cnt <= kMex) {
      ++nodes;
      std::uint64_t seen = 0;
      for (U v = c; v; v &= v - 1) seen |= 1ull << grundy(c & ~nb_[std::countr_zero(v)]);
      g = std::countr_one(seen);
    } else {
      g = 0;
      while (wins_conn(c, g)) ++g;
    }
    store(c, kTagGrundy, g);
    return g;
  }

  bool wins_conn(U s, int h) {
    const int v = find(s, h);
    if (v >= 0) return v != 0;
    std::uint32_t key[kMax];  // (squares left) << 8 | move
    int k = 0;
    for (U m = s; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      const std::uint32_t kv = static_cast<std::uint32_t>(popc(s & ~nb_[i])) << 8 | i;
      int j = k++;
      for (; j > 0 && key[j - 1] > kv; --j) key[j] = key[j - 1];
      key[j] = kv;
    }
    bool win = false;
    for (int h2 = 0; h2 < h && !win; ++h2) win = find(s, h2) == 0;  // heap move, known
    for (int i = 0; i < k && !win; ++i) win = !wins(s & ~nb_[key[i] & 255], h);
    for (int h2 = 0; h2 < h && !win; ++h2) win = !wins_conn(s, h2);
    store(s, h, win ? 1 : 0);
    return win;
  }

  // Two entries per slot pair: the first takes the newest result, a current one moves on.
  static std::size_t slot(U s, int tag) {
    const std::uint64_t k =
        (static_cast<std::uint64_t>(s) ^ (static_cast<std::uint64_t>(s) >> 29)) +
        static_cast<std::uint64_t>(tag) * 0xD6E8FEB86659FD93ull;
    return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> 40) & (kSize - 2);
  }
  std::uint32_t meta(int tag) const { return gen_ | static_cast<std::uint32_t>(tag) << 16; }
  int find(U s, int tag) const {
    const std::size_t i = slot(s, tag);
    const std::uint32_t m = meta(tag);
    for (std::size_t j = i; j < i + 2; ++j)
      if (memo_[j].set == s && (memo_[j].meta & 0xFFFFFF) == m)
        return static_cast<int>(memo_[j].meta >> 24) - 1;
    return -1;
  }
  void store(U s, int tag, int value) {
    const std::size_t i = slot(s, tag);
    if ((memo_[i].meta & 0xFFFF) == gen_) memo_[i + 1] = memo_[i];
    memo_[i] = Entry{s, meta(tag) | static_cast<std::uint32_t>(value + 1) << 24};
  }

  U nb_[kMax];
  std::vector<Entry> memo_;
  std::uint16_t gen_ = 0;
};

/// The Local used by the engine.
using LocalSolver = Local<std::uint32_t>;

/// The positions some thread is searching right now (memo-sym-tbb), by key hash: a small
/// direct-mapped array of words (hash bits 16..63, count of searching threads in bits 0..15).
/// A thread about to search a position that another thread already searches defers it (ABDADA,
/// Weill 1996). Only the order of the search depends on it: a hash collision or a full slot
/// just means a position is searched twice or deferred in vain.
class Busy {
 public:
  Busy() : a_(std::make_unique<std::atomic<std::uint64_t>[]>(kSize)) {
    for (std::size_t i = 0; i < kSize; ++i) a_[i].store(0, std::memory_order_relaxed);
  }
  /// True when some thread has marked hash h.
  bool contains(std::uint64_t h) const {
    const std::uint64_t v = a_[h & (kSize - 1)].load(std::memory_order_relaxed);
    return (v & 0xFFFF) != 0 && (v >> 16) == (h >> 16);
  }
  /// Marks h; returns false when its slot holds another position (then nothing is marked).
  bool enter(std::uint64_t h) {
    auto& a = a_[h & (kSize - 1)];
    std::uint64_t v = a.load(std::memory_order_relaxed);
    while (true) {
      std::uint64_t nv;
      if ((v & 0xFFFF) == 0)
        nv = (h >> 16 << 16) | 1;
      else if ((v >> 16) == (h >> 16))
        nv = v + 1;
      else
        return false;
      if (a.compare_exchange_weak(v, nv, std::memory_order_relaxed)) return true;
    }
  }
  /// Removes one mark of h (after a successful enter).
  void leave(std::uint64_t h) { a_[h & (kSize - 1)].fetch_sub(1, std::memory_order_relaxed); }

  /// Marks h for the lifetime of the object (when its slot is free or already h's).
  class Mark {
   public:
    Mark(Busy* b, std::uint64_t h) : b_(b && b->enter(h) ? b : nullptr), h_(h) {}
    ~Mark() {
      if (b_) b_->leave(h_);
    }
    Mark(const Mark&) = delete;
    Mark& operator=(const Mark&) = delete;

   private:
    Busy* b_;
    std::uint64_t h_;
  };

 private:
  static constexpr std::size_t kSize = 1 << 14;
  std::unique_ptr<std::atomic<std::uint64_t>[]> a_;
};

/// Smallest position (free squares) that memo-sym-tbb marks busy and defers.
inline constexpr int kBusyMin = 24;

/// A position with its images under the board's symmetries (img[0] is the position itself,
/// img[t] its image under symmetry t < Geometry::nsym). A child's images are the parent's minus
/// the images of the squares the move attacks, so the canonical key of any child costs nsym * W
/// word operations instead of a walk over its squares.
template <int W>
struct Pos {
  Set<W> img[8];
  const Set<W>& x() const { return img[0]; }
};

/// The memo search engine on one thread. Sym: canonical keys; Concurrent: shared table and
/// cooperative cancellation (for memo-sym-tbb).
template <int W, bool Concurrent>
class Engine {
 public:
  using S = Set<W>;
  using P = Pos<W>;
  /// A move: the square played and the number of free squares it leaves.
  struct Move {
    int sq;
    int count;
  };
  /// stop: polled every 256 table searches; once it is true the search throws Aborted.
  /// busy: with Concurrent, the positions other threads are searching (deferred when met).
  Engine(const Geometry<W>& g, Table<W, Concurrent>& tt, Stats& st,
         const std::atomic<bool>* stop = nullptr, Busy* busy = nullptr)
      : g_(g), tt_(tt), st_(st), stop_(stop), busy_(busy) {}

  /// The position x with its symmetry images.
  P pos(const S& x) const {
    P p;
    g_.images(x, p.img);
    return p;
  }
  /// The position after playing square sq (a member of p.x()).
  void child(const P& p, int sq, P& c) const {
    const std::uint8_t* pm = g_.perm.data() + sq * 8;
    for (int t = 0; t < g_.nsym; ++t) c.img[t] = p.img[t].andnot(g_.att[pm[t]]);
  }

  /// Normal play: does the player to move win X + *h?
  bool wins(const S& x, int h) { return wins(pos(x), h); }
  bool wins(P p, int h) {
    ++st_.nodes;
    if (p.x().empty() || mirrored(p)) return h != 0;
    reduce(p, h);
    const int cnt = p.x().count();
    if (cnt > kLocal) return wins_conn(p, h);
    if (cnt <= kLocalShared) return local_wins(p.x(), h);
    const S key = g_.least(p.img);
    const int v = tt_.find(key, h);
    if (v >= 0) return v != 0;
    const bool win = local_wins(p.x(), h);
    if (tt_.store(key, h, win ? 1 : 0)) ++st_.stored;
    return win;
  }

  /// Normal play Grundy value of any X (XOR over its components).
  int grundy(const S& x) {
    int g = 0;
    S rest = x;
    while (!rest.empty()) {
      const S c = g_.component(rest, rest.lowest());
      g ^= grundy_conn(c);
      rest = rest.andnot(c);
    }
    return g;
  }

  /// Misere play: does the player to move win X (the player who cannot move wins)?
  bool wins_misere(const S& x) { return wins_misere(pos(x)); }
  bool wins_misere(const P& p) {
    ++st_.nodes;
    const S& x = p.x();
    if (x.empty()) return true;
    const int cnt = x.count();
    if (cnt == 1) return false;
    const S key = g_.least(p.img);
    const int v = tt_.find(key, kTagMisere);
    if (v >= 0) return v != 0;
    poll();
    Move kids[kMaxSquares];
    const int k = children(x, kids);
    const bool win = any_lost(p, kids, k, kTagMisere, [&](const P& c) { return !wins_misere(c); });
    if (tt_.store(key, kTagMisere, win ? 1 : 0)) ++st_.stored;
    return win;
  }

  /// Grundy value of a connected X.
  int grundy_conn(const S& x) {
    const int cnt = x.count();
    if (cnt <= 2) return cnt == 0 ? 0 : 1;  // 1 square, or 2 squares that attack each other
    if (cnt > kLocal) {
      const P p = pos(x);
      if (mirrored(p)) return 0;
      for (int h = 0; h <= kMaxHeap; ++h)
        if (!wins_conn(p, h)) return h;
      throw std::runtime_error("queens-game: Grundy value above 253");
    }
    load_local(x);
    const int g = local_.grundy(local_all_);
    st_.nodes += std::exchange(local_.nodes, 0);
    return g;
  }

  /// Outcome of X + *h for X of at most kLocal squares, by Local.
  bool local_wins(const S& x, int h) {
    load_local(x);
    const bool win = local_.wins(local_all_, h);
    st_.nodes += std::exchange(local_.nodes, 0);
    return win;
  }

  /// Numbers the squares of x (at most 32) 0..m-1 for Local: two squares attack each other when
  /// they share a row, a column or a diagonal, so each local neighbourhood is the union of the
  /// local squares on the four lines of the square.
  void load_local(const S& x) {
    auto& line = line_;  // all zero between calls
    std::uint8_t lines[LocalSolver::kMax][4];
    int m = 0;
    x.for_each([&](int s) {
      const std::uint8_t* l = g_.lines.data() + s * 4;
      for (int j = 0; j < 4; ++j) {
        lines[m][j] = l[j];
        line[j][l[j]] |= LocalU{1} << m;
      }
      ++m;
    });
    LocalU nb[LocalSolver::kMax];
    for (int i = 0; i < m; ++i)
      nb[i] =
          line[0][lines[i][0]] | line[1][lines[i][1]] | line[2][lines[i][2]] | line[3][lines[i][3]];
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < 4; ++j) line[j][lines[i][j]] = 0;
    local_.load(nb, m);
    local_all_ = m == LocalSolver::kMax ? ~LocalU{0} : (LocalU{1} << m) - 1;
  }

  /// Half-turn rule (Jenrich's strategy for odd n x n boards, arXiv:1312.5135, generalised):
  /// when X is its own image under the half turn and no square of X attacks its image, the
  /// player to move loses X under normal play, so G(X) = 0. The opponent answers every queen
  /// with its mirror image, which is still free (X is symmetric and the queen does not attack
  /// it), and what remains is again symmetric, so the opponent always has a move.
  bool mirrored(const P& p) const {
    return g_.half_turn >= 0 && p.img[g_.half_turn] == p.x() && !p.x().intersects(g_.self_facing);
  }

  /// Outcome of X + *h for a connected X with more than kLocal squares.
  bool wins_conn(const P& p, int h) {
    if (mirrored(p)) return h != 0;
    const S key = g_.least(p.img);
    const int v = tt_.find(key, h);
    if (v >= 0) return v != 0;
    poll();
    Move kids[kMaxSquares];
    const int k = children(p.x(), kids);
    bool win = false;
    for (int h2 = 0; h2 < h && !win; ++h2) win = tt_.find(key, h2) == 0;  // heap move, known
    if (!win && p.x().count() >= etc_min()) win = etc(p, kids, k, h);
    win = win || any_lost(p, kids, k, h, [&](const P& c) { return !wins(c, h); });
    for (int h2 = 0; h2 < h && !win; ++h2) win = !wins_conn(p, h2);
    if (tt_.store(key, h, win ? 1 : 0)) ++st_.stored;
    return win;
  }

  /// Smallest position (free squares) whose children are first looked up in the table.
  static constexpr int etc_min() { return 20; }
  /// Enhanced transposition cutoff: true when the table already proves a child of p lost.
  /// The children's buckets are prefetched a few lookups ahead.
  bool etc(const P& p, const Move* kids, int k, int h) {
    constexpr int kAhead = 8;
    S keys[kMaxSquares];
    int m = 0;
    P c;
    for (int i = 0; i < k; ++i)
      if (kids[i].count > kLocalShared) {
        child(p, kids[i].sq, c);
        if (h == 0 && mirrored(c)) return true;
        keys[m] = g_.least(c.img);
        if (m < kAhead) tt_.prefetch(keys[m], h);
        ++m;
      }
    for (int j = 0; j < m; ++j) {
      if (j + kAhead < m) tt_.prefetch(keys[j + kAhead], h);
      if (tt_.find(keys[j], h) == 0) return true;
    }
    return false;
  }

  /// Folds every component of p but the largest into h (by Grundy value); p becomes the
  /// largest, its images with it.
  void reduce(P& p, int& h) {
    const S& x = p.x();
    S c = g_.component(x, x.lowest());
    if (c == x) return;
    S comps[kMaxSquares];
    int m = 0, big = 0, bigc = 0;
    S rest = x;
    while (true) {
      comps[m] = c;
      const int cc = c.count();
      if (cc > bigc) bigc = cc, big = m;
      ++m;
      rest = rest.andnot(c);
      if (rest.empty()) break;
      c = g_.component(rest, rest.lowest());
    }
    S gone = S::none();
    for (int i = 0; i < m; ++i)
      if (i != big) {
        h ^= grundy_conn(comps[i]);
        gone |= comps[i];
      }
    const std::uint8_t* pm = g_.perm.data();
    gone.for_each([&](int s) {
      for (int t = 0; t < g_.nsym; ++t) p.img[t].clear(pm[s * 8 + t]);
    });
  }

  /// Moves on x, those that leave the fewest free squares first (ties: lower square first).
  int children(const S& x, Move* kids) const {
    std::uint32_t key[kMaxSquares];
    int k = 0;
    x.for_each([&](int s) {
      key[k++] = static_cast<std::uint32_t>(x.andnot(g_.att[s]).count()) << 8 | s;
    });
    // Measured on 12 x 12: 2.4x fewer nodes than square order, 6x fewer than the reverse.
    std::sort(key, key + k);
    for (int i = 0; i < k; ++i)
      kids[i] = {static_cast<int>(key[i] & 255), static_cast<int>(key[i] >> 8)};
    return k;
  }

  Stats& stats() { return st_; }

  /// Searches the children of p in the order of kids until lost_for_opponent(child) is true.
  /// With a busy set (memo-sym-tbb): the first child is searched at once; a later child of at
  /// least kBusyMin squares that another thread is searching is put off until the others are
  /// done (by then its result is often in the table), and the children searched are marked.
  template <class F>
  bool any_lost(const P& p, const Move* kids, int k, int tag, F&& lost_for_opponent) {
    P c;
    if constexpr (Concurrent) {
      if (busy_ != nullptr && k > 1 && kids[k - 1].count >= kBusyMin) {
        int later[kMaxSquares];
        int nl = 0;
        for (int i = 0; i < k; ++i) {
          child(p, kids[i].sq, c);
          if (i > 0 && kids[i].count >= kBusyMin) {
            const std::uint64_t bh = tt_.key_hash(g_.least(c.img), tag);
            if (busy_->contains(bh)) {
              later[nl++] = i;
              continue;
            }
            Busy::Mark mark(busy_, bh);
            if (lost_for_opponent(c)) return true;
          } else if (lost_for_opponent(c)) {
            return true;
          }
        }
        for (int j = 0; j < nl; ++j) {
          child(p, kids[later[j]].sq, c);
          Busy::Mark mark(busy_, tt_.key_hash(g_.least(c.img), tag));
          if (lost_for_opponent(c)) return true;
        }
        return false;
      }
    }
    for (int i = 0; i < k; ++i) {
      child(p, kids[i].sq, c);
      if (lost_for_opponent(c)) return true;
    }
    return false;
  }

 private:
  void poll() {
    if (stop_ != nullptr && (++polls_ & 255) == 0 && stop_->load(std::memory_order_relaxed))
      throw Aborted{};
  }

  const Geometry<W>& g_;
  Table<W, Concurrent>& tt_;
  Stats& st_;
  const std::atomic<bool>* stop_ = nullptr;
  Busy* busy_ = nullptr;
  using LocalU = std::uint32_t;
  LocalSolver local_;
  LocalU local_all_ = 0;
  LocalU line_[4][256] = {};  // load_local's scratch: local squares on each line
  unsigned polls_ = 0;
};

/// Calls f.template operator()<W>() with the word count that fits rows * cols squares.
template <class F>
auto dispatch_words(int n, F&& f) {
  if (n <= 48) return f.template operator()<1>();
  if (n <= 112) return f.template operator()<2>();
  if (n <= 176) return f.template operator()<3>();
  if (n <= 240) return f.template operator()<4>();
  return f.template operator()<5>();
}

/// The table budget of p: p.max_memory, or default_max_memory() when it is 0.
inline std::uint64_t budget(const Params& p) {
  return p.max_memory != 0 ? p.max_memory : default_max_memory();
}

/// The first moves of an n-square board grouped by symmetry: for each class, one representative
/// child position and the squares that lead to it.
template <int W>
struct FirstMoves {
  std::vector<Set<W>> child;
  std::vector<std::vector<int>> squares;

  explicit FirstMoves(const Geometry<W>& g) {
    const Set<W> start = Set<W>::first_n(g.n);
    std::vector<Set<W>> keys;
    for (int s = 0; s < g.n; ++s) {
      const Set<W> c = start.andnot(g.att[s]);
      const Set<W> k = g.canon(c);
      std::size_t i = 0;
      while (i < keys.size() && !(keys[i] == k)) ++i;
      if (i == keys.size()) {
        keys.push_back(k);
        child.push_back(c);
        squares.emplace_back();
      }
      squares[i].push_back(s);
    }
  }
};

/// Fills r.winning_first_moves (sorted) from the per-class outcomes `lost` (lost[i]: the
/// position after class i's move is lost for the player to move) and r.first_player_wins.
template <int W>
void collect_first_moves(const FirstMoves<W>& fm, const std::vector<char>& lost, Result& r) {
  for (std::size_t i = 0; i < fm.child.size(); ++i)
    if (lost[i])
      r.winning_first_moves.insert(r.winning_first_moves.end(), fm.squares[i].begin(),
                                   fm.squares[i].end());
  std::sort(r.winning_first_moves.begin(), r.winning_first_moves.end());
  r.first_player_wins = !r.winning_first_moves.empty();
}

/// Fills r.move_grundy (one value per square) from the per-class Grundy values g.
template <int W>
void collect_move_grundy(const FirstMoves<W>& fm, const std::vector<int>& g, int squares,
                         Result& r) {
  r.move_grundy.assign(static_cast<std::size_t>(squares), 0);
  for (std::size_t i = 0; i < fm.child.size(); ++i)
    for (int sq : fm.squares[i]) r.move_grundy[static_cast<std::size_t>(sq)] = g[i];
}

/// The serial solve of memo (sym = false) and memo-sym (sym = true).
template <int W>
Result solve_serial(const Params& p, bool sym) {
  const Geometry<W> g(p.rows, p.cols, sym);
  Table<W, false> tt(budget(p));
  Stats st;
  Engine<W, false> e(g, tt, st);
  Result r;
  const Set<W> start = Set<W>::first_n(g.n);
  if (p.all_moves || p.move_grundy) {
    const FirstMoves<W> fm(g);
    if (p.progress) p.progress->total.store(fm.child.size(), std::memory_order_relaxed);
    std::vector<char> lost;
    std::vector<int> values;
    for (const auto& c : fm.child) {
      if (p.misere) {
        lost.push_back(!e.wins_misere(c));
      } else if (p.move_grundy) {
        values.push_back(e.grundy(c));
        lost.push_back(values.back() == 0);
      } else {
        lost.push_back(!e.wins(c, 0));
      }
      if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
    }
    if (p.all_moves)
      collect_first_moves(fm, lost, r);
    else
      r.first_player_wins = std::find(lost.begin(), lost.end(), 1) != lost.end();
    if (p.move_grundy) collect_move_grundy(fm, values, g.n, r);
  } else {
    r.first_player_wins = p.misere ? e.wins_misere(start) : e.wins(start, 0);
  }
  if (p.grundy) r.grundy = e.grundy(start);
  r.nodes = st.nodes;
  r.positions = st.stored;
  r.threads = 1;
  return r;
}

}  // namespace sb::queens_game::detail
