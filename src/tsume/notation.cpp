// SFEN, USI move text, KIF move text and the KIF/BOD board diagram (see shogi.hpp).
#include <cctype>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "shogi.hpp"

namespace sb::tsume {
namespace {

constexpr std::string_view kSfenLetters = " PLNSBRGK";  // index = PieceType 1..8

PieceType letter_type(char c) {
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto i = kSfenLetters.find(u);
  return i == std::string_view::npos || i == 0 ? kNoPieceType : static_cast<PieceType>(i);
}

std::string square_usi(int s) {
  return std::string{static_cast<char>('1' + file_of(s)), static_cast<char>('a' + rank_of(s))};
}

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("SFEN: " + what);
}

const char* color_name(Color c) {
  return c == kBlack ? "Black" : "White";
}

std::string type_name(PieceType t) {
  static const char* const names[] = {"",
                                      "pawn",
                                      "lance",
                                      "knight",
                                      "silver",
                                      "bishop",
                                      "rook",
                                      "gold",
                                      "king",
                                      "promoted pawn",
                                      "promoted lance",
                                      "promoted knight",
                                      "promoted silver",
                                      "horse",
                                      "dragon",
                                      ""};
  return names[t];
}

// The whitespace-separated fields of text.
std::vector<std::string> fields(std::string_view text) {
  std::vector<std::string> f;
  std::string cur;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) f.push_back(cur), cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) f.push_back(cur);
  return f;
}

}  // namespace

Position start_position() {
  return parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

Position parse_sfen(std::string_view text) {
  std::vector<std::string> f = fields(text);
  if (!f.empty() && f[0] == "sfen") f.erase(f.begin());
  if (f.size() == 1 && f[0] == "startpos") return start_position();
  if (f.size() < 3 || f.size() > 4)
    bad("expected 'board side hands [move-number]', got " + std::to_string(f.size()) + " field(s)");
  Position pos;
  int counts[9] = {};
  // board: ranks 1..9 (a..i) separated by '/', each listing files 9..1
  {
    const std::string& b = f[0];
    int rank = 0, file = 8;  // file index 8 = file 9
    bool promoted = false;
    for (std::size_t i = 0; i <= b.size(); ++i) {
      const char c = i < b.size() ? b[i] : '/';
      if (c == '/') {
        if (promoted) bad("'+' at the end of rank " + std::to_string(rank + 1));
        if (file != -1)
          bad("rank " + std::to_string(rank + 1) + " has " + std::to_string(8 - file) +
              " squares, expected 9");
        ++rank;
        file = 8;
        if (i < b.size() && rank >= 9) bad("more than 9 ranks");
        continue;
      }
      if (c >= '0' && c <= '9' && (c == '0' || (i > 0 && b[i - 1] >= '0' && b[i - 1] <= '9')))
        bad("rank " + std::to_string(rank + 1) + ": a run of empty squares is one digit, 1-9");
      if (c >= '1' && c <= '9') {
        if (promoted) bad("'+' before a digit in rank " + std::to_string(rank + 1));
        file -= c - '0';
        if (file < -1) bad("rank " + std::to_string(rank + 1) + " has more than 9 squares");
        continue;
      }
      if (c == '+') {
        if (promoted) bad("'++' in rank " + std::to_string(rank + 1));
        promoted = true;
        continue;
      }
      PieceType t = letter_type(c);
      if (t == kNoPieceType)
        bad(std::string("unknown piece letter '") + c + "' in rank " + std::to_string(rank + 1));
      if (file < 0) bad("rank " + std::to_string(rank + 1) + " has more than 9 squares");
      if (promoted) {
        if (!promotable(t))
          bad(std::string("'+") + c + "' in rank " + std::to_string(rank + 1) + ": a " +
              type_name(t) + " cannot promote");
        t = static_cast<PieceType>(t + 8);
        promoted = false;
      }
      const Color col = std::isupper(static_cast<unsigned char>(c)) ? kBlack : kWhite;
      if (t == kKing && pos.king_square(col) >= 0)
        bad(std::string("two ") + color_name(col) + " kings");
      pos.put(square(file, rank), make_piece(col, t));
      ++counts[base_type(t)];
      --file;
    }
    if (rank != 9) bad("the board has " + std::to_string(rank) + " ranks, expected 9");
  }
  // side to move
  if (f[1] != "b" && f[1] != "w") bad("side to move must be 'b' or 'w', got '" + f[1] + "'");
  const Color side = f[1] == "b" ? kBlack : kWhite;
  pos.set_side_to_move(side);
  // hands
  if (f.size() == 3 && f[2].find_first_not_of("0123456789") == std::string::npos)
    bad("the hands field is missing before the move number '" + f[2] + "' ('-' for no hands)");
  if (f[2] != "-") {
    Hand h[2] = {0, 0};
    bool seen[2][kPieceTypeNb] = {};
    int n = 0;
    bool have_n = false;
    for (char c : f[2]) {
      if (c >= '0' && c <= '9') {
        if (c == '0' && !have_n) bad("a hand count starts with 0");
        n = n * 10 + (c - '0');
        have_n = true;
        if (n > 18) bad("a hand count above 18 (more than any piece has)");
        continue;
      }
      const PieceType t = letter_type(c);
      if (t == kNoPieceType || t == kKing)
        bad(std::string("'") + c + "' cannot be in a hand (pieces in hand: PLNSGBR)");
      if (have_n && n < 1) bad("hand count 0 before '" + std::string(1, c) + "'");
      const int k = have_n ? n : 1;
      const Color col = std::isupper(static_cast<unsigned char>(c)) ? kBlack : kWhite;
      if (seen[col][t])
        bad(std::string("'") + c + "' twice in the hands (one count per piece, e.g. 4G)");
      seen[col][t] = true;
      if (hand_count(h[col], t) + k > kPieceMax[t])
        bad(std::string("too many ") + type_name(t) + "s in " + color_name(col) + "'s hand");
      h[col] += static_cast<Hand>(k) * hand_one(t);
      counts[t] += k;
      n = 0;
      have_n = false;
    }
    if (have_n) bad("hand text ends with a number");
    pos.set_hand(kBlack, h[0]);
    pos.set_hand(kWhite, h[1]);
  }
  if (f.size() == 4) {
    const std::string& m = f[3];
    bool ok = !m.empty() && m.size() <= 9;
    for (char c : m) ok = ok && c >= '0' && c <= '9';
    if (!ok || std::stol(m) < 1) bad("move number must be a positive integer, got '" + m + "'");
  }
  for (int t = kPawn; t <= kKing; ++t)
    if (counts[t] > kPieceMax[t])
      bad(std::to_string(counts[t]) + " " + type_name(static_cast<PieceType>(t)) +
          "s on the board and in hands (the set has " + std::to_string(kPieceMax[t]) + ")");
  // dead pieces and nifu
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.piece_on(s);
    if (!p) continue;
    const Color c = color_of(p);
    const PieceType t = type_of(p);
    const int dist = c == kBlack ? rank_of(s) : 8 - rank_of(s);  // ranks ahead of the piece
    if (((t == kPawn || t == kLance) && dist == 0) || (t == kKnight && dist <= 1))
      bad(std::string(color_name(c)) + " " + type_name(t) + " on " + square_usi(s) +
          " could never move (dead piece)");
  }
  for (int c = 0; c < 2; ++c)
    for (int file = 0; file < 9; ++file) {
      int n = 0;
      for (int r = 0; r < 9; ++r) n += pos.piece_on(square(file, r)) == make_piece(Color(c), kPawn);
      if (n > 1)
        bad(std::string("two ") + color_name(Color(c)) + " pawns on file " +
            std::to_string(file + 1) + " (nifu)");
    }
  const int ek = pos.king_square(~side);
  if (ek < 0) bad(std::string(color_name(~side)) + " (the side not to move) has no king");
  if (pos.attackers_to(side, ek))
    bad(std::string("the side to move could capture the ") + color_name(~side) + " king on " +
        square_usi(ek));
  return pos;
}

std::string format_sfen(const Position& pos, int move_number) {
  std::string out;
  for (int r = 0; r < 9; ++r) {
    int empty = 0;
    for (int f = 8; f >= 0; --f) {
      const Piece p = pos.piece_on(square(f, r));
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      const PieceType t = type_of(p);
      if (t >= kProPawn) out += '+';
      char c = kSfenLetters[base_type(t)];
      if (color_of(p) == kWhite) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r < 8) out += '/';
  }
  out += pos.side_to_move() == kBlack ? " b " : " w ";
  std::string hands;
  for (int c = 0; c < 2; ++c)
    for (PieceType t : kHandOrder) {
      const int n = hand_count(pos.hand(Color(c)), t);
      if (!n) continue;
      if (n > 1) hands += std::to_string(n);
      char ch = kSfenLetters[t];
      if (c == kWhite) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      hands += ch;
    }
  out += hands.empty() ? "-" : hands;
  out += ' ';  // appended piecewise: GCC 12 warns falsely on "literal" + std::string (PR 105651)
  out += std::to_string(move_number);
  return out;
}

std::string usi_line(const std::vector<Move>& line) {
  std::string s;
  for (Move m : line) {
    if (!s.empty()) s += ' ';
    s += usi_move(m);
  }
  return s;
}

std::string usi_move(Move m) {
  if (!m) return "none";
  if (m.is_drop()) return std::string{kSfenLetters[m.dropped()], '*'} + square_usi(m.to());
  return square_usi(m.from()) + square_usi(m.to()) + (m.promotes() ? "+" : "");
}

Move parse_usi_move(const Position& pos, std::string_view text) {
  Move buf[kMaxMoves];
  const int n = generate_legal(pos, buf);
  for (int i = 0; i < n; ++i)
    if (usi_move(buf[i]) == text) return buf[i];
  auto is_sq = [](char f, char r) { return f >= '1' && f <= '9' && r >= 'a' && r <= 'i'; };
  const bool drop = text.size() == 4 && text[1] == '*' && letter_type(text[0]) != kNoPieceType &&
                    std::isupper(static_cast<unsigned char>(text[0])) && is_sq(text[2], text[3]);
  const bool board = (text.size() == 4 || (text.size() == 5 && text[4] == '+')) &&
                     is_sq(text[0], text[1]) && is_sq(text[2], text[3]);
  if (!drop && !board)
    throw std::invalid_argument("'" + std::string(text) +
                                "' is not a USI move (such as 7g7f, 2b3c+ or G*5e)");
  throw std::invalid_argument("illegal move " + std::string(text) + " in " + format_sfen(pos));
}

Position play_usi_moves(Position pos, std::string_view moves) {
  for (const std::string& text : fields(moves)) {
    const Move m = parse_usi_move(pos, text);
    Undo u;
    pos.do_move(m, u);
  }
  if (pos.king_square(~pos.side_to_move()) < 0)  // the usual slip: an odd number of plies
    throw std::invalid_argument(
        std::string("the moves must leave the attacker to move; after them ") +
        std::string(color_name(pos.side_to_move())) + " is to move and " +
        std::string(color_name(~pos.side_to_move())) + " has no king to mate");
  try {
    return parse_sfen(format_sfen(pos));
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    if (what.rfind("SFEN: ", 0) == 0) what.erase(0, 6);
    throw std::invalid_argument("the position after the moves: " + what);
  }
}

std::string_view kif_piece_name(PieceType t) {
  static const std::string_view names[] = {"",   "歩", "香",   "桂",   "銀",   "角", "飛", "金",
                                           "玉", "と", "成香", "成桂", "成銀", "馬", "龍", ""};
  return names[t];
}

std::string kif_square(int s) {
  static const char* const files[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
  static const char* const ranks[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  return std::string(files[file_of(s)]) + ranks[rank_of(s)];
}

std::string kif_move(const Position& pos, Move m, int prev_to) {
  const int to = m.to();
  std::string out = to == prev_to ? std::string("同　") : kif_square(to);
  if (m.is_drop()) return out + std::string(kif_piece_name(m.dropped())) + "打";
  const int from = m.from();
  const PieceType t = type_of(pos.piece_on(from));
  out += kif_piece_name(t);
  if (m.promotes()) {
    out += "成";
  } else if (promotable(t) && (promotion_zone(pos.side_to_move()) & (bb_of(from) | bb_of(to)))) {
    out += "不成";
  }
  out += '(';
  out += std::to_string(file_of(from) + 1);
  out += std::to_string(rank_of(from) + 1);
  out += ')';
  return out;
}

std::string format_bod(const Position& pos) {
  static const char* const kanji_num[] = {"",     "",     "二",   "三",   "四",   "五",   "六",
                                          "七",   "八",   "九",   "十",   "十一", "十二", "十三",
                                          "十四", "十五", "十六", "十七", "十八"};
  auto hand_text = [&](Color c) {
    std::string s;
    for (PieceType t : kHandOrder) {
      const int n = hand_count(pos.hand(c), t);
      if (!n) continue;
      if (!s.empty()) s += "　";
      s += std::string(kif_piece_name(t)) + kanji_num[n];
    }
    return s.empty() ? std::string("なし") : s;
  };
  static const char* const ranks[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  std::string out = "後手の持駒：" + hand_text(kWhite) + "\n";
  out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
  for (int r = 0; r < 9; ++r) {
    out += "|";
    for (int f = 8; f >= 0; --f) {
      const Piece p = pos.piece_on(square(f, r));
      if (!p) {
        out += " ・";
        continue;
      }
      const PieceType t = type_of(p);
      out += color_of(p) == kWhite ? "v" : " ";
      // one-character names on the diagram: 杏 圭 全 for the promoted lance, knight, silver
      switch (t) {
        case kProLance:
          out += "杏";
          break;
        case kProKnight:
          out += "圭";
          break;
        case kProSilver:
          out += "全";
          break;
        default:
          out += kif_piece_name(t);
      }
    }
    out += std::string("|") + ranks[r] + "\n";
  }
  out += "+---------------------------+\n";
  out += "先手の持駒：" + hand_text(kBlack) + "\n";
  if (pos.side_to_move() == kWhite) out += "後手番\n";
  return out;
}

}  // namespace sb::tsume
