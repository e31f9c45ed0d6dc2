// `searchbench signature`: the node-count signature (src/core/signature.hpp). stdout: one line per
// (problem, kernel, instance) with its count (the nodes, or for a run cut by a fixed node budget
// what its problem counts instead: SignatureEntry) and verdict, then `Nodes searched: N`; the time
// and nodes/s (in all, then per kernel, to compare a kernel's speed between builds) go to stderr
// so that stdout is the same on every machine. Exit 1 when a result
// fails its verification.
#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "core/signature.hpp"

namespace sb::cli {

void add_signature(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "signature",
      "Node-count signature: every deterministic kernel on fixed small instances; prints each "
      "count and `Nodes searched: N` (compare before and after changing a kernel)");
  cmd->callback([&action] {
    action = [] {
      const auto entries = run_signature();
      std::uint64_t total = 0, searched = 0;
      double wall = 0;
      bool failed = false;
      std::printf("%-12s %-18s %-14s %16s %s\n", "problem", "kernel", "instance", "nodes",
                  "verified");
      for (const auto& e : entries) {
        std::printf("%-12s %-18s %-14s %16llu %s\n", e.problem->name.c_str(),
                    e.kernel->name.c_str(), e.instance.c_str(),
                    static_cast<unsigned long long>(e.nodes),
                    std::string(verdict_name(e.verified)).c_str());
        total += e.nodes;
        searched += e.searched;
        wall += e.wall_s;
        failed = failed || e.verified == Verdict::kFail;
      }
      std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(total));
      std::fflush(stdout);
      std::fprintf(stderr, "signature: %zu runs, %.3f s in the kernels, %.4g nodes/s\n",
                   entries.size(), wall, wall > 0 ? static_cast<double>(searched) / wall : 0.0);
      // per kernel: its nodes/s on the signature's instances, to compare engine speed between
      // builds (stderr: it depends on the machine)
      for (std::size_t i = 0; i < entries.size();) {
        std::size_t j = i;
        std::uint64_t nodes = 0;
        double s = 0;
        for (; j < entries.size() && entries[j].problem == entries[i].problem &&
               entries[j].kernel == entries[i].kernel;
             ++j) {
          nodes += entries[j].searched;
          s += entries[j].wall_s;
        }
        std::fprintf(stderr, "signature: %s %s: %zu run%s, %llu nodes in %.3f s, %.4g nodes/s\n",
                     entries[i].problem->name.c_str(), entries[i].kernel->name.c_str(), j - i,
                     j - i == 1 ? "" : "s", static_cast<unsigned long long>(nodes), s,
                     s > 0 ? static_cast<double>(nodes) / s : 0.0);
        i = j;
      }
      if (failed) std::fprintf(stderr, "searchbench signature: error: a verification failed\n");
      return failed ? 1 : 0;
    };
  });
}

}  // namespace sb::cli
