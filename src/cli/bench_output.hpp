// The outputs of a `searchbench bench` run: the CSV files (one per problem) and env.json, each
// written under a temporary name and renamed at the end (removed if the run is interrupted), and
// the lines it reports on stderr (skips, per-cell progress, the summary).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/bench_plan.hpp"
#include "core/bench.hpp"
#include "core/csv.hpp"

namespace sb::cli {

/// The counts and lists a run gathers for env.json and its summary.
struct BenchTally {
  int pass = 0, fail = 0, na = 0, rows_written = 0, cells_run = 0;
  std::vector<std::string> errors;   ///< "CELL: message" for each kernel error
  std::vector<bench::Skip> skipped;  ///< the plan's skips, then those decided while running
  bool force_fail = false;           ///< the verification test hook was active
  std::string started_utc;
  double elapsed_s = 0;
};

/// The CSV files and env.json of a run.
class BenchFiles {
 public:
  /// Decides the paths from --out and --env: one CSV file, or DIR/<problem>.csv per problem.
  /// Throws UsageError when several problems would share one .csv file.
  BenchFiles(const BenchOptions& o, const bench::Plan& plan);

  /// Creates the output directory and opens every file under its temporary name; "" on
  /// success, else why the results cannot be written (nothing is opened then).
  std::string open();
  /// Removes the temporary files if the process is interrupted (SIGINT, SIGTERM, SIGHUP).
  void remove_on_interrupt() const;

  /// Writes each CSV file's header line.
  void write_headers();
  /// Appends the rows of one cell to its problem's CSV file, flushed.
  void write_rows(const Problem& p, const std::vector<bench::Row>& rows);
  /// Writes env.json, then renames every file onto its final name.
  void commit(const std::string& env_json);

  const std::map<const Problem*, std::filesystem::path>& csv_paths() const { return csv_path_; }
  /// The CSV paths joined with ", " (for the summary).
  std::string where() const;

 private:
  bool to_dir_ = false;
  std::filesystem::path out_, env_path_;
  std::map<const Problem*, std::filesystem::path> csv_path_;
  std::map<const Problem*, std::unique_ptr<AtomicFile>> csv_;
  std::unique_ptr<AtomicFile> env_;
};

/// env.json: everything about the run that is not in every row.
std::string env_json(const BenchPlan& p, const BenchFiles& files, const BenchTally& t, int ranks,
                     const char* test_hook);

/// "searchbench bench: skip CELL: REASON" for each cell the plan skips.
void log_planned_skips(std::ostream& err, const bench::Plan& plan);

/// "searchbench bench: WHAT: skip: REASON".
void log_skip(std::ostream& err, const std::string& what, const std::string& reason);

/// The line after a cell: its median, verdict, the time elapsed and the time left.
void log_cell_done(std::ostream& err, const std::string& label, double median_s, int reps,
                   Verdict v, double elapsed_s, const TimeLeft& left);

/// The closing lines: rows, cells, files, skips, verdict counts and errors.
void log_summary(std::ostream& err, const BenchFiles& files, const BenchTally& t);

}  // namespace sb::cli
