// The df-pn searcher behind `dfpn` and `dfpn-tbb`: depth-first proof-number search (Nagai 2002,
// "Df-pn algorithm for searching AND/OR trees and its applications", PhD thesis, Univ. of Tokyo)
// over the tsume AND/OR graph, with:
//  - a bounded transposition table with hand superiority (dfpn_table.hpp);
//  - proof hands and disproof hands (Nagai's proof and disproof pieces; hands.hpp): a proof is
//    stored with the smallest attacker hand it needs, a disproof with the largest it holds for
//    (disproof hands only with every interposition counted);
//  - a new or unsettled position's estimate is raised to the pn of the same board with more
//    pieces in the attacker's hand and the dn with fewer, where the table has them;
//  - loops: a child that repeats a position of the current line is a disproof for this line only
//    (perpetual check never mates); a disproof that depended on one is kept by path key
//    (path_keys.hpp), never in the transposition table, so it is reused only on the same line
//    (the graph-history-interaction problem);
//  - double counting: interpositions dropped on one square share most of their subtrees, so at a
//    defender node their proof numbers are combined by max, not summed, a new defender node's
//    first pn counts them once, and only the first of them not yet proved (in generation order,
//    the weakest piece first) is searched: the others wait until it is proved (delayed expansion,
//    as in KomoringHeights' design: komori-n, "KomoringHeights", komorinfo.com and
//    github.com/komori-n/KomoringHeights);
//  - the 1 + epsilon trick for child thresholds (J. Pawlewicz and L. Lew, "Improving
//    Depth-First PN-Search: 1 + epsilon Trick", Computers and Games 2006, LNCS 4630), epsilon =
//    1/4;
//  - leaf initialisation: a new defender node starts with pn = its number of evasions, drops on
//    one square counted once (0: mate);
//    a new attacker node is disproved at once without checks, settled by an exhaustive search
//    with 3 plies to go and by a mate-in-one test with 1 (exhaustive.hpp), else starts with
//    pn = 1, dn = 4 x its number of checks (refuting it means refuting every check), halved after
//    an evasion that captures; its mates in one are found when it is expanded (its children's
//    evasions are counted then); an attacker node expanded with 5 plies to go is settled by an
//    exhaustive search too;
//  - in a depth-limited query of at most 48 plies, new nodes' dn are scaled by 1 + r/4 (r: plies
//    left), so that an unexplored alternative with many plies left does not look cheaper to
//    refute than one already explored (df-pn's seesaw effect; the idea of deep df-pn: S. Zhang, H.
//    Iida and H. J. van den Herik, "Deep df-pn and its efficient implementations", Advances in
//    Computer Games 2017, LNCS 10664);
//  - a defender node's refuting evasion is kept in its entry and tried first (a quarter of its
//    dn) when the node is asked again with more plies to go;
//  - a long query (more than 48 plies, a long mate's post-search) starts a position from its
//    numbers of any other query depth (in every searcher, dfpn-tbb's helpers too), also once
//    settled (a proof too long for it), as KomoringHeights keeps pn and dn beside its mate-length
//    bounds, and leaves out the depth factor, the 5-ply exhaustive search and the other hands'
//    floors (long_query);
//  - the disproofs by repetition of a query from the root are kept for the next, shorter one;
//  - depth limits: a query "mate within r plies?" (r = kRInf: any length) shares the table.
// Work split: one DfPn per thread; several may share one Table<true> (dfpn-tbb), each with its own
// path, path-key set and Limits. Limits: Params' nodes, time and stop flag (Aborted); a line
// deeper than kMaxPly plies is cut (a disproof for that line only). The post-search (minimal
// length, main line) is post_search.hpp.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <deque>
#include <random>
#include <vector>

#include "dfpn_table.hpp"
#include "exhaustive.hpp"
#include "hands.hpp"
#include "path_keys.hpp"
#include "repetition_path.hpp"
#include "search_limits.hpp"
#include "thresholds.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// One df-pn searcher. Several may share one Table<true> (dfpn-tbb).
template <bool kShared>
class DfPn : public ExhaustiveSearch<kShared> {
  using Base = ExhaustiveSearch<kShared>;
  using Base::and_dh;
  using Base::attacker_;
  using Base::dh_on_;
  using Base::kNoRep;
  using Base::leaf_dh;
  using Base::len_plus;
  using Base::lim_;
  using Base::mate1;
  using Base::or_dh;
  using Base::or_exhaustive;
  using Base::path_;
  using Base::pos_;
  using Base::remember_rep;
  using Base::rep_;
  using Base::rep_of;
  using Base::root_best_;
  using Base::root_hi_;
  using Base::rule_;
  using Base::tt_;
  using typename Base::Res;

 public:
  /// rule: which defender interpositions count (Params::interpositions).
  /// seed: 0 for the deterministic child choice, else a small random term added to each child's
  /// number when choosing (dfpn-tbb's helpers).
  DfPn(Table<kShared>& tt, Limits& lim, Color attacker, unsigned seed, Interpositions rule)
      : Base(tt, lim, attacker, rule), rng_(seed), randomize_(seed != 0) {}

  /// Searches pos (attacker to move) for a mate within r plies (kRInf: any), with `path` the
  /// positions before it on the line (repetitions). Returns the root's value: pn == 0 proved,
  /// dn == 0 disproved. Throws Aborted at a limit. pos is restored.
  Val solve(Position& pos, std::uint16_t r, PathSet& path) {
    {  // already settled in the table (the post-search asks many such questions)
      const Val t = tt_.lookup(pos.board_key(), pos.hand(attacker_), r);
      if (t.pn == 0 || t.dn == 0) return t;
    }
    // the post-search asks the root (on an empty line) again and again, each time for fewer
    // plies: the disproofs by repetition of the query before still hold, so they are kept
    const bool same_root = path.empty() && pos.key() == last_root_ && r <= query_r_;
    last_root_ = path.empty() ? pos.key() : 0;
    const auto scope = this->enter_root(pos, path, same_root);
    query_r_ = r;
    Res res;
    for (;;) {
      res = mid(0, r, kInfPn, kInfPn, 0x12345);
      if (res.pn == 0 || res.dn == 0) break;
      if (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)) throw Aborted{};
    }
    Val v;
    v.pn = res.pn, v.dn = res.dn, v.found = true;
    if (v.pn == 0) {
      v.hi = root_hi_, v.best = root_best_, v.ph = res.ph;
      const Val t = tt_.lookup(pos.board_key(), pos.hand(attacker_), r);
      if (t.pn == 0 && (v.hi == kNoLen || t.hi < v.hi)) v.hi = t.hi, v.best = t.best;
    } else {
      v.lo = res.lo;
    }
    return v;
  }

  /// A depth-limited query of more than kDeepQueryPlies plies (a long mate's post-search).
  static bool is_long_query(std::uint16_t r) { return r != kRInf && r > kDeepQueryPlies; }

  /// Another searcher finished: stop this one (dfpn-tbb).
  void set_stop_flag(const std::atomic<bool>* f) { stop_flag_ = f; }

 private:
  /// A child of the node being expanded, with its values as last seen (the table is probed once
  /// when the node is expanded; afterwards only the child just searched is updated, from the
  /// values its search returns).
  struct Child {
    Move m;
    std::uint64_t key;     // board key after m
    std::uint64_t pk;      // path key after m
    std::uint64_t fk;      // full position key after m (the repetition checks)
    Hand hand;             // attacker's hand after m
    std::uint32_t pn, dn;  // current values
    std::uint16_t lo, hi;  // disproof / proof lengths once settled
    Hand ph;               // proof hand once proved
    Hand dh;               // disproof hand once disproved
    bool tainted;          // disproved by a repetition of this line only
    int rep;               // then how far back on the line that reaches (Base::kNoRep)
    bool settled;          // proved or disproved
  };

  Res mid(int ply, std::uint16_t r, std::uint32_t thpn, std::uint32_t thdn, std::uint64_t pk) {
    Position& pos = *pos_;
    lim_.count();
    if (stop_flag_ && (lim_.nodes & 255) == 0 && stop_flag_->load(std::memory_order_relaxed))
      throw Aborted{};
    const std::uint64_t nodes0 = lim_.nodes;
    if (ply == 0) root_hi_ = kNoLen, root_best_ = Move{};
    const bool is_or = pos.side_to_move() == attacker_;
    const std::uint64_t key = pos.board_key();
    const Hand hand = pos.hand(attacker_);
    const std::uint16_t cr = r == kRInf ? kRInf : static_cast<std::uint16_t>(r - 1);
    Res out;

    Move buf[kMaxMoves];
    const int n = is_or ? generate_checks(pos, buf) : generate_evasions(pos, buf, rule_);
    if (n == 0) {
      if (is_or) {
        out.dh = leaf_dh(pos);
        tt_.store_disproven(key, hand, out.dh, kNoLen);
        out.pn = kInfPn, out.dn = 0, out.lo = kNoLen;
        return out;
      }
      out.ph = terminal_proof_hand(pos, hand);
      tt_.store_proven(key, out.ph, 0, Move{});
      out.pn = 0, out.dn = kInfPn, out.hi = 0;
      return out;
    }
    if (is_or && r == 1) {  // only a mate in one can do
      const Move m = mate1(pos, buf, n, &out.ph, &out.dh);
      if (m) {
        tt_.store_proven(key, out.ph, 1, m);
        if (ply == 0) root_hi_ = 1, root_best_ = m;
        out.pn = 0, out.dn = kInfPn, out.hi = 1;
        return out;
      }
      tt_.store_disproven(key, hand, out.dh, 1);
      out.pn = kInfPn, out.dn = 0, out.lo = 1;
      return out;
    }
    // the last plies exhaustively: 10 % and 12 % fewer nodes on the 50 problems and the
    // main-line positions with r = 5 than with r = 3 only; r = 7 as well gave 40 % more on
    // zuko-009. In a long query r = 3 only (Microcosmos: see long_query)
    if (is_or && (r == 3 || (r == 5 && !long_query()))) return or_exhaustive(ply, pk, buf, n, r);
    if (ply >= kMaxPly) {  // too deep for this line: a disproof for this path only
      remember_rep(pk, -1);
      out.pn = kInfPn, out.dn = 0, out.tainted = true, out.rep = -1;
      return out;
    }
    if (static_cast<int>(stack_.size()) <= ply) stack_.resize(ply + 1);
    std::vector<Child>& ch = stack_[ply];
    ch.resize(n);
    const bool rep_large = rep_.large();
    for (int i = 0; i < n; ++i) {
      Child& c = ch[i];
      c.m = buf[i];
      c.key = pos.board_key_after(c.m);
      tt_.prefetch(c.key);
      c.pk = path_key_after(pk, c.m);
      if (rep_large) rep_.prefetch(c.pk);  // on Microcosmos its misses were a third of the time
      // computed here, not beside the probe below, to give the prefetches time
      c.hand = is_or ? pos.hand_after(c.m) : hand;
      c.fk = pos.key_after(c.m);
    }
    // a defender node asked before with fewer plies to go: the evasion that refuted it then
    // starts with a quarter of its dn (it is likely to refute again). 5 % fewer nodes on the 50
    // problems other than muso-022, the same on the main-line positions, 18 % fewer on
    // muso-022; dn 1 instead: 4 %, 2 % and 11 %.
    Move refuter;
    if (!is_or && r != kRInf) refuter = tt_.lookup(key, hand, r).refuter;
    int nc = n;  // children looked at: the loop stops at a child that settles this node
    for (int i = 0; i < n; ++i) {
      Child& c = ch[i];
      c.lo = 0, c.hi = kNoLen, c.ph = 0, c.dh = c.hand, c.tainted = false, c.settled = false;
      c.rep = kNoRep;
      if (const int q = rep_of(c.fk, c.pk); q != kNoRep) {
        // never mates on this line: a repetition of it (no mate at any length), or a node
        // disproved through one before (within the cr plies it has now, or more)
        c.pn = kInfPn, c.dn = 0, c.tainted = true, c.settled = true, c.rep = q;
        c.lo = path_->contains(c.fk) || cr == kRInf ? kNoLen : cr;
        continue;
      }
      // in a long query, first estimates from any query depth (see long_query), for every
      // searcher: dfpn-tbb's helpers stalled with them only by thresholds.hpp's livelock
      const Val v = tt_.lookup(c.key, c.hand, cr, long_query());
      if (v.found) {
        c.pn = v.pn, c.dn = v.dn, c.lo = v.lo, c.hi = v.hi, c.ph = v.ph, c.dh = v.dh;
        c.settled = v.pn == 0 || v.dn == 0;
      } else {
        init_child(pos, c, cr, ply + 1);
      }
      if (!c.settled) {
        if (!long_query()) {  // the floors of other hands (dfpn_table.hpp); see long_query
          if (v.pn_floor > c.pn) c.pn = std::min(v.pn_floor, kInfPn - 1);
          if (v.dn_floor > c.dn) c.dn = std::min(v.dn_floor, kInfPn - 1);
        }
        if (refuter && c.m == refuter) c.dn = std::max(1u, c.dn / 4);
      }
      if (is_or ? c.pn == 0 : c.dn == 0) {  // proves (OR) or disproves (AND) this node
        nc = i + 1;
        break;
      }
    }
    std::uint32_t pn = 1, dn = 1;
    for (;;) {
      std::uint64_t sum = 0;
      std::uint32_t best_v = kInfPn + 1, second_v = kInfPn + 1;
      int best = -1;
      std::uint32_t minv = kInfPn;
      std::uint32_t group[kSquares];
      bool grouped = false;
      Bitboard dropped = 0;  // squares with an unproved interposition before this child
      for (int i = 0; i < nc; ++i) {
        const Child& c = ch[i];
        // the number minimised at this node, and the one summed
        const std::uint32_t mine = is_or ? c.pn : c.dn;
        const std::uint32_t summed = is_or ? c.dn : c.pn;
        // an interposition waits for the unproved one before it on its square (unless it
        // refutes this node already): its pn counts below, it is not searched yet. On the long
        // set 1.1 to 2.1 times fewer nodes to the known length than with evasion_pn alone; the
        // two together: 37 % fewer nodes on the 50 suite problems (not muso-022).
        bool waits = false;
        if (!is_or && c.m.is_drop() && c.pn != 0) {
          const Bitboard sq = bb_of(c.m.to());
          waits = (dropped & sq) != 0 && c.dn != 0;
          dropped |= sq;
        }
        if (!waits) {
          minv = std::min(minv, mine);
          std::uint32_t key_v = mine;
          if (randomize_ && mine != 0 && mine < kInfPn) key_v = saturate(mine + (rng_() & 3));
          if (key_v < best_v) {
            second_v = best_v, best_v = key_v, best = i;
          } else if (key_v < second_v) {
            second_v = key_v;
          }
        }
        if (!is_or && c.m.is_drop()) {  // interpositions on one square: max, not sum
          if (!grouped) std::fill(group, group + kSquares, 0u), grouped = true;
          group[c.m.to()] = std::max(group[c.m.to()], summed);
        } else {
          sum += summed;
        }
      }
      if (grouped)
        for (int s = 0; s < kSquares; ++s) sum += group[s];
      // OR: pn = min, dn = sum; AND: dn = min, pn = sum (all 0 when every child is resolved
      // the other way)
      const std::uint32_t other = sum == 0 ? 0 : saturate(sum);
      std::uint32_t mn = minv, sm = other;
      if (mn == 0)
        sm = kInfPn;
      else if (sm == 0)
        mn = kInfPn;
      if (is_or)
        pn = mn, dn = sm;
      else
        dn = mn, pn = sm;
      if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) break;

      Child& c = ch[best];
      std::uint32_t cthpn, cthdn;  // thresholds.hpp
      if (is_or) {
        cthpn = threshold_minimised(thpn, second_v);
        cthdn = threshold_summed(thdn, dn, c.dn);
      } else {
        cthdn = threshold_minimised(thdn, second_v);
        cthpn = threshold_summed(thpn, pn, c.pn);
      }
      Res cres;
      {
        ScopedMove sm(pos, *path_, c.m, c.fk, ply + 1);
        cres = mid(ply + 1, cr, cthpn, cthdn, c.pk);
      }
      c.pn = cres.pn, c.dn = cres.dn;
      if (cres.pn == 0) c.hi = cres.hi, c.ph = cres.ph, c.settled = true;
      if (cres.dn == 0) {
        c.lo = cres.lo, c.dh = cres.dh, c.tainted = cres.tainted, c.rep = cres.rep;
        c.settled = true;
      }
    }

    const auto amount =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(lim_.nodes - nodes0, 0xFFFFFFF0u));
    out.pn = pn, out.dn = dn;
    if (pn == 0) {
      if (is_or) {
        int bi = -1;
        for (int i = 0; i < nc; ++i)
          if (ch[i].pn == 0 && (bi < 0 || ch[i].hi < ch[bi].hi)) bi = i;
        const Child& c = ch[bi];
        out.ph = proof_hand_before(pos, c.m, c.ph);
        out.hi = len_plus(c.hi);
        tt_.store_proven(key, out.ph, out.hi, c.m);
        if (ply == 0) root_hi_ = out.hi, root_best_ = c.m;
      } else {
        Hand ph = terminal_proof_hand(pos, hand);
        std::uint16_t hi = 0;
        for (int i = 0; i < nc; ++i) ph = hand_max(ph, ch[i].ph), hi = std::max(hi, ch[i].hi);
        out.ph = ph, out.hi = len_plus(hi);
        tt_.store_proven(key, ph, out.hi, Move{});
      }
    } else if (dn == 0) {
      int rep = kNoRep;  // the disproof's repetitions (Base::kNoRep): kNoRep if it has none
      std::uint16_t lo;
      Hand dh;
      Move by;  // the refuting evasion at a defender node
      if (is_or) {
        lo = kNoLen;
        Hand m = ~Hand{0} & ~kHandBorrow;
        for (int i = 0; i < nc; ++i) {
          lo = std::min(lo, ch[i].lo);
          if (ch[i].tainted) rep = std::min(rep, ch[i].rep);
          if (dh_on_) m = hand_min(m, proof_hand_before(pos, ch[i].m, ch[i].dh));
        }
        dh = or_dh(pos, m);
      } else {
        lo = 0;
        int bi = -1;
        for (int i = 0; i < nc; ++i)
          if (ch[i].dn == 0 && !ch[i].tainted && (bi < 0 || ch[i].lo > lo)) lo = ch[i].lo, bi = i;
        if (bi < 0) {  // refuted only through repetitions: the one reaching back least far
          for (int i = 0; i < nc; ++i)
            if (ch[i].dn == 0 && (bi < 0 || ch[i].rep > rep || (ch[i].rep == rep && ch[i].lo > lo)))
              rep = ch[i].rep, lo = ch[i].lo, bi = i;
          dh = hand;
        } else {
          dh = and_dh(pos, ch[bi].m, ch[bi].dh);
        }
        by = ch[bi].m;
      }
      out.lo = len_plus(lo);
      if (rep < ply) {  // disproved for this line only
        out.tainted = true, out.rep = rep;
        remember_rep(pk, rep);
      } else if (rep != kNoRep) {  // through repetitions inside its own subtree: on every line
        out.dh = hand;
        tt_.store_disproven(key, hand, out.lo, by);
      } else {
        out.dh = dh;
        tt_.store_disproven(key, hand, dh, out.lo, by);
      }
    } else {
      tt_.store_unknown(key, hand, r, pn, dn, amount);
    }
    return out;
  }

  // The factor on a new node's dn with r plies left: 1 + r/4 in a depth-limited query, 1 in an
  // unlimited one. Refuting a node costs more the more plies are left; without the factor the
  // first estimate of an unexplored alternative is the same at any depth, so the search kept
  // leaving a refutation it had half built for an untouched sibling that looked cheaper, and
  // then coming back (in muso-080's last query, 4.7 M of the 5.9 M expansions were of 2.6 M
  // nodes never settled, 0.3 M of the 124 K nodes of the disproof read back from the table).
  // On the 50 problems other than muso-022: 12 % fewer nodes (1 + r/3, 1 + r/6, 1 + r/8 and
  // 2^(r/6): 10-11 %; 2^(r/4) at attacker nodes only: 2.5 times the nodes on muso-080), on
  // the main-line positions 7 %; only at the attacker node (not the defender node): 12 % more.
  // Only in queries of at most kDeepQueryPlies plies (the suite's problems have at most 47): in the
  // long queries of a long mate's post-search the factor reaches hundreds and the search stalled
  // (Microcosmos: no query settled after "mate within 1,581" in 300 s; without the factor there,
  // 1,529 by 261 s; muso-100's minimality proof 23.2 M -> 16.3 M nodes, zuko-099's 96.1 M ->
  // 101.6 M, zuko-001's and zuko-100's the same; capping the factor at r = 48 instead: still
  // stalled at 1,581).
  static constexpr std::uint16_t kDeepQueryPlies = 48;
  std::uint32_t depth_scale(std::uint16_t r) const {
    return r == kRInf || query_r_ > kDeepQueryPlies ? 1u : 1u + r / 4u;
  }
  // A depth-limited query of more than kDeepQueryPlies plies (a long mate's post-search). Three
  // aids tuned on the suite's short problems cost it, measured on Microcosmos' post-search (the
  // queries below 1,581 plies; docs/tsume-notes.md, 2026-12-02): the depth factor above, the
  // exhaustive search with 5 plies to go and the floors from other hands' numbers; they are
  // used in unlimited and short queries only. One aid helps it and stalls short queries: first
  // estimates from the numbers of any query depth (dfpn_table.hpp); it is used in long ones only.
  bool long_query() const { return is_long_query(query_r_); }

  // A new defender node's first pn: its evasions, the drops on one square counted once, as its pn
  // counts them once when it is expanded (max, not sum). Counting each drop made a check with
  // many interpositions look far harder to prove than it is: zuko-001 (69 plies) took 103.6 M
  // nodes to its known length, 19.3 M with this alone.
  static std::uint32_t evasion_pn(const Move* evasions, int n) {
    Bitboard dropped = 0;
    std::uint32_t pn = 0;
    for (int i = 0; i < n; ++i) {
      const Move m = evasions[i];
      if (!m.is_drop()) {
        ++pn;
      } else if (!(dropped & bb_of(m.to()))) {
        dropped |= bb_of(m.to());
        ++pn;
      }
    }
    return pn;
  }

  // First estimate of a child's numbers (an immediate proof or disproof when it is one), stored
  // in the table so that the next expansion of the parent finds it there.
  void init_child(Position& pos, Child& c, std::uint16_t cr, int ply) {
    lim_.count();
    Undo u;
    const std::uint64_t fk = c.fk;
    // an evasion that captures (usually the checking piece) is the defender's likeliest escape
    const bool capture = pos.side_to_move() != attacker_ && pos.piece_on(c.m.to()) != 0;
    pos.do_move(c.m, u);
    Move buf[kMaxMoves];
    if (pos.side_to_move() != attacker_) {  // c is a defender node
      const int ne = generate_evasions(pos, buf, rule_);
      if (ne == 0) {
        c.ph = terminal_proof_hand(pos, c.hand);
        tt_.store_proven(c.key, c.ph, 0, Move{});
        c.pn = 0, c.dn = kInfPn, c.hi = 0, c.settled = true;
      } else {
        c.pn = evasion_pn(buf, ne), c.dn = depth_scale(cr);
        tt_.store_unknown(c.key, c.hand, cr, c.pn, c.dn, 1);
      }
    } else {  // c is an attacker node
      const int nc = generate_checks(pos, buf);
      if (nc == 0) {
        c.dh = leaf_dh(pos);
        tt_.store_disproven(c.key, c.hand, c.dh, kNoLen);
        c.pn = kInfPn, c.dn = 0, c.lo = kNoLen, c.settled = true;
      } else if (cr == 3) {  // small enough to settle now, exhaustively
        path_->push(fk, ply);
        Res r3;
        try {
          r3 = or_exhaustive(ply, c.pk, buf, nc, 3);
        } catch (...) {
          path_->pop(fk);
          pos.undo_move(c.m, u);
          throw;
        }
        path_->pop(fk);
        c.pn = r3.pn, c.dn = r3.dn, c.lo = r3.lo, c.hi = r3.hi, c.ph = r3.ph, c.dh = r3.dh;
        c.tainted = r3.tainted, c.rep = r3.rep, c.settled = true;
      } else {
        // With 1 ply to go, a mate-in-one test settles it. With more, the test is left to its
        // expansion: most new attacker nodes are never expanded, and testing each of them
        // (every check played, every evasion looked for) took a fifth of the time on 14 suite
        // problems for 2 % fewer nodes.
        const Move m = cr == 1 ? mate1(pos, buf, nc, &c.ph, &c.dh) : Move{};
        if (m) {
          tt_.store_proven(c.key, c.ph, 1, m);
          c.pn = 0, c.dn = kInfPn, c.hi = 1, c.settled = true;
        } else if (cr <= 1) {
          tt_.store_disproven(c.key, c.hand, c.dh, 1);
          c.pn = kInfPn, c.dn = 0, c.lo = 1, c.settled = true;
        } else {
          // disproving an attacker node means refuting every check: dn grows with their
          // number (4 per check, the best of 1/2/4/8 on five suite problems' node counts; 2
          // and 6 again with the two terms below: +7 % and +1 % nodes on the 50 problems), and
          // with the plies left; halved after a capture (on the 50 problems other than
          // muso-022: 12.6 % fewer nodes; a quarter or a third: +14 %, +6 %; a king move
          // favoured the same way: +50 %)
          c.pn = 1, c.dn = 4 * static_cast<std::uint32_t>(nc) * depth_scale(cr);
          if (capture) c.dn = std::max(1u, c.dn / 2);
          tt_.store_unknown(c.key, c.hand, cr, c.pn, c.dn, 1);  // lo unknown: untested
        }
      }
    }
    pos.undo_move(c.m, u);
  }

  static constexpr int kMaxPly = 4000;
  std::uint16_t query_r_ = kRInf;         // the plies of the query being searched (depth_scale)
  std::uint64_t last_root_ = 0;           // the query before's root, when it had an empty line
  std::deque<std::vector<Child>> stack_;  // per ply; a deque keeps references stable
  std::mt19937_64 rng_;
  bool randomize_;
  const std::atomic<bool>* stop_flag_ = nullptr;
};

}  // namespace sb::tsume::detail
