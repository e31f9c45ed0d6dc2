// constellation: N-queens counting over the border configurations ("constellations") of the
// board, up to symmetry, each searched row by row on many boards at once with SIMD lanes.
//
// Algorithm. Every solution has exactly one queen on each border line (row 0, row n-1, column 0,
// column n-1; a corner queen serves two), so the positions of these border queens split the
// solutions into disjoint classes, and the 8 symmetries of the square (D4) map classes onto
// classes. A piece (constellation.hpp) is one orbit of border configurations, stored in canonical
// form c with stabilizer H (the symmetries fixing c). Its border queens are pre-placed and the
// inner rows are searched: only inner columns 1 .. n-2, with the squares the border queens attack
// removed row by row in advance and the rows of the column-0 / column-(n-1) queens skipped (the
// diagonal masks are shifted by the row distance). If S solutions complete c, the orbit holds
// 8 / |H| * S solutions (its share of Q(n)), and by Burnside's lemma (U(n) counts the orbits of
// solutions) c's share of U(n) is (S + F180 + 2 * F90) / |H| over the rotations in H, where F180
// and F90 count the completions fixed by the half and quarter turn: for n >= 2 no solution is
// fixed by a reflection (two queens would share a row, a column or a diagonal). F180 and F90 come
// from a small search of the symmetric completions only (the top half of the board decides the
// rest), run for the few configurations with the half turn in H (n = 16: 49 of 3,206). Each piece
// is searched in whichever of its 8 images makes the row search smallest by an estimate from the
// free squares per row (within 7% of the best image at n = 14..16; the identity image costs 1.7x).
// The row search pre-checks each child: the queen is kept only if its own row and the next two
// rows keep a free square (a look-ahead saving about a fifth of the nodes). This visits 156 M
// nodes at n = 16 against 281 M for bitboard-sym and 1,141 M for the plain row search.
//
// The method of pre-placing the border queens up to symmetry is that of the Q27 project
// ("coronal" pre-placement; Preusser and Engelhardt's FPGA count of Q(27), 2016) and of
// NQueensFAF's "constellations" (Ole Poeschl et al.); the code here is our own.
//
// Search engines (constellation_search.hpp): a portable scalar depth-first search, and a lockstep
// search on SIMD lanes (constellation_simd.hpp) that keeps the boards of each level in a buffer
// and advances a vector of boards per step with compress instructions: 16-bit lanes for n <= 18
// (at most 16 inner columns; 16 boards per AVX2 vector, 32 per AVX-512 vector), else 32-bit lanes
// (8 or 16 boards), the engine chosen at run time from the CPU's features (no
// -march=native needed). All engines visit the same tree: counts and node counts are identical.
//
// Work split: the pieces, an explicit list with stable ids (pieces(n)); this serial kernel solves
// them in order in batches of kBatch (progress: pieces done of pieces(n).size()). Nodes = queens
// placed (PieceResult). Limits: 1 <= n <= 32 (inner columns fit 32-bit lanes); 64-bit counters.
#include "constellation.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

#include "constellation_search.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/pieces.hpp"

namespace sb::nqueens::constellations {
namespace {

using detail::kMaxSearchRows;
using detail::SearchCount;
using detail::SearchData;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

constexpr int kMaxN = kMaxBitN;  // 32: rows 1 .. n-2 fit kMaxSearchRows + 1, columns 30 bits

struct Square {
  int r, c;
};

/// Image of square s under symmetry t of the n x n board (0 identity, 1 quarter turn clockwise,
/// 2 half turn, 3 three quarter turns, 4 mirror left-right, 5 mirror top-bottom, 6 transpose,
/// 7 anti-transpose).
Square transform(int t, Square s, int n) {
  const int m = n - 1;
  switch (t) {
    case 0:
      return s;
    case 1:
      return {s.c, m - s.r};
    case 2:
      return {m - s.r, m - s.c};
    case 3:
      return {m - s.c, s.r};
    case 4:
      return {s.r, m - s.c};
    case 5:
      return {m - s.r, s.c};
    case 6:
      return {s.c, s.r};
    default:
      return {m - s.c, m - s.r};
  }
}

bool attacks(Square x, Square y) {
  return x.r == y.r || x.c == y.c || x.r - x.c == y.r - y.c || x.r + x.c == y.r + y.c;
}

/// The distinct border queens of a configuration (1 to 4 squares).
struct Border {
  Square q[4];
  int size = 0;
};

Border make_border(int n, int top, int bottom, int left, int right) {
  Border b;
  const Square all[4] = {{0, top}, {n - 1, bottom}, {left, 0}, {right, n - 1}};
  for (const Square s : all) {
    bool seen = false;
    for (int i = 0; i < b.size; ++i) seen |= b.q[i].r == s.r && b.q[i].c == s.c;
    if (!seen) b.q[b.size++] = s;
  }
  return b;
}

/// True when no two border queens attack each other. Then the configuration is consistent too:
/// a coordinate naming a corner for one line and another square for the crossing line would put
/// two queens on that line.
bool non_attacking(const Border& b) {
  for (int i = 0; i < b.size; ++i)
    for (int j = i + 1; j < b.size; ++j)
      if (attacks(b.q[i], b.q[j])) return false;
  return true;
}

Border image(const Border& b, int t, int n) {
  Border out = b;
  for (int i = 0; i < b.size; ++i) out.q[i] = transform(t, b.q[i], n);
  return out;
}

/// Order-independent key of a set of squares (sorted, 10 bits per square, then the count);
/// the canonical form of a configuration is its image with the smallest key.
u64 key(const Border& b) {
  u64 sq[4];
  for (int i = 0; i < b.size; ++i) sq[i] = static_cast<u64>(b.q[i].r) * 32 + b.q[i].c;
  for (int i = 1; i < b.size; ++i)  // insertion sort of at most 4 squares
    for (int j = i; j > 0 && sq[j - 1] > sq[j]; --j) std::swap(sq[j - 1], sq[j]);
  u64 k = 0;
  for (int i = 0; i < b.size; ++i) k = (k << 10) | sq[i];
  return (k << 3) | static_cast<u64>(b.size);
}

/// The searched rows of configuration q (already in its search orientation): their number m,
/// and for each the squares the border queens leave free (bit i = inner column i + 1) and its row.
int free_rows(int n, const Border& q, u32* avail, int* rows) {
  bool preplaced[kMaxN] = {};
  for (int i = 0; i < q.size; ++i) preplaced[q.q[i].r] = true;
  int m = 0;
  for (int r = 1; r < n - 1; ++r)
    if (!preplaced[r]) rows[m++] = r;
  const u32 inner = n >= 3 ? (u32{1} << (n - 2)) - 1 : 0;
  for (int i = 0; i < m; ++i) {
    const int r = rows[i];
    u64 blocked = 0;  // bit c = column c (a queen's diagonals reach c -+ dist; beyond 63: gone)
    for (int j = 0; j < q.size; ++j) {
      const int dist = r > q.q[j].r ? r - q.q[j].r : q.q[j].r - r;
      const u64 c = u64{1} << q.q[j].c;
      blocked |= c | (c << dist) | (c >> dist);
    }
    avail[i] = inner & ~static_cast<u32>(blocked >> 1);
  }
  return m;
}

/// The row search of configuration q (already in its search orientation).
SearchData search_data(int n, const Border& q) {
  SearchData d;
  int rows[kMaxN];
  const int m = free_rows(n, q, d.avail, rows);
  d.m = m;
  for (int i = 0; i + 1 < m; ++i) d.gap[i] = static_cast<std::uint8_t>(rows[i + 1] - rows[i]);
  for (int i = 0; i + 2 < m; ++i) {
    d.ahead2[i] = d.avail[i + 2];
    d.shift2[i] = d.gap[i + 1];
    d.ahead3[i] = i + 3 < m ? d.avail[i + 3] : d.avail[i + 2];
    d.shift3[i] = i + 3 < m ? d.gap[i + 2] : 0;
  }
  return d;
}

/// Estimated size of the row search's tree: level i is taken to keep a share (m - i) / (2m) of
/// its free squares open (at least 1/20), the product over the levels above estimates the boards
/// on each level and their sum the tree. Fixed point with 16 fractional bits, saturating, so that
/// the choice is the same on every machine.
u128 estimate(const int* free_count, int m) {
  constexpr u64 kOne = u64{1} << 16;
  constexpr u128 kCap = u128{1} << 100;
  u128 prod = kOne, sum = 0;
  for (int i = 0; i < m; ++i) {
    const u64 w = std::max(static_cast<u64>(free_count[i]) * static_cast<u64>(m - i) * kOne /
                               (2 * static_cast<u64>(m)),
                           kOne / 20);
    prod = std::min((prod * w) >> 16, kCap);
    sum = std::min(sum + prod, kCap);
  }
  return sum;
}

/// Symmetries of a configuration: the stabilizer size and the rotation flags of Piece; canonical
/// is false when another image has a smaller key.
struct Symmetry {
  bool canonical = true;
  int stabilizer = 1;
  int rotations = 0;
};

Symmetry symmetry(const Border& b, int n) {
  Symmetry s;
  const u64 k = key(b);
  for (int t = 1; t < 8; ++t) {
    const u64 kt = key(image(b, t, n));
    if (kt < k) {
      s.canonical = false;  // the stabilizer is not needed then
      return s;
    }
    if (kt == k) {
      ++s.stabilizer;
      if (t == 2) s.rotations |= 1;
      if (t == 1) s.rotations |= 2;
    }
  }
  return s;
}

void check_n(int n) {
  if (n < 1 || n > kMaxN)
    throw std::invalid_argument("constellation: n must be from 1 to " + std::to_string(kMaxN) +
                                ", got " + std::to_string(n));
}

/// The border queens of piece p of the n x n board; throws std::invalid_argument unless p is a
/// canonical configuration with the symmetry data pieces(n) gives it.
Border checked_border(int n, const Piece& p) {
  auto bad = [&](const char* why) {
    return std::invalid_argument("constellation: piece " + std::to_string(p.id) +
                                 " is not a piece of n = " + std::to_string(n) + " (" + why + ")");
  };
  if (p.top >= n || p.bottom >= n || p.left >= n || p.right >= n) throw bad("off the board");
  if (p.orientation >= 8) throw bad("orientation above 7");
  const Border b = make_border(n, p.top, p.bottom, p.left, p.right);
  if (!non_attacking(b)) throw bad("border queens attack each other");
  const Symmetry s = symmetry(b, n);
  if (!s.canonical) throw bad("not in canonical form");
  if (s.stabilizer != p.stabilizer || s.rotations != p.rotations) throw bad("wrong symmetry");
  return b;
}

/// Completions of the border queens b (a configuration fixed by the half turn) that are fixed by
/// the half turn (f180), and among them those fixed by the quarter turn (f90). Such a solution is
/// decided by its top half: a queen on (r, c) comes with one on (n-1-r, n-1-c), and for odd n the
/// middle row's queen stands in the centre. nodes: queens placed.
struct SymmetricCount {
  u64 f180 = 0, f90 = 0, nodes = 0;
};

class SymmetricSearch {
 public:
  SymmetricSearch(int n, const Border& b) : n_(n) {
    for (int r = 0; r < n; ++r) col_[r] = -1;
    for (int i = 0; i < b.size; ++i) place(b.q[i].r, b.q[i].c);
  }

  SymmetricCount run() {
    if (n_ % 2 == 1) {
      const int mid = n_ / 2;
      if (col_[mid] < 0) {  // otherwise the border queens hold the middle row: not symmetric
        if (!open(mid, mid)) return count_;
        place(mid, mid);
        ++count_.nodes;
      } else if (col_[mid] != mid) {
        return count_;
      }
    }
    search(0);
    return count_;
  }

 private:
  bool open(int r, int c) const {
    return !((cols_ >> c) & 1) && !((diag_ >> (r - c + n_ - 1)) & 1) && !((anti_ >> (r + c)) & 1);
  }
  void place(int r, int c) {
    col_[r] = c;
    cols_ |= u64{1} << c;
    diag_ |= u64{1} << (r - c + n_ - 1);
    anti_ |= u64{1} << (r + c);
  }
  void search(int r) {
    const int m = n_ - 1;
    while (r < n_ / 2 && col_[r] >= 0) ++r;
    if (r >= n_ / 2) {
      ++count_.f180;
      bool quarter = true;  // the quarter turn maps (r, c) to (c, n-1-r)
      for (int i = 0; i < n_ && quarter; ++i) quarter = col_[col_[i]] == m - i;
      if (quarter) ++count_.f90;
      return;
    }
    for (int c = 0; c < n_; ++c) {
      // (r, c) and its partner (m-r, m-c) must be free and must not attack each other: they
      // share a diagonal when r == c and an anti-diagonal when r + c == m.
      if (r == c || r + c == m || !open(r, c) || !open(m - r, m - c)) continue;
      const u64 saved_cols = cols_, saved_diag = diag_, saved_anti = anti_;
      place(r, c);
      place(m - r, m - c);
      count_.nodes += 2;
      search(r + 1);
      cols_ = saved_cols;
      diag_ = saved_diag;
      anti_ = saved_anti;
      col_[r] = col_[m - r] = -1;
    }
  }

  int n_;
  int col_[kMaxN];
  u64 cols_ = 0, diag_ = 0, anti_ = 0;  // occupied columns, diagonals r-c+n-1, anti-diagonals r+c
  SymmetricCount count_;
};

/// The instruction sets the SIMD engines need, found once (built into this binary and run by
/// this CPU).
struct CpuFeatures {
  bool avx2 = false, avx512 = false;
  CpuFeatures() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    avx2 =
        detail::avx2_built() && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
    avx512 = detail::avx512_built() && __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi2") &&
             __builtin_cpu_supports("popcnt");
#endif
  }
};

bool cpu_has(Engine e) {
  static const CpuFeatures f;
  switch (e) {
    case Engine::kAvx2:
    case Engine::kAvx2Narrow:
      return f.avx2;
    case Engine::kAvx512Wide:
    case Engine::kAvx512Narrow:
      return f.avx512;
    default:
      return true;
  }
}

}  // namespace

namespace detail {
namespace {

// The portable engine: depth-first search with an explicit stack that holds only levels with
// squares left to try. Every step places one queen and decides between descending, staying and
// backing up with arithmetic, not branches (the look-ahead's outcomes are unpredictable), and
// kWalks pieces are searched in turn so that their steps overlap in the core (the method of
// bitboard-sym's walks). Boards and nodes are those of the lockstep engines.
constexpr int kWalks = 3;

struct Walk {
  struct Frame {
    u32 f, c, d, a;  // squares left to try, columns, diagonals (masks valid on this level)
    int level;
  };
  Frame stack[kMaxSearchRows + 1];
  int sp = -1;  // top of the stack, -1: idle
  const SearchData* d = nullptr;
  std::size_t piece = 0;
  u64 solutions = 0, nodes = 0;

  // Loads piece sd; returns false when it needs no step (its counts are then final).
  bool start(const SearchData* sd, std::size_t i) {
    d = sd;
    piece = i;
    solutions = nodes = 0;
    sp = -1;
    if (sd->m <= 1) {  // as in LevelSearch::start
      solutions = sd->m == 0 ? 1 : static_cast<u64>(std::popcount(sd->avail[0]));
      nodes = sd->m == 0 ? 0 : solutions;
      return false;
    }
    if (sd->avail[0] == 0) return false;
    stack[0] = Frame{sd->avail[0], 0, 0, 0, 0};
    sp = 0;
    return true;
  }

  // Places the next queen of the top frame; returns false when the piece is finished.
  [[gnu::always_inline]] inline bool step() {
    const Frame e = stack[sp];
    const int L = e.level;
    const u32 bit = e.f & (0u - e.f);
    const u32 rest = e.f ^ bit;
    const u32 nc = e.c | bit, nd = (e.d | bit) << d->gap[L], na = (e.a | bit) >> d->gap[L];
    const u32 nf = d->avail[L + 1] & ~(nc | nd | na);
    const u32 nd2 = nd << d->shift2[L], na2 = na >> d->shift2[L];
    const u32 la2 = d->ahead2[L] & ~(nc | nd2 | na2);
    const u32 la3 = d->ahead3[L] & ~(nc | (nd2 << d->shift3[L]) | (na2 >> d->shift3[L]));
    const u32 last = L == d->m - 2;
    const u32 solved = last & (nf != 0);
    const u32 descend = (last ^ 1) & (nf != 0) & (la2 != 0) & (la3 != 0);
    solutions += solved;
    nodes += 1 + solved;
    stack[sp].f = rest;
    const int top = sp + (rest != 0);
    stack[top] = Frame{nf, nc, nd, na, L + 1};
    sp = top - static_cast<int>(descend ^ 1);
    return sp >= 0;
  }
};

}  // namespace

void search_scalar(const SearchData* data, std::size_t count, SearchCount* out) {
  Walk walk[kWalks];
  std::size_t next = 0;
  auto refill = [&](Walk& w) {
    while (next < count) {
      const std::size_t i = next++;
      if (w.start(&data[i], i)) return true;
      out[i] = SearchCount{w.solutions, w.nodes};
    }
    w.sp = -1;
    return false;
  };
  bool busy[kWalks];
  for (int j = 0; j < kWalks; ++j) busy[j] = refill(walk[j]);
  for (;;) {
    bool any = false;
#pragma GCC unroll 4
    for (int j = 0; j < kWalks; ++j) {
      if (!busy[j]) continue;
      any = true;
      if (!walk[j].step()) [[unlikely]] {
        out[walk[j].piece] = SearchCount{walk[j].solutions, walk[j].nodes};
        busy[j] = refill(walk[j]);
      }
    }
    if (!any) break;
  }
}

}  // namespace detail

const char* orientation_name(int t) {
  static const char* const kNames[8] = {"identity",  "rot90",     "rot180",    "rot270",
                                        "mirror-lr", "mirror-tb", "transpose", "anti-transpose"};
  return t >= 0 && t < 8 ? kNames[t] : "?";
}

const char* engine_name(Engine e) {
  switch (e) {
    case Engine::kAuto:
      return "auto";
    case Engine::kScalar:
      return "scalar";
    case Engine::kAvx2:
      return "avx2";
    case Engine::kAvx2Narrow:
      return "avx2-narrow";
    case Engine::kAvx512Wide:
      return "avx512-wide";
    case Engine::kAvx512Narrow:
      return "avx512-narrow";
  }
  return "?";
}

bool engine_available(Engine e, int n) {
  if ((e == Engine::kAvx512Narrow || e == Engine::kAvx2Narrow) && n > 18) return false;
  return cpu_has(e);
}

Engine auto_engine(int n) {
  for (const Engine e :
       {Engine::kAvx512Narrow, Engine::kAvx512Wide, Engine::kAvx2Narrow, Engine::kAvx2})
    if (engine_available(e, n)) return e;
  return Engine::kScalar;
}

std::vector<Piece> pieces(int n) {
  check_n(n);
  struct Candidate {
    Piece p;
    u128 estimate;
  };
  std::vector<Candidate> found;
  // Every border configuration, pruned as soon as two of its queens attack each other.
  for (int top = 0; top < n; ++top)
    for (int bottom = 0; bottom < n; ++bottom) {
      if (n > 1 && attacks({0, top}, {n - 1, bottom})) continue;
      for (int left = 0; left < n; ++left) {
        // The column-0 queen may be the corner queen of row 0 or of row n-1.
        const Square lq{left, 0};
        if (!(left == 0 && top == 0) && attacks(lq, {0, top})) continue;
        if (!(left == n - 1 && bottom == 0) && attacks(lq, {n - 1, bottom})) continue;
        for (int right = 0; right < n; ++right) {
          // The column-(n-1) queen may be the corner queen of row 0 or of row n-1.
          const Square rq{right, n - 1};
          if (!(right == 0 && top == n - 1) && attacks(rq, {0, top})) continue;
          if (!(right == n - 1 && bottom == n - 1) && attacks(rq, {n - 1, bottom})) continue;
          if (n > 1 && attacks(rq, lq)) continue;  // distinct queens unless n = 1
          const Border b = make_border(n, top, bottom, left, right);
          const Symmetry s = symmetry(b, n);
          if (!s.canonical) continue;
          Candidate c;
          c.p.top = static_cast<std::uint8_t>(top);
          c.p.bottom = static_cast<std::uint8_t>(bottom);
          c.p.left = static_cast<std::uint8_t>(left);
          c.p.right = static_cast<std::uint8_t>(right);
          c.p.stabilizer = static_cast<std::uint8_t>(s.stabilizer);
          c.p.rotations = static_cast<std::uint8_t>(s.rotations);
          c.estimate = ~u128{0};
          // The image with the smallest estimate (the first on ties). Images 4..7 mirror images
          // 0..3 left-right, which keeps the number of free squares of every row: the same
          // estimate, a tie. Images 2 and 3 (half and three-quarter turns) meet the rows of
          // images 0 and 1 in reverse order, mirrored: their counts reversed.
          int count[2][kMaxN], m[2];
          for (int t = 0; t < 2; ++t) {
            u32 avail[kMaxN];
            int rows[kMaxN];
            m[t] = free_rows(n, image(b, t, n), avail, rows);
            for (int i = 0; i < m[t]; ++i) count[t][i] = std::popcount(avail[i]);
          }
          for (int t = 0; t < 4; ++t) {
            int in_order[kMaxN];
            const int mt = m[t & 1];
            for (int i = 0; i < mt; ++i) in_order[i] = count[t & 1][t < 2 ? i : mt - 1 - i];
            const u128 e = estimate(in_order, mt);
            if (e < c.estimate) {
              c.estimate = e;
              c.p.orientation = static_cast<std::uint8_t>(t);
            }
          }
          const u128 scaled = c.estimate >> 16;
          c.p.estimate = scaled > ~u64{0} ? ~u64{0} : static_cast<u64>(scaled);
          found.push_back(c);
        }
      }
    }
  std::sort(found.begin(), found.end(), [](const Candidate& x, const Candidate& y) {
    if (x.estimate != y.estimate) return x.estimate > y.estimate;
    if (x.p.top != y.p.top) return x.p.top < y.p.top;
    if (x.p.bottom != y.p.bottom) return x.p.bottom < y.p.bottom;
    if (x.p.left != y.p.left) return x.p.left < y.p.left;
    return x.p.right < y.p.right;
  });
  std::vector<Piece> out;
  out.reserve(found.size());
  for (const Candidate& c : found) {
    out.push_back(c.p);
    out.back().id = static_cast<std::uint32_t>(out.size() - 1);
  }
  return out;
}

void solve_pieces(int n, const Piece* first, std::size_t count, PieceResult* out, Engine engine) {
  check_n(n);
  if (engine == Engine::kAuto) engine = auto_engine(n);
  if (!engine_available(engine, n))
    throw std::invalid_argument(std::string("constellation: engine ") + engine_name(engine) +
                                " does not run on this CPU for n = " + std::to_string(n));
  std::vector<Border> borders(count);
  std::vector<SearchData> data(count);
  for (std::size_t i = 0; i < count; ++i) {
    borders[i] = checked_border(n, first[i]);
    data[i] = search_data(n, image(borders[i], first[i].orientation, n));
  }
  if (n == 1) {  // the lone queen is fixed by all 8 symmetries, reflections included
    for (std::size_t i = 0; i < count; ++i) out[i] = PieceResult{1, 1, 1};
    return;
  }
  std::vector<SearchCount> found(count);
  switch (engine) {
    case Engine::kAvx512Narrow:
      detail::search_avx512_narrow(data.data(), count, found.data());
      break;
    case Engine::kAvx512Wide:
      detail::search_avx512_wide(data.data(), count, found.data());
      break;
    case Engine::kAvx2:
      detail::search_avx2(data.data(), count, found.data());
      break;
    case Engine::kAvx2Narrow:
      detail::search_avx2_narrow(data.data(), count, found.data());
      break;
    default:
      detail::search_scalar(data.data(), count, found.data());
      break;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const Piece& p = first[i];
    const u64 s = found[i].solutions;
    u64 fixed = s;  // sum over the rotations in H of the completions they fix (Burnside)
    u64 nodes = found[i].nodes + static_cast<u64>(borders[i].size);
    if (p.rotations & 1) {
      const SymmetricCount sym = SymmetricSearch(n, borders[i]).run();
      fixed += sym.f180;
      if (p.rotations & 2) fixed += 2 * sym.f90;
      nodes += sym.nodes;
    }
    if (fixed % p.stabilizer != 0)
      throw std::logic_error("constellation: orbit count not divisible (piece " +
                             std::to_string(p.id) + ")");
    out[i] = PieceResult{s * (8u / p.stabilizer), fixed / p.stabilizer, nodes};
  }
}

PieceResult solve_piece(int n, const Piece& piece) {
  PieceResult r;
  solve_pieces(n, &piece, 1, &r);
  return r;
}

std::uint64_t fingerprint(int n, const std::vector<Piece>& list) {
  u64 h = 14695981039346656037ull;  // FNV-1a, 64-bit
  auto mix = [&](u64 v, int bytes) {
    for (int i = 0; i < bytes; ++i) {
      h ^= (v >> (8 * i)) & 0xFF;
      h *= 1099511628211ull;
    }
  };
  mix(static_cast<u64>(n), 4);
  for (const Piece& p : list) {
    mix(p.id, 4);
    mix(p.top, 1);
    mix(p.bottom, 1);
    mix(p.left, 1);
    mix(p.right, 1);
    mix(p.stabilizer, 1);
    mix(p.rotations, 1);
    mix(p.orientation, 1);
    mix(p.estimate, 8);
  }
  return h;
}

}  // namespace sb::nqueens::constellations

namespace sb::nqueens {

Result constellation(const Params& p) {
  validate(p, 1, kMaxBitN, "constellation");
  const auto list = constellations::pieces(p.n);
  if (p.progress) p.progress->total.store(list.size(), std::memory_order_relaxed);
  constexpr std::size_t kBatch = 64;
  std::vector<constellations::PieceResult> part(kBatch);
  constellations::PieceResult sum;
  for (std::size_t first = 0; first < list.size(); first += kBatch) {
    const std::size_t count = std::min(kBatch, list.size() - first);
    constellations::solve_pieces(p.n, list.data() + first, count, part.data());
    for (std::size_t i = 0; i < count; ++i) sum += part[i];
    if (p.progress) p.progress->done.fetch_add(count, std::memory_order_relaxed);
  }
  return Result{sum.total, sum.unique, sum.nodes, 1};
}

}  // namespace sb::nqueens

namespace sb::nqueens {

PieceList constellation_pieces(int n) {
  if (n < 1 || n > kMaxBitN)
    throw std::invalid_argument("constellation pieces: n = " + std::to_string(n) +
                                " is out of range (1.." + std::to_string(kMaxBitN) + ")");
  // Batches of 8: the SIMD engine keeps lanes full by running several pieces in turn.
  static const PieceListMaker make =
      piece_api("constellation", constellations::pieces, constellations::solve_pieces,
                constellations::fingerprint, 8);
  return make(n);
}

}  // namespace sb::nqueens
