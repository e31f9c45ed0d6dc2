// Exact solver of small queens-game positions (at most 32 free squares) in local numbering: the
// free squares become the bits of one machine word, so every set operation is one instruction.
// The game is Node Kayles on the attack graph (a move takes a vertex and its neighbours), so the
// solver works on any graph given by its neighbourhoods: normal-play outcomes of X + *h and
// Sprague-Grundy values (Sprague 1935, Grundy 1939); a position's outcome is searched whole (the
// engine splits a position into its components before it reaches this solver, and inside its
// search a position almost never splits again), Grundy values component by component, with a
// per-thread memo (exact keys, forgotten by the next position) and, for graphs of at most 7
// vertices, tables of the Grundy value of every graph: up to kTiny (6) computed once per process,
// of 7 each value filled in the first time it is asked (shared by the threads). A graph's number
// in the tables is built with one PEXT instruction per vertex where the processor has a fast one
// (square_set.hpp). Serial; one instance per thread. Limits: 8 * sizeof(U) vertices.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "square_set.hpp"

namespace sb::queens_game::detail {

/// Grundy values of every graph on at most kTiny vertices (Node Kayles: a move takes a vertex
/// and its neighbours): g[m][a] for m vertices whose edges are the bits of a, pair (i, j),
/// i < j, at bit j * (j - 1) / 2 + i, computed over the 2^m subsets (tiny_tables()). Six
/// vertices rather than five: 1.18 x faster on 13 x 13 and 1.23 x on 14 x 14 with Grundy values
/// (docs/queens_game-notes.md, 2026-12-06); seven, a 2 MiB row, is SevenTable, filled on demand.
inline constexpr int kTiny = 6;
/// The largest graphs read from a table: kTiny + 1 vertices (SevenTable).
inline constexpr int kTabled = kTiny + 1;

/// The closed neighbourhoods nb[0..m) (bit i of nb[i] set) of the graph on m vertices whose
/// edge (i, j), i < j, is bit j * (j - 1) / 2 + i of a: the numbering of the tables below.
constexpr void neighbourhoods(unsigned a, int m, unsigned* nb) {
  for (int j = 0; j < m; ++j) {
    nb[j] |= 1u << j;
    for (int i = 0; i < j; ++i)
      if ((a >> (j * (j - 1) / 2 + i)) & 1) nb[i] |= 1u << j, nb[j] |= 1u << i;
  }
}

struct TinyTables {
  std::uint8_t g[kTiny + 1][1 << 15] = {};
  constexpr TinyTables() {
    for (int m = 0; m <= kTiny; ++m)
      for (int a = 0; a < (1 << (m * (m - 1) / 2)); ++a) {
        unsigned nb[kTiny] = {};
        neighbourhoods(static_cast<unsigned>(a), m, nb);
        int sub[1 << kTiny] = {};  // Grundy value of each subset, smaller subsets first
        for (int set = 1; set < (1 << m); ++set) {
          int seen = 0;
          for (int v = 0; v < m; ++v)
            if ((set >> v) & 1) seen |= 1 << sub[set & ~static_cast<int>(nb[v])];
          int mex = 0;
          while ((seen >> mex) & 1) ++mex;
          sub[set] = mex;
        }
        g[m][a] = static_cast<std::uint8_t>(sub[(1 << m) - 1]);
      }
  }
};
/// The table, computed once per process on first use (about 15 ms: 2^15 graphs of 6 vertices).
inline const TinyTables& tiny_tables() {
  static const TinyTables t;
  return t;
}

/// A graph of at most 7 vertices as the tables number it, and its vertex count.
struct GraphNumber {
  unsigned number;
  int vertices;
};

/// The number of the graph that the squares of s (at most 7) span, as the tables number graphs:
/// the edge (i, j), i < j in the order of s's squares, is bit j * (j - 1) / 2 + i; nb[i] holds
/// the squares i attacks. By a loop over the pairs.
template <class U>
GraphNumber graph_number_loop(const U* nb, U s) {
  int v[kTabled], k = 0;
  for (; s; s &= s - 1) v[k++] = std::countr_zero(s);
  unsigned a = 0;
  for (int j = 1; j < k; ++j)
    for (int i = 0; i < j; ++i)
      a |= static_cast<unsigned>((nb[v[i]] >> v[j]) & 1) << (j * (j - 1) / 2 + i);
  return {a, k};
}

/// graph_number_loop's number by one PEXT per square where the processor has a fast one (square
/// j's edges to squares 0..j-1 are its neighbourhood's bits at the squares of s below it).
template <class U>
GraphNumber graph_number(const U* nb, U s) {
  if constexpr (sizeof(U) == 4) {
#if defined(__x86_64__)
    if (kFastPext) {
      unsigned a = 0;
      int k = 0;
      for (const U all = s; s; s &= s - 1, ++k) {
        const U low = s & (U{0} - s);  // the square's bit
        a |= pext32(nb[std::countr_zero(s)], all & (low - 1)) << (k * (k - 1) / 2);
      }
      return {a, k};
    }
#endif
  }
  return graph_number_loop(nb, s);
}

/// Grundy values of the graphs on 7 vertices (2^21 edge sets, numbered as in TinyTables), each
/// filled in the first time it is asked: g(G) = mex over the vertices v of g(G - N[v]), a graph
/// of at most 6 vertices read from TinyTables. Shared by every thread (relaxed atomic bytes: a
/// value is written only as itself).
class SevenTable {
 public:
  static constexpr int kEdges = 21;
  SevenTable() : g_(new std::atomic<std::uint8_t>[std::size_t{1} << kEdges]) {
    for (std::size_t a = 0; a < (std::size_t{1} << kEdges); ++a)
      g_[a].store(kUnknown, std::memory_order_relaxed);
  }
  /// Grundy value of the graph on 7 vertices with edge set a.
  int grundy(unsigned a) const {
    const std::uint8_t v = g_[a].load(std::memory_order_relaxed);
    if (v != kUnknown) return v;
    const int g = compute(a);
    g_[a].store(static_cast<std::uint8_t>(g), std::memory_order_relaxed);
    return g;
  }

 private:
  static constexpr std::uint8_t kUnknown = 0xFF;
  static int compute(unsigned a) {
    unsigned nb[kTabled] = {};
    neighbourhoods(a, kTabled, nb);
    const TinyTables& t = tiny_tables();
    unsigned seen = 0;
    for (int v = 0; v < kTabled; ++v) {
      const GraphNumber rest = graph_number_loop(nb, 0x7Fu & ~nb[v]);  // at most 6 vertices
      seen |= 1u << t.g[rest.vertices][rest.number];
    }
    return std::countr_one(seen);
  }
  std::unique_ptr<std::atomic<std::uint8_t>[]> g_;
};
/// The table, made once per process on first use (2 MiB, every value unknown).
inline const SevenTable& seven_table() {
  static const SevenTable t;
  return t;
}

/// Exact search of a small position in local numbering: its free squares become bits 0..m-1
/// (m <= 32) of one word, so that every set operation is one instruction, and the results of
/// the subtree are kept in a small per-thread memo (exact keys, no symmetry, forgotten by the
/// next position). The algorithm is the Engine's: the outcome of X + *h with every component
/// but the largest folded into h by its Grundy value, moves leaving the fewest squares first.
template <class U>
class Local {
 public:
  static constexpr int kMax = 8 * sizeof(U);
  Local() : memo_(kSize), tiny_(tiny_tables()), seven_(seven_table()) {}

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
    const int count = popc(s);
    if (count <= kTabled) return tiny(s) != h;
    // Searched whole, not split into components: inside a Local solve a position almost never
    // splits (13 x 13: the same nodes within 0.01 % whether positions of 13 to 32 squares are
    // split or not), so looking for components cost more than it saved (splitting those of 16
    // squares or more: 2 % slower on 13 x 13, 4 % on 14 x 14; docs/queens_game-notes.md).
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
  static constexpr std::size_t kSize = std::size_t{1} << 13;  // memo entries
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

  /// Grundy value of any S of at most kTabled squares, from the table of its graph.
  int tiny(U s) const {
    const GraphNumber g = graph_number(nb_, s);
    return g.vertices <= kTiny ? tiny_.g[g.vertices][g.number] : seven_.grundy(g.number);
  }

  int grundy_conn(U c) {
    const int cnt = popc(c);
    if (cnt <= kTabled) return tiny(c);
    int g = find(c, kTagGrundy);
    if (g >= 0) return g;
    g = 0;  // larger than kTabled: by outcome searches of c + *g, g = 0, 1, ...
    while (wins_conn(c, g)) ++g;
    store(c, kTagGrundy, g);
    return g;
  }

  bool wins_conn(U s, int h) {
    const int v = find(s, h);
    if (v >= 0) return v != 0;
    // Moves bucketed by the squares they leave (a bit per move in bucket[left]); buckets in
    // increasing order, moves in a bucket by increasing square.
    U bucket[kMax] = {};
    std::uint64_t used = 0;
    for (U m = s; m; m &= m - 1) {
      const int left = popc(s & ~nb_[std::countr_zero(m)]);
      bucket[left] |= m & (U{0} - m);  // the move's bit
      used |= std::uint64_t{1} << left;
    }
    bool win = false;
    for (int h2 = 0; h2 < h && !win; ++h2) win = find(s, h2) == 0;  // heap move, known
    for (std::uint64_t b = used; b && !win; b &= b - 1)
      for (U m = bucket[std::countr_zero(b)]; m && !win; m &= m - 1)
        win = !wins(s & ~nb_[std::countr_zero(m)], h);
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
  const TinyTables& tiny_;
  const SevenTable& seven_;
  std::uint16_t gen_ = 0;
};

/// The Local used by the engine.
using LocalSolver = Local<std::uint32_t>;

}  // namespace sb::queens_game::detail
