// `searchbench list`: every problem and kernel built into this binary, with its backend, the
// instances it accepts and its algorithm.
#include <cstdio>
#include <string>

#include "cli/commands.hpp"

namespace sb::cli {

void add_list(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "list", "List every problem and kernel built into this binary: backend, range, algorithm");
  cmd->callback([&action] {
    action = [] {
      std::printf("%-12s %-25s %-8s %-14s %s\n", "problem", "kernel", "backend", "instances",
                  "algorithm");
      for (const Problem* p : problems())
        for (const auto& k : p->kernels)
          std::printf("%-12s %-25s %-8s %-14s %s\n", p->name.c_str(), k.name.c_str(),
                      k.backend.c_str(), k.range.c_str(), k.summary.c_str());
      std::printf("\nInstances: ");
      bool first = true;
      for (const Problem* p : problems()) {
        std::printf("%s%s: %s", first ? "" : "; ", p->name.c_str(), p->instance_syntax.c_str());
        first = false;
      }
      std::printf("\n");
      return 0;
    };
  });
}

}  // namespace sb::cli
