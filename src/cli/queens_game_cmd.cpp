// `searchbench queens-game ...` (placeholder until the queens-game solver lands).
#include "commands.hpp"

namespace sb::cli {
void add_queens_game(CLI::App&, Action&) {}
}  // namespace sb::cli
