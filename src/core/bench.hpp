// The benchmark harness behind `searchbench bench`, for every problem alike: suites, the plan of
// (problem, kernel, instance, threads) cells, the time budget and cost model, and the tidy CSV
// schema. The driver that runs the plan and writes the files is src/cli/bench_cmd.cpp; this part
// has no I/O so that it can be tested.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/limits.hpp"
#include "core/problem.hpp"

namespace sb::bench {

/// An inclusive range of board sizes, lo <= hi.
struct Range {
  int lo = 0;
  int hi = 0;
};

/// Parses "A..B" (A <= B) or a single "N" into a range; every value must be a plain decimal
/// integer in 1..1000. Throws std::invalid_argument for an empty, malformed or reversed range.
Range parse_range(std::string_view text);

/// Parses a comma-separated list of thread counts ("1,2,4"), each a plain decimal integer in
/// 1..kMaxThreads, into an increasing list without duplicates. Throws std::invalid_argument on
/// an empty list, an empty item, a non-number or a count out of range.
std::vector<int> parse_threads(std::string_view text);

/// Splits a list separated by `separator` ("a,b,c") into its non-empty items, spaces trimmed.
std::vector<std::string> split_list(std::string_view text, char separator = ',');

/// A named benchmark suite: repetitions, budget and thread counts. Which instances it runs is
/// each problem's part (Problem::suites), and how far each kernel goes is its cap
/// (KernelInfo::caps).
struct Suite {
  std::string_view name;  ///< "quick", "full" or "long"
  int reps;               ///< measured repetitions per cell
  int warmup;             ///< unrecorded warm-up runs per cell
  double budget_s;        ///< largest estimated seconds for one run of a cell (0: none)
  bool many_threads;      ///< threads: powers of two up to the cores (else 1, 2, cores)
};

/// The suite called name ("quick", "full", "long"), or nullptr.
const Suite* find_suite(std::string_view name);

/// Thread counts a suite uses for parallel kernels on a machine with `hardware_threads` cores:
/// quick: 1, 2 and the core count; full: 1, 2, 4, ... up to the core count, and the core count.
std::vector<int> suite_threads(const Suite& s, int hardware_threads);

/// One cell of the benchmark: a kernel on one instance at one requested thread count.
struct Cell {
  const Problem* problem = nullptr;
  const KernelInfo* kernel = nullptr;
  Instance instance;
  int threads = 1;
};

/// "PROBLEM/KERNEL INSTANCE threads=T", for progress lines and skips.
std::string cell_label(const Cell& c);

/// A cell that is not run, with the reason (one line, reported on stderr and in env.json).
struct Skip {
  /// The kind of reason: the kernel's or problem's own words on the instance (its range, a board
  /// it cannot hold), a suite's cap, the budget, or an error of the run.
  enum class Why { kRefused, kCap, kBudget, kError };
  Cell cell;
  std::string reason;
  Why why = Why::kRefused;
};

/// What the command line asks for; empty / nullopt members take the suite's choice.
struct Request {
  const Suite* suite = nullptr;          ///< required
  std::vector<const Problem*> problems;  ///< only these problems; empty: every problem
  std::vector<std::string> kernels;      ///< kernel names; empty: every kernel
  std::optional<Range> n;                ///< --n: instances from_n(lo..hi) of each problem
  std::vector<std::string> instances;    ///< --instances: instance texts
  std::vector<int> threads;              ///< thread counts; empty: suite_threads()
  double budget_s = -1;                  ///< per-run budget; < 0: the suite's, with its caps;
                                         ///< > 0: this budget, no caps; 0: no limit at all
  int hardware_threads = 1;              ///< cores of this machine (for suite_threads)
};

/// The cells to run, in order (problem, kernel in ladder order, threads, instance size
/// increasing), the cells asked for but skipped before running (refused by the kernel, above the
/// suite's cap), and the problems the plan covers. With neither --n nor --instances, each kernel
/// runs the suite's instances up to its cap and within its range, and nothing is "skipped".
struct Plan {
  std::vector<Cell> cells;
  std::vector<Skip> skipped;
  std::vector<const Problem*> problems;  ///< problems with at least one cell to run
  double budget_s = 0;                   ///< the per-run budget in force (0: none)
  std::vector<std::string> notes;        ///< what the plan left out unasked, one line each
};

/// Builds the plan. Serial kernels run once, at threads = 1, whatever --threads says. Throws
/// std::invalid_argument for an unknown kernel name, a kernel name that two of the selected
/// problems share, --n for a problem whose instances are not sizes, an instance text that no
/// selected problem parses (the problems' messages), or --n together with --instances.
Plan make_plan(const Request& req);

/// Estimates of one run's wall time from the runs measured so far (used for the budget and the
/// progress line). Not thread-safe; the driver calls it between cells.
class CostModel {
 public:
  /// Records the median wall time (seconds) of a cell that has run.
  void record(const Cell& c, double median_s);
  /// Estimated seconds for one run of c, from the same kernel and thread count at the largest
  /// smaller size measured: scaled by the kernel's work function when it has one, otherwise by
  /// the growth of its last two measurements (at least the problem's min_growth per unit of
  /// size). nullopt when nothing smaller is known.
  std::optional<double> estimate(const Cell& c) const;
  /// For progress reports only: estimate(c), else the same kernel's time (measured or estimated)
  /// at the same size with another thread count, taken as is; for a kernel without a work
  /// function a time measured at the same size with another thread count comes before
  /// estimate(c). nullopt when nothing is known.
  std::optional<double> rough_estimate(const Cell& c) const;

 private:
  using Key = std::tuple<std::string, std::string, int>;  // problem, kernel, threads
  std::map<Key, std::map<double, double>> measured_;      // size -> median seconds
};

/// The columns every results CSV starts with, in order.
const std::vector<std::string>& common_columns();

/// The provenance columns that follow them (build and machine).
const std::vector<std::string>& provenance_columns();

/// The whole header of problem p's CSV: common, provenance, then p.columns.
std::vector<std::string> csv_columns(const Problem& p);

/// Everything one CSV row holds.
struct Row {
  const Problem* problem = nullptr;
  std::string kernel, backend, instance;
  int threads = 1;    ///< threads the kernel reports it ran with (per rank)
  int ranks = 1;      ///< MPI ranks it ran on (1 for every non-MPI kernel)
  int rep = 1;        ///< 1..R
  double wall_s = 0;  ///< the kernel call only, steady clock
  std::uint64_t nodes = 0;
  std::uint64_t nodes_before = 0;  ///< of nodes, a resumed journal's earlier runs': not in wall_s
  Verdict verified = Verdict::kNa;
  std::vector<std::string> fields;  ///< the problem's own columns
  std::string git_sha, host, cpu_model, compiler, flags, timestamp_utc;
};

/// The row's fields in csv_columns(*r.problem) order (numbers via format_double / decimal
/// integers).
std::vector<std::string> csv_fields(const Row& r);

}  // namespace sb::bench
