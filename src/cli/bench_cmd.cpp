// `searchbench bench`: runs a suite of (kernel, n, threads) cells and writes one tidy CSV row per
// measured repetition, plus env.json beside it. The plan, budget, verification and CSV schema
// live in src/bench.hpp; this file runs the plan, times the kernels and writes the files.
//
// Output contract: the CSV goes only to the --out file (written under a temporary name and
// renamed at the end, so an interrupted or failed run never leaves a partial file there);
// progress, skipped cells and errors go to stderr. Exit codes: 0 all verified or na, 1 a
// verification failure or a kernel error (the CSV is still written), 2 bad usage or an
// unwritable output path (checked before any kernel runs).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench.hpp"
#include "build_info.hpp"
#include "commands.hpp"
#include "csv.hpp"
#include "progress_watch.hpp"
#include "registry.hpp"
#include "sysinfo.hpp"
#include "timing.hpp"

namespace sb::cli {
namespace {

// Internal test hook, not a user option: when this environment variable is "1", every
// verification that would pass is recorded as "fail". tests/test_bench.cpp uses it to check that
// a failed verification gives a non-zero exit while the CSV is still written. A warning on
// stderr says so whenever it is active.
constexpr const char* kForceFailEnv = "SEARCHBENCH_TEST_FORCE_VERIFY_FAIL";

struct BenchOptions {
  std::string suite = "quick";
  std::string problem;
  std::string kernels;
  std::string n;
  std::string threads;
  int reps = 0;        // 0: the suite's
  int warmup = -1;     // -1: the suite's
  double budget = -1;  // -1: the suite's
  bool all_moves = true;
  bool dry_run = false;
  bool n_given = false, threads_given = false, kernels_given = false;
  std::string env;
  std::string out;
};

// Temporary file names to remove if the run is interrupted (SIGINT, SIGTERM, SIGHUP), so that
// Ctrl-C leaves nothing behind either. They follow AtomicFile's naming (PATH.tmp.PID, see
// src/lib/csv.cpp); the handler only calls unlink and _exit, which are async-signal-safe.
char g_tmp_csv[4096];
char g_tmp_env[4096];

extern "C" void remove_temporaries_and_exit(int sig) {
  if (g_tmp_csv[0] != 0) ::unlink(g_tmp_csv);
  if (g_tmp_env[0] != 0) ::unlink(g_tmp_env);
  ::_exit(128 + sig);
}

void on_interrupt_remove(const std::filesystem::path& csv, const std::filesystem::path& env) {
  const std::string suffix = ".tmp." + std::to_string(::getpid());
  const std::string a = csv.string() + suffix, b = env.string() + suffix;
  if (a.size() >= sizeof g_tmp_csv || b.size() >= sizeof g_tmp_env) return;
  std::snprintf(g_tmp_csv, sizeof g_tmp_csv, "%s", a.c_str());
  std::snprintf(g_tmp_env, sizeof g_tmp_env, "%s", b.c_str());
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, remove_temporaries_and_exit);
}

std::string cell_label(const bench::Cell& c) {
  return std::string(c.kernel->name) + " n=" + std::to_string(c.n) +
         " threads=" + std::to_string(c.threads);
}

std::string seconds_text(double s) {
  char buf[64];
  if (s < 1e-3)
    std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
  else if (s < 1)
    std::snprintf(buf, sizeof buf, "%.2f ms", s * 1e3);
  else if (s < 600)
    std::snprintf(buf, sizeof buf, "%.2f s", s);
  else
    std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
  return buf;
}

// The command line as typed, from /proc/self/cmdline (Linux); "" where unavailable.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string out;
  std::size_t start = 0;
  while (start < all.size()) {
    auto end = all.find('\0', start);
    if (end == std::string::npos) end = all.size();
    std::string arg = all.substr(start, end - start);
    if (!out.empty()) out += ' ';
    const bool quote = arg.empty() || arg.find_first_of(" \t'\"$\\") != std::string::npos;
    if (quote) {
      std::string q = "'";
      for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      arg = q + "'";
    }
    out += arg;
    start = end + 1;
  }
  return out;
}

// Runs cell c once; only the kernel call is inside the timer. With watch, an nqueens run that
// lasts over a second reports its progress on stderr (the watcher thread is started and joined
// outside the timer and sleeps while the kernel runs).
bench::Row run_once(const bench::Cell& c, const BenchOptions& o, const std::string& label,
                    bool watch) {
  const KernelInfo& k = *c.kernel;
  bench::Row row;
  row.problem = std::string(problem_name(k.problem));
  row.kernel = std::string(k.name);
  row.backend = std::string(k.backend);
  row.n = c.n;
  if (k.problem == Problem::kNQueens) {
    Progress progress;
    nqueens::Params p;
    p.n = c.n;
    p.threads = c.threads;
    p.progress = &progress;
    nqueens::Result r;
    double wall = 0;
    if (watch) {
      ProgressWatch w(progress, label);
      std::tie(r, wall) = timed([&] { return k.nqueens(p); });
    } else {
      std::tie(r, wall) = timed([&] { return k.nqueens(p); });
    }
    row.wall_s = wall;
    row.threads = r.threads;
    row.nodes = r.nodes;
    row.total = r.total;
    row.unique = r.unique;
    row.verified = bench::verify_nqueens(c.n, r);
  } else {
    queens_game::Params p;
    p.rows = c.n;
    p.cols = c.n;
    p.threads = c.threads;
    p.all_moves = o.all_moves;
    auto [r, wall] = timed([&] { return k.queens_game(p); });
    row.wall_s = wall;
    row.threads = r.threads;
    row.nodes = r.nodes;
    row.rows = c.n;
    row.cols = c.n;
    row.winner = r.first_player_wins ? "first" : "second";
    if (o.all_moves) row.winning_first_moves = r.winning_first_moves.size();
    row.positions = r.positions;
    row.verified = bench::verify_queens_game(c.n, r, o.all_moves, p.misere);
  }
  return row;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

int run_bench(const BenchOptions& o) {
  // ---- the plan (all usage errors are found here, before any file or kernel) ----
  bench::Request req;
  req.suite = bench::find_suite(o.suite);
  if (req.suite == nullptr) throw UsageError("unknown suite '" + o.suite + "' (quick or full)");
  req.hardware_threads = sysinfo::hardware_threads();
  try {
    if (!o.problem.empty())
      req.problem = o.problem == "nqueens" ? Problem::kNQueens : Problem::kQueensGame;
    if (o.kernels_given) {
      req.kernels = bench::split_list(o.kernels);
      if (req.kernels.empty()) throw std::invalid_argument("--kernels: empty list");
    }
    if (o.n_given) req.n = bench::parse_range(o.n);
    if (o.threads_given) req.threads = bench::parse_threads(o.threads);
    req.budget_s = o.budget;
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  bench::Plan plan;
  try {
    plan = bench::make_plan(req);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const int reps = o.reps > 0 ? o.reps : req.suite->reps;
  const int warmup = o.warmup >= 0 ? o.warmup : req.suite->warmup;

  if (o.dry_run) {
    std::cout << "suite " << req.suite->name << ": " << plan.cells.size() << " cells, " << reps
              << " reps after " << warmup << " warm-up run(s) each, budget "
              << (plan.budget_s > 0 ? seconds_text(plan.budget_s) : "none") << "\n";
    for (const auto& c : plan.cells) std::cout << "run  " << cell_label(c) << "\n";
    for (const auto& s : plan.skipped)
      std::cout << "skip " << cell_label(s.cell) << ": " << s.reason << "\n";
    return 0;
  }
  if (o.out.empty()) throw UsageError("--out FILE.csv is required (or --dry-run)");
  if (plan.cells.empty()) {
    for (const auto& s : plan.skipped)
      std::cerr << "searchbench bench: skip " << cell_label(s.cell) << ": " << s.reason << "\n";
    throw UsageError("nothing to run: every requested cell is skipped (reasons above)");
  }

  // ---- the output files: opened now, so that an unwritable path fails before any work ----
  const std::filesystem::path out_path(o.out);
  const std::filesystem::path env_path =
      o.env.empty() ? out_path.parent_path() / "env.json" : std::filesystem::path(o.env);
  if (std::filesystem::weakly_canonical(env_path) == std::filesystem::weakly_canonical(out_path))
    throw UsageError("--env and --out name the same file");
  std::unique_ptr<AtomicFile> csv, env;
  try {
    csv = std::make_unique<AtomicFile>(out_path);
    env = std::make_unique<AtomicFile>(env_path);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string(e.what()) + " (nothing was run)");
  }
  on_interrupt_remove(out_path, env_path);

  const bool force_fail = [] {
    const char* v = std::getenv(kForceFailEnv);
    return v != nullptr && std::string(v) == "1";
  }();
  if (force_fail)
    std::cerr << "searchbench bench: warning: " << kForceFailEnv
              << "=1: every verification is forced to fail (test hook)\n";

  std::vector<bench::Skip> skipped = plan.skipped;
  for (const auto& s : plan.skipped)
    std::cerr << "searchbench bench: skip " << cell_label(s.cell) << ": " << s.reason << "\n";

  const std::string git_sha = sysinfo::git_sha(), host = sysinfo::host(),
                    cpu = sysinfo::cpu_model(), compiler = sysinfo::compiler(),
                    flags = sysinfo::flags();
  const std::string started = sysinfo::timestamp_utc();
  csv->write(csv_line(bench::csv_columns()));
  csv->flush();

  bench::CostModel model;
  int pass = 0, fail = 0, na = 0, rows_written = 0, cells_run = 0;
  std::vector<std::string> errors;
  std::vector<std::pair<std::string, int>> broken;  // (kernel, threads) series that threw
  const auto t_start = std::chrono::steady_clock::now();
  const std::size_t total_cells = plan.cells.size();

  for (std::size_t i = 0; i < total_cells; ++i) {
    const bench::Cell& c = plan.cells[i];
    const std::string label =
        "[" + std::to_string(i + 1) + "/" + std::to_string(total_cells) + "] " + cell_label(c);
    const std::pair<std::string, int> series{std::string(c.kernel->name), c.threads};
    if (std::find(broken.begin(), broken.end(), series) != broken.end()) {
      skipped.push_back({c, "skipped after an error at a smaller n"});
      std::cerr << "searchbench bench: " << label << ": skip: " << skipped.back().reason << "\n";
      continue;
    }
    const auto est = model.estimate(c);
    const bool watch_all = est && *est >= 10.0;  // long runs: progress on every run
    if (plan.budget_s > 0) {
      if (est && *est > plan.budget_s) {
        skipped.push_back({c, "estimated " + seconds_text(*est) + " per run exceeds the " +
                                  std::string(req.suite->name) + " suite's budget of " +
                                  seconds_text(plan.budget_s) + " (--budget)"});
        std::cerr << "searchbench bench: " << label << ": skip: " << skipped.back().reason << "\n";
        continue;
      }
    }

    std::vector<bench::Row> rows;
    try {
      // Progress of the first run of a cell, and of every run when they are long.
      for (int w = 0; w < warmup; ++w) run_once(c, o, label + " warm-up", watch_all || w == 0);
      for (int r = 1; r <= reps; ++r) {
        bench::Row row =
            run_once(c, o, label + " rep " + std::to_string(r) + "/" + std::to_string(reps),
                     watch_all || (warmup == 0 && r == 1));
        row.rep = r;
        if (force_fail && row.verified == "pass") row.verified = "fail";
        row.git_sha = git_sha;
        row.host = host;
        row.cpu_model = cpu;
        row.compiler = compiler;
        row.flags = flags;
        row.timestamp_utc = sysinfo::timestamp_utc();
        rows.push_back(std::move(row));
      }
    } catch (const std::invalid_argument& e) {  // the kernel refuses this cell
      skipped.push_back({c, std::string("the kernel cannot run it: ") + e.what()});
      std::cerr << "searchbench bench: " << label << ": skip: " << skipped.back().reason << "\n";
      broken.push_back(series);
      continue;
    } catch (const std::exception& e) {
      errors.push_back(cell_label(c) + ": " + e.what());
      std::cerr << "searchbench bench: " << label << ": error: " << e.what() << "\n";
      broken.push_back(series);
      continue;
    }

    ++cells_run;
    std::vector<double> walls;
    std::string cell_verdict = "na";
    for (const auto& row : rows) {
      csv->write(csv_line(bench::csv_fields(row)));
      ++rows_written;
      walls.push_back(row.wall_s);
      if (row.verified == "pass") ++pass;
      if (row.verified == "na") ++na;
      if (row.verified == "fail") ++fail;
      if (row.verified == "fail" || (row.verified == "pass" && cell_verdict == "na"))
        cell_verdict = row.verified;
    }
    csv->flush();
    const double med = median(walls);
    model.record(c, med);

    // Progress: elapsed, and the remaining cells' estimated time where one is known.
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    double left = 0;
    int unknown = 0;
    for (std::size_t j = i + 1; j < total_cells; ++j) {
      const auto est = model.rough_estimate(plan.cells[j]);
      if (!est) {
        ++unknown;
        continue;
      }
      if (plan.budget_s > 0 && *est > plan.budget_s) continue;  // will be skipped
      left += *est * (reps + warmup);
    }
    std::cerr << "searchbench bench: " << label << ": median " << seconds_text(med) << " of "
              << reps << " rep" << (reps == 1 ? "" : "s") << ", verified " << cell_verdict << " | "
              << seconds_text(elapsed) << " elapsed, " << (unknown == 0 ? "about " : "at least ")
              << seconds_text(left) << " left";
    if (unknown > 0) std::cerr << " (" << unknown << " cells not yet estimated)";
    std::cerr << "\n";
  }

  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();

  // ---- env.json: everything about the run that is not in every row ----
  nlohmann::ordered_json j;
  j["searchbench_version"] = build::kVersion;
  j["git_sha"] = git_sha;
  j["command"] = command_line();
  j["csv"] = out_path.filename().string();
  j["host"] = host;
  j["cpu_model"] = cpu;
  j["hardware_threads"] = sysinfo::hardware_threads();
  j["os"] = sysinfo::os();
  j["compiler"] = compiler;
  j["flags"] = flags;
  j["build_type"] = sysinfo::build_type();
  j["tbb_version"] = sysinfo::tbb_version();
  j["openmp_version"] = sysinfo::openmp_version();
  j["suite"] = req.suite->name;
  j["reps"] = reps;
  j["warmup"] = warmup;
  j["budget_s"] = plan.budget_s;
  j["all_moves"] = o.all_moves;
  j["started_utc"] = started;
  j["finished_utc"] = sysinfo::timestamp_utc();
  j["elapsed_s"] = elapsed;
  j["cells_planned"] = total_cells + plan.skipped.size();
  j["cells_run"] = cells_run;
  j["rows"] = rows_written;
  j["verified"] = {{"pass", pass}, {"fail", fail}, {"na", na}};
  nlohmann::ordered_json sk = nlohmann::ordered_json::array();
  for (const auto& s : skipped)
    sk.push_back({{"kernel", s.cell.kernel->name},
                  {"n", s.cell.n},
                  {"threads", s.cell.threads},
                  {"reason", s.reason}});
  j["skipped"] = sk;
  j["errors"] = errors;
  if (force_fail) j["test_hook"] = std::string(kForceFailEnv) + "=1";
  env->write(j.dump(2) + "\n");

  csv->commit();
  env->commit();

  std::cerr << "searchbench bench: " << rows_written << " rows (" << cells_run << " cells) in "
            << seconds_text(elapsed) << " to " << out_path.string() << "; " << skipped.size()
            << " cells skipped, verified: " << pass << " pass, " << fail << " fail, " << na
            << " na";
  if (!errors.empty()) std::cerr << ", " << errors.size() << " kernel error(s)";
  std::cerr << "\n";
  if (fail > 0) std::cerr << "searchbench bench: error: " << fail << " verification failure(s)\n";
  return (fail > 0 || !errors.empty()) ? 1 : 0;
}

}  // namespace

void add_bench(CLI::App& app, Action& action) {
  auto o = std::make_shared<BenchOptions>();
  auto* b = app.add_subcommand(
      "bench",
      "Run a benchmark suite: every (kernel, n, threads) cell R times after W warm-ups, one CSV "
      "row per repetition (schema: README.md, CSV schema), env.json beside it");
  b->add_option("--suite", o->suite, "Suite: quick (~minutes on 2 cores) or full (larger n)")
      ->check(CLI::IsMember({"quick", "full"}))
      ->capture_default_str();
  b->add_option("--problem", o->problem, "Only this problem's kernels")
      ->check(CLI::IsMember({"nqueens", "queens-game"}));
  auto* kernels_opt = b->add_option(
      "--kernels", o->kernels, "Comma-separated kernels (default: all; see `searchbench list`)");
  auto* n_opt = b->add_option(
      "--n", o->n,
      "Board sizes A..B or N (queens-game: N x N boards; default: the suite's per kernel)");
  auto* threads_opt =
      b->add_option("--threads", o->threads,
                    "Comma-separated thread counts for parallel kernels (default quick: 1,2,cores; "
                    "full: powers of two up to the cores); serial kernels run at 1");
  b->add_option("--reps", o->reps, "Measured repetitions per cell (default: quick 5, full 5)")
      ->check(CLI::Range(1, 1000000));
  b->add_option("--warmup", o->warmup, "Unrecorded warm-up runs per cell (default: 1)")
      ->check(CLI::Range(0, 1000000));
  b->add_option("--budget", o->budget,
                "Largest estimated seconds per run of a cell; larger cells are skipped "
                "(default: quick 20, full 300, with the suite's per-kernel n caps; given: "
                "this budget without the caps; 0: no limit)")
      ->check(CLI::Range(0.0, 1e9));
  b->add_flag("--all-moves,!--no-all-moves", o->all_moves,
              "queens-game: classify every first move, filling winning_first_moves (default); "
              "--no-all-moves stops at the first winning move");
  b->add_option("--env", o->env, "Where env.json goes (default: env.json beside --out)");
  b->add_option("--out", o->out,
                "The CSV file (written under a temporary name, renamed at the end)");
  b->add_flag("--dry-run", o->dry_run,
              "Print the cells that would run and those skipped, run nothing");
  b->callback([&action, o, kernels_opt, n_opt, threads_opt] {
    o->kernels_given = kernels_opt->count() > 0;
    o->n_given = n_opt->count() > 0;
    o->threads_given = threads_opt->count() > 0;
    action = [o] { return run_bench(*o); };
  });
}

}  // namespace sb::cli
