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
#include "gomoku/pbrain_referee.hpp"
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

std::string player_name(const PlayerOptions& level, const std::optional<EngineCommand>& engine) {
  return engine ? engine->name : "level " + std::to_string(level.level);
}

namespace {

/// One player of one game: a level in this process, or an engine over pipes.
struct Side {
  std::unique_ptr<Player> level;
  std::unique_ptr<PbrainEngine> engine;
  int level_no = 0;  // 0 for an engine
  std::string name;
};

Side make_side(const MatchOptions& o, const PlayerOptions& po,
               const std::optional<EngineCommand>& engine, int index, const char* colour) {
  Side s;
  s.name = player_name(po, engine);
  if (engine) {
    std::function<void(const std::string&)> log;
    if (o.log) {
      const std::string prefix =
          "game " + std::to_string(index + 1) + " " + colour + " " + engine->name + " ";
      log = [&o, prefix](const std::string& line) { o.log(prefix + line); };
    }
    s.engine = std::make_unique<PbrainEngine>(*engine, o.referee, log);
  } else {
    s.level = make_player(po);
    s.level_no = s.level->level();
  }
  return s;
}

}  // namespace

GameResult play_match_game(const MatchOptions& o, int index) {
  const auto t0 = std::chrono::steady_clock::now();
  GameResult r;
  r.index = index;
  r.a_black = index % 2 == 0;
  PlayerOptions pa = o.a, pb = o.b;
  pa.seed = o.a.seed + static_cast<std::uint64_t>(index) * 7919;
  pb.seed = o.b.seed + static_cast<std::uint64_t>(index) * 104729;
  Side black = r.a_black ? make_side(o, pa, o.a_engine, index, "black")
                         : make_side(o, pb, o.b_engine, index, "black");
  Side white = r.a_black ? make_side(o, pb, o.b_engine, index, "white")
                         : make_side(o, pa, o.a_engine, index, "white");
  r.black_level = black.level_no;
  r.white_level = white.level_no;
  r.black_name = black.name;
  r.white_name = white.name;
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
    // the header's level only tells a computer (> 0) from a human: an engine is written as 1
    hr.black = black.engine ? black.name : "searchbench-level-" + std::to_string(r.black_level);
    hr.white = white.engine ? white.name : "searchbench-level-" + std::to_string(r.white_level);
    hr.black_level = black.engine ? 1 : r.black_level;
    hr.white_level = white.engine ? 1 : r.white_level;
    hr.start = utc_now();
    for (int c : g.moves()) hr.moves.push_back({c, 0});
    char name[64];
    std::snprintf(name, sizeof name, "game%04d.psq", index + 1);
    rec =
        std::make_unique<RecordWriter>((std::filesystem::path(o.records_dir) / name).string(), hr);
  }
  int forfeiter = -1;  // the colour that lost by a forfeit
  for (int colour : {kBlack, kWhite}) {
    Side& s = colour == kBlack ? black : white;
    if (!s.engine || forfeiter >= 0) continue;
    const EngineMove m = s.engine->start(o.rules);
    if (!m.forfeit.empty()) {
      forfeiter = colour;
      r.reason = m.forfeit;
      r.detail = m.detail;
    }
  }
  while (forfeiter < 0 && !g.over()) {
    const int colour = g.to_move();
    Side& p = colour == kBlack ? black : white;
    int cell = -1;
    std::int64_t ms = 0;
    if (p.engine) {
      const EngineMove m = p.engine->move(g);
      ms = m.ms;
      if (!m.forfeit.empty()) {
        forfeiter = colour;
        r.reason = m.forfeit;
        r.detail = m.detail;
      }
      cell = m.cell;
    } else {
      const auto m0 = std::chrono::steady_clock::now();
      const Choice c = p.level->choose(g);
      ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 m0)
               .count();
      (colour == kBlack ? r.nodes_black : r.nodes_white) += c.nodes;
      cell = c.move;
    }
    (colour == kBlack ? r.seconds_black : r.seconds_white) += static_cast<double>(ms) / 1000.0;
    if (forfeiter >= 0) break;
    g.play(cell);
    if (rec) rec->add(cell, ms);
  }
  for (Side* s : {&black, &white})
    if (s->engine) s->engine->end();
  if (forfeiter >= 0) {
    r.outcome = forfeiter == kBlack ? Outcome::kWhiteWins : Outcome::kBlackWins;
  } else {
    r.outcome = g.outcome();
    r.reason = r.outcome == Outcome::kDraw ? "full board" : "five";
  }
  r.moves = g.moves_played();
  const bool black_won = r.outcome == Outcome::kBlackWins;
  r.score_a = r.outcome == Outcome::kDraw ? 0.5 : (black_won == r.a_black ? 1.0 : 0.0);
  if (rec) rec->finish(outcome_name(r.outcome), r.reason);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::vector<std::string> match_csv_header() {
  return {"game",          "opening",       "a_level",      "b_level",      "black_level",
          "white_level",   "result",        "winner_level", "reason",       "moves",
          "seconds",       "nodes_black",   "nodes_white",  "nodes",        "nodes_per_s",
          "score_a",       "a_player",      "b_player",     "black_player", "white_player",
          "seconds_black", "seconds_white", "detail"};
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
  auto level = [](int l) { return l > 0 ? std::to_string(l) : std::string(); };
  const std::string winner = g.outcome == Outcome::kBlackWins   ? level(g.black_level)
                             : g.outcome == Outcome::kWhiteWins ? level(g.white_level)
                                                                : "";
  char sb[32], sw[32];
  std::snprintf(sb, sizeof sb, "%.3f", g.seconds_black);
  std::snprintf(sw, sizeof sw, "%.3f", g.seconds_white);
  return {std::to_string(g.index + 1),
          g.opening,
          level(g.a_black ? g.black_level : g.white_level),
          level(g.a_black ? g.white_level : g.black_level),
          level(g.black_level),
          level(g.white_level),
          result,
          winner,
          g.reason,
          std::to_string(g.moves),
          sec,
          std::to_string(g.nodes_black),
          std::to_string(g.nodes_white),
          std::to_string(nodes),
          nps,
          score,
          g.a_black ? g.black_name : g.white_name,
          g.a_black ? g.white_name : g.black_name,
          g.black_name,
          g.white_name,
          sb,
          sw,
          g.detail};
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
  s.score = sum / static_cast<double>(s.games);
  // 1.96 standard errors of the mean of v, whose mean is the match score (0 for one value)
  auto half95 = [&s](const std::vector<double>& v) {
    const double k = static_cast<double>(v.size());
    if (v.size() < 2) return 0.0;
    double var = 0;
    for (double x : v) var += (x - s.score) * (x - s.score);
    return 1.96 * std::sqrt(var / (k - 1) / k);
  };
  auto elo = [](double x) -> double {
    if (x <= 0) return -INFINITY;
    if (x >= 1) return INFINITY;
    return 400.0 * std::log10(x / (1 - x));
  };
  std::vector<double> game, pair;  // each game's score; each colour-swapped pair's mean score
  for (const auto& g : games) game.push_back(g.score_a);
  for (std::size_t i = 0; i + 1 < games.size(); i += 2) {
    const GameResult &x = games[i], &y = games[i + 1];
    if (x.opening == y.opening && x.a_black != y.a_black)
      pair.push_back((x.score_a + y.score_a) / 2);
  }
  s.error95 = half95(game);
  s.elo = elo(s.score);
  s.elo_low = elo(std::max(0.0, s.score - s.error95));
  s.elo_high = elo(std::min(1.0, s.score + s.error95));
  if (pair.size() >= 2 && 2 * pair.size() == games.size()) {  // every game in a pair
    s.pairs = static_cast<int>(pair.size());
    s.error95_pairs = half95(pair);
    s.elo_low_pairs = elo(std::max(0.0, s.score - s.error95_pairs));
    s.elo_high_pairs = elo(std::min(1.0, s.score + s.error95_pairs));
  }
  return s;
}

std::string summary_text(const MatchSummary& s, const std::string& name_a,
                         const std::string& name_b) {
  char buf[1024];
  auto elo = [](double e) {
    char b[32];
    if (std::isinf(e))
      std::snprintf(b, sizeof b, "%sinf", e > 0 ? "+" : "-");
    else
      std::snprintf(b, sizeof b, "%+.0f", e);
    return std::string(b);
  };
  const char* games = s.games == 1 ? "game" : "games";
  if (s.games > 0 && s.error95 == 0) {
    // Every game scored alike: the spread of the games gives no interval (a normal one would
    // read +- 0.0 %), so none is claimed.
    std::snprintf(buf, sizeof buf,
                  "%s vs %s: +%d =%d -%d in %d %s, score %.1f %% (every game alike: no "
                  "interval), Elo difference %s",
                  name_a.c_str(), name_b.c_str(), s.wins, s.draws, s.losses, s.games, games,
                  100 * s.score, elo(s.elo).c_str());
    return buf;
  }
  std::snprintf(buf, sizeof buf,
                "%s vs %s: +%d =%d -%d in %d %s, score %.1f %% +- %.1f %% (95 %% "
                "confidence), Elo difference %s [%s, %s]",
                name_a.c_str(), name_b.c_str(), s.wins, s.draws, s.losses, s.games, games,
                100 * s.score, 100 * s.error95, elo(s.elo).c_str(), elo(s.elo_low).c_str(),
                elo(s.elo_high).c_str());
  std::string out = buf;
  if (s.pairs >= 2) {
    std::snprintf(buf, sizeof buf, "; by %d colour-swapped game pairs: +- %.1f %%, Elo [%s, %s]",
                  s.pairs, 100 * s.error95_pairs, elo(s.elo_low_pairs).c_str(),
                  elo(s.elo_high_pairs).c_str());
    out += buf;
  }
  return out;
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
