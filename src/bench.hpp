// The benchmark harness behind `searchbench bench`: suites, the plan of (kernel, n, threads)
// cells, the time budget, verification and the tidy CSV schema. The driver that runs the plan
// and writes the files is src/cli/bench_cmd.cpp; this part has no I/O so that it can be tested.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "nqueens.hpp"
#include "queens_game.hpp"
#include "registry.hpp"

namespace sb::bench {

/// Largest thread count accepted by --threads.
inline constexpr int kMaxThreads = 1024;

/// An inclusive range of board sizes, lo <= hi.
struct Range {
  int lo = 0;
  int hi = 0;
};

/// Parses "A..B" (A <= B) or a single "N" into a range; every value must be in 1..1000.
/// Throws std::invalid_argument with a message for an empty, malformed or reversed range.
Range parse_range(std::string_view text);

/// Parses a comma-separated list of thread counts ("1,2,4"), each in 1..kMaxThreads, into an
/// increasing list without duplicates. Throws std::invalid_argument on an empty list, an empty
/// item, a non-number or a count out of range.
std::vector<int> parse_threads(std::string_view text);

/// Splits a comma-separated list ("a,b,c") into its non-empty items, spaces trimmed.
std::vector<std::string> split_list(std::string_view text);

/// Board sizes one kernel runs in a suite (when --n is not given) and the largest n the suite's
/// time budget allows it (cells above `cap` are skipped even when --n asks for them, unless
/// --budget replaces the suite's budget and caps).
struct SuiteEntry {
  std::string_view kernel;  ///< kernel name (names are unique across problems)
  int n_lo;                 ///< first board size of the suite
  int cap;                  ///< last board size the suite runs and allows
};

/// A named benchmark suite: what `--suite NAME` runs when nothing else is given.
struct Suite {
  std::string_view name;            ///< "quick" or "full"
  int reps;                         ///< measured repetitions per cell
  int warmup;                       ///< unrecorded warm-up runs per cell
  double budget_s;                  ///< largest estimated seconds for one run of a cell
  bool many_threads;                ///< threads: powers of two up to the cores (else 1, 2, cores)
  std::vector<SuiteEntry> entries;  ///< per-kernel n ranges; kernels not listed use defaults
};

/// The suite called name ("quick", "full"), or nullptr.
const Suite* find_suite(std::string_view name);

/// The n range and cap a suite gives kernel k (its entry, or a per-problem default).
SuiteEntry suite_entry(const Suite& s, const KernelInfo& k);

/// Thread counts a suite uses for parallel kernels on a machine with `hardware_threads` cores:
/// quick: 1, 2 and the core count; full: 1, 2, 4, ... up to the core count, and the core count.
std::vector<int> suite_threads(const Suite& s, int hardware_threads);

/// True when kernel k can take board size n (queens-game: an n x n board, n * n <= k.max_n).
bool in_range(const KernelInfo& k, int n);

/// One cell of the benchmark: a kernel at one board size and one requested thread count.
struct Cell {
  const KernelInfo* kernel = nullptr;
  int n = 0;
  int threads = 1;
};

/// A cell that is not run, with the reason (one line, reported on stderr and in env.json).
struct Skip {
  Cell cell;
  std::string reason;
};

/// What the command line asks for; empty / nullopt members take the suite's choice.
struct Request {
  const Suite* suite = nullptr;      ///< required
  std::optional<Problem> problem;    ///< only this problem's kernels
  std::vector<std::string> kernels;  ///< kernel names; empty: every registered kernel
  std::optional<Range> n;            ///< board sizes; nullopt: the suite's per-kernel range
  std::vector<int> threads;          ///< thread counts; empty: suite_threads()
  double budget_s = -1;              ///< per-run budget; < 0: the suite's, with its caps;
                                     ///< > 0: this budget, no caps; 0: no limit at all
  int hardware_threads = 1;          ///< cores of this machine (for suite_threads)
};

/// The cells to run, in order (problem, kernel in ladder order, threads, n increasing), and the
/// cells asked for but skipped before running (out of the kernel's range, above the suite cap).
struct Plan {
  std::vector<Cell> cells;
  std::vector<Skip> skipped;
  double budget_s = 0;  ///< the per-run budget in force (0: none)
};

/// Builds the plan. Serial kernels run once, at threads = 1, whatever --threads says. Throws
/// std::invalid_argument for an unknown kernel name, a kernel of another problem than
/// req.problem, or a name that two problems share without --problem.
Plan make_plan(const Request& req);

/// Estimates of one run's wall time from the runs measured so far (used for the budget and the
/// progress line). Not thread-safe; the driver calls it between cells.
class CostModel {
 public:
  /// Records the median wall time (seconds) of a cell that has run.
  void record(const Cell& c, double median_s);
  /// Estimated seconds for one run of c, from the same kernel and thread count at the largest
  /// smaller n measured: the naive-* kernels scale by C(n^2, n) (their exact placement count),
  /// others by the
  /// growth of their last two measurements (at least 3x per n). nullopt when nothing is known.
  std::optional<double> estimate(const Cell& c) const;
  /// For progress reports only: estimate(c), else the same kernel's time (measured or estimated)
  /// at the same n with another thread count, taken as is. nullopt when nothing is known.
  std::optional<double> rough_estimate(const Cell& c) const;

 private:
  // (kernel name, threads) -> n -> median seconds
  std::map<std::pair<std::string, int>, std::map<int, double>> measured_;
};

/// C(n^2, n) as a double: the placements the naive-* kernels test on an n x n board.
double naive_placements(int n);

/// "pass", "fail" or "na": Q(n) and U(n) against OEIS A000170 / A002562 (na above n = 27).
std::string verify_nqueens(int n, const nqueens::Result& r);

/// "pass", "fail" or "na" for a normal-play queens game on an n x n board. For odd n the first
/// player wins by a proof (take the centre, then answer every move by its point reflection
/// through the centre: a square and its reflection never attack each other off the centre's
/// lines), and with all_moves the centre must be among the winning first moves; no published
/// values are used, so even n and misere play are "na".
std::string verify_queens_game(int n, const queens_game::Result& r, bool all_moves, bool misere);

/// The CSV columns in order (the schema documented in README.md, "CSV schema").
const std::vector<std::string>& csv_columns();

/// Everything one CSV row holds; fields that do not apply to the row's problem stay empty.
struct Row {
  std::string problem, kernel, backend;
  int n = 0;
  int threads = 1;    ///< threads the kernel reports it used
  int rep = 1;        ///< 1..R
  double wall_s = 0;  ///< the kernel call only, steady clock
  std::uint64_t nodes = 0;
  std::string verified;                            ///< pass | fail | na
  std::optional<std::uint64_t> total, unique;      ///< nqueens
  std::optional<int> rows, cols;                   ///< queens-game
  std::string winner;                              ///< queens-game: first | second
  std::optional<std::size_t> winning_first_moves;  ///< queens-game with all_moves: count
  std::optional<std::uint64_t> positions;          ///< queens-game
  std::string git_sha, host, cpu_model, compiler, flags, timestamp_utc;
};

/// The row's fields in csv_columns() order (numbers via format_double / decimal integers).
std::vector<std::string> csv_fields(const Row& r);

}  // namespace sb::bench
