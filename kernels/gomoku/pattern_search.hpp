// The alpha-beta search of gomoku level 4: principal variation search on the incrementally
// classified board (pattern_board.hpp), moves generated from threat classes, VCF at every node.
//
// Algorithm (negamax; the classical design of Gomocup's alpha-beta engines, with the threat-space
// ideas of L. V. Allis, "Searching for Solutions in Games and Artificial Intelligence", 1994,
// ch. 5, applied inside a depth-limited search):
//   1. the player to move has a five point: a win; the opponent has two: a loss; one: blocking
//      it is the only move (searched one ply deeper); a straight four (or a double four) of the
//      player to move with no opponent five point: a win in three plies; a full board: a draw;
//   2. the player to move has a four to play: a VCF (fours only, each answered by its one block,
//      at most kQuiesceFours fours and kQuiesceNodes nodes) wins (results remembered per
//      position, as is "the opponent has no VCF" of step 5);
//   3. at depth 0: the static evaluation;
//   4. the opponent threatens a straight four (has an open three): only the points where the
//      opponent's stone would make a four or better (every block of the three, far ends and gaps
//      included) and the fours of the player to move are searched;
//   5. the opponent, given a free move, wins by such a VCF: only the points of that VCF, the
//      opponent's four points and the fours of the player to move (the search verifies them);
//   6. otherwise, at a non-PV node at most kFutilityDepth plies from the horizon, futility
//      pruning of the node itself ("Reverse Futility Pruning", chessprogramming.org; the static
//      counterpart of the null move): a static evaluation at least kFutilityMargin per
//      remaining ply above beta is returned as the score;
//   7. otherwise the points with a shape for either player (every empty point when none has
//      one), ordered by 5 x own value + 4 x the opponent's (the table move first, then two killer
//      moves), the best beam(depth); late moves reduced by one ply (two from the tenth),
//      re-searched when they raise alpha;
//   8. transposition table on Zobrist keys (engine_impl.hpp's TT), mate scores by ply.
// Evaluation for the player to move: 6/5 of the sum of its points' pattern values minus the
// opponent's (each point valued by the shapes its stone would make, pattern_board.hpp), plus a
// tempo bonus and the threats that decide the next moves (evaluate()).
// Work split: one searcher per thread on its own board (lazy SMP by the caller, engine.cpp).
// Limits: moves are cut to the beam, so the search is not exhaustive; scores are heuristic
// except mate scores; the VCF is bounded, so a longer VCF is not seen. No I/O; the clock is
// polled through Shared.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "gomoku/engine_impl.hpp"
#include "gomoku/pattern_board.hpp"
#include "gomoku/vcf_memo.hpp"

namespace sb::gomoku::detail {

class PatternSearcher {
 public:
  static constexpr int kMaxPoints = 26 * 26;
  static constexpr int kQuiesceFours = 12;
  static constexpr int kQuiesceNodes = 400;
  static constexpr int kTempo = 20;
  static constexpr int kThreatened = 300, kFourThree = 1500, kDoubleThree = 800;
  /// Futility pruning (below): at most this many plies from the horizon, this much per ply.
  static constexpr int kFutilityDepth = 3, kFutilityMargin = 60;

  PatternSearcher(const mnk::Geometry& g, TT* tt, Shared* sh)
      : b_(g.m, g.n, g.rule), tt_(tt), sh_(sh) {
    for (auto& k : killer_) k[0] = k[1] = -1;
  }

  const PatternBoard& board() const { return b_; }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t plays() const { return plays_; }
  bool aborted() const { return aborted_; }
  void reset_abort() { aborted_ = false; }

  void set_position(const std::vector<int>& cells) {
    while (b_.stones() > 0) b_.undo();
    for (int c : cells) b_.play(b_.index(c));
  }
  void play(int cell) { b_.play(b_.index(cell)), ++plays_; }
  void undo() { b_.undo(); }

  void poll() {
    if (poll_shared(sh_, nodes_, &flushed_)) aborted_ = true;
  }
  void flush() {
    sh_->nodes.fetch_add(nodes_ - flushed_, std::memory_order_relaxed);
    flushed_ = nodes_;
  }

  /// Ordering value of the empty point q for the player to move.
  int order_value(int q) const {
    const int me = b_.to_move();
    return 5 * b_.value(me, q) + 4 * b_.value(me ^ 1, q);
  }

  /// Points with a shape for either player (the centre-most point on an empty board), best
  /// ordering value first, as Game cells. Returns the count.
  int candidates(int* cells, int* values) const {
    int n = gen_all(cells, values);
    for (int i = 0; i < n; ++i) cells[i] = b_.cell(cells[i]);
    return n;
  }

  /// Root moves as Game cells, best first; -1 with *decided when the root is decided.
  int root_moves(int* cells, int* values, int* decided) {
    const int me = b_.to_move(), op = me ^ 1;
    int n = 0;
    if (b_.count(op, kTFive) == 1) {
      cells[0] = b_.any_five_point(op), n = 1;
    } else if (b_.count(me, kTStraight) > 0) {
      *decided = kWin - 3;
      cells[0] = b_.cell(b_.any_point(me, kTStraight));
      return -1;
    } else if (b_.count(op, kTStraight) > 0) {
      n = gen_defence(cells, values);
    } else if (op_vcf()) {
      n = gen_vcf_defence(cells, values);
    } else {
      n = gen_all(cells, values);
    }
    TTKey key{b_.hash()};
    TTData e;
    if (tt_ && tt_->find(key, key.z, &e)) front(cells, values, n, e.move);
    for (int i = 0; i < n; ++i) cells[i] = b_.cell(cells[i]);
    n = std::min(n, 40);
    if (n == 0) {
      *decided = 0;
      return -1;
    }
    return n;
  }

  /// One iteration at the root over moves[0..n) (Game cells; search_root_moves), the best move
  /// stored in the table for the principal variation.
  int search_root(int depth, int* moves, int n, int* completed) {
    const int best = search_root_moves(*this, depth, moves, n, completed);
    if (*completed > 0)  // an exact entry: the root's window is the whole score range
      tt_store(tt_, b_.hash(), best, b_.index(moves[0]), depth, -kWin - 1, kWin + 1, 0);
    return best;
  }

  /// The principal variation from the table (Game cells), at most `max` moves; board restored.
  std::vector<int> pv_from_tt(int max) {
    std::vector<int> pv;
    for (int i = 0; i < max && tt_; ++i) {
      TTKey key{b_.hash()};
      TTData e;
      if (!tt_->find(key, key.z, &e) || e.move < 0 || e.move >= b_.width() * (b_.rows() + 10) ||
          b_.at(e.move) != 0)
        break;
      if (b_.stones() > 0 && five_made()) break;
      pv.push_back(b_.cell(e.move));
      b_.play(e.move);
    }
    for (std::size_t i = 0; i < pv.size(); ++i) b_.undo();
    return pv;
  }

  /// Static evaluation for the player to move (no five point on the board): the difference of
  /// the two players' pattern values, then the threats that decide the next moves: the
  /// opponent's open three must be answered (unless the player to move has a four to play
  /// first); a four-three of the player to move, or a double three when the opponent has no four
  /// to answer with, usually wins.
  int evaluate() const {
    const int me = b_.to_move(), op = me ^ 1;
    int s = b_.total(me) * 6 / 5 - b_.total(op) + kTempo;
    const int my_fours = b_.count(me, kTFour) + b_.count(me, kTFourThree);
    const int op_fours = b_.count(op, kTFour) + b_.count(op, kTFourThree);
    if (b_.count(op, kTStraight) > 0) {
      if (my_fours == 0) s -= kThreatened;
    } else if (b_.count(me, kTFourThree) > 0) {
      s += kFourThree;
    } else if (b_.count(me, kTDoubleThree) > 0 && op_fours == 0) {
      s += kDoubleThree;
    }
    return s;
  }

  int search(int depth, int alpha, int beta, int ply) {
    ++nodes_;
    if ((nodes_ & 1023) == 0) poll();
    if (aborted_) return 0;
    const int me = b_.to_move(), op = me ^ 1;
    if (b_.count(me, kTFive) > 0) return kWin - ply - 1;
    const int nf = b_.count(op, kTFive);
    if (nf >= 2) return -(kWin - ply - 2);
    if (b_.full()) return 0;
    if (nf == 0 && b_.count(me, kTStraight) > 0) return kWin - ply - 3;
    if (ply >= kMaxPly) return evaluate();
    if (nf == 0 && b_.count(me, kTFour) + b_.count(me, kTFourThree) > 0) {
      const int len = vcf_memo(me, kMemoMine, true);
      if (len >= 0) return kWin - ply - len - 1;
    }
    if (depth <= 0 && nf == 0) return evaluate();
    const bool pv = beta - alpha > 1;
    int tt_move = -1, tt_score = 0;
    if (tt_probe(tt_, b_.hash(), depth, alpha, beta, ply, pv, &tt_move, &tt_score)) return tt_score;
    int cells[kMaxPoints], values[kMaxPoints];
    int n;
    bool quiet = false;
    const bool op_three = nf == 0 && b_.count(op, kTStraight) > 0;
    const bool op_wins_vcf = nf == 0 && !op_three && op_vcf();
    // futility pruning: a quiet position far enough above beta near the horizon is cut
    if (!pv && depth <= kFutilityDepth && nf == 0 && !op_three && !op_wins_vcf &&
        std::abs(beta) < kWinThreshold) {
      const int e = evaluate();
      if (e - kFutilityMargin * depth >= beta) return e;
    }
    if (nf == 1) {
      cells[0] = b_.any_five_point(op);
      n = 1;
    } else if (op_three) {
      n = gen_defence(cells, values);
      if (n == 0) return -(kWin - ply - 4);
    } else if (op_wins_vcf) {
      n = gen_vcf_defence(cells, values);
      if (n == 0) return -(kWin - ply - static_cast<int>(line_.size()) - 1);
      n = std::min(n, beam(depth) + 4);
    } else {
      n = gen_all(cells, values, beam(depth));
      quiet = true;
      if (n == 0) return evaluate();
      n = std::min(n, beam(depth));
    }
    if (tt_move >= 0) front(cells, values, n, tt_move);
    if (quiet && ply < kMaxPly) {
      for (int k = 1; k >= 0; --k)
        if (killer_[ply][k] >= 0 && killer_[ply][k] != tt_move)
          front_after_first(cells, n, killer_[ply][k], tt_move >= 0);
    }
    const int ext = nf == 1 ? 1 : 0;
    int best = -kWin - 1, best_move = -1, a = alpha;
    for (int i = 0; i < n; ++i) {
      const int q = cells[i];
      b_.play(q);
      ++plays_;
      const int nd = depth - 1 + ext;
      int v;
      if (i == 0) {
        v = -search(nd, -beta, -a, ply + 1);
      } else {
        const int r = (quiet && depth >= 3 && i >= 4) ? (i >= 10 ? 2 : 1) : 0;
        v = -search(nd - r, -a - 1, -a, ply + 1);
        if (v > a && (r > 0 || v < beta)) v = -search(nd, -beta, -a, ply + 1);
      }
      b_.undo();
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = q;
        if (v > a) {
          a = v;
          if (a >= beta) {
            if (quiet && killer_[ply][0] != q)
              killer_[ply][1] = killer_[ply][0], killer_[ply][0] = q;
            break;
          }
        }
      }
    }
    tt_store(tt_, b_.hash(), best, best_move, depth, alpha, beta, ply);
    return best;
  }

  /// VCF of player a (whoever is to move: the opponent's VCF is read as if it had a free move):
  /// fours only, each answered by its one block, at most `fours_left` fours and kQuiesceNodes
  /// nodes since qnodes_ was reset. The line (four, block, four, ...) goes into line_ on a win.
  bool vcf(int a, int fours_left) {
    ++qnodes_;
    ++nodes_;
    const int d = a ^ 1;
    if (b_.count(a, kTFive) > 0) return true;
    if (b_.count(d, kTFive) > 0) return false;
    if (b_.count(a, kTStraight) > 0) {
      line_.push_back(b_.any_point(a, kTStraight));
      return true;
    }
    if (fours_left <= 0 || qnodes_ > kQuiesceNodes) return false;
    if (b_.count(a, kTFour) + b_.count(a, kTFourThree) == 0) return false;
    int fours[kMaxPoints], nf = 0;
    for (int q : b_.points())
      if (b_.at(q) == 0) {
        const auto k = b_.klass(a, q);
        if (k == kTFour || k == kTFourThree) fours[nf++] = q;
      }
    // four-threes first
    std::stable_partition(fours, fours + nf, [&](int q) { return b_.klass(a, q) == kTFourThree; });
    for (int i = 0; i < nf; ++i) {
      const int q = fours[i];
      b_.play_as(q, a);
      ++plays_;
      bool win = false;
      const int block = b_.five_point_near(q, a);
      const std::size_t mark = line_.size();
      if (block >= 0) {
        line_.push_back(q);
        line_.push_back(block);
        b_.play_as(block, d);
        ++plays_;
        win = vcf(a, fours_left - 1);
        b_.undo();
        if (!win) line_.resize(mark);
      }
      b_.undo();
      if (win) return true;
      if (qnodes_ > kQuiesceNodes) return false;
    }
    return false;
  }

 private:
  static int beam(int depth) { return depth >= 5 ? 16 : depth >= 3 ? 12 : 9; }

  bool five_made() const {
    // the last stone made five: stop the PV there
    const int q = b_.last(), p = b_.at(q) - 1;
    for (int d = 0; d < 4; ++d) {
      int run = 1;
      for (int s = -1; s <= 1; s += 2)
        for (int k = 1; k < 6 && b_.at(q + s * k * b_.dir(d)) == p + 1; ++k) ++run;
      if (run >= 5) return true;
    }
    return false;
  }

  static void front(int* cells, int* values, int n, int q) {
    for (int i = 1; i < n; ++i)
      if (cells[i] == q) {
        std::rotate(cells, cells + i, cells + i + 1);
        std::rotate(values, values + i, values + i + 1);
        return;
      }
  }
  static void front_after_first(int* cells, int n, int q, bool keep_first) {
    const int from = keep_first ? 1 : 0;
    for (int i = from + 1; i < n; ++i)
      if (cells[i] == q) {
        std::rotate(cells + from, cells + i, cells + i + 1);
        return;
      }
  }

  /// The opponent, given a free move, wins by VCF (its line in line_).
  bool op_vcf() {
    const int op = b_.to_move() ^ 1;
    if (b_.count(op, kTFour) + b_.count(op, kTFourThree) == 0) return false;
    // only "no VCF" is read from the memo: the defence needs a VCF's line
    return vcf_memo(op, kMemoTheirs, false) >= 0;
  }

  /// The bounded VCF of player a from the root of a VCF search (qnodes_ reset): the length of
  /// its line (in line_) when it wins, -1 when not; through the memo, read for a win only when
  /// `wins_from_memo` (line_ is then not filled).
  int vcf_memo(int a, std::uint64_t salt, bool wins_from_memo) {
    const std::uint64_t k = b_.hash() ^ salt;
    int len;
    if (memo_.find(k, &len) && (len == VcfMemo::kNoVcf || wins_from_memo)) return len;
    qnodes_ = 0;
    line_.clear();
    len = vcf(a, kQuiesceFours) ? static_cast<int>(line_.size()) : VcfMemo::kNoVcf;
    // a win that would not be read keeps the slot's entry
    if (len == VcfMemo::kNoVcf || wins_from_memo) memo_.store(k, len);
    return len;
  }

  /// Answers to the opponent's VCF threat (line_): the points of its line, the opponent's four
  /// points (blocks of its fours) and the fours of the player to move; the search verifies them.
  int gen_vcf_defence(int* cells, int* values) {
    const int me = b_.to_move(), op = me ^ 1;
    if (++mark_gen_ == 0) std::fill(std::begin(mark_), std::end(mark_), 0), mark_gen_ = 1;
    for (int q : line_) mark_[q] = mark_gen_;
    int n = 0;
    for (int q : b_.points()) {
      if (b_.at(q) != 0) continue;
      if (mark_[q] == mark_gen_ || b_.klass(op, q) >= kTFour || b_.klass(me, q) >= kTFour) {
        cells[n] = q;
        values[n] = order_value(q) + (mark_[q] == mark_gen_ ? 2000 : 0);
        ++n;
      }
    }
    sort_by_value(cells, values, n);
    return n;
  }

  /// Points with a shape for either player (every empty point when none has one), the best first
  /// (only the best `limit` sorted).
  int gen_all(int* cells, int* values, int limit = kMaxPoints) const {
    int n = 0;
    if (b_.stones() == 0) {
      cells[0] = b_.index((b_.rows() / 2) * b_.cols() + b_.cols() / 2);
      values[0] = 0;
      return 1;
    }
    for (int q : b_.points())
      if (b_.at(q) == 0 && (b_.klass(0, q) != kTNone || b_.klass(1, q) != kTNone)) {
        cells[n] = q;
        values[n] = order_value(q);
        ++n;
      }
    if (n == 0)  // no five can be made any more: every empty point is as good (a draw)
      for (int q : b_.points())
        if (b_.at(q) == 0) cells[n] = q, values[n] = 0, ++n;
    if (limit < n) {
      // the best `limit` first (their order as a full sort would give), the rest unordered
      for (int i = 0; i < limit; ++i) {
        int b = i;
        for (int j = i + 1; j < n; ++j)
          if (values[j] > values[b]) b = j;
        const int c = cells[b], v = values[b];
        for (int j = b; j > i; --j) cells[j] = cells[j - 1], values[j] = values[j - 1];
        cells[i] = c, values[i] = v;
      }
      return n;
    }
    sort_by_value(cells, values, n);
    return n;
  }

  /// The opponent threatens a straight four: its four-or-better points (the blocks) and the
  /// fours of the player to move.
  int gen_defence(int* cells, int* values) const {
    const int me = b_.to_move(), op = me ^ 1;
    int n = 0;
    for (int q : b_.points()) {
      if (b_.at(q) != 0) continue;
      const auto ko = b_.klass(op, q), km = b_.klass(me, q);
      if (ko >= kTFour || km >= kTFour) {
        cells[n] = q;
        values[n] = order_value(q) + (ko >= kTStraight ? 10000 : 0);
        ++n;
      }
    }
    sort_by_value(cells, values, n);
    return n;
  }

  PatternBoard b_;
  TT* tt_;
  Shared* sh_;
  int killer_[kMaxPly + 1][2];
  std::uint64_t nodes_ = 0, flushed_ = 0, plays_ = 0;
  int qnodes_ = 0;
  std::vector<int> line_;
  /// Results of the bounded VCF from a node (vcf_memo.hpp), 1 MiB per searcher: the same
  /// positions recur in every iteration of the iterative deepening. Keys are salted by whose VCF.
  static constexpr std::uint64_t kMemoMine = 0x9e3779b97f4a7c15ull,
                                 kMemoTheirs = 0xc2b2ae3d27d4eb4full;
  VcfMemo memo_{1u << 16};
  std::uint32_t mark_[36 * 36] = {};
  std::uint32_t mark_gen_ = 0;
  bool aborted_ = false;
};

}  // namespace sb::gomoku::detail
