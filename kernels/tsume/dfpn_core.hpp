// The df-pn engine behind `dfpn` and `dfpn-tbb`: depth-first proof-number search (Nagai 2002,
// "Df-pn algorithm for searching AND/OR trees and its applications", PhD thesis, Univ. of Tokyo)
// over the tsume AND/OR graph, with:
//  - a bounded transposition table (clusters of kWays entries keyed by the board; the attacker's
//    hand is stored beside it and compared by hand superiority, so a proof with hand h proves
//    every hand >= h and a disproof every hand <= h); when a cluster is full the entry with the
//    least search effort is replaced, proofs and disproofs last; a private table starts small and
//    doubles up to its budget;
//  - proof hands (Nagai's proof pieces): a proof is stored with the smallest hand that it needs,
//    so one proof serves many hands;
//  - disproof hands (Nagai's disproof pieces), the converse: a disproof is stored with the
//    largest attacker hand it holds for (see leaf_dh); only with every interposition counted;
//  - a new or unsettled position's estimate is raised to the pn of the same board with more
//    pieces in the attacker's hand and the dn with fewer, where the table has them;
//  - loops: a child that repeats a position of the current line is a disproof for this line only
//    (perpetual check never mates); a disproof that depended on one is kept in a table keyed by
//    the path (the move sequence from the search root), never in the transposition table, so it
//    is reused only on the same line (the graph-history-interaction problem);
//  - double counting: interpositions dropped on one square share most of their subtrees, so at a
//    defender node their proof numbers are combined by max, not summed;
//  - the 1 + epsilon trick for child thresholds (Pawlewicz and Lew 2007), epsilon = 1/4;
//  - leaf initialisation: a new defender node starts with pn = its number of evasions (0: mate);
//    a new attacker node is disproved at once without checks, settled by an exhaustive search
//    with 3 plies to go and by a mate-in-one test with 1, else starts with pn = 1, dn = 4 x its
//    number of checks (refuting it means refuting every check), halved after an evasion that
//    captures; its mates in one are found when it is expanded (its children's evasions are
//    counted then); an attacker node expanded with 5 plies to go is settled by an exhaustive
//    search too;
//  - in a depth-limited query, new nodes' dn are scaled by 1 + r/4 (r: plies left), so that an
//    unexplored alternative with many plies left does not look cheaper to refute than one
//    already explored (df-pn's seesaw effect; the idea of deep df-pn: S. Zhang et al., "Deep
//    df-pn and its efficient implementations", Advances in Computer Games 2017, LNCS 10664);
//  - a defender node's refuting evasion is kept in its entry and tried first (a quarter of its
//    dn) when the node is asked again with more plies to go;
//  - depth limits: a query "mate within r plies?" (r = kRInf: any length) shares the table; an
//    entry keeps the shortest proof length hi and the longest disproved length lo it knows.
// The post-search (see post_search) proves the minimal mate length by asking for mates of
// length L - 2 until none exists, then extracts the main line (common.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <deque>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "common.hpp"

namespace sb::tsume::detail {

inline constexpr std::uint32_t kInfPn = 1u << 30;
inline constexpr std::uint16_t kNoLen = 0xFFFF;  // hi: no proof known; lo: no mate at all
inline constexpr std::uint16_t kRInf = 0xFFFE;   // query depth: any length

struct Entry {
  std::uint64_t key;  // board key | 1 (0 marks an empty slot)
  Hand hand;          // attacker's hand
  std::uint32_t pn, dn;
  std::uint16_t lo;    // no mate within lo plies (kNoLen: none at all; 0: unknown)
  std::uint16_t hi;    // mate within hi plies (kNoLen: unknown)
  std::uint16_t r;     // query depth the pn/dn belong to
  std::uint16_t best;  // Move::v of the proof move at attacker nodes; at defender nodes without
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
  explicit Table(std::uint64_t bytes) {
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
    e_ = ZeroPages(max_clusters_ * kWays * sizeof(Entry));
    if constexpr (kShared) locks_.reset(new std::atomic<bool>[max_clusters_]());
  }
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
  /// Starts loading key's cluster into the cache.
  void prefetch(std::uint64_t key) const {
    const Entry* c = cluster(key | 1);  // a cluster is two cache lines
    __builtin_prefetch(c);
    __builtin_prefetch(c + kWays / 2);
  }

  Val lookup(std::uint64_t key, Hand hand, std::uint16_t r) const {
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
      // recorded "no mate within lo": r = 0); with it the estimate skips the leaf
      // initialisation. 11 % fewer nodes on seven suite problems than requiring the same depth.
      if (e.hand == hand && e.pn != 0 && e.dn != 0 &&
          (e.r == r || (!v.found && r != kRInf && e.r < r))) {
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
      e.pn = 0, e.dn = kInfPn;
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
  Entry* cluster(std::uint64_t key) const { return e_.get() + index(key, mask_) * kWays; }

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
    for (std::uint64_t i = 0; i < old; ++i) {
      Entry* c = e_.get() + i * kWays;
      Entry* d = e_.get() + (i + old) * kWays;
      int w = 0;
      for (int j = 0; j < kWays; ++j)
        if ((c[j].key >> 1) & old) d[w++] = c[j], c[j] = Entry{};
    }
    mask_ = 2 * old - 1;
  }

  // The entries: zero pages from the system, only touched (and paid for) when used. On Linux the
  // block is 2 MiB-aligned and marked for transparent huge pages: a table of a gigabyte is then
  // 512 pages, not 262,144, so far fewer page faults and TLB misses, and far fewer TLB
  // shoot-downs between the threads of dfpn-tbb (on the reference VM a 1 GiB shared table without
  // them spent as much time in the kernel as in the search).
  class ZeroPages {
   public:
    ZeroPages() = default;
    explicit ZeroPages(std::size_t bytes) {
#ifdef __linux__
      constexpr std::size_t kHuge = std::size_t{2} << 20;
      size_ = bytes + kHuge;
      void* m = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED) throw std::bad_alloc();
      base_ = m;
      auto a = (reinterpret_cast<std::uintptr_t>(m) + kHuge - 1) & ~(kHuge - 1);
      madvise(reinterpret_cast<void*>(a), bytes, MADV_HUGEPAGE);  // a hint: may be refused
      p_ = reinterpret_cast<Entry*>(a);
#else
      base_ = std::calloc(bytes, 1);
      if (!base_) throw std::bad_alloc();
      p_ = static_cast<Entry*>(base_);
#endif
    }
    ZeroPages(ZeroPages&& o) noexcept {
      swap(o);
    }
    ZeroPages& operator=(ZeroPages&& o) noexcept {
      swap(o);
      return *this;
    }
    ~ZeroPages() {
      if (!base_) return;
#ifdef __linux__
      munmap(base_, size_);
#else
      std::free(base_);
#endif
    }
    Entry* get() const {
      return p_;
    }

   private:
    void swap(ZeroPages& o) {
      std::swap(base_, o.base_), std::swap(p_, o.p_), std::swap(size_, o.size_);
    }
    void* base_ = nullptr;
    Entry* p_ = nullptr;
    std::size_t size_ = 0;
  };
  ZeroPages e_;
  std::unique_ptr<std::atomic<bool>[]> locks_;
  static constexpr std::uint64_t kFirstClusters = 1 << 12;  // 512 KiB
  std::uint64_t mask_ = 0;
  std::uint64_t max_clusters_ = 0;
  std::atomic<std::uint64_t> positions_{0};  // occupied slots (entries are never removed)
  std::atomic<bool> grow_wanted_{false};
  std::atomic<bool>* grow_signal_ = nullptr;
};

inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// A set of 64-bit keys (already well mixed) with a bounded size: open addressing with linear
/// probing in a flat array that starts small and doubles while it is at most half full; when it
/// would pass max_keys it is emptied instead (its users may forget keys). clear() shrinks it back
/// to its first size, so emptying it at every query stays cheap.
class BoundedKeySet {
 public:
  explicit BoundedKeySet(std::size_t max_keys) : max_keys_(std::max<std::size_t>(max_keys, 16)) {
    reset(kFirst);
  }
  std::size_t size() const { return n_; }
  /// Starts loading k's slot into the cache (worth it once the array outgrows the caches).
  void prefetch(std::uint64_t k) const { __builtin_prefetch(&slots_[(k ? k : 1) & mask_]); }
  /// Whether the array is past the first-level caches, so a lookup is likely a cache miss.
  bool large() const { return slots_.size() > 4096; }
  bool contains(std::uint64_t k) const {
    k = k ? k : 1;
    for (std::size_t i = k & mask_;; i = (i + 1) & mask_) {
      if (slots_[i] == k) return true;
      if (slots_[i] == 0) return false;
    }
  }
  void insert(std::uint64_t k) {
    k = k ? k : 1;
    if (contains(k)) return;
    if (n_ + 1 > max_keys_) {
      reset(kFirst);
    } else if (2 * (n_ + 1) > slots_.size()) {
      std::vector<std::uint64_t> old;
      old.swap(slots_);
      reset(old.size() * 2);
      for (std::uint64_t o : old)
        if (o) put(o);
    }
    put(k);
  }
  void clear() {
    if (n_ == 0) return;
    if (slots_.size() == kFirst)
      std::fill(slots_.begin(), slots_.end(), 0);
    else
      reset(kFirst);
    n_ = 0;
  }

 private:
  static constexpr std::size_t kFirst = 1024;
  void reset(std::size_t slots) {
    slots_.assign(slots, 0);
    mask_ = slots - 1;
    n_ = 0;
  }
  void put(std::uint64_t k) {
    std::size_t i = k & mask_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = k;
    ++n_;
  }
  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0, n_ = 0, max_keys_;
};

/// One df-pn searcher. Several may share one Table<true> (dfpn-tbb).
template <bool kShared>
class DfPn {
 public:
  /// rule: which defender interpositions count (Params::interpositions).
  /// seed: 0 for the deterministic child choice, else a small random term added to each child's
  /// number when choosing (dfpn-tbb's helpers).
  DfPn(Table<kShared>& tt, Limits& lim, Color attacker, unsigned seed, Interpositions rule)
      : tt_(tt),
        lim_(lim),
        attacker_(attacker),
        rule_(rule),
        dh_on_(rule == Interpositions::kAll),
        rep_(std::max<std::size_t>(std::size_t{1} << 16, tt.budget_bytes() / 256)),
        rng_(seed),
        randomize_(seed != 0) {}

  /// Searches pos (attacker to move) for a mate within r plies (kRInf: any), with `path` the
  /// positions before it on the line (repetitions). Returns the root's value: pn == 0 proved,
  /// dn == 0 disproved. Throws Aborted at a limit. pos is restored.
  Val solve(Position& pos, std::uint16_t r, PathSet& path) {
    {  // already settled in the table (the post-search asks many such questions)
      const Val t = tt_.lookup(pos.board_key(), pos.hand(attacker_), r);
      if (t.pn == 0 || t.dn == 0) return t;
    }
    rep_.clear();
    pos_ = &pos;
    path_ = &path;
    const std::uint64_t k = pos.key();
    path.push(k);
    struct Pop {
      PathSet& p;
      std::uint64_t k;
      ~Pop() { p.pop(k); }
    } pop{path, k};
    Res res;
    for (;;) {
      res = mid(0, r, kInfPn, kInfPn, 0x12345);
      if (res.pn == 0 || res.dn == 0) break;
      if (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)) throw Aborted{};
    }
    Val v;
    v.pn = res.pn, v.dn = res.dn, v.found = true;
    if (v.pn == 0) {
      v.hi = root_hi_, v.best = root_best_, v.ph = res.ph;
      const Val t = tt_.lookup(pos.board_key(), pos.hand(attacker_), r);
      if (t.pn == 0 && (v.hi == kNoLen || t.hi < v.hi)) v.hi = t.hi, v.best = t.best;
    } else {
      v.lo = res.lo;
    }
    return v;
  }

  /// Another searcher finished: stop this one (dfpn-tbb).
  void set_stop_flag(const std::atomic<bool>* f) { stop_flag_ = f; }

 private:
  /// A child of the node being expanded, with its values as last seen (the table is probed once
  /// when the node is expanded; afterwards only the child just searched is updated, from the
  /// values its search returns).
  struct Child {
    Move m;
    std::uint64_t key;     // board key after m
    std::uint64_t pk;      // path key after m
    std::uint64_t fk;      // full position key after m (the repetition checks)
    Hand hand;             // attacker's hand after m
    std::uint32_t pn, dn;  // current values
    std::uint16_t lo, hi;  // disproof / proof lengths once settled
    Hand ph;               // proof hand once proved
    Hand dh;               // disproof hand once disproved
    bool tainted;          // disproved by a repetition of this line only
    bool settled;          // proved or disproved
  };
  /// What a search of a node returns to its parent.
  struct Res {
    std::uint32_t pn = 1, dn = 1;
    std::uint16_t lo = 0, hi = kNoLen;
    Hand ph = 0;
    Hand dh = 0;  // disproof hand when disproved (not tainted)
    bool tainted = false;
  };

  static std::uint32_t sat(std::uint64_t x) {
    return x >= kInfPn ? kInfPn - 1 : static_cast<std::uint32_t>(x);
  }

  // Mate in one at an attacker node whose checks are moves[0..n): the mating move, or none.
  // Without one, *dh (when given) is the disproof hand of "no mate in one".
  Move mate1(Position& pos, const Move* moves, int n, Hand* ph, Hand* dh = nullptr) {
    unsigned keep = 0;  // bit t: the defender must keep one piece of type t
    for (int i = 0; i < n; ++i) {
      Undo u;
      pos.do_move(moves[i], u);
      bool mate;
      if (dh && dh_on_) {
        // the first evasion found; a drop means there is no other kind, and it stays legal
        // while the defender keeps one piece of its type
        const Move e = first_legal_move(pos);
        mate = !e;
        if (e && e.is_drop()) keep |= 1u << e.dropped();
      } else {
        mate = !has_evasion(pos, rule_);
      }
      Hand tph = 0;
      if (mate) tph = terminal_proof_hand(pos, pos.hand(attacker_));
      pos.undo_move(moves[i], u);
      if (mate) {
        *ph = proof_hand_before(pos, moves[i], tph);
        return moves[i];
      }
    }
    if (dh) {
      const Hand h = pos.hand(attacker_), d = pos.hand(~attacker_);
      Hand x = leaf_dh(pos);
      for (int t = kPawn; t <= kGold; ++t)
        if (keep >> t & 1) x = keep_one(x, h, d, static_cast<PieceType>(t));
      *dh = x;
    }
    return Move{};
  }

  // Disproof hands (Nagai 2002's disproof pieces): a disproof is stored with the largest
  // attacker hand it is known to hold for, so that it also refutes the same board with more
  // pieces in the attacker's hand (and so fewer in the defender's). Only with every
  // interposition counted (the futile-interposition test is not checked against other hands).
  //
  // At an attacker node with no check, or none that mates at once: its hand plus every piece
  // the defender holds of each type that the attacker holds already (more of it gives no new
  // move) or that no drop here could check with.
  Hand leaf_dh(const Position& pos) const {
    const Hand h = pos.hand(attacker_);
    if (!dh_on_) return h;
    const Hand d = pos.hand(~attacker_);
    Hand x = h;
    for (int t = kPawn; t <= kGold; ++t) {
      const auto pt = static_cast<PieceType>(t);
      const int dc = hand_count(d, pt);
      if (dc && (hand_count(h, pt) || !drop_can_check(pos, pt)))
        x += static_cast<Hand>(dc) << kHandShift[t];
    }
    return x;
  }
  // x with the attacker's count of t at most h's + d's - 1 (h, d: the hands where the defender
  // drops t), so that the defender keeps one piece of t.
  static Hand keep_one(Hand x, Hand h, Hand d, PieceType t) {
    const int lim = hand_count(h, t) + hand_count(d, t) - 1;
    const int c = hand_count(x, t);
    return c <= lim ? x : x - (static_cast<Hand>(c - lim) << kHandShift[t]);
  }
  // At a disproved attacker node, from m (the minimum over its checks of the hands before each
  // check that its child's disproof hand allows): types it does not hold and could drop with
  // check stay at 0 (more would add checks).
  Hand or_dh(const Position& pos, Hand m) const {
    const Hand h = pos.hand(attacker_);
    if (!dh_on_) return h;
    m = off_board(pos, m);
    for (int t = kPawn; t <= kGold; ++t) {
      const auto pt = static_cast<PieceType>(t);
      const int c = hand_count(m, pt);
      if (c && !hand_count(h, pt) && drop_can_check(pos, pt))
        m -= static_cast<Hand>(c) << kHandShift[t];
    }
    return m;
  }
  // At a defender node disproved by evasion e whose child's disproof hand is cdh: cdh, and when
  // e drops a piece, the defender must keep one of its type.
  Hand and_dh(const Position& pos, Move e, Hand cdh) const {
    if (!dh_on_) return pos.hand(attacker_);
    cdh = off_board(pos, cdh);
    if (!e.is_drop()) return cdh;
    return keep_one(cdh, pos.hand(attacker_), pos.hand(~attacker_), e.dropped());
  }
  // x limited to the pieces off the board in pos (both hands): no hand of this board holds
  // more, and every disproof hand stays within its fields (a child's may allow one more of a
  // type than its parent's board has off it, after a capture by the defender, and a drop adds
  // one back above it).
  Hand off_board(const Position& pos, Hand x) const {
    return hand_min(x, pos.hand(attacker_) + pos.hand(~attacker_));
  }

  Res mid(int ply, std::uint16_t r, std::uint32_t thpn, std::uint32_t thdn, std::uint64_t pk) {
    Position& pos = *pos_;
    lim_.count();
    if (stop_flag_ && (lim_.nodes & 255) == 0 && stop_flag_->load(std::memory_order_relaxed))
      throw Aborted{};
    const std::uint64_t nodes0 = lim_.nodes;
    if (ply == 0) root_hi_ = kNoLen, root_best_ = Move{};
    const bool is_or = pos.side_to_move() == attacker_;
    const std::uint64_t key = pos.board_key();
    const Hand hand = pos.hand(attacker_);
    const std::uint16_t cr = r == kRInf ? kRInf : static_cast<std::uint16_t>(r - 1);
    Res out;

    Move buf[kMaxMoves];
    const int n = is_or ? generate_checks(pos, buf) : generate_evasions(pos, buf, rule_);
    if (n == 0) {
      if (is_or) {
        out.dh = leaf_dh(pos);
        tt_.store_disproven(key, hand, out.dh, kNoLen);
        out.pn = kInfPn, out.dn = 0, out.lo = kNoLen;
        return out;
      }
      out.ph = terminal_proof_hand(pos, hand);
      tt_.store_proven(key, out.ph, 0, Move{});
      out.pn = 0, out.dn = kInfPn, out.hi = 0;
      return out;
    }
    if (is_or && r == 1) {  // only a mate in one can do
      const Move m = mate1(pos, buf, n, &out.ph, &out.dh);
      if (m) {
        tt_.store_proven(key, out.ph, 1, m);
        if (ply == 0) root_hi_ = 1, root_best_ = m;
        out.pn = 0, out.dn = kInfPn, out.hi = 1;
        return out;
      }
      tt_.store_disproven(key, hand, out.dh, 1);
      out.pn = kInfPn, out.dn = 0, out.lo = 1;
      return out;
    }
    // the last plies exhaustively: 10 % and 12 % fewer nodes on the 50 problems and the
    // main-line positions with r = 5 than with r = 3 only; r = 7 as well gave 40 % more on
    // zuko-009
    if (is_or && (r == 3 || r == 5)) return or_exhaustive(ply, pk, buf, n, r);
    if (ply >= kMaxPly) {  // too deep for this line: a disproof for this path only
      remember_rep(pk);
      out.pn = kInfPn, out.dn = 0, out.tainted = true;
      return out;
    }
    if (static_cast<int>(stack_.size()) <= ply) stack_.resize(ply + 1);
    std::vector<Child>& ch = stack_[ply];
    ch.resize(n);
    const bool rep_large = rep_.large();
    for (int i = 0; i < n; ++i) {
      Child& c = ch[i];
      c.m = buf[i];
      c.key = pos.board_key_after(c.m);
      tt_.prefetch(c.key);
      c.pk = mix64(pk + 0x9E3779B97F4A7C15ull * (c.m.v + 1));
      if (rep_large) rep_.prefetch(c.pk);  // on Microcosmos its misses were a third of the time
    }
    // a defender node asked before with fewer plies to go: the evasion that refuted it then
    // starts with a quarter of its dn (it is likely to refute again). 5 % fewer nodes on the 50
    // problems other than muso-022, the same on the main-line positions, 18 % fewer on
    // muso-022; dn 1 instead: 4 %, 2 % and 11 %.
    Move refuter;
    if (!is_or && r != kRInf) refuter = tt_.lookup(key, hand, r).refuter;
    int nc = n;  // children looked at: the loop stops at a child that settles this node
    for (int i = 0; i < n; ++i) {
      Child& c = ch[i];
      c.hand = is_or ? pos.hand_after(c.m) : hand;
      c.lo = 0, c.hi = kNoLen, c.ph = 0, c.dh = c.hand, c.tainted = false, c.settled = false;
      c.fk = pos.key_after(c.m);
      if (path_->contains(c.fk) || rep_.contains(c.pk)) {
        c.pn = kInfPn, c.dn = 0, c.tainted = true, c.settled = true;
        continue;
      }
      const Val v = tt_.lookup(c.key, c.hand, cr);
      if (v.found) {
        c.pn = v.pn, c.dn = v.dn, c.lo = v.lo, c.hi = v.hi, c.ph = v.ph, c.dh = v.dh;
        c.settled = v.pn == 0 || v.dn == 0;
      } else {
        init_child(pos, c, cr, ply + 1);
      }
      if (!c.settled) {
        if (v.pn_floor > c.pn) c.pn = std::min(v.pn_floor, kInfPn - 1);
        if (v.dn_floor > c.dn) c.dn = std::min(v.dn_floor, kInfPn - 1);
        if (refuter && c.m == refuter) c.dn = std::max(1u, c.dn / 4);
      }
      if (is_or ? c.pn == 0 : c.dn == 0) {  // proves (OR) or disproves (AND) this node
        nc = i + 1;
        break;
      }
    }
    std::uint32_t pn = 1, dn = 1;
    for (;;) {
      std::uint64_t sum = 0;
      std::uint32_t best_v = kInfPn + 1, second_v = kInfPn + 1;
      int best = -1;
      std::uint32_t minv = kInfPn;
      std::uint32_t group[kSquares];
      bool grouped = false;
      for (int i = 0; i < nc; ++i) {
        const Child& c = ch[i];
        // the number minimised at this node, and the one summed
        const std::uint32_t mine = is_or ? c.pn : c.dn;
        const std::uint32_t summed = is_or ? c.dn : c.pn;
        minv = std::min(minv, mine);
        std::uint32_t key_v = mine;
        if (randomize_ && mine != 0 && mine < kInfPn) key_v = sat(mine + (rng_() & 3));
        if (key_v < best_v) {
          second_v = best_v, best_v = key_v, best = i;
        } else if (key_v < second_v) {
          second_v = key_v;
        }
        if (!is_or && c.m.is_drop()) {  // interpositions on one square: max, not sum
          if (!grouped) std::fill(group, group + kSquares, 0u), grouped = true;
          group[c.m.to()] = std::max(group[c.m.to()], summed);
        } else {
          sum += summed;
        }
      }
      if (grouped)
        for (int s = 0; s < kSquares; ++s) sum += group[s];
      // OR: pn = min, dn = sum; AND: dn = min, pn = sum (all 0 when every child is resolved
      // the other way)
      const std::uint32_t other = sum == 0 ? 0 : sat(sum);
      std::uint32_t mn = minv, sm = other;
      if (mn == 0)
        sm = kInfPn;
      else if (sm == 0)
        mn = kInfPn;
      if (is_or)
        pn = mn, dn = sm;
      else
        dn = mn, pn = sm;
      if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) break;

      Child& c = ch[best];
      const std::uint64_t second = second_v > kInfPn ? kInfPn : second_v;
      std::uint32_t cthpn, cthdn;
      if (is_or) {
        cthpn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thpn, second + second / 4 + 1));
        cthdn = sat(std::uint64_t(thdn) - dn + c.dn);
      } else {
        cthdn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thdn, second + second / 4 + 1));
        cthpn = sat(std::uint64_t(thpn) - pn + c.pn);
      }
      Res cres;
      {
        ScopedMove sm(pos, *path_, c.m, c.fk);
        cres = mid(ply + 1, cr, cthpn, cthdn, c.pk);
      }
      c.pn = cres.pn, c.dn = cres.dn;
      if (cres.pn == 0) c.hi = cres.hi, c.ph = cres.ph, c.settled = true;
      if (cres.dn == 0) c.lo = cres.lo, c.dh = cres.dh, c.tainted = cres.tainted, c.settled = true;
    }

    const auto amount =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(lim_.nodes - nodes0, 0xFFFFFFF0u));
    out.pn = pn, out.dn = dn;
    if (pn == 0) {
      if (is_or) {
        int bi = -1;
        for (int i = 0; i < nc; ++i)
          if (ch[i].pn == 0 && (bi < 0 || ch[i].hi < ch[bi].hi)) bi = i;
        const Child& c = ch[bi];
        out.ph = proof_hand_before(pos, c.m, c.ph);
        out.hi = len_plus(c.hi);
        tt_.store_proven(key, out.ph, out.hi, c.m);
        if (ply == 0) root_hi_ = out.hi, root_best_ = c.m;
      } else {
        Hand ph = terminal_proof_hand(pos, hand);
        std::uint16_t hi = 0;
        for (int i = 0; i < nc; ++i) ph = hand_max(ph, ch[i].ph), hi = std::max(hi, ch[i].hi);
        out.ph = ph, out.hi = len_plus(hi);
        tt_.store_proven(key, ph, out.hi, Move{});
      }
    } else if (dn == 0) {
      bool tainted;
      std::uint16_t lo;
      Hand dh;
      Move by;  // the refuting evasion at a defender node
      if (is_or) {
        tainted = false;
        lo = kNoLen;
        Hand m = ~Hand{0} & ~kHandBorrow;
        for (int i = 0; i < nc; ++i) {
          tainted |= ch[i].tainted, lo = std::min(lo, ch[i].lo);
          if (dh_on_) m = hand_min(m, proof_hand_before(pos, ch[i].m, ch[i].dh));
        }
        dh = or_dh(pos, m);
      } else {
        tainted = true;
        lo = 0;
        int bi = -1;
        for (int i = 0; i < nc; ++i)
          if (ch[i].dn == 0 && !ch[i].tainted && (bi < 0 || ch[i].lo > lo))
            tainted = false, lo = ch[i].lo, bi = i;
        dh = bi < 0 ? hand : and_dh(pos, ch[bi].m, ch[bi].dh);
        if (bi >= 0) by = ch[bi].m;
      }
      out.tainted = tainted;
      if (tainted) {
        remember_rep(pk);
      } else {
        out.lo = len_plus(lo);
        out.dh = dh;
        tt_.store_disproven(key, hand, dh, out.lo, by);
      }
    } else {
      tt_.store_unknown(key, hand, r, pn, dn, amount);
    }
    return out;
  }

  // The factor on a new node's dn with r plies left: 1 + r/4 in a depth-limited query, 1 in an
  // unlimited one. Refuting a node costs more the more plies are left; without the factor the
  // first estimate of an unexplored alternative is the same at any depth, so the search kept
  // leaving a refutation it had half built for an untouched sibling that looked cheaper, and
  // then coming back (in muso-080's last query, 4.7 M of the 5.9 M expansions were of 2.6 M
  // nodes never settled, 0.3 M of the 124 K nodes of the disproof read back from the table).
  // On the 50 problems other than muso-022: 12 % fewer nodes (1 + r/3, 1 + r/6, 1 + r/8 and
  // 2^(r/6): 10-11 %; 2^(r/4) at attacker nodes only: 2.5 times the nodes on muso-080), on
  // the main-line positions 7 %; only at the attacker node (not the defender node): 12 % more.
  static std::uint32_t depth_scale(std::uint16_t r) { return r == kRInf ? 1u : 1u + r / 4u; }

  static std::uint16_t len_plus(std::uint16_t x) {
    return x >= kNoLen - 1 ? kNoLen : static_cast<std::uint16_t>(x + 1);
  }

  // An attacker node with r = 3 or 5 plies left, settled by an exhaustive search (depth-limited
  // df-pn would visit the same positions several times): a mate in one, else a check after which
  // every evasion allows a mate within r - 2 plies (and_exhaustive). moves[0..n) are the
  // checks (n > 0).
  Res or_exhaustive(int ply, std::uint64_t pk, const Move* moves, int n, int r) {
    Position& pos = *pos_;
    const std::uint64_t key = pos.board_key();
    const Hand hand = pos.hand(attacker_);
    Res out;
    std::uint64_t ck[kMaxMoves];  // the children's clusters load while mate1 runs
    for (int i = 0; i < n; ++i) tt_.prefetch(ck[i] = pos.board_key_after(moves[i]));
    if (const Move m = mate1(pos, moves, n, &out.ph)) {
      tt_.store_proven(key, out.ph, 1, m);
      if (ply == 0) root_hi_ = 1, root_best_ = m;
      out.pn = 0, out.dn = kInfPn, out.hi = 1;
      return out;
    }
    bool tainted = false;
    std::uint16_t lo = kNoLen;
    Hand dm = ~Hand{0} & ~kHandBorrow;  // minimum of the checks' bounds (or_dh)
    for (int i = 0; i < n; ++i) {
      const Move m = moves[i];
      const std::uint64_t cpk = mix64(pk + 0x9E3779B97F4A7C15ull * (m.v + 1));
      const std::uint64_t fk = pos.key_after(m);
      if (path_->contains(fk) || rep_.contains(cpk)) {
        tainted = true;
        continue;
      }
      const Val v = tt_.lookup(ck[i], pos.hand_after(m), static_cast<std::uint16_t>(r - 1));
      Res a;
      if (v.pn == 0) {
        a.pn = 0, a.hi = v.hi, a.ph = v.ph;
      } else if (v.dn == 0) {
        lo = std::min(lo, v.lo);
        if (dh_on_) dm = hand_min(dm, proof_hand_before(pos, m, v.dh));
        continue;
      } else {
        ScopedMove sm(pos, *path_, m, fk);
        a = and_exhaustive(cpk, r - 1);
      }
      if (a.pn == 0) {
        out.ph = proof_hand_before(pos, m, a.ph);
        out.hi = len_plus(a.hi);
        tt_.store_proven(key, out.ph, out.hi, m);
        if (ply == 0) root_hi_ = out.hi, root_best_ = m;
        out.pn = 0, out.dn = kInfPn;
        return out;
      }
      if (a.tainted) {
        tainted = true;
      } else {
        lo = std::min(lo, a.lo);
        if (dh_on_) dm = hand_min(dm, proof_hand_before(pos, m, a.dh));
      }
    }
    out.pn = kInfPn, out.dn = 0;
    if (tainted) {
      remember_rep(pk);
      out.tainted = true;
    } else {
      out.lo = len_plus(lo);
      out.dh = or_dh(pos, dm);
      tt_.store_disproven(key, hand, out.dh, out.lo);
    }
    return out;
  }

  // A defender node with r = 2 or 4 plies left (part of or_exhaustive): mated when every evasion
  // allows a mate within r - 1 plies (a mate in one, or or_exhaustive with 3 plies); the first
  // evasion that does not refutes it.
  Res and_exhaustive(std::uint64_t pk, int r) {
    Position& pos = *pos_;
    lim_.count();
    const std::uint64_t key = pos.board_key();
    const Hand hand = pos.hand(attacker_);
    Res out;
    Move ev[kMaxMoves];
    const int n = generate_evasions(pos, ev, rule_);
    Hand ph = terminal_proof_hand(pos, hand);
    std::uint16_t hi = 0;
    std::uint64_t next_ck = n > 0 ? pos.board_key_after(ev[0]) : 0;
    if (n > 0) tt_.prefetch(next_ck);
    for (int i = 0; i < n; ++i) {
      const Move e = ev[i];
      const std::uint64_t ck = next_ck;
      if (i + 1 < n) tt_.prefetch(next_ck = pos.board_key_after(ev[i + 1]));
      const std::uint64_t cpk = mix64(pk + 0x9E3779B97F4A7C15ull * (e.v + 1));
      const std::uint64_t fk = pos.key_after(e);
      if (path_->contains(fk) || rep_.contains(cpk)) {  // escapes by repetition, on this line
        remember_rep(pk);
        out.pn = kInfPn, out.dn = 0, out.tainted = true;
        return out;
      }
      const Val v = tt_.lookup(ck, hand, static_cast<std::uint16_t>(r - 1));
      Res a;
      if (v.pn == 0) {
        ph = hand_max(ph, v.ph), hi = std::max(hi, v.hi);
        continue;
      }
      if (v.dn == 0) {
        a.pn = kInfPn, a.dn = 0, a.lo = v.lo, a.dh = v.dh;
      } else {
        ScopedMove sm(pos, *path_, e, fk);
        lim_.count();
        Move cm[kMaxMoves];
        const int nc = generate_checks(pos, cm);
        if (nc == 0) {
          a.pn = kInfPn, a.dn = 0, a.lo = kNoLen, a.dh = leaf_dh(pos);
          tt_.store_disproven(ck, hand, a.dh, kNoLen);
        } else if (r == 2) {  // only a mate in one can do
          if (const Move m = mate1(pos, cm, nc, &a.ph, &a.dh)) {
            tt_.store_proven(ck, a.ph, 1, m);
            a.pn = 0, a.dn = kInfPn, a.hi = 1;
          } else {
            a.pn = kInfPn, a.dn = 0, a.lo = 1;
            tt_.store_disproven(ck, hand, a.dh, 1);
          }
        } else {
          a = or_exhaustive(1, cpk, cm, nc, r - 1);
        }
      }
      if (a.pn == 0) {
        ph = hand_max(ph, a.ph), hi = std::max(hi, a.hi);
        continue;
      }
      if (a.tainted) {
        remember_rep(pk);
        out.pn = kInfPn, out.dn = 0, out.tainted = true;
        return out;
      }
      out.pn = kInfPn, out.dn = 0, out.lo = len_plus(a.lo);
      out.dh = and_dh(pos, e, a.dh);
      tt_.store_disproven(key, hand, out.dh, out.lo);
      return out;
    }
    out.pn = 0, out.dn = kInfPn, out.hi = len_plus(hi), out.ph = ph;
    tt_.store_proven(key, ph, out.hi, Move{});
    return out;
  }

  // First estimate of a child's numbers (an immediate proof or disproof when it is one), stored
  // in the table so that the next expansion of the parent finds it there.
  void init_child(Position& pos, Child& c, std::uint16_t cr, int ply) {
    lim_.count();
    Undo u;
    const std::uint64_t fk = c.fk;
    // an evasion that captures (usually the checking piece) is the defender's likeliest escape
    const bool capture = pos.side_to_move() != attacker_ && pos.piece_on(c.m.to()) != 0;
    pos.do_move(c.m, u);
    Move buf[kMaxMoves];
    if (pos.side_to_move() != attacker_) {  // c is a defender node
      const int ne = generate_evasions(pos, buf, rule_);
      if (ne == 0) {
        c.ph = terminal_proof_hand(pos, c.hand);
        tt_.store_proven(c.key, c.ph, 0, Move{});
        c.pn = 0, c.dn = kInfPn, c.hi = 0, c.settled = true;
      } else {
        c.pn = static_cast<std::uint32_t>(ne), c.dn = depth_scale(cr);
        tt_.store_unknown(c.key, c.hand, cr, c.pn, c.dn, 1);
      }
    } else {  // c is an attacker node
      const int nc = generate_checks(pos, buf);
      if (nc == 0) {
        c.dh = leaf_dh(pos);
        tt_.store_disproven(c.key, c.hand, c.dh, kNoLen);
        c.pn = kInfPn, c.dn = 0, c.lo = kNoLen, c.settled = true;
      } else if (cr == 3) {  // small enough to settle now, exhaustively
        path_->push(fk);
        Res r3;
        try {
          r3 = or_exhaustive(ply, c.pk, buf, nc, 3);
        } catch (...) {
          path_->pop(fk);
          pos.undo_move(c.m, u);
          throw;
        }
        path_->pop(fk);
        c.pn = r3.pn, c.dn = r3.dn, c.lo = r3.lo, c.hi = r3.hi, c.ph = r3.ph, c.dh = r3.dh;
        c.tainted = r3.tainted, c.settled = true;
      } else {
        // With 1 ply to go, a mate-in-one test settles it. With more, the test is left to its
        // expansion: most new attacker nodes are never expanded, and testing each of them
        // (every check played, every evasion looked for) took a fifth of the time on 14 suite
        // problems for 2 % fewer nodes.
        const Move m = cr == 1 ? mate1(pos, buf, nc, &c.ph, &c.dh) : Move{};
        if (m) {
          tt_.store_proven(c.key, c.ph, 1, m);
          c.pn = 0, c.dn = kInfPn, c.hi = 1, c.settled = true;
        } else if (cr <= 1) {
          tt_.store_disproven(c.key, c.hand, c.dh, 1);
          c.pn = kInfPn, c.dn = 0, c.lo = 1, c.settled = true;
        } else {
          // disproving an attacker node means refuting every check: dn grows with their
          // number (4 per check, the best of 1/2/4/8 on five suite problems' node counts; 2
          // and 6 again with the two terms below: +7 % and +1 % nodes on the 50 problems), and
          // with the plies left; halved after a capture (on the 50 problems other than
          // muso-022: 12.6 % fewer nodes; a quarter or a third: +14 %, +6 %; a king move
          // favoured the same way: +50 %)
          c.pn = 1, c.dn = 4 * static_cast<std::uint32_t>(nc) * depth_scale(cr);
          if (capture) c.dn = std::max(1u, c.dn / 2);
          tt_.store_unknown(c.key, c.hand, cr, c.pn, c.dn, 1);  // lo unknown: untested
        }
      }
    }
    pos.undo_move(c.m, u);
  }

  static constexpr int kMaxPly = 4000;
  std::uint16_t root_hi_ = kNoLen;
  Move root_best_;
  Table<kShared>& tt_;
  Limits& lim_;
  Color attacker_;
  Interpositions rule_;
  bool dh_on_;  // disproof hands (leaf_dh)
  Position* pos_ = nullptr;
  PathSet* path_ = nullptr;
  // Path keys of nodes disproved only through a repetition of their line. Forgetting one is
  // safe (the node is searched again and finds the repetition again), so the set holds at most
  // one key per 256 bytes of table budget (at most 1/16 of the budget in memory). A node-based
  // std::unordered_set without a bound held about 2.5 GB beside an 8 GiB table after 30 minutes
  // of Microcosmos, outside --max-memory, and its lookups took 40 % of the time.
  BoundedKeySet rep_;
  void remember_rep(std::uint64_t pk) { rep_.insert(pk); }
  std::deque<std::vector<Child>> stack_;  // per ply; a deque keeps references stable
  std::mt19937_64 rng_;
  bool randomize_;
  const std::atomic<bool>* stop_flag_ = nullptr;
};

}  // namespace sb::tsume::detail

namespace sb::tsume::detail {

/// A mating line read from the table's proofs (attacker: the stored proof move; defender: the
/// evasion with the longest stored proof). Used when the minimal length could not be proved.
/// Empty unless the line has max_len plies and ends in mate (entries on it may have been replaced
/// or hold stale lengths), so that a line that does not mate, or mates sooner than the length
/// reported beside it, is never reported.
template <bool kShared>
std::vector<Move> proof_line(Table<kShared>& tt, Position pos, Color attacker, int max_len,
                             Interpositions rule) {
  std::vector<Move> line;
  for (int ply = 0; ply < max_len; ++ply) {
    Move pick;
    if (pos.side_to_move() == attacker) {
      const Val v = tt.lookup(pos.board_key(), pos.hand(attacker), kRInf);
      if (v.pn != 0 || !v.best) break;
      pick = v.best;
    } else {
      Move buf[kMaxMoves];
      const int n = generate_evasions(pos, buf, rule);
      int best_hi = -1;
      for (int i = 0; i < n; ++i) {
        const Val v = tt.lookup(pos.board_key_after(buf[i]), pos.hand(attacker), kRInf);
        if (v.pn == 0 && static_cast<int>(v.hi) > best_hi) best_hi = v.hi, pick = buf[i];
      }
      if (!pick) break;
    }
    Undo u;
    pos.do_move(pick, u);
    line.push_back(pick);
  }
  // Only a line as long as the proved length, ending in mate, is the main line: stale stored
  // lengths can lead the defender into a shorter mate (on Microcosmos a 463-ply line for a
  // 1,541-ply proof).
  const bool mated = pos.side_to_move() != attacker && pos.in_check() && !has_evasion(pos, rule);
  if (!mated || static_cast<int>(line.size()) != max_len) line.clear();
  return line;
}

/// The df-pn kernels' common finish: after the proof of the root (v), prove the minimal mate
/// length by searching for mates of length L - 2 until none exists, then extract the main line.
/// solve(pos, r, path) answers one depth-limited query as DfPn::solve does (dfpn: one searcher;
/// dfpn-tbb: several on the shared table).
template <bool kShared, class Solve>
void post_search(const Params& p, Table<kShared>& tt, Solve&& solve, Val v, Result& res) {
  Position root = p.root;
  const Color atk = root.side_to_move();
  if (v.dn == 0) {
    res.outcome = Outcome::kNoMate;
    return;
  }
  res.outcome = Outcome::kMate;
  int len = v.hi;
  res.mate_length = len;
  if (p.progress) p.progress->bound.store(len, std::memory_order_relaxed);
  if (!p.main_line) {
    res.main_line = proof_line(tt, root, atk, len, p.interpositions);
    return;
  }
  try {
    while (len >= 3) {
      PathSet path;
      const Val w = solve(root, static_cast<std::uint16_t>(len - 2), path);
      if (w.pn != 0) break;
      len = w.hi;
      res.mate_length = len;
      if (p.progress) p.progress->bound.store(len, std::memory_order_relaxed);
    }
    res.length_proven = true;
    // the query depth for "pos mated within r plies?": attacker positions are mated in odd
    // numbers of plies, defender positions in even ones; 0 where no search is needed (an
    // attacker position with no ply left, a defender position asked for an immediate mate)
    auto depth = [&](const Position& pos, int r) {
      if (pos.side_to_move() == atk) return r < 1 ? 0 : r | 1;
      return r <= 0 ? 0 : r & ~1;
    };
    auto oracle = [&](Position& pos, int r, PathSet& path) {
      const int d = depth(pos, r);
      if (d == 0) return pos.side_to_move() != atk && !has_evasion(pos, p.interpositions);
      return solve(pos, static_cast<std::uint16_t>(d), path).pn == 0;
    };
    // what the table already knows: a settled entry is what the oracle's first lookup returns
    auto probe = [&](Position& pos, int r) {
      const int d = depth(pos, r);
      if (d == 0) return 0;
      const Val t = tt.lookup(pos.board_key(), pos.hand(atk), static_cast<std::uint16_t>(d));
      return t.pn == 0 ? 1 : t.dn == 0 ? -1 : 0;
    };
    MainLine<decltype(oracle), decltype(probe)> ml(oracle, 4000, p.interpositions, probe);
    PathSet path;
    path.push(root.key());
    res.main_line = ml.best(root, len, true, path).first;
  } catch (const Aborted&) {
    res.stopped = true;
    res.main_line = proof_line(tt, p.root, atk, res.mate_length, p.interpositions);
  }
}

/// The df-pn kernels' driver: solve(pos, r, path) (one searcher, or several on a shared table)
/// proves or disproves the root, for a mate of any length or, with p.max_length, within that
/// many plies; then post_search finishes. A limit reached before the root is settled gives
/// kUnknown. Fills res.outcome, mate_length, length_proven, main_line, stopped, no_mate_within.
template <bool kShared, class Solve>
void solve_root(const Params& p, Table<kShared>& tt, Solve&& solve, Result& res) {
  try {
    Position root = p.root;
    PathSet path;
    // attacker positions are mated in odd numbers of plies
    const std::uint16_t r =
        p.max_length > 0 ? static_cast<std::uint16_t>((p.max_length - 1) | 1) : kRInf;
    const Val v = solve(root, r, path);
    if (v.dn == 0 && r != kRInf && v.lo != kNoLen) {  // no mate within r; longer ones not sought
      res.outcome = Outcome::kUnknown;
      res.no_mate_within = r;
      return;
    }
    post_search(p, tt, solve, v, res);
  } catch (const Aborted&) {
    res.outcome = Outcome::kUnknown;
    res.stopped = true;
  }
}

}  // namespace sb::tsume::detail
