// Geometry of the m,n,k board (windows, incidences, symmetries) and the Zobrist keys.
#include <algorithm>
#include <array>
#include <numeric>
#include <stdexcept>
#include <string>

#include "mnk/board.hpp"

namespace sb::mnk {

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct ZobristTable {
  std::array<std::uint64_t, kMaxSide * kMaxSide * 2> key;
  ZobristTable() {
    std::uint64_t seed = 0x6D6E6B2D67616D65ull;  // "mnk-game"
    for (auto& k : key) k = splitmix64(seed);
  }
};

const ZobristTable& zobrist_table() {
  static const ZobristTable t;
  return t;
}

}  // namespace

std::uint64_t zobrist(int cell, int colour) {
  return zobrist_table().key[cell * 2 + colour];
}

Geometry::Geometry(int m_, int n_, int k_, Rule rule_) : m(m_), n(n_), k(k_), rule(rule_) {
  if (m < 1 || n < 1 || m > kMaxSide || n > kMaxSide)
    throw std::invalid_argument("board " + std::to_string(m) + "x" + std::to_string(n) +
                                " is outside the supported sizes (1 to " +
                                std::to_string(kMaxSide) + " columns and rows)");
  if (k < 1 || k > std::max(m, n))
    throw std::invalid_argument("k = " + std::to_string(k) + " must be from 1 to " +
                                std::to_string(std::max(m, n)) + " on a " + std::to_string(m) +
                                "x" + std::to_string(n) + " board");
  cells = m * n;
  zobrist_table();  // build the keys before any board is used from several threads
  // For k = 1 the four directions give the same windows; only the standard rule needs them all
  // (their extension cells differ: a lone stone is "exactly one in a row" in some direction).
  const int ndir = k == 1 && rule == Rule::kFreestyle ? 1 : 4;
  for (int d = 0; d < ndir; ++d)
    for (int r = 0; r < n; ++r)
      for (int f = 0; f < m; ++f) {
        const int lf = f + (k - 1) * kDirFile[d], lr = r + (k - 1) * kDirRank[d];
        if (lf < 0 || lf >= m || lr < 0 || lr >= n) continue;
        for (int i = 0; i < k; ++i)
          win_cells.push_back(
              static_cast<std::int16_t>(at(f + i * kDirFile[d], r + i * kDirRank[d])));
        win_ext.push_back(static_cast<std::int16_t>(at(f - kDirFile[d], r - kDirRank[d])));
        win_ext.push_back(static_cast<std::int16_t>(at(lf + kDirFile[d], lr + kDirRank[d])));
        win_dir.push_back(static_cast<std::uint8_t>(d));
        ++windows;
      }
  // Lines: windows of one direction whose cells lie on the same run of the board.
  std::vector<int> line_of(static_cast<std::size_t>(4) * cells, -1);
  for (int w = 0; w < windows; ++w) {
    const int d = win_dir[w];
    int f = file(win_cells[w * k]), r = rank(win_cells[w * k]);
    while (at(f - kDirFile[d], r - kDirRank[d]) >= 0) f -= kDirFile[d], r -= kDirRank[d];
    int& id = line_of[d * cells + at(f, r)];
    if (id < 0) id = lines++;
    win_line.push_back(id);
  }
  // Incidences in compressed rows: windows through each cell, windows extended by each cell.
  std::vector<std::vector<int>> through(cells), beside(cells);
  for (int w = 0; w < windows; ++w) {
    for (int i = 0; i < k; ++i) through[win_cells[w * k + i]].push_back(w);
    for (int e = 0; e < 2; ++e)
      if (win_ext[w * 2 + e] >= 0) beside[win_ext[w * 2 + e]].push_back(w);
  }
  cw_begin.push_back(0);
  ce_begin.push_back(0);
  for (int c = 0; c < cells; ++c) {
    cw.insert(cw.end(), through[c].begin(), through[c].end());
    cw_begin.push_back(static_cast<std::int32_t>(cw.size()));
    ce.insert(ce.end(), beside[c].begin(), beside[c].end());
    ce_begin.push_back(static_cast<std::int32_t>(ce.size()));
  }
  // The dihedral maps that send the board onto itself: 4 on a rectangle, 8 on a square.
  std::vector<std::vector<std::int16_t>> maps;
  for (int t = 0; t < (m == n ? 8 : 4); ++t) {
    std::vector<std::int16_t> img(cells);
    for (int c = 0; c < cells; ++c) {
      int y = c / m, x = c % m;
      if (t & 4) std::swap(x, y);  // transpose (square only)
      if (t & 1) x = m - 1 - x;
      if (t & 2) y = n - 1 - y;
      img[c] = static_cast<std::int16_t>(y * m + x);
    }
    if (std::find(maps.begin(), maps.end(), img) == maps.end()) maps.push_back(img);
  }
  nsym = static_cast<int>(maps.size());
  for (const auto& mp : maps) sym.insert(sym.end(), mp.begin(), mp.end());
  sym_inv.resize(sym.size());
  for (int t = 0; t < nsym; ++t)
    for (int c = 0; c < cells; ++c)
      sym_inv[t * cells + sym[t * cells + c]] = static_cast<std::int16_t>(c);
  // Centre-first order: squared distance from the centre, in half-cells.
  by_centre.resize(cells);
  std::iota(by_centre.begin(), by_centre.end(), 0);
  auto dist = [&](int c) {
    const int dx = 2 * (c % m) - (m - 1), dy = 2 * (c / m) - (n - 1);
    return dx * dx + dy * dy;
  };
  std::stable_sort(by_centre.begin(), by_centre.end(),
                   [&](int a, int b) { return dist(a) < dist(b); });
  centre_rank.resize(cells);
  for (int i = 0; i < cells; ++i) centre_rank[by_centre[i]] = i;
}

}  // namespace sb::mnk
