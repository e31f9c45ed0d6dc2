// Tsume puzzles: the committed suite (src/tsume/puzzles.tsv), instance text, the verifier against
// the suite's answers, and the tsume conventions on hands (leftover pieces, the defender's rest).
#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

#include "tsume/tsume.hpp"

namespace sb::tsume {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> f;
  std::string cur;
  for (char c : line) {
    if (c == '\t')
      f.push_back(cur), cur.clear();
    else if (c != '\r')
      cur += c;
  }
  f.push_back(cur);
  return f;
}

int parse_len(const std::string& s, const std::string& where) {
  if (s == "nomate") return -1;
  if (s.empty() || s == "-") return -2;
  for (char c : s)
    if (c < '0' || c > '9')
      throw std::logic_error("puzzles.tsv: bad length '" + s + "' in " + where);
  return std::stoi(s);
}

std::vector<Puzzle> load_puzzles() {
  static const char* const kText =
#include "tsume_puzzles.inc"
      ;
  std::vector<Puzzle> out;
  std::istringstream in(kText);
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    const auto f = split_tabs(line);
    const std::string where = "line " + std::to_string(lineno);
    // name, sfen, expected, published, ci, source, checked
    if (f.size() != 7)
      throw std::logic_error("puzzles.tsv " + where + ": expected 7 tab-separated fields, got " +
                             std::to_string(f.size()));
    Puzzle p;
    p.name = f[0];
    p.sfen = f[1];
    p.expected = parse_len(f[2], where);
    if (p.expected == -2) throw std::logic_error("puzzles.tsv " + where + ": no expected length");
    p.published = parse_len(f[3], where);
    if (f[4] != "" && f[4] != "quick" && f[4] != "dfpn" && f[4] != "long")
      throw std::logic_error("puzzles.tsv " + where + ": unknown ci class '" + f[4] + "'");
    p.quick = f[4] == "quick";
    p.quick_dfpn = p.quick || f[4] == "dfpn";
    p.long_set = f[4] == "long";
    p.source = f[5];
    p.checked = f[6];
    try {
      parse_sfen(p.sfen);
    } catch (const std::invalid_argument& e) {
      throw std::logic_error("puzzles.tsv " + where + ": " + e.what());
    }
    for (const auto& q : out)
      if (q.name == p.name) throw std::logic_error("puzzles.tsv: duplicate name " + p.name);
    out.push_back(p);
  }
  return out;
}

}  // namespace

const std::vector<Puzzle>& puzzles() {
  static const std::vector<Puzzle> s = load_puzzles();
  return s;
}

const Puzzle* find_puzzle(std::string_view name) {
  for (const auto& p : puzzles())
    if (p.name == name) return &p;
  return nullptr;
}

const Puzzle* find_puzzle(const Position& pos) {
  const std::uint64_t k = pos.key();
  for (const auto& p : puzzles())
    if (parse_sfen(p.sfen).key() == k) return &p;
  return nullptr;
}

Instance parse_instance(std::string_view text) {
  std::uint64_t budget = 0;
  // ":nodes=N" (no SFEN or puzzle name holds a ':')
  if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
    const std::string_view opt = text.substr(colon + 1);
    const std::string_view key = "nodes=";
    const std::string_view digits = opt.substr(std::min(opt.size(), key.size()));
    const char* end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, budget);
    if (opt.substr(0, key.size()) != key || digits.empty() || ec != std::errc() || ptr != end ||
        budget == 0)
      throw std::invalid_argument(std::string("'").append(text).append(
          "': after the position, only ':nodes=N' (a node budget, N >= 1) is accepted"));
    text = text.substr(0, colon);
  }
  Instance inst;
  if (const Puzzle* p = find_puzzle(text)) {
    inst = Instance{p->name, parse_sfen(p->sfen)};
  } else {
    if (text.find('/') == std::string_view::npos && text != "startpos")
      throw std::invalid_argument(std::string("'").append(text).append(
          "' is neither a puzzle of the suite (see `searchbench tsume list`) nor an SFEN "
          "position"));
    inst = Instance{"", parse_sfen(text)};
    // A suite position given by its SFEN is named as the suite names it (as `tsume solve --sfen`
    // reports it), so that one position is one instance in a CSV.
    if (const Puzzle* p = find_puzzle(inst.position)) inst.name = p->name;
  }
  inst.max_nodes = budget;
  return inst;
}

std::string format_instance(const Instance& inst) {
  std::string s = inst.name.empty() ? format_sfen(inst.position) : inst.name;
  if (inst.max_nodes) s += ":nodes=" + std::to_string(inst.max_nodes);
  return s;
}

std::string verify(const Instance& inst, const Result& r) {
  const Puzzle* p = inst.name.empty() ? find_puzzle(inst.position) : find_puzzle(inst.name);
  // The suite's lengths count every interposition: nothing to compare under the other rule.
  if (!p || r.interpositions != Interpositions::kAll) return "na";
  if (r.outcome == Outcome::kUnknown)
    return p->expected >= 0 && p->expected <= r.no_mate_within ? "fail" : "na";
  if (p->expected < 0) return r.outcome == Outcome::kNoMate ? "pass" : "fail";
  if (r.outcome != Outcome::kMate) return "fail";
  if (r.length_proven) return r.mate_length == p->expected ? "pass" : "fail";
  return r.mate_length >= p->expected ? "na" : "fail";
}

int leftover_after(const Position& root, const std::vector<Move>& line) {
  Position pos = root;
  const Color atk = root.side_to_move();
  for (Move m : line) {
    Undo u;
    pos.do_move(m, u);
  }
  return hand_total(pos.hand(atk));
}

void give_defender_the_rest(Position& pos) {
  const Color def = ~pos.side_to_move();
  int used[9] = {};
  for (int s = 0; s < kSquares; ++s)
    if (pos.piece_on(s)) ++used[base_type(type_of(pos.piece_on(s)))];
  Hand h = 0;
  for (int t = kPawn; t <= kGold; ++t) {
    const auto pt = static_cast<PieceType>(t);
    const int rest = kPieceMax[t] - used[t] - hand_count(pos.hand(~def), pt);
    if (rest > 0) h += static_cast<Hand>(rest) * hand_one(pt);
  }
  pos.set_hand(def, h);
}

}  // namespace sb::tsume
