// `searchbench bench`: runs a suite of (problem, kernel, instance, threads) cells and writes one
// tidy CSV row per measured repetition, one CSV file per problem, plus env.json beside them. The
// plan, budget and CSV schema live in src/core/bench.hpp, each problem's result columns and
// verifier in its Problem; the options and cells of a run in bench_plan.hpp, its files and
// report lines in bench_output.hpp; this file runs the cells and times the kernels.
//
// Output contract: a plan with one problem writes its CSV to --out FILE.csv; a plan with several
// problems (or --out naming a directory) writes DIR/<problem>.csv for each. Each CSV is written
// as FILE.csv.part, gaining every finished cell's rows at once, beside env.json.part, the
// record of the run (its plan and the cells finished); at the end they become FILE.csv and
// env.json. An interrupted run keeps them, and `bench --resume OUT` carries it on with the same
// plan, build and machine, measuring only the cells not finished, so that its rows are those of
// an uninterrupted run. Progress, skipped cells and errors go to stderr. Exit codes: 0 all verified
// or na, 1 a verification failure or a kernel error (the CSV is still written), 2 bad usage or an
// unwritable output path (checked before any kernel runs).
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/bench_output.hpp"
#include "cli/bench_plan.hpp"
#include "cli/commands.hpp"
#include "cli/progress_watch.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/bench.hpp"
#include "core/mpi.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"

namespace sb::cli {
namespace {

// Internal test hook, not a user option: when this environment variable is "1", every
// verification that would pass is recorded as "fail". tests/core/test_bench.cpp uses it to check
// that a failed verification gives a non-zero exit while the CSV is still written. A warning on
// stderr says so whenever it is active.
constexpr const char* kForceFailEnv = "SEARCHBENCH_TEST_FORCE_VERIFY_FAIL";

// Internal test hook, not a user option: "K" stops the run with SIGKILL ("K:INT": SIGINT) in
// the K-th cell it measures, after that cell's rows are in the CSV and before they are recorded
// as whole, as a kill or Ctrl-C at that moment would. tests/core/test_bench.cpp uses it to
// check that an interrupted run resumes to the rows of an uninterrupted one.
constexpr const char* kStopEnv = "SEARCHBENCH_TEST_STOP_IN_CELL";

// Runs cell c once; only the kernel call is inside the timer. With watch, a run that lasts over
// a second reports its progress on stderr (the watcher thread is started and joined outside the
// timer and sleeps while the kernel runs).
bench::Row run_once(const bench::Cell& c, const std::string& label, bool watch) {
  const KernelInfo& k = *c.kernel;
  Progress progress;
  RunSettings s;
  s.threads = c.threads;
  s.progress = &progress;
  Outcome out;
  double wall = 0;
  {
    std::optional<ProgressWatch> w;
    if (watch) w.emplace(progress, "searchbench bench: " + label);
    std::tie(out, wall) = timed([&] { return k.run(c.instance, s); });
  }
  return run_row(*c.problem, k, c.instance, s, out, wall, c.problem->verify(c.instance, s, out));
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The test hook above stops a run: the cell at which it stops (counted among the cells this
// process measures) and the signal, from "K" (SIGKILL) or "K:INT" (SIGINT); 0 when not set.
std::pair<std::size_t, int> stop_hook() {
  const char* v = std::getenv(kStopEnv);
  if (v == nullptr) return {0, 0};
  const std::string s = v;
  const auto colon = s.find(':');
  const std::size_t k = std::strtoull(s.substr(0, colon).c_str(), nullptr, 10);
  const bool interrupt = colon != std::string::npos && s.substr(colon + 1) == "INT";
  return {k, interrupt ? SIGINT : SIGKILL};
}

// The command that carries a run on: `searchbench bench --resume OUT [--env ENV]`.
std::string resume_command(const BenchOptions& o) {
  std::string c = "searchbench bench --resume '" + o.out + "'";
  if (!o.env.empty()) c += " --env '" + o.env + "'";
  return c;
}

int run_bench(const BenchOptions& given) {
  // Under an MPI launcher every rank runs the same plan, the MPI kernels together; rank 0 alone
  // writes files and reports (the others' messages go nowhere), and takes every decision that
  // depends on its own measurements or files, which the others follow (mpi::agree).
  if (mpi::launched()) mpi::init();
  const int ranks = mpi::size();
  const bool root = is_root();
  static std::ostream nowhere(nullptr);
  std::ostream& err = root ? std::cerr : nowhere;

  // A resumed run: rank 0 reads the record of the interrupted run, whose options give the plan;
  // options given again on the command line take their place (the plans must then agree).
  BenchOptions o = given;
  const bool resuming = !given.resume.empty();
  nlohmann::ordered_json recorded;
  if (resuming) {
    o.out = given.resume;
    const auto where = record_path_of(o.out, o.env);
    std::string cannot;
    if (root) try {
        recorded = read_record(where);
      } catch (const UsageError& e) {
        cannot = e.what();
      }
    if (!mpi::agree(cannot.empty())) {
      if (root) throw UsageError(cannot);
      throw QuietExit{2};
    }
    o = merged_options(
        nlohmann::json::parse(mpi::agree_text(root ? recorded["options"].dump() : "")), o);
  }

  // The plan: all usage errors are found here, before any file or kernel.
  const BenchPlan bp = [&] {
    try {
      return plan_bench(o, ranks);
    } catch (const UsageError& e) {
      if (!resuming) throw;
      throw UsageError("cannot resume '" + o.out + "': its plan: " + e.what());
    }
  }();
  const bench::Plan& plan = bp.plan;
  const int reps = bp.reps, warmup = bp.warmup;
  const int most_threads = most_mpi_threads(plan);
  if (most_threads > 0 && !o.dry_run) {
    mpi::init();  // now, not inside the first timed run (a singleton without mpirun)
    warn_if_bound_below(most_threads);
  }
  // Notes go with the run; a plan with no cell names them in its one refusal line instead.
  if (!plan.cells.empty())
    for (const auto& note : plan.notes) err << "searchbench bench: note: " << note << "\n";
  if (o.dry_run) {
    // As the run itself would answer: a plan with no cell is refused, after the list of its
    // skipped cells where there are any (the refusal points to them).
    if (plan.cells.empty() && plan.skipped.empty()) throw UsageError(nothing_to_run(plan, true));
    print_dry_run(bp, std::cout);
    if (plan.cells.empty()) throw UsageError(nothing_to_run(plan, true));
    return 0;
  }
  if (o.out.empty()) throw UsageError("--out FILE.csv (or DIR) is required (or --dry-run)");
  if (plan.cells.empty()) throw UsageError(nothing_to_run(plan));

  // The output files: opened now, so that an unwritable path fails before any work; a resumed
  // run is first checked against its record.
  BenchFiles files(o, plan);
  std::string cannot;  // why rank 0 cannot write the results or carry the run on
  if (root) {
    nlohmann::ordered_json now = env_record(o, bp, files, ranks);
    if (!resuming) {
      cannot = files.start(now);
    } else if (const auto why = record_differs(recorded, now)) {
      cannot = "cannot resume '" + o.out + "': " + *why;
    } else {
      if (!recorded.contains("resumed")) recorded["resumed"] = nlohmann::ordered_json::array();
      recorded["resumed"].push_back({{"utc", now["started_utc"]}, {"command", now["command"]}});
      cannot = files.resume(recorded);
      if (!cannot.empty()) cannot = "cannot resume '" + o.out + "': " + cannot;
    }
  }
  if (!mpi::agree(cannot.empty())) {
    if (root) throw UsageError(cannot);
    throw QuietExit{2};
  }
  if (root) files.keep_on_interrupt(resume_command(o));

  BenchTally tally;
  tally.force_fail = [] {
    const char* v = std::getenv(kForceFailEnv);
    return v != nullptr && std::string(v) == "1";
  }();
  if (tally.force_fail)
    err << "searchbench bench: warning: " << kForceFailEnv
        << "=1: every verification is forced to fail (test hook)\n";
  const auto [stop_at, stop_signal] = stop_hook();
  if (stop_at > 0)
    err << "searchbench bench: warning: " << kStopEnv << ": the run stops itself in cell "
        << stop_at << " (test hook)\n";
  tally.skipped = plan.skipped;
  tally.cells_planned = plan.cells.size() + plan.skipped.size();
  log_planned_skips(err, plan);

  bench::CostModel model;
  std::vector<std::string> broken;  // (problem/kernel threads) series that threw
  const auto t_start = std::chrono::steady_clock::now();
  const double elapsed_before =
      resuming && root ? recorded.value("elapsed_s", 0.0) : 0.0;  // the interrupted runs' time
  const std::size_t total_cells = plan.cells.size();
  std::size_t measured = 0;  // cells measured by this process

  if (resuming && root) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < total_cells; ++i) kept += files.finished(i) != nullptr;
    err << "searchbench bench: resuming " << files.record_path().string() << ": " << kept << " of "
        << total_cells << " cells finished before, kept\n";
  }

  for (std::size_t i = 0; i < total_cells; ++i) {
    const bench::Cell& c = plan.cells[i];
    // A cell the interrupted run finished: its rows are kept, its time goes into the estimates.
    if (resuming && mpi::agree(root && files.finished(i) != nullptr)) {
      if (!root) continue;
      const FinishedCell& f = *files.finished(i);
      ++tally.cells_run;
      ++tally.cells_kept;
      tally.rows_written += f.rows;
      tally.pass += f.pass;
      tally.fail += f.fail;
      tally.na += f.na;
      model.record(c, f.median_s);
      continue;
    }
    const std::string label = "[" + std::to_string(i + 1) + "/" + std::to_string(total_cells) +
                              "] " + bench::cell_label(c);
    const std::string series =
        c.problem->name + "/" + c.kernel->name + "/" + std::to_string(c.threads);
    if (std::find(broken.begin(), broken.end(), series) != broken.end()) {
      tally.skipped.push_back(
          {c, "skipped after an error on a smaller instance", bench::Skip::Why::kError});
      log_skip(err, label, tally.skipped.back().reason);
      continue;
    }
    const auto est = model.estimate(c);
    const bool watch_all = root && est && *est >= 10.0;  // long runs: progress on every run
    // Rank 0's estimate decides for every rank (their measurements differ a little).
    const auto too_long = over_budget(bp, est);
    if (mpi::agree(too_long.has_value())) {
      tally.skipped.push_back(
          {c, too_long.value_or("over the budget on rank 0"), bench::Skip::Why::kBudget});
      log_skip(err, label, tally.skipped.back().reason);
      continue;
    }

    std::vector<bench::Row> rows;
    try {
      // Progress of the first run of a cell, and of every run when they are long.
      for (int w = 0; w < warmup; ++w)
        run_once(c, label + " warm-up", watch_all || (root && w == 0));
      for (int r = 1; r <= reps; ++r) {
        bench::Row row =
            run_once(c, label + " rep " + std::to_string(r) + "/" + std::to_string(reps),
                     watch_all || (root && warmup == 0 && r == 1));
        row.rep = r;
        if (tally.force_fail && row.verified == Verdict::kPass) row.verified = Verdict::kFail;
        rows.push_back(std::move(row));
      }
    } catch (const std::invalid_argument& e) {  // the kernel refuses this cell
      tally.skipped.push_back({c, std::string("the kernel cannot run it: ") + e.what()});
      log_skip(err, label, tally.skipped.back().reason);
      broken.push_back(series);
      continue;
    } catch (const std::exception& e) {
      tally.errors.push_back(bench::cell_label(c) + ": " + e.what());
      err << "searchbench bench: " << label << ": error: " << e.what() << "\n";
      broken.push_back(series);
      continue;
    }

    ++tally.cells_run;
    ++measured;
    std::vector<double> walls;
    Verdict cell_verdict = Verdict::kNa;
    FinishedCell done{i, bench::cell_label(c), c.problem->name};
    for (const auto& row : rows) {
      ++tally.rows_written;
      ++done.rows;
      walls.push_back(row.wall_s);
      switch (row.verified) {
        case Verdict::kPass:
          ++tally.pass;
          ++done.pass;
          if (cell_verdict == Verdict::kNa) cell_verdict = Verdict::kPass;
          break;
        case Verdict::kNa:
          ++tally.na;
          ++done.na;
          break;
        case Verdict::kFail:
          ++tally.fail;
          ++done.fail;
          cell_verdict = Verdict::kFail;
          break;
      }
    }
    const double med = median(walls);
    if (root) {
      // The rows first, then the record that they are whole: a stop between the two leaves
      // rows that a resumed run drops and measures again.
      files.write_rows(*c.problem, rows);
      if (measured == stop_at) std::raise(stop_signal);
      done.end = files.csv_size(*c.problem);
      done.median_s = med;
      files.record_finished(done, elapsed_before + seconds_since(t_start));
    }
    model.record(c, med);
    log_cell_done(err, label, med, reps, cell_verdict, seconds_since(t_start),
                  time_left(bp, model, i + 1));
  }

  tally.elapsed_s = elapsed_before + seconds_since(t_start);
  const int code = (tally.fail > 0 || !tally.errors.empty()) ? 1 : 0;
  if (!root) return code;  // rank 0 writes the files
  files.commit(env_json(files.record(), tally, ranks, kForceFailEnv));
  log_summary(std::cerr, files, tally);
  return code;
}

}  // namespace

void add_bench(CLI::App& app, Action& action) {
  auto o = std::make_shared<BenchOptions>();
  auto* b = app.add_subcommand(
      "bench",
      "Run a benchmark suite: every (kernel, instance, threads) cell R times after W warm-ups, "
      "one CSV row per repetition, one CSV per problem (schema: docs/harness.md, CSV schema), "
      "env.json beside them");
  auto* suite_opt =
      b->add_option("--suite", o->suite,
                    "Suite: quick (~minutes on 2 cores), full (larger sizes) or long (the long "
                    "tsume mates under a fixed node budget, one run each)")
          ->check(CLI::IsMember({"quick", "full", "long"}))
          ->capture_default_str();
  auto* problem_opt = b->add_option(
      "--problem", o->problem, "Only these problems (comma-separated: " + problem_names() + ")");
  auto* kernels_opt = b->add_option(
      "--kernels", o->kernels, "Comma-separated kernels (default: all; see `searchbench list`)");
  auto* n_opt = b->add_option("--n", o->n,
                              "Sizes A..B or N (nqueens: n; queens-game: N x N boards; default: "
                              "the suite's instances)");
  auto* instances_opt =
      b->add_option(
           "--instances", o->instances,
           "Instances in each problem's syntax, separated by ';' (quote them) or given by "
           "repeating "
           "the option, e.g. \"6x7;8x8:misere\" or 15x15k5:h8,i9,j10 (see `searchbench list`)")
          ->allow_extra_args(false);
  auto* threads_opt =
      b->add_option("--threads", o->threads,
                    "Comma-separated thread counts for parallel kernels (default quick: 1,2,cores; "
                    "full: powers of two up to the cores); serial kernels run at 1");
  auto* reps_opt =
      b->add_option("--reps", o->reps, "Measured repetitions per cell (default: quick 8, full 5)")
          ->transform(decimal_in(1, 1000000));
  auto* warmup_opt =
      b->add_option("--warmup", o->warmup, "Unrecorded warm-up runs per cell (default: 1)")
          ->transform(decimal_in(0, 1000000));
  auto* budget_opt =
      b->add_option("--budget", o->budget,
                    "Largest estimated seconds per run of a cell; larger cells are skipped "
                    "(default: quick 20, full 300, with the kernels' suite caps; given: "
                    "this budget without the caps; 0: no limit)")
          ->transform(number_in(0.0, 1e9));
  b->add_option("--env", o->env, "Where env.json goes (default: beside the CSV files)")
      ->check(non_empty());
  auto* out_opt = b->add_option(
      "--out", o->out,
      "The CSV file (one problem), or a directory for <problem>.csv files (written as .part "
      "files, each cell's rows as it finishes, renamed at the end)");
  auto* resume_opt =
      b->add_option("--resume", o->resume,
                    "Carry on an interrupted run: its --out (DIR or FILE.csv), with its --env if "
                    "it had one; its recorded plan runs the cells it had not finished")
          ->check(non_empty())
          ->excludes(out_opt);
  b->add_flag("--dry-run", o->dry_run,
              "Print the cells that would run and those skipped, run nothing")
      ->excludes(resume_opt);
  const std::vector<CLI::Option*> plan_opts = {suite_opt, problem_opt,   kernels_opt,
                                               n_opt,     instances_opt, threads_opt,
                                               reps_opt,  warmup_opt,    budget_opt};
  b->callback([&action, o, kernels_opt, n_opt, threads_opt, instances_opt, plan_opts] {
    runs_on_ranks() = true;
    o->kernels_given = kernels_opt->count() > 0;
    o->n_given = n_opt->count() > 0;
    o->threads_given = threads_opt->count() > 0;
    o->instances_given = instances_opt->count() > 0;
    o->given.clear();
    for (const CLI::Option* opt : plan_opts)  // "--reps" -> "reps", as options_json
      if (opt->count() > 0) {
        std::string name = opt->get_name(false, false);
        name.erase(0, name.find_first_not_of('-'));
        std::replace(name.begin(), name.end(), '-', '_');
        o->given.push_back(name);
      }
    action = [o] { return run_bench(*o); };
  });
}

}  // namespace sb::cli
