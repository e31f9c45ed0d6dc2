// The m,n,k board shared by the solver kernels and the gomoku engine: bit sets of cells, the
// board geometry (the winning windows, their extension cells for the standard rule, the symmetry
// group), and an incremental board that keeps, for every window, the stones of each colour in it.
//
// A window is a run of k consecutive cells in one of the four directions (horizontal, vertical,
// diagonal, anti-diagonal); a player wins by filling a window with their stones (freestyle), or,
// under the standard rule, by filling a window whose two extension cells (the cells just beyond
// its ends on the same line) do not hold their stones, i.e. exactly k in a row. A window is live
// for player p when p can still win with it: it holds no opponent stone and (standard) no stone
// of p on an extension cell. It is a four for p when it is live and lacks one stone (its empty
// cell is a five point: p wins by playing there), and a three when it is live and lacks two.
// (The gomoku names five/four/three are used for any k: "five" = k in a row.)
//
// Board<W> plays and undoes moves in O(k) window updates and answers in O(1) whether a player has
// a five point, how many windows each player can still complete, and which empty cells still
// matter (a cell in no live window of either player, nor, under the standard rule, an extension
// cell of one, is dead: a stone there changes nothing, so playing it is a pass).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "mnk/mnk.hpp"

namespace sb::mnk {

/// A set of cells in W 64-bit words (bit c % 64 of word c / 64 is cell c).
template <int W>
struct Bits {
  std::uint64_t w[W];

  static constexpr Bits none() {
    Bits b{};
    for (auto& x : b.w) x = 0;
    return b;
  }
  /// The cells 0..n-1.
  static Bits first_n(int n) {
    Bits b = none();
    for (int i = 0; i < W; ++i) {
      const int lo = i * 64;
      if (n >= lo + 64)
        b.w[i] = ~0ull;
      else if (n > lo)
        b.w[i] = (1ull << (n - lo)) - 1;
    }
    return b;
  }
  bool test(int c) const { return (w[c >> 6] >> (c & 63)) & 1; }
  void set(int c) { w[c >> 6] |= 1ull << (c & 63); }
  void reset(int c) { w[c >> 6] &= ~(1ull << (c & 63)); }
  bool any() const {
    std::uint64_t o = 0;
    for (auto x : w) o |= x;
    return o != 0;
  }
  int count() const {
    int n = 0;
    for (auto x : w) n += std::popcount(x);
    return n;
  }
  /// True when the set has two members or more (no population count needed).
  bool at_least_two() const {
    int nonzero = 0;
    for (auto x : w) {
      if (x & (x - 1)) return true;
      nonzero += x != 0;
    }
    return nonzero >= 2;
  }
  /// Lowest member, -1 when empty.
  int lowest() const {
    for (int i = 0; i < W; ++i)
      if (w[i]) return i * 64 + std::countr_zero(w[i]);
    return -1;
  }
  Bits operator&(const Bits& o) const {
    Bits r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  Bits operator|(const Bits& o) const {
    Bits r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  Bits andnot(const Bits& o) const {
    Bits r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  Bits& operator|=(const Bits& o) {
    for (int i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  Bits& operator&=(const Bits& o) {
    for (int i = 0; i < W; ++i) w[i] &= o.w[i];
    return *this;
  }
  bool operator==(const Bits& o) const {
    for (int i = 0; i < W; ++i)
      if (w[i] != o.w[i]) return false;
    return true;
  }
  /// Total order (highest word first), used to choose a canonical image.
  bool less(const Bits& o) const {
    for (int i = W - 1; i >= 0; --i)
      if (w[i] != o.w[i]) return w[i] < o.w[i];
    return false;
  }
  /// Calls f(cell) for every member, increasing.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < W; ++i)
      for (std::uint64_t x = w[i]; x; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
};

/// Words needed for `cells` cells.
constexpr int words_for(int cells) {
  return (cells + 63) / 64;
}

/// The four line directions as (file step, rank step): horizontal, vertical, diagonal (up-right),
/// anti-diagonal (down-right).
inline constexpr int kDirFile[4] = {1, 0, 1, 1};
inline constexpr int kDirRank[4] = {0, 1, 1, -1};

/// Geometry of an m x n board with k in a row: windows, incidences and symmetries.
/// Construction is O(cells * k); everything after is table look-ups.
struct Geometry {
  int m = 0, n = 0, k = 0;  ///< columns, rows, stones in a row
  Rule rule = Rule::kFreestyle;
  int cells = 0;                        ///< m * n
  int windows = 0;                      ///< number of windows
  std::vector<std::int16_t> win_cells;  ///< windows * k cells, in line order
  std::vector<std::int16_t> win_ext;    ///< windows * 2 extension cells (-1: off the board)
  std::vector<std::uint8_t> win_dir;    ///< direction of each window (0..3, see kDirFile)
  std::vector<std::int32_t> win_line;   ///< line of each window (0..lines-1): same direction,
                                        ///< same run of cells; in order along each line
  int lines = 0;                        ///< lines holding at least one window
  std::vector<std::int32_t> cw_begin;   ///< windows through cell c: cw[cw_begin[c]..cw_begin[c+1])
  std::vector<std::int32_t> cw;
  std::vector<std::int32_t> ce_begin;  ///< windows with c as an extension cell (standard rule)
  std::vector<std::int32_t> ce;
  int nsym = 1;                           ///< symmetries of the board: 8 on a square, 4 otherwise
  std::vector<std::int16_t> sym;          ///< sym[t * cells + c]: image of cell c under symmetry t
  std::vector<std::int16_t> sym_inv;      ///< sym_inv[t * cells + sym[t * cells + c]] = c
  std::vector<std::int16_t> by_centre;    ///< cells ordered from the centre outwards (ties: lower)
  std::vector<std::int32_t> centre_rank;  ///< position of each cell in by_centre

  /// 1 <= m, n <= kMaxSide, 1 <= k <= max(m, n); throws std::invalid_argument otherwise.
  /// For k = 1 under the freestyle rule each cell is one window (the four directions would
  /// repeat it).
  Geometry(int m, int n, int k, Rule rule);

  int file(int c) const { return c % m; }
  int rank(int c) const { return c / m; }
  /// The cell at (file, rank), or -1 off the board.
  int at(int f, int r) const { return f < 0 || f >= m || r < 0 || r >= n ? -1 : r * m + f; }
};

/// 64-bit Zobrist keys for (cell, colour), from a fixed seed (splitmix64), shared by all boards.
std::uint64_t zobrist(int cell, int colour);

/// Window status bits kept by Board: live/four/three for each player.
namespace status {
inline constexpr std::uint8_t kLive[2] = {1, 2};
inline constexpr std::uint8_t kFour[2] = {4, 8};
inline constexpr std::uint8_t kThree[2] = {16, 32};
}  // namespace status

/// An m,n,k position with incremental window counts. Players are 0 (black, moves first) and 1
/// (white). W: words per cell set, words_for(g.cells) <= W. With symmetric keys on, the board also
/// keeps the image of its stones under every symmetry, so canonical() is O(nsym * W).
template <int W>
class Board {
 public:
  using Set = Bits<W>;

  explicit Board(const Geometry& g, bool symmetric_keys = false)
      : g_(&g), sym_(symmetric_keys), on_board_(Set::first_n(g.cells)) {
    stones_[0] = stones_[1] = Set::none();
    cnt_.assign(static_cast<std::size_t>(g.windows) * 2, 0);
    ext_.assign(g.rule == Rule::kStandard ? static_cast<std::size_t>(g.windows) * 2 : 0, 0);
    st_.assign(g.windows, 0);
    const int words = (g.windows + 63) / 64;
    for (int p = 0; p < 2; ++p) {
      fourset_[p].assign(words, 0);
      threeset_[p].assign(words, 0);
    }
    rel_.assign(g.cells, 0);
    for (int w = 0; w < g.windows; ++w) {
      std::uint8_t s = status::kLive[0] | status::kLive[1];
      if (g.k == 1) s |= status::kFour[0] | status::kFour[1];
      if (g.k == 2) s |= status::kThree[0] | status::kThree[1];
      st_[w] = s;
      if (s & status::kFour[0]) set_bit(fourset_[0], w), set_bit(fourset_[1], w);
      if (s & status::kThree[0]) set_bit(threeset_[0], w), set_bit(threeset_[1], w);
      for (int i = 0; i < g.k; ++i) ++rel_[g.win_cells[w * g.k + i]];
      if (standard())
        for (int e = 0; e < 2; ++e)
          if (g.win_ext[w * 2 + e] >= 0) ++rel_[g.win_ext[w * 2 + e]];
    }
    live_[0] = live_[1] = g.windows;
    fours_[0] = fours_[1] = g.k == 1 ? g.windows : 0;
    for (int t = 0; t < 8; ++t) img_[t][0] = img_[t][1] = Set::none();
    moves_.reserve(g.cells);
  }

  const Geometry& geometry() const { return *g_; }
  bool standard() const { return g_->rule == Rule::kStandard; }
  /// Player to move: 0 (black) after an even number of moves and passes, else 1.
  int to_move() const { return to_move_; }
  /// Moves and passes played (a pass is -1 in moves()).
  int moves_played() const { return static_cast<int>(moves_.size()); }
  const std::vector<int>& moves() const { return moves_; }
  /// Stones on the board.
  int stone_count() const { return stones_[0].count() + stones_[1].count(); }
  int last_move() const { return moves_.empty() ? -1 : moves_.back(); }
  /// The player who completed a winning row with the last move, or -1.
  int winner() const { return winner_; }
  bool full() const { return !empty().any(); }
  /// -1 empty, else the player whose stone is on cell c.
  int at(int c) const { return stones_[0].test(c) ? 0 : stones_[1].test(c) ? 1 : -1; }
  const Set& stones(int p) const { return stones_[p]; }
  Set empty() const { return on_board_.andnot(stones_[0] | stones_[1]); }
  /// Zobrist hash of the stones (not of the side to move).
  std::uint64_t hash() const { return hash_; }

  /// Windows player p can still complete.
  int live_windows(int p) const { return live_[p]; }
  /// Windows that are fours for p (one stone short, live).
  int four_windows(int p) const { return fours_[p]; }
  /// True when p can win with one move.
  bool has_five_point(int p) const { return fours_[p] > 0; }
  /// Stones of p and of the opponent in window w.
  int count(int w, int p) const { return cnt_[w * 2 + p]; }
  /// Status bits of window w (see namespace status).
  std::uint8_t window_status(int w) const { return st_[w]; }
  bool window_live(int w, int p) const { return st_[w] & status::kLive[p]; }

  /// The empty cells where p wins at once (one per four window, duplicates merged).
  Set five_points(int p) const {
    Set r = Set::none();
    for_each_window(fourset_[p], [&](int w) { r.set(empty_cell(w)); });
    return r;
  }
  /// The number of distinct five points of p, stopping at `cap`.
  int count_five_points(int p, int cap = 2) const {
    int first = -1, n = 0;
    for_each_window(fourset_[p], [&](int w) {
      if (n >= cap) return;
      const int c = empty_cell(w);
      if (n == 0)
        first = c, n = 1;
      else if (c != first)
        n = 2;
    });
    return n;
  }
  /// One five point of p, -1 when there is none.
  int any_five_point(int p) const {
    int r = -1;
    for_each_window(fourset_[p], [&](int w) {
      if (r < 0) r = empty_cell(w);
    });
    return r;
  }
  /// The empty cells where a stone of p makes a four (the empty cells of p's three windows).
  Set four_moves(int p) const {
    Set r = Set::none();
    for_each_window(threeset_[p], [&](int w) {
      const std::int16_t* c = &g_->win_cells[w * g_->k];
      for (int i = 0; i < g_->k; ++i)
        if (!occupied(c[i])) r.set(c[i]);
    });
    return r;
  }
  /// Calls f(w) for each four window of p.
  template <class F>
  void for_each_four(int p, F&& f) const {
    for_each_window(fourset_[p], f);
  }
  /// Calls f(w) for each three window of p.
  template <class F>
  void for_each_three(int p, F&& f) const {
    for_each_window(threeset_[p], f);
  }
  /// The empty cell of a four window.
  int empty_cell(int w) const {
    const std::int16_t* c = &g_->win_cells[w * g_->k];
    for (int i = 0; i < g_->k; ++i)
      if (!occupied(c[i])) return c[i];
    return -1;
  }
  bool occupied(int c) const {
    return ((stones_[0].w[c >> 6] | stones_[1].w[c >> 6]) >> (c & 63)) & 1;
  }

  /// True when a stone on the empty cell c can still change the game (c lies in a window live
  /// for some player, or, standard rule, is an extension cell of one).
  bool relevant(int c) const { return rel_[c] > 0; }
  /// Number of windows that make c relevant (a cheap measure of how much c matters).
  int relevance(int c) const { return rel_[c]; }
  /// The empty relevant cells.
  Set relevant_cells() const {
    Set r = Set::none();
    empty().for_each([&](int c) {
      if (rel_[c] > 0) r.set(c);
    });
    return r;
  }

  /// Places the stone of the player to move on the empty cell c (no winner yet).
  void play(int c) {
    const int p = to_move_;
    to_move_ ^= 1;
    stones_[p].set(c);
    hash_ ^= zobrist(c, p);
    if (sym_)
      for (int t = 0; t < g_->nsym; ++t) img_[t][p].set(g_->sym[t * g_->cells + c]);
    moves_.push_back(c);
    const int k = g_->k;
    for (int i = g_->cw_begin[c], e = g_->cw_begin[c + 1]; i < e; ++i) {
      const int w = g_->cw[i];
      const int cp = ++cnt_[w * 2 + p];
      const std::uint8_t old = st_[w];
      if (cp == k && (old & status::kLive[p])) winner_ = p;
      update(w, old, compute(w));
    }
    if (standard())
      for (int i = g_->ce_begin[c], e = g_->ce_begin[c + 1]; i < e; ++i) {
        const int w = g_->ce[i];
        ++ext_[w * 2 + p];
        update(w, st_[w], compute(w));
      }
  }

  /// The player to move passes (used by null-move threat searches; the stones do not change).
  void pass() {
    to_move_ ^= 1;
    moves_.push_back(-1);
  }

  /// Takes back the last move or pass.
  void undo() {
    const int c = moves_.back();
    moves_.pop_back();
    to_move_ ^= 1;
    if (c < 0) return;
    const int p = to_move_;
    stones_[p].reset(c);
    hash_ ^= zobrist(c, p);
    if (sym_)
      for (int t = 0; t < g_->nsym; ++t) img_[t][p].reset(g_->sym[t * g_->cells + c]);
    winner_ = -1;
    for (int i = g_->cw_begin[c], e = g_->cw_begin[c + 1]; i < e; ++i) {
      const int w = g_->cw[i];
      --cnt_[w * 2 + p];
      update(w, st_[w], compute(w));
    }
    if (standard())
      for (int i = g_->ce_begin[c], e = g_->ce_begin[c + 1]; i < e; ++i) {
        const int w = g_->ce[i];
        --ext_[w * 2 + p];
        update(w, st_[w], compute(w));
      }
  }

  /// True when a stone of the player to move on empty cell c completes a winning row.
  bool wins_at(int c) const {
    const int p = to_move_;
    for (int i = g_->cw_begin[c], e = g_->cw_begin[c + 1]; i < e; ++i) {
      const int w = g_->cw[i];
      if ((st_[w] & status::kFour[p]) != 0) return true;
    }
    return false;
  }

  /// The canonical key of the position: the least (black, white) image under the symmetries
  /// (requires symmetric keys; without them, the stones themselves). *t (optional): the symmetry
  /// that maps the position onto its key (cell c of the position is cell sym[t * cells + c] of
  /// the key).
  void canonical(Set* black, Set* white, int* t = nullptr) const {
    if (!sym_) {
      *black = stones_[0], *white = stones_[1];
      if (t) *t = 0;
      return;
    }
    int best = 0;
    for (int s = 1; s < g_->nsym; ++s)
      if (img_less(img_[s][0], img_[s][1], img_[best][0], img_[best][1])) best = s;
    *black = img_[best][0], *white = img_[best][1];
    if (t) *t = best;
  }
  /// The canonical key after the player to move plays empty cell c, without playing it.
  void canonical_after(int c, Set* black, Set* white) const {
    const int p = to_move_;
    if (!sym_) {
      *black = stones_[0], *white = stones_[1];
      (p == 0 ? black : white)->set(c);
      return;
    }
    Set bb = img_[0][0], bw = img_[0][1];
    (p == 0 ? bb : bw).set(c);
    for (int t = 1; t < g_->nsym; ++t) {
      Set tb = img_[t][0], tw = img_[t][1];
      (p == 0 ? tb : tw).set(g_->sym[t * g_->cells + c]);
      if (img_less(tb, tw, bb, bw)) bb = tb, bw = tw;
    }
    *black = bb, *white = bw;
  }
  /// The symmetries (indices t) that map the current position onto itself (t = 0 always).
  std::vector<int> stabilizer() const {
    std::vector<int> r;
    for (int t = 0; t < g_->nsym; ++t) {
      bool same = true;
      for (int p = 0; p < 2 && same; ++p)
        stones_[p].for_each(
            [&](int c) { same = same && stones_[p].test(g_->sym[t * g_->cells + c]); });
      if (same) r.push_back(t);
    }
    return r;
  }

 private:
  static bool img_less(const Set& ab, const Set& aw, const Set& bb, const Set& bw) {
    if (!(ab == bb)) return ab.less(bb);
    return aw.less(bw);
  }
  static void set_bit(std::vector<std::uint64_t>& v, int i) { v[i >> 6] |= 1ull << (i & 63); }
  static void clear_bit(std::vector<std::uint64_t>& v, int i) { v[i >> 6] &= ~(1ull << (i & 63)); }
  template <class F>
  static void for_each_window(const std::vector<std::uint64_t>& v, F&& f) {
    for (std::size_t i = 0; i < v.size(); ++i)
      for (std::uint64_t x = v[i]; x; x &= x - 1) f(static_cast<int>(i * 64 + std::countr_zero(x)));
  }

  std::uint8_t compute(int w) const {
    const int c0 = cnt_[w * 2], c1 = cnt_[w * 2 + 1];
    const int k = g_->k;
    std::uint8_t s = 0;
    if (c1 == 0 && (!standard() || ext_[w * 2] == 0)) {
      s |= status::kLive[0];
      if (c0 == k - 1) s |= status::kFour[0];
      if (c0 == k - 2) s |= status::kThree[0];
    }
    if (c0 == 0 && (!standard() || ext_[w * 2 + 1] == 0)) {
      s |= status::kLive[1];
      if (c1 == k - 1) s |= status::kFour[1];
      if (c1 == k - 2) s |= status::kThree[1];
    }
    return s;
  }

  void update(int w, std::uint8_t old, std::uint8_t now) {
    if (old == now) return;
    st_[w] = now;
    const std::uint8_t diff = old ^ now;
    for (int p = 0; p < 2; ++p) {
      if (diff & status::kLive[p]) live_[p] += (now & status::kLive[p]) ? 1 : -1;
      if (diff & status::kFour[p]) {
        if (now & status::kFour[p])
          ++fours_[p], set_bit(fourset_[p], w);
        else
          --fours_[p], clear_bit(fourset_[p], w);
      }
      if (diff & status::kThree[p]) {
        if (now & status::kThree[p])
          set_bit(threeset_[p], w);
        else
          clear_bit(threeset_[p], w);
      }
    }
    const bool was = old & (status::kLive[0] | status::kLive[1]);
    const bool is = now & (status::kLive[0] | status::kLive[1]);
    if (was != is) {
      const int d = is ? 1 : -1;
      const int k = g_->k;
      for (int i = 0; i < k; ++i) rel_[g_->win_cells[w * k + i]] += d;
      if (standard())
        for (int e = 0; e < 2; ++e)
          if (g_->win_ext[w * 2 + e] >= 0) rel_[g_->win_ext[w * 2 + e]] += d;
    }
  }

  const Geometry* g_;
  bool sym_;
  Set on_board_;
  Set stones_[2];
  Set img_[8][2];
  std::uint64_t hash_ = 0;
  std::vector<int> moves_;
  int to_move_ = 0;
  int winner_ = -1;
  std::vector<std::uint8_t> cnt_;  // windows * 2
  std::vector<std::uint8_t> ext_;  // windows * 2 (standard rule)
  std::vector<std::uint8_t> st_;   // status bits per window
  std::vector<std::uint64_t> fourset_[2];
  std::vector<std::uint64_t> threeset_[2];
  std::vector<std::int32_t> rel_;  // per cell: live windows through it (and extension, standard)
  int live_[2] = {0, 0};
  int fours_[2] = {0, 0};
};

/// Calls f.template operator()<W>() with the word count that fits `cells` cells.
template <class F>
auto dispatch_words(int cells, F&& f) {
  if (cells <= 64) return f.template operator()<1>();
  if (cells <= 128) return f.template operator()<2>();
  if (cells <= 256) return f.template operator()<4>();
  return f.template operator()<11>();
}

}  // namespace sb::mnk
