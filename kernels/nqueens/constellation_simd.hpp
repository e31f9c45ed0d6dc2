// The lockstep row search of the constellation kernels, written once for any vector width.
// Included only by the files compiled for one instruction set (constellation_avx2.cpp,
// constellation_avx512.cpp); everything here has internal linkage, so that no function compiled
// for AVX2 or AVX-512 can be picked by the linker for code that runs on other CPUs. No standard
// library templates are used here for the same reason (compiler builtins instead).
//
// Algorithm: the depth-first row search of a piece (see constellation.cpp) run on many boards at
// a time. The partial boards waiting at each level (row) of the search are kept in a small buffer
// per level, one array per field (free squares F left to try on the level's row, columns C,
// diagonals D and A as masks valid for that row; bit i = inner column i + 1). One step takes up to
// V::kLanes boards from one level, places each one's lowest free queen (one node per lane), writes
// the boards with squares left back to the level, and appends the children that survive the
// look-ahead (their own row and the next two keep a free square) to the next level, both with
// compress instructions (AVX2: a permutation from a table). The last row is not stored: a free
// square there is a solution. The level chosen is the deepest one with a full vector of boards,
// else the shallowest non-empty one, so that buffers never exceed 2 * kLanes - 1 boards and lanes
// stay busy (fewer than one step in a hundred runs partly empty at n >= 16). kWalks pieces are
// searched in turn so that the processor overlaps their steps, whose stores and loads through the
// level buffers would otherwise serialise. Every board is placed and counted exactly as in the
// scalar search (search_scalar), so node counts are identical.
#pragma once

#include <cstddef>
#include <cstdint>

#include "constellation_search.hpp"

namespace sb::nqueens::constellations::detail {
namespace {

/// The search of one piece at a time on V::kLanes boards in lockstep. V provides the vector type
/// and the operations on it (lane type T, kLanes lanes; masks are std::uint32_t, bit i = lane i).
template <class V>
class LevelSearch {
 public:
  using T = typename V::T;
  using Vec = typename V::Vec;
  static constexpr int kLanes = V::kLanes;
  static constexpr int kCap = 3 * kLanes;  // at most 2 * kLanes - 1 boards + one vector stored

  /// Loads piece d; returns false when it needs no step (then its counts are final).
  bool start(const SearchData* d) {
    d_ = d;
    solutions_ = 0;
    nodes_ = 0;
    if (d->m <= 1) {  // at most one row left: every free square of it completes the board
      if (d->m == 0) {
        solutions_ = 1;  // the border queens fill every row
      } else {
        const int s = __builtin_popcount(d->avail[0]);
        solutions_ = static_cast<std::uint64_t>(s);
        nodes_ = static_cast<std::uint64_t>(s);
      }
      return false;
    }
    if (d->avail[0] == 0) return false;  // boards are stored only with a square left to try
    level_[0].f[0] = static_cast<T>(d->avail[0]);
    level_[0].c[0] = level_[0].d[0] = level_[0].a[0] = 0;
    count_[0] = 1;
    for (int i = 1; i < d->m; ++i) count_[i] = 0;
    full_ = 0;
    nonempty_ = 1;
    return true;
  }

  /// One lockstep step; returns false when the piece is finished.
  [[gnu::always_inline]] inline bool step() {
    const SearchData& sd = *d_;
    const int L = full_ != 0 ? 31 - __builtin_clz(full_) : __builtin_ctz(nonempty_);
    Level& p = level_[L];
    const int cnt = count_[L];
    const int k = cnt < kLanes ? cnt : kLanes;
    const int base = cnt - k;
    const std::uint32_t kv = static_cast<std::uint32_t>((std::uint64_t{1} << k) - 1);
    // Lanes k and above hold stale boards; every mask below is restricted to kv.
    const Vec f = V::load(p.f + base), c = V::load(p.c + base);
    const Vec dg = V::load(p.d + base), an = V::load(p.a + base);
    nodes_ += static_cast<std::uint64_t>(k);
    const Vec bit = V::lowest(f);
    const Vec rest = V::bxor(f, bit);
    const Vec nc = V::bor(c, bit);
    const int g = sd.gap[L];
    const Vec nd = V::shl(V::bor(dg, bit), g);
    const Vec na = V::shr(V::bor(an, bit), g);
    const Vec nf = V::andnot(V::or3(nc, nd, na), V::broadcast(sd.avail[L + 1]));
    const std::uint32_t kp = V::nonzero(kv, rest);
    V::compress_store(p.f + base, kp, rest);
    V::compress_store(p.c + base, kp, c);
    V::compress_store(p.d + base, kp, dg);
    V::compress_store(p.a + base, kp, an);
    const int left = base + __builtin_popcount(kp);
    count_[L] = left;
    const std::uint32_t kf = V::nonzero(kv, nf);
    std::uint32_t full = full_, nonempty = nonempty_;
    if (L == sd.m - 2) {  // the children stand on the last row: each free one is a solution
      const int s = __builtin_popcount(kf);
      solutions_ += static_cast<std::uint64_t>(s);
      nodes_ += static_cast<std::uint64_t>(s);
    } else {
      const int s2 = sd.shift2[L], s3 = sd.shift3[L];
      const Vec nd2 = V::shl(nd, s2), na2 = V::shr(na, s2);
      std::uint32_t kc =
          V::nonzero(kf, V::andnot(V::or3(nc, nd2, na2), V::broadcast(sd.ahead2[L])));
      kc = V::nonzero(
          kc, V::andnot(V::or3(nc, V::shl(nd2, s3), V::shr(na2, s3)), V::broadcast(sd.ahead3[L])));
      Level& ch = level_[L + 1];
      const int cb = count_[L + 1];
      V::compress_store(ch.f + cb, kc, nf);
      V::compress_store(ch.c + cb, kc, nc);
      V::compress_store(ch.d + cb, kc, nd);
      V::compress_store(ch.a + cb, kc, na);
      const int cc = cb + __builtin_popcount(kc);
      count_[L + 1] = cc;
      const std::uint32_t b1 = 2u << L;
      full = cc >= kLanes ? full | b1 : full;
      nonempty = cc != 0 ? nonempty | b1 : nonempty;
    }
    const std::uint32_t b0 = 1u << L;
    full = left >= kLanes ? full | b0 : full & ~b0;
    nonempty = left != 0 ? nonempty | b0 : nonempty & ~b0;
    full_ = full;
    nonempty_ = nonempty;
    return nonempty != 0;
  }

  std::uint64_t solutions() const { return solutions_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Level {
    alignas(64) T f[kCap];
    alignas(64) T c[kCap];
    alignas(64) T d[kCap];
    alignas(64) T a[kCap];
  };
  // Levels 0 .. m-2 hold boards (the last row is never stored).
  Level level_[kMaxSearchRows] = {};
  int count_[kMaxSearchRows] = {};
  const SearchData* d_ = nullptr;
  std::uint32_t full_ = 0;      // bit L: level L holds at least kLanes boards
  std::uint32_t nonempty_ = 0;  // bit L: level L holds a board
  std::uint64_t solutions_ = 0, nodes_ = 0;
};

/// Searches d[0 .. count-1] into out, kWalks pieces in turn (their steps overlap in the core).
template <class V, int kWalks>
void search_batch(const SearchData* d, std::size_t count, SearchCount* out) {
  LevelSearch<V> walk[kWalks];
  std::size_t current[kWalks] = {};
  bool busy[kWalks] = {};
  std::size_t next = 0;
  // Gives walk j the next piece that needs steps, finishing trivial pieces on the way.
  auto refill = [&](int j) {
    busy[j] = false;
    while (next < count) {
      const std::size_t i = next++;
      if (walk[j].start(&d[i])) {
        current[j] = i;
        busy[j] = true;
        return;
      }
      out[i] = SearchCount{walk[j].solutions(), walk[j].nodes()};
    }
  };
  for (int j = 0; j < kWalks; ++j) refill(j);
  for (;;) {
    bool any = false;
#pragma GCC unroll 4
    for (int j = 0; j < kWalks; ++j) {
      if (!busy[j]) continue;
      any = true;
      if (!walk[j].step()) [[unlikely]] {
        out[current[j]] = SearchCount{walk[j].solutions(), walk[j].nodes()};
        refill(j);
      }
    }
    if (!any) break;
  }
}

}  // namespace
}  // namespace sb::nqueens::constellations::detail
