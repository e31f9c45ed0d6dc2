// Threats on the m,n,k board, in the terms of gomoku (renju) for any k ("five" = k in a row):
//   five           k in a row (freestyle: k or more; standard: exactly k);
//   overline       more than k in a row, which does not win under the standard rule;
//   four           a line one stone short of a five, i.e. with one five point (the empty cell
//                  that completes it);
//   straight four  a line with two or more five points (the open four .XXXX.): unstoppable;
//   open three     a line that one more stone turns into a straight four (.XXX., .XX.X.);
//   double four, four-three: a move making two fours, or a four and an open three.
// VCF (victory by continuous fours): a win in which every attacking move is a four, so every
// defending move is forced (Allis, "Searching for Solutions in Games and Artificial
// Intelligence", 1994, ch. 5: threat-space search). The null-move idea: if the attacker, given an
// extra move, wins by VCF, the defender must play a move that breaks that VCF; replay_wins() tells
// which moves do not.
// Pairing strategy (Hales and Jewett 1963; Berlekamp, Conway and Guy, "Winning Ways", ch. 22):
// disjoint pairs of empty cells such that every line the attacker can still complete holds a
// pair; answering each attacker stone on a pair by the other cell of the pair stops every line,
// so the attacker cannot win.
//
// All functions here work on a Board<W> (board.hpp), leave it as they found it, and are meant to
// be shared by the m,n,k solvers and the gomoku engine.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "mnk/board.hpp"

namespace sb::mnk {

/// The shape a move makes on one line (direction), strongest first in value.
enum class Shape : std::uint8_t { kNone, kOpenThree, kFour, kStraightFour, kOverline, kFive };

/// Name of a shape in gomoku terms: "none", "open three", "four", "straight four", "overline",
/// "five".
const char* shape_name(Shape s);

/// The shapes one move makes, per direction (see kDirFile), and their totals.
struct MoveShapes {
  std::array<Shape, 4> dir{};  ///< shape on each of the four lines through the cell
  bool five = false;           ///< the move wins
  int fours = 0;               ///< lines with a four or a straight four (2+: double four)
  int straight_fours = 0;      ///< lines with a straight four
  int open_threes = 0;         ///< lines with an open three (2+: double three)
};

namespace detail {

/// A line through a cell: states of the cells at offsets -k..k (index k is the cell itself).
/// 0 empty, 1 the player's stone, 2 the opponent's, 3 off the board.
struct Line {
  int k = 0;
  bool standard = false;
  std::array<std::uint8_t, 2 * kMaxSide + 1> s{};
  std::uint8_t at(int i) const { return i < 0 || i > 2 * k ? 3 : s[i]; }
};

/// True when some window of the line holding index `must` is all the player's stones and (standard
/// rule) its two extension cells are not; *overline is set when such a window is full but
/// extended by the player's stone.
inline bool line_five(const Line& L, int must, bool* overline = nullptr) {
  const int k = L.k;
  for (int s = must - (k - 1); s <= must; ++s) {
    if (s < 0 || s + k - 1 > 2 * k) continue;
    bool full = true;
    for (int i = s; i < s + k && full; ++i) full = L.at(i) == 1;
    if (!full) continue;
    if (L.standard && (L.at(s - 1) == 1 || L.at(s + k) == 1)) {
      if (overline) *overline = true;
      continue;
    }
    return true;
  }
  return false;
}

/// Number of distinct empty indices y (2 at most counted when cap = 2) where a stone makes a five
/// in a window holding both the centre and y.
inline int line_five_points(Line L, int cap = 2) {
  int n = 0;
  const int k = L.k;
  for (int y = 1; y < 2 * k && n < cap; ++y) {
    if (L.s[y] != 0) continue;
    L.s[y] = 1;
    const int lo = std::max(0, std::max(y, k) - (k - 1)), hi = std::min(y, k);
    bool five = false;
    for (int s = lo; s <= hi && !five; ++s) {
      bool full = true;
      for (int i = s; i < s + k && full; ++i) full = L.at(i) == 1;
      if (full && L.standard && (L.at(s - 1) == 1 || L.at(s + k) == 1)) full = false;
      five = full;
    }
    L.s[y] = 0;
    n += five;
  }
  return n;
}

}  // namespace detail

/// The shapes that a stone of player p on the empty cell c would make (the board is unchanged).
/// Cost O(k^3) per line.
template <int W>
MoveShapes analyze_move(const Board<W>& b, int p, int c) {
  const Geometry& g = b.geometry();
  MoveShapes r;
  const int f0 = g.file(c), r0 = g.rank(c);
  for (int d = 0; d < 4; ++d) {
    detail::Line L;
    L.k = g.k;
    L.standard = g.rule == Rule::kStandard;
    for (int i = -g.k; i <= g.k; ++i) {
      const int cell = g.at(f0 + i * kDirFile[d], r0 + i * kDirRank[d]);
      const int a = cell < 0 ? -2 : cell == c ? p : b.at(cell);
      L.s[i + g.k] = a == -2 ? 3 : a < 0 ? 0 : a == p ? 1 : 2;
    }
    bool over = false;
    Shape s = Shape::kNone;
    if (detail::line_five(L, g.k, &over)) {
      s = Shape::kFive;
    } else if (over) {
      s = Shape::kOverline;
    } else {
      const int fp = detail::line_five_points(L);
      if (fp >= 2) {
        s = Shape::kStraightFour;
      } else if (fp == 1) {
        s = Shape::kFour;
      } else {
        for (int y = 1; y < 2 * g.k && s == Shape::kNone; ++y) {
          if (L.s[y] != 0) continue;
          L.s[y] = 1;
          if (detail::line_five_points(L) >= 2) s = Shape::kOpenThree;
          L.s[y] = 0;
        }
      }
    }
    r.dir[d] = s;
    if (s == Shape::kFive) r.five = true;
    if (s == Shape::kFour || s == Shape::kStraightFour) ++r.fours;
    if (s == Shape::kStraightFour) ++r.straight_fours;
    if (s == Shape::kOpenThree) ++r.open_threes;
  }
  return r;
}

/// Replays a VCF found by vcf_search for `attacker`: the attacker plays its recorded moves (even
/// positions of seq) in order, the defender answers each four on its single five point. Returns
/// true when the attacker makes a five, or a four with two five points, before the line breaks
/// (an attacker cell taken, a move that is no longer a four, or a defender five point left open).
/// The attacker must be to move; the board is restored.
template <int W>
bool replay_wins(Board<W>& b, int attacker, const std::vector<int>& seq) {
  const int defender = 1 - attacker;
  int played = 0;
  bool win = false;
  for (std::size_t i = 0; i < seq.size(); i += 2) {
    const int a = seq[i];
    if (b.occupied(a)) break;
    b.play(a);
    ++played;
    if (b.winner() == attacker) {
      win = true;
      break;
    }
    if (b.has_five_point(defender)) break;
    const int fp = b.count_five_points(attacker);
    if (fp >= 2) {
      win = true;
      break;
    }
    if (fp == 0) break;
    b.play(b.any_five_point(attacker));
    ++played;
    if (b.winner() == defender) break;
  }
  for (int i = 0; i < played; ++i) b.undo();
  return win;
}

/// Depth-first VCF search for the player to move (the attacker): each attacking move makes a four,
/// the defender answers on its five point; a five, or a four with two five points, wins. When the
/// defender has a five point the attacker must block it (with a four, or it fails) or fail when it
/// has two. Failed positions are remembered by Zobrist hash (a small table, cleared per search).
template <int W>
class VcfSearch {
 public:
  explicit VcfSearch(int table_bits = 10)
      : fail_(1u << table_bits, 0), mask_((1u << table_bits) - 1) {}

  /// Searches at most `budget` nodes. On success returns true and stores the line in *seq
  /// (attacker move, defender reply, ..., the last attacker move). The board is restored.
  bool run(Board<W>& b, std::uint64_t budget, std::vector<int>* seq = nullptr) {
    salt_ += 0x9E3779B97F4A7C15ull;  // a new generation: entries of earlier runs never match
    budget_ = budget;
    nodes_ = 0;
    line_.clear();
    attacker_ = b.to_move();
    const bool win = search(b);
    if (win && seq) *seq = line_;
    return win;
  }
  /// Nodes visited by the last run.
  std::uint64_t nodes() const { return nodes_; }
  /// True when the last run stopped on its budget (a false answer is then not a proof).
  bool exhausted() const { return nodes_ > budget_; }

 private:
  bool search(Board<W>& b) {
    const int a = attacker_, d = 1 - a;
    if (++nodes_ > budget_) return false;
    if (b.has_five_point(a)) {
      line_.push_back(b.any_five_point(a));
      return true;
    }
    const std::uint64_t key = (b.hash() ^ salt_) | 1;
    if (fail_[key & mask_] == key) return false;
    typename Board<W>::Set cand = b.four_moves(a);
    if (b.has_five_point(d)) {
      if (b.count_five_points(d) >= 2) return false;
      const int f = b.any_five_point(d);
      if (!cand.test(f)) return false;
      cand = Board<W>::Set::none();
      cand.set(f);
    }
    bool win = false;
    cand.for_each([&](int c) {
      if (win || nodes_ > budget_) return;
      b.play(c);
      const int fp = b.count_five_points(a);
      if (fp >= 2) {
        line_.push_back(c);
        win = true;
      } else if (fp == 1) {
        const int f = b.any_five_point(a);
        b.play(f);
        if (b.winner() != d) {
          const std::size_t mark = line_.size();
          line_.push_back(c);
          line_.push_back(f);
          win = search(b);
          if (!win) line_.resize(mark);
        }
        b.undo();
      }
      b.undo();
    });
    if (!win && nodes_ <= budget_) fail_[key & mask_] = key;
    return win;
  }

  std::vector<std::uint64_t> fail_;
  std::uint32_t mask_;
  std::uint64_t salt_ = 0;
  std::uint64_t budget_ = 0;
  std::uint64_t nodes_ = 0;
  int attacker_ = 0;
  std::vector<int> line_;
};

/// Searches for a pairing strategy of the defender against `attacker`: disjoint pairs of empty
/// cells such that every window live for the attacker holds both cells of a pair (whoever is to
/// move: a defender's extra stone only kills windows). Backtracking over the windows (the one
/// with the fewest free cells first, the pairs covering the most open windows first), at most
/// `budget` steps, with a bipartite-matching test of enough cells (enough_cells) at the start and
/// after the first pair. True means the attacker cannot win; false means none was found.
template <int W>
class PairingSearch {
 public:
  using Set = Bits<W>;

  bool run(const Board<W>& b, int attacker, std::uint64_t budget) {
    const Geometry& g = b.geometry();
    const int k = g.k;
    steps_ = 0;
    budget_ = budget;
    win_.clear();
    free_.clear();
    wline_.clear();
    owner_size_ = g.cells;
    lines_ = g.lines;
    const Set empty = b.empty();
    for (int w = 0; w < g.windows; ++w) {
      if (!b.window_live(w, attacker)) continue;
      Set e = Set::none();
      int f = 0;
      for (int i = 0; i < k; ++i) {
        const int c = g.win_cells[w * k + i];
        if (empty.test(c)) e.set(c), ++f;
      }
      if (f < 2) return false;  // a four (or a five): no pair fits
      win_.push_back(e);
      free_.push_back(f);
      wline_.push_back(g.win_line[w]);
    }
    const int nw = static_cast<int>(win_.size());
    if (nw == 0) return true;
    // Windows through each cell (compressed rows over this search's windows).
    begin_.assign(g.cells + 1, 0);
    for (int i = 0; i < nw; ++i) win_[i].for_each([&](int c) { ++begin_[c + 1]; });
    for (int c = 0; c < g.cells; ++c) begin_[c + 1] += begin_[c];
    through_.resize(begin_[g.cells]);
    fill_ = begin_;
    for (int i = 0; i < nw; ++i) win_[i].for_each([&](int c) { through_[fill_[c]++] = i; });
    covered_.assign(nw, 0);
    used_ = Set::none();
    if (!enough_cells()) return false;
    if (static_cast<int>(pairs_.size()) < nw + 1) pairs_.resize(nw + 1);
    return assign(0, nw);
  }
  std::uint64_t steps() const { return steps_; }

 private:
  struct Pair {
    int a, b, cover;
  };

  /// A fast necessary condition. Two windows share a pair only if they lie on one line and
  /// share two free cells. So the live windows chosen greedily along each line such that no two
  /// chosen windows of a line share two free cells need pairwise different pairs: a bipartite
  /// b-matching (each chosen window demanding two of its free cells, cells of capacity one) must
  /// place every demanded cell, or no pairing exists.
  bool enough_cells() {
    std::vector<Set>& chosen = line_cells_;
    chosen.clear();
    // Windows of a line come in order along it, and the free cells two windows share lie in the
    // overlap of their ranges, so a new window shares no more with an earlier chosen window of
    // its line than with the last one: comparing with the last chosen window suffices.
    last_.assign(lines_, -1);
    for (std::size_t i = 0; i < win_.size(); ++i) {
      if (covered_[i]) continue;
      const Set e = win_[i].andnot(used_);
      int& last = last_[wline_[i]];
      if (last >= 0 && (chosen[last] & e).at_least_two()) continue;
      last = static_cast<int>(chosen.size());
      chosen.push_back(e);
    }
    Set all = Set::none();
    for (const Set& e : chosen) all |= e;
    if (2 * static_cast<int>(chosen.size()) > all.count()) return false;
    // Augmenting paths: owner_[c] = the chosen window holding cell c, -1 when free.
    owner_.assign(owner_size_, -1);
    seen_.assign(chosen.size(), 0);
    for (std::size_t l = 0; l < chosen.size(); ++l)
      for (int u = 0; u < 2; ++u) {
        ++stamp_;
        if (!augment(static_cast<int>(l))) return false;
      }
    return true;
  }
  bool augment(int l) {
    if (seen_[l] == stamp_) return false;
    seen_[l] = stamp_;
    bool done = false;
    line_cells_[l].for_each([&](int c) {
      if (!done && owner_[c] < 0) owner_[c] = l, done = true;
    });
    if (done) return true;
    line_cells_[l].for_each([&](int c) {
      if (!done && owner_[c] != l && augment(owner_[c])) owner_[c] = l, done = true;
    });
    return done;
  }

  /// Marks cell c used (d = +1) or free again (d = -1) in the free counts of its windows.
  void use(int c, int d) {
    if (d > 0)
      used_.set(c);
    else
      used_.reset(c);
    for (int j = begin_[c]; j < begin_[c + 1]; ++j) free_[through_[j]] -= d;
  }

  bool assign(int depth, int open) {
    if (open == 0) return true;
    if (++steps_ > budget_) return false;
    if (depth > 0 && depth <= kCheckDepth && !enough_cells()) return false;
    // The open window with the fewest free cells (fewest pairs); fail when one has fewer than 2.
    int best = -1, best_free = 1 << 20;
    for (std::size_t i = 0; i < win_.size(); ++i) {
      if (covered_[i]) continue;
      if (free_[i] < best_free) {
        best_free = free_[i], best = static_cast<int>(i);
        if (best_free < 2) return false;
      }
    }
    int cells[kMaxSide];
    int nc = 0;
    win_[best].andnot(used_).for_each([&](int c) { cells[nc++] = c; });
    // Pairs of the window's free cells, those covering the most open windows first.
    std::vector<Pair>& pairs = pairs_[depth];
    pairs.clear();
    for (int x = 0; x < nc; ++x)
      for (int y = x + 1; y < nc; ++y) {
        int cover = 0;
        for (int j = begin_[cells[x]]; j < begin_[cells[x] + 1]; ++j) {
          const int i = through_[j];
          cover += !covered_[i] && win_[i].test(cells[y]);
        }
        pairs.push_back({cells[x], cells[y], cover});
      }
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const Pair& p, const Pair& q) { return p.cover > q.cover; });
    for (const Pair& pr : pairs) {
      // Cover the open windows holding both cells, take the cells, recurse, undo.
      for (int j = begin_[pr.a]; j < begin_[pr.a + 1]; ++j) {
        const int i = through_[j];
        if (!covered_[i] && win_[i].test(pr.b)) covered_[i] = depth + 2;
      }
      use(pr.a, 1);
      use(pr.b, 1);
      const bool ok = assign(depth + 1, open - pr.cover);
      use(pr.a, -1);
      use(pr.b, -1);
      for (int j = begin_[pr.a]; j < begin_[pr.a + 1]; ++j) {
        const int i = through_[j];
        if (covered_[i] == depth + 2) covered_[i] = 0;
      }
      if (ok) return true;
      if (steps_ > budget_) return false;
    }
    return false;
  }

  static constexpr int kCheckDepth = 1;  // pairs placed up to which the matching test runs
  std::vector<Set> win_;                 // free cells of each live window of the attacker
  std::vector<int> wline_;               // line of each window
  std::vector<int> free_;                // free cells of each window not yet used by a pair
  std::vector<int> begin_, fill_;        // windows through cell c: through_[begin_[c]..begin_[c+1])
  std::vector<int> through_;
  std::vector<int> covered_;              // 0 open, else depth + 2 of the pair that covers it
  std::vector<std::vector<Pair>> pairs_;  // candidate pairs per depth
  Set used_ = Set::none();
  std::vector<Set> line_cells_;  // matching: free cells of each chosen window (demand 2)
  std::vector<int> last_;        // last chosen window of each line
  std::vector<int> owner_;       // matching: chosen window holding each cell, -1 free
  std::vector<unsigned> seen_;   // matching: augmenting-path visit stamps
  unsigned stamp_ = 0;
  int owner_size_ = 0;
  int lines_ = 0;
  std::uint64_t steps_ = 0;
  std::uint64_t budget_ = 0;
};

inline const char* shape_name(Shape s) {
  switch (s) {
    case Shape::kNone:
      return "none";
    case Shape::kOpenThree:
      return "open three";
    case Shape::kFour:
      return "four";
    case Shape::kStraightFour:
      return "straight four";
    case Shape::kOverline:
      return "overline";
    case Shape::kFive:
      return "five";
  }
  return "none";
}

}  // namespace sb::mnk
