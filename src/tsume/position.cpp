// Shogi board, attack tables, make/unmake and legal move generation (see shogi.hpp).
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "shogi.hpp"

namespace sb::tsume {
namespace {

// The eight ray directions as (file step, rank step); rank step -1 is towards rank 1.
constexpr int kDirF[8] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int kDirR[8] = {-1, 1, 0, 0, -1, 1, 1, -1};
// Directions 0..3 are orthogonal (rook), 4..7 diagonal (bishop); d ^ 1 is the opposite of d.
// Index delta 9 * df + dr: rays
// with a positive delta run towards higher square numbers.
constexpr int delta(int d) {
  return 9 * kDirF[d] + kDirR[d];
}

struct Tables {
  Bitboard step[2][kPieceTypeNb][kSquares];
  Bitboard ray[8][kSquares];
  Bitboard diag[kSquares], orth[kSquares];  // the rays of a bishop / rook on an empty board
  Bitboard between[kSquares][kSquares];
  Bitboard line[kSquares][kSquares];
  Bitboard zone[2];
  // sliding attacks (see slider attacks below): along a file, the attacked ranks (bits 0-8) by
  // the occupancy of the file's seven inner ranks, for a rook and each side's lance; along a rank
  // and the two diagonals, each line's lower half (towards lower squares) and upper half
  std::uint16_t file_att[9][128];
  std::uint16_t lance_file_att[2][9][128];
  Bitboard lower[3][kSquares], upper[3][kSquares];  // 0: rank, 1: diagonal 4/5, 2: diagonal 6/7
  Bitboard pseudo[2][kPieceTypeNb][kSquares];       // a piece's moves on an empty board
  Bitboard allowed[2][kPieceTypeNb];                // where it may stand (dead-piece rule)
  // the squares within 2 files and 4 ranks of a king's square: the only ones from which a
  // stepping piece can check it or attack a square next to it
  Bitboard near_king[kSquares];
  std::uint64_t piece_key[32][kSquares];
  std::uint64_t hand_key[2][8];
  std::uint64_t side_key;

  Tables() {
    std::memset(this, 0, sizeof(*this));
    auto on = [](int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; };
    for (int s = 0; s < kSquares; ++s) {
      const int f = file_of(s), r = rank_of(s);
      for (int d = 0; d < 8; ++d)
        for (int ff = f + kDirF[d], rr = r + kDirR[d]; on(ff, rr); ff += kDirF[d], rr += kDirR[d])
          ray[d][s] |= bb_of(square(ff, rr));
      for (int c = 0; c < 2; ++c) {
        const int fw = c == kBlack ? -1 : 1;  // forward rank step
        auto add = [&](PieceType t, int df, int dr) {
          if (on(f + df, r + dr)) step[c][t][s] |= bb_of(square(f + df, r + dr));
        };
        add(kPawn, 0, fw);
        add(kKnight, -1, 2 * fw);
        add(kKnight, 1, 2 * fw);
        for (int df = -1; df <= 1; ++df) {
          add(kSilver, df, fw);
          add(kGold, df, fw);
          add(kKing, df, fw);
          add(kKing, df, -fw);
          if (df != 0) {
            add(kSilver, df, -fw);
            add(kGold, df, 0);
            add(kKing, df, 0);
          }
        }
        add(kGold, 0, -fw);
        for (PieceType t : {kProPawn, kProLance, kProKnight, kProSilver})
          step[c][t][s] = step[c][kGold][s];
        step[c][kHorse][s] = step[c][kKing][s];
        step[c][kDragon][s] = step[c][kKing][s];
      }
    }
    for (int a = 0; a < kSquares; ++a) {
      orth[a] = ray[0][a] | ray[1][a] | ray[2][a] | ray[3][a];
      diag[a] = ray[4][a] | ray[5][a] | ray[6][a] | ray[7][a];
    }
    for (int a = 0; a < kSquares; ++a)
      for (int d = 0; d < 8; ++d) {
        Bitboard acc = 0;
        for (Bitboard r = ray[d][a]; r;) {
          // walk the ray in order from a outwards
          const int b = delta(d) > 0 ? lsb(r) : msb(r);
          r &= ~bb_of(b);
          between[a][b] = acc;
          line[a][b] = ray[d][a] | ray[d ^ 1][a] | bb_of(a);
          acc |= bb_of(b);
        }
      }
    for (int s = 0; s < kSquares; ++s) {
      if (rank_of(s) <= 2) zone[kBlack] |= bb_of(s);
      if (rank_of(s) >= 6) zone[kWhite] |= bb_of(s);
    }
    for (int r = 0; r < 9; ++r)
      for (int o = 0; o < 128; ++o) {
        const unsigned occ9 = static_cast<unsigned>(o) << 1;
        unsigned up = 0, down = 0;  // towards rank 9 (higher r) / towards rank 1
        for (int rr = r + 1; rr < 9; ++rr) {
          up |= 1u << rr;
          if (occ9 >> rr & 1) break;
        }
        for (int rr = r - 1; rr >= 0; --rr) {
          down |= 1u << rr;
          if (occ9 >> rr & 1) break;
        }
        file_att[r][o] = static_cast<std::uint16_t>(up | down);
        lance_file_att[kBlack][r][o] = static_cast<std::uint16_t>(down);
        lance_file_att[kWhite][r][o] = static_cast<std::uint16_t>(up);
      }
    for (int s = 0; s < kSquares; ++s) {
      // upper: the ray with a positive index delta (directions 2, 4, 6)
      lower[0][s] = ray[3][s], upper[0][s] = ray[2][s];
      lower[1][s] = ray[5][s], upper[1][s] = ray[4][s];
      lower[2][s] = ray[7][s], upper[2][s] = ray[6][s];
    }
    for (int c = 0; c < 2; ++c)
      for (int t = 0; t < kPieceTypeNb; ++t) {
        for (int s = 0; s < kSquares; ++s) {
          Bitboard b = step[c][t][s];
          if (t == kLance) b = ray[c == kBlack ? 0 : 1][s];
          if (t == kBishop) b = diag[s];
          if (t == kRook) b = orth[s];
          if (t == kHorse) b = diag[s] | step[c][kKing][s];
          if (t == kDragon) b = orth[s] | step[c][kKing][s];
          pseudo[c][t][s] = b;
        }
        Bitboard b = (Bitboard(1) << 81) - 1;
        for (int s = 0; s < kSquares; ++s) {
          const int ahead = c == kBlack ? rank_of(s) : 8 - rank_of(s);  // ranks before the last
          if (((t == kPawn || t == kLance) && ahead < 1) || (t == kKnight && ahead < 2))
            b &= ~bb_of(s);
        }
        allowed[c][t] = b;
      }
    for (int k = 0; k < kSquares; ++k)
      for (int s = 0; s < kSquares; ++s)
        if (std::abs(file_of(s) - file_of(k)) <= 2 && std::abs(rank_of(s) - rank_of(k)) <= 4)
          near_king[k] |= bb_of(s);
    std::uint64_t x = 0x9E3779B97F4A7C15ull;  // splitmix64, fixed seed
    auto next = [&x] {
      std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& pk : piece_key)
      for (auto& k : pk) k = next();
    for (auto& hk : hand_key)
      for (auto& k : hk) k = next();
    side_key = next();
  }
};

const Tables& T() {
  static const Tables* t = new Tables();
  return *t;
}
const Tables& kT = T();  // built during static initialisation of this file

// Slider attacks. Along a file (nine consecutive bits), a table indexed by the occupancy of the
// file's seven inner squares. Along a rank or a diagonal, the obstruction difference (G.
// Isenberg, "Obstruction Difference", Chess Programming Wiki): with lower / upper the occupied
// squares of the line's two halves below and above s, the attacked squares are the line's
// squares from the highest of lower (bit 0 when none) to the lowest of upper (the top when none),
// found with one bit scan and one 128-bit addition, no loop and no branch on the blockers.
inline int msb_or_0(Bitboard b) {
  const auto hi = static_cast<std::uint64_t>(b >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(static_cast<std::uint64_t>(b) | 1);
}
inline Bitboard line_attack(int l, int s, Bitboard occ) {
  const Bitboard lo = kT.lower[l][s], up = kT.upper[l][s];
  const Bitboard upper = up & occ;
  const Bitboard below = ~Bitboard(0) << msb_or_0(lo & occ);    // from the lower blocker up
  const Bitboard above = (upper & (Bitboard(0) - upper)) << 1;  // just past the upper blocker
  return (lo | up) & (below + above);
}
inline unsigned file_occ7(int s, Bitboard occ) {
  return static_cast<unsigned>(occ >> (9 * file_of(s) + 1)) & 0x7F;
}
inline Bitboard file_bits(int s, unsigned ranks) {
  return Bitboard(ranks) << (9 * file_of(s));
}
inline Bitboard lance_att(Color c, int s, Bitboard occ) {
  return file_bits(s, kT.lance_file_att[c][rank_of(s)][file_occ7(s, occ)]);
}
inline Bitboard bishop_att(int s, Bitboard occ) {
  return line_attack(1, s, occ) | line_attack(2, s, occ);
}
inline Bitboard rook_att(int s, Bitboard occ) {
  return line_attack(0, s, occ) | file_bits(s, kT.file_att[rank_of(s)][file_occ7(s, occ)]);
}

constexpr Bitboard kBoardMask = (Bitboard(1) << 81) - 1;

Bitboard file_mask(int f) {
  return Bitboard(0x1FF) << (9 * f);
}

}  // namespace

int hand_total(Hand h) {
  int n = 0;
  for (int t = kPawn; t <= kGold; ++t) n += hand_count(h, static_cast<PieceType>(t));
  return n;
}

namespace {
// The hand whose count of each type is pick(a's count, b's count).
template <class Pick>
Hand hand_by_type(Hand a, Hand b, Pick pick) {
  Hand r = 0;
  for (int t = kPawn; t <= kGold; ++t) {
    const auto pt = static_cast<PieceType>(t);
    r |= static_cast<Hand>(pick(hand_count(a, pt), hand_count(b, pt))) << kHandShift[t];
  }
  return r;
}
}  // namespace

Hand hand_min(Hand a, Hand b) {
  return hand_by_type(a, b, [](int x, int y) { return std::min(x, y); });
}

Hand hand_max(Hand a, Hand b) {
  return hand_by_type(a, b, [](int x, int y) { return std::max(x, y); });
}

Bitboard step_attacks(Color c, PieceType t, int s) {
  return kT.step[c][t][s];
}
Bitboard lance_attacks(Color c, int s, Bitboard occ) {
  return lance_att(c, s, occ);
}
Bitboard bishop_attacks(int s, Bitboard occ) {
  return bishop_att(s, occ);
}
Bitboard rook_attacks(int s, Bitboard occ) {
  return rook_att(s, occ);
}
Bitboard attacks_from(Color c, PieceType t, int s, Bitboard occ) {
  switch (t) {
    case kLance:
      return lance_att(c, s, occ);
    case kBishop:
      return bishop_att(s, occ);
    case kRook:
      return rook_att(s, occ);
    case kHorse:
      return bishop_att(s, occ) | kT.step[c][kKing][s];
    case kDragon:
      return rook_att(s, occ) | kT.step[c][kKing][s];
    default:
      return kT.step[c][t][s];
  }
}
namespace {
// What a piece attacks on an empty board: a superset of attacks_from, cheap for the sliders
// (a table lookup, no ray walk), so that a slider that cannot reach any target is skipped.
inline Bitboard pseudo_attacks(Color c, PieceType t, int s) {
  return kT.pseudo[c][t][s];
}
}  // namespace
Bitboard between(int a, int b) {
  return kT.between[a][b];
}
Bitboard line_through(int a, int b) {
  return kT.line[a][b];
}
Bitboard promotion_zone(Color c) {
  return kT.zone[c];
}

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------

Position::Position() = default;

void Position::put(int s, Piece p) {
  remove(s);
  if (!p) return;
  board_[s] = p;
  color_bb_[color_of(p)] |= bb_of(s);
  type_bb_[type_of(p)] |= bb_of(s);
  board_key_ ^= kT.piece_key[p][s];
  if (type_of(p) == kKing) king_[color_of(p)] = s;
}

void Position::remove(int s) {
  const Piece p = board_[s];
  if (!p) return;
  board_[s] = 0;
  color_bb_[color_of(p)] &= ~bb_of(s);
  type_bb_[type_of(p)] &= ~bb_of(s);
  board_key_ ^= kT.piece_key[p][s];
  if (type_of(p) == kKing && king_[color_of(p)] == s) king_[color_of(p)] = -1;
}

void Position::set_hand(Color c, Hand h) {
  hand_[c] = h;
  hand_key_ = 0;
  for (int cc = 0; cc < 2; ++cc)
    for (int t = kPawn; t <= kGold; ++t)
      hand_key_ += kT.hand_key[cc][t] *
                   static_cast<std::uint64_t>(hand_count(hand_[cc], static_cast<PieceType>(t)));
}

void Position::set_side_to_move(Color c) {
  if (c != side_) board_key_ ^= kT.side_key;
  side_ = c;
}

// The stepping pieces (and the step moves of horse and dragon) of either colour that would
// attack s if they were c's: masked with c's pieces by the callers.
Bitboard Position::step_attackers(Color c, int s) const {
  const Color o = ~c;
  const Bitboard gold_like = type_bb_[kGold] | type_bb_[kProPawn] | type_bb_[kProLance] |
                             type_bb_[kProKnight] | type_bb_[kProSilver];
  return (kT.step[o][kPawn][s] & type_bb_[kPawn]) | (kT.step[o][kKnight][s] & type_bb_[kKnight]) |
         (kT.step[o][kSilver][s] & type_bb_[kSilver]) | (kT.step[o][kGold][s] & gold_like) |
         (kT.step[o][kKing][s] & (type_bb_[kKing] | type_bb_[kHorse] | type_bb_[kDragon]));
}

Bitboard Position::attackers_to(Color c, int s, Bitboard occ) const {
  const Color o = ~c;
  const Bitboard mine = color_bb_[c];
  Bitboard b = step_attackers(c, s);
  // sliders: the exact (occupancy-dependent) attack only when one stands on an open line
  const Bitboard diag = (type_bb_[kBishop] | type_bb_[kHorse]) & mine;
  if (diag & kT.diag[s]) b |= bishop_att(s, occ) & diag;
  const Bitboard orth = (type_bb_[kRook] | type_bb_[kDragon]) & mine;
  if (orth & kT.orth[s]) b |= rook_att(s, occ) & orth;
  const Bitboard lances = type_bb_[kLance] & mine;
  if (lances & kT.ray[o == kBlack ? 0 : 1][s]) b |= lance_att(o, s, occ) & lances;
  return b & mine;
}

bool Position::attacked(Color c, int s, Bitboard occ) const {
  const Color o = ~c;
  const Bitboard mine = color_bb_[c];
  if (step_attackers(c, s) & mine) return true;
  const Bitboard diag = (type_bb_[kBishop] | type_bb_[kHorse]) & mine;
  if ((diag & kT.diag[s]) && (bishop_att(s, occ) & diag)) return true;
  const Bitboard orth = (type_bb_[kRook] | type_bb_[kDragon]) & mine;
  if ((orth & kT.orth[s]) && (rook_att(s, occ) & orth)) return true;
  const Bitboard lances = type_bb_[kLance] & mine;
  return (lances & kT.ray[o == kBlack ? 0 : 1][s]) && (lance_att(o, s, occ) & lances);
}

Bitboard Position::checkers() const {
  const int k = king_[side_];
  return k < 0 ? 0 : attackers_to(~side_, k);
}

void Position::do_move(Move m, Undo& u) {
  const Color us = side_;
  u.board_key = board_key_;
  u.captured = 0;
  const int to = m.to();
  if (m.is_drop()) {
    const PieceType t = m.dropped();
    hand_[us] -= hand_one(t);
    hand_key_ -= kT.hand_key[us][t];
    const Piece p = make_piece(us, t);
    board_[to] = p;
    color_bb_[us] |= bb_of(to);
    type_bb_[t] |= bb_of(to);
    board_key_ ^= kT.piece_key[p][to];
  } else {
    const int from = m.from();
    const Piece p = board_[from];
    const Piece cap = board_[to];
    if (cap) {
      u.captured = cap;
      color_bb_[~us] &= ~bb_of(to);
      type_bb_[type_of(cap)] &= ~bb_of(to);
      board_key_ ^= kT.piece_key[cap][to];
      const PieceType bt = base_type(type_of(cap));
      if (bt != kKing) {
        hand_[us] += hand_one(bt);
        hand_key_ += kT.hand_key[us][bt];
      } else {
        king_[~us] = -1;
      }
    }
    const Piece np = m.promotes() ? static_cast<Piece>(p + 8) : p;
    board_[from] = 0;
    board_[to] = np;
    color_bb_[us] ^= bb_of(from) | bb_of(to);
    type_bb_[type_of(p)] &= ~bb_of(from);
    type_bb_[type_of(np)] |= bb_of(to);
    board_key_ ^= kT.piece_key[p][from] ^ kT.piece_key[np][to];
    if (type_of(p) == kKing) king_[us] = to;
  }
  side_ = ~us;
  board_key_ ^= kT.side_key;
}

void Position::undo_move(Move m, const Undo& u) {
  side_ = ~side_;
  const Color us = side_;
  const int to = m.to();
  if (m.is_drop()) {
    const PieceType t = m.dropped();
    hand_[us] += hand_one(t);
    hand_key_ += kT.hand_key[us][t];
    board_[to] = 0;
    color_bb_[us] &= ~bb_of(to);
    type_bb_[t] &= ~bb_of(to);
  } else {
    const int from = m.from();
    const Piece np = board_[to];
    const Piece p = m.promotes() ? static_cast<Piece>(np - 8) : np;
    board_[to] = u.captured;
    board_[from] = p;
    color_bb_[us] ^= bb_of(from) | bb_of(to);
    type_bb_[type_of(np)] &= ~bb_of(to);
    type_bb_[type_of(p)] |= bb_of(from);
    if (type_of(p) == kKing) king_[us] = from;
    if (u.captured) {
      const Piece cap = u.captured;
      color_bb_[~us] |= bb_of(to);
      type_bb_[type_of(cap)] |= bb_of(to);
      const PieceType bt = base_type(type_of(cap));
      if (bt != kKing) {
        hand_[us] -= hand_one(bt);
        hand_key_ -= kT.hand_key[us][bt];
      } else {
        king_[~us] = to;
      }
    }
  }
  board_key_ = u.board_key;
}

std::uint64_t Position::board_key_after(Move m) const {
  std::uint64_t k = board_key_ ^ kT.side_key;
  const int to = m.to();
  if (m.is_drop()) return k ^ kT.piece_key[make_piece(side_, m.dropped())][to];
  const int from = m.from();
  const Piece p = board_[from];
  const Piece np = m.promotes() ? static_cast<Piece>(p + 8) : p;
  if (board_[to]) k ^= kT.piece_key[board_[to]][to];
  return k ^ kT.piece_key[p][from] ^ kT.piece_key[np][to];
}

Hand Position::hand_after(Move m) const {
  if (m.is_drop()) return hand_[side_] - hand_one(m.dropped());
  const Piece cap = board_[m.to()];
  if (!cap || type_of(cap) == kKing) return hand_[side_];
  return hand_[side_] + hand_one(base_type(type_of(cap)));
}

std::uint64_t Position::key_after(Move m) const {
  std::uint64_t k = key() - board_key_ + board_key_after(m);
  const Color us = side_;
  if (m.is_drop()) return k - kT.hand_key[us][m.dropped()];
  const Piece cap = board_[m.to()];
  if (cap && type_of(cap) != kKing) k += kT.hand_key[us][base_type(type_of(cap))];
  return k;
}

bool Position::gives_check(Move m) const {
  const Color us = side_;
  const int ek = king_[~us];
  if (ek < 0) return false;
  const int to = m.to();
  if (m.is_drop()) return attacks_from(us, m.dropped(), to, occupied()) & bb_of(ek);
  const int from = m.from();
  const PieceType t = type_of(board_[from]);
  const PieceType nt = m.promotes() ? static_cast<PieceType>(t + 8) : t;
  const Bitboard occ = (occupied() & ~bb_of(from)) | bb_of(to);
  if (attacks_from(us, nt, to, occ) & bb_of(ek)) return true;
  // discovered check: `from` leaves a line between the enemy king and a slider of ours
  const Bitboard ln = line_through(ek, from);
  if (!ln || (ln & bb_of(to))) return false;
  const Bitboard sliders = (bishop_att(ek, occ) & (pieces(us, kBishop) | pieces(us, kHorse))) |
                           (rook_att(ek, occ) & (pieces(us, kRook) | pieces(us, kDragon))) |
                           (lance_att(~us, ek, occ) & pieces(us, kLance));
  return (sliders & ln) != 0;
}

// ---------------------------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------------------------

namespace {

/// Squares where a piece of colour c and type t may stand (dead-piece rule).
inline Bitboard allowed_squares(Color c, PieceType t) {
  return kT.allowed[c][t];
}

/// Our pieces standing alone between a slider of `them` and our king (pinned).
Bitboard pinned_pieces(const Position& pos, Color us) {
  const int k = pos.king_square(us);
  if (k < 0) return 0;
  const Color them = ~us;
  const Bitboard snipers = (kT.diag[k] & (pos.pieces(them, kBishop) | pos.pieces(them, kHorse))) |
                           (kT.orth[k] & (pos.pieces(them, kRook) | pos.pieces(them, kDragon))) |
                           (lance_att(us, k, 0) & pos.pieces(them, kLance));
  const Bitboard occ = pos.occupied();
  Bitboard pinned = 0;
  for (Bitboard s = snipers; s;) {
    const int sq = pop_lsb(s);
    const Bitboard b = between(k, sq) & occ;
    if (b && !(b & (b - 1)) && (b & pos.pieces(us))) pinned |= b;
  }
  return pinned;
}

struct Gen {
  const Position& pos;
  Move* out;
  int n = 0;
  void add(Move m) { out[n++] = m; }

  void add_board(Color us, PieceType t, int from, int to) {
    if (promotable(t) && (promotion_zone(us) & (bb_of(from) | bb_of(to))))
      add(Move::normal(from, to, true));
    if (allowed_squares(us, t) & bb_of(to)) add(Move::normal(from, to, false));
  }
};

/// Would dropping a pawn on `to`, the square in front of the enemy king, be mate? Then it is
/// uchifuzume. The pawn's check is a contact check, so only a king move to a square we do not
/// attack (taking the pawn included) or a capture of the pawn by a piece not pinned off its line
/// answers it; the position is not copied or played.
bool pawn_drop_mates(const Position& pos, int to) {
  const Color us = pos.side_to_move(), them = ~us;
  const int ek = pos.king_square(them);
  const Bitboard occ = pos.occupied() | bb_of(to);
  if (pos.attacked(us, ek, occ)) {  // already in check (no legal position): play it out
    Position p = pos;
    Undo u;
    p.do_move(Move::drop(kPawn, to), u);
    return !has_legal_move(p);
  }
  for (Bitboard t = step_attacks(them, kKing, ek) & ~pos.pieces(them); t;)
    if (!pos.attacked(us, pop_lsb(t), occ & ~bb_of(ek))) return false;
  const Bitboard pinned = pinned_pieces(pos, them);
  for (Bitboard a = pos.attackers_to(them, to, occ) & ~bb_of(ek); a;) {
    const int from = pop_lsb(a);
    if (!(pinned & bb_of(from)) || (line_through(ek, from) & bb_of(to))) return false;
  }
  return true;
}

/// c's lances, bishops, rooks, horses and dragons.
Bitboard slider_pieces(const Position& pos, Color c) {
  return pos.pieces(c, kLance) | pos.pieces(c, kBishop) | pos.pieces(c, kRook) |
         pos.pieces(c, kHorse) | pos.pieces(c, kDragon);
}

/// The squares of `zone` (squares next to the king on k) attacked by `by` with occupancy occ
/// (the king taken off, so that a slider's attack goes on behind it): each piece of `by` that
/// could reach the zone on an empty board adds its attacks, once for all the zone's squares.
Bitboard guarded_squares(const Position& pos, Color by, int k, Bitboard zone, Bitboard occ) {
  if (!zone) return 0;
  Bitboard out = 0;
  for (Bitboard a = (pos.pieces(by) & kT.near_king[k]) | slider_pieces(pos, by); a;) {
    const int from = pop_lsb(a);
    const PieceType t = type_of(pos.piece_on(from));
    if (kT.pseudo[by][t][from] & zone & ~out) out |= attacks_from(by, t, from, occ);
  }
  return out & zone;
}

/// Legal moves with an optional filter; stop_at_first for has_legal_move.
template <bool kChecksOnly, bool kStopAtFirst>
int generate(const Position& pos, Move* out) {
  Gen g{pos, out};
  const Color us = pos.side_to_move(), them = ~us;
  const int k = pos.king_square(us);
  const Bitboard occ = pos.occupied();
  const Bitboard ours = pos.pieces(us);
  const Bitboard chk = k >= 0 ? pos.attackers_to(them, k, occ) : 0;
  const int ek = pos.king_square(them);
  auto keep = [&](Move m) {
    if constexpr (kChecksOnly) return pos.gives_check(m);
    return true;
  };
  auto emit = [&](Move m) {
    if (keep(m)) g.add(m);
  };

  if (k >= 0) {
    const Bitboard around = step_attacks(us, kKing, k) & ~ours;
    for (Bitboard t = around & ~guarded_squares(pos, them, k, around, occ & ~bb_of(k)); t;) {
      emit(Move::normal(k, pop_lsb(t), false));
      if (kStopAtFirst && g.n) return g.n;
    }
    if (chk & (chk - 1)) return g.n;  // double check: only the king may move
  }
  Bitboard target = ~ours & kBoardMask;
  Bitboard drop_target = ~occ & kBoardMask;
  if (chk) {
    const int c = lsb(chk);
    drop_target = between(k, c);
    target = drop_target | chk;
  }
  const Bitboard pinned = pinned_pieces(pos, us);

  Bitboard movers = ours & ~(k >= 0 ? bb_of(k) : 0);
  // a contact check: only a capture of the checker (or a king move) answers it, so only the
  // pieces attacking the checker are looked at (the test below would skip the others)
  if (chk && !drop_target) movers &= pos.attackers_to(us, lsb(chk), occ);
  for (Bitboard pcs = movers; pcs;) {
    const int from = pop_lsb(pcs);
    const PieceType t = type_of(pos.piece_on(from));
    if (!(pseudo_attacks(us, t, from) & target)) continue;
    Bitboard att = attacks_from(us, t, from, occ) & target;
    if (pinned & bb_of(from)) att &= line_through(k, from);
    for (; att;) {
      const int to = pop_lsb(att);
      const int before = g.n;
      g.add_board(us, t, from, to);
      if constexpr (kChecksOnly) {  // drop the moves that do not check
        int w = before;
        for (int i = before; i < g.n; ++i)
          if (pos.gives_check(g.out[i])) g.out[w++] = g.out[i];
        g.n = w;
      }
      if (kStopAtFirst && g.n) return g.n;
    }
  }

  const Hand h = pos.hand(us);
  if (!h || !drop_target) return g.n;
  for (int ti = kPawn; ti <= kGold; ++ti) {
    const auto t = static_cast<PieceType>(ti);
    if (!hand_count(h, t)) continue;
    Bitboard tg = drop_target & allowed_squares(us, t);
    if constexpr (kChecksOnly) {
      if (ek < 0) return g.n;
      tg &= attacks_from(them, t, ek, occ);  // squares from which a piece of ours checks
    }
    if (t == kPawn) {
      for (Bitboard p = pos.pieces(us, kPawn); p;) tg &= ~file_mask(file_of(pop_lsb(p)));
      if (ek >= 0) {  // uchifuzume: the pawn drop that checks must not mate
        const Bitboard front = step_attacks(them, kPawn, ek) & tg;
        if (front && pawn_drop_mates(pos, lsb(front))) tg &= ~front;
      }
    }
    for (; tg;) {
      g.add(Move::drop(t, pop_lsb(tg)));
      if (kStopAtFirst) return g.n;
    }
  }
  return g.n;
}

/// Our pieces standing alone between one of our sliders and the enemy king: moving one off that
/// line gives a discovered check.
Bitboard discoverers(const Position& pos, Color us) {
  const Color them = ~us;
  const int ek = pos.king_square(them);
  const Bitboard snipers = (kT.diag[ek] & (pos.pieces(us, kBishop) | pos.pieces(us, kHorse))) |
                           (kT.orth[ek] & (pos.pieces(us, kRook) | pos.pieces(us, kDragon))) |
                           (lance_att(them, ek, 0) & pos.pieces(us, kLance));
  const Bitboard occ = pos.occupied();
  Bitboard dc = 0;
  for (Bitboard s = snipers; s;) {
    const int sq = pop_lsb(s);
    const Bitboard b = between(ek, sq) & occ;
    if (b && !(b & (b - 1)) && (b & pos.pieces(us))) dc |= b;
  }
  return dc;
}

/// The attacker's checking moves generated directly (no filter over all legal moves): for each
/// piece, the squares from which it (or its promoted form) attacks the enemy king, plus every
/// move of a discovering piece off its line. Same moves and order as filtering generate_legal
/// by gives_check. Requires an enemy king and our own king (if any) not in check.
int generate_checks_direct(const Position& pos, Move* out) {
  Gen g{pos, out};
  const Color us = pos.side_to_move(), them = ~us;
  const int k = pos.king_square(us);
  const int ek = pos.king_square(them);
  const Bitboard occ = pos.occupied();
  const Bitboard ours = pos.pieces(us);
  const Bitboard dc = discoverers(pos, us);
  // squares from which a piece of ours of each type would attack the enemy king
  Bitboard chk[kPieceTypeNb];
  chk[kPawn] = step_attacks(them, kPawn, ek);
  chk[kLance] = lance_att(them, ek, occ);
  chk[kKnight] = step_attacks(them, kKnight, ek);
  chk[kSilver] = step_attacks(them, kSilver, ek);
  chk[kGold] = step_attacks(them, kGold, ek);
  chk[kBishop] = bishop_att(ek, occ);
  chk[kRook] = rook_att(ek, occ);
  chk[kKing] = 0;
  chk[kProPawn] = chk[kProLance] = chk[kProKnight] = chk[kProSilver] = chk[kGold];
  chk[kHorse] = chk[kBishop] | step_attacks(them, kKing, ek);
  chk[kDragon] = chk[kRook] | step_attacks(them, kKing, ek);

  if (k >= 0 && (dc & bb_of(k))) {  // a king move off the line discovers check
    const Bitboard off = ~line_through(ek, k);
    for (Bitboard t = step_attacks(us, kKing, k) & ~ours & off; t;) {
      const int to = pop_lsb(t);
      if (!pos.attacked(them, to, occ & ~bb_of(k))) g.add(Move::normal(k, to, false));
    }
  }
  const Bitboard pinned = pinned_pieces(pos, us);
  const Bitboard zone = promotion_zone(us);
  // a stepping piece checks only from near the king: the others are skipped unseen (the test
  // below would skip them too); sliders and discovering pieces are looked at wherever they are
  const Bitboard candidates = (ours & kT.near_king[ek]) | slider_pieces(pos, us) | dc;
  for (Bitboard pcs = candidates & ~(k >= 0 ? bb_of(k) : 0); pcs;) {
    const int from = pop_lsb(pcs);
    const PieceType t = type_of(pos.piece_on(from));
    const bool can_promote = promotable(t);
    const PieceType pt = can_promote ? static_cast<PieceType>(t + 8) : t;
    // a piece that discovers no check and reaches no checking square even on an empty board
    if (!(dc & bb_of(from)) &&
        !(pseudo_attacks(us, t, from) & (chk[t] | (can_promote ? chk[pt] : 0))))
      continue;
    Bitboard att = attacks_from(us, t, from, occ) & ~ours;
    if (pinned & bb_of(from)) att &= line_through(k, from);
    Bitboard disc = 0;  // targets that discover check whatever the piece does there
    if (dc & bb_of(from)) disc = att & ~line_through(ek, from);
    Bitboard cand = att & (disc | chk[t] | (can_promote ? chk[pt] : 0));
    const bool from_zone = zone & bb_of(from);
    for (; cand;) {
      const int to = pop_lsb(cand);
      const Bitboard tb = bb_of(to);
      const bool d = disc & tb;
      if (can_promote && (from_zone || (zone & tb)) && (d || (chk[pt] & tb)))
        g.add(Move::normal(from, to, true));
      if ((allowed_squares(us, t) & tb) && (d || (chk[t] & tb)))
        g.add(Move::normal(from, to, false));
    }
  }

  const Hand h = pos.hand(us);
  if (!h) return g.n;
  const Bitboard empty = ~occ & kBoardMask;
  for (int ti = kPawn; ti <= kGold; ++ti) {
    const auto t = static_cast<PieceType>(ti);
    if (!hand_count(h, t)) continue;
    Bitboard tg = empty & allowed_squares(us, t) & chk[t];
    if (t == kPawn && tg) {
      for (Bitboard p = pos.pieces(us, kPawn); p;) tg &= ~file_mask(file_of(pop_lsb(p)));
      if (tg && pawn_drop_mates(pos, lsb(tg))) tg = 0;  // uchifuzume
    }
    for (; tg;) g.add(Move::drop(t, pop_lsb(tg)));
  }
  return g.n;
}

}  // namespace

int generate_legal(const Position& pos, Move* out) {
  return generate<false, false>(pos, out);
}
int generate_checks(const Position& pos, Move* out) {
  const Color us = pos.side_to_move();
  if (pos.king_square(~us) < 0) return 0;
  const int k = pos.king_square(us);
  if (k >= 0 && pos.attacked(~us, k, pos.occupied()))
    return generate<true, false>(pos, out);  // rare
  return generate_checks_direct(pos, out);
}
int generate_checks_filtered(const Position& pos, Move* out) {
  return generate<true, false>(pos, out);
}
Move first_legal_move(const Position& pos) {
  Move buf[kMaxMoves];
  return generate<false, true>(pos, buf) > 0 ? buf[0] : Move{};
}
bool has_legal_move(const Position& pos) {
  return static_cast<bool>(first_legal_move(pos));
}
bool drop_can_check(const Position& pos, PieceType t) {
  const Color us = pos.side_to_move(), them = ~us;
  const int ek = pos.king_square(them);
  if (ek < 0) return false;
  const Bitboard occ = pos.occupied();
  Bitboard tg = ~occ & kBoardMask & allowed_squares(us, t) & attacks_from(them, t, ek, occ);
  if (t == kPawn)
    for (Bitboard p = pos.pieces(us, kPawn); p;) tg &= ~file_mask(file_of(pop_lsb(p)));
  return tg != 0;
}

namespace {

// The squares where a drop by the side to move is a futile interposition (is_futile_interposition):
// between the king and its one ranged checker, not next to the king, attacked by no piece of the
// side to move. Computed once per position, not once per move.
Bitboard futile_drop_squares(const Position& pos) {
  const Color us = pos.side_to_move();
  const int k = pos.king_square(us);
  if (k < 0) return 0;
  const Bitboard chk = pos.checkers();
  if (popcount(chk) != 1) return 0;
  Bitboard out = 0;
  for (Bitboard b = between(lsb(chk), k) & ~step_attacks(us, kKing, k); b;) {
    const int s = pop_lsb(b);
    if (!pos.attacked(us, s, pos.occupied())) out |= bb_of(s);
  }
  return out;
}

}  // namespace

const char* interpositions_name(Interpositions rule) {
  return rule == Interpositions::kNoFutile ? "no-futile" : "all";
}
std::optional<Interpositions> parse_interpositions(std::string_view name) {
  for (Interpositions r : {Interpositions::kAll, Interpositions::kNoFutile})
    if (name == interpositions_name(r)) return r;
  return std::nullopt;
}

bool is_futile_interposition(const Position& pos, Move m) {
  return m.is_drop() && (futile_drop_squares(pos) & bb_of(m.to()));
}
int generate_evasions(const Position& pos, Move* out, Interpositions rule) {
  const int n = generate_legal(pos, out);
  if (rule == Interpositions::kAll) return n;
  const Bitboard futile = futile_drop_squares(pos);
  if (!futile) return n;
  int kept = 0;
  for (int i = 0; i < n; ++i)
    if (!out[i].is_drop() || !(futile & bb_of(out[i].to()))) out[kept++] = out[i];
  return kept;
}
bool has_evasion(const Position& pos, Interpositions rule) {
  if (rule == Interpositions::kAll) return has_legal_move(pos);
  Move buf[kMaxMoves];
  return generate_evasions(pos, buf, rule) > 0;
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  Move buf[kMaxMoves];
  const int n = generate_legal(pos, buf);
  if (depth == 1) return static_cast<std::uint64_t>(n);
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Undo u;
    pos.do_move(buf[i], u);
    total += perft(pos, depth - 1);
    pos.undo_move(buf[i], u);
  }
  return total;
}

}  // namespace sb::tsume
