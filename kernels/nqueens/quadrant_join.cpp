// quadrant-join: N-queens counting by joining half-board placements, without a row-by-row search
// of the whole board.
//
// Algorithm. Let m = floor(n/2). The east half is columns 0 .. m - 1, the west half columns
// n - m .. n - 1; for odd n the middle column m lies between them, and its queen is placed first,
// on some row r (a "frame": for even n the one frame places nothing). Cut the board between rows
// m - 1 and m as well. In a solution the east half holds m queens, one in each of its columns, in
// some set R of m rows; the west half holds m queens on the rows left (all rows but R and, for odd
// n, r). So Q(n) is the sum over the frames and the row sets R of the pairs (e, w) of an east
// placement e on rows R and a west placement w on the other rows that share no diagonal with each
// other nor with the frame's queen (rows and columns cannot clash). Pre-placing the middle
// column's queen (as Kluev's counter does with the middle row's and column's) keeps the halves
// equal for odd n and removes the pairs that the middle queen's diagonals rule out before the
// count, where a half with the middle column carried them into step 2 (n = 21: 2.7x faster,
// with half the tables, for m + 1 frames' row sets instead of one; docs/nqueens-notes.md). Two
// steps per frame and R:
//  1. Half-board placements from quadrant placements. Each quadrant's non-attacking placements
//     (any rows, any columns, at most one queen per row and column) are made once and stored by
//     their (row set, column set), in the quadrant's own coordinates, so that one table serves
//     every quadrant of its shape (even n: one m x m table for all four; odd n: m x m on top and
//     (m + 1) x m below), each placement one word of its local anti-diagonals and diagonals that
//     the join shifts into place (as Kluev's counter stores one quarter); an east placement on R is
//     a north-east placement on R's top rows with columns X joined with a south-east one on R's
//     bottom rows with the other east columns, for every X of the right size, kept when the two
//     share no diagonal (so the half is built without the dead ends of a row search); placements on
//     the frame's diagonals are dropped. Each half placement is reduced to the diagonals that also
//     cross the other half: n - 1 anti-diagonals and n - 1 diagonals, a 2n - 2 bit pattern.
//  2. Counting disjoint pairs. The smaller side's patterns are bucketed by k of their bits (the
//     k bits that most often are set on both sides, k = 0..8 growing with the size) and the other
//     side's patterns by the same bits; a bucket pair can hold disjoint patterns only when the
//     two bucket indices are disjoint (3^k of the 4^k pairs). Within a bucket pair the patterns
//     are counted with a table (DisjointCounter): blocks of 512 patterns, and for every 5-bit chunk
//     of the query and each of its 32 values the 512-bit set of the block's patterns that have
//     none of those bits, so that a query costs one AND per chunk and a population count per
//     block of 512 pairs (the "four Russians" table trick).
// Symmetry: turning the board upside down maps the frame of row r to that of n - 1 - r and the row
// set R to its reflection; the left-right mirror swaps the halves, mapping R to the frame's other
// rows. So only the frames r <= m are counted (r < m twice), and per frame one R per orbit of the
// mirror (and, for the frame r = m or even n, the flip: at most 4 members), times the orbit's
// size. U(n) comes from Burnside's lemma, U(n) = (Q(n) + F180 + 2 F90) / 8 for n >= 2 (no
// solution is fixed by a reflection: two queens would share a row, a column or a diagonal), with
// F180 and F90 the solutions fixed by the half and the quarter turn, counted by rotation_fixed()
// (a search of the top half only).
//
// Sources: the four-quadrant join is that of Evgeny Kluev's N-Queens-Count-Sol
// (github.com/EvgenyKluev/N-Queens-Count-Sol, MIT; its README cites the half-board counts of the
// deepgreen.game.coocan.jp N-Queens pages), whose bit-sliced matcher with precomputed 5-bit chunks
// and "sieve" of index bits are the models of step 2; the code here is our own (its bucket
// pairs, the bit choice per R, the symmetry and the vector loops differ).
//
// Work split: the frames in turn, each frame's row sets R in increasing order (progress: (frame,
// R) jobs done of their count); serial. quadrant_join_pieces() cuts the same work into pieces for
// quadrant-join-tbb and -mpi (journal, resume): piece 0 the rotation search, then up to 1,024
// runs of consecutive jobs,
// on quadrant tables built once by the first piece that needs them and shared read-only.
// Nodes: the quadrant placement pairs tested in step 1 plus rotation_fixed()'s queens placed
// (identical for every engine). Limits: 1 <= n <= kMaxN = 23 (the quadrant tables are indexed by
// 2^(rows + columns) slots, at most 2^24); memory grows about 3-4x per n: docs/nqueens.md. All
// counters 64-bit. Engines: portable, and AVX-512 for the join's vector loops
// (quadrant_join_avx512.cpp), chosen at run time.
#include "quadrant_join.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/progress.hpp"

namespace sb::nqueens::quadrants {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using detail::JoinShape;

/// The non-attacking placements of an h x w rectangle (at most one queen per row and column, any
/// number of queens), in the rectangle's own coordinates, grouped by (row set, column set): slot
/// (rows << w | cols), bit i of rows = row i, bit j of cols = column j. A placement is kept as one
/// word: its anti-diagonals (bit r + c) in the low 32 bits, its diagonals (bit r - c + w - 1) in
/// the high 32. A quadrant of the board at rows r0 .., columns c0 .. is this table translated
/// (QuadrantView), so the four quadrants of an even board share one table, and the two shapes of
/// an odd board (m x m on top, (m + 1) x m below) two.
struct Quadrant {
  int h = 0, w = 0;
  std::vector<u32> start;  // slot -> first placement; start[slot + 1] - start[slot] placements
  std::vector<u64> cells;  // anti-diagonals | diagonals << 32

  Quadrant(int h_, int w_) : h(h_), w(w_) {
    const std::size_t slots = std::size_t{1} << (h + w);
    start.assign(slots + 1, 0);
    visit(0, 0, 0, 0, 0, [&](u32 slot, u64, u64) { ++start[slot + 1]; });
    for (std::size_t i = 0; i < slots; ++i) start[i + 1] += start[i];
    cells.resize(start[slots]);
    std::vector<u32> next(start.begin(), start.end() - 1);
    visit(0, 0, 0, 0, 0, [&](u32 slot, u64 a, u64 d) { cells[next[slot]++] = a | d << 32; });
  }

  /// Every placement on rows i .. h - 1 added to the partial one (rows, cols, a, d): skip row i
  /// or put a queen on it in a free column that no placed queen sees diagonally.
  template <class F>
  void visit(int i, u32 rows, u32 cols, u64 a, u64 d, const F& f) const {
    if (i == h) {
      f(rows << w | cols, a, d);
      return;
    }
    visit(i + 1, rows, cols, a, d, f);
    for (int j = 0; j < w; ++j) {
      if (cols >> j & 1) continue;
      const u64 ab = u64{1} << (i + j), db = u64{1} << (i - j + w - 1);
      if ((a & ab) | (d & db)) continue;
      visit(i + 1, rows | u32{1} << i, cols | u32{1} << j, a | ab, d | db, f);
    }
  }
};

/// A quadrant of the n x n board: a rectangle's table placed at rows r0 .., columns c0 ..; a
/// placement's board anti-diagonals (bit r + c) are its low half shifted left by shift_a, its
/// board diagonals (bit r - c + n - 1) its high half shifted left by shift_d.
struct QuadrantView {
  const Quadrant* q = nullptr;
  int r0 = 0, c0 = 0, shift_a = 0, shift_d = 0;
  QuadrantView(const Quadrant& table, int n, int r0_, int c0_)
      : q(&table), r0(r0_), c0(c0_), shift_a(r0_ + c0_), shift_d(r0_ - c0_ + n - table.w) {}
  u64 anti(u64 cell) const { return (cell & 0xFFFFFFFFu) << shift_a; }
  u64 diag(u64 cell) const { return (cell >> 32) << shift_d; }
};

/// Next larger integer with the same number of set bits (Gosper's hack); x != 0.
u64 next_same_popcount(u64 x) {
  const u64 low = x & (~x + 1), ripple = x + low;
  return (((ripple ^ x) >> 2) / low) | ripple;
}

std::size_t join(Engine e, u64 top, u64 top_pattern, const u64* cells, std::size_t count,
                 const detail::JoinShape& shape, u64* out) {
  return e == Engine::kAvx512 ? detail::join_avx512(top, top_pattern, cells, count, shape, out)
                              : detail::join_scalar(top, top_pattern, cells, count, shape, out);
}

void compress(Engine e, const u64* x, std::size_t count, u64 mask, u64* out) {
  if (e == Engine::kAvx512)
    detail::compress_avx512(x, count, mask, out);
  else
    detail::compress_scalar(x, count, mask, out);
}

/// Queens placed before the join (for odd n the middle column's) and what they leave to the two
/// halves: the rows (bit r = row r) and the anti-diagonals (bit r + c) and diagonals (bit
/// r - c + n - 1) they take. Each half keeps all its m columns.
struct Frame {
  u64 rows = 0;
  u64 block_a = 0, block_d = 0;
};

/// The board's quadrant tables (one per shape: the top quadrants' m x m, and for odd n the bottom
/// ones' (m + 1) x m), the four quadrants placed on the board, and its frames: built once, read
/// only afterwards (shared by the threads of a piece run).
struct Tables {
  int n;
  Quadrant square;
  std::unique_ptr<const Quadrant> tall;  // odd n only
  QuadrantView ne, se, nw, sw;
  std::vector<Frame> frames;
  explicit Tables(int n_);
};
/// The per-R work on a board's tables, with its own scratch buffers (one per thread).
class Counter {
 public:
  Counter(const Tables& tables, Engine e)
      : n_(tables.n),
        shift_a_(tables.nw.c0),
        shift_d_(tables.n - tables.ne.q->w),
        engine_(e),
        frames_(tables.frames),
        ne_(tables.ne),
        se_(tables.se),
        nw_(tables.nw),
        sw_(tables.sw),
        east_shape_(shape(tables.se)),
        west_shape_(shape(tables.sw)) {}

  /// Pairs of disjoint east/west patterns for the east row set R (bit r = row r) in a frame.
  u64 count_rows(u64 rows, const Frame& f) {
    east_.size = 0;
    west_.size = 0;
    half(ne_, se_, east_shape_, rows, f, east_);
    if (east_.size == 0) return 0;
    half(nw_, sw_, west_shape_, f.rows ^ rows, f, west_);
    if (west_.size == 0) return 0;
    const Patterns& small = east_.size <= west_.size ? east_ : west_;
    const Patterns& large = east_.size <= west_.size ? west_ : east_;
    u64 or_small = 0, or_large = 0;
    for (std::size_t i = 0; i < small.size; ++i) or_small |= small.buf[i];
    for (std::size_t i = 0; i < large.size; ++i) or_large |= large.buf[i];
    // the bits that can clash; the frame's queens' diagonals are in every pattern of both
    // halves (the join adds them to test against them) and are left out
    const u64 live = or_small & or_large & ~pattern(f.block_a, f.block_d);
    int k = 0;
    while (k < kMaxCuts && (small.size >> (k + 1)) >= static_cast<std::size_t>(kBlock)) ++k;
    k = std::min(k, std::popcount(live));
    const u64 cut = choose_cut(small, large, live, k);
    const u64 rest = live & ~cut;
    const int bits = std::popcount(rest);
    const std::size_t buckets = std::size_t{1} << k;
    bucket(small, cut, rest, k, small_vals_, small_start_);
    bucket(large, cut, rest, k, large_vals_, large_start_);
    u64 pairs = 0;
    const u64 full = buckets - 1;
    for (u64 i = 0; i < buckets; ++i) {
      const std::size_t size = small_start_[i + 1] - small_start_[i];
      if (size == 0) continue;
      counter_[i].build(small_vals_.data() + small_start_[i], size, bits, engine_);
      const u64 free = full & ~i;
      for (u64 j = free;; j = (j - 1) & free) {  // every bucket index disjoint from i
        const std::size_t nq = large_start_[j + 1] - large_start_[j];
        if (nq) pairs += counter_[i].count(large_vals_.data() + large_start_[j], nq, engine_);
        if (j == 0) break;
      }
    }
    return pairs;
  }

  u64 count_job(u64 rows, u32 frame) { return count_rows(rows, frames_[frame]); }
  u64 nodes() const { return nodes_; }

 private:
  static constexpr int kMaxCuts = 8;

  /// Patterns in a buffer that only grows (no zero-filling per append).
  struct Patterns {
    std::vector<u64> buf;
    std::size_t size = 0;
    u64* room(std::size_t extra) {
      if (buf.size() < size + extra) buf.resize(std::max(size + extra, 2 * buf.size()));
      return buf.data() + size;
    }
  };

  u64 low() const { return n_ > 1 ? (u64{1} << (n_ - 1)) - 1 : 0; }

  /// A placement's diagonals (a, d) reduced to those that cross both halves: the join's pattern.
  u64 pattern(u64 a, u64 d) const {
    return ((a >> shift_a_) & low()) | (((d >> shift_d_) & low()) << (n_ - 1));
  }

  /// How a bottom quadrant's placement becomes its part of the join's pattern: its anti-diagonals
  /// (low half) go to bits shift_a - shift_a_ higher, its diagonals (high half) to bits
  /// shift_d - shift_d_ + (n - 1) higher than their place in the high half's 32 bits; a rotation of
  /// the whole word and a mask do each (the other half's bits, and any that wrap around, land
  /// outside the mask, which also drops the bits below each shift: each half's bits lie at
  /// 0 .. 2m - 1 <= 21, the pattern's at 0 .. 2n - 3 <= 43).
  JoinShape shape(const QuadrantView& bottom) const {
    const int width = n_ - 1;
    const int ka = bottom.shift_a - shift_a_, kd = bottom.shift_d - shift_d_;
    const u64 keep_a = low() >> std::max(ka, 0) << std::max(ka, 0);
    const u64 keep_d = low() >> std::max(kd, 0) << std::max(kd, 0);
    return {.rotate_a = ka & 63,
            .mask_a = keep_a,
            .rotate_d = (kd + width - 32) & 63,
            .mask_d = keep_d << width};
  }

  /// The half-board patterns on rows `rows` from the quadrant pair (top, bottom), avoiding the
  /// frame's diagonals.
  void half(const QuadrantView& top_view, const QuadrantView& bottom_view, const JoinShape& shape,
            u64 rows, const Frame& f, Patterns& out) {
    const Quadrant& top = *top_view.q;
    const Quadrant& bottom = *bottom_view.q;
    const u32 top_rows = static_cast<u32>(rows & ((u64{1} << top.h) - 1));
    const u32 bottom_rows = static_cast<u32>(rows >> bottom_view.r0);
    const int w = top.w;
    const u32 all_cols = (u32{1} << w) - 1;
    const int k = std::popcount(top_rows);
    if (k > w) return;
    for (u64 x = (u64{1} << k) - 1; x <= all_cols;) {
      const u32 cols = static_cast<u32>(x);
      const u32 s1 = top_rows << w | cols, s2 = bottom_rows << bottom.w | (all_cols ^ cols);
      const u32 b0 = bottom.start[s2], b1 = bottom.start[s2 + 1];
      const std::size_t nb = b1 - b0;
      if (nb) {
        for (u32 p = top.start[s1]; p < top.start[s1 + 1]; ++p) {
          const u64 a = top_view.anti(top.cells[p]), d = top_view.diag(top.cells[p]);
          if ((a & f.block_a) | (d & f.block_d)) continue;
          const u64 ta = a | f.block_a, td = d | f.block_d;
          // the top's diagonals in the bottom table's coordinates (those below its shifts
          // cannot meet a bottom queen's)
          const u64 local = ((ta >> bottom_view.shift_a) & 0xFFFFFFFFu) |
                            ((td >> bottom_view.shift_d) & 0xFFFFFFFFu) << 32;
          out.size +=
              join(engine_, local, pattern(ta, td), &bottom.cells[b0], nb, shape, out.room(nb + 7));
          nodes_ += nb;
        }
      }
      if (x == 0) break;
      x = next_same_popcount(x);
    }
  }

  /// The k bits of `live` set most often in both lists (counted on a sample of each), as a mask.
  static u64 choose_cut(const Patterns& a, const Patterns& b, u64 live, int k) {
    if (k == 0) return 0;
    std::array<u64, 64> ca{}, cb{};
    const std::size_t sa = std::max<std::size_t>(1, a.size / 256);
    const std::size_t sb = std::max<std::size_t>(1, b.size / 256);
    for (std::size_t i = 0; i < a.size; i += sa)
      for (u64 x = a.buf[i] & live; x; x &= x - 1) ++ca[std::countr_zero(x)];
    for (std::size_t i = 0; i < b.size; i += sb)
      for (u64 x = b.buf[i] & live; x; x &= x - 1) ++cb[std::countr_zero(x)];
    u64 cut = 0;
    for (int m = 0; m < k; ++m) {
      int best = -1;
      u64 best_score = 0;
      for (u64 x = live & ~cut; x; x &= x - 1) {
        const int bit = std::countr_zero(x);
        const u64 score = ca[bit] * cb[bit];
        if (best < 0 || score > best_score) best = bit, best_score = score;
      }
      cut |= u64{1} << best;
    }
    return cut;
  }

  /// Patterns sorted into 2^k buckets by their cut bits (a counting sort), each reduced to its
  /// `rest` bits: vals[start[i] .. start[i + 1]) is bucket i.
  void bucket(const Patterns& in, u64 cut, u64 rest, int k, std::vector<u64>& vals,
              std::vector<std::size_t>& start) {
    const std::size_t buckets = std::size_t{1} << k, n = in.size;
    if (index_.size() < n) index_.resize(std::max(n, 2 * index_.size()));
    if (packed_.size() < n) packed_.resize(std::max(n, 2 * packed_.size()));
    if (vals.size() < n) vals.resize(std::max(n, 2 * vals.size()));
    compress(engine_, in.buf.data(), n, cut, index_.data());
    compress(engine_, in.buf.data(), n, rest, packed_.data());
    start.assign(buckets + 1, 0);
    for (std::size_t i = 0; i < n; ++i) ++start[index_[i] + 1];
    for (std::size_t i = 0; i < buckets; ++i) start[i + 1] += start[i];
    next_.assign(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) vals[next_[index_[i]]++] = packed_[i];
  }

  int n_, shift_a_, shift_d_;
  Engine engine_;
  const std::vector<Frame>& frames_;
  const QuadrantView &ne_, &se_, &nw_, &sw_;
  JoinShape east_shape_, west_shape_;
  u64 nodes_ = 0;
  Patterns east_, west_;
  std::vector<u64> index_, packed_, small_vals_, large_vals_;
  std::vector<std::size_t> small_start_, large_start_, next_;
  std::array<DisjointCounter, std::size_t{1} << kMaxCuts> counter_;
};

/// Transposes the 64 x 64 bit matrix a in place: bit j of a[i] becomes bit i of a[j] (the
/// recursive block exchange of Hacker's Delight, section 7-3).
void transpose64(u64* a) {
  u64 m = 0x00000000FFFFFFFFull;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const u64 t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k | j] ^= t;
      a[k] ^= t << j;
    }
  }
}

/// Row set r reflected top to bottom.
u64 reflect_rows(u64 r, int n) {
  u64 out = 0;
  for (int i = 0; i < n; ++i)
    if (r >> i & 1) out |= u64{1} << (n - 1 - i);
  return out;
}

}  // namespace

const char* engine_name(Engine e) {
  return e == Engine::kAvx512 ? "avx512" : "scalar";
}

bool engine_available(Engine e) {
  if (e == Engine::kScalar) return true;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  return detail::avx512_built() && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vpopcntdq") &&
         __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

Engine best_engine() {
  return engine_available(Engine::kAvx512) ? Engine::kAvx512 : Engine::kScalar;
}

RotationFixed rotation_fixed(int n) {
  RotationFixed out;
  if (n < 1 || n > kMaxN)
    throw std::invalid_argument("quadrant-join: n = " + std::to_string(n) + " is out of range");
  if (n == 1) return {1, 1, 1};
  // Rows 0 .. n/2 - 1 each place a queen and its image under the half turn; for odd n the
  // middle row's queen must be its own image, the centre square.
  std::vector<int> col(n, -1);
  const int half = n / 2;
  u64 cols = 0, anti = 0, diag = 0;
  auto free_square = [&](int r, int c) {
    return !(cols >> c & 1) && !(anti >> (r + c) & 1) && !(diag >> (r - c + n - 1) & 1);
  };
  auto put = [&](int r, int c) {
    cols ^= u64{1} << c;
    anti ^= u64{1} << (r + c);
    diag ^= u64{1} << (r - c + n - 1);
  };
  if (n % 2 == 1) {
    const int m = n / 2;
    put(m, m);
    col[m] = m;
    ++out.nodes;
  }
  auto search = [&](auto&& self, int r) -> void {
    if (r == half) {
      ++out.f180;
      bool quarter = true;  // the quarter turn maps (r, c) to (c, n - 1 - r)
      for (int i = 0; i < n && quarter; ++i) quarter = col[col[i]] == n - 1 - i;
      out.f90 += quarter;
      return;
    }
    const int r2 = n - 1 - r;
    for (int c = 0; c < n; ++c) {
      const int c2 = n - 1 - c;
      if (!free_square(r, c)) continue;
      put(r, c);
      const bool ok = free_square(r2, c2);
      if (ok) {
        put(r2, c2);
        col[r] = c;
        col[r2] = c2;
        out.nodes += 2;
        self(self, r + 1);
        put(r2, c2);
      }
      put(r, c);
    }
  };
  search(search, 0);
  return out;
}

namespace {

void check_n(int n) {
  if (n < 1 || n > kMaxN)
    throw std::invalid_argument("quadrant-join: n = " + std::to_string(n) +
                                " is out of range (1.." + std::to_string(kMaxN) + ")");
}

/// A frame with the symmetries that map it to itself (the top-bottom flip, the left-right
/// mirror that swaps the halves: R -> frame rows - R) and the number of frames its class has.
struct FrameClass {
  Frame frame;
  bool flip = false, mirror = false;
  u64 weight = 1;
};

u64 bit(int i) {
  return u64{1} << i;
}

/// The frames of the n x n board, one per class. Even n: one, with nothing placed. Odd n = 2m + 1:
/// the middle column's queen on row r, for r = 0 .. m (r and its flip n - 1 - r are one class).
std::vector<FrameClass> frame_classes(int n) {
  const u64 all = (u64{1} << n) - 1;
  const int m = n / 2;
  if (n % 2 == 0) return {{.frame = {.rows = all}, .flip = true, .mirror = true}};
  std::vector<FrameClass> out;
  for (int r = 0; r <= m; ++r)
    out.push_back(
        {.frame = {.rows = all ^ bit(r), .block_a = bit(r + m), .block_d = bit(r - m + n - 1)},
         .flip = r == m,
         .mirror = true,
         .weight = r < m ? 2u : 1u});
  return out;
}

// The quadrants: north-east, south-east, north-west, south-west: rows 0 .. m - 1 and m .. n - 1,
// columns 0 .. m - 1 and n - m .. n - 1 (m = floor(n/2); for odd n the middle column, between
// the halves, holds the frame's queen, and the south quadrants have m + 1 rows).
Tables::Tables(int n_)
    : n(n_),
      square(n_ / 2, n_ / 2),
      tall(n_ % 2 ? std::make_unique<const Quadrant>(n_ / 2 + 1, n_ / 2) : nullptr),
      ne(square, n_, 0, 0),
      se(tall ? *tall : square, n_, n_ / 2, 0),
      nw(square, n_, 0, n_ - n_ / 2),
      sw(tall ? *tall : square, n_, n_ / 2, n_ - n_ / 2) {
  for (const FrameClass& f : frame_classes(n)) frames.push_back(f.frame);
}

/// A job of the join: an east row set R (bit r = row r) in a frame, standing for its orbit under
/// the frame's symmetries; weight: the orbit's size times the frame class's.
struct RowClass {
  u64 rows = 0;
  u32 frame = 0;
  u64 weight = 0;
};

/// pdep: the low bits of x deposited at the set bits of mask.
u64 deposit(u64 x, u64 mask) {
  u64 out = 0;
  for (; mask && x; mask &= mask - 1, x >>= 1)
    if (x & 1) out |= mask & (~mask + 1);
  return out;
}

/// Every job: per frame, each orbit's least member, in increasing order.
std::vector<RowClass> row_classes(int n) {
  const std::vector<FrameClass> frames = frame_classes(n);
  std::vector<RowClass> out;
  for (u32 fi = 0; fi < frames.size(); ++fi) {
    const FrameClass& fc = frames[fi];
    const u64 rows = fc.frame.rows;
    const int k = n / 2, size = std::popcount(rows);  // m of the frame's rows go east
    auto weight = [&](u64 r) -> u64 {
      std::array<u64, 4> orbit{r, r, r, r};
      if (fc.flip) orbit[1] = reflect_rows(r, n);
      if (fc.mirror) orbit[2] = rows ^ r, orbit[3] = rows ^ orbit[1];
      if (*std::min_element(orbit.begin(), orbit.end()) < r) return 0;
      std::sort(orbit.begin(), orbit.end());
      return static_cast<u64>(std::unique(orbit.begin(), orbit.end()) - orbit.begin());
    };
    const u64 limit = size == 64 ? ~u64{0} : (u64{1} << size) - 1;
    for (u64 x = (u64{1} << k) - 1; x <= limit;) {
      const u64 r = deposit(x, rows);
      if (const u64 w = weight(r)) out.push_back({r, fi, w * fc.weight});
      if (x == 0) break;
      x = next_same_popcount(x);
    }
  }
  return out;
}

}  // namespace

Result count(int n, Engine engine, Progress* progress) {
  check_n(n);
  if (!engine_available(engine))
    throw std::invalid_argument(std::string("quadrant-join: engine ") + engine_name(engine) +
                                " does not run on this CPU");
  const Tables tables(n);
  Counter counter(tables, engine);
  const std::vector<RowClass> classes = row_classes(n);
  if (progress) progress->total.store(classes.size(), std::memory_order_relaxed);
  u64 total = 0;
  for (const RowClass& c : classes) {
    total += c.weight * counter.count_job(c.rows, c.frame);
    if (progress) progress->done.fetch_add(1, std::memory_order_relaxed);
  }
  const RotationFixed fixed = rotation_fixed(n);
  return Result{total, quadrant_unique(n, total, fixed.f180 + 2 * fixed.f90),
                counter.nodes() + fixed.nodes, 1};
}

DisjointCounter::~DisjointCounter() {
  std::free(table_);
}

void DisjointCounter::build(const u64* patterns, std::size_t count, int bits, Engine engine) {
  size_ = count;
  if (count < kMinTable) {
    blocks_ = 0;
    std::copy(patterns, patterns + count, plain_);
    return;
  }
  chunks_ = std::max(1, (bits + kChunkBits - 1) / kChunkBits);
  blocks_ = static_cast<int>((count + kBlock - 1) / kBlock);
  const std::size_t block_words = static_cast<std::size_t>(chunks_) * kChunkValues * kWords;
  const std::size_t words = blocks_ * block_words;
  if (words > capacity_) {
    std::free(table_);
    const std::size_t grown = std::max(words, 2 * capacity_);
    table_ = static_cast<u64*>(std::aligned_alloc(64, grown * sizeof(u64)));
    if (!table_) throw std::bad_alloc();
    capacity_ = grown;
  }
  last_words_ =
      static_cast<int>((count - static_cast<std::size_t>(blocks_ - 1) * kBlock + 63) / 64);
  for (int b = 0; b < blocks_; ++b) {
    const std::size_t first = static_cast<std::size_t>(b) * kBlock;
    const std::size_t have = std::min<std::size_t>(kBlock, count - first);
    u64* t = table_ + b * block_words;
    if (engine == Engine::kAvx512)
      detail::build_block_avx512(patterns + first, have, bits, chunks_, t);
    else
      detail::build_block_scalar(patterns + first, have, bits, chunks_, t);
  }
}

u64 DisjointCounter::count(const u64* q, std::size_t nq, Engine engine) const {
  if (blocks_ == 0) {
    u64 total = 0;
    for (std::size_t i = 0; i < size_; ++i)
      for (std::size_t j = 0; j < nq; ++j) total += (plain_[i] & q[j]) == 0;
    return total;
  }
  return engine == Engine::kAvx512
             ? detail::count_avx512(table_, blocks_, chunks_, last_words_, q, nq)
             : detail::count_scalar(table_, blocks_, chunks_, last_words_, q, nq);
}

namespace detail {

std::size_t join_scalar(u64 top, u64 top_pattern, const u64* cells, std::size_t count,
                        const JoinShape& shape, u64* out) {
  std::size_t got = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const u64 c = cells[i];
    out[got] = top_pattern | (std::rotl(c, shape.rotate_a) & shape.mask_a) |
               (std::rotl(c, shape.rotate_d) & shape.mask_d);
    got += (c & top) == 0;
  }
  return got;
}

void build_block_scalar(const u64* patterns, std::size_t count, int bits, int chunks, u64* t) {
  const u64 used = bits >= 64 ? ~u64{0} : (u64{1} << bits) - 1;
  // clear[w][i]: bit j set when pattern 64 w + j of the block lacks bit i (a 64 x 64 bit
  // transpose of the complemented patterns); valid: the block's patterns at all
  alignas(64) u64 clear[kWords][64];
  u64 valid[kWords];
  for (int w = 0; w < kWords; ++w) {
    const std::size_t from = 64 * static_cast<std::size_t>(w);
    const std::size_t have = from < count ? std::min<std::size_t>(64, count - from) : 0;
    valid[w] = have == 64 ? ~u64{0} : (u64{1} << have) - 1;
    if (have == 0) {  // an empty word: its sets stay empty through chunk 0
      std::fill(clear[w], clear[w] + 64, u64{0});
      continue;
    }
    for (std::size_t j = 0; j < 64; ++j) clear[w][j] = j < have ? ~patterns[from + j] & used : 0;
    transpose64(clear[w]);
  }
  for (int c = 0; c < chunks; ++c, t += kChunkValues * kWords) {
    for (int w = 0; w < kWords; ++w) t[w] = c == 0 ? valid[w] : ~u64{0};
    for (int v = 1; v < kChunkValues; ++v) {
      const u64* from = t + (v & (v - 1)) * kWords;  // v without its lowest bit
      const int bit = c * kChunkBits + std::countr_zero(static_cast<unsigned>(v));
      u64* to = t + v * kWords;
      for (int w = 0; w < kWords; ++w) to[w] = bit < bits ? from[w] & clear[w][bit] : from[w];
    }
  }
}

u64 count_scalar(const u64* table, int blocks, int chunks, int last_words, const u64* q,
                 std::size_t nq) {
  constexpr u64 kMask = kChunkValues - 1;
  u64 total = 0;
  const std::size_t stride = static_cast<std::size_t>(chunks) * kChunkValues * kWords;
  (void)last_words;  // the other words of the last block count nothing (zero in chunk 0)
  for (int b = 0; b < blocks; ++b) {
    const u64* t = table + b * stride;
    for (std::size_t j = 0; j < nq; ++j) {
      u64 x = q[j];
      u64 acc[kWords];
      const u64* s = t + (x & kMask) * kWords;
      for (int w = 0; w < kWords; ++w) acc[w] = s[w];
      for (int c = 1; c < chunks; ++c) {
        x >>= kChunkBits;
        s = t + (static_cast<std::size_t>(c) * kChunkValues + (x & kMask)) * kWords;
        for (int w = 0; w < kWords; ++w) acc[w] &= s[w];
      }
      for (int w = 0; w < kWords; ++w) total += static_cast<u64>(std::popcount(acc[w]));
    }
  }
  return total;
}

void compress_scalar(const u64* x, std::size_t count, u64 mask, u64* out) {
  for (std::size_t i = 0; i < count; ++i) {
    u64 r = 0, bit = 1;
    for (u64 m = mask; m; m &= m - 1, bit <<= 1)
      if (x[i] & (m & (~m + 1))) r |= bit;
    out[i] = r;
  }
}

}  // namespace detail
}  // namespace sb::nqueens::quadrants

namespace sb::nqueens::quadrants {
namespace {

/// The most row-class pieces of one board (fewer when there are fewer classes).
constexpr std::size_t kMaxPieces = 1024;

/// What a piece list shares between its solve calls: the row classes, the pieces' bounds in
/// them, and the quadrant tables, built by the first solve call (never for a list that is only
/// described, e.g. for a journal's header) and read only afterwards.
struct Shared {
  int n = 0;
  std::vector<RowClass> classes;
  std::vector<std::size_t> bounds;  // piece i >= 1: classes[bounds[i - 1] .. bounds[i])
  std::once_flag built;
  std::unique_ptr<const Tables> tables;

  const Tables& get_tables() {
    std::call_once(built, [this] { tables = std::make_unique<const Tables>(n); });
    return *tables;
  }
};

}  // namespace
}  // namespace sb::nqueens::quadrants

namespace sb::nqueens {

PieceList quadrant_join_pieces(int n) {
  using namespace quadrants;
  check_n(n);
  auto shared = std::make_shared<Shared>();
  shared->n = n;
  shared->classes = row_classes(n);
  const std::size_t classes = shared->classes.size();
  const std::size_t cut = std::min(classes, kMaxPieces);
  for (std::size_t i = 1; i <= cut; ++i) shared->bounds.push_back(classes * i / cut);
  PieceList l;
  l.scheme = "quadrant-join";
  l.fields = {"total", "rotation_terms", "nodes"};
  l.count = 1 + cut;
  std::uint64_t h = fnv1a_u64(static_cast<std::uint64_t>(n), fnv1a("quadrant-join"));
  for (std::size_t i = 0; i < cut; ++i) {
    const std::size_t from = i == 0 ? 0 : shared->bounds[i - 1];
    h = fnv1a_u64(shared->classes[from].rows, h);
    if (n % 2 == 1) h = fnv1a_u64(shared->classes[from].frame, h);  // even n: one frame
    h = fnv1a_u64(shared->bounds[i], h);
  }
  l.hash = h;
  l.solve = [shared](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
    for (std::size_t i = 0; i < k; ++i) {
      const std::uint64_t id = ids[i];
      if (id > shared->bounds.size())
        throw std::invalid_argument("quadrant-join: no piece " + std::to_string(id));
      if (id == 0) {
        const RotationFixed f = rotation_fixed(shared->n);
        out[i].v = {0, f.f180 + 2 * f.f90, f.nodes, 0};
        continue;
      }
      Counter counter(shared->get_tables(), best_engine());
      const std::size_t from = id == 1 ? 0 : shared->bounds[id - 2], to = shared->bounds[id - 1];
      std::uint64_t total = 0;
      for (std::size_t c = from; c < to; ++c)
        total += shared->classes[c].weight *
                 counter.count_job(shared->classes[c].rows, shared->classes[c].frame);
      out[i].v = {total, 0, counter.nodes(), 0};
    }
  };
  l.result_text = [n](const std::vector<Subtotals>& by_id) {
    Subtotals sum;
    for (const auto& s : by_id) sum += s;
    return "total=" + std::to_string(sum.v[0]) +
           " unique=" + std::to_string(quadrant_unique(n, sum.v[0], sum.v[1])) +
           " nodes=" + std::to_string(sum.v[2]);
  };
  return l;
}

std::uint64_t quadrant_unique(int n, std::uint64_t total, std::uint64_t rotation_terms) {
  if (n == 1) return 1;  // the one square is fixed by the reflections too
  const std::uint64_t orbits = total + rotation_terms;  // Burnside: see the top of this file
  if (orbits % 8 != 0) throw std::logic_error("quadrant-join: Burnside sum not divisible by 8");
  return orbits / 8;
}

Result quadrant_join(const Params& p) {
  validate(p, 1, quadrants::kMaxN, "quadrant-join");
  return quadrants::count(p.n, quadrants::best_engine(), p.progress);
}

}  // namespace sb::nqueens
