// naive-bitparallel: every one of the C(n^2, n) placements of n queens on the n^2 squares tested,
// no pruning, the last two queens of each prefix bit-parallel (a brute force made fast; the
// plain method, one placement and one full check at a time, is naive-full-check).
//
// Algorithm: the placements are enumerated as n-subsets of the squares 0 .. n^2-1 (square
// s = row * n + column) in lexicographic order, s_0 < s_1 < ... < s_{n-1}. Each prefix carries
// incremental state: `att`, the squares attacked by its queens (rows, columns, diagonals), and
// `ok`, all ones when no two of its queens attack each other and zero otherwise. Adding a queen
// on square q keeps the prefix conflict-free iff q is not in att (attack is symmetric). A
// conflicting prefix is still enumerated to the end: no subtree is ever skipped. The last two
// queens are tested bit-parallel: for the (n-1)-prefix ending on square a, the valid last squares
// are T[a] & ~att & ok, where T[a] = squares after a that a does not attack, and their popcount is
// the prefix's solution count; all placements of the subtree are accounted for in `nodes`. The
// loop over a is branch-free and, on CPUs with AVX-512 VPOPCNTDQ, runs 8 values of a per vector
// (chosen at run time; otherwise scalar with POPCNT, or portable scalar code). Solutions are
// rare, so when the subtree of an (n-3)-prefix holds any, it is enumerated again, placement by
// placement, to put each solution into canonical form under the 8 symmetries: U(n) counts the
// canonical ones (sb::nqueens::canonical_orbit_size != 0). Result::nodes = C(n^2, n) exactly.
//
// Work split: one task per choice of the first two queens' squares (n >= 5; fewer for small n),
// listed from the heaviest (earliest squares) to the lightest and handed out dynamically by
// tbb::parallel_for in a task arena of p.threads workers (a serial loop, threads = 1, when built
// without oneTBB). Each
// task writes 64-bit counters of its own; they are added up at the end, so results are identical
// for any thread count. Progress: total = tasks, done = tasks finished.
//
// Limits: 1 <= n <= 9 (n = 9 is C(81, 9) ~ 2.6e11 placements). Masks have one bit per square:
// one 64-bit word for n <= 8, two words for n = 9 (81 squares). Counters are 64-bit.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SB_NAIVE_X86 1
#endif

#include "core/tbb_threads.hpp"

#include "nqueens/nqueens.hpp"
#include "nqueens/symmetry.hpp"

namespace sb::nqueens {

namespace {

constexpr int kMaxN = 9;
constexpr int kMaxSquares = kMaxN * kMaxN;
constexpr int kPad = 8;  // zero entries after the tables, for 8-wide vector loads

/// A set of squares, one bit per square, in W 64-bit words (square s: word s / 64, bit s % 64).
template <int W>
struct Mask {
  std::array<std::uint64_t, W> w{};

  [[gnu::always_inline]] bool test(int s) const { return (w[s >> 6] >> (s & 63)) & 1; }
  [[gnu::always_inline]] Mask operator|(const Mask& o) const {
    Mask r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
};

/// Per-board tables, word by word (structure of arrays, so that vectors can load them).
template <int W>
struct Tables {
  int n = 0;
  int nsq = 0;
  /// attack[i][q]: word i of the squares attacked by a queen on q (its row, column, diagonals).
  std::array<std::array<std::uint64_t, kMaxSquares + kPad>, W> attack{};
  /// later[i][a]: word i of the squares after a that a queen on a does not attack (0 past the end).
  std::array<std::array<std::uint64_t, kMaxSquares + kPad>, W> later{};
  /// bit[i][a]: word i of square a alone (0 past the end).
  std::array<std::array<std::uint64_t, kMaxSquares + kPad>, W> bit{};
  /// pairs[q] = C(n^2 - 1 - q, 2): placements of the last two queens after square q.
  std::array<std::uint64_t, kMaxSquares + kPad> pairs{};

  explicit Tables(int n_) : n(n_), nsq(n_ * n_) {
    for (int q = 0; q < nsq; ++q) {
      const int r = q / n, c = q % n;
      for (int s = 0; s < nsq; ++s) {
        const int r2 = s / n, c2 = s % n;
        const bool hit = s != q && (r2 == r || c2 == c || r2 - c2 == r - c || r2 + c2 == r + c);
        const std::uint64_t b = std::uint64_t{1} << (s & 63);
        if (hit) attack[s >> 6][q] |= b;
        if (s > q && !hit) later[s >> 6][q] |= b;
      }
      bit[q >> 6][q] = std::uint64_t{1} << (q & 63);
      const std::uint64_t m = static_cast<std::uint64_t>(nsq - 1 - q);
      pairs[q] = m * (m - 1) / 2;  // 0 when m = 0 (unsigned wrap times 0)
    }
  }

  [[gnu::always_inline]] Mask<W> attacks(int q) const {
    Mask<W> r;
    for (int i = 0; i < W; ++i) r.w[i] = attack[i][q];
    return r;
  }
};

/// All ones when square q is free of attacks in att (placing a queen there keeps the prefix
/// conflict-free), zero otherwise. Branch-free.
template <int W>
[[gnu::always_inline]] inline std::uint64_t free_mask(const Mask<W>& att, int q) {
  return static_cast<std::uint64_t>(att.test(q)) - 1;
}

/// Partial sums of one task (64-bit).
struct Counters {
  std::uint64_t total = 0;   ///< solutions found
  std::uint64_t unique = 0;  ///< canonical solutions found
  std::uint64_t nodes = 0;   ///< complete placements tested
};

/// Tests the placements of the last three queens after an (n-3)-prefix whose queens attack `att`
/// and whose conflict flag is `ok` (all ones or zero); the third-to-last queen goes on squares
/// start .. n^2-3. Adds the placements tested to `nodes` and returns the valid ones.
template <int W>
using Last3Fn = std::uint64_t (*)(const Tables<W>& t, int start, const Mask<W>& att,
                                  std::uint64_t ok, std::uint64_t& nodes);

/// Portable scalar version of Last3Fn; compiled once per instruction set that calls it.
template <int W>
[[gnu::always_inline]] inline std::uint64_t last3_scalar_impl(const Tables<W>& t, int start,
                                                              const Mask<W>& att, std::uint64_t ok,
                                                              std::uint64_t& nodes) {
  const int nsq = t.nsq;
  std::uint64_t found = 0, tested = 0;
  for (int q = start; q <= nsq - 3; ++q) {
    const Mask<W> att6 = att | t.attacks(q);
    const std::uint64_t ok6 = ok & free_mask(att, q);
    std::array<std::uint64_t, W> open;  // squares left unattacked, or none if the prefix conflicts
    for (int i = 0; i < W; ++i) open[i] = ~att6.w[i] & ok6;
    tested += t.pairs[q];
    for (int a = q + 1; a <= nsq - 2; ++a) {
      const std::uint64_t fa = free_mask(att6, a);
      for (int i = 0; i < W; ++i)
        found += static_cast<std::uint64_t>(std::popcount(t.later[i][a] & open[i] & fa));
    }
  }
  nodes += tested;
  return found;
}

template <int W>
std::uint64_t last3_generic(const Tables<W>& t, int start, const Mask<W>& att, std::uint64_t ok,
                            std::uint64_t& nodes) {
  return last3_scalar_impl<W>(t, start, att, ok, nodes);
}

#ifdef SB_NAIVE_X86
template <int W>
__attribute__((target("popcnt"))) std::uint64_t last3_popcnt(const Tables<W>& t, int start,
                                                             const Mask<W>& att, std::uint64_t ok,
                                                             std::uint64_t& nodes) {
  return last3_scalar_impl<W>(t, start, att, ok, nodes);
}

/// AVX-512 version of Last3Fn: 8 squares a of the second-to-last queen per vector; lanes past
/// the board read zero table entries and add nothing.
template <int W>
__attribute__((target("avx512f,avx512vpopcntdq,popcnt"))) std::uint64_t last3_avx512(
    const Tables<W>& t, int start, const Mask<W>& att, std::uint64_t ok, std::uint64_t& nodes) {
  const int nsq = t.nsq;
  __m512i acc = _mm512_setzero_si512();
  std::uint64_t tested = 0;
  for (int q = start; q <= nsq - 3; ++q) {
    const Mask<W> att6 = att | t.attacks(q);
    const std::uint64_t ok6 = ok & free_mask(att, q);
    __m512i attv[W], open[W];
    for (int i = 0; i < W; ++i) {
      attv[i] = _mm512_set1_epi64(static_cast<long long>(att6.w[i]));
      open[i] = _mm512_set1_epi64(static_cast<long long>(~att6.w[i] & ok6));
    }
    tested += t.pairs[q];
    for (int a = q + 1; a <= nsq - 2; a += 8) {
      // Lanes whose square a is not attacked by the 6-prefix (its bit lies in one word only).
      __mmask8 fa = 0xff;
      for (int i = 0; i < W; ++i)
        fa &= _mm512_testn_epi64_mask(attv[i], _mm512_loadu_si512(&t.bit[i][a]));
      for (int i = 0; i < W; ++i) {
        const __m512i valid =
            _mm512_maskz_and_epi64(fa, _mm512_loadu_si512(&t.later[i][a]), open[i]);
        acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(valid));
      }
    }
  }
  nodes += tested;
  alignas(64) std::uint64_t lanes[8];  // (_mm512_reduce_add_epi64 warns under GCC 12)
  _mm512_store_si512(lanes, acc);
  std::uint64_t found = 0;
  for (const std::uint64_t x : lanes) found += x;
  return found;
}
#endif

/// The fastest Last3Fn this CPU runs; all give identical results.
template <int W>
Last3Fn<W> pick_last3() {
#ifdef SB_NAIVE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq"))
    return last3_avx512<W>;
  if (__builtin_cpu_supports("popcnt")) return last3_popcnt<W>;
#endif
  return last3_generic<W>;
}

/// The search of one board size with W-word masks.
template <int W>
class Search {
 public:
  explicit Search(int n) : t_(n), n_(n), nsq_(n * n), last3_(pick_last3<W>()) {}

  /// Depth of the task prefixes: the first two queens (fewer when n is small).
  int split_depth() const { return n_ >= 5 ? 2 : (n_ >= 3 ? n_ - 3 : 0); }

  /// Tests every completion of the prefix sq[0 .. depth-1] (strictly increasing squares).
  Counters run(const std::uint8_t* prefix, int depth) const {
    std::array<std::uint8_t, kMaxN> sq{};
    Mask<W> att;
    std::uint64_t ok = ~std::uint64_t{0};
    for (int d = 0; d < depth; ++d) {
      sq[d] = prefix[d];
      ok &= free_mask(att, prefix[d]);
      att = att | t_.attacks(prefix[d]);
    }
    const int start = depth > 0 ? prefix[depth - 1] + 1 : 0;
    Counters c;
    if (n_ < 3)
      enumerate(depth, start, att, ok, sq.data(), c);
    else
      descend(depth, start, att, ok, sq.data(), c);
    return c;
  }

 private:
  /// Places queen d on every square from `start` on; at depth n-3 hands over to last3_.
  void descend(int d, int start, const Mask<W>& att, std::uint64_t ok, std::uint8_t* sq,
               Counters& c) const {
    if (d == n_ - 3) {
      const std::uint64_t found = last3_(t_, start, att, ok, c.nodes);
      if (found != 0) {  // rare: enumerate this subtree again to reach its solutions one by one
        Counters again;
        enumerate(d, start, att, ok, sq, again);
        c.total += found;
        c.unique += again.unique;
      }
      return;
    }
    for (int q = start; q <= nsq_ - n_ + d; ++q) {
      sq[d] = static_cast<std::uint8_t>(q);
      descend(d + 1, q + 1, att | t_.attacks(q), ok & free_mask(att, q), sq, c);
    }
  }

  /// Tests the completions of a prefix one placement at a time (small n, and the subtrees that
  /// hold solutions): counts them in nodes, the valid ones in total, canonical ones in unique.
  void enumerate(int d, int start, const Mask<W>& att, std::uint64_t ok, std::uint8_t* sq,
                 Counters& c) const {
    for (int q = start; q <= nsq_ - n_ + d; ++q) {
      sq[d] = static_cast<std::uint8_t>(q);
      const std::uint64_t ok2 = ok & free_mask(att, q);
      if (d + 1 < n_) {
        enumerate(d + 1, q + 1, att | t_.attacks(q), ok2, sq, c);
        continue;
      }
      ++c.nodes;
      if (ok2 == 0) continue;
      // n non-attacking queens: one per row, in row order since squares increase.
      std::array<std::uint8_t, kMaxN> cols{};
      for (int r = 0; r < n_; ++r) cols[r] = static_cast<std::uint8_t>(sq[r] % n_);
      ++c.total;
      if (canonical_orbit_size(cols.data(), n_) != 0) ++c.unique;
    }
  }

  Tables<W> t_;
  int n_, nsq_;
  Last3Fn<W> last3_;
};

template <int W>
Result run_all(const Params& p) {
  const Search<W> search(p.n);
  const int nsq = p.n * p.n;
  const int depth = search.split_depth();

  // Task prefixes in lexicographic order: the heaviest subtrees (earliest squares) first.
  std::vector<std::array<std::uint8_t, 2>> tasks;
  if (depth == 0) tasks.push_back({0, 0});
  if (depth == 1)
    for (int a = 0; a <= nsq - p.n; ++a) tasks.push_back({static_cast<std::uint8_t>(a), 0});
  if (depth == 2)
    for (int a = 0; a <= nsq - p.n; ++a)
      for (int b = a + 1; b <= nsq - p.n + 1; ++b)
        tasks.push_back({static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)});
  if (p.progress) p.progress->total.store(tasks.size(), std::memory_order_relaxed);

  std::vector<Counters> parts(tasks.size());
  auto run_task = [&](std::size_t i) {
    parts[i] = search.run(tasks[i].data(), depth);
    if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
  };
  const int used = for_each_task(p.threads, tasks.size(), run_task);  // 1 without oneTBB

  Result r;
  for (const auto& c : parts) {
    r.total += c.total;
    r.unique += c.unique;
    r.nodes += c.nodes;
  }
  r.threads = used;
  return r;
}

}  // namespace

Result naive_bitparallel(const Params& p) {
  validate(p, 1, kMaxN, "naive-bitparallel");
  return p.n <= 8 ? run_all<1>(p) : run_all<2>(p);
}

}  // namespace sb::nqueens
