// `searchbench list`: every kernel with its problem, backend and valid n range.
#include <cstdio>
#include <string>

#include "commands.hpp"
#include "registry.hpp"

namespace sb::cli {

void add_list(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("list", "List every kernel with its problem, backend and n range");
  cmd->callback([&action] {
    action = [] {
      std::printf("%-12s %-18s %-8s %-10s %s\n", "problem", "kernel", "backend", "n", "algorithm");
      for (const auto& k : kernels()) {
        std::string range = std::to_string(k.min_n) + ".." + std::to_string(k.max_n);
        if (k.problem == Problem::kQueensGame) range = "cells<=" + std::to_string(k.max_n);
        std::printf("%-12s %-18s %-8s %-10s %s\n", std::string(problem_name(k.problem)).c_str(),
                    std::string(k.name).c_str(), std::string(k.backend).c_str(), range.c_str(),
                    std::string(k.summary).c_str());
      }
      return 0;
    };
  });
}

}  // namespace sb::cli
