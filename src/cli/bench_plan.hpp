// The plan of a `searchbench bench` run: its command-line options, the (problem, kernel,
// instance, threads) cells they select (src/core/bench.hpp builds them), the repetitions, the
// per-run budget and the time estimates made while it runs. Every usage error of the command
// is found here, before any file is opened or any kernel runs.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/bench.hpp"

namespace sb::cli {

/// The options of `searchbench bench` as parsed.
struct BenchOptions {
  std::string suite = "quick";
  std::string problem;
  std::string kernels;
  std::string n;
  std::vector<std::string> instances;  ///< each --instances given: a list separated by ';'
  std::string threads;
  int reps = 0;        ///< 0: the suite's
  int warmup = -1;     ///< -1: the suite's
  double budget = -1;  ///< -1: the suite's
  bool dry_run = false;
  bool n_given = false, threads_given = false, kernels_given = false, instances_given = false;
  std::string env;
  std::string out;
  std::string resume;  ///< --resume DIR|FILE: the output of an interrupted run
  /// The options that shape the plan given on the command line, by their options_json names
  /// ("reps", "budget"): with --resume they replace the recorded ones.
  std::vector<std::string> given;
};

/// The options that shape a run's plan (everything but the files and --dry-run), as recorded
/// at the start of a run so that --resume can plan the same cells again.
nlohmann::ordered_json options_json(const BenchOptions& o);
/// The options recorded by options_json. Throws UsageError when `j` is not such a record.
BenchOptions options_from_json(const nlohmann::json& j);
/// The recorded options `recorded` (options_json), with those of `o` that o.given names in
/// their place; the files and --resume are o's.
BenchOptions merged_options(const nlohmann::json& recorded, const BenchOptions& o);

/// The cells to run and how often.
struct BenchPlan {
  const bench::Suite* suite = nullptr;
  bench::Plan plan;
  int reps = 1;               ///< measured repetitions per cell
  int warmup = 0;             ///< unrecorded warm-up runs per cell
  bool budget_given = false;  ///< --budget set the budget (else the suite's)
};

/// Builds the plan of options `o` on `ranks` MPI ranks. Throws UsageError for an unknown suite,
/// problem or kernel, a malformed list, or (on several ranks) a kernel that is not an MPI one.
BenchPlan plan_bench(const BenchOptions& o, int ranks);

/// The threads of the widest MPI cell of the plan; 0 when it has none.
int most_mpi_threads(const bench::Plan& plan);

/// `bench --dry-run`: the suite line, then one line per cell run and per cell skipped.
void print_dry_run(const BenchPlan& p, std::ostream& out);

/// Seconds for people: "12.3 us", "4.56 ms", "7.89 s" or "12.5 min".
std::string seconds_text(double s);

/// Why cell c is skipped when its estimated seconds per run `est` exceed the plan's budget, or
/// nullopt when it runs.
std::optional<std::string> over_budget(const BenchPlan& p, std::optional<double> est);

/// The estimated time of the cells from index `next` on (warm-ups included, cells over the
/// budget left out), and how many of them have no estimate yet.
struct TimeLeft {
  double seconds = 0;
  int unknown = 0;
};
TimeLeft time_left(const BenchPlan& p, const bench::CostModel& model, std::size_t next);

}  // namespace sb::cli
