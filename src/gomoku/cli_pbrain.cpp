// `searchbench gomoku pbrain`: the Gomocup / Piskvork brain protocol on stdin and stdout
// (src/gomoku/pbrain.hpp).
#include <iostream>
#include <memory>
#include <string>

#include "gomoku/cli_options.hpp"
#include "gomoku/pbrain.hpp"
#include "gomoku/players.hpp"

namespace sb::gomoku::commands {

void add_pbrain(CLI::App& gomoku, Action& action) {
  auto bo = std::make_shared<gm::PbrainOptions>();
  auto bseconds = std::make_shared<std::string>("1");
  auto* pbrain = gomoku.add_subcommand(
      "pbrain", "Gomocup / Piskvork brain on stdin/stdout (also run as pbrain-searchbench)");
  pbrain->add_option("--level", bo->level, "Computer level 1..4 (default 4)")
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
}

}  // namespace sb::gomoku::commands
