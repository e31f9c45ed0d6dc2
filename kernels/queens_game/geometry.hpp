// Board geometry of the queens game on a rows x cols board: the attack mask of every square (the
// queen's graph: two squares are adjacent when they share a row, a column or a diagonal), the
// four lines through each square, and the symmetry group of the board (the dihedral maps that
// send it onto itself: 8 on a square board, 4 on a non-square rectangle) as square permutations,
// with the images of a set, its canonical form (least image) and the connected component of a
// square in the attack graph. The half turn and the squares that attack their own half-turn
// image serve the mirror rule of T. Jenrich, "Successful strategies for a queens placing game on
// an n x n chess board", arXiv:1312.5135.
// Limits: rows * cols < 65536 (perm and lines are 16-bit); the kernels allow kMaxSquares (368).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "square_set.hpp"

namespace sb::queens_game::detail {

/// Board geometry: attack masks and the symmetry group (as square permutations).
template <int W>
struct Geometry {
  int rows = 0, cols = 0, n = 0;
  std::vector<Set<W>> att;          ///< att[s]: s and every square a queen on s attacks
  int nsym = 1;                     ///< distinct symmetries, identity first (1, 2, 4 or 8)
  std::vector<std::uint16_t> perm;  ///< perm[s * 8 + t]: image of square s under symmetry t
  /// lines[s * 4 + j]: the row, column, diagonal and anti-diagonal of square s (j = 0..3),
  /// each numbered from 0 (< rows + cols - 1 <= n + 1).
  std::vector<std::uint16_t> lines;
  /// Index t of the half turn (point reflection in the centre) among the symmetries; -1 without
  /// symmetry.
  int half_turn = -1;
  /// Squares s that attack their half-turn image or are their own image (the lines through the
  /// centre that a queen and its mirror image share).
  Set<W> self_facing;

  Geometry(int r, int c, bool use_sym) : rows(r), cols(c), n(r * c) {
    att.assign(n, Set<W>::none());
    lines.assign(static_cast<std::size_t>(n) * 4, 0);
    for (int s = 0; s < n; ++s) {
      const int y = s / c, x = s % c;
      lines[s * 4 + 0] = static_cast<std::uint16_t>(y);
      lines[s * 4 + 1] = static_cast<std::uint16_t>(x);
      lines[s * 4 + 2] = static_cast<std::uint16_t>(y - x + c - 1);
      lines[s * 4 + 3] = static_cast<std::uint16_t>(y + x);
    }
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        const int ra = a / c, ca = a % c, rb = b / c, cb = b % c;
        if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb) att[a].set(b);
      }
    // The dihedral maps that send the board onto itself: 4 on a rectangle, 8 on a square.
    std::vector<std::vector<int>> maps;
    const int kinds = (use_sym ? (r == c ? 8 : 4) : 1);
    for (int t = 0; t < kinds; ++t) {
      std::vector<int> m(n);
      for (int s = 0; s < n; ++s) {
        int y = s / c, x = s % c;
        if (t & 4) std::swap(y, x);  // transpose (square only)
        if (t & 1) x = c - 1 - x;
        if (t & 2) y = r - 1 - y;
        m[s] = y * c + x;
      }
      if (std::find(maps.begin(), maps.end(), m) == maps.end()) maps.push_back(m);
    }
    nsym = static_cast<int>(maps.size());
    if (use_sym) {
      std::vector<int> half(n);
      for (int s = 0; s < n; ++s) half[s] = (r - 1 - s / c) * c + (c - 1 - s % c);
      half_turn = static_cast<int>(std::find(maps.begin(), maps.end(), half) - maps.begin());
      self_facing = Set<W>::none();
      for (int s = 0; s < n; ++s)
        if (att[s].test(half[s])) self_facing.set(s);
    }
    perm.assign(static_cast<std::size_t>(n) * 8, 0);
    for (int s = 0; s < n; ++s)
      for (int t = 0; t < nsym; ++t) perm[s * 8 + t] = static_cast<std::uint16_t>(maps[t][s]);
  }

  Set<W> image(const Set<W>& x, int t) const {
    Set<W> r = Set<W>::none();
    x.for_each([&](int s) { r.set(perm[s * 8 + t]); });
    return r;
  }

  /// The least image of x under the symmetries (x itself without symmetry).
  Set<W> canon(const Set<W>& x) const {
    if (nsym == 1) return x;
    Set<W> img[8];
    images(x, img);
    return least(img);
  }

  /// img[t] = image of x under symmetry t, for t < nsym (img[0] = x).
  void images(const Set<W>& x, Set<W>* img) const {
    img[0] = x;
    for (int t = 1; t < nsym; ++t) img[t] = Set<W>::none();
    const std::uint16_t* pm = perm.data();
    for (int i = 0; i < W; ++i)
      for (std::uint64_t v = x.w[i]; v; v &= v - 1) {
        const std::uint16_t* p = pm + (i * 64 + std::countr_zero(v)) * 8;
        for (int t = 1; t < nsym; ++t) img[t].w[p[t] >> 6] |= 1ull << (p[t] & 63);
      }
  }

  /// The least of img[0..nsym).
  Set<W> least(const Set<W>* img) const {
    int b = 0;
    for (int t = 1; t < nsym; ++t)
      if (img[t].less(img[b])) b = t;
    return img[b];
  }

  /// The connected component of x (attack graph) that holds square s (s in x).
  Set<W> component(const Set<W>& x, int s) const {
    Set<W> comp = Set<W>::none();
    comp.set(s);
    Set<W> frontier = comp;
    while (!frontier.empty()) {
      Set<W> reach = Set<W>::none();
      frontier.for_each([&](int q) { reach |= att[q]; });
      frontier = (reach & x).andnot(comp);
      comp |= frontier;
    }
    return comp;
  }
};

/// The free squares after the queens on `queens` (squares of g's board, each free when placed):
/// the whole board less every square they attack.
template <int W>
Set<W> position_after(const Geometry<W>& g, const std::vector<int>& queens) {
  Set<W> x = Set<W>::first_n(g.n);
  for (int q : queens) x = x.andnot(g.att[q]);
  return x;
}

}  // namespace sb::queens_game::detail
