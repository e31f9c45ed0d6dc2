// The outputs of a `searchbench bench` run: the CSV files (one per problem) and env.json, and
// the lines it reports on stderr (skips, per-cell progress, the summary). While the run goes on,
// every CSV is DIR/<problem>.csv.part (or FILE.csv.part), gaining each finished cell's rows at
// once, and env.json.part records the run (its options, plan, build and machine) and the cells
// finished so far with where their rows end; at the end env.json is written, the CSVs renamed
// and the record removed. A run stopped early keeps them all, and `bench --resume` carries it on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/bench_plan.hpp"
#include "core/bench.hpp"
#include "core/part_file.hpp"

namespace sb::cli {

/// The counts and lists a run gathers for env.json and its summary.
struct BenchTally {
  int pass = 0, fail = 0, na = 0, rows_written = 0, cells_run = 0;
  int cells_kept = 0;                ///< cells finished by the run this one resumes
  std::vector<std::string> errors;   ///< "CELL: message" for each kernel error
  std::vector<bench::Skip> skipped;  ///< the plan's skips, then those decided while running
  bool force_fail = false;           ///< the verification test hook was active
  std::size_t cells_planned = 0;     ///< cells run and skipped
  double elapsed_s = 0;              ///< this run's and, when resumed, the earlier runs' time
};

/// A cell whose rows are in its CSV file, as the run's record lists it.
struct FinishedCell {
  std::size_t cell = 0;   ///< index in the plan's cells
  std::string label;      ///< bench::cell_label, for people reading the record
  std::string problem;    ///< whose CSV file holds the rows
  std::uint64_t end = 0;  ///< the length of that file after the cell's rows
  int rows = 0;
  double median_s = 0;  ///< median wall time, for the cost model of a resumed run
  int pass = 0, fail = 0, na = 0;
};

/// The CSV files, env.json and the run's record (env.json.part).
class BenchFiles {
 public:
  /// Decides the paths from --out (or --resume) and --env: one CSV file, or DIR/<problem>.csv
  /// per problem. Throws UsageError when several problems would share one .csv file.
  BenchFiles(const BenchOptions& o, const bench::Plan& plan);

  /// A new run: refuses (returns why) when an interrupted run's files are there, else creates
  /// the output directory, writes `record` (the run as env_record gives it) to env.json.part and
  /// each CSV's header to its .part. "" on success, else why the results cannot be written
  /// (then nothing is left behind).
  std::string start(nlohmann::ordered_json record);
  /// A resumed run: `record` is the one read_record returned. Keeps the cells it lists whose
  /// rows are whole in their .part file, cuts each file after the last of them (dropping a
  /// line cut by the stop and the rows of a cell not recorded as finished) and appends after
  /// it. "" on success, else why not.
  std::string resume(nlohmann::ordered_json record);
  /// On SIGINT, SIGTERM or SIGHUP: removes a half-written record, says on stderr how to carry
  /// the run on, and exits (128 + the signal); the finished cells stay in the .part files.
  void keep_on_interrupt(const std::string& resume_command) const;

  /// Appends the rows of one cell to its problem's CSV file, flushed.
  void write_rows(const Problem& p, const std::vector<bench::Row>& rows);
  /// Records cell `done` (whose rows write_rows has just written) as finished in env.json.part,
  /// with the run's time so far.
  void record_finished(FinishedCell done, double elapsed_s);
  /// The cell with index i if the resumed run finished it, else nullptr.
  const FinishedCell* finished(std::size_t i) const;
  /// The length a finished cell's CSV has now (after write_rows).
  std::uint64_t csv_size(const Problem& p) const { return csv_.at(&p)->size(); }
  /// The record: as start or resume got it, with the cells finished since.
  const nlohmann::ordered_json& record() const { return record_; }

  /// Writes env.json, renames every CSV onto its final name and removes the record.
  void commit(const std::string& env_json);

  const std::map<const Problem*, std::filesystem::path>& csv_paths() const { return csv_path_; }
  const std::filesystem::path& record_path() const { return record_path_; }
  /// The CSV paths joined with ", " (for the summary).
  std::string where() const;

 private:
  void write_record();
  /// A file the run would write at its end (a CSV or env.json) that is there already: a finished
  /// run's, or one made while this run went on; nullopt when none is.
  std::optional<std::filesystem::path> finished_there() const;
  /// The refusal for such a file before a run: never written over.
  std::string never_written_over(const std::filesystem::path& f) const;

  bool to_dir_ = false, env_given_ = false;
  std::filesystem::path out_, env_path_, record_path_, record_tmp_;
  std::map<const Problem*, std::filesystem::path> csv_path_;
  std::map<const Problem*, std::unique_ptr<PartFile>> csv_;
  nlohmann::ordered_json record_;
  std::map<std::size_t, FinishedCell> finished_;
};

/// Where the record of the run whose output is `out` (--resume DIR|FILE; FILE.part also names
/// FILE) is, with `env` the --env given ("" for the default): ENV.part, else DIR/env.json.part
/// or env.json.part beside FILE. `out` is rewritten to the run's output (DIR or FILE).
std::filesystem::path record_path_of(std::string& out, const std::string& env);

/// Reads a run's record. Throws UsageError when it cannot be read or is not a record of a
/// bench run.
nlohmann::ordered_json read_record(const std::filesystem::path& path);

/// What the run of options `o` and plan `p` records at its start: its build, machine, options
/// and plan (every cell), as env.json has them.
nlohmann::ordered_json env_record(const BenchOptions& o, const BenchPlan& p,
                                  const BenchFiles& files, int ranks);

/// Why `now` (env_record of a resumed run) cannot carry on `recorded`: the first field of the
/// plan, the build or the machine that differs, as one line; nullopt when they agree.
std::optional<std::string> record_differs(const nlohmann::ordered_json& recorded,
                                          const nlohmann::ordered_json& now);

/// env.json: everything about the run that is not in every row: the record's build, machine
/// and settings, then the tally.
std::string env_json(const nlohmann::ordered_json& record, const BenchTally& t, int ranks,
                     const char* test_hook);

/// "searchbench bench: skip CELL: REASON" for each cell the plan skips.
void log_planned_skips(std::ostream& err, const bench::Plan& plan);

/// The one line that refuses a plan whose every cell is skipped: "nothing to run: ", then for each
/// kernel (the first four) its first skipped cell with the reason and how many more of its cells
/// are skipped, then how many cells of other kernels (which --dry-run lists).
std::string nothing_to_run(const bench::Plan& plan, bool dry_run = false);

/// "searchbench bench: WHAT: skip: REASON".
void log_skip(std::ostream& err, const std::string& what, const std::string& reason);

/// The line after a cell: its median, verdict, the time elapsed and the time left ("nothing
/// left to run" after the last cell that runs).
void log_cell_done(std::ostream& err, const std::string& label, double median_s, int reps,
                   Verdict v, double elapsed_s, const TimeLeft& left);

/// The closing lines: rows, cells, files, skips, verdict counts and errors.
void log_summary(std::ostream& err, const BenchFiles& files, const BenchTally& t);

}  // namespace sb::cli
