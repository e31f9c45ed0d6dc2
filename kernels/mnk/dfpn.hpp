// The proof-number engine of the pns kernels: depth-first proof-number search (df-pn; Nagai,
// "Df-pn algorithm for searching AND/OR trees and its applications", PhD thesis, Univ. of Tokyo,
// 2002) with the 1 + epsilon threshold trick (Pawlewicz and Lew, "Improving depth-first PN-search:
// 1 + epsilon trick", CG 2006), on the question "does the attacker win?" (a draw counts as a
// failure). The value of a position comes from two such questions: does the player to move win;
// if not, does the opponent; if neither, it is a draw.
//
// Each node is first classified, exactly:
//  - a five on the board, a five point of the player to move, a full board: decided;
//  - the attacker has no live window: disproved (the attacker can never win);
//  - the opponent of the player to move has a five point: only its block is searched (two five
//    points: decided);
//  - pairing strategy: the defender has disjoint pairs of empty cells covering every live window
//    of the attacker: disproved (threats.hpp, PairingSearch);
//  - VCF: the player to move wins by continuous fours: decided for that player;
//  - threat-space pruning (null move): if the player to move passed, would the opponent win by a
//    VCF? Then only the moves after which that VCF fails (replay_wins) are searched; the others
//    lose to it. If none is left the node is decided.
// Candidate moves are the relevant empty cells (board.hpp; dead cells are passes, dominated under
// the freestyle rule), ordered by move_score, and children that are the same position up to
// symmetry are searched once (canonical keys). The transposition table holds the proof and
// disproof numbers under the canonical key tagged with the attacker (table.hpp), and which of
// the expensive checks (pairing, VCF, null-move VCF) failed at the node, so that df-pn's
// re-expansions skip them. An expanded node computes all its children's keys and prefetches their
// table buckets before reading any (the table is far larger than the caches: the reads' misses
// then overlap; serial engine only). With Concurrent (pns-tbb), several threads run MID on one
// table; a node being searched is marked busy there, and a thread selects among children by numbers
// raised for busy children (virtual proof numbers), and re-reads its children's numbers at each
// step.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

#include "mnk/table.hpp"
#include "mnk/threats.hpp"
#include "solver_parts.hpp"

namespace sb::mnk::detail {

/// Proof and disproof numbers at or above kInf mean "infinite".
inline constexpr std::uint32_t kInf = 0x3FFFFFFF;

/// Table data of a df-pn node: proof and disproof numbers and the work (MID calls) behind them.
struct PnData {
  std::uint32_t pn = 1, dn = 1;
  std::uint32_t work = 0;
  std::uint8_t flags = 0;  ///< checks known to fail here (kNoPairing, kNoVcf, kNoThreat)
  std::uint8_t busy = 0;   ///< threads now searching this node (pns-tbb's virtual numbers)
  std::uint64_t keep() const {
    if (busy) return ~0ull;                                // in use: never replaced
    return (pn == 0 || dn == 0) ? 4ull * work + 4 : work;  // results outlive estimates
  }
};

/// Tuning of the pns engine.
struct PnsConfig {
  std::uint64_t vcf_budget = 4000;       ///< nodes per VCF search
  std::uint64_t pairing_budget = 10000;  ///< backtracking steps per pairing search
  int pairing_max_windows = 42;          ///< pairing searched only when the attacker has fewer
  bool threats = true;                   ///< VCF proofs and null-move threat pruning
  bool pairing = true;                   ///< pairing strategies
};

/// Counters of one thread of the engine.
struct PnsStats {
  std::uint64_t nodes = 0;      ///< MID calls and VCF nodes
  std::uint64_t positions = 0;  ///< table entries written to empty slots
};

/// Thrown inside a parallel search when another thread has settled the question; never escapes
/// a kernel.
struct Aborted {};

/// What a node is before its children are searched.
enum class NodeKind { kProven, kDisproven, kOpen };

/// Flags of PnData: expansion checks that failed at a node, so that df-pn's re-expansions of the
/// node skip them (the checks are deterministic, so they would fail again).
inline constexpr std::uint8_t kNoPairing = 1;  ///< no pairing strategy found for the defender
inline constexpr std::uint8_t kNoVcf = 2;      ///< the player to move has no VCF
inline constexpr std::uint8_t kNoThreat = 4;   ///< the opponent has no VCF after a pass

template <int W, bool Concurrent>
class Dfpn {
 public:
  using Key = PositionKey<W>;
  using TT = Table<Key, PnData, Concurrent>;

  /// stop (parallel search): polled every 256 nodes; once it is set the search throws Aborted.
  Dfpn(Board<W>& b, TT& tt, PnsStats& st, const PnsConfig& cfg,
       const std::atomic<bool>* stop = nullptr)
      : b_(b),
        g_(b.geometry()),
        tt_(tt),
        st_(st),
        cfg_(cfg),
        stop_(stop),
        frames_(g_.cells + 2),
        cells_(g_.cells + 2) {}

  /// Exactly whether `attacker` wins the current position (the board is restored).
  bool prove(int attacker) {
    attacker_ = attacker;
    const auto r = mid(kInf, kInf, 0);
    return r.pn == 0;
  }

  /// The exact value of the current position for the player to move (+1, 0, -1).
  int value() {
    const int me = b_.to_move();
    if (prove(me)) return 1;
    if (prove(1 - me)) return -1;
    return 0;
  }

  /// Table key of the current position for the question "does attacker win?".
  Key key(int attacker) const {
    Key k;
    b_.canonical(&k.black, &k.white);
    k.tag = static_cast<std::uint32_t>(attacker + 1);
    return k;
  }

  /// Classifies the current position for `attacker` (see the file comment) and, when it is
  /// open, writes its candidate moves to *out, best first. *flags (optional): checks known to
  /// fail here, skipped, and updated with the checks that failed now.
  NodeKind expand(int attacker, std::vector<int>* out, std::uint8_t* flags = nullptr) {
    std::uint8_t none = 0;
    std::uint8_t& fl = flags ? *flags : none;
    out->clear();
    Board<W>& b = b_;
    const int s = b.to_move(), a = attacker;
    const auto decided = [&](int winner) {
      return winner == a ? NodeKind::kProven : NodeKind::kDisproven;
    };
    if (b.winner() >= 0) return decided(b.winner());
    if (b.has_five_point(s)) return decided(s);
    if (b.full() || b.live_windows(a) == 0) return NodeKind::kDisproven;
    if (b.has_five_point(1 - s)) {
      if (b.count_five_points(1 - s) >= 2) return decided(1 - s);
      out->push_back(b.any_five_point(1 - s));
      return NodeKind::kOpen;
    }
    if (cfg_.pairing && !(fl & kNoPairing) && b.live_windows(a) <= cfg_.pairing_max_windows) {
      if (pairing_.run(b, a, cfg_.pairing_budget)) return NodeKind::kDisproven;
      fl |= kNoPairing;
    }
    if (cfg_.threats && !(fl & kNoVcf)) {
      const bool win = vcf_.run(b, cfg_.vcf_budget);
      st_.nodes += vcf_.nodes();
      if (win) return decided(s);
      fl |= kNoVcf;
    }
    int cand[kMaxSide * kMaxSide];
    int n = candidates(b, cand);
    if (cfg_.threats && !(fl & kNoThreat)) {
      b.pass();
      const bool threat = vcf_.run(b, cfg_.vcf_budget, &seq_);
      st_.nodes += vcf_.nodes();
      b.undo();
      if (!threat) fl |= kNoThreat;
      if (threat) {
        // Keep the moves after which the opponent's VCF no longer works.
        int kept = 0;
        for (int i = 0; i < n; ++i) {
          b.play(cand[i]);
          const bool still = replay_wins(b, 1 - s, seq_);
          b.undo();
          if (!still) cand[kept++] = cand[i];
        }
        n = kept;
        if (n == 0) return decided(1 - s);
      }
    }
    // best first: the higher move_score, then the cell nearer the centre
    int score[kMaxSide * kMaxSide];
    move_scores(b, score);
    sort_by_score(g_, cand, n, [&](int c) { return score[c]; });
    out->assign(cand, cand + n);
    return NodeKind::kOpen;
  }

  /// Moves of the player to move that the table already shows to keep the value v of the
  /// position (for principal variations): v = 1, children where the mover's win is proved; v = 0,
  /// children where the opponent's win is disproved; v = -1, children where the opponent's win is
  /// proved, the most work first (the most stubborn defences).
  void known_moves(int v, std::vector<int>* out) {
    const int me = b_.to_move();
    const std::uint32_t tag = static_cast<std::uint32_t>((v == 1 ? me : 1 - me) + 1);
    std::vector<std::pair<std::uint32_t, int>> found;
    for (int c : g_.by_centre) {  // centre first among equals
      if (b_.occupied(c)) continue;
      Key k;
      b_.canonical_after(c, &k.black, &k.white);
      k.tag = tag;
      PnData e;
      if (!tt_.find(k, k.hash(), &e)) continue;
      if ((v != 0 && e.pn == 0) || (v == 0 && e.dn == 0)) found.push_back({e.work, c});
    }
    if (v == -1)
      std::stable_sort(found.begin(), found.end(),
                       [](const auto& x, const auto& y) { return x.first > y.first; });
    for (const auto& f : found) out->push_back(f.second);
  }

  Board<W>& board() { return b_; }
  PnsStats& stats() { return st_; }

 private:
  struct Child {
    int cell;
    Key key;
    std::uint64_t h;
    std::uint32_t pn, dn;
    std::uint8_t busy;
  };
  struct PnDn {
    std::uint32_t pn, dn;
  };

  static std::uint32_t add(std::uint32_t x, std::uint32_t y) {
    if (x >= kInf || y >= kInf) return kInf;
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t(x) + y, kInf - 1));
  }

  /// Writes (pn, dn) for key, keeping the entry's busy count.
  void store(const Key& k, std::uint64_t h, std::uint32_t pn, std::uint32_t dn, std::uint64_t work,
             std::uint8_t flags = 0) {
    const std::uint32_t w = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFu));
    const bool fresh =
        tt_.update(k, h, [&](PnData& d) { d.pn = pn, d.dn = dn, d.work = w, d.flags = flags; });
    if (fresh) ++st_.positions;
  }

  /// Marks a node busy for the lifetime of a parallel MID call (virtual proof numbers: other
  /// threads see its proof or disproof number raised and turn to its siblings).
  struct Busy {
    TT* tt = nullptr;
    const Key* key = nullptr;
    std::uint64_t h = 0;
    Busy(TT& t, const Key& k, std::uint64_t hh, PnsStats& st) : tt(&t), key(&k), h(hh) {
      const bool fresh = tt->update(*key, h, [](PnData& d) {
        if (d.busy < 255) ++d.busy;
      });
      if (fresh) ++st.positions;
    }
    ~Busy() {
      tt->update(*key, h, [](PnData& d) {
        if (d.busy > 0) --d.busy;
      });
    }
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;
  };

  /// The number a thread selects by: the real one raised by half of itself per other thread
  /// searching the child (only in parallel searches).
  static std::uint32_t virtual_number(std::uint32_t x, std::uint8_t busy) {
    if (busy == 0 || x == 0 || x >= kInf) return x;
    return add(x, static_cast<std::uint32_t>(
                      std::min<std::uint64_t>(kInf - 1, std::uint64_t(x) * busy / 2 + busy)));
  }

  /// MID of df-pn at ply `ply`: searches until pn >= thpn or dn >= thdn; returns (pn, dn).
  PnDn mid(std::uint32_t thpn, std::uint32_t thdn, int ply) {
    ++st_.nodes;
    if (stop_ != nullptr && (++polls_ & 255) == 0 && stop_->load(std::memory_order_relaxed))
      throw Aborted{};
    const std::uint64_t start = st_.nodes;
    const Key key = this->key(attacker_);
    const std::uint64_t h = key.hash();
    std::vector<int>& cells = cells_[ply];
    PnData self;
    std::uint8_t flags = 0;
    if (tt_.find(key, h, &self)) {
      if (self.pn == 0 || self.dn == 0) return {self.pn, self.dn};
      flags = self.flags;
    }
    const NodeKind kind = expand(attacker_, &cells, &flags);
    if (kind != NodeKind::kOpen) {
      const PnDn r = kind == NodeKind::kProven ? PnDn{0, kInf} : PnDn{kInf, 0};
      store(key, h, r.pn, r.dn, 1);
      return r;
    }
    std::optional<Busy> busy;
    if constexpr (Concurrent) busy.emplace(tt_, key, h, st_);
    const bool or_node = b_.to_move() == attacker_;
    std::vector<Child>& kids = frames_[ply];
    kids.clear();
    // The children's keys first (each bucket prefetched), then their table entries: the
    // lookups' cache misses overlap instead of coming one after another.
    for (int c : cells) {
      Child ch;
      ch.cell = c;
      b_.canonical_after(c, &ch.key.black, &ch.key.white);
      ch.key.tag = key.tag;
      ch.h = ch.key.hash();
      bool dup = false;
      for (const Child& o : kids)
        if (o.h == ch.h && o.key == ch.key) {
          dup = true;
          break;
        }
      if (dup) continue;
      tt_.prefetch(ch.h);
      kids.push_back(ch);
    }
    for (Child& ch : kids) {
      PnData e;
      if (!tt_.find(ch.key, ch.h, &e)) e = PnData{};
      ch.pn = e.pn, ch.dn = e.dn, ch.busy = e.busy;
    }
    std::uint32_t pn = 0, dn = 0;
    for (bool fresh = true;; fresh = false) {
      if constexpr (Concurrent) {
        // Other threads move the numbers of the siblings: read them again.
        if (!fresh)
          for (Child& ch : kids) {
            PnData e;
            if (tt_.find(ch.key, ch.h, &e)) ch.pn = e.pn, ch.dn = e.dn, ch.busy = e.busy;
          }
      }
      // This node's numbers, the best child and the runner-up's (virtual) number.
      int best = -1;
      std::uint32_t first = kInf + 1, second = kInf + 1;
      if (or_node) {
        pn = kInf, dn = 0;
        for (std::size_t i = 0; i < kids.size(); ++i) {
          const Child& ch = kids[i];
          dn = add(dn, ch.dn);
          pn = std::min(pn, ch.pn);
          const std::uint32_t v = virtual_number(ch.pn, ch.busy);
          if (v < first) {
            second = first, first = v, best = static_cast<int>(i);
          } else if (v < second) {
            second = v;
          }
        }
      } else {
        pn = 0, dn = kInf;
        for (std::size_t i = 0; i < kids.size(); ++i) {
          const Child& ch = kids[i];
          pn = add(pn, ch.pn);
          dn = std::min(dn, ch.dn);
          const std::uint32_t v = virtual_number(ch.dn, ch.busy);
          if (v < first) {
            second = first, first = v, best = static_cast<int>(i);
          } else if (v < second) {
            second = v;
          }
        }
      }
      if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0) break;
      Child& ch = kids[best];
      const std::uint64_t sec = std::min<std::uint64_t>(second, kInf);
      const std::uint64_t grow = sec + sec / 4 + 1;  // 1 + epsilon, epsilon = 1/4
      std::uint32_t cpn, cdn;
      if (or_node) {
        cpn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thpn, grow));
        cdn = static_cast<std::uint32_t>(
            std::min<std::uint64_t>(kInf, std::uint64_t(thdn) - dn + ch.dn));
      } else {
        cdn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thdn, grow));
        cpn = static_cast<std::uint32_t>(
            std::min<std::uint64_t>(kInf, std::uint64_t(thpn) - pn + ch.pn));
      }
      b_.play(ch.cell);
      PnDn r;
      try {
        r = mid(cpn, cdn, ply + 1);
      } catch (...) {
        b_.undo();
        throw;
      }
      b_.undo();
      ch.pn = r.pn, ch.dn = r.dn;
    }
    store(key, h, pn, dn, st_.nodes - start + 1, flags);
    return {pn, dn};
  }

  Board<W>& b_;
  const Geometry& g_;
  TT& tt_;
  PnsStats& st_;
  PnsConfig cfg_;
  const std::atomic<bool>* stop_ = nullptr;
  unsigned polls_ = 0;
  int attacker_ = 0;
  VcfSearch<W> vcf_;
  PairingSearch<W> pairing_;
  std::vector<int> seq_;
  std::vector<std::vector<Child>> frames_;
  std::vector<std::vector<int>> cells_;
};

}  // namespace sb::mnk::detail
