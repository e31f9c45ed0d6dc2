// Shogi rules for the tsume-shogi problem: board, hands, moves, legal move generation, SFEN and
// USI move text. Rules as in the Japan Shogi Association's rules (日本将棋連盟「将棋のルール」):
// 9x9 board, captured pieces go to the captor's hand and may be dropped on any empty square;
// promotion optional in the three far ranks (on entering, leaving or moving within them), forced
// where the piece could never move again (pawn and lance on the last rank, knight on the last two);
// no drop onto such a square; nifu (two unpromoted pawns of one side in one file) forbidden;
// uchifuzume (mate given by a pawn *drop*) forbidden; no move may leave the mover's king in check.
//
// Coordinates: square s = 9 * f + r with f = file - 1 (file 1 is Black's right-hand edge) and
// r = rank - 1 (rank 1, 一, "a" in USI, is White's back rank). Black (先手, sente, 'b', upper-case
// SFEN letters) moves towards rank 1; White (後手, gote, 'w', lower-case) towards rank 9.
// Bitboards are unsigned __int128 with bit s = square s.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sb::tsume {

using Bitboard = unsigned __int128;

enum Color : int { kBlack = 0, kWhite = 1 };
inline constexpr Color operator~(Color c) {
  return static_cast<Color>(c ^ 1);
}

/// Piece types. Promoted types are the base type + 8 (kGold and kKing do not promote).
enum PieceType : int {
  kNoPieceType = 0,
  kPawn = 1,
  kLance = 2,
  kKnight = 3,
  kSilver = 4,
  kBishop = 5,
  kRook = 6,
  kGold = 7,
  kKing = 8,
  kProPawn = 9,
  kProLance = 10,
  kProKnight = 11,
  kProSilver = 12,
  kHorse = 13,   ///< promoted bishop (馬)
  kDragon = 14,  ///< promoted rook (龍)
  kPieceTypeNb = 16
};

/// A piece on a square: type | color << 4; 0 is an empty square.
using Piece = std::uint8_t;
inline constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(t | (c << 4));
}
inline constexpr PieceType type_of(Piece p) {
  return static_cast<PieceType>(p & 15);
}
inline constexpr Color color_of(Piece p) {
  return static_cast<Color>(p >> 4);
}
/// The unpromoted type a piece returns to when captured (kKing stays kKing).
inline constexpr PieceType base_type(PieceType t) {
  return t >= kProPawn ? static_cast<PieceType>(t - 8) : t;
}
inline constexpr bool promotable(PieceType t) {
  return t >= kPawn && t <= kRook;
}

inline constexpr int kSquares = 81;
inline constexpr int file_of(int s) {
  return s / 9;
}  ///< 0 = file 1
inline constexpr int rank_of(int s) {
  return s % 9;
}  ///< 0 = rank 1 (a)
inline constexpr int square(int f, int r) {
  return 9 * f + r;
}
inline Bitboard bb_of(int s) {
  return Bitboard(1) << s;
}

inline int popcount(Bitboard b) {
  return __builtin_popcountll(static_cast<std::uint64_t>(b)) +
         __builtin_popcountll(static_cast<std::uint64_t>(b >> 64));
}
/// Lowest set square; b must not be 0.
inline int lsb(Bitboard b) {
  const auto lo = static_cast<std::uint64_t>(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(b >> 64));
}
/// Highest set square; b must not be 0.
inline int msb(Bitboard b) {
  const auto hi = static_cast<std::uint64_t>(b >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(static_cast<std::uint64_t>(b));
}
inline int pop_lsb(Bitboard& b) {
  const int s = lsb(b);
  b &= b - 1;
  return s;
}

/// Pieces in hand, packed: pawns in bits 0-4, lances 6-8, knights 10-12, silvers 14-16, golds
/// 18-20, bishops 22-23, rooks 25-26; bits 5, 9, 13, 17, 21, 24, 27 stay 0 so that a - b shows a
/// borrow there exactly when some count of a is below the count of b (hand superiority test).
using Hand = std::uint32_t;
inline constexpr int kHandShift[8] = {0, 0, 6, 10, 14, 22, 25, 18};  // by PieceType 1..7
inline constexpr Hand kHandMask[8] = {0, 31, 7, 7, 7, 3, 3, 7};
inline constexpr Hand kHandBorrow =
    (1u << 5) | (1u << 9) | (1u << 13) | (1u << 17) | (1u << 21) | (1u << 24) | (1u << 27);
inline constexpr int hand_count(Hand h, PieceType t) {
  return static_cast<int>((h >> kHandShift[t]) & kHandMask[t]);
}
inline constexpr Hand hand_one(PieceType t) {
  return Hand(1) << kHandShift[t];
}
/// True when hand a holds at least as many pieces of every type as hand b.
inline constexpr bool hand_ge(Hand a, Hand b) {
  return ((a - b) & kHandBorrow) == 0;
}
/// Number of pieces in a hand.
int hand_total(Hand h);
/// The larger count of each type (component-wise maximum).
Hand hand_max(Hand a, Hand b);
/// The smaller count of each type (component-wise minimum).
Hand hand_min(Hand a, Hand b);
/// The hand types in the order SFEN and KIF list them: rook, bishop, gold, silver, knight, lance,
/// pawn.
inline constexpr PieceType kHandOrder[7] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
/// Most pieces of each base type in the set (index PieceType 1..8).
inline constexpr int kPieceMax[9] = {0, 18, 4, 4, 4, 2, 2, 4, 2};

/// A move, 16 bits: bits 0-6 the destination; bits 7-13 the origin square, or 81 + type - 1 for a
/// drop of that type (kPawn..kGold); bit 14 promotion. 0 is "no move".
struct Move {
  std::uint16_t v = 0;
  static Move normal(int from, int to, bool promote) {
    return Move{static_cast<std::uint16_t>(to | (from << 7) | (promote ? 1 << 14 : 0))};
  }
  static Move drop(PieceType t, int to) {
    return Move{static_cast<std::uint16_t>(to | ((80 + t) << 7))};
  }
  int to() const { return v & 127; }
  int from() const { return (v >> 7) & 127; }  ///< origin square; only for board moves
  bool is_drop() const { return from() >= 81; }
  PieceType dropped() const { return static_cast<PieceType>(from() - 80); }
  bool promotes() const { return (v >> 14) & 1; }
  explicit operator bool() const { return v != 0; }
  bool operator==(const Move& o) const = default;
};

/// Largest number of legal moves in any shogi position is 593; buffers hold this many.
inline constexpr int kMaxMoves = 600;
using MoveList = std::vector<Move>;

/// What do_move changed, for undo_move.
struct Undo {
  Piece captured = 0;
  std::uint64_t board_key = 0;
};

/// Attack tables (filled once on first use).
Bitboard step_attacks(Color c, PieceType t, int s);  ///< non-sliding part of a piece's moves
Bitboard lance_attacks(Color c, int s, Bitboard occ);
Bitboard bishop_attacks(int s, Bitboard occ);
Bitboard rook_attacks(int s, Bitboard occ);
/// Squares a piece of colour c and type t on s attacks with occupancy occ.
Bitboard attacks_from(Color c, PieceType t, int s, Bitboard occ);
/// Squares strictly between a and b on a line (rank, file or diagonal), else empty.
Bitboard between(int a, int b);
/// The whole line through a and b (both included) when aligned, else empty.
Bitboard line_through(int a, int b);
/// Squares of the promotion zone of colour c (its three far ranks).
Bitboard promotion_zone(Color c);

/// A shogi position: board, both hands, side to move. Copyable (about 400 bytes).
class Position {
 public:
  /// The empty board, Black to move.
  Position();

  Piece piece_on(int s) const { return board_[s]; }
  Hand hand(Color c) const { return hand_[c]; }
  Color side_to_move() const { return side_; }
  /// Square of c's king, or -1 when c has none (an attacker without a king is usual in tsume).
  int king_square(Color c) const { return king_[c]; }
  Bitboard pieces(Color c) const { return color_bb_[c]; }
  Bitboard pieces(Color c, PieceType t) const { return color_bb_[c] & type_bb_[t]; }
  Bitboard occupied() const { return color_bb_[0] | color_bb_[1]; }
  /// Zobrist key of the board and the side to move (hands excluded).
  std::uint64_t board_key() const { return board_key_; }
  /// Key of the whole position: board, side to move and both hands (kept up to date by
  /// do_move/undo_move: the board key plus a per-piece-type key times each hand count).
  std::uint64_t key() const { return board_key_ + hand_key_; }

  /// Pieces of colour c attacking square s with occupancy occ.
  Bitboard attackers_to(Color c, int s, Bitboard occ) const;
  Bitboard attackers_to(Color c, int s) const { return attackers_to(c, s, occupied()); }
  /// Is square s attacked by a piece of colour c with occupancy occ? (attackers_to != 0, sooner)
  bool attacked(Color c, int s, Bitboard occ) const;
  /// Pieces giving check to the side to move.
  Bitboard checkers() const;
  bool in_check() const { return checkers() != 0; }

  /// Plays a legal (or at least pseudo-legal) move.
  void do_move(Move m, Undo& u);
  void undo_move(Move m, const Undo& u);
  /// Board key and mover's hand after m, without playing it.
  std::uint64_t board_key_after(Move m) const;
  Hand hand_after(Move m) const;
  /// key() after m, without playing it.
  std::uint64_t key_after(Move m) const;
  /// Does m (legal) give check to the opponent's king?
  bool gives_check(Move m) const;

  /// Editing (for parsers): put or remove a piece, set hands and the side to move.
  void put(int s, Piece p);
  void remove(int s);
  void set_hand(Color c, Hand h);
  void set_side_to_move(Color c);

 private:
  Bitboard step_attackers(Color c, int s) const;  // attackers_to's stepping part, not masked

  std::array<Piece, kSquares> board_{};
  Hand hand_[2] = {0, 0};
  Color side_ = kBlack;
  int king_[2] = {-1, -1};
  Bitboard color_bb_[2] = {0, 0};
  Bitboard type_bb_[kPieceTypeNb] = {};
  std::uint64_t board_key_ = 0;
  std::uint64_t hand_key_ = 0;  // sum over both hands of hand_key[c][t] * count
};

/// Every legal move of the side to move (generation order is fixed: king moves, board moves by
/// origin square, drops by type then square). Appends to out; returns the number added.
int generate_legal(const Position& pos, Move* out);
/// Every legal move of the side to move that gives check (the attacker's moves in tsume),
/// generated directly from the squares that attack the enemy king and the pieces that can
/// discover check; none when the side not to move has no king.
int generate_checks(const Position& pos, Move* out);
/// The same moves, in the same order, by filtering generate_legal with gives_check (slow; the
/// reference the tests compare generate_checks with).
int generate_checks_filtered(const Position& pos, Move* out);
/// True when the side to move has at least one legal move.
bool has_legal_move(const Position& pos);
/// The first legal move in generation order (king moves, board moves, drops), or Move{} when
/// there is none: a drop means the side to move has no legal board move.
Move first_legal_move(const Position& pos);
/// True when the side to move, holding a piece of type t (t = kPawn..kGold, held or not), could
/// drop it so that it attacks the enemy king: an empty square from which t attacks it, allowed
/// for t (no pawn, lance or knight where it could never move; no second unpromoted pawn in a
/// file). Uchifuzume is not tested (a pawn drop that would mate counts as able to check).
bool drop_can_check(const Position& pos, PieceType t);
/// Which defender interpositions a tsume search counts as moves.
enum class Interpositions {
  kAll,       ///< every legal interposition (the baseline; what common engines count)
  kNoFutile,  ///< futile interpositions (無駄合, is_futile_interposition) are not moves
};
/// "all" or "no-futile": the rule's name on the CLI (`--interpositions`), in USI (option
/// `Interpositions`) and in the CSV.
const char* interpositions_name(Interpositions rule);
/// The rule called name ("all", "no-futile"), or nullopt.
std::optional<Interpositions> parse_interpositions(std::string_view name);
/// True when m, a legal move of the side to move, is a futile interposition (無駄合) under the
/// rule this project states (docs/tsume.md, "Futile interpositions"): a drop on a square strictly
/// between the king and the one piece giving check, a ranged piece (lance, bishop, rook, horse,
/// dragon), on a square not adjacent to the king that no piece of the side to move attacks, so
/// that the checking piece takes the dropped piece for nothing and checks again. Board moves that
/// interpose are never futile. This is the simple, static form of the composers' convention (a
/// futile interposition only lengthens the mate by two plies and is not counted), not their full
/// judgement, which looks at the mate that follows.
bool is_futile_interposition(const Position& pos, Move m);
/// generate_legal, without the futile interpositions when rule is kNoFutile (same order).
int generate_evasions(const Position& pos, Move* out, Interpositions rule);
/// True when the side to move has a move that counts under rule. A king in check without one is
/// mated in the tsume sense (with kNoFutile: its only moves are futile interpositions). The rules
/// of the game (uchifuzume) always use has_legal_move.
bool has_evasion(const Position& pos, Interpositions rule);
/// True when the side to move is in check and has no legal move.
inline bool is_checkmate(const Position& pos) {
  return pos.in_check() && !has_legal_move(pos);
}
/// Number of leaf positions at depth d (perft); d >= 0.
std::uint64_t perft(Position& pos, int depth);

/// The start position (平手).
Position start_position();
/// Parses an SFEN string ("board side hands [move-number]", an optional leading "sfen ", or
/// "startpos"). Throws std::invalid_argument with one line naming the fault: an unknown letter, a
/// rank that is not 9 squares, more pieces of a kind than the set has, a pawn, lance or knight
/// that could never move, two unpromoted pawns of one side in one file (nifu), a missing or second
/// king, no king for the side not to move, or that king already in check (the side to move could
/// capture it). Source: USI protocol, SFEN notation (将棋所, "USIプロトコルとは").
Position parse_sfen(std::string_view sfen);
/// SFEN text of pos ("board side hands move-number"); hands in the order R B G S N L P, Black
/// first, '-' when both are empty.
std::string format_sfen(const Position& pos, int move_number = 1);

/// USI text of a move: "7g7f", "2b3c+", "G*2c".
std::string usi_move(Move m);
/// USI text of a line: its moves separated by single spaces ("" for none).
std::string usi_line(const std::vector<Move>& line);
/// The legal move of pos written as USI text; throws std::invalid_argument when the text is not
/// a move or the move is not legal in pos.
Move parse_usi_move(const Position& pos, std::string_view text);
/// The position after USI moves (separated by white space; none: pos itself), as USI's
/// `position ... moves` plays them. The result must pass the SFEN checks (parse_sfen), e.g. the
/// side not to move still has a king (the moves must leave the attacker to move). Throws
/// std::invalid_argument, with a one-line message, on a text that is not a move, an illegal move,
/// or a result that fails those checks. The moves need not give check.
Position play_usi_moves(Position pos, std::string_view moves);
/// The move as a KIF file writes it: "２三金打" (drop), "７六歩(77)", "２二角成(88)",
/// "２二角不成(88)" (promotion possible and declined), "同　金(33)" when it lands on prev_to.
std::string kif_move(const Position& pos, Move m, int prev_to = -1);
/// KIF piece names: 歩 香 桂 銀 角 飛 金 玉 と 成香 成桂 成銀 馬 龍.
std::string_view kif_piece_name(PieceType t);
/// KIF square text: full-width file digit and kanji rank, e.g. "２三".
std::string kif_square(int s);
/// Board diagram in the KIF/BOD layout (後手の持駒 line, framed board with "v" marking White's
/// pieces, 先手の持駒 line), UTF-8.
std::string format_bod(const Position& pos);

}  // namespace sb::tsume
