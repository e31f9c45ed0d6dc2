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
// Work split: serial here; sym_core.hpp's split() cuts the same search into independent pre-placed
// subproblems for the parallel variants. Limits: 1 <= n <= 32, 64-bit counters; nodes = queens
// placed (pre-placed ones included).
#include <bit>

#include "nqueens.hpp"
#include "nqueens_symmetry.hpp"
#include "sym_core.hpp"

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
        case 1: return m - inv[r];      // rotate 90
        case 2: return m - col[m - r];  // rotate 180
        case 3: return inv[m - r];      // rotate 270
        case 4: return m - col[r];      // mirror left-right
        case 5: return col[m - r];      // mirror top-bottom
        case 6: return inv[r];          // transpose
        default: return m - inv[m - r]; // anti-diagonal
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

void solve(int n, const Subproblem& s, Counters& c) {
  u64 allowed[32];
  allowed_masks(n, s.corner, s.bound, allowed);
  const u64 full = (u64{1} << n) - 1;
  const int last = n - 1;
  u64 free_sq[33], cols[33], diag[33], anti[33];
  std::uint32_t board[32];
  for (int r = 0; r < s.row; ++r) board[r] = s.board[r];
  std::uint64_t nodes = 0, total = 0, unique = 0;

  if (s.row == n) {  // already complete (only when split reached the last row; not expected)
    return;
  }
  int r = s.row;
  cols[r] = s.cols;
  diag[r] = s.diag;
  anti[r] = s.anti;
  free_sq[r] = allowed[r] & ~(cols[r] | diag[r] | anti[r]);
  const int base = r;
  while (true) {
    if (free_sq[r] == 0) {
      if (r == base) break;
      --r;
      continue;
    }
    const u64 bit = free_sq[r] & (0 - free_sq[r]);
    free_sq[r] ^= bit;
    ++nodes;
    board[r] = static_cast<std::uint32_t>(bit);
    if (r == last) {
      if (s.corner) {
        total += 8;
        ++unique;
      } else {
        std::uint8_t col[32];
        for (int i = 0; i < n; ++i) col[i] = static_cast<std::uint8_t>(std::countr_zero(board[i]));
        const int orbit = edge_orbit(col, n);
        if (orbit != 0) {
          total += static_cast<unsigned>(orbit);
          ++unique;
        }
      }
      continue;
    }
    cols[r + 1] = cols[r] | bit;
    diag[r + 1] = ((diag[r] | bit) << 1) & full;
    anti[r + 1] = (anti[r] | bit) >> 1;
    free_sq[r + 1] = allowed[r + 1] & ~(cols[r + 1] | diag[r + 1] | anti[r + 1]);
    ++r;
  }
  (void)full;
  c.total += total;
  c.unique += unique;
  c.nodes += nodes;
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

  // Expand one row at a time while more subproblems are wanted and the last row is not reached.
  while (subs.size() < min_count) {
    std::vector<Subproblem> next;
    bool expanded = false;
    for (const auto& s : subs) {
      if (s.row >= n - 1) {
        next.push_back(s);
        continue;
      }
      expanded = true;
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
        next.push_back(t);
      }
    }
    subs.swap(next);
    if (!expanded) break;
  }
  return subs;
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
  for (const auto& s : split(n, 0, c)) solve(n, s, c);
  return c;
}

}  // namespace sb::nqueens::sym

namespace sb::nqueens {

Result bitboard_sym(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym");
  const auto c = sym::solve_all(p.n);
  return Result{c.total, c.unique, c.nodes, 1};
}

}  // namespace sb::nqueens
