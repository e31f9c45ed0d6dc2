// `searchbench gomoku match`: games between two computer levels, colours alternating, one CSV
// row per game.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
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

}  // namespace

void add_match(CLI::App& gomoku, Action& action) {
  auto mo = std::make_shared<MatchCliOptions>();
  auto* match = gomoku.add_subcommand("match", "Games between two levels, colours alternating");
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
}

}  // namespace sb::gomoku::commands
