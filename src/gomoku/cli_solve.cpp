// `searchbench gomoku solve`: one kernel on one position, verified; the same run as `searchbench
// bench` (src/cli/run_output.hpp prints its CSV and JSON).
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "core/typed_problem.hpp"
#include "gomoku/cli_options.hpp"
#include "gomoku/problem.hpp"

namespace sb::gomoku::commands {
namespace {

struct SolveOptions {
  BoardOptions board;
  std::string instance;
  std::string moves;
  int depth = 6;
  std::string kernel;
  bool kernel_given = false;
  int threads = 0;
  std::string format = "text";
  std::string max_memory;
  CLI::Option* moves_opt = nullptr;
  CLI::Option* depth_opt = nullptr;
};

int run_solve(const SolveOptions& o) {
  gm::Position pos;
  if (!o.instance.empty()) {
    if (o.moves_opt->count() > 0 || o.board.size_opt->count() > 0 || o.board.rows_opt->count() > 0)
      throw UsageError("give either --instance or --moves with the board options");
    try {
      pos = gm::parse_position(o.instance);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    if (o.depth_opt->count() > 0) pos.depth = o.depth;
  } else {
    pos.rules = o.board.rules();
    gm::validate(pos.rules);
    pos.depth = o.depth;
    try {
      pos.moves = mnk::parse_moves(o.moves, pos.rules.cols, pos.rules.rows);
      gm::Game g(pos.rules);
      for (int c : pos.moves) g.play(c);
      if (g.over())
        throw std::invalid_argument(std::string("the game is already over (") +
                                    gm::outcome_name(g.outcome()) + ")");
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--moves: ") + e.what());
    }
  }
  const Problem& prob = problem();
  const KernelInfo& k = choose_kernel(prob, o.kernel_given, o.kernel);
  const sb::Instance in = make_instance<Traits>(pos);
  RunSettings settings;
  settings.threads = threads_for(k, o.threads);
  settings.max_memory = o.max_memory.empty() ? 0 : bytes_of(o.max_memory);
  const Timed t = run_verified(prob, k, in, settings, "gomoku " + k.name + " " + in.name);
  const gm::Result& r = result_of<Traits>(t.outcome);
  const double wall = t.wall_s;
  const std::string verified(verdict_name(t.verified));
  const std::vector<std::string> cols = prob.columns, vals = prob.fields(in, settings, t.outcome);
  char nps[32];
  std::snprintf(nps, sizeof nps, "%.6g", wall > 0 ? static_cast<double>(r.nodes) / wall : 0.0);
  print_run(std::cout, run_row(prob, k, in, settings, t.outcome, wall, t.verified),
            format_of(o.format), [&] {
              gm::Game g(pos.rules);
              for (int c : pos.moves) g.play(c);
              std::cout << gm::draw_board(g);
              std::printf("gomoku position %s (%s, %zu stones, %s to move)\n", in.name.c_str(),
                          gm::describe(pos.rules).c_str(), pos.moves.size(),
                          gm::colour_name(g.to_move()));
              std::printf("kernel %s (%s), %d thread%s\n", k.name.c_str(), k.backend.c_str(),
                          r.threads, r.threads == 1 ? "" : "s");
              for (std::size_t i = 0; i < cols.size(); ++i)
                if (!vals[i].empty()) std::printf("%-9s = %s\n", cols[i].c_str(), vals[i].c_str());
              std::printf("nodes     = %llu\n", static_cast<unsigned long long>(r.nodes));
              std::printf("wall      = %.6f s (%s nodes/s)\n", wall, nps);
              std::printf("verified  = %s\n", verified.c_str());
            });
  return t.verified == Verdict::kFail ? 1 : 0;
}

}  // namespace

void add_solve(CLI::App& gomoku, Action& action) {
  auto so = std::make_shared<SolveOptions>();
  auto* solve = gomoku.add_subcommand(
      "solve",
      "One kernel (vcf, vct, alphabeta, pattern, alphabeta-tbb) on one position, verified");
  so->board.add(solve);
  solve
      ->add_option("-i,--instance", so->instance,
                   "Position: a committed name (vcf01.., mid01..) or MxN[-standard]:h8,i9,...; "
                   "optional /dD: alpha-beta depth")
      ->check(sb::cli::non_empty());
  so->moves_opt = solve->add_option("--moves", so->moves,
                                    "Moves played so far, black first, e.g. \"h8 i9 h9\"");
  so->depth_opt = solve->add_option("--depth", so->depth, "Alpha-beta depth in plies (default 6)")
                      ->transform(decimal_in(1, gm::kMaxBenchDepth));
  auto* kernel_opt =
      solve->add_option("-k,--kernel", so->kernel,
                        "Kernel (default: the fastest built): " + problem().kernel_names());
  solve->add_option("-t,--threads", so->threads, "Threads of alphabeta-tbb (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  solve->add_option("--max-memory", so->max_memory, "Transposition-table budget (default 64M)")
      ->check(sb::cli::non_empty());
  solve->add_option("-f,--format", so->format, "Output format")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  solve->callback([&action, so, kernel_opt] {
    so->kernel_given = kernel_opt->count() > 0;
    action = [so] { return run_solve(*so); };
  });
}

}  // namespace sb::gomoku::commands
