// The df-pn transposition table (dfpn, dfpn-tbb): proof and disproof numbers, and settled
// results with their lengths, per board and attacker's hand. Lookups use hand superiority (Nagai
// 2002, "Df-pn algorithm for searching AND/OR trees and its applications", PhD thesis, Univ. of
// Tokyo): a proof stored with hand h proves the board for every attacker hand >= h, a disproof
// stored with h disproves it for every hand <= h. Depth-limited queries ("mate within r plies?",
// kRInf: any length) share the table: an entry keeps the shortest proof length hi and the
// longest disproved length lo it knows, and the numbers of one query depth r (kept once settled,
// as the estimate for a query that the proof or disproof does not answer).
//
// Layout: clusters of kWays entries (two cache lines) indexed by the board key; when a cluster is
// full the entry with the least search effort is replaced, proofs and disproofs last. The table
// starts small and doubles in place up to its budget, on memory of its own or the caller's
// (table_memory.hpp). Work split: Table<false> is private to one searcher; Table<true> is shared
// by dfpn-tbb's searchers, with a spin lock per cluster, and grows only while none of them runs
// (grow_wanted / grow_now). Limits: never more than its byte budget (max_memory); an entry may
// be replaced at any time, so a result read back is a fact but one stored may be lost.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <thread>

#include "table_memory.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

inline constexpr std::uint32_t kInfPn = 1u << 30;
inline constexpr std::uint16_t kNoLen = 0xFFFF;  // hi: no proof known; lo: no mate at all
inline constexpr std::uint16_t kRInf = 0xFFFE;   // query depth: any length

struct Entry {
  std::uint64_t key;     // board key | 1 (0 marks an empty slot)
  Hand hand;             // attacker's hand
  std::uint32_t pn, dn;  // the last unsettled numbers (kept once settled, as an estimate for
                         // other query depths); pn 0: none
  std::uint16_t lo;      // no mate within lo plies (kNoLen: none at all; 0: unknown)
  std::uint16_t hi;      // mate within hi plies (kNoLen: unknown)
  std::uint16_t r;       // query depth the pn/dn belong to
  std::uint16_t best;    // Move::v of the proof move at attacker nodes; at defender nodes without
                         // a proof, the evasion that refuted the last depth-limited query
  std::uint32_t amount;
};
static_assert(sizeof(Entry) == 32);

/// What a lookup found.
struct Val {
  std::uint32_t pn = 1, dn = 1;
  std::uint16_t lo = 0, hi = kNoLen;
  Hand ph = 0;  // proof hand when proven
  Hand dh = 0;  // disproof hand when disproven (the stored hand, >= the one asked about)
  Move best;
  // a defender board's evasion that refuted a depth-limited query before (at any depth, with any
  // attacker hand): tried first when it is asked again with more plies to go
  Move refuter;
  bool found = false;  // pn/dn come from the table
  // unsettled: the largest pn of the same board with a larger attacker hand, the largest dn
  // with a smaller one (at the same query depth), as lower bounds for the estimate
  std::uint32_t pn_floor = 0, dn_floor = 0;
};

template <bool kShared>
class Table {
 public:
  static constexpr int kWays = 4;
  /// A table of at most `bytes`; on `memory` when given, clean and large enough (a block the
  /// caller keeps across solves, its pages touched beforehand: table_memory.hpp), else on fresh
  /// zero pages of its own.
  explicit Table(std::uint64_t bytes, TableMemory* memory = nullptr) {
    std::uint64_t clusters = 1;
    while (clusters * 2 * kWays * sizeof(Entry) <= bytes) clusters *= 2;
    if (clusters * kWays * sizeof(Entry) > bytes)
      throw std::invalid_argument("table budget below one cluster");
    max_clusters_ = clusters;
    // The table starts small and doubles in place (each cluster split between itself and its
    // twin in the new upper half) when three quarters of its slots are taken, up to the budget:
    // a short search then touches a few pages, not the whole budget (a new page costs more than
    // a node). A private table grows at once; a shared one asks its searchers to stop (the
    // signal of set_grow_signal), and dfpn-tbb grows it with grow_now() while none runs.
    clusters = std::min<std::uint64_t>(clusters, kFirstClusters);
    mask_ = clusters - 1;
    const std::uint64_t need = max_clusters_ * kWays * sizeof(Entry);
    if (memory && memory->clean() && memory->bytes() >= need) {
      memory_ = memory;
    } else {
      own_ = TableMemory(need);
      memory_ = &own_;
    }
    e_ = reinterpret_cast<Entry*>(memory_->data());
    if constexpr (kShared) locks_.reset(new std::atomic<bool>[max_clusters_]());
  }
  ~Table() { memory_->mark_used((mask_ + 1) * kWays * sizeof(Entry)); }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  std::uint64_t positions() const { return positions_.load(std::memory_order_relaxed); }
  /// The entries' memory budget in bytes (what it may grow to).
  std::uint64_t budget_bytes() const { return max_clusters_ * kWays * sizeof(Entry); }
  /// Shared table: the flag to raise (searchers' stop flag) when the table wants to grow.
  void set_grow_signal(std::atomic<bool>* s) { grow_signal_ = s; }
  /// Shared table: whether three quarters of the slots are taken and the budget allows more.
  bool grow_wanted() const { return grow_wanted_.load(); }
  /// Shared table: doubles it; only while no searcher uses the table.
  void grow_now() {
    grow_wanted_.store(false);
    if (mask_ + 1 < max_clusters_) grow();
  }
  /// Shared table: grow_now cut into parts that several threads may run at once (the new half's
  /// first touch, the kernel zeroing its pages, is most of a doubling's time: 0.5 s of a 5-s
  /// dfpn-tbb solve for the doubling to 512 MiB on the development VM). grow_parts() is the
  /// number of parts (0: the table cannot grow), grow_part(i) moves part i's entries, and
  /// grow_finish() takes the new size into use once every part is done; only while no searcher
  /// uses the table.
  std::uint64_t grow_parts() {
    grow_wanted_.store(false);
    // the parts write into the upper half before grow_finish: the block's user must know
    if (mask_ + 1 < max_clusters_) memory_->mark_used(2 * (mask_ + 1) * kWays * sizeof(Entry));
    return mask_ + 1 < max_clusters_ ? (mask_ + 1 + kGrowPart - 1) / kGrowPart : 0;
  }
  void grow_part(std::uint64_t i) {
    const std::uint64_t old = mask_ + 1;
    split(i * kGrowPart, std::min(old, (i + 1) * kGrowPart), old);
  }
  void grow_finish() { mask_ = 2 * mask_ + 1; }
  /// Starts loading key's cluster into the cache.
  void prefetch(std::uint64_t key) const {
    const Entry* c = cluster(key | 1);  // a cluster is two cache lines
    __builtin_prefetch(c);
    __builtin_prefetch(c + kWays / 2);
    // and a shared table's lock of the cluster, for writing: its exchange waited for this line
    // in a third of mid's time on 2 threads (the lock and the cluster are separate lines)
    if constexpr (kShared) __builtin_prefetch(&locks_[index(key | 1, mask_)], 1);
  }

  /// What the table knows of (key, hand) for a query of r plies (kRInf: any length); with
  /// any_depth, unsettled numbers of any other depth serve as the estimate (see below).
  Val lookup(std::uint64_t key, Hand hand, std::uint16_t r, bool any_depth = false) const {
    key |= 1;
    Guard g(*this, key);
    const Entry* c = cluster(key);
    Val v;
    for (int i = 0; i < kWays; ++i) {
      const Entry& e = c[i];
      if (e.key != key) continue;
      if (e.hi == kNoLen && e.best) v.refuter = Move{e.best};
      if (e.hi != kNoLen && e.hi <= r && hand_ge(hand, e.hand)) {
        if (v.pn != 0 || e.hi < v.hi) {
          v.pn = 0, v.dn = kInfPn, v.hi = e.hi, v.ph = e.hand, v.best = Move{e.best};
          v.found = true;
        }
        continue;
      }
      if (v.pn == 0) continue;
      if (e.lo != 0 && e.lo >= r && hand_ge(e.hand, hand)) {
        v.pn = kInfPn, v.dn = 0, v.lo = e.lo, v.dh = e.hand, v.found = true;
        continue;
      }
      if (v.dn == 0) continue;
      // unsettled numbers: those of this query depth, else, as a first estimate, those left by
      // a search of the same position with fewer plies to go (1 and 1 where that search only
      // recorded "no mate within lo": r = 0), or with any_depth at any other depth, also when
      // that search settled the position (a proof too long or a disproof too short for this
      // depth: an entry keeps its last numbers, as KomoringHeights keeps pn and dn beside its
      // mate-length bounds). With them the estimate skips the leaf initialisation. Fewer plies:
      // 11 % fewer nodes on seven suite problems than requiring the same depth. Any depth (a
      // long mate's post-search asks each position with fewer plies than the query before):
      // Microcosmos reached its known length; in short queries it stalled two main-line
      // positions (docs/tsume-notes.md, 2026-12-02).
      if (e.hand == hand && e.pn != 0 && e.dn != 0 &&
          (e.r == r || (!v.found && r != kRInf && (e.r < r || any_depth)))) {
        v.pn = e.pn, v.dn = e.dn, v.found = true;
      } else if (e.pn != 0 && e.dn != 0 && e.r == r && e.hand != hand) {
        // the same board with another hand, unsettled at this depth: with at least its pieces
        // the attacker is at least as close to a mate (dn no smaller), with at most them no
        // closer (pn no smaller); floors for the estimate. 2 % and 9 % fewer nodes on the 50
        // problems and the main-line positions.
        if (hand_ge(hand, e.hand)) v.dn_floor = std::max(v.dn_floor, e.dn);
        if (hand_ge(e.hand, hand)) v.pn_floor = std::max(v.pn_floor, e.pn);
      }
    }
    return v;
  }

  void store_proven(std::uint64_t key, Hand ph, std::uint16_t hi, Move best) {
    update(key, ph, [&](Entry& e) {
      if (e.hi == kNoLen || hi < e.hi) e.hi = hi, e.best = best.v;
      if (e.r == 0 && e.pn == 1 && e.dn == 1) e.pn = 0;  // a new entry: no numbers to keep
    });
  }
  /// refuter: at a defender node, the evasion that refutes (kept as Val::refuter).
  void store_disproven(std::uint64_t key, Hand hand, std::uint16_t lo, Move refuter = Move{}) {
    update(key, hand, [&](Entry& e) {
      if (lo > e.lo) e.lo = lo;
      if (refuter && e.hi == kNoLen) e.best = refuter.v;
    });
  }
  /// A disproof found for `hand` that holds for every hand up to dh (disproof hand, >= hand):
  /// stored under dh; the entry of `hand` itself, when it holds nothing the disproof does not
  /// cover (no proof, no longer disproof), becomes that entry instead of keeping a slot.
  void store_disproven(std::uint64_t key, Hand hand, Hand dh, std::uint16_t lo,
                       Move refuter = Move{}) {
    if (dh != hand) {
      const std::uint64_t k1 = key | 1;
      Guard g(*this, k1);
      Entry* c = cluster(k1);
      Entry* own = nullptr;
      for (int i = 0; i < kWays; ++i) {
        Entry& e = c[i];
        if (e.key != k1) continue;
        if (e.hand == dh) {
          own = nullptr;
          break;
        }
        if (e.hand == hand && e.hi == kNoLen && e.lo <= lo) own = &e;
      }
      if (own) {
        own->hand = dh, own->lo = lo;
        if (refuter) own->best = refuter.v;
        return;
      }
    }
    store_disproven(key, dh, lo, refuter);
  }
  /// pn/dn of an unsettled position for query depth r; lo (when given) records that no mate
  /// within lo plies exists.
  void store_unknown(std::uint64_t key, Hand hand, std::uint16_t r, std::uint32_t pn,
                     std::uint32_t dn, std::uint32_t amount, std::uint16_t lo = 0) {
    update(key, hand, [&](Entry& e) {
      if (lo > e.lo) e.lo = lo;
      e.r = r, e.pn = pn, e.dn = dn;
      e.amount = std::min<std::uint64_t>(0xFFFFFFF0u, std::uint64_t(e.amount) + amount);
    });
  }

 private:
  struct Guard {
    Guard(const Table& t, std::uint64_t key) : t_(t), i_(index(key, t.mask_)) {
      if constexpr (kShared) {
        while (t_.locks_[i_].exchange(true, std::memory_order_acquire))
          while (t_.locks_[i_].load(std::memory_order_relaxed)) std::this_thread::yield();
      }
    }
    ~Guard() {
      if constexpr (kShared) t_.locks_[i_].store(false, std::memory_order_release);
    }
    const Table& t_;
    std::uint64_t i_;
  };
  // Cluster of a key. Stored keys have bit 0 set (0 marks an empty slot), so the index starts at
  // bit 1: with bit 0 in it, only the odd clusters were ever used and a private table never
  // filled the three quarters that make it grow (it stayed at 8,192 usable slots).
  static std::uint64_t index(std::uint64_t key, std::uint64_t mask) { return (key >> 1) & mask; }
  Entry* cluster(std::uint64_t key) const { return e_ + index(key, mask_) * kWays; }

  template <class F>
  void update(std::uint64_t key, Hand hand, F f) {
    key |= 1;
    Guard g(*this, key);
    Entry* c = cluster(key);
    Entry* victim = nullptr;
    std::uint64_t victim_score = ~0ull;
    for (int i = 0; i < kWays; ++i) {
      Entry& e = c[i];
      if (e.key == key && e.hand == hand) return f(e);
      std::uint64_t score;
      if (e.key == 0) {
        score = 0;
      } else {
        score = 1 + e.amount;
        if (e.hi != kNoLen || e.lo == kNoLen) score += 1ull << 32;  // keep final results longer
      }
      if (score < victim_score) victim_score = score, victim = &e;
    }
    const bool fresh = victim->key == 0;
    *victim = Entry{key, hand, 1, 1, 0, kNoLen, 0, 0, 0};
    f(*victim);
    if (fresh) {
      const std::uint64_t used = positions_.fetch_add(1, std::memory_order_relaxed) + 1;
      if (used * 4 > (mask_ + 1) * kWays * 3 && mask_ + 1 < max_clusters_) {
        if constexpr (kShared) {
          if (!grow_wanted_.exchange(true) && grow_signal_) grow_signal_->store(true);
        } else {
          grow();
        }
      }
    }
  }

  // Doubles the number of clusters in use: an entry of cluster i whose key has the new mask bit
  // set moves to cluster i + old size (never used before, so empty).
  void grow() {
    const std::uint64_t old = mask_ + 1;
    split(0, old, old);
    mask_ = 2 * old - 1;
  }
  // clusters [lo, hi) of the old size `old` give their entries for the upper half to their twins
  void split(std::uint64_t lo, std::uint64_t hi, std::uint64_t old) {
    for (std::uint64_t i = lo; i < hi; ++i) {
      Entry* c = e_ + i * kWays;
      Entry* d = e_ + (i + old) * kWays;
      int w = 0;
      for (int j = 0; j < kWays; ++j)
        if ((c[j].key >> 1) & old) d[w++] = c[j], c[j] = Entry{};
    }
  }
  static constexpr std::uint64_t kGrowPart = 1 << 14;  // clusters: 2 MiB, one huge page

  // The entries: on a TableMemory (its own, or the caller's when given one), a block of zero
  // pages 2 MiB-aligned and marked for transparent huge pages: a table of a gigabyte is then 512
  // pages, not 262,144, so far fewer page faults and TLB misses, and far fewer TLB shoot-downs
  // between the threads of dfpn-tbb (on the reference VM a 1 GiB shared table without them spent
  // as much time in the kernel as in the search).
  TableMemory own_;
  TableMemory* memory_ = nullptr;
  Entry* e_ = nullptr;
  std::unique_ptr<std::atomic<bool>[]> locks_;
  static constexpr std::uint64_t kFirstClusters = 1 << 12;  // 512 KiB
  std::uint64_t mask_ = 0;
  std::uint64_t max_clusters_ = 0;
  // written at every new entry: on a cache line of its own, not on the one of mask_ and the
  // pointers that every lookup reads (2 threads shared that line: 15 % fewer nodes per second)
  alignas(64) std::atomic<std::uint64_t> positions_{0};  // occupied slots (never removed)
  std::atomic<bool> grow_wanted_{false};
  std::atomic<bool>* grow_signal_ = nullptr;
};

}  // namespace sb::tsume::detail
