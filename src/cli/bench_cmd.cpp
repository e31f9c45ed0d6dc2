// `searchbench bench` (placeholder until the benchmark harness lands).
#include "commands.hpp"

namespace sb::cli {
void add_bench(CLI::App&, Action&) {}
}  // namespace sb::cli
