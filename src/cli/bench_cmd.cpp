// `searchbench bench`: runs a suite of (problem, kernel, instance, threads) cells and writes one
// tidy CSV row per measured repetition, one CSV file per problem, plus env.json beside them. The
// plan, budget and CSV schema live in src/core/bench.hpp, each problem's result columns and
// verifier in its Problem; this file runs the plan, times the kernels and writes the files.
//
// Output contract: a plan with one problem writes its CSV to --out FILE.csv; a plan with several
// problems (or --out naming a directory) writes DIR/<problem>.csv for each. Every file is written
// under a temporary name and renamed at the end, so an interrupted or failed run never leaves a
// partial file; progress, skipped cells and errors go to stderr. Exit codes: 0 all verified or
// na, 1 a verification failure or a kernel error (the CSV is still written), 2 bad usage or an
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
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/progress_watch.hpp"
#include "cli/run.hpp"
#include "cli/validators.hpp"
#include "core/bench.hpp"
#include "core/csv.hpp"
#include "core/mpi.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"

namespace sb::cli {
namespace {

// Internal test hook, not a user option: when this environment variable is "1", every
// verification that would pass is recorded as "fail". tests/core/test_bench.cpp uses it to check that
// a failed verification gives a non-zero exit while the CSV is still written. A warning on
// stderr says so whenever it is active.
constexpr const char* kForceFailEnv = "SEARCHBENCH_TEST_FORCE_VERIFY_FAIL";

struct BenchOptions {
  std::string suite = "quick";
  std::string problem;
  std::string kernels;
  std::string n;
  std::string instances;
  std::string threads;
  int reps = 0;        // 0: the suite's
  int warmup = -1;     // -1: the suite's
  double budget = -1;  // -1: the suite's
  bool all_moves = true;
  bool dry_run = false;
  bool n_given = false, threads_given = false, kernels_given = false, instances_given = false;
  std::string env;
  std::string out;
};

// Temporary file names to remove if the run is interrupted (SIGINT, SIGTERM, SIGHUP), so that
// Ctrl-C leaves nothing behind either. They follow AtomicFile's naming (PATH.tmp.PID, see
// src/core/csv.cpp); the handler only calls unlink and _exit, which are async-signal-safe.
constexpr int kMaxTemporaries = 16;
char g_tmp[kMaxTemporaries][4096];
int g_tmp_count = 0;

extern "C" void remove_temporaries_and_exit(int sig) {
  for (int i = 0; i < g_tmp_count; ++i) ::unlink(g_tmp[i]);
  ::_exit(128 + sig);
}

void on_interrupt_remove(const std::vector<std::filesystem::path>& paths) {
  const std::string suffix = ".tmp." + std::to_string(::getpid());
  for (const auto& p : paths) {
    const std::string t = p.string() + suffix;
    if (g_tmp_count >= kMaxTemporaries || t.size() >= sizeof g_tmp[0]) continue;
    std::snprintf(g_tmp[g_tmp_count], sizeof g_tmp[0], "%s", t.c_str());
    ++g_tmp_count;
  }
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, remove_temporaries_and_exit);
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

// Runs cell c once; only the kernel call is inside the timer. With watch, a run that lasts over
// a second reports its progress on stderr (the watcher thread is started and joined outside the
// timer and sleeps while the kernel runs).
bench::Row run_once(const bench::Cell& c, const BenchOptions& o, const std::string& label,
                    bool watch) {
  const KernelInfo& k = *c.kernel;
  Progress progress;
  RunSettings s;
  s.threads = c.threads;
  s.progress = &progress;
  s.all_moves = o.all_moves;
  Outcome out;
  double wall = 0;
  {
    std::optional<ProgressWatch> w;
    if (watch) w.emplace(progress, label);
    std::tie(out, wall) = timed([&] { return k.run(c.instance, s); });
  }
  bench::Row row;
  row.problem = c.problem;
  row.kernel = k.name;
  row.backend = k.backend;
  row.instance = c.instance.name;
  row.wall_s = wall;
  row.threads = out.threads;
  row.ranks = out.ranks;
  row.nodes = out.nodes;
  row.fields = c.problem->fields(c.instance, s, out);
  row.verified = c.problem->verify(c.instance, s, out);
  return row;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// JSON text that never throws on bytes that are not UTF-8 (file names and arguments are bytes
// on Linux): invalid sequences become U+FFFD.
std::string json_text(const nlohmann::ordered_json& j) {
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// The file name as UTF-8 text for env.json (invalid bytes replaced when it is dumped).
std::string path_text(const std::filesystem::path& p) {
  return p.string();
}

int run_bench(const BenchOptions& o) {
  // Under an MPI launcher every rank runs the same plan, the MPI kernels together; rank 0 alone
  // writes files and reports (the others' messages go nowhere), and takes every decision that
  // depends on its own measurements or files, which the others follow (mpi::agree).
  if (mpi::launched()) mpi::init();
  const int ranks = mpi::size();
  const bool root = is_root();
  static std::ostream nowhere(nullptr);
  std::ostream& err = root ? std::cerr : nowhere;

  // ---- the plan (all usage errors are found here, before any file or kernel) ----
  bench::Request req;
  req.suite = bench::find_suite(o.suite);
  if (req.suite == nullptr) throw UsageError("unknown suite '" + o.suite + "' (quick or full)");
  req.hardware_threads = sysinfo::hardware_threads();
  bench::Plan plan;
  try {
    if (!o.problem.empty()) {
      for (const auto& name : bench::split_list(o.problem)) {
        const Problem* p = find_problem(name);
        if (p == nullptr)
          throw std::invalid_argument("unknown problem '" + name + "' (" + problem_names() + ")");
        if (std::find(req.problems.begin(), req.problems.end(), p) == req.problems.end())
          req.problems.push_back(p);
      }
      if (req.problems.empty()) throw std::invalid_argument("--problem: empty list");
    }
    if (o.kernels_given) {
      req.kernels = bench::split_list(o.kernels);
      if (req.kernels.empty()) throw std::invalid_argument("--kernels: empty list");
    }
    if (o.n_given) req.n = bench::parse_range(o.n);
    if (o.instances_given) {
      req.instances = bench::split_list(o.instances);
      if (req.instances.empty()) throw std::invalid_argument("--instances: empty list");
    }
    if (o.threads_given) req.threads = bench::parse_threads(o.threads);
    req.budget_s = o.budget;
    plan = bench::make_plan(req);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (ranks > 1)
    for (const auto& c : plan.cells)
      if (!c.kernel->distributed())
        throw UsageError("on " + std::to_string(ranks) +
                         " MPI ranks bench runs MPI kernels only (" + c.kernel->name +
                         " runs in one process): choose them with --kernels");
  int most_threads = 0;
  for (const auto& c : plan.cells)
    if (c.kernel->distributed()) most_threads = std::max(most_threads, c.threads);
  if (most_threads > 0 && !o.dry_run) {
    mpi::init();  // now, not inside the first timed run (a singleton without mpirun)
    warn_if_bound_below(most_threads);
  }
  const int reps = o.reps > 0 ? o.reps : req.suite->reps;
  const int warmup = o.warmup >= 0 ? o.warmup : req.suite->warmup;

  if (o.dry_run) {
    std::cout << "suite " << req.suite->name << ": " << plan.cells.size() << " cells, " << reps
              << " reps after " << warmup << " warm-up run(s) each, budget "
              << (plan.budget_s > 0 ? seconds_text(plan.budget_s) : "none") << "\n";
    for (const auto& c : plan.cells) std::cout << "run  " << bench::cell_label(c) << "\n";
    for (const auto& s : plan.skipped)
      std::cout << "skip " << bench::cell_label(s.cell) << ": " << s.reason << "\n";
    return 0;
  }
  if (o.out.empty()) throw UsageError("--out FILE.csv (or DIR) is required (or --dry-run)");
  if (plan.cells.empty()) {
    for (const auto& s : plan.skipped)
      err << "searchbench bench: skip " << bench::cell_label(s.cell) << ": " << s.reason << "\n";
    throw UsageError("nothing to run: every requested cell is skipped (reasons above)");
  }

  // ---- the output files: opened now, so that an unwritable path fails before any work ----
  namespace fs = std::filesystem;
  const fs::path out_arg(o.out);
  const bool to_dir = plan.problems.size() > 1 || fs::is_directory(out_arg) ||
                      (!o.out.empty() && o.out.back() == '/');
  if (plan.problems.size() > 1 && !fs::is_directory(out_arg) && out_arg.extension() == ".csv")
    throw UsageError("this run covers " + std::to_string(plan.problems.size()) +
                     " problems, one CSV file each: give --out a directory (or choose one "
                     "problem with --problem)");
  std::map<const Problem*, fs::path> csv_path;
  for (const Problem* p : plan.problems)
    csv_path[p] = to_dir ? out_arg / (p->name + ".csv") : out_arg;
  const fs::path env_path = !o.env.empty() ? fs::path(o.env)
                            : to_dir       ? out_arg / "env.json"
                                           : out_arg.parent_path() / "env.json";
  std::map<const Problem*, std::unique_ptr<AtomicFile>> csv;
  std::unique_ptr<AtomicFile> env;
  std::string cannot;  // why rank 0 cannot write the results
  if (root) {
    try {
      if (to_dir && !fs::exists(out_arg)) fs::create_directories(out_arg);
      for (const auto& [p, path] : csv_path) {
        if (fs::weakly_canonical(env_path) == fs::weakly_canonical(path))
          throw UsageError("--env and --out name the same file");
        csv[p] = std::make_unique<AtomicFile>(path);
      }
      env = std::make_unique<AtomicFile>(env_path);
    } catch (const UsageError& e) {
      cannot = e.what();
    } catch (const fs::filesystem_error& e) {
      cannot = std::string("cannot write the results: ") + e.what() + " (nothing was run)";
    } catch (const std::runtime_error& e) {
      cannot = std::string(e.what()) + " (nothing was run)";
    }
  }
  if (!mpi::agree(cannot.empty())) {
    if (root) throw UsageError(cannot);
    throw QuietExit{2};
  }
  if (root) {
    std::vector<fs::path> temporaries;
    for (const auto& [p, path] : csv_path) temporaries.push_back(path);
    temporaries.push_back(env_path);
    on_interrupt_remove(temporaries);
  }

  const bool force_fail = [] {
    const char* v = std::getenv(kForceFailEnv);
    return v != nullptr && std::string(v) == "1";
  }();
  if (force_fail)
    err << "searchbench bench: warning: " << kForceFailEnv
        << "=1: every verification is forced to fail (test hook)\n";

  std::vector<bench::Skip> skipped = plan.skipped;
  for (const auto& s : plan.skipped)
    err << "searchbench bench: skip " << bench::cell_label(s.cell) << ": " << s.reason << "\n";

  const std::string git_sha = sysinfo::git_sha(), host = sysinfo::host(),
                    cpu = sysinfo::cpu_model(), compiler = sysinfo::compiler(),
                    flags = sysinfo::flags();
  const std::string started = sysinfo::timestamp_utc();
  for (const auto& [p, f] : csv) {
    f->write(csv_line(bench::csv_columns(*p)));
    f->flush();
  }

  bench::CostModel model;
  int pass = 0, fail = 0, na = 0, rows_written = 0, cells_run = 0;
  std::vector<std::string> errors;
  std::vector<std::string> broken;  // (problem/kernel threads) series that threw
  const auto t_start = std::chrono::steady_clock::now();
  const std::size_t total_cells = plan.cells.size();

  for (std::size_t i = 0; i < total_cells; ++i) {
    const bench::Cell& c = plan.cells[i];
    const std::string label = "[" + std::to_string(i + 1) + "/" + std::to_string(total_cells) +
                              "] " + bench::cell_label(c);
    const std::string series =
        c.problem->name + "/" + c.kernel->name + "/" + std::to_string(c.threads);
    if (std::find(broken.begin(), broken.end(), series) != broken.end()) {
      skipped.push_back({c, "skipped after an error on a smaller instance"});
      err << "searchbench bench: " << label << ": skip: " << skipped.back().reason << "\n";
      continue;
    }
    const auto est = model.estimate(c);
    const bool watch_all = root && est && *est >= 10.0;  // long runs: progress on every run
    // Rank 0's estimate decides for every rank (their measurements differ a little).
    if (mpi::agree(plan.budget_s > 0 && est && *est > plan.budget_s)) {
      skipped.push_back({c, "estimated " + seconds_text(*est) + " per run exceeds the " +
                                std::string(req.suite->name) + " suite's budget of " +
                                seconds_text(plan.budget_s) + " (--budget)"});
      err << "searchbench bench: " << label << ": skip: " << skipped.back().reason << "\n";
      continue;
    }

    std::vector<bench::Row> rows;
    try {
      // Progress of the first run of a cell, and of every run when they are long.
      for (int w = 0; w < warmup; ++w)
        run_once(c, o, label + " warm-up", watch_all || (root && w == 0));
      for (int r = 1; r <= reps; ++r) {
        bench::Row row =
            run_once(c, o, label + " rep " + std::to_string(r) + "/" + std::to_string(reps),
                     watch_all || (root && warmup == 0 && r == 1));
        row.rep = r;
        if (force_fail && row.verified == Verdict::kPass) row.verified = Verdict::kFail;
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
      err << "searchbench bench: " << label << ": skip: " << skipped.back().reason << "\n";
      broken.push_back(series);
      continue;
    } catch (const std::exception& e) {
      errors.push_back(bench::cell_label(c) + ": " + e.what());
      err << "searchbench bench: " << label << ": error: " << e.what() << "\n";
      broken.push_back(series);
      continue;
    }

    ++cells_run;
    std::vector<double> walls;
    Verdict cell_verdict = Verdict::kNa;
    for (const auto& row : rows) {
      if (root) csv[c.problem]->write(csv_line(bench::csv_fields(row)));
      ++rows_written;
      walls.push_back(row.wall_s);
      switch (row.verified) {
        case Verdict::kPass:
          ++pass;
          if (cell_verdict == Verdict::kNa) cell_verdict = Verdict::kPass;
          break;
        case Verdict::kNa:
          ++na;
          break;
        case Verdict::kFail:
          ++fail;
          cell_verdict = Verdict::kFail;
          break;
      }
    }
    if (root) csv[c.problem]->flush();
    const double med = median(walls);
    model.record(c, med);

    // Progress: elapsed, and the remaining cells' estimated time where one is known.
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    double left = 0;
    int unknown = 0;
    for (std::size_t j = i + 1; j < total_cells; ++j) {
      const auto e = model.rough_estimate(plan.cells[j]);
      if (!e) {
        ++unknown;
        continue;
      }
      if (plan.budget_s > 0 && *e > plan.budget_s) continue;  // will be skipped
      left += *e * (reps + warmup);
    }
    err << "searchbench bench: " << label << ": median " << seconds_text(med) << " of " << reps
        << " rep" << (reps == 1 ? "" : "s") << ", verified " << verdict_name(cell_verdict) << " | "
        << seconds_text(elapsed) << " elapsed, " << (unknown == 0 ? "about " : "at least ")
        << seconds_text(left) << " left";
    if (unknown > 0) err << " (" << unknown << " cells not yet estimated)";
    err << "\n";
  }

  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
  if (!root) return (fail > 0 || !errors.empty()) ? 1 : 0;  // rank 0 writes the files

  // ---- env.json: everything about the run that is not in every row ----
  nlohmann::ordered_json j;
  j["searchbench_version"] = build::kVersion;
  j["git_sha"] = git_sha;
  j["command"] = command_line();
  nlohmann::ordered_json files = nlohmann::ordered_json::object();
  for (const auto& [p, path] : csv_path) files[p->name] = path_text(path.filename());
  j["csv"] = files;
  j["host"] = host;
  j["cpu_model"] = cpu;
  j["hardware_threads"] = sysinfo::hardware_threads();
  j["os"] = sysinfo::os();
  j["compiler"] = compiler;
  j["flags"] = flags;
  j["build_type"] = sysinfo::build_type();
  j["tbb_version"] = sysinfo::tbb_version();
  j["openmp_version"] = sysinfo::openmp_version();
  j["mpi_version"] = sysinfo::mpi_version();
  j["mpi_ranks"] = ranks;
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
    sk.push_back({{"problem", s.cell.problem->name},
                  {"kernel", s.cell.kernel->name},
                  {"instance", s.cell.instance.name},
                  {"threads", s.cell.threads},
                  {"ranks", s.cell.kernel->distributed() ? ranks : 1},
                  {"reason", s.reason}});
  j["skipped"] = sk;
  j["errors"] = errors;
  if (force_fail) j["test_hook"] = std::string(kForceFailEnv) + "=1";
  env->write(json_text(j));

  for (auto& [p, f] : csv) f->commit();
  env->commit();

  std::string where;
  for (const auto& [p, path] : csv_path) where += (where.empty() ? "" : ", ") + path.string();
  std::cerr << "searchbench bench: " << rows_written << " rows (" << cells_run << " cells) in "
            << seconds_text(elapsed) << " to " << where << "; " << skipped.size()
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
      "Run a benchmark suite: every (kernel, instance, threads) cell R times after W warm-ups, "
      "one CSV row per repetition, one CSV per problem (schema: README.md, CSV schema), "
      "env.json beside them");
  b->add_option("--suite", o->suite, "Suite: quick (~minutes on 2 cores) or full (larger sizes)")
      ->check(CLI::IsMember({"quick", "full"}))
      ->capture_default_str();
  b->add_option("--problem", o->problem,
                "Only these problems (comma-separated: " + problem_names() + ")");
  auto* kernels_opt = b->add_option(
      "--kernels", o->kernels, "Comma-separated kernels (default: all; see `searchbench list`)");
  auto* n_opt = b->add_option("--n", o->n,
                              "Sizes A..B or N (nqueens: n; queens-game: N x N boards; default: "
                              "the suite's instances)");
  auto* instances_opt = b->add_option(
      "--instances", o->instances,
      "Comma-separated instances in each problem's syntax (e.g. 16 or 6x7; see `searchbench "
      "list`)");
  auto* threads_opt =
      b->add_option("--threads", o->threads,
                    "Comma-separated thread counts for parallel kernels (default quick: 1,2,cores; "
                    "full: powers of two up to the cores); serial kernels run at 1");
  b->add_option("--reps", o->reps, "Measured repetitions per cell (default: quick 8, full 5)")
      ->transform(decimal_in(1, 1000000));
  b->add_option("--warmup", o->warmup, "Unrecorded warm-up runs per cell (default: 1)")
      ->transform(decimal_in(0, 1000000));
  b->add_option("--budget", o->budget,
                "Largest estimated seconds per run of a cell; larger cells are skipped "
                "(default: quick 20, full 300, with the kernels' suite caps; given: "
                "this budget without the caps; 0: no limit)")
      ->transform(number_in(0.0, 1e9));
  b->add_flag("--all-moves,!--no-all-moves", o->all_moves,
              "games: classify every first move, filling winning_first_moves (default); "
              "--no-all-moves stops at the first winning move");
  b->add_option("--env", o->env, "Where env.json goes (default: beside the CSV files)")
      ->check(non_empty());
  b->add_option("--out", o->out,
                "The CSV file (one problem), or a directory for <problem>.csv files (written "
                "under temporary names, renamed at the end)");
  b->add_flag("--dry-run", o->dry_run,
              "Print the cells that would run and those skipped, run nothing");
  b->callback([&action, o, kernels_opt, n_opt, threads_opt, instances_opt] {
    runs_on_ranks() = true;
    o->kernels_given = kernels_opt->count() > 0;
    o->n_given = n_opt->count() > 0;
    o->threads_given = threads_opt->count() > 0;
    o->instances_given = instances_opt->count() > 0;
    action = [o] { return run_bench(*o); };
  });
}

}  // namespace sb::cli
