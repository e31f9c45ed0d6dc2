// Path keys and the bounded key set of df-pn's repetition handling. A path key hashes the move
// sequence from the search root, so it names one line, not one position. Under the tsume rules a
// repetition of the current line never mates; a node disproved only through such a repetition is
// disproved for that line only (the graph-history-interaction problem: D. Palay, 1983; see A.
// Kishimoto and M. Müller, "A General Solution to the Graph History Interaction Problem", AAAI
// 2004). df-pn keeps these nodes' path keys in a BoundedKeySet, each with how far back on the line
// its repetitions reach, never in the transposition table, so such a disproof is reused only on
// the same line; once the search is back at the position a repetition returned to, the disproof
// no longer depends on the line and is stored as any other (exhaustive.hpp, kNoRep; the same
// rule as KomoringHeights' repetition start). Simpler than Kishimoto and Müller's solution.
//
// One set per searcher. Limits: the set holds at most max_keys keys and forgets them all when it
// would hold more (forgetting only costs a search again); two lines can share a path key (64-bit
// hashes), which is not checked.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The path key of the line `pk` extended by move m.
inline std::uint64_t path_key_after(std::uint64_t pk, Move m) {
  return mix64(pk + 0x9E3779B97F4A7C15ull * (m.v + 1));
}

/// A set of 64-bit keys (already well mixed), each with a 16-bit value, with a bounded size: open
/// addressing with linear probing in a flat array that starts small and doubles while it is at most
/// half full; when it would pass max_keys it is emptied instead (its users may forget keys).
/// clear() shrinks it back to its first size, so emptying it at every query stays cheap.
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
  bool contains(std::uint64_t k) const { return find(k) >= 0; }
  /// The slot of k, or -1.
  std::ptrdiff_t find(std::uint64_t k) const {
    k = k ? k : 1;
    for (std::size_t i = k & mask_;; i = (i + 1) & mask_) {
      if (slots_[i] == k) return static_cast<std::ptrdiff_t>(i);
      if (slots_[i] == 0) return -1;
    }
  }
  /// The value stored with the key in slot i (find's answer).
  std::int16_t value(std::ptrdiff_t i) const { return vals_[static_cast<std::size_t>(i)]; }
  /// Adds k with value v; a key already there keeps the smaller value.
  void insert(std::uint64_t k, std::int16_t v = 0) {
    k = k ? k : 1;
    if (const std::ptrdiff_t i = find(k); i >= 0) {
      vals_[static_cast<std::size_t>(i)] = std::min(vals_[static_cast<std::size_t>(i)], v);
      return;
    }
    if (n_ + 1 > max_keys_) {
      reset(kFirst);
    } else if (2 * (n_ + 1) > slots_.size()) {
      std::vector<std::uint64_t> old;
      std::vector<std::int16_t> old_vals;
      old.swap(slots_);
      old_vals.swap(vals_);
      reset(old.size() * 2);
      for (std::size_t j = 0; j < old.size(); ++j)
        if (old[j]) put(old[j], old_vals[j]);
    }
    put(k, v);
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
    vals_.assign(slots, 0);
    mask_ = slots - 1;
    n_ = 0;
  }
  void put(std::uint64_t k, std::int16_t v) {
    std::size_t i = k & mask_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = k;
    vals_[i] = v;
    ++n_;
  }
  std::vector<std::uint64_t> slots_;
  std::vector<std::int16_t> vals_;  // beside each key
  std::size_t mask_ = 0, n_ = 0, max_keys_;
};

}  // namespace sb::tsume::detail
