// `searchbench gomoku match`: games between two players (computer levels, or pbrain engines run
// as child processes and refereed as Gomocup's judge does), colours alternating, one CSV row per
// game.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "core/csv.hpp"
#include "core/text_file.hpp"
#include "gomoku/cli_options.hpp"
#include "gomoku/match.hpp"
#include "gomoku/players.hpp"
#include "gomoku/record.hpp"

namespace sb::gomoku::commands {
namespace {

using Clock = std::chrono::steady_clock;

struct MatchCliOptions {
  BoardOptions board;
  int black = 0, white = 0;
  std::string black_engine, white_engine;
  CLI::Option* black_opt = nullptr;
  CLI::Option* white_opt = nullptr;
  CLI::Option* black_engine_opt = nullptr;
  CLI::Option* white_engine_opt = nullptr;
  int games = 2;
  std::string openings;
  bool no_openings = false;
  std::string out;
  std::string seconds = "1";
  int threads = 1;
  std::uint64_t seed = 1;
  std::string records;
  std::string max_memory = "64M";
  std::string time_per_game;  // "" none
  std::string tolerance = "1";
  std::string log;
};

std::optional<gm::EngineCommand> engine_of(const std::string& command, const CLI::Option* opt) {
  if (opt->count() == 0) return std::nullopt;
  try {
    return gm::EngineCommand::parse(command);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string(opt->get_name()) + ": " + e.what());
  }
}

int run_match(const MatchCliOptions& o) {
  gm::MatchOptions mo;
  mo.rules = o.board.rules();
  gm::validate(mo.rules);
  mo.games = o.games;
  if (o.black_opt->count() == 0 && o.black_engine_opt->count() == 0)
    throw UsageError("give player A as --black LEVEL or --black-engine COMMAND");
  if (o.white_opt->count() == 0 && o.white_engine_opt->count() == 0)
    throw UsageError("give player B as --white LEVEL or --white-engine COMMAND");
  mo.a.level = o.black_opt->count() ? o.black : gm::kMaxLevel;
  mo.b.level = o.white_opt->count() ? o.white : gm::kMaxLevel;
  mo.a_engine = engine_of(o.black_engine, o.black_engine_opt);
  mo.b_engine = engine_of(o.white_engine, o.white_engine_opt);
  if (!o.log.empty() && !mo.a_engine && !mo.b_engine)
    throw UsageError(
        "--log records the pbrain lines exchanged with an engine, and both players "
        "are built-in levels: give --black-engine or --white-engine, or no --log");
  mo.a.seconds = mo.b.seconds = seconds_of(o.seconds, "--time-per-move");
  mo.a.threads = mo.b.threads = o.threads;
  mo.a.tt_bytes = mo.b.tt_bytes = bytes_of(o.max_memory);
  auto ms_of = [](double s) { return static_cast<std::int64_t>(std::llround(s * 1000.0)); };
  mo.referee.turn_ms = std::max<std::int64_t>(1, ms_of(mo.a.seconds));
  mo.referee.match_ms =
      o.time_per_game.empty() ? 0 : ms_of(seconds_of(o.time_per_game, "--time-per-game"));
  mo.referee.tolerance_ms = o.tolerance == "0" ? 0 : ms_of(seconds_of(o.tolerance, "--tolerance"));
  mo.referee.max_memory = mo.a.tt_bytes;
  const std::string name_a = gm::player_name(mo.a, mo.a_engine);
  const std::string name_b = gm::player_name(mo.b, mo.b_engine);
  mo.a.seed = o.seed;
  mo.b.seed = o.seed ^ 0x5bd1e995u;
  if (!o.no_openings) {
    if (o.openings.empty()) {
      try {
        mo.openings =
            gm::parse_openings(gm::default_openings_text(), mo.rules, "src/gomoku/openings.txt");
      } catch (const std::invalid_argument&) {  // made for 15x15: a smaller board lacks points
        throw UsageError("the committed openings (made for 15x15 freestyle) do not fit " +
                         gm::describe(mo.rules) + ": give --no-openings or --openings FILE");
      }
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
  // A finished result is never lost: neither a finished match nor an interrupted one's games
  // (matches do not resume) are written over.
  if (std::filesystem::exists(o.out))
    throw UsageError("'" + o.out + "' exists (a finished match): choose another --out or move it");
  if (std::filesystem::exists(part))
    throw UsageError("'" + part + "' holds the games of an interrupted match (matches do not " +
                     "resume): move it away or remove it, or choose another --out");
  std::ofstream csv(part, std::ios::trunc);
  if (!csv) throw UsageError("cannot write '" + part + "' (for --out " + o.out + ")");
  std::ofstream log;
  if (!o.log.empty()) {
    namespace fs = std::filesystem;
    std::string why;
    if (same_file(o.log, o.out) || same_file(o.log, part))
      why = "--log and --out name the same file";
    else if (fs::is_directory(o.log))
      why = "--log '" + o.log + "' is a folder; give a file";
    else if (fs::exists(o.log))  // a finished match's log, kept as its CSV is
      why = "'" + o.log + "' exists (a match's log): choose another --log or move it";
    if (why.empty()) {
      log.open(o.log, std::ios::trunc);
      if (!log) why = "cannot write the log '" + o.log + "': " + std::strerror(errno);
    }
    if (!why.empty()) {
      csv.close();
      fs::remove(part);
      throw UsageError(why);
    }
    const auto log_t0 = Clock::now();
    mo.log = [&log, log_t0](const std::string& line) {
      char t[32];
      std::snprintf(t, sizeof t, "%.3f ",
                    std::chrono::duration<double>(Clock::now() - log_t0).count());
      log << t << line << "\n" << std::flush;
    };
  }
  csv << csv_line(gm::match_csv_header()) << std::flush;
  std::vector<gm::GameResult> results;
  const auto t0 = Clock::now();
  for (int i = 0; i < o.games; ++i) {
    gm::GameResult r;
    try {
      r = gm::play_match_game(mo, i);
    } catch (...) {
      // Nothing partial behind a refusal; the games already finished stay in the .part file.
      csv.close();
      if (results.empty()) std::filesystem::remove(part);
      throw;
    }
    results.push_back(r);
    csv << csv_line(gm::match_csv_row(r)) << std::flush;
    const gm::MatchSummary s = gm::summarize(results);
    const std::string how = r.detail.empty() ? "" : " (" + r.reason + ": " + r.detail + ")";
    std::fprintf(stderr,
                 "[%d/%d] game %d: %s (black) - %s (white) %s in %d moves%s, %.1f s; "
                 "%s's score %.1f/%d, %.0f s elapsed\n",
                 i + 1, o.games, i + 1, r.black_name.c_str(), r.white_name.c_str(),
                 r.outcome == gm::Outcome::kBlackWins   ? "1-0"
                 : r.outcome == gm::Outcome::kWhiteWins ? "0-1"
                                                        : "1/2",
                 r.moves, how.c_str(), r.seconds, name_a.c_str(), s.score * s.games, s.games,
                 std::chrono::duration<double>(Clock::now() - t0).count());
  }
  csv.close();
  if (!csv) throw std::runtime_error("cannot write '" + part + "'");
  std::filesystem::rename(part, o.out);
  std::cout << gm::summary_text(gm::summarize(results), name_a, name_b) << "\n";
  int forfeits_a = 0, forfeits_b = 0;
  for (const auto& r : results)
    if (!r.detail.empty()) ++(r.score_a == 0.0 ? forfeits_a : forfeits_b);
  if (forfeits_a + forfeits_b > 0)
    std::cout << "games lost by a forfeit (timeout, illegal move, crash, start failed): " << name_a
              << " " << forfeits_a << ", " << name_b << " " << forfeits_b << "\n";
  std::cout << "games: " << o.out << "\n";
  return 0;
}

}  // namespace

void add_match(CLI::App& gomoku, Action& action) {
  auto mo = std::make_shared<MatchCliOptions>();
  auto* match = gomoku.add_subcommand(
      "match", "Games between two levels or pbrain engines, colours alternating");
  mo->board.add(match);
  mo->black_opt =
      match->add_option("--black", mo->black, "Level of player A (black in odd-numbered games)")
          ->transform(decimal_in(gm::kMinLevel, gm::kMaxLevel));
  mo->white_opt =
      match->add_option("--white", mo->white, "Level of player B (white in odd-numbered games)")
          ->transform(decimal_in(gm::kMinLevel, gm::kMaxLevel));
  mo->black_engine_opt =
      match
          ->add_option("--black-engine", mo->black_engine,
                       "Player A as a pbrain engine: its command line (run in its directory)")
          ->check(sb::cli::non_empty())
          ->excludes(mo->black_opt);
  mo->white_engine_opt =
      match
          ->add_option("--white-engine", mo->white_engine,
                       "Player B as a pbrain engine: its command line (run in its directory)")
          ->check(sb::cli::non_empty())
          ->excludes(mo->white_opt);
  match->add_option("--games", mo->games, "Number of games (default 2)")
      ->transform(decimal_in(1, 100000));
  CLI::Option* openings =
      match
          ->add_option("--openings", mo->openings,
                       "Openings file (default: the committed src/gomoku/openings.txt)")
          ->check(sb::cli::non_empty());
  match->add_flag("--no-openings", mo->no_openings, "Start every game from the empty board")
      ->excludes(openings);
  match->add_option("--out", mo->out, "CSV file, one row per game")
      ->required()
      ->check(sb::cli::result_file());
  match->add_option("--time-per-move", mo->seconds,
                    "Thinking time of levels 3+, engines' timeout_turn (default 1 s)");
  match->add_option("--time-per-game", mo->time_per_game,
                    "Engines' timeout_match: each engine's time for a game (default none)");
  match->add_option("--tolerance", mo->tolerance,
                    "Seconds an engine may exceed its time limit (default 1)");
  match->add_option("--log", mo->log, "File for every pbrain line sent and received")
      ->check(sb::cli::non_empty());
  match->add_option("-t,--threads", mo->threads, "Search threads per player (default 1)")
      ->transform(decimal_in(1, kMaxThreads));
  match->add_option("--seed", mo->seed, "Random seed (level 1's chance moves)")
      ->transform(decimal_in(0, 1000000000000LL));
  match->add_option("--records", mo->records, "Directory for one .psq record per game")
      ->check(sb::cli::non_empty());
  match
      ->add_option("--max-memory", mo->max_memory,
                   "Table budget per level, engines' max_memory (default 64M)")
      ->check(sb::cli::non_empty());
  match->callback([&action, mo] { action = [mo] { return run_match(*mo); }; });
}

}  // namespace sb::gomoku::commands
