// Exhaustive search of the last plies for the df-pn kernels: an attacker node with 1, 3 or 5 plies
// left is settled by a full-width AND/OR search (every check, every evasion) instead of df-pn,
// which would visit the same few positions several times: a mate-in-one test with 1 ply, else
// or_exhaustive (some check after which every evasion allows a mate within r - 2 plies) and
// and_exhaustive in turn, on the df-pn transposition table (dfpn_table.hpp), whose settled
// entries it reads and to which it writes its proofs and disproofs with their proof and disproof
// hands (hands.hpp). A repetition of the current line never mates; a result that depends on one
// is kept only by path key (path_keys.hpp). The full-width search itself is the classic AND/OR
// search of tsume solvers, as in the andor kernel, here cut at a small depth and reading and
// writing df-pn's table.
//
// One thread per searcher (the table may be shared). Limits: exponential in r; df-pn uses it with
// r <= 5 only (10-12 % fewer nodes than with r = 3 only on the suite; with r = 7 as well, more).
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>

#include "dfpn_table.hpp"
#include "hands.hpp"
#include "path_keys.hpp"
#include "repetition_path.hpp"
#include "search_limits.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// Settles attacker nodes with few plies left by exhaustive search, on a df-pn table; the base of
/// DfPn, which uses it at its leaves, and on its own a searcher for "mate within r plies?" with
/// small r (mate_within).
template <bool kShared>
class ExhaustiveSearch {
 public:
  /// What a search of a node returns to its parent.
  struct Res {
    std::uint32_t pn = 1, dn = 1;
    std::uint16_t lo = 0, hi = kNoLen;
    Hand ph = 0;
    Hand dh = 0;  // disproof hand when disproved (not tainted)
    bool tainted = false;
    int rep = kNoRep;  // when tainted: how far back on the line its repetitions reach (rep_of)
  };

  /// Where a disproof through repetition reaches back to: the least ply (from the query's root;
  /// -1 for the positions before it) of a position on the line that a line below returned to;
  /// kNoRep: none. A node at ply p whose disproof reaches back no further than p (rep >= p) owes
  /// nothing to the line above it: its repetitions are inside its own subtree, so it is disproved
  /// on every line that reaches it, and is stored as any disproof (with its exact hand). Without
  /// this, every node above such a repetition stayed disproved "for this line only" up to the
  /// query's root, and was searched again on every other line that reached it (in Microcosmos'
  /// tight post-search queries, 93-97 % of the searched nodes' results).
  static constexpr int kNoRep = INT_MAX;

  /// rule: which defender interpositions count (Params::interpositions).
  ExhaustiveSearch(Table<kShared>& tt, Limits& lim, Color attacker, Interpositions rule)
      : tt_(tt),
        lim_(lim),
        attacker_(attacker),
        rule_(rule),
        dh_on_(rule == Interpositions::kAll),
        rep_(std::max<std::size_t>(std::size_t{1} << 16, tt.budget_bytes() / 256)) {}

  /// The root of one query on the line `path`: its key stays on the path while the scope lives.
  struct RootScope {
    PathSet& path;
    std::uint64_t key;
    RootScope(PathSet& p, std::uint64_t k) : path(p), key(k) {}
    RootScope(const RootScope&) = delete;
    RootScope& operator=(const RootScope&) = delete;
    ~RootScope() { path.pop(key); }
  };

  /// Starts a query at pos on the line `path` (pos pushed on path). The repetition set is
  /// cleared unless keep_rep: the caller vouches that the query has the root and line of the one
  /// before and no more plies to go, so that the disproofs by repetition found then still hold.
  [[nodiscard]] RootScope enter_root(Position& pos, PathSet& path, bool keep_rep = false) {
    if (!keep_rep) rep_.clear();
    pos_ = &pos;
    path_ = &path;
    const std::uint64_t k = pos.key();
    path.push(k, 0);
    return RootScope(path, k);
  }

  /// Is pos (attacker to move) mated within r plies (r odd; exponential in r, meant for r <= 5)?
  /// `path` holds the positions before it on the line (repetitions). pn == 0: yes, with proof
  /// hand ph and length hi; dn == 0: no (lo, and dh unless tainted: disproved through a
  /// repetition of this line only). Throws Aborted at a limit. pos is restored.
  Res mate_within(Position& pos, int r, PathSet& path) {
    const RootScope scope = enter_root(pos, path);
    lim_.count();
    Res out;
    Move buf[kMaxMoves];
    const int n = generate_checks(pos, buf);
    if (n == 0) {
      out.pn = kInfPn, out.dn = 0, out.lo = kNoLen, out.dh = leaf_dh(pos);
    } else if (r <= 1) {
      if (mate1(pos, buf, n, &out.ph, &out.dh))
        out.pn = 0, out.dn = kInfPn, out.hi = 1;
      else
        out.pn = kInfPn, out.dn = 0, out.lo = 1;
    } else {
      out = or_exhaustive(0, 0x12345, buf, n, r);
    }
    return out;
  }

 protected:
  // Mate in one at an attacker node whose checks are moves[0..n): the mating move, or none.
  // Without one, *dh (when given) is the disproof hand of "no mate in one".
  Move mate1(Position& pos, const Move* moves, int n, Hand* ph, Hand* dh = nullptr) {
    unsigned keep = 0;  // bit t: the defender must keep one piece of type t
    for (int i = 0; i < n; ++i) {
      Undo u;
      pos.do_move(moves[i], u);
      bool mate;
      if (dh && dh_on_) {
        // the first evasion found; a drop means there is no other kind, and it stays legal
        // while the defender keeps one piece of its type
        const Move e = first_legal_move(pos);
        mate = !e;
        if (e && e.is_drop()) keep |= 1u << e.dropped();
      } else {
        mate = !has_evasion(pos, rule_);
      }
      Hand tph = 0;
      if (mate) tph = terminal_proof_hand(pos, pos.hand(attacker_));
      pos.undo_move(moves[i], u);
      if (mate) {
        *ph = proof_hand_before(pos, moves[i], tph);
        return moves[i];
      }
    }
    if (dh) {
      const Hand h = pos.hand(attacker_), d = pos.hand(~attacker_);
      Hand x = leaf_dh(pos);
      for (int t = kPawn; t <= kGold; ++t)
        if (keep >> t & 1) x = keep_one(x, h, d, static_cast<PieceType>(t));
      *dh = x;
    }
    return Move{};
  }

  // Disproof hands (hands.hpp), only with every interposition counted; otherwise the hand asked
  // about.
  Hand leaf_dh(const Position& pos) const {
    return dh_on_ ? leaf_disproof_hand(pos, attacker_) : pos.hand(attacker_);
  }
  Hand or_dh(const Position& pos, Hand m) const {
    return dh_on_ ? or_disproof_hand(pos, attacker_, m) : pos.hand(attacker_);
  }
  Hand and_dh(const Position& pos, Move e, Hand cdh) const {
    return dh_on_ ? and_disproof_hand(pos, attacker_, e, cdh) : pos.hand(attacker_);
  }

  static std::uint16_t len_plus(std::uint16_t x) {
    return x >= kNoLen - 1 ? kNoLen : static_cast<std::uint16_t>(x + 1);
  }

  // An attacker node with r = 3 or 5 plies left, settled by an exhaustive search (depth-limited
  // df-pn would visit the same positions several times): a mate in one, else a check after which
  // every evasion allows a mate within r - 2 plies (and_exhaustive). moves[0..n) are the
  // checks (n > 0).
  Res or_exhaustive(int ply, std::uint64_t pk, const Move* moves, int n, int r) {
    Position& pos = *pos_;
    const std::uint64_t key = pos.board_key();
    const Hand hand = pos.hand(attacker_);
    Res out;
    std::uint64_t ck[kMaxMoves];  // the children's clusters load while mate1 runs
    for (int i = 0; i < n; ++i) tt_.prefetch(ck[i] = pos.board_key_after(moves[i]));
    if (const Move m = mate1(pos, moves, n, &out.ph)) {
      tt_.store_proven(key, out.ph, 1, m);
      if (ply == 0) root_hi_ = 1, root_best_ = m;
      out.pn = 0, out.dn = kInfPn, out.hi = 1;
      return out;
    }
    int rep = kNoRep;  // the checks' disproofs through repetition (rep_of)
    std::uint16_t lo = kNoLen;
    Hand dm = ~Hand{0} & ~kHandBorrow;  // minimum of the checks' bounds (or_dh)
    for (int i = 0; i < n; ++i) {
      const Move m = moves[i];
      const std::uint64_t cpk = path_key_after(pk, m);
      const std::uint64_t fk = pos.key_after(m);
      if (const int q = rep_of(fk, cpk); q != kNoRep) {  // never mates on this line
        rep = std::min(rep, q);
        // a node disproved through a repetition before holds for the plies it has (or more);
        // a repetition of the line itself never mates
        if (!path_->contains(fk)) lo = std::min(lo, static_cast<std::uint16_t>(r - 1));
        continue;
      }
      const Val v = tt_.lookup(ck[i], pos.hand_after(m), static_cast<std::uint16_t>(r - 1));
      Res a;
      if (v.pn == 0) {
        a.pn = 0, a.hi = v.hi, a.ph = v.ph;
      } else if (v.dn == 0) {
        lo = std::min(lo, v.lo);
        if (dh_on_) dm = hand_min(dm, proof_hand_before(pos, m, v.dh));
        continue;
      } else {
        ScopedMove sm(pos, *path_, m, fk, ply + 1);
        a = and_exhaustive(ply + 1, cpk, r - 1);
      }
      if (a.pn == 0) {
        out.ph = proof_hand_before(pos, m, a.ph);
        out.hi = len_plus(a.hi);
        tt_.store_proven(key, out.ph, out.hi, m);
        if (ply == 0) root_hi_ = out.hi, root_best_ = m;
        out.pn = 0, out.dn = kInfPn;
        return out;
      }
      lo = std::min(lo, a.lo);
      if (a.tainted) {
        rep = std::min(rep, a.rep);
      } else if (dh_on_) {
        dm = hand_min(dm, proof_hand_before(pos, m, a.dh));
      }
    }
    out.pn = kInfPn, out.dn = 0, out.lo = len_plus(lo);
    if (rep < ply) {  // disproved for this line only
      remember_rep(pk, rep);
      out.tainted = true, out.rep = rep;
    } else if (rep != kNoRep) {  // through repetitions inside its own subtree
      out.dh = hand;
      tt_.store_disproven(key, hand, out.lo);
    } else {
      out.dh = or_dh(pos, dm);
      tt_.store_disproven(key, hand, out.dh, out.lo);
    }
    return out;
  }

  // A defender node with r = 2 or 4 plies left (part of or_exhaustive): mated when every evasion
  // allows a mate within r - 1 plies (a mate in one, or or_exhaustive with 3 plies); the first
  // evasion that does not refutes it.
  Res and_exhaustive(int ply, std::uint64_t pk, int r) {
    Position& pos = *pos_;
    lim_.count();
    const std::uint64_t key = pos.board_key();
    const Hand hand = pos.hand(attacker_);
    Res out;
    Move ev[kMaxMoves];
    const int n = generate_evasions(pos, ev, rule_);
    Hand ph = terminal_proof_hand(pos, hand);
    std::uint16_t hi = 0;
    std::uint64_t next_ck = n > 0 ? pos.board_key_after(ev[0]) : 0;
    if (n > 0) tt_.prefetch(next_ck);
    for (int i = 0; i < n; ++i) {
      const Move e = ev[i];
      const std::uint64_t ck = next_ck;
      if (i + 1 < n) tt_.prefetch(next_ck = pos.board_key_after(ev[i + 1]));
      const std::uint64_t cpk = path_key_after(pk, e);
      const std::uint64_t fk = pos.key_after(e);
      if (const int q = rep_of(fk, cpk); q != kNoRep)  // escapes by repetition (see or_exhaustive)
        return refuted_by_repetition(
            ply, pk, key, hand, q, path_->contains(fk) ? kNoLen : static_cast<std::uint16_t>(r - 1),
            e);
      const Val v = tt_.lookup(ck, hand, static_cast<std::uint16_t>(r - 1));
      Res a;
      if (v.pn == 0) {
        ph = hand_max(ph, v.ph), hi = std::max(hi, v.hi);
        continue;
      }
      if (v.dn == 0) {
        a.pn = kInfPn, a.dn = 0, a.lo = v.lo, a.dh = v.dh;
      } else {
        ScopedMove sm(pos, *path_, e, fk, ply + 1);
        lim_.count();
        Move cm[kMaxMoves];
        const int nc = generate_checks(pos, cm);
        if (nc == 0) {
          a.pn = kInfPn, a.dn = 0, a.lo = kNoLen, a.dh = leaf_dh(pos);
          tt_.store_disproven(ck, hand, a.dh, kNoLen);
        } else if (r == 2) {  // only a mate in one can do
          if (const Move m = mate1(pos, cm, nc, &a.ph, &a.dh)) {
            tt_.store_proven(ck, a.ph, 1, m);
            a.pn = 0, a.dn = kInfPn, a.hi = 1;
          } else {
            a.pn = kInfPn, a.dn = 0, a.lo = 1;
            tt_.store_disproven(ck, hand, a.dh, 1);
          }
        } else {
          a = or_exhaustive(ply + 1, cpk, cm, nc, r - 1);
        }
      }
      if (a.pn == 0) {
        ph = hand_max(ph, a.ph), hi = std::max(hi, a.hi);
        continue;
      }
      if (a.tainted) return refuted_by_repetition(ply, pk, key, hand, a.rep, a.lo, e);
      out.pn = kInfPn, out.dn = 0, out.lo = len_plus(a.lo);
      out.dh = and_dh(pos, e, a.dh);
      tt_.store_disproven(key, hand, out.dh, out.lo);
      return out;
    }
    out.pn = 0, out.dn = kInfPn, out.hi = len_plus(hi), out.ph = ph;
    tt_.store_proven(key, ph, out.hi, Move{});
    return out;
  }

  // A defender node at ply refuted by evasion e through a repetition reaching back to rep, the
  // evasion's child disproved within lo plies (kNoLen: the evasion repeats the line itself).
  Res refuted_by_repetition(int ply, std::uint64_t pk, std::uint64_t key, Hand hand, int rep,
                            std::uint16_t lo, Move e) {
    Res out;
    out.pn = kInfPn, out.dn = 0, out.lo = len_plus(lo);
    if (rep < ply) {
      remember_rep(pk, rep);
      out.tainted = true, out.rep = rep;
    } else {
      out.dh = hand;
      tt_.store_disproven(key, hand, out.lo, e);
    }
    return out;
  }

  Table<kShared>& tt_;
  Limits& lim_;
  Color attacker_;
  Interpositions rule_;
  bool dh_on_;  // disproof hands (leaf_dh)
  Position* pos_ = nullptr;
  PathSet* path_ = nullptr;
  // Path keys of nodes disproved only through a repetition of their line, each with how far back
  // its repetitions reach (rep_of). Forgetting one is safe (the node is searched again and finds
  // the repetition again), so the set holds at most one key per 256 bytes of table budget (10
  // bytes a slot, at most 5/64 of the budget in memory). A node-based
  // std::unordered_set without a bound held about 2.5 GB beside an 8 GiB table after 30 minutes
  // of Microcosmos, outside --max-memory, and its lookups took 40 % of the time.
  BoundedKeySet rep_;
  void remember_rep(std::uint64_t pk, int rep) {
    rep_.insert(pk, static_cast<std::int16_t>(std::clamp(rep, -1, 32767)));
  }
  /// The child after a move (full key fk, path key cpk) repeats the line (the ply of the position
  /// it repeats) or was disproved through a repetition on this line before (how far back that
  /// reached); kNoRep otherwise.
  int rep_of(std::uint64_t fk, std::uint64_t cpk) const {
    if (const int q = path_->ply_of(fk); q != PathSet::kNotOnLine) return q;
    if (const std::ptrdiff_t i = rep_.find(cpk); i >= 0) return rep_.value(i);
    return kNoRep;
  }
  // the proof length and move found at the search root (ply 0)
  std::uint16_t root_hi_ = kNoLen;
  Move root_best_;
};

}  // namespace sb::tsume::detail
