// `searchbench gomoku openings`: balanced short openings for `gomoku match`.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/csv.hpp"
#include "gomoku/cli_options.hpp"
#include "gomoku/match.hpp"

namespace sb::gomoku::commands {
namespace {

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
  // Opened before the work, so that a file that cannot be written is refused at once; written
  // under a temporary name and renamed when complete, so nothing partial is left at --out.
  std::optional<AtomicFile> f;
  try {
    f.emplace(o.out);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string(e.what()) + " (--out)");
  }
  // Progress on stderr: one line redrawn on a terminal, else a line every tenth (a log file
  // gets no carriage returns).
  const bool tty = ::isatty(2) != 0;
  const int step = std::max(1, o.count / 10);
  const auto lines = gm::generate_openings(
      rules, o.count, o.stones, o.seed, o.depth, o.max_score, 20000, [&](int k) {
        if (tty)
          std::fprintf(stderr, "\ropenings: %d/%d", k, o.count);
        else if (k % step == 0 || k == o.count)
          std::fprintf(stderr, "openings: %d/%d\n", k, o.count);
        std::fflush(stderr);
      });
  if (tty) std::fprintf(stderr, "\n");
  std::ostringstream text;
  text << "# " << o.count << " openings of " << o.stones << " stones for " << gm::describe(rules)
       << ", made by: searchbench gomoku openings --count " << o.count << " --stones " << o.stones
       << " --seed " << o.seed << " --depth " << o.depth << " --max-score " << o.max_score
       << " (see docs/gomoku.md)\n";
  for (const auto& l : lines) text << l << "\n";
  f->write(text.str());
  f->commit();
  return 0;
}

}  // namespace

void add_openings(CLI::App& gomoku, Action& action) {
  auto oo = std::make_shared<OpeningsOptions>();
  auto* op = gomoku.add_subcommand("openings", "Generate balanced short openings for matches");
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
  op->add_option("--out", oo->out, "Output file")->required()->check(sb::cli::result_file());
  op->callback([&action, oo] { action = [oo] { return run_openings(*oo); }; });
}

}  // namespace sb::gomoku::commands
