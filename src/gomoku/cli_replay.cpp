// `searchbench gomoku replay`: a .psq game record redrawn move by move.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "gomoku/cli_options.hpp"
#include "gomoku/record.hpp"

namespace sb::gomoku::commands {
namespace {

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

}  // namespace

void add_replay(CLI::App& gomoku, Action& action) {
  auto ro = std::make_shared<ReplayOptions>();
  auto* replay = gomoku.add_subcommand("replay", "Redraw a .psq game record move by move");
  replay->add_option("file", ro->file, "The record (.psq)")->required();
  replay->add_flag("--step", ro->step, "Wait for Enter before each move");
  replay->callback([&action, ro] { action = [ro] { return run_replay(*ro); }; });
}

}  // namespace sb::gomoku::commands
