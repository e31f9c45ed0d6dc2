// Matches between levels, openings, match scores (match.hpp).
#include "gomoku/match.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>

#include "gomoku/engine.hpp"
#include "gomoku/record.hpp"

namespace sb::gomoku {

std::vector<Opening> parse_openings(const std::string& text, const Rules& rules,
                                    const std::string& name) {
  std::vector<Opening> out;
  std::istringstream in(text);
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    const std::size_t hash = line.find('#');
    std::string body = line.substr(0, hash);
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.pop_back();
    std::size_t a = 0;
    while (a < body.size() && std::isspace(static_cast<unsigned char>(body[a]))) ++a;
    body = body.substr(a);
    if (body.empty()) continue;
    Opening o;
    o.text = body;
    o.line = no;
    try {
      o.moves = mnk::parse_moves(body, rules.cols, rules.rows);
      Game g(rules);
      for (int c : o.moves) g.play(c);
      if (g.over())
        throw std::invalid_argument(std::string("the opening ends the game (") +
                                    outcome_name(g.outcome()) + ")");
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(name + ":" + std::to_string(no) + ": " + e.what());
    }
    out.push_back(o);
  }
  if (out.empty()) throw std::invalid_argument(name + ": no openings in the file");
  return out;
}

GameResult play_match_game(const MatchOptions& o, int index) {
  const auto t0 = std::chrono::steady_clock::now();
  GameResult r;
  r.index = index;
  r.a_black = index % 2 == 0;
  PlayerOptions pa = o.a, pb = o.b;
  pa.seed = o.a.seed + static_cast<std::uint64_t>(index) * 7919;
  pb.seed = o.b.seed + static_cast<std::uint64_t>(index) * 104729;
  auto A = make_player(pa), B = make_player(pb);
  Player& black = r.a_black ? *A : *B;
  Player& white = r.a_black ? *B : *A;
  r.black_level = black.level();
  r.white_level = white.level();
  Game g(o.rules);
  std::unique_ptr<RecordWriter> rec;
  if (!o.openings.empty()) {
    const Opening& op = o.openings[(index / 2) % o.openings.size()];
    r.opening = op.text;
    for (int c : op.moves) g.play(c);
  }
  if (!o.records_dir.empty()) {
    Record hr;
    hr.rules = o.rules;
    hr.black = "searchbench-level-" + std::to_string(r.black_level);
    hr.white = "searchbench-level-" + std::to_string(r.white_level);
    hr.black_level = r.black_level;
    hr.white_level = r.white_level;
    hr.start = utc_now();
    for (int c : g.moves()) hr.moves.push_back({c, 0});
    char name[64];
    std::snprintf(name, sizeof name, "game%04d.psq", index + 1);
    rec =
        std::make_unique<RecordWriter>((std::filesystem::path(o.records_dir) / name).string(), hr);
  }
  while (!g.over()) {
    Player& p = g.to_move() == kBlack ? black : white;
    const auto m0 = std::chrono::steady_clock::now();
    const Choice c = p.choose(g);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - m0)
            .count();
    (g.to_move() == kBlack ? r.nodes_black : r.nodes_white) += c.nodes;
    g.play(c.move);
    if (rec) rec->add(c.move, ms);
  }
  r.outcome = g.outcome();
  r.reason = r.outcome == Outcome::kDraw ? "full board" : "five";
  r.moves = g.moves_played();
  const bool black_won = r.outcome == Outcome::kBlackWins;
  r.score_a = r.outcome == Outcome::kDraw ? 0.5 : (black_won == r.a_black ? 1.0 : 0.0);
  if (rec) rec->finish(outcome_name(r.outcome), r.reason);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::vector<std::string> match_csv_header() {
  return {"game",        "opening",      "a_level",     "b_level", "black_level", "white_level",
          "result",      "winner_level", "reason",      "moves",   "seconds",     "nodes_black",
          "nodes_white", "nodes",        "nodes_per_s", "score_a"};
}

std::vector<std::string> match_csv_row(const GameResult& g) {
  char sec[32], nps[32], score[32];
  std::snprintf(sec, sizeof sec, "%.3f", g.seconds);
  const std::uint64_t nodes = g.nodes_black + g.nodes_white;
  std::snprintf(nps, sizeof nps, "%.0f",
                g.seconds > 0 ? static_cast<double>(nodes) / g.seconds : 0.0);
  std::snprintf(score, sizeof score, "%g", g.score_a);
  const char* result = g.outcome == Outcome::kBlackWins   ? "1-0"
                       : g.outcome == Outcome::kWhiteWins ? "0-1"
                                                          : "1/2-1/2";
  const std::string winner = g.outcome == Outcome::kBlackWins   ? std::to_string(g.black_level)
                             : g.outcome == Outcome::kWhiteWins ? std::to_string(g.white_level)
                                                                : "";
  return {std::to_string(g.index + 1),
          g.opening,
          std::to_string(g.a_black ? g.black_level : g.white_level),
          std::to_string(g.a_black ? g.white_level : g.black_level),
          std::to_string(g.black_level),
          std::to_string(g.white_level),
          result,
          winner,
          g.reason,
          std::to_string(g.moves),
          sec,
          std::to_string(g.nodes_black),
          std::to_string(g.nodes_white),
          std::to_string(nodes),
          nps,
          score};
}

MatchSummary summarize(const std::vector<GameResult>& games) {
  MatchSummary s;
  s.games = static_cast<int>(games.size());
  if (games.empty()) return s;
  double sum = 0;
  for (const auto& g : games) {
    sum += g.score_a;
    if (g.score_a == 1.0)
      ++s.wins;
    else if (g.score_a == 0.0)
      ++s.losses;
    else
      ++s.draws;
  }
  const double n = static_cast<double>(s.games);
  s.score = sum / n;
  double var = 0;
  for (const auto& g : games) var += (g.score_a - s.score) * (g.score_a - s.score);
  var = s.games > 1 ? var / (n - 1) : 0;
  s.error95 = 1.96 * std::sqrt(var / n);
  auto elo = [](double x) -> double {
    if (x <= 0) return -INFINITY;
    if (x >= 1) return INFINITY;
    return 400.0 * std::log10(x / (1 - x));
  };
  s.elo = elo(s.score);
  s.elo_low = elo(std::max(0.0, s.score - s.error95));
  s.elo_high = elo(std::min(1.0, s.score + s.error95));
  return s;
}

std::string summary_text(const MatchSummary& s, int level_a, int level_b) {
  char buf[512];
  auto elo = [](double e) {
    char b[32];
    if (std::isinf(e))
      std::snprintf(b, sizeof b, "%sinf", e > 0 ? "+" : "-");
    else
      std::snprintf(b, sizeof b, "%+.0f", e);
    return std::string(b);
  };
  std::snprintf(buf, sizeof buf,
                "level %d vs level %d: +%d =%d -%d in %d games, score %.1f %% +- %.1f %% (95 %% "
                "confidence), Elo difference %s [%s, %s]",
                level_a, level_b, s.wins, s.draws, s.losses, s.games, 100 * s.score,
                100 * s.error95, elo(s.elo).c_str(), elo(s.elo_low).c_str(),
                elo(s.elo_high).c_str());
  return buf;
}

std::vector<std::string> generate_openings(const Rules& rules, int count, int stones,
                                           std::uint64_t seed, int depth, int max_score,
                                           std::uint64_t vct_nodes,
                                           const std::function<void(int)>& progress) {
  if (count < 1 || stones < 1 || stones > 12)
    throw std::invalid_argument("openings: count >= 1 and 1..12 stones");
  std::uint64_t s = seed;
  auto rnd = [&s] {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  const mnk::Geometry& geo = *geometry_for(rules);
  const int cf = (rules.cols - 1) / 2, cr = (rules.rows - 1) / 2;
  std::set<std::vector<int>> seen;  // canonical stone lists
  std::vector<std::string> out;
  for (int attempt = 0; static_cast<int>(out.size()) < count; ++attempt) {
    if (attempt > count * 2000)
      throw std::runtime_error("openings: too few balanced openings found");
    Game g(rules);
    // compact: every stone within two of the centre and within two of an earlier stone
    while (g.moves_played() < stones) {
      const int f = cf + static_cast<int>(rnd() % 5) - 2, r = cr + static_cast<int>(rnd() % 5) - 2;
      const int c = geo.at(f, r);
      if (c < 0 || g.at(c) >= 0) continue;
      bool close = g.moves().empty();
      for (int m : g.moves())
        close = close || (std::abs(m % rules.cols - f) <= 2 && std::abs(m / rules.cols - r) <= 2);
      if (close) g.play(c);
    }
    if (g.over()) continue;
    // canonical form under the symmetries: the least sorted (cell, colour) list
    std::vector<int> best;
    for (int t = 0; t < geo.nsym; ++t) {
      std::vector<int> v;
      for (std::size_t i = 0; i < g.moves().size(); ++i)
        v.push_back(geo.sym[t * geo.cells + g.moves()[i]] * 2 + static_cast<int>(i % 2));
      std::sort(v.begin(), v.end());
      if (best.empty() || v < best) best = v;
    }
    if (seen.count(best)) continue;
    // no forced win for the side to move, nor for the other side given a free move
    if (solve_vct(g, 4, vct_nodes).win) continue;
    bool other = false;
    {
      // the other side given a free move: the side to move "passes" with a stone far from the
      // centre, then the other side's VCT is searched
      Game h = g;
      int far = -1;
      for (int c = 0; c < rules.cells() && far < 0; ++c)
        if (h.at(c) < 0) {
          const int f = c % rules.cols, r = c / rules.cols;
          if (std::abs(f - cf) > 5 || std::abs(r - cr) > 5) far = c;
        }
      if (far >= 0) {
        h.play(far);
        other = solve_vct(h, 4, vct_nodes).win;
      }
    }
    if (other) continue;
    const Choice c = search_fixed_depth(g, depth, 1, 16ull << 20);
    if (std::abs(c.score) > max_score) continue;
    seen.insert(best);
    char buf[64];
    std::snprintf(buf, sizeof buf, "  # %s to move, score %+d at depth %d",
                  colour_name(g.to_move()), c.score, depth);
    out.push_back(mnk::format_moves(g.moves(), rules.cols, " ") + buf);
    if (progress) progress(static_cast<int>(out.size()));
  }
  return out;
}

}  // namespace sb::gomoku
