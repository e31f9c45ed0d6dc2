// `searchbench nqueens count` and `searchbench nqueens solutions`.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "csv.hpp"
#include "nqueens_boards.hpp"
#include "nqueens_symmetry.hpp"
#include "progress_watch.hpp"
#include "reference.hpp"
#include "registry.hpp"
#include "sysinfo.hpp"
#include "timing.hpp"
#include "validators.hpp"

namespace sb::cli {
namespace {

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

/// "pass", "fail" or "na" (no published value for this n).
std::string verdict(int n, const nqueens::Result& r) {
  const auto q = reference::total_solutions(n);
  const auto u = reference::unique_solutions(n);
  if (!q || !u) return "na";
  return (*q == r.total && *u == r.unique) ? "pass" : "fail";
}

/// C(n^2, n), the number of placements of n queens on n^2 squares: exact with digit grouping
/// while it fits in 128 bits, else in scientific notation ("about 1.2e+34").
std::string placements_text(int n) {
  const int squares = n * n;
  unsigned __int128 c = 1;
  bool exact = true;
  long double approx = 1;
  for (int i = 1; i <= n; ++i) {  // C(s, i) = C(s, i-1) * (s - i + 1) / i, exact at every step
    approx = approx * (squares - i + 1) / i;
    if (exact) {
      const unsigned __int128 f = static_cast<unsigned __int128>(squares - i + 1);
      if (c > (~static_cast<unsigned __int128>(0)) / f)
        exact = false;
      else
        c = c * f / static_cast<unsigned __int128>(i);
    }
  }
  if (!exact) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "about %.3Le", approx);
    return buf;
  }
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(c % 10)));
    c /= 10;
  } while (c != 0);
  for (int pos = static_cast<int>(digits.size()) - 3; pos > 0; pos -= 3) digits.insert(pos, ",");
  return digits;
}

int run_count(const CountOptions& o) {
  const KernelInfo* k = !o.kernel_given ? &default_kernel(Problem::kNQueens)
                                        : find_kernel(Problem::kNQueens, o.kernel);
  if (k == nullptr)
    throw UsageError("unknown nqueens kernel '" + o.kernel +
                     "'; known kernels: " + kernel_names(Problem::kNQueens));
  if (o.n < k->min_n || o.n > k->max_n) {
    std::string msg = "n = " + std::to_string(o.n) + " is out of range for kernel '" +
                      std::string(k->name) + "' (" + std::to_string(k->min_n) + ".." +
                      std::to_string(k->max_n) + ")";
    if (k->name.substr(0, 5) == "naive" && o.n > k->max_n)
      msg += "; " + std::string(k->name) + " would test all C(n^2, n) = C(" +
             std::to_string(o.n * o.n) + ", " + std::to_string(o.n) +
             ") = " + placements_text(o.n) + " placements";
    throw UsageError(msg);
  }
  const int threads = o.threads == 0 ? sysinfo::hardware_threads() : o.threads;

  Progress progress;
  nqueens::Params p{o.n, threads, &progress};
  nqueens::Result r;
  double wall = 0;
  {
    ProgressWatch watch(progress, "nqueens " + std::string(k->name) + " n=" + std::to_string(o.n));
    std::tie(r, wall) = timed([&] { return k->nqueens(p); });
  }
  const double nps = per_second(static_cast<double>(r.nodes), wall);
  const std::string verified = verdict(o.n, r);

  if (o.format == "csv") {
    std::cout << csv_line({"problem", "kernel", "backend", "n", "threads", "wall_s", "nodes",
                           "nodes_per_s", "verified", "total", "unique"});
    std::cout << csv_line({"nqueens", std::string(k->name), std::string(k->backend),
                           std::to_string(o.n), std::to_string(r.threads), format_double(wall),
                           std::to_string(r.nodes), format_double(nps), verified,
                           std::to_string(r.total), std::to_string(r.unique)});
  } else if (o.format == "json") {
    nlohmann::ordered_json j;
    j["problem"] = "nqueens";
    j["kernel"] = k->name;
    j["backend"] = k->backend;
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
    std::printf("N-queens, n = %d, kernel %s (%s), %d thread%s\n", o.n,
                std::string(k->name).c_str(), std::string(k->backend).c_str(), r.threads,
                r.threads == 1 ? "" : "s");
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
  nqueens::for_each_solution(o.n, [&](const std::uint8_t* cols) {
    if (o.unique && nqueens::canonical_orbit_size(cols, o.n) == 0) return true;
    if (shown > 0) std::cout << '\n';
    std::cout << nqueens::board_text(cols, o.n);
    ++shown;
    return limit < 0 || shown < limit;
  });
  std::cout.flush();
  std::cerr << shown << (o.unique ? " fundamental" : "") << " solution" << (shown == 1 ? "" : "s")
            << " shown for n = " << o.n << "\n";
  return 0;
}

}  // namespace

void add_nqueens(CLI::App& app, Action& action) {
  auto* nq = app.add_subcommand("nqueens", "N-queens counting: Q(n) and U(n)");
  nq->require_subcommand(1);

  auto count_opts = std::make_shared<CountOptions>();
  auto* count = nq->add_subcommand("count", "Count Q(n) and U(n) with one kernel");
  count->add_option("-n", count_opts->n, "Board size n (the kernel's range: `searchbench list`)")
      ->required()
      ->transform(decimal_in(1, nqueens::kMaxBitN));
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

}  // namespace sb::cli
