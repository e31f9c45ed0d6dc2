// `searchbench gomoku ...`: terminal play against the computer levels, replay of .psq records,
// the Gomocup/Piskvork brain (pbrain), matches between levels, threat and alpha-beta searches of
// one position, and the generation of balanced openings.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "cli/commands.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/memory.hpp"
#include "core/sysinfo.hpp"
#include "core/text_file.hpp"
#include "core/typed_problem.hpp"
#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"
#include "gomoku/match.hpp"
#include "gomoku/pbrain.hpp"
#include "gomoku/players.hpp"
#include "gomoku/problem.hpp"
#include "gomoku/record.hpp"

namespace sb::gomoku {
namespace {

using namespace sb::cli;
namespace gm = sb::gomoku;
using Clock = std::chrono::steady_clock;

/// Board and rule options shared by the subcommands.
struct BoardOptions {
  int size = 15;
  int rows = 0, cols = 0;
  std::string rule = "freestyle";
  CLI::Option* size_opt = nullptr;
  CLI::Option* rows_opt = nullptr;
  CLI::Option* cols_opt = nullptr;

  void add(CLI::App* c) {
    size_opt = c->add_option("--size", size, "Board size N x N, 5..26 (default 15)")
                   ->transform(decimal_in(gm::kMinSide, gm::kMaxSide));
    cols_opt = c->add_option("--cols", cols, "Columns of a rectangular board (with --rows)")
                   ->transform(decimal_in(gm::kMinSide, gm::kMaxSide));
    rows_opt = c->add_option("--rows", rows, "Rows of a rectangular board (with --cols)")
                   ->transform(decimal_in(gm::kMinSide, gm::kMaxSide));
    c->add_option("--rule", rule,
                  "freestyle (five or more in a row wins, default) or standard (exactly five)");
  }
  gm::Rules rules() const {
    gm::Rules r;
    const bool has_rows = rows_opt->count() > 0, has_cols = cols_opt->count() > 0;
    if (has_rows != has_cols)
      throw UsageError(std::string(has_rows ? "--rows" : "--cols") + " needs " +
                       (has_rows ? "--cols" : "--rows") + " too (a rectangle has both sides)");
    if (has_rows && size_opt->count() > 0)
      throw UsageError("give either --size or --rows and --cols, not both");
    r.cols = has_cols ? cols : size;
    r.rows = has_rows ? rows : size;
    try {
      r.rule = mnk::parse_rule(rule);
    } catch (const std::invalid_argument&) {
      throw UsageError("unknown rule '" + rule +
                       "' (use freestyle: five or more in a row wins, or standard: exactly five)");
    }
    return r;
  }
};

/// A positive, finite number of seconds from text (NaN, infinity, 0, negatives refused).
double seconds_of(const std::string& text, const char* option) {
  std::size_t pos = 0;
  double v = 0;
  try {
    v = std::stod(text, &pos);
  } catch (const std::exception&) {
    pos = 0;
  }
  if (pos != text.size() || text.empty() || !std::isfinite(v) || v <= 0 || v > 86400 ||
      text.find_first_of("xXpP") != std::string::npos)
    throw UsageError(std::string(option) + " must be a positive number of seconds, got '" + text +
                     "'");
  return v;
}

/// --max-memory as bytes (at least 1 MiB, at most the physical memory); bad text is a UsageError.
std::uint64_t bytes_of(const std::string& text) {
  try {
    return parse_memory_budget(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

std::string lower_trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  std::string t = s.substr(a, b - a);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

std::string line_text(const gm::Game& g, const std::vector<int>& cells) {
  std::string s;
  for (int c : cells) {
    if (!s.empty()) s += ' ';
    s += g.point(c);
  }
  return s;
}

/// Shows a search's progress on stderr after its first second: a line rewritten in place on a
/// terminal, a new line every 5 s otherwise.
class ThinkingWatch {
 public:
  ThinkingWatch(gm::Live& live, const gm::Game& g) : live_(live), g_(g), tty_(::isatty(2) != 0) {
    th_ = std::thread([this] { loop(); });
  }
  ~ThinkingWatch() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    th_.join();
    if (printed_ && tty_) std::fputs("\n", stderr);
  }

 private:
  void loop() {
    const auto t0 = Clock::now();
    auto next = t0 + std::chrono::seconds(1);
    std::unique_lock lock(mu_);
    while (!cv_.wait_until(lock, next, [this] { return stop_; })) {
      const double el = std::chrono::duration<double>(Clock::now() - t0).count();
      const int best = live_.best.load();
      char buf[200];
      std::snprintf(buf, sizeof buf, "computer thinking: %.0f s, depth %d, %.2f M nodes%s%s", el,
                    live_.depth.load(), static_cast<double>(live_.nodes.load()) / 1e6,
                    best >= 0 ? ", best so far " : "", best >= 0 ? g_.point(best).c_str() : "");
      if (tty_)
        std::fprintf(stderr, "\r%-78s", buf);
      else
        std::fprintf(stderr, "%s\n", buf);
      std::fflush(stderr);
      printed_ = true;
      next += std::chrono::seconds(tty_ ? 1 : 5);
    }
  }
  gm::Live& live_;
  const gm::Game& g_;
  bool tty_;
  bool printed_ = false;
  bool stop_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread th_;
};

// ---- play ---------------------------------------------------------------------------------------

struct PlayOptions {
  BoardOptions board;
  std::string first = "human";
  std::string opponent = "computer";
  int level = gm::kMaxLevel;
  std::string black, white;
  std::string record;
  std::string seconds = "1";
  int threads = 0;
  std::uint64_t seed = 1;
  std::string max_memory = "64M";
};

int run_play(const PlayOptions& o) {
  const gm::Rules rules = o.board.rules();
  gm::validate(rules);
  const bool vs_computer = o.opponent == "computer";
  const int computer = !vs_computer ? -1 : o.first == "computer" ? gm::kBlack : gm::kWhite;
  gm::PlayerOptions po;
  po.level = o.level;
  po.seconds = seconds_of(o.seconds, "--time-per-move");
  po.threads = o.threads > 0 ? o.threads : sysinfo::hardware_threads();
  po.seed = o.seed;
  po.tt_bytes = bytes_of(o.max_memory);
  std::unique_ptr<gm::Player> ai = vs_computer ? gm::make_player(po) : nullptr;
  const std::string cname = "searchbench-level-" + std::to_string(o.level);
  gm::Record hr;
  hr.rules = rules;
  hr.black = !o.black.empty() ? o.black : computer == gm::kBlack ? cname : "human";
  hr.white = !o.white.empty() ? o.white : computer == gm::kWhite ? cname : "human";
  hr.black_level = computer == gm::kBlack ? o.level : 0;
  hr.white_level = computer == gm::kWhite ? o.level : 0;
  hr.start = gm::utc_now();
  std::unique_ptr<gm::RecordWriter> rec;
  if (!o.record.empty()) rec = std::make_unique<gm::RecordWriter>(o.record, hr);

  gm::Game g(rules);
  auto name_of = [&](int p) { return p == gm::kBlack ? hr.black : hr.white; };
  std::cout << "Gomoku " << gm::describe(rules) << " ("
            << (rules.rule == mnk::Rule::kStandard ? "exactly five wins"
                                                   : "five or more in a row wins")
            << "): " << hr.black << " (X, black) against " << hr.white << " (O, white).\n";
  if (vs_computer)
    std::cout << "Computer level " << o.level << ": " << gm::level_summary(o.level) << ".\n";
  std::cout << "Type a point such as " << g.point(g.geometry().by_centre[0])
            << ", 'undo' to take back a move pair, 'quit' to stop.\n";
  std::string end_reason;
  bool show = true;
  while (!g.over()) {
    const int p = g.to_move();
    if (show && p != computer) std::cout << "\n" << gm::draw_board(g);
    show = true;
    if (p == computer) {
      gm::Live live;
      gm::Choice c;
      {
        ThinkingWatch watch(live, g);
        c = ai->choose(g, nullptr, &live);
      }
      g.play(c.move);
      if (rec) rec->add(c.move, static_cast<std::int64_t>(c.seconds * 1000));
      std::cout << "Computer (" << gm::colour_name(p) << ") plays " << g.point(c.move) << " ("
                << c.reason;
      if (c.depth > 0) std::cout << ", depth " << c.depth << ", score " << c.score;
      if (c.nodes > 0) std::cout << ", " << c.nodes << " nodes";
      char t[32];
      std::snprintf(t, sizeof t, ", %.2f s)", c.seconds);
      std::cout << t << "\n";
      continue;
    }
    std::cout << name_of(p) << " (" << (p == gm::kBlack ? "X" : "O") << ", " << gm::colour_name(p)
              << ") to move: " << std::flush;
    const auto t0 = Clock::now();
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\n";
      end_reason = "end of input";
      break;
    }
    const std::string t = lower_trim(line);
    if (t.empty()) {
      show = false;
      continue;
    }
    if (t == "quit" || t == "exit" || t == "q") {
      end_reason = "quit";
      break;
    }
    if (t == "help" || t == "?") {
      std::cout << "A point is a file letter and a rank number, e.g. h8. 'undo' takes back your "
                   "last move and the computer's reply; 'quit' ends the game.\n";
      show = false;
      continue;
    }
    if (t == "undo") {
      const int n = vs_computer ? 2 : 1;
      if (g.moves_played() < n || (vs_computer && g.moves_played() < 2)) {
        std::cout << "Nothing to take back yet.\n";
        show = false;
        continue;
      }
      for (int i = 0; i < n; ++i) g.undo();
      if (rec) rec->remove(n);
      std::cout << "Took back " << n << (n == 1 ? " move" : " moves") << ".\n";
      continue;
    }
    int c = -1;
    try {
      c = g.parse(t);
    } catch (const std::invalid_argument& e) {
      std::cout << e.what() << "; try again.\n";
      show = false;
      continue;
    }
    const std::string why = g.why_illegal(c);
    if (!why.empty()) {
      std::cout << "You cannot play there: " << why << "; try again.\n";
      show = false;
      continue;
    }
    g.play(c);
    if (rec)
      rec->add(c, std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
  }
  std::cout << "\n" << gm::draw_board(g);
  std::string result = "unfinished";
  if (g.over()) {
    result = gm::outcome_name(g.outcome());
    if (g.outcome() == gm::Outcome::kDraw) {
      end_reason = "full board";
      std::cout << "Draw: the board is full.\n";
    } else {
      end_reason = "five";
      const int w = g.outcome() == gm::Outcome::kBlackWins ? gm::kBlack : gm::kWhite;
      std::cout << name_of(w) << " (" << gm::colour_name(w)
                << ") wins with five in a row: " << line_text(g, g.winning_row()) << ".\n";
    }
  } else {
    std::cout << "Game stopped (" << end_reason << ") after " << g.moves_played() << " moves.\n";
  }
  if (rec) {
    rec->finish(result, end_reason);
    std::cout << "Record: " << rec->path() << "\n";
  }
  return 0;
}

// ---- replay -------------------------------------------------------------------------------------

struct ReplayOptions {
  std::string file;
  bool step = false;
};

int run_replay(const ReplayOptions& o) {
  gm::Record r;
  try {
    r = gm::read_psq(o.file);
  } catch (const gm::RecordError& e) {
    throw UsageError(e.what());
  }
  for (const auto& w : r.warnings) std::cerr << "searchbench: warning: " << w << "\n";
  std::cout << "Record " << o.file << ": " << gm::describe(r.rules) << ", " << r.black
            << " (X, black) against " << r.white << " (O, white)";
  if (!r.start.empty()) std::cout << ", started " << r.start;
  if (!r.end.empty()) std::cout << ", ended " << r.end;
  std::cout << ", " << r.moves.size() << " moves.\n";
  gm::Game g(r.rules);
  std::cout << "\n" << gm::draw_board(g);
  bool step = o.step;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    if (step) {
      std::cout << "[Enter: next move, q: stop stepping] " << std::flush;
      std::string l;
      if (!std::getline(std::cin, l) || lower_trim(l) == "q") {
        step = false;
        std::cout << "\n";
      }
    }
    const int p = g.to_move();
    g.play(r.moves[i].cell);
    char t[64];
    std::snprintf(t, sizeof t, " (%.2f s)", static_cast<double>(r.moves[i].ms) / 1000.0);
    std::cout << "\nMove " << i + 1 << ": " << gm::colour_name(p) << " " << g.point(r.moves[i].cell)
              << t << "\n"
              << gm::draw_board(g);
  }
  std::cout << "\nResult: " << r.result;
  if (!r.reason.empty()) std::cout << " (" << r.reason << ")";
  if (!g.winning_row().empty()) std::cout << ", five: " << line_text(g, g.winning_row());
  std::cout << "\n";
  return 0;
}

// ---- match --------------------------------------------------------------------------------------

struct MatchCliOptions {
  BoardOptions board;
  int black = 0, white = 0;
  int games = 2;
  std::string openings;
  bool no_openings = false;
  std::string out;
  std::string seconds = "1";
  int threads = 1;
  std::uint64_t seed = 1;
  std::string records;
  std::string max_memory = "64M";
};

int run_match(const MatchCliOptions& o) {
  gm::MatchOptions mo;
  mo.rules = o.board.rules();
  gm::validate(mo.rules);
  mo.games = o.games;
  mo.a.level = o.black;
  mo.b.level = o.white;
  mo.a.seconds = mo.b.seconds = seconds_of(o.seconds, "--time-per-move");
  mo.a.threads = mo.b.threads = o.threads;
  mo.a.tt_bytes = mo.b.tt_bytes = bytes_of(o.max_memory);
  mo.a.seed = o.seed;
  mo.b.seed = o.seed ^ 0x5bd1e995u;
  if (!o.no_openings) {
    if (o.openings.empty()) {
      mo.openings =
          gm::parse_openings(gm::default_openings_text(), mo.rules, "src/gomoku/openings.txt");
    } else {
      std::ifstream in(o.openings);
      if (!in) throw UsageError("cannot read the openings file '" + o.openings + "'");
      std::string text;
      if (!read_capped(in, std::size_t{16} << 20, text))
        throw UsageError("the openings file '" + o.openings + "' is larger than 16 MiB");
      mo.openings = gm::parse_openings(text, mo.rules, o.openings);
    }
  }
  if (!o.records.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.records, ec);
    if (ec || !std::filesystem::is_directory(o.records))
      throw UsageError("cannot create the records directory '" + o.records + "'");
    mo.records_dir = o.records;
  }
  const std::string part = o.out + ".part";
  std::ofstream csv(part, std::ios::trunc);
  if (!csv) throw UsageError("cannot write '" + part + "' (for --out " + o.out + ")");
  csv << csv_line(gm::match_csv_header()) << std::flush;
  std::vector<gm::GameResult> results;
  const auto t0 = Clock::now();
  for (int i = 0; i < o.games; ++i) {
    const gm::GameResult r = gm::play_match_game(mo, i);
    results.push_back(r);
    csv << csv_line(gm::match_csv_row(r)) << std::flush;
    const gm::MatchSummary s = gm::summarize(results);
    std::fprintf(stderr,
                 "[%d/%d] game %d: level %d (black) - level %d (white) %s in %d moves, %.1f s; "
                 "level %d's score %.1f/%d, %.0f s elapsed\n",
                 i + 1, o.games, i + 1, r.black_level, r.white_level,
                 r.outcome == gm::Outcome::kBlackWins   ? "1-0"
                 : r.outcome == gm::Outcome::kWhiteWins ? "0-1"
                                                        : "1/2",
                 r.moves, r.seconds, o.black, s.score * s.games, s.games,
                 std::chrono::duration<double>(Clock::now() - t0).count());
  }
  csv.close();
  if (!csv) throw std::runtime_error("cannot write '" + part + "'");
  std::filesystem::rename(part, o.out);
  std::cout << gm::summary_text(gm::summarize(results), o.black, o.white) << "\n";
  std::cout << "games: " << o.out << "\n";
  return 0;
}

// ---- solve ----------------------------------------------------------------------------------

struct SolveOptions {
  BoardOptions board;
  std::string instance;
  std::string moves;
  int depth = 6;
  std::string kernel;
  bool kernel_given = false;
  int threads = 0;
  std::string format = "text";
  std::string max_memory;
  CLI::Option* moves_opt = nullptr;
  CLI::Option* depth_opt = nullptr;
};

int run_solve(const SolveOptions& o) {
  gm::Position pos;
  if (!o.instance.empty()) {
    if (o.moves_opt->count() > 0 || o.board.size_opt->count() > 0 || o.board.rows_opt->count() > 0)
      throw UsageError("give either --instance or --moves with the board options");
    try {
      pos = gm::parse_position(o.instance);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    if (o.depth_opt->count() > 0) pos.depth = o.depth;
  } else {
    pos.rules = o.board.rules();
    gm::validate(pos.rules);
    pos.depth = o.depth;
    try {
      pos.moves = mnk::parse_moves(o.moves, pos.rules.cols, pos.rules.rows);
      gm::Game g(pos.rules);
      for (int c : pos.moves) g.play(c);
      if (g.over())
        throw std::invalid_argument(std::string("the game is already over (") +
                                    gm::outcome_name(g.outcome()) + ")");
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--moves: ") + e.what());
    }
  }
  const Problem& prob = problem();
  const KernelInfo& k = choose_kernel(prob, o.kernel_given, o.kernel);
  const sb::Instance in = make_instance<Traits>(pos);
  RunSettings settings;
  settings.threads = threads_for(k, o.threads);
  settings.max_memory = o.max_memory.empty() ? 0 : bytes_of(o.max_memory);
  const Timed t = run_verified(prob, k, in, settings, "gomoku " + k.name + " " + in.name);
  const gm::Result& r = result_of<Traits>(t.outcome);
  const double wall = t.wall_s;
  const std::string verified(verdict_name(t.verified));
  const std::vector<std::string> cols = prob.columns, vals = prob.fields(in, settings, t.outcome);
  char nps[32];
  std::snprintf(nps, sizeof nps, "%.6g", wall > 0 ? static_cast<double>(r.nodes) / wall : 0.0);
  print_run(std::cout, run_row(prob, k, in, settings, t.outcome, wall, t.verified),
            format_of(o.format), [&] {
              gm::Game g(pos.rules);
              for (int c : pos.moves) g.play(c);
              std::cout << gm::draw_board(g);
              std::printf("gomoku position %s (%s, %zu stones, %s to move)\n", in.name.c_str(),
                          gm::describe(pos.rules).c_str(), pos.moves.size(),
                          gm::colour_name(g.to_move()));
              std::printf("kernel %s (%s), %d thread%s\n", k.name.c_str(), k.backend.c_str(),
                          r.threads, r.threads == 1 ? "" : "s");
              for (std::size_t i = 0; i < cols.size(); ++i)
                if (!vals[i].empty()) std::printf("%-9s = %s\n", cols[i].c_str(), vals[i].c_str());
              std::printf("nodes     = %llu\n", static_cast<unsigned long long>(r.nodes));
              std::printf("wall      = %.6f s (%s nodes/s)\n", wall, nps);
              std::printf("verified  = %s\n", verified.c_str());
            });
  return t.verified == Verdict::kFail ? 1 : 0;
}

// ---- openings -----------------------------------------------------------------------------------

struct OpeningsOptions {
  BoardOptions board;
  int count = 50;
  int stones = 3;
  std::uint64_t seed = 1;
  int depth = 4;
  int max_score = 150;
  std::string out;
};

int run_openings(const OpeningsOptions& o) {
  const gm::Rules rules = o.board.rules();
  gm::validate(rules);
  const std::string part = o.out + ".part";
  std::ofstream f(part, std::ios::trunc);
  if (!f) throw UsageError("cannot write '" + part + "' (for --out " + o.out + ")");
  const auto lines = gm::generate_openings(rules, o.count, o.stones, o.seed, o.depth, o.max_score,
                                           20000, [&](int k) {
                                             std::fprintf(stderr, "\ropenings: %d/%d", k, o.count);
                                             std::fflush(stderr);
                                           });
  std::fprintf(stderr, "\n");
  f << "# " << o.count << " openings of " << o.stones << " stones for " << gm::describe(rules)
    << ", made by: searchbench gomoku openings --count " << o.count << " --stones " << o.stones
    << " --seed " << o.seed << " --depth " << o.depth << " --max-score " << o.max_score
    << " (see README)\n";
  for (const auto& l : lines) f << l << "\n";
  f.close();
  if (!f) throw std::runtime_error("cannot write '" + part + "'");
  std::filesystem::rename(part, o.out);
  return 0;
}

}  // namespace

void add_commands(CLI::App& app, Action& action) {
  auto* gc = app.add_subcommand(
      "gomoku", "Gomoku: play the computer, replay records, pbrain protocol, matches");
  gc->require_subcommand(1);

  auto po = std::make_shared<PlayOptions>();
  auto* play =
      gc->add_subcommand("play", "Play against the computer (or a friend) in the terminal");
  po->board.add(play);
  play->add_option("--first", po->first,
                   "Who plays black and moves first: human (default) or computer")
      ->check(CLI::IsMember({"human", "computer"}));
  play->add_option("--opponent", po->opponent, "computer (default) or human (two people)")
      ->check(CLI::IsMember({"computer", "human"}));
  play->add_option("--level", po->level, "Computer level 1..3 (default 3; see the README)")
      ->transform(decimal_in(gm::kMinLevel, gm::kMaxLevel));
  play->add_option("--black", po->black, "Black player's name for the record");
  play->add_option("--white", po->white, "White player's name for the record");
  play->add_option("--record", po->record, "Write the game to this .psq file as it is played")
      ->check(sb::cli::non_empty());
  play->add_option("--time-per-move", po->seconds,
                   "Computer's thinking time in seconds (default 1)");
  play->add_option("-t,--threads", po->threads, "Search threads (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  play->add_option("--seed", po->seed, "Random seed of level 1's chance moves")
      ->transform(decimal_in(0, 1000000000000LL));
  play->add_option("--max-memory", po->max_memory, "Transposition-table budget (default 64M)")
      ->check(sb::cli::non_empty());
  play->callback([&action, po] { action = [po] { return run_play(*po); }; });

  auto ro = std::make_shared<ReplayOptions>();
  auto* replay = gc->add_subcommand("replay", "Redraw a .psq game record move by move");
  replay->add_option("file", ro->file, "The record (.psq)")->required();
  replay->add_flag("--step", ro->step, "Wait for Enter before each move");
  replay->callback([&action, ro] { action = [ro] { return run_replay(*ro); }; });

  auto bo = std::make_shared<gm::PbrainOptions>();
  auto bseconds = std::make_shared<std::string>("1");
  auto* pbrain = gc->add_subcommand(
      "pbrain", "Gomocup / Piskvork brain on stdin/stdout (also run as pbrain-searchbench)");
  pbrain->add_option("--level", bo->level, "Computer level 1..3 (default 3)")
      ->transform(decimal_in(gm::kMinLevel, gm::kMaxLevel));
  pbrain->add_option("--time-per-move", *bseconds,
                     "Seconds per move until the manager sends INFO timeout_turn (default 1)");
  pbrain->add_option("-t,--threads", bo->threads, "Search threads (default 1)")
      ->transform(decimal_in(1, kMaxThreads));
  pbrain->callback([&action, bo, bseconds] {
    action = [bo, bseconds] {
      bo->default_seconds = seconds_of(*bseconds, "--time-per-move");
      std::ios::sync_with_stdio(false);
      return gm::run_pbrain(std::cin, std::cout, *bo);
    };
  });

  auto mo = std::make_shared<MatchCliOptions>();
  auto* match = gc->add_subcommand("match", "Games between two levels, colours alternating");
  mo->board.add(match);
  match->add_option("--black", mo->black, "Level of player A (black in odd-numbered games)")
      ->required()
      ->transform(decimal_in(gm::kMinLevel, gm::kMaxLevel));
  match->add_option("--white", mo->white, "Level of player B (white in odd-numbered games)")
      ->required()
      ->transform(decimal_in(gm::kMinLevel, gm::kMaxLevel));
  match->add_option("--games", mo->games, "Number of games (default 2)")
      ->transform(decimal_in(1, 100000));
  match
      ->add_option("--openings", mo->openings,
                   "Openings file (default: the committed src/gomoku/openings.txt)")
      ->check(sb::cli::non_empty());
  match->add_flag("--no-openings", mo->no_openings, "Start every game from the empty board");
  match->add_option("--out", mo->out, "CSV file, one row per game")->required();
  match->add_option("--time-per-move", mo->seconds, "Thinking time of levels 3+ (default 1 s)");
  match->add_option("-t,--threads", mo->threads, "Search threads per player (default 1)")
      ->transform(decimal_in(1, kMaxThreads));
  match->add_option("--seed", mo->seed, "Random seed (level 1's chance moves)")
      ->transform(decimal_in(0, 1000000000000LL));
  match->add_option("--records", mo->records, "Directory for one .psq record per game")
      ->check(sb::cli::non_empty());
  match->add_option("--max-memory", mo->max_memory, "Table budget per player (default 64M)")
      ->check(sb::cli::non_empty());
  match->callback([&action, mo] { action = [mo] { return run_match(*mo); }; });

  auto so = std::make_shared<SolveOptions>();
  auto* solve = gc->add_subcommand(
      "solve", "One kernel (vcf, vct, alphabeta, alphabeta-tbb) on one position, verified");
  so->board.add(solve);
  solve
      ->add_option("-i,--instance", so->instance,
                   "Position: a committed name (vcf01.., mid01..) or MxN[-standard]:h8,i9,...; "
                   "optional /dD: alpha-beta depth")
      ->check(sb::cli::non_empty());
  so->moves_opt = solve->add_option("--moves", so->moves,
                                    "Moves played so far, black first, e.g. \"h8 i9 h9\"");
  so->depth_opt = solve->add_option("--depth", so->depth, "Alpha-beta depth in plies (default 6)")
                      ->transform(decimal_in(1, gm::kMaxBenchDepth));
  auto* kernel_opt =
      solve->add_option("-k,--kernel", so->kernel,
                        "Kernel (default: the fastest built): " + problem().kernel_names());
  solve->add_option("-t,--threads", so->threads, "Threads of alphabeta-tbb (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  solve->add_option("--max-memory", so->max_memory, "Transposition-table budget (default 64M)")
      ->check(sb::cli::non_empty());
  solve->add_option("-f,--format", so->format, "Output format")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  solve->callback([&action, so, kernel_opt] {
    so->kernel_given = kernel_opt->count() > 0;
    action = [so] { return run_solve(*so); };
  });

  auto oo = std::make_shared<OpeningsOptions>();
  auto* op = gc->add_subcommand("openings", "Generate balanced short openings for matches");
  oo->board.add(op);
  op->add_option("--count", oo->count, "Openings to make (default 50)")
      ->transform(decimal_in(1, 10000));
  op->add_option("--stones", oo->stones, "Stones per opening (default 3)")
      ->transform(decimal_in(1, 12));
  op->add_option("--seed", oo->seed, "Random seed (default 1)")
      ->transform(decimal_in(0, 1000000000000LL));
  op->add_option("--depth", oo->depth, "Depth of the balance search (default 4)")
      ->transform(decimal_in(1, 12));
  op->add_option("--max-score", oo->max_score, "Largest |score| kept (default 150)")
      ->transform(decimal_in(0, 100000));
  op->add_option("--out", oo->out, "Output file")->required();
  op->callback([&action, oo] { action = [oo] { return run_openings(*oo); }; });
}

}  // namespace sb::gomoku
