// `searchbench list`: every problem and kernel built into this binary, with its backend, the
// instances it accepts and its algorithm.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/commands.hpp"

namespace sb::cli {

void add_list(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "list", "List every problem and kernel built into this binary: backend, range, algorithm");
  cmd->callback([&action] {
    action = [] {
      // each column as wide as its longest entry (or heading), one space between columns; a
      // range longer than kWideRange runs over its column rather than widening every row
      constexpr std::size_t kWideRange = 16;
      constexpr const char* kHead[5] = {"problem", "kernel", "backend", "instances", "algorithm"};
      std::size_t w[4];
      for (int i = 0; i < 4; ++i) w[i] = std::strlen(kHead[i]);
      for (const Problem* p : problems())
        for (const auto& k : p->kernels) {
          w[0] = std::max(w[0], p->name.size());
          w[1] = std::max(w[1], k.name.size());
          w[2] = std::max(w[2], k.backend.size());
          if (k.range.size() <= kWideRange) w[3] = std::max(w[3], k.range.size());
        }
      const auto row = [&w](const char* problem, const char* kernel, const char* backend,
                            const char* range, const char* summary) {
        std::printf("%-*s %-*s %-*s %-*s %s\n", static_cast<int>(w[0]), problem,
                    static_cast<int>(w[1]), kernel, static_cast<int>(w[2]), backend,
                    static_cast<int>(w[3]), range, summary);
      };
      row(kHead[0], kHead[1], kHead[2], kHead[3], kHead[4]);
      for (const Problem* p : problems())
        for (const auto& k : p->kernels)
          row(p->name.c_str(), k.name.c_str(), k.backend.c_str(), k.range.c_str(),
              k.summary.c_str());
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
