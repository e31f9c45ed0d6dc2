// The memo search engine of the queens-game kernels memo, memo-sym and memo-sym-tbb (one instance
// per thread). The game is Node Kayles on the queen's graph; its normal-play theory is the
// Sprague-Grundy theory (H. Noon and G. Van Brummelen, "The Non-Attacking Queens Game", College
// Math. J. 37 (2006); Grundy values of the n x n boards: OEIS A344227).
//
// Position: the set X of free squares, W 64-bit words (bit r * cols + c). A move on s in X gives
// X & ~attack[s]. The free squares split into connected components of the attack graph, and
// X + *h (X beside a nim heap of size h) is lost for the player to move exactly when G(X) == h.
// The engine searches the outcome of (X, h): components other than the largest are folded into
// h by their Grundy values (computed by mex for tiny components, by outcome searches for larger
// ones), so the win/loss search with its early cutoffs runs on one connected component at a
// time, children leaving the fewest free squares first, after an enhanced transposition cutoff.
// Positions of more than kLocal (32) squares are searched on W-word sets with a shared
// transposition table keyed on the canonical form (memo-sym, memo-sym-tbb: the least image under
// the board's symmetries, kept up to date for each child by word operations on the parent's
// images); smaller ones are renumbered into one 32-bit word and searched by LocalSolver
// (local_solver.hpp) with a private memo, their results for more than kLocalShared squares
// going to the shared table. Half-turn rule (T. Jenrich, arXiv:1312.5135): a position equal to
// its half-turn image in which no square attacks its image is lost. Misere play is searched
// directly (no decomposition). Work split: none inside the engine; with Concurrent, several
// engines share one table and one busy set (busy_set.hpp), and a stop flag aborts them.
// Limits: rows * cols <= kMaxSquares (368); Grundy values <= 253.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "busy_set.hpp"
#include "geometry.hpp"
#include "local_solver.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"
#include "table.hpp"

namespace sb::queens_game::detail {

/// Per-thread counters.
struct Stats {
  std::uint64_t nodes = 0;
  std::uint64_t stored = 0;
};

/// Thrown inside a cancelled parallel subtree (memo-sym-tbb) to unwind it; never escapes a kernel.
struct Aborted {};

/// Tags in the table key: 0..kMaxHeap = outcome of (X, h); kTagGrundy; kTagMisere.
inline constexpr int kMaxHeap = 253;
inline constexpr int kTagGrundy = 254;
inline constexpr int kTagMisere = 255;

/// Positions of at most kLocal free squares are searched by Local (no shared table); those of
/// more than kLocalShared of them still have their result kept in the shared table.
inline constexpr int kLocal = 32;
inline constexpr int kLocalShared = 20;

/// A position with its images under the board's symmetries (img[0] is the position itself,
/// img[t] its image under symmetry t < Geometry::nsym). A child's images are the parent's minus
/// the images of the squares the move attacks, so the canonical key of any child costs nsym * W
/// word operations instead of a walk over its squares.
template <int W>
struct Pos {
  Set<W> img[8];
  const Set<W>& x() const { return img[0]; }
};

/// The memo search engine on one thread. Table keys are canonical when the geometry has its
/// symmetries (memo-sym), the free-square set itself otherwise (memo). Concurrent: shared table,
/// busy set and cooperative cancellation (for memo-sym-tbb).
template <int W, bool Concurrent>
class Engine {
 public:
  using S = Set<W>;
  using P = Pos<W>;
  /// Most squares a board on W words has (the scratch arrays' size; kMaxSquares at W = 6).
  static constexpr int kSquares = squares_for(W);
  /// A move: the square played and the number of free squares it leaves.
  struct Move {
    int sq;
    int count;
  };
  /// stop: polled every 256 table searches; once it is true the search throws Aborted.
  /// busy: with Concurrent, the positions other threads are searching (deferred when met).
  Engine(const Geometry<W>& g, Table<W, Concurrent>& tt, Stats& st,
         const std::atomic<bool>* stop = nullptr, Busy* busy = nullptr)
      : g_(g), tt_(tt), st_(st), stop_(stop), busy_(busy) {}

  /// The position x with its symmetry images.
  P pos(const S& x) const {
    P p;
    g_.images(x, p.img);
    return p;
  }
  /// The position after playing square sq (a member of p.x()).
  void child(const P& p, int sq, P& c) const {
    const std::uint16_t* pm = g_.perm.data() + sq * 8;
    for (int t = 0; t < g_.nsym; ++t) c.img[t] = p.img[t].andnot(g_.att[pm[t]]);
  }

  /// Normal play: does the player to move win X + *h?
  bool wins(const S& x, int h) { return wins(pos(x), h); }
  bool wins(P p, int h) {
    ++st_.nodes;
    if (p.x().empty() || mirrored(p)) return h != 0;
    reduce(p, h);
    const int cnt = p.x().count();
    if (cnt > kLocal) return wins_conn(p, h);
    if (cnt <= kLocalShared) return local_wins(p.x(), h);
    const S key = g_.least(p.img);
    const int v = tt_.find(key, h);
    if (v >= 0) return v != 0;
    const bool win = local_wins(p.x(), h);
    if (tt_.store(key, h, win ? 1 : 0)) ++st_.stored;
    return win;
  }

  /// Normal play Grundy value of any X (XOR over its components).
  int grundy(const S& x) {
    int g = 0;
    S rest = x;
    while (!rest.empty()) {
      const S c = g_.component(rest, rest.lowest());
      g ^= grundy_conn(c);
      rest = rest.andnot(c);
    }
    return g;
  }

  /// Misere play: does the player to move win X (the player who cannot move wins)?
  bool wins_misere(const S& x) { return wins_misere(pos(x)); }
  bool wins_misere(const P& p) {
    ++st_.nodes;
    const S& x = p.x();
    if (x.empty()) return true;
    const int cnt = x.count();
    if (cnt == 1) return false;
    const S key = g_.least(p.img);
    const int v = tt_.find(key, kTagMisere);
    if (v >= 0) return v != 0;
    poll();
    Move kids[kSquares];
    const int k = children(x, kids);
    const bool win = any_lost(p, kids, k, kTagMisere, [&](const P& c) { return !wins_misere(c); });
    if (tt_.store(key, kTagMisere, win ? 1 : 0)) ++st_.stored;
    return win;
  }

  /// Grundy value of a connected X.
  int grundy_conn(const S& x) {
    const int cnt = x.count();
    if (cnt <= 2) return cnt == 0 ? 0 : 1;  // 1 square, or 2 squares that attack each other
    if (cnt > kLocal) {
      const P p = pos(x);
      if (mirrored(p)) return 0;
      for (int h = 0; h <= kMaxHeap; ++h)
        if (!wins_conn(p, h)) return h;
      throw std::runtime_error("queens-game: Grundy value above 253");
    }
    load_local(x);
    const int g = local_.grundy(local_all_);
    st_.nodes += std::exchange(local_.nodes, 0);
    return g;
  }

  /// Outcome of X + *h for X of at most kLocal squares, by Local.
  bool local_wins(const S& x, int h) {
    load_local(x);
    const bool win = local_.wins(local_all_, h);
    st_.nodes += std::exchange(local_.nodes, 0);
    return win;
  }

  /// Numbers the squares of x (at most 32) 0..m-1 for Local: two squares attack each other when
  /// they share a row, a column or a diagonal, so each local neighbourhood is the union of the
  /// local squares on the four lines of the square.
  void load_local(const S& x) {
    auto& line = line_;  // all zero between calls
    std::uint16_t lines[LocalSolver::kMax][4];
    int m = 0;
    x.for_each([&](int s) {
      const std::uint16_t* l = g_.lines.data() + s * 4;
      for (int j = 0; j < 4; ++j) {
        lines[m][j] = l[j];
        line[j][l[j]] |= LocalU{1} << m;
      }
      ++m;
    });
    LocalU nb[LocalSolver::kMax];
    for (int i = 0; i < m; ++i)
      nb[i] =
          line[0][lines[i][0]] | line[1][lines[i][1]] | line[2][lines[i][2]] | line[3][lines[i][3]];
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < 4; ++j) line[j][lines[i][j]] = 0;
    local_.load(nb, m);
    local_all_ = m == LocalSolver::kMax ? ~LocalU{0} : (LocalU{1} << m) - 1;
  }

  /// Half-turn rule (Jenrich's strategy for odd n x n boards, arXiv:1312.5135, generalised):
  /// when X is its own image under the half turn and no square of X attacks its image, the
  /// player to move loses X under normal play, so G(X) = 0. The opponent answers every queen
  /// with its mirror image, which is still free (X is symmetric and the queen does not attack
  /// it), and what remains is again symmetric, so the opponent always has a move.
  bool mirrored(const P& p) const {
    return g_.half_turn >= 0 && p.img[g_.half_turn] == p.x() && !p.x().intersects(g_.self_facing);
  }

  /// Outcome of X + *h for a connected X with more than kLocal squares.
  bool wins_conn(const P& p, int h) {
    if (mirrored(p)) return h != 0;
    const S key = g_.least(p.img);
    const int v = tt_.find(key, h);
    if (v >= 0) return v != 0;
    poll();
    Move kids[kSquares];
    const int k = children(p.x(), kids);
    bool win = false;
    for (int h2 = 0; h2 < h && !win; ++h2) win = tt_.find(key, h2) == 0;  // heap move, known
    if (!win && p.x().count() >= etc_min()) win = etc(p, kids, k, h);
    win = win || any_lost(p, kids, k, h, [&](const P& c) { return !wins(c, h); });
    for (int h2 = 0; h2 < h && !win; ++h2) win = !wins_conn(p, h2);
    if (tt_.store(key, h, win ? 1 : 0)) ++st_.stored;
    return win;
  }

  /// Smallest position (free squares) whose children are first looked up in the table.
  static constexpr int etc_min() { return 20; }
  /// Enhanced transposition cutoff: true when the table already proves a child of p lost.
  /// The children's buckets are prefetched a few lookups ahead.
  bool etc(const P& p, const Move* kids, int k, int h) {
    constexpr int kAhead = 8;
    S keys[kSquares];
    int m = 0;
    P c;
    for (int i = 0; i < k; ++i)
      if (kids[i].count > kLocalShared) {
        child(p, kids[i].sq, c);
        if (h == 0 && mirrored(c)) return true;
        keys[m] = g_.least(c.img);
        if (m < kAhead) tt_.prefetch(keys[m], h);
        ++m;
      }
    for (int j = 0; j < m; ++j) {
      if (j + kAhead < m) tt_.prefetch(keys[j + kAhead], h);
      if (tt_.find(keys[j], h) == 0) return true;
    }
    return false;
  }

  /// Folds every component of p but the largest into h (by Grundy value); p becomes the
  /// largest, its images with it.
  void reduce(P& p, int& h) {
    const S& x = p.x();
    S c = g_.component(x, x.lowest());
    if (c == x) return;
    S comps[kSquares];
    int m = 0, big = 0, bigc = 0;
    S rest = x;
    while (true) {
      comps[m] = c;
      const int cc = c.count();
      if (cc > bigc) bigc = cc, big = m;
      ++m;
      rest = rest.andnot(c);
      if (rest.empty()) break;
      c = g_.component(rest, rest.lowest());
    }
    S gone = S::none();
    for (int i = 0; i < m; ++i)
      if (i != big) {
        h ^= grundy_conn(comps[i]);
        gone |= comps[i];
      }
    const std::uint16_t* pm = g_.perm.data();
    gone.for_each([&](int s) {
      for (int t = 0; t < g_.nsym; ++t) p.img[t].clear(pm[s * 8 + t]);
    });
  }

  /// A move's sort key: (free squares left) << kSquareBits | square.
  static constexpr int kSquareBits = std::bit_width(static_cast<unsigned>(kSquares - 1));
  static constexpr std::uint32_t kSquareMask = (1u << kSquareBits) - 1;

  /// Moves on x, those that leave the fewest free squares first (ties: lower square first).
  int children(const S& x, Move* kids) const {
    std::uint32_t key[kSquares];
    int k = 0;
    x.for_each([&](int s) {
      key[k++] = static_cast<std::uint32_t>(x.andnot(g_.att[s]).count()) << kSquareBits | s;
    });
    // Measured on 12 x 12: 2.4x fewer nodes than square order, 6x fewer than the reverse.
    std::sort(key, key + k);
    for (int i = 0; i < k; ++i)
      kids[i] = {static_cast<int>(key[i] & kSquareMask), static_cast<int>(key[i] >> kSquareBits)};
    return k;
  }

  Stats& stats() { return st_; }

  /// Searches the children of p in the order of kids until lost_for_opponent(child) is true.
  /// With a busy set (memo-sym-tbb): the first child is searched at once; a later child of at
  /// least kBusyMin squares that another thread is searching is put off until the others are
  /// done (by then its result is often in the table), and the children searched are marked.
  template <class F>
  bool any_lost(const P& p, const Move* kids, int k, int tag, F&& lost_for_opponent) {
    P c;
    if constexpr (Concurrent) {
      if (busy_ != nullptr && k > 1 && kids[k - 1].count >= kBusyMin) {
        int later[kSquares];
        int nl = 0;
        for (int i = 0; i < k; ++i) {
          child(p, kids[i].sq, c);
          if (i > 0 && kids[i].count >= kBusyMin) {
            const std::uint64_t bh = tt_.key_hash(g_.least(c.img), tag);
            if (busy_->contains(bh)) {
              later[nl++] = i;
              continue;
            }
            Busy::Mark mark(busy_, bh);
            if (lost_for_opponent(c)) return true;
          } else if (lost_for_opponent(c)) {
            return true;
          }
        }
        for (int j = 0; j < nl; ++j) {
          child(p, kids[later[j]].sq, c);
          Busy::Mark mark(busy_, tt_.key_hash(g_.least(c.img), tag));
          if (lost_for_opponent(c)) return true;
        }
        return false;
      }
    }
    for (int i = 0; i < k; ++i) {
      child(p, kids[i].sq, c);
      if (lost_for_opponent(c)) return true;
    }
    return false;
  }

 private:
  void poll() {
    if (stop_ != nullptr && (++polls_ & 255) == 0 && stop_->load(std::memory_order_relaxed))
      throw Aborted{};
  }

  const Geometry<W>& g_;
  Table<W, Concurrent>& tt_;
  Stats& st_;
  const std::atomic<bool>* stop_ = nullptr;
  Busy* busy_ = nullptr;
  using LocalU = std::uint32_t;
  LocalSolver local_;
  LocalU local_all_ = 0;
  LocalU line_[4][kSquares + 1] = {};  // load_local's scratch: local squares on each line
  unsigned polls_ = 0;
};

}  // namespace sb::queens_game::detail
