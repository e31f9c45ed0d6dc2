// bitboard-sym: bitboard search restricted to canonical solutions under D4 symmetry.
//
// Algorithm. An N-queens solution has at most one corner queen (two corners always share a row,
// column or diagonal), and its only possible symmetries are rotations. The search visits only
// boards of two kinds, which between them hold at least one member of every orbit:
//  * corner kind: a queen at row 0, column 0 and row 1's queen at column c1 with column 1's queen
//    in a row below c1 (enforced by keeping column 1 free in rows 2 .. c1-1). Of the 8 images of
//    such a solution exactly two keep the corner at (0, 0), the solution and its transpose, and
//    exactly one of them has this form; the orbit always has 8 members.
//  * edge kind: no corner queen and row 0's queen at column b, 1 <= b < n-1-b, the smallest
//    distance from any edge queen to the nearer end of its edge (so columns 0 and n-1 stay free in
//    rows 1 .. b-1 and n-b .. n-1, and row n-1's queen stands in columns b .. n-1-b). A solution
//    found here counts only if no image of it that is also of this kind is lexicographically
//    smaller (rows compared top to bottom); its orbit size is 8 / (number of images equal to it).
// Each counted solution adds its orbit size to Q(n) and 1 to U(n), so one run of about 1/8 of the
// plain search gives both (Q(n): OEIS A000170, U(n): OEIS A002562). The first row's queen thus
// stays in the left half; the middle column of odd n is reached as a non-minimal edge queen.
// Work split: serial here; sym_search.hpp's split() cuts the same search into independent pre-placed
// subproblems for the parallel variants. Limits: 1 <= n <= 32, 64-bit counters; nodes = queens
// placed (pre-placed ones included).
#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/pieces.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/symmetry.hpp"
#include "sym_search.hpp"

namespace sb::nqueens::sym {
namespace {

using u64 = std::uint64_t;

// Columns a queen in row r may use for this kind of board, before conflicts.
void allowed_masks(int n, int corner, int bound, u64* allowed) {
  const int m = n - 1;
  const u64 full = (u64{1} << n) - 1;
  const u64 sides = u64{1} | (u64{1} << m);
  for (int r = 0; r < n; ++r) allowed[r] = full;
  if (corner) {
    allowed[0] = 1;
    allowed[1] = u64{1} << bound;
    for (int r = 2; r < bound; ++r) allowed[r] &= ~u64{2};
  } else {
    allowed[0] = u64{1} << bound;
    for (int r = 1; r < bound; ++r) allowed[r] &= ~sides;
    for (int r = m - bound + 1; r < m; ++r) allowed[r] &= ~sides;
    allowed[m] &= full & ~((u64{1} << bound) - 1) & ((u64{1} << (m - bound + 1)) - 1);
  }
}

// Edge kind: for the complete board col[0..n-1], returns its orbit size if it is the smallest of
// its edge-kind images, 0 otherwise. Every edge-kind image has row 0's queen at column b = col[0].
int edge_orbit(const std::uint8_t* col, int n) {
  const int m = n - 1, b = col[0];
  std::uint8_t inv[32];
  for (int r = 0; r < n; ++r) inv[col[r]] = static_cast<std::uint8_t>(r);
  int stabilizer = 1;
  for (int t = 1; t < 8; ++t) {
    // img(r) = column of row r's queen in image t (same formulas as canonical_orbit_size).
    auto img = [&](int r) -> int {
      switch (t) {
        case 1:
          return m - inv[r];  // rotate 90
        case 2:
          return m - col[m - r];  // rotate 180
        case 3:
          return inv[m - r];  // rotate 270
        case 4:
          return m - col[r];  // mirror left-right
        case 5:
          return col[m - r];  // mirror top-bottom
        case 6:
          return inv[r];  // transpose
        default:
          return m - inv[m - r];  // anti-diagonal
      }
    };
    if (img(0) != b) continue;  // not of the edge kind
    int cmp = 0;
    for (int r = 1; r < n && cmp == 0; ++r) cmp = img(r) - col[r];
    if (cmp < 0) return 0;
    if (cmp == 0) ++stabilizer;
  }
  return 8 / stabilizer;
}

}  // namespace

namespace {

// Depth-first search of a batch of subproblems, kWalks of them at a time.
//
// One walk is an explicit-stack DFS whose stack holds only rows that still have untried squares;
// every step places exactly one queen and decides between descending, staying and backing up
// with arithmetic, not branches. A single walk is bound by the latency of that step (each step
// loads what the previous one stored), so kWalks independent walks are advanced in turn and the
// processor overlaps them (3 measured best on the reference machine: more walks spill registers).
// The last row is never pushed: its single remaining column is tested as soon as row n-2 is
// placed. (An extra rule forcing the side columns to fill by row n-1-b cut nodes by 13% but cost
// more time per node than it saved, so it is not used.)
constexpr int kWalks = 3;

struct Walk {
  struct Entry {
    u64 f, c, d, a;
    int r;
  };
  Entry stack[34];
  int corner = 0;
  u64 allowed[33];
  std::uint32_t board[32];
};

class BatchSearch {
 public:
  explicit BatchSearch(int n) : n_(n), m_(n - 1) {}

  // Compiled twice: for the x86-64 baseline and for x86-64-v3 (BMI1/2, AVX2), chosen at load time.
  __attribute__((target_clones("default", "arch=x86-64-v3"))) void run(const Subproblem* subs,
                                                                       std::size_t count,
                                                                       Counters& c) {
    std::size_t next = 0;
    Walk walks[kWalks];
    int sp[kWalks];  // top of each walk's stack, -1 when the walk is idle
    auto refill = [&](int k) {
      sp[k] = -1;
      while (sp[k] < 0 && next < count) sp[k] = start(walks[k], subs[next++]);
      return sp[k] >= 0;
    };
    std::uint64_t nodes = 0;
    bool all_busy = true;
    for (int k = 0; k < kWalks; ++k) all_busy &= refill(k);
    // Main phase: every walk busy; the fully unrolled round keeps the stack tops in registers.
    while (all_busy) {
#pragma GCC unroll 8
      for (int k = 0; k < kWalks; ++k) nodes += step(walks[k], sp[k]);
      bool idle = false;
#pragma GCC unroll 8
      for (int k = 0; k < kWalks; ++k) idle |= sp[k] < 0;
      if (idle) [[unlikely]] {
        for (int k = 0; k < kWalks; ++k)
          if (sp[k] < 0) all_busy &= refill(k);
      }
    }
    // Tail: finish the walks still busy once the batch has run dry.
    for (int k = 0; k < kWalks; ++k)
      while (sp[k] >= 0) nodes += step(walks[k], sp[k]);
    c.total += total_;
    c.unique += unique_;
    c.nodes += nodes_ + nodes;
  }

 private:
  // Loads subproblem s into walk w; returns the walk's stack top (-1: nothing to search).
  int start(Walk& w, const Subproblem& s) {
    w.corner = s.corner;
    allowed_masks(n_, s.corner, s.bound, w.allowed);
    w.allowed[n_] = 0;
    for (int r = 0; r < s.row; ++r) w.board[r] = s.board[r];
    const int r = s.row;
    u64 f = w.allowed[r] & ~(s.cols | s.diag | s.anti);
    if (r == m_) {  // only the last row is left
      if (f) {
        ++nodes_;
        w.board[m_] = static_cast<std::uint32_t>(f);
        leaf(w);
      }
      f = 0;
    }
    w.stack[0] = Walk::Entry{f, s.cols, s.diag, s.anti, r};
    return f ? 0 : -1;
  }

  // One DFS step of walk w with stack top sp: places one queen; returns the number of queens
  // placed (1, or 2 when the placement also completes the board).
  inline std::uint64_t step(Walk& w, int& sp) {
    const Walk::Entry e = w.stack[sp];
    const u64 bit = e.f & (0 - e.f);
    const u64 rest = e.f ^ bit;
    w.board[e.r] = static_cast<std::uint32_t>(bit);
    const u64 nc = e.c | bit;
    const u64 nd = (e.d | bit) << 1;  // bits beyond column n-1 are cleared by allowed[]
    const u64 na = (e.a | bit) >> 1;
    const int nr = e.r + 1;
    u64 nf = w.allowed[nr] & ~(nc | nd | na);
    // On the last row nf is its lone free square, if any: then the board is complete.
    const u64 last_row = u64{0} - static_cast<u64>(nr == m_);
    const u64 complete = nf & last_row;
    nf &= ~last_row;
    std::uint64_t placed = 1;
    if (complete) [[unlikely]] {
      w.board[m_] = static_cast<std::uint32_t>(complete);
      leaf(w);
      placed = 2;
    }
    w.stack[sp].f = rest;
    const int top = sp + (rest != 0);
    w.stack[top] = Walk::Entry{nf, nc, nd, na, nr};
    sp = top - (nf == 0);
    return placed;
  }

  __attribute__((noinline)) void leaf(const Walk& w) {
    if (w.corner) {
      total_ += 8;
      ++unique_;
      return;
    }
    // Fast path: an image of the edge kind needs another edge queen at distance b from a corner
    // (row 0's queen of the image). Without one the board is canonical with 8 images.
    const std::uint32_t left = 1, right = std::uint32_t{1} << m_;
    int left_row = 0, right_row = 0;
    for (int r = 1; r < n_; ++r) {
      left_row = w.board[r] == left ? r : left_row;
      right_row = w.board[r] == right ? r : right_row;
    }
    const int b = std::countr_zero(w.board[0]), bottom = std::countr_zero(w.board[m_]);
    const bool tie = m_ - left_row == b || m_ - bottom == b || right_row == b || bottom == b ||
                     left_row == b || m_ - right_row == b;
    if (!tie) {
      total_ += 8;
      ++unique_;
      return;
    }
    std::uint8_t col[32] = {};
    for (int i = 0; i < n_; ++i) col[i] = static_cast<std::uint8_t>(std::countr_zero(w.board[i]));
    const int orbit = edge_orbit(col, n_);
    if (orbit != 0) {
      total_ += static_cast<unsigned>(orbit);
      ++unique_;
    }
  }

  int n_, m_;
  std::uint64_t total_ = 0, unique_ = 0, nodes_ = 0;
};

}  // namespace

void solve_batch(int n, const Subproblem* subs, std::size_t count, Counters& c) {
  BatchSearch(n).run(subs, count, c);
}

std::vector<Subproblem> split(int n, std::size_t min_count, Counters& pre) {
  std::vector<Subproblem> subs;
  const int m = n - 1;
  const u64 full = (u64{1} << n) - 1;
  auto root = [&](int corner, int bound) {
    Subproblem s{};
    s.corner = corner;
    s.bound = bound;
    const u64 q0 = corner ? 1 : (u64{1} << bound);
    s.board[0] = static_cast<std::uint32_t>(q0);
    s.row = 1;
    s.cols = q0;
    s.diag = (q0 << 1) & full;
    s.anti = q0 >> 1;
    ++pre.nodes;
    if (corner) {  // row 1's queen is part of the case
      const u64 q1 = u64{1} << bound;
      s.board[1] = static_cast<std::uint32_t>(q1);
      s.row = 2;
      s.cols |= q1;
      s.diag = ((s.diag | q1) << 1) & full;
      s.anti = (s.anti | q1) >> 1;
      ++pre.nodes;
    }
    subs.push_back(s);
  };
  if (n >= 4)
    for (int c1 = 2; c1 <= n - 2; ++c1) root(1, c1);
  for (int b = 1; b < m - b; ++b) root(0, b);

  // Expand the shallowest subproblem first until there are min_count of them, down to row n/2 at
  // most and leaving at least four rows to each (deeper splits only copy boards that the search
  // handles faster). Expanding one at a time stops close to min_count instead of multiplying a
  // whole row, which at small n would copy thousands of boards for a search of microseconds.
  const int deepest = std::min(n - 4, n / 2);
  std::vector<Subproblem> out, queue;
  queue.reserve(2 * min_count + subs.size() + 64);
  queue.swap(subs);
  queue.reserve(2 * min_count + queue.size() + 64);
  std::size_t head = 0;
  while (head < queue.size() && out.size() + (queue.size() - head) < min_count) {
    const Subproblem s = queue[head++];
    if (s.row >= deepest) {
      out.push_back(s);
      continue;
    }
    u64 allowed[32];
    allowed_masks(n, s.corner, s.bound, allowed);
    u64 avail = allowed[s.row] & ~(s.cols | s.diag | s.anti);
    while (avail) {
      const u64 bit = avail & (0 - avail);
      avail ^= bit;
      ++pre.nodes;
      Subproblem t = s;
      t.board[s.row] = static_cast<std::uint32_t>(bit);
      t.row = s.row + 1;
      t.cols = s.cols | bit;
      t.diag = ((s.diag | bit) << 1) & full;
      t.anti = (s.anti | bit) >> 1;
      queue.push_back(t);
    }
  }
  out.insert(out.end(), queue.begin() + static_cast<std::ptrdiff_t>(head), queue.end());
  return out;
}

Counters solve_all(int n) {
  Counters c;
  if (n == 1) {  // the lone square is a corner and the lone solution is fixed by all 8 symmetries
    const std::uint8_t col[1] = {0};
    c.nodes = 1;
    c.total = static_cast<unsigned>(canonical_orbit_size(col, 1));
    c.unique = 1;
    return c;
  }
  // Small pieces keep the interleaved walks busy to the end; below n = 14 the whole search takes
  // microseconds and a large split (an allocation of its own) would cost more than it saves.
  const auto subs = split(n, n >= 14 ? 1024 : 64, c);
  solve_batch(n, subs.data(), subs.size(), c);
  return c;
}

PieceCut::PieceCut(int n) : n_(n) {
  if (n == 1) {  // all of it is base (see solve_all)
    base_ = solve_all(1);
  } else {
    const int deepest = std::min({n - 4, n / 2, n <= 14 ? 4 : 5});
    const u64 full = (u64{1} << n) - 1;
    // The root cases as split() makes them.
    auto root = [&](int corner, int bound) {
      Prefix p{};
      p.corner = static_cast<std::uint8_t>(corner);
      p.bound = static_cast<std::uint8_t>(bound);
      p.col[0] = static_cast<std::uint8_t>(corner ? 0 : bound);
      p.row = 1;
      ++base_.nodes;
      if (corner) {
        p.col[1] = static_cast<std::uint8_t>(bound);
        p.row = 2;
        ++base_.nodes;
      }
      list_.push_back(p);
    };
    if (n >= 4)
      for (int c1 = 2; c1 <= n - 2; ++c1) root(1, c1);
    for (int b = 1; b < n - 1 - b; ++b) root(0, b);
    // Row by row: every prefix above `depth` replaced by its children, in order (which keeps
    // the list in depth-first order).
    depth_ = 2;
    for (const auto& p : list_) depth_ = std::min<int>(depth_, p.row);
    for (int d = depth_ + 1; d <= deepest; ++d) {
      std::vector<Prefix> next;
      next.reserve(list_.size() * static_cast<std::size_t>(n) / 2);
      for (const Prefix& p : list_) {
        if (p.row >= d) {
          next.push_back(p);
          continue;
        }
        u64 allowed[33];
        allowed_masks(n, p.corner, p.bound, allowed);
        u64 cols = 0, diag = 0, anti = 0;
        for (int r = 0; r < p.row; ++r) {
          const u64 bit = u64{1} << p.col[r];
          cols |= bit;
          diag = ((diag | bit) << 1) & full;
          anti = (anti | bit) >> 1;
        }
        for (u64 avail = allowed[p.row] & ~(cols | diag | anti); avail; avail &= avail - 1) {
          Prefix c = p;
          c.col[p.row] = static_cast<std::uint8_t>(std::countr_zero(avail));
          c.row = static_cast<std::uint8_t>(p.row + 1);
          ++base_.nodes;
          next.push_back(c);
        }
      }
      list_.swap(next);
      depth_ = d;
    }
    // A root deeper than depth (a corner root when depth is 1) keeps its own row.
    for (const auto& p : list_) depth_ = std::max<int>(depth_, p.row);
  }
  std::uint64_t h = fnv1a("bitboard-sym");
  h = fnv1a_u64(static_cast<std::uint64_t>(n_), h);
  h = fnv1a_u64(static_cast<std::uint64_t>(depth_), h);
  h = fnv1a_u64(kPerPiece, h);
  for (const Prefix& p : list_) {
    h = fnv1a(std::string_view(reinterpret_cast<const char*>(&p.corner), 3), h);
    h = fnv1a(std::string_view(reinterpret_cast<const char*>(p.col), p.row), h);
  }
  hash_ = h;
}

void PieceCut::solve(std::size_t id, Counters& c) const {
  if (id >= pieces())
    throw std::invalid_argument("bitboard-sym piece " + std::to_string(id) + " is out of range (" +
                                std::to_string(pieces()) + " pieces at n = " + std::to_string(n_) +
                                ")");
  const u64 full = (u64{1} << n_) - 1;
  Subproblem subs[kPerPiece];
  const std::size_t first = id * kPerPiece, count = std::min(kPerPiece, list_.size() - first);
  for (std::size_t i = 0; i < count; ++i) {
    const Prefix& p = list_[first + i];
    Subproblem& s = subs[i];
    s.corner = p.corner;
    s.bound = p.bound;
    s.row = p.row;
    s.cols = s.diag = s.anti = 0;
    for (int r = 0; r < p.row; ++r) {
      const u64 bit = u64{1} << p.col[r];
      s.board[static_cast<std::size_t>(r)] = static_cast<std::uint32_t>(bit);
      s.cols |= bit;
      s.diag = ((s.diag | bit) << 1) & full;
      s.anti = (s.anti | bit) >> 1;
    }
  }
  solve_batch(n_, subs, count, c);
}

ParallelPlan::ParallelPlan(int n_, int threads) : n(n_) {
  if (n == 1)
    pre = solve_all(1);
  else
    subs = split(n, static_cast<std::size_t>(256) * static_cast<std::size_t>(threads), pre);
}

void ParallelPlan::solve_chunk(std::size_t i, Counters& c) const {
  const std::size_t first = i * kChunk;
  solve_batch(n, subs.data() + first, std::min(kChunk, subs.size() - first), c);
}

}  // namespace sb::nqueens::sym

namespace sb::nqueens {

Result bitboard_sym(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym");
  const auto c = sym::solve_all(p.n);
  return Result{c.total, c.unique, c.nodes, 1};
}

}  // namespace sb::nqueens

namespace sb::nqueens {

PieceList bitboard_sym_pieces(int n) {
  if (n < 1 || n > kMaxBitN)
    throw std::invalid_argument("bitboard-sym pieces: n = " + std::to_string(n) +
                                " is out of range (1.." + std::to_string(kMaxBitN) + ")");
  auto cut = std::make_shared<const sym::PieceCut>(n);
  PieceList list;
  list.scheme = "bitboard-sym";
  list.fields = {"total", "unique", "nodes"};
  list.count = cut->pieces();
  list.hash = cut->hash();
  list.base.v = {cut->base().total, cut->base().unique, cut->base().nodes, 0};
  list.batch = 1;  // a piece is already a batch of interleaved searches
  list.solve = [cut](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
    for (std::size_t i = 0; i < k; ++i) {
      sym::Counters c;
      cut->solve(static_cast<std::size_t>(ids[i]), c);
      out[i].v = {c.total, c.unique, c.nodes, 0};
    }
  };
  return list;
}

}  // namespace sb::nqueens
