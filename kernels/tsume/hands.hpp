// Proof hands and disproof hands (Nagai 2002, "Df-pn algorithm for searching AND/OR trees and
// its applications", PhD thesis, Univ. of Tokyo: proof pieces and disproof pieces). With hand
// superiority (a mate with attacker hand h is a mate with any hand >= h, the defender then holding
// fewer pieces), a proof is stored with the smallest attacker hand it needs (its proof hand) and a
// disproof with the largest it holds for (its disproof hand), so one result serves many hands.
// These are the rules that compute them from a node's children, for the df-pn kernels.
//
// Pure functions of a position. Limits: the disproof-hand rules assume every interposition counts
// (Interpositions::kAll): whether an interposition is futile is not checked against other hands,
// so under kNoFutile the searchers store a disproof with the hand asked about only.
#pragma once

#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// Proof hand of a mated defender position (no legal evasion): the attacker needs none of its
/// pieces, except that where an interposition square exists, a piece type the defender lacks must
/// stay out of its hand (the attacker keeps all it holds of that type).
inline Hand terminal_proof_hand(const Position& pos, Hand attacker_hand) {
  const Color def = pos.side_to_move();
  const int k = pos.king_square(def);
  const Bitboard chk = pos.checkers();
  if (k < 0 || !chk || (chk & (chk - 1)) || !between(k, lsb(chk))) return 0;
  Hand ph = 0;
  for (int t = kPawn; t <= kGold; ++t) {
    const auto pt = static_cast<PieceType>(t);
    if (hand_count(pos.hand(def), pt) == 0)
      ph |= static_cast<Hand>(hand_count(attacker_hand, pt)) << kHandShift[t];
  }
  return ph;
}

/// Proof hand at an attacker node, from the proof hand of the child reached by m.
inline Hand proof_hand_before(const Position& pos, Move m, Hand child_ph) {
  if (m.is_drop()) return child_ph + hand_one(m.dropped());
  const Piece cap = pos.piece_on(m.to());
  if (cap) {
    const PieceType t = base_type(type_of(cap));
    if (t != kKing && hand_count(child_ph, t) > 0) return child_ph - hand_one(t);
  }
  return child_ph;
}

// Disproof hands: a disproof is stored with the largest attacker hand it is known to hold for, so
// that it also refutes the same board with more pieces in the attacker's hand (and so fewer in the
// defender's).

/// At an attacker node (attacker to move) with no check, or none that mates at once: its hand plus
/// every piece the defender holds of each type that the attacker holds already (more of it gives
/// no new move) or that no drop here could check with.
inline Hand leaf_disproof_hand(const Position& pos, Color attacker) {
  const Hand h = pos.hand(attacker);
  const Hand d = pos.hand(~attacker);
  Hand x = h;
  for (int t = kPawn; t <= kGold; ++t) {
    const auto pt = static_cast<PieceType>(t);
    const int dc = hand_count(d, pt);
    if (dc && (hand_count(h, pt) || !drop_can_check(pos, pt)))
      x += static_cast<Hand>(dc) << kHandShift[t];
  }
  return x;
}

/// x with the attacker's count of t at most h's + d's - 1 (h, d: the hands where the defender
/// drops t), so that the defender keeps one piece of t.
inline Hand keep_one(Hand x, Hand h, Hand d, PieceType t) {
  const int lim = hand_count(h, t) + hand_count(d, t) - 1;
  const int c = hand_count(x, t);
  return c <= lim ? x : x - (static_cast<Hand>(c - lim) << kHandShift[t]);
}

/// x limited to the pieces off the board in pos (both hands): no hand of this board holds more,
/// and every disproof hand stays within its fields (a child's may allow one more of a type than
/// its parent's board has off it, after a capture by the defender, and a drop adds one back above
/// it).
inline Hand off_board(const Position& pos, Color attacker, Hand x) {
  return hand_min(x, pos.hand(attacker) + pos.hand(~attacker));
}

/// At a disproved attacker node, from m (the minimum over its checks of the hands before each
/// check that its child's disproof hand allows): types it does not hold and could drop with check
/// stay at 0 (more would add checks).
inline Hand or_disproof_hand(const Position& pos, Color attacker, Hand m) {
  const Hand h = pos.hand(attacker);
  m = off_board(pos, attacker, m);
  for (int t = kPawn; t <= kGold; ++t) {
    const auto pt = static_cast<PieceType>(t);
    const int c = hand_count(m, pt);
    if (c && !hand_count(h, pt) && drop_can_check(pos, pt))
      m -= static_cast<Hand>(c) << kHandShift[t];
  }
  return m;
}

/// At a defender node disproved by evasion e whose child's disproof hand is cdh: cdh, and when e
/// drops a piece, the defender must keep one of its type.
inline Hand and_disproof_hand(const Position& pos, Color attacker, Move e, Hand cdh) {
  cdh = off_board(pos, attacker, cdh);
  if (!e.is_drop()) return cdh;
  return keep_one(cdh, pos.hand(attacker), pos.hand(~attacker), e.dropped());
}

}  // namespace sb::tsume::detail
