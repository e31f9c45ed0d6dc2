// Problem "gomoku": instance text, the committed positions, the independent VCF checker, the
// verifier and the result columns (gomoku.hpp).
#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"
#include "gomoku/match.hpp"

namespace sb::gomoku {

namespace {

/// Named positions of one committed file: "name p1 p2 ...  # comment" per line.
std::vector<Position> parse_named(const char* text, const std::string& file) {
  std::vector<Position> out;
  std::istringstream in(text);
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    std::istringstream ss(line.substr(0, line.find('#')));
    Position p;
    if (!(ss >> p.name)) continue;
    std::string moves, mv;
    while (ss >> mv) {
      if (!moves.empty()) moves += ' ';
      moves += mv;
    }
    try {
      p.moves = mnk::parse_moves(moves, p.rules.cols, p.rules.rows);
      Game g(p.rules);
      for (int c : p.moves) g.play(c);
      if (g.over()) throw std::invalid_argument("the game is over");
    } catch (const std::invalid_argument& e) {
      throw std::logic_error(file + ":" + std::to_string(no) + ": " + e.what());
    }
    out.push_back(p);
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string t(s);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

}  // namespace

std::vector<Position> committed_positions() {
  std::vector<Position> all = parse_named(vcf_positions_text(), "src/gomoku/vcf_positions.txt");
  const std::vector<Position> mid = parse_named(positions_text(), "src/gomoku/positions.txt");
  all.insert(all.end(), mid.begin(), mid.end());
  return all;
}

Position parse_position(std::string_view text) {
  const std::string t = lower(text);
  std::string bad = "'";
  bad += text;
  bad += "' is not a gomoku position (NAME[/dD] such as vcf07, or MxN[-standard]:h8,i9,...[/dD])";
  Position p;
  std::string body = t;
  const std::size_t slash = t.rfind("/d");
  if (slash != std::string::npos) {
    const std::string d = t.substr(slash + 2);
    if (d.empty() || !std::all_of(d.begin(), d.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        }))
      throw std::invalid_argument(bad);
    // any number of digits: a depth out of range is named as such (d100, d0007 alike)
    const std::size_t first = std::min(d.find_first_not_of('0'), d.size());
    const int depth = d.size() - first > 2 ? 0 : std::stoi(d);  // 0: too many digits, out too
    if (depth < 1 || depth > kMaxBenchDepth)
      throw std::invalid_argument("depth " + d + " is outside 1.." +
                                  std::to_string(kMaxBenchDepth));
    p.depth = depth;
    body = t.substr(0, slash);
  }
  const std::size_t colon = body.find(':');
  if (colon == std::string::npos) {
    for (const Position& c : committed_positions())
      if (c.name == body) {
        const int depth = p.depth;
        p = c;
        p.depth = depth;
        return p;
      }
    // The committed names by series, first..last (vcf01..vcf24, mid01..mid08).
    std::string names;
    const auto& all = committed_positions();
    for (std::size_t i = 0; i < all.size();) {
      const std::string series = all[i].name.substr(0, all[i].name.find_first_of("0123456789"));
      std::size_t j = i;
      while (j + 1 < all.size() && all[j + 1].name.rfind(series, 0) == 0) ++j;
      names += (names.empty() ? "" : ", ") + all[i].name + (j > i ? ".." + all[j].name : "");
      i = j + 1;
    }
    throw std::invalid_argument(bad + "; committed positions: " + names);
  }
  std::string board = body.substr(0, colon);
  const std::string moves = body.substr(colon + 1);
  const std::size_t dash = board.find('-');
  if (dash != std::string::npos) {
    try {
      p.rules.rule = mnk::parse_rule(board.substr(dash + 1));
    } catch (const std::invalid_argument&) {
      throw std::invalid_argument(bad);
    }
    board = board.substr(0, dash);
  }
  const std::size_t x = board.find('x');
  auto num = [&](const std::string& s) {
    if (s.empty() || s.size() > 2 || !std::all_of(s.begin(), s.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        }))
      throw std::invalid_argument(bad);
    return std::stoi(s);
  };
  if (x == std::string::npos) throw std::invalid_argument(bad);
  p.rules.cols = num(board.substr(0, x));
  p.rules.rows = num(board.substr(x + 1));
  validate(p.rules);
  p.moves = mnk::parse_moves(moves, p.rules.cols, p.rules.rows);
  Game g(p.rules);
  for (int c : p.moves) g.play(c);  // throws on an occupied point
  if (g.over())
    throw std::invalid_argument(std::string("the position is already decided (") +
                                outcome_name(g.outcome()) + ")");
  // A committed position written as its stones (in any order) is named as committed, so that one
  // position is one instance and is verified as the committed one is.
  const auto stones = [](const std::vector<int>& moves, std::size_t colour) {
    std::vector<int> v;
    for (std::size_t i = colour; i < moves.size(); i += 2) v.push_back(moves[i]);
    std::sort(v.begin(), v.end());
    return v;
  };
  for (const Position& c : committed_positions())
    if (c.rules.cols == p.rules.cols && c.rules.rows == p.rules.rows &&
        c.rules.rule == p.rules.rule && c.moves.size() == p.moves.size() &&
        stones(c.moves, 0) == stones(p.moves, 0) && stones(c.moves, 1) == stones(p.moves, 1)) {
      const int depth = p.depth;
      p = c;
      p.depth = depth;
      break;
    }
  return p;
}

std::string format_position(const Position& p) {
  std::string s;
  if (!p.name.empty()) {
    s = p.name;
  } else {
    s = std::to_string(p.rules.cols) + "x" + std::to_string(p.rules.rows);
    if (p.rules.rule == mnk::Rule::kStandard) s += "-standard";
    s += ':';
    s += mnk::format_moves(p.moves, p.rules.cols, ",");
  }
  if (p.depth != 6) {
    s += "/d";
    s += std::to_string(p.depth);
  }
  return s;
}

bool replays_as_vcf(const Game& g, const std::vector<int>& line) {
  const int m = g.rules().cols, n = g.rules().rows;
  const bool standard = g.rules().rule == mnk::Rule::kStandard;
  std::vector<int> s(static_cast<std::size_t>(m) * n, -1);
  for (int i = 0; i < g.moves_played(); ++i) s[g.moves()[i]] = i % 2;
  const int a = g.to_move(), d = 1 - a;
  auto at = [&](int f, int r) { return f < 0 || r < 0 || f >= m || r >= n ? -2 : s[r * m + f]; };
  auto five_at = [&](int c, int p) {  // p makes five on the empty cell c
    static const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    for (int k = 0; k < 4; ++k) {
      int run = 1;
      for (int i = 1; at(c % m + i * df[k], c / m + i * dr[k]) == p; ++i) ++run;
      for (int i = 1; at(c % m - i * df[k], c / m - i * dr[k]) == p; ++i) ++run;
      if (standard ? run == 5 : run >= 5) return true;
    }
    return false;
  };
  auto five_points = [&](int p) {
    std::vector<int> out;
    for (int c = 0; c < m * n && out.size() < 2; ++c)
      if (s[c] < 0 && five_at(c, p)) out.push_back(c);
    return out;
  };
  for (std::size_t i = 0; i < line.size(); i += 2) {
    const int c = line[i];
    if (c < 0 || c >= m * n || s[c] >= 0) return false;
    if (five_at(c, a)) return true;  // a five wins at once, whatever the defender threatens
    const std::vector<int> dfp = five_points(d);
    if (dfp.size() >= 2 || (dfp.size() == 1 && dfp[0] != c)) return false;
    s[c] = a;
    const std::vector<int> fp = five_points(a);
    if (fp.size() >= 2) return true;
    if (fp.empty() || i + 1 >= line.size() || line[i + 1] != fp[0]) return false;
    if (five_at(fp[0], d)) return false;
    s[fp[0]] = d;
  }
  return false;
}

std::string verify(const Position& p, const Result& r) {
  Game g(p.rules);
  for (int c : p.moves) g.play(c);
  const bool known_vcf = p.name.rfind("vcf", 0) == 0;
  switch (r.method) {
    case Method::kVcf:
      if (r.win) return replays_as_vcf(g, r.line) ? "pass" : "fail";
      return known_vcf ? "fail" : "na";
    case Method::kVct:
      if (known_vcf) return r.win ? "pass" : "fail";
      return "na";
    case Method::kAlphaBeta:
      if (known_vcf) return r.score > kWinThreshold ? "pass" : "fail";
      return "na";
  }
  return "na";
}

std::vector<std::string> bench_columns() {
  return {"board", "rule", "stones", "to_move", "depth", "win", "move", "score", "line", "plays"};
}

std::vector<std::string> bench_row(const Position& p, const Result& r) {
  Game g(p.rules);
  for (int c : p.moves) g.play(c);
  std::string line;
  for (std::size_t i = 0; i < r.line.size(); ++i) {
    if (i) line += ' ';
    line += g.point(r.line[i]);
  }
  return {std::to_string(p.rules.cols) + "x" + std::to_string(p.rules.rows),
          std::string(mnk::rule_name(p.rules.rule)),
          std::to_string(p.moves.size()),
          colour_name(g.to_move()),
          r.scored ? std::to_string(r.depth) : "",
          r.win         ? "yes"
          : r.exhausted ? "unknown"
                        : "no",
          r.move >= 0 ? g.point(r.move) : "",
          r.scored ? std::to_string(r.score) : "",
          line,
          std::to_string(r.plays)};
}

}  // namespace sb::gomoku
