// KIF/BOD board-diagram reader (see parse_kif in tsume.hpp).
#include <iconv.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "tsume/tsume.hpp"

namespace sb::tsume {
namespace {

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!len || i + len > s.size()) return false;
    for (int k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
    i += len;
  }
  return true;
}

std::string from_cp932(std::string_view s) {
  iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == reinterpret_cast<iconv_t>(-1)) cd = iconv_open("UTF-8", "SHIFT_JIS");
  if (cd == reinterpret_cast<iconv_t>(-1))
    throw std::invalid_argument(
        "KIF: the file is not UTF-8 and Shift_JIS conversion is unavailable");
  std::string in(s), out(s.size() * 3 + 16, '\0');
  char* ip = in.data();
  char* op = out.data();
  std::size_t il = in.size(), ol = out.size();
  const std::size_t rc = iconv(cd, &ip, &il, &op, &ol);
  iconv_close(cd);
  if (rc == static_cast<std::size_t>(-1))
    throw std::invalid_argument("KIF: the file is neither UTF-8 nor Shift_JIS (CP932)");
  out.resize(out.size() - ol);
  return out;
}

/// UTF-8 code points of a line.
std::vector<std::string> chars(std::string_view s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    out.emplace_back(s.substr(i, len));
    i += len;
  }
  return out;
}

PieceType kanji_piece(const std::string& c) {
  static const std::pair<const char*, PieceType> table[] = {
      {"歩", kPawn},      {"香", kLance},   {"桂", kKnight},   {"銀", kSilver},
      {"金", kGold},      {"角", kBishop},  {"飛", kRook},     {"玉", kKing},
      {"王", kKing},      {"と", kProPawn}, {"杏", kProLance}, {"圭", kProKnight},
      {"全", kProSilver}, {"馬", kHorse},   {"龍", kDragon},   {"竜", kDragon}};
  for (const auto& [k, t] : table)
    if (c == k) return t;
  return kNoPieceType;
}

int kanji_digit(const std::string& c) {
  static const char* const d[] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
  for (int i = 0; i < 10; ++i)
    if (c == d[i]) return i;
  if (c.size() == 1 && c[0] >= '0' && c[0] <= '9') return c[0] - '0';
  static const char* const w[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
  for (int i = 0; i < 10; ++i)
    if (c == w[i]) return i;
  return -1;
}

/// Parses the text after 持駒： into a hand; *rest is set for 残り全部 / empty.
Hand parse_hand(const std::string& text, bool* rest, bool* none) {
  *rest = false;
  *none = false;
  std::string t;
  for (const auto& c : chars(text))
    if (c != " " && c != "　" && c != "\t" && c != "\r") t += c;
  if (t.empty() || t.find("残り全部") != std::string::npos) {
    *rest = true;
    return 0;
  }
  if (t == "なし") {
    *none = true;
    return 0;
  }
  Hand h = 0;
  const auto cs = chars(t);
  for (std::size_t i = 0; i < cs.size();) {
    const PieceType p = kanji_piece(cs[i]);
    if (p == kNoPieceType || p == kKing || p > kGold)
      throw std::invalid_argument("KIF: '" + cs[i] + "' is not a piece in hand in '" + text + "'");
    ++i;
    int n = 0;
    bool any = false;
    auto bad_count = [&] {
      return std::invalid_argument("KIF: bad count of " + std::string(kif_piece_name(p)) +
                                   " in hand '" + text + "'");
    };
    while (i < cs.size()) {  // 十八, 二, 10, １０
      if (cs[i] == "十") {
        n = (n == 0 ? 1 : n) * 10;
      } else {
        const int d = kanji_digit(cs[i]);
        if (d < 0) break;
        n = (any && n % 10 == 0 && n >= 10 && cs[i - 1] == "十") ? n + d : n * 10 + d;
      }
      any = true;
      ++i;
      if (n > 99) throw bad_count();  // more than any piece has, and before an int overflows
    }
    if (!any) n = 1;
    if (n < 1 || hand_count(h, p) + n > kPieceMax[p]) throw bad_count();
    h += static_cast<Hand>(n) * hand_one(p);
  }
  return h;
}

}  // namespace

Position parse_kif(std::string_view raw) {
  std::string text(raw);
  if (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
  if (!valid_utf8(text)) text = from_cp932(text);
  std::vector<std::string> lines;
  {
    std::string cur;
    for (char c : text) {
      if (c == '\n')
        lines.push_back(cur), cur.clear();
      else
        cur += c;
    }
    lines.push_back(cur);
  }
  Position pos;
  int rows = 0;
  int first_row_line = -1;
  struct HandLine {
    int line;
    int who;  // 0 black, 1 white, -1 unlabelled
    std::string text;
  };
  std::vector<HandLine> hands;
  bool white_to_move = false;
  for (int li = 0; li < static_cast<int>(lines.size()); ++li) {
    const std::string& l = lines[li];
    auto hp = l.find("持駒");
    std::size_t hlen = std::strlen("持駒");
    if (hp == std::string::npos) hp = l.find("持ち駒"), hlen = std::strlen("持ち駒");
    if (hp != std::string::npos && l.find('|') == std::string::npos) {
      int who = -1;
      if (l.find("先手") != std::string::npos || l.find("下手") != std::string::npos) who = 0;
      if (l.find("後手") != std::string::npos || l.find("上手") != std::string::npos) who = 1;
      std::string rest = l.substr(hp + hlen);
      if (rest.rfind("：", 0) == 0)
        rest = rest.substr(std::strlen("："));
      else if (rest.rfind(":", 0) == 0)
        rest = rest.substr(1);
      hands.push_back({li, who, rest});
      continue;
    }
    if (l.find("後手番") != std::string::npos || l.find("手番＝後手") != std::string::npos ||
        l.find("上手番") != std::string::npos)
      white_to_move = true;
    // a board row: after optional spaces, '|' then 9 cells then '|'
    std::size_t b = l.find_first_not_of(" \t");
    if (b == std::string::npos || l[b] != '|') continue;
    const auto cs = chars(l.substr(b + 1));
    if (rows >= 9) throw std::invalid_argument("KIF: more than 9 board rows");
    if (first_row_line < 0) first_row_line = li;
    int file = 8;
    bool white = false;
    std::size_t i = 0;
    for (; i < cs.size() && cs[i] != "|"; ++i) {
      const std::string& c = cs[i];
      if (c == " " || c == "　" || c == "\t") continue;
      if (c == "v" || c == "V") {
        white = true;
        continue;
      }
      if (c == "^") continue;
      if (file < 0)
        throw std::invalid_argument("KIF: board row " + std::to_string(rows + 1) +
                                    " has more than 9 squares");
      if (c == "・") {
        --file;
        white = false;
        continue;
      }
      const PieceType t = kanji_piece(c);
      if (t == kNoPieceType)
        throw std::invalid_argument("KIF: unknown piece '" + c + "' in board row " +
                                    std::to_string(rows + 1));
      pos.put(square(file, rows), make_piece(white ? kWhite : kBlack, t));
      --file;
      white = false;
    }
    if (file != -1)
      throw std::invalid_argument("KIF: board row " + std::to_string(rows + 1) + " has " +
                                  std::to_string(8 - file) + " squares, expected 9");
    ++rows;
  }
  if (rows != 9)
    throw std::invalid_argument("KIF: found " + std::to_string(rows) +
                                " board rows, expected 9 ('|' ... '|' lines)");
  pos.set_side_to_move(white_to_move ? kWhite : kBlack);
  bool rest[2] = {true, true}, given[2] = {false, false};
  for (const auto& h : hands) {
    const int who = h.who >= 0 ? h.who : (h.line < first_row_line ? 1 : 0);
    bool r = false, none = false;
    const Hand hh = parse_hand(h.text, &r, &none);
    given[who] = true;
    rest[who] = r;
    pos.set_hand(static_cast<Color>(who), hh);
  }
  const Color atk = pos.side_to_move();
  if (!given[atk] || rest[atk]) pos.set_hand(atk, 0);  // the attacker holds what is listed
  const Color def = ~atk;
  if (!given[def] || rest[def]) give_defender_the_rest(pos);
  // the SFEN checks (piece counts, dead pieces, nifu, kings) apply to the diagram too; their
  // messages are labelled KIF: here, since the user wrote a diagram, not an SFEN
  try {
    return parse_sfen(format_sfen(pos));
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    if (what.rfind("SFEN: ", 0) == 0) what = "KIF: " + what.substr(6);
    throw std::invalid_argument(what);
  }
}

}  // namespace sb::tsume
