// `searchbench gomoku play`: a game against a computer level (or between two people) in the
// terminal, optionally written to a .psq record as it is played.
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/echo_text.hpp"
#include "core/sysinfo.hpp"
#include "gomoku/cli_options.hpp"
#include "gomoku/engine.hpp"
#include "gomoku/players.hpp"
#include "gomoku/record.hpp"

namespace sb::gomoku::commands {
namespace {

using Clock = std::chrono::steady_clock;

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
  hr.black = !o.black.empty() ? printable_text(o.black) : computer == gm::kBlack ? cname : "human";
  hr.white = !o.white.empty() ? printable_text(o.white) : computer == gm::kWhite ? cname : "human";
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

}  // namespace

void add_play(CLI::App& gomoku, Action& action) {
  auto po = std::make_shared<PlayOptions>();
  auto* play =
      gomoku.add_subcommand("play", "Play against the computer (or a friend) in the terminal");
  po->board.add(play);
  play->add_option("--first", po->first,
                   "Who plays black and moves first: human (default) or computer")
      ->check(CLI::IsMember({"human", "computer"}));
  play->add_option("--opponent", po->opponent, "computer (default) or human (two people)")
      ->check(CLI::IsMember({"computer", "human"}));
  play->add_option("--level", po->level, "Computer level 1..4 (default 4; see docs/gomoku.md)")
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
}

}  // namespace sb::gomoku::commands
