// `searchbench gomoku ...`: terminal play against the computer levels, replay of .psq records,
// the Gomocup/Piskvork brain (pbrain), matches between levels, threat and alpha-beta searches of
// one position, and the generation of balanced openings. Each command is in its own file
// (src/gomoku/cli_<command>.cpp); this one registers them.
#include <CLI/CLI.hpp>

#include "gomoku/cli_options.hpp"
#include "gomoku/problem.hpp"

namespace sb::gomoku {

void add_commands(CLI::App& app, Action& action) {
  auto* gc = app.add_subcommand(
      "gomoku", "Gomoku: play the computer, replay records, pbrain protocol, matches");
  gc->require_subcommand(1);
  commands::add_play(*gc, action);
  commands::add_replay(*gc, action);
  commands::add_pbrain(*gc, action);
  commands::add_match(*gc, action);
  commands::add_solve(*gc, action);
  commands::add_openings(*gc, action);
}

}  // namespace sb::gomoku
