// The search core of the gomoku engine (engine.hpp): one Searcher per thread on its own m,n,k
// board (src/mnk/board.hpp: window counts, five points, four moves), a padded cell array for the
// line-shape look-ups (shapes.hpp), an incremental window evaluation, and src/mnk's VcfSearch
// and replay_wins (threats.hpp) for the threat tests. Internal to src/gomoku and kernels/gomoku.
//
// Alpha-beta node (negamax, principal variation search, transposition table on Zobrist keys):
//   1. the player to move has a five point: a win; the opponent has two: a loss; a full board,
//      or no window left for either player: a draw;
//   2. the opponent has one five point: the block is the only move (searched one ply deeper);
//   3. at depth 0: the evaluation;
//   4. the player to move wins by VCF: a win;
//   5. null move: if the opponent, given a free move, would win by VCF, only the moves that break
//      that VCF (src/mnk replay_wins) are searched, and none left is a loss (threat-space search,
//      Allis 1994, ch. 5);
//   6. otherwise the empty points within two of a stone, ordered by their pattern value (the
//      shapes they make for the player and deny the opponent), the best `beam` of them.
// Evaluation: every window of five points still open for one player only is worth
// kTuple[stones] to that player (the "tuple" evaluation of gomoku programs), kept incrementally.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "gomoku/engine.hpp"
#include "gomoku/shapes.hpp"
#include "mnk/board.hpp"
#include "mnk/table.hpp"
#include "mnk/threats.hpp"

namespace sb::gomoku::detail {

using Clock = std::chrono::steady_clock;

/// Transposition-table key: the Zobrist hash of the stones (the side to move follows from the
/// number of stones, since the search never passes).
struct TTKey {
  std::uint64_t z = 0;
  bool operator==(const TTKey& o) const { return z == o.z; }
  std::uint64_t hash() const { return z; }
};
enum Bound : std::uint8_t { kExact, kLower, kUpper };
struct TTData {
  std::int16_t score = 0;
  std::int16_t move = -1;
  std::int8_t depth = 0;
  std::uint8_t bound = kExact;
  std::uint64_t keep() const { return static_cast<std::uint64_t>(depth + 1); }
};
using TT = mnk::Table<TTKey, TTData, true>;

/// Shared state of one search: limits, clock, stop flags, totals.
struct Shared {
  Clock::time_point start;
  double hard_seconds = 0;      // 0: no clock
  std::uint64_t max_nodes = 0;  // 0: none
  const std::atomic<bool>* external_stop = nullptr;
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> nodes{0};  // flushed by the searchers every 1024 nodes
  Live* live = nullptr;
};

inline constexpr int kTuple[6] = {0, 1, 8, 50, 250, 0};
inline constexpr int kTempo = 12;
inline constexpr int kMaxPly = 120;
inline constexpr int kNodeVcfBudget = 60;  // VCF nodes per alpha-beta node and question

/// Pattern value of each shape (move ordering and level 2).
inline constexpr int kShapeValue[9] = {0, 0, 4, 14, 10, 70, 80, 3000, 100000};

/// How strong a move's threat is, from its shapes on the four lines.
struct Threat {
  int value = 0;  // sum of shape values plus combination bonuses
  int level = 0;  // 5 five, 4 straight four / double four / four-three, 3 double three,
                  // 2 four or open three, 1 anything else
  int fours = 0, open_threes = 0, threes = 0;
};

/// Mate scores in the table are relative to the node that stores them (the table serves every
/// ply): a win in p plies from the root is stored as a win in p - ply plies from the node.
inline int to_tt(int s, int ply) {
  return s > kWinThreshold ? s + ply : s < -kWinThreshold ? s - ply : s;
}
inline int from_tt(int s, int ply) {
  return s > kWinThreshold ? s - ply : s < -kWinThreshold ? s + ply : s;
}

/// Probes the table at a node: *tt_move gets the stored move (or stays -1); returns true with
/// *score when the stored bound decides the node (deep enough, not on the principal variation).
inline bool tt_probe(TT* tt, std::uint64_t z, int depth, int alpha, int beta, int ply, bool pv,
                     int* tt_move, int* score) {
  TTKey key{z};
  TTData e;
  if (!tt || !tt->find(key, key.z, &e)) return false;
  *tt_move = e.move;
  if (e.depth < depth || pv) return false;
  const int s = from_tt(e.score, ply);
  if (e.bound == kExact || (e.bound == kLower && s >= beta) || (e.bound == kUpper && s <= alpha)) {
    *score = s;
    return true;
  }
  return false;
}

/// Stores a node's result: its best score and move, the depth, and the bound from the window.
inline void tt_store(TT* tt, std::uint64_t z, int best, int best_move, int depth, int alpha,
                     int beta, int ply) {
  if (!tt) return;
  TTData st;
  st.score = static_cast<std::int16_t>(to_tt(best, ply));
  st.move = static_cast<std::int16_t>(best_move);
  st.depth = static_cast<std::int8_t>(std::min(depth, 127));
  st.bound = best >= beta ? kLower : best > alpha ? kExact : kUpper;
  TTKey key{z};
  tt->store(key, key.z, st);
}

/// Sorts cells by value, best first (insertion sort: short lists, stable).
inline void sort_by_value(int* cells, int* values, int n) {
  for (int i = 1; i < n; ++i) {
    const int c = cells[i], v = values[i];
    int j = i - 1;
    while (j >= 0 && values[j] < v) {
      cells[j + 1] = cells[j];
      values[j + 1] = values[j];
      --j;
    }
    cells[j + 1] = c;
    values[j + 1] = v;
  }
}

/// A searcher's poll of the shared limits: adds its nodes since the last poll to the total and
/// returns true when the search must stop (another thread stopped it, the caller's stop flag,
/// the node limit or the clock), then stopping every thread; updates the live node count.
inline bool poll_shared(Shared* sh, std::uint64_t nodes, std::uint64_t* flushed) {
  sh->nodes.fetch_add(nodes - *flushed, std::memory_order_relaxed);
  *flushed = nodes;
  if (sh->stop.load(std::memory_order_relaxed)) return true;
  const bool stop =
      (sh->external_stop && sh->external_stop->load(std::memory_order_relaxed)) ||
      (sh->max_nodes && sh->nodes.load(std::memory_order_relaxed) >= sh->max_nodes) ||
      (sh->hard_seconds > 0 &&
       std::chrono::duration<double>(Clock::now() - sh->start).count() >= sh->hard_seconds);
  if (stop) sh->stop.store(true, std::memory_order_relaxed);
  if (sh->live)
    sh->live->nodes.store(sh->nodes.load(std::memory_order_relaxed), std::memory_order_relaxed);
  return stop;
}

/// One iteration at the root over moves[0..n) for a searcher S (play(cell), undo(),
/// search(depth, alpha, beta, ply), aborted()): principal variation search, the moves searched
/// re-ordered best first in place (stable). Returns the best score; *completed = the moves fully
/// searched before an abort.
template <class S>
int search_root_moves(S& s, int depth, int* moves, int n, int* completed) {
  int a = -kWin - 1;
  const int beta = kWin + 1;
  std::vector<int> score(n, -kWin - 1);
  *completed = 0;
  int best = -kWin - 1;
  for (int i = 0; i < n; ++i) {
    s.play(moves[i]);
    int v;
    if (i == 0) {
      v = -s.search(depth - 1, -beta, -a, 1);
    } else {
      v = -s.search(depth - 1, -a - 1, -a, 1);
      if (!s.aborted() && v > a) v = -s.search(depth - 1, -beta, -a, 1);
    }
    s.undo();
    if (s.aborted()) break;
    score[i] = v;
    ++*completed;
    if (v > best) best = v;
    if (v > a) a = v;
  }
  std::vector<int> idx(n);
  for (int i = 0; i < n; ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.begin() + *completed,
                   [&](int x, int y) { return score[x] > score[y]; });
  std::vector<int> mv(moves, moves + n);
  for (int i = 0; i < n; ++i) moves[i] = mv[idx[i]];
  return best;
}

template <int W>
class Searcher {
 public:
  using Set = mnk::Bits<W>;
  static constexpr int kMaxCells = W * 64;

  Searcher(const mnk::Geometry& g, TT* tt, Shared* sh) : g_(g), b_(g), tt_(tt), sh_(sh), vcf_(12) {
    m_ = g.m;
    n_ = g.n;
    pw_ = m_ + 10;
    pad_.assign(static_cast<std::size_t>(pw_) * (n_ + 10), 3);
    pidx_.resize(g.cells);
    for (int c = 0; c < g.cells; ++c) {
      pidx_[c] = (c / m_ + 5) * pw_ + (c % m_ + 5);
      pad_[pidx_[c]] = 0;
    }
    doff_[0] = 1;
    doff_[1] = pw_;
    doff_[2] = pw_ + 1;
    doff_[3] = 1 - pw_;
    nbr_begin_.push_back(0);
    for (int c = 0; c < g.cells; ++c) {
      const int f = c % m_, r = c / m_;
      for (int dr = -2; dr <= 2; ++dr)
        for (int df = -2; df <= 2; ++df) {
          const int q = g.at(f + df, r + dr);
          if (q >= 0 && q != c) nbr_.push_back(q);
        }
      nbr_begin_.push_back(static_cast<int>(nbr_.size()));
    }
    near_.assign(g.cells, 0);
    star_.assign(g.cells, 0);
    for (int p = 0; p < 2; ++p)
      for (int v = 0; v < 4; ++v) smap_[p][v] = v == 0 ? 0 : v == p + 1 ? 1 : 2;
  }

  mnk::Board<W>& board() { return b_; }
  /// The line of the last VCF found by node_moves (the player to move's, at a decided node).
  const std::vector<int>& last_vcf() const { return seq_; }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t plays() const { return plays_; }
  bool aborted() const { return aborted_; }

  void set_position(const std::vector<int>& moves) {
    while (b_.moves_played() > 0) undo();
    for (int c : moves) play(c);
  }

  // ---- board -------------------------------------------------------------------------------

  void play(int c) {
    const int p = b_.to_move();
    eval_ -= window_sum(c);
    b_.play(c);
    eval_ += window_sum(c);
    pad_[pidx_[c]] = static_cast<std::uint8_t>(p + 1);
    for (int i = nbr_begin_[c], e = nbr_begin_[c + 1]; i < e; ++i) ++near_[nbr_[i]];
    ++plays_;
  }
  void undo() {
    const int c = b_.last_move();
    eval_ -= window_sum(c);
    b_.undo();
    eval_ += window_sum(c);
    pad_[pidx_[c]] = 0;
    for (int i = nbr_begin_[c], e = nbr_begin_[c + 1]; i < e; ++i) --near_[nbr_[i]];
  }

  /// Black-minus-white tuple value of the windows through c (and, standard rule, extended by c).
  int window_sum(int c) const {
    int s = 0;
    for (int i = g_.cw_begin[c], e = g_.cw_begin[c + 1]; i < e; ++i) s += window_value(g_.cw[i]);
    if (g_.rule == mnk::Rule::kStandard)
      for (int i = g_.ce_begin[c], e = g_.ce_begin[c + 1]; i < e; ++i) s += window_value(g_.ce[i]);
    return s;
  }
  int window_value(int w) const {
    int s = 0;
    if (b_.window_live(w, 0)) s += kTuple[b_.count(w, 0)];
    if (b_.window_live(w, 1)) s -= kTuple[b_.count(w, 1)];
    return s;
  }

  /// Static evaluation for the player to move.
  int evaluate() const { return (b_.to_move() == 0 ? eval_ : -eval_) + kTempo; }

  // ---- shapes ------------------------------------------------------------------------------

  Shape shape_at(int c, int p, int d) const {
    const std::uint8_t* mp = smap_[p];
    const std::uint8_t* q = &pad_[pidx_[c]];
    const int o = doff_[d];
    int k = mp[q[5 * o]];
    k = k * 3 + mp[q[4 * o]];
    k = k * 3 + mp[q[3 * o]];
    k = k * 3 + mp[q[2 * o]];
    k = k * 3 + mp[q[o]];
    k = k * 3 + mp[q[-o]];
    k = k * 3 + mp[q[-2 * o]];
    k = k * 3 + mp[q[-3 * o]];
    k = k * 3 + mp[q[-4 * o]];
    k = k * 3 + mp[q[-5 * o]];
    return shapes_[k];
  }

  Threat threat(int c, int p) const {
    if (shapes_ == nullptr) shapes_ = shape_table(g_.rule);  // built at first use (~10 ms)
    Threat t;
    bool five = false, straight = false;
    for (int d = 0; d < 4; ++d) {
      const Shape s = shape_at(c, p, d);
      t.value += kShapeValue[static_cast<int>(s)];
      if (s == Shape::kFive) five = true;
      if (s == Shape::kStraightFour) straight = true;
      if (s == Shape::kFour || s == Shape::kStraightFour) ++t.fours;
      if (s == Shape::kOpenThree) ++t.open_threes;
      if (s == Shape::kThree) ++t.threes;
    }
    if (five) {
      t.level = 5;
    } else if (straight || t.fours >= 2 || (t.fours >= 1 && t.open_threes >= 1)) {
      t.level = 4;
      t.value += 6000;
    } else if (t.open_threes >= 2) {
      t.level = 3;
      t.value += 1500;
    } else if (t.fours >= 1 || t.open_threes >= 1) {
      t.level = 2;
    } else {
      t.level = 1;
    }
    return t;
  }

  /// Ordering value of the empty cell c for the player to move: attack plus most of defence.
  int move_value(int c) const {
    const int me = b_.to_move();
    const Threat a = threat(c, me), d = threat(c, me ^ 1);
    return a.value * 5 + d.value * 4 + (g_.cells - g_.centre_rank[c]) / 8;
  }

  /// The empty cells within two of a stone (the centre-most cell on an empty board), with their
  /// ordering values, best first. Returns the count.
  int candidates(int* cells, int* values) const {
    int n = 0;
    if (b_.stone_count() == 0) {
      cells[0] = g_.by_centre[0];
      values[0] = 0;
      return 1;
    }
    b_.empty().for_each([&](int c) {
      if (near_[c] > 0) {
        cells[n] = c;
        values[n] = move_value(c);
        ++n;
      }
    });
    sort_by_value(cells, values, n);
    return n;
  }

  /// Of the cells given, keeps those after which the opponent's VCF `seq` (found with a free
  /// move) no longer works. Returns the count kept.
  int filter_defences(int* cells, int* values, int n, const std::vector<int>& seq) {
    const int op = b_.to_move() ^ 1;
    // Only a stone within four of a cell of the line, on one of its four lines, or one that
    // makes a four for the player to move, can change the replay (it must take a cell of the
    // line, sit in a window of one of its fours, or give the defender a five point); the rest
    // are skipped without replaying.
    if (++star_gen_ == 0) std::fill(star_.begin(), star_.end(), 0), star_gen_ = 1;
    for (int c : seq) {
      const int f = c % m_, r = c / m_;
      for (int d = 0; d < 4; ++d)
        for (int k = -4; k <= 4; ++k) {
          const int q = g_.at(f + k * mnk::kDirFile[d], r + k * mnk::kDirRank[d]);
          if (q >= 0) star_[q] = star_gen_;
        }
    }
    b_.four_moves(op ^ 1).for_each([&](int c) { star_[c] = star_gen_; });
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      if (star_[cells[i]] != star_gen_) continue;
      b_.play(cells[i]);
      ++plays_;
      const bool still = mnk::replay_wins(b_, op, seq);
      b_.undo();
      if (!still) {
        cells[kept] = cells[i];
        values[kept] = values[i];
        ++kept;
      }
    }
    return kept;
  }

  /// The empty cells after which the opponent's VCF `seq` (found with a free move for the
  /// opponent) no longer works, best ordering value first. Returns the count.
  int defences(int* cells, int* values, const std::vector<int>& seq) {
    int n = 0;
    b_.empty().for_each([&](int c) { cells[n] = c, values[n] = 0, ++n; });
    n = filter_defences(cells, values, n, seq);
    for (int i = 0; i < n; ++i) values[i] = move_value(cells[i]);
    sort_by_value(cells, values, n);
    return n;
  }

  // ---- clock -------------------------------------------------------------------------------

  void poll() {
    if (poll_shared(sh_, nodes_, &flushed_)) aborted_ = true;
  }
  void flush() {
    sh_->nodes.fetch_add(nodes_ - flushed_, std::memory_order_relaxed);
    flushed_ = nodes_;
  }
  void reset_abort() { aborted_ = false; }

  // ---- VCF ---------------------------------------------------------------------------------

  /// VCF for the player to move within `budget` nodes (line into *seq when given).
  bool vcf(std::uint64_t budget, std::vector<int>* seq, bool* exhausted = nullptr) {
    const bool win = vcf_.run(b_, budget, seq);
    nodes_ += vcf_.nodes();
    if (exhausted) *exhausted = vcf_.exhausted();
    return win;
  }

  // ---- alpha-beta --------------------------------------------------------------------------

  /// Beam width (moves searched) at a node with `depth` plies left.
  static int beam(int depth) { return depth >= 6 ? 14 : depth >= 3 ? 11 : 8; }

  /// Moves of a node in search order. Returns -1 when the node is decided before any move
  /// (*decided holds its score), else the count.
  int node_moves(int depth, int ply, int tt_move, int* cells, int* values, int* decided,
                 bool root) {
    const int me = b_.to_move(), op = me ^ 1;
    (void)me;
    const int nf = b_.count_five_points(op);
    if (nf == 1) {
      cells[0] = b_.any_five_point(op);
      values[0] = 0;
      return 1;
    }
    if (vcf(kNodeVcfBudget * (root ? 50 : 1), &seq_)) {
      *decided = kWin - ply - static_cast<int>(seq_.size()) - 1;
      return -1;
    }
    b_.pass();
    const bool threat = vcf(kNodeVcfBudget * (root ? 50 : 1), &seq_);
    b_.undo();
    int n = 0;
    if (threat) {
      // every empty cell that can break the VCF (not only those near stones: a defence may sit
      // next to a cell of the VCF that is still empty)
      n = defences(cells, values, seq_);
      if (n == 0) {
        *decided = -(kWin - ply - static_cast<int>(seq_.size()) - 1);
        return -1;
      }
      if (!root) n = std::min(n, beam(depth) + 4);
    } else {
      n = std::min(candidates(cells, values), root ? 40 : beam(depth));
    }
    if (tt_move >= 0)
      for (int i = 1; i < n; ++i)
        if (cells[i] == tt_move) {
          std::rotate(cells, cells + i, cells + i + 1);
          std::rotate(values, values + i, values + i + 1);
          break;
        }
    return n;
  }

  int search(int depth, int alpha, int beta, int ply) {
    ++nodes_;
    if ((nodes_ & 255) == 0) poll();
    if (aborted_) return 0;
    const int me = b_.to_move(), op = me ^ 1;
    if (b_.has_five_point(me)) return kWin - ply - 1;
    const int nf = b_.count_five_points(op);
    if (nf >= 2) return -(kWin - ply - 2);
    if (b_.full() || (b_.live_windows(0) == 0 && b_.live_windows(1) == 0)) return 0;
    if ((depth <= 0 && nf == 0) || ply >= kMaxPly) return evaluate();
    const bool pv = beta - alpha > 1;
    int tt_move = -1, tt_score = 0;
    if (tt_probe(tt_, b_.hash(), depth, alpha, beta, ply, pv, &tt_move, &tt_score)) return tt_score;
    int cells[kMaxCells], values[kMaxCells];
    int decided = 0;
    const int n = nf == 1 ? 1 : node_moves(depth, ply, tt_move, cells, values, &decided, false);
    if (nf == 1) cells[0] = b_.any_five_point(op);
    if (n < 0) return decided;
    const int ext = nf == 1 ? 1 : 0;
    int best = -kWin - 1, best_move = -1, a = alpha;
    for (int i = 0; i < n; ++i) {
      const int c = cells[i];
      play(c);
      int v;
      const int nd = depth - 1 + ext;
      if (i == 0) {
        v = -search(nd, -beta, -a, ply + 1);
      } else {
        // late moves of quiet nodes one ply shallower first
        const int r = (i >= 3 && depth >= 3 && ext == 0) ? 1 : 0;
        v = -search(nd - r, -a - 1, -a, ply + 1);
        if (v > a && (r > 0 || v < beta)) v = -search(nd, -beta, -a, ply + 1);
      }
      undo();
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = c;
        if (v > a) {
          a = v;
          if (a >= beta) break;
        }
      }
    }
    tt_store(tt_, b_.hash(), best, best_move, depth, alpha, beta, ply);
    return best;
  }

  /// Root moves (forced cases handled by the caller): see node_moves; the count, or -1 with
  /// *decided when the root is decided.
  int root_moves(int* cells, int* values, int* decided) {
    TTKey key{b_.hash()};
    TTData e;
    const int tt_move = tt_->find(key, key.z, &e) ? e.move : -1;
    return node_moves(64, 0, tt_move, cells, values, decided, true);
  }

  /// One iteration at the root over moves[0..n) (search_root_moves).
  int search_root(int depth, int* moves, int n, int* completed) {
    return search_root_moves(*this, depth, moves, n, completed);
  }

  /// The principal variation from the table, at most `max` moves (board restored).
  std::vector<int> pv_from_tt(int max) {
    std::vector<int> pv;
    for (int i = 0; i < max; ++i) {
      TTKey key{b_.hash()};
      TTData e;
      if (!tt_->find(key, key.z, &e) || e.move < 0 || b_.occupied(e.move) || b_.winner() >= 0)
        break;
      pv.push_back(e.move);
      play(e.move);
    }
    for (std::size_t i = 0; i < pv.size(); ++i) undo();
    return pv;
  }

  // ---- VCT ---------------------------------------------------------------------------------

  /// VCT for the player to move: at most `threats` threes in a line, `budget` nodes.
  bool vct(int threats, std::uint64_t budget, std::vector<int>* line, bool* exhausted) {
    vct_budget_ = budget;
    vct_nodes_ = 0;
    vct_memo_.clear();
    attacker_ = b_.to_move();
    bool win = false;
    for (int d = 1; d <= threats && !win; ++d) {
      vct_line_.clear();
      win = vct_or(d);
      if (vct_nodes_ > vct_budget_ || aborted_) break;
    }
    if (exhausted) *exhausted = !win && (vct_nodes_ > vct_budget_ || aborted_);
    if (win && line) *line = vct_line_;
    return win;
  }
  std::uint64_t vct_nodes() const { return vct_nodes_; }

  bool vct_over() {
    if ((++vct_nodes_ & 31) == 0) poll();  // a VCT node may run a VCF: poll often
    return vct_nodes_ > vct_budget_ || aborted_;
  }

  bool vct_or(int depth) {
    if (vct_over()) return false;
    ++nodes_;
    const int A = attacker_, D = A ^ 1;
    if (b_.has_five_point(A)) {
      vct_line_.push_back(b_.any_five_point(A));
      return true;
    }
    const int nd = b_.count_five_points(D);
    if (nd >= 2) return false;
    if (nd == 1) {
      const int f = b_.any_five_point(D);
      const std::size_t mark = vct_line_.size();
      vct_line_.push_back(f);
      play(f);
      const bool r = vct_and(depth);
      undo();
      if (!r) vct_line_.resize(mark);
      return r;
    }
    std::vector<int> seq;
    if (vcf(kNodeVcfBudget * 4, &seq)) {
      vct_line_.insert(vct_line_.end(), seq.begin(), seq.end());
      return true;
    }
    if (depth <= 0) return false;
    const std::uint64_t key = b_.hash();
    auto it = vct_memo_.find(key);
    if (it != vct_memo_.end() && it->second >= depth) return false;  // disproved at this depth
    // threat moves: fours, open threes, and moves making two threes
    int cells[kMaxCells], values[kMaxCells];
    int n = 0;
    b_.empty().for_each([&](int c) {
      if (near_[c] == 0) return;
      const Threat t = threat(c, A);
      if (t.level >= 2 || t.threes + t.open_threes >= 2) {
        cells[n] = c;
        values[n] = t.value * 5 + threat(c, D).value * 2;
        ++n;
      }
    });
    sort_by_value(cells, values, n);
    n = std::min(n, 16);
    for (int i = 0; i < n; ++i) {
      const std::size_t mark = vct_line_.size();
      vct_line_.push_back(cells[i]);
      play(cells[i]);
      const bool r = vct_and(depth - 1);
      undo();
      if (r) return true;
      vct_line_.resize(mark);
      if (vct_nodes_ > vct_budget_ || aborted_) return false;
    }
    if (vct_nodes_ <= vct_budget_ && !aborted_) vct_memo_[key] = depth;
    return false;
  }

  bool vct_and(int depth) {
    if (vct_over()) return false;
    ++nodes_;
    const int A = attacker_, D = A ^ 1;
    if (b_.has_five_point(D)) return false;
    const int na = b_.count_five_points(A);
    if (na >= 2) return true;
    if (na == 1) {
      const int f = b_.any_five_point(A);
      const std::size_t mark = vct_line_.size();
      vct_line_.push_back(f);
      play(f);
      const bool r = vct_or(depth);
      undo();
      if (!r) vct_line_.resize(mark);
      return r;
    }
    std::vector<int> seq;
    b_.pass();
    const bool threat = vcf(kNodeVcfBudget * 4, &seq);
    b_.undo();
    if (!threat) return false;
    int cells[kMaxCells], values[kMaxCells];
    const int n = defences(cells, values, seq);
    std::vector<int> first;  // the line after the first defence, kept for the record
    for (int i = 0; i < n; ++i) {
      const std::size_t mark = vct_line_.size();
      vct_line_.push_back(cells[i]);
      play(cells[i]);
      const bool r = vct_or(depth);
      undo();
      if (i == 0 && r) first.assign(vct_line_.begin() + static_cast<long>(mark), vct_line_.end());
      vct_line_.resize(mark);
      if (!r) return false;
    }
    vct_line_.insert(vct_line_.end(), first.begin(), first.end());
    return true;
  }

 private:
  const mnk::Geometry& g_;
  mnk::Board<W> b_;
  TT* tt_;
  Shared* sh_;
  mutable const Shape* shapes_ = nullptr;
  mnk::VcfSearch<W> vcf_;
  int m_ = 0, n_ = 0, pw_ = 0;
  std::vector<std::uint8_t> pad_;
  std::vector<int> pidx_;
  int doff_[4] = {0, 0, 0, 0};
  std::vector<int> nbr_, nbr_begin_;
  std::vector<std::uint8_t> near_;
  std::vector<std::uint32_t> star_;
  std::uint32_t star_gen_ = 0;
  std::uint8_t smap_[2][4] = {};
  int eval_ = 0;
  std::uint64_t nodes_ = 0, flushed_ = 0, plays_ = 0;
  bool aborted_ = false;
  std::vector<int> seq_;
  // VCT
  std::uint64_t vct_budget_ = 0, vct_nodes_ = 0;
  std::unordered_map<std::uint64_t, int> vct_memo_;
  std::vector<int> vct_line_;
  int attacker_ = 0;
};

}  // namespace sb::gomoku::detail
