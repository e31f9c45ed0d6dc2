// `searchbench nqueens count` (one kernel run through the problem model: the same run and
// verification as `searchbench bench`) and `searchbench nqueens solutions`.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/commands.hpp"
#include "cli/progress_watch.hpp"
#include "cli/run.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/boards.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/symmetry.hpp"

namespace sb::nqueens {
namespace {

using namespace sb::cli;

struct CountOptions {
  int n = 8;
  std::string kernel;
  bool kernel_given = false;  // -k given (an empty name is then an error, not the default)
  int threads = 0;
  std::string format = "text";
};

struct SolutionsOptions {
  int n = 8;
  bool unique = false;
  bool first = false;
  long long limit = -1;
};

int run_count(const CountOptions& o) {
  const Problem& prob = problem();
  const KernelInfo& k = choose_kernel(prob, o.kernel_given, o.kernel);
  const sb::Instance in = make_instance<Traits>({o.n});
  RunSettings settings;
  settings.threads = threads_for(k, o.threads);
  const Timed t =
      run_verified(prob, k, in, settings, "nqueens " + k.name + " n=" + std::to_string(o.n));
  const Result& r = result_of<Traits>(t.outcome);
  const double wall = t.wall_s;
  const double nps = per_second(static_cast<double>(r.nodes), wall);
  const std::string verified(verdict_name(t.verified));

  if (o.format == "csv") {
    std::cout << csv_line({"problem", "kernel", "backend", "n", "threads", "wall_s", "nodes",
                           "nodes_per_s", "verified", "total", "unique"});
    std::cout << csv_line({"nqueens", k.name, k.backend, std::to_string(o.n),
                           std::to_string(r.threads), format_double(wall), std::to_string(r.nodes),
                           format_double(nps), verified, std::to_string(r.total),
                           std::to_string(r.unique)});
  } else if (o.format == "json") {
    nlohmann::ordered_json j;
    j["problem"] = "nqueens";
    j["kernel"] = k.name;
    j["backend"] = k.backend;
    j["n"] = o.n;
    j["threads"] = r.threads;
    j["wall_s"] = wall;
    j["nodes"] = r.nodes;
    j["nodes_per_s"] = nps;
    j["verified"] = verified;
    j["total"] = r.total;
    j["unique"] = r.unique;
    std::cout << j.dump() << "\n";
  } else {
    std::printf("N-queens, n = %d, kernel %s (%s), %d thread%s\n", o.n, k.name.c_str(),
                k.backend.c_str(), r.threads, r.threads == 1 ? "" : "s");
    const std::string q = "Q(" + std::to_string(o.n) + ")", u = "U(" + std::to_string(o.n) + ")";
    std::printf("%-8s = %llu   (all solutions, OEIS A000170)\n", q.c_str(),
                static_cast<unsigned long long>(r.total));
    std::printf("%-8s = %llu   (fundamental solutions, OEIS A002562)\n", u.c_str(),
                static_cast<unsigned long long>(r.unique));
    std::printf("nodes    = %llu\n", static_cast<unsigned long long>(r.nodes));
    std::printf("wall     = %.6f s\n", wall);
    std::printf("nodes/s  = %.4g\n", nps);
    std::printf("verified = %s\n", verified.c_str());
    std::printf("build    = %s %s, %s\n", sysinfo::build_type().c_str(),
                sysinfo::compiler().c_str(), sysinfo::flags().c_str());
  }
  return verified == "fail" ? 1 : 0;
}

int run_solutions(const SolutionsOptions& o) {
  if (o.limit == 0 || o.limit < -1) throw UsageError("--limit must be at least 1");
  long long shown = 0;
  const long long limit = o.first ? 1 : o.limit;
  for_each_solution(o.n, [&](const std::uint8_t* cols) {
    if (o.unique && canonical_orbit_size(cols, o.n) == 0) return true;
    if (shown > 0) std::cout << '\n';
    std::cout << board_text(cols, o.n);
    ++shown;
    return limit < 0 || shown < limit;
  });
  std::cout.flush();
  std::cerr << shown << (o.unique ? " fundamental" : "") << " solution" << (shown == 1 ? "" : "s")
            << " shown for n = " << o.n << "\n";
  return 0;
}

}  // namespace

void add_commands(CLI::App& app, Action& action) {
  auto* nq = app.add_subcommand("nqueens", "N-queens counting: Q(n) and U(n)");
  nq->require_subcommand(1);

  auto count_opts = std::make_shared<CountOptions>();
  auto* count = nq->add_subcommand("count", "Count Q(n) and U(n) with one kernel");
  count->add_option("-n", count_opts->n, "Board size n (the kernel's range: `searchbench list`)")
      ->required()
      ->transform(decimal_in(1, kMaxBitN));
  auto* kernel_opt =
      count->add_option("-k,--kernel", count_opts->kernel,
                        "Kernel (default: the fastest parallel one; see `searchbench list`)");
  count->add_option("-t,--threads", count_opts->threads, "Worker threads (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  count->add_option("-f,--format", count_opts->format, "Output format")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  count->callback([&action, count_opts, kernel_opt] {
    count_opts->kernel_given = kernel_opt->count() > 0;
    action = [count_opts] { return run_count(*count_opts); };
  });

  auto sol_opts = std::make_shared<SolutionsOptions>();
  auto* sol = nq->add_subcommand("solutions", "Print solution boards (Q = queen, . = empty)");
  sol->add_option("-n", sol_opts->n, "Board size n")->required()->transform(decimal_in(1, 32));
  sol->add_flag("--unique", sol_opts->unique, "One board per fundamental solution");
  sol->add_flag("--first", sol_opts->first, "Only the first solution row backtracking finds");
  sol->add_option("--limit", sol_opts->limit, "Print at most K boards")
      ->transform(decimal_in(1, 1000000000000LL));
  sol->callback([&action, sol_opts] { action = [sol_opts] { return run_solutions(*sol_opts); }; });
}

}  // namespace sb::nqueens
