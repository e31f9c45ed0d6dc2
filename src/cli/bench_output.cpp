// The outputs of a `searchbench bench` run (see bench_output.hpp).
#include "cli/bench_output.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "core/sysinfo.hpp"

namespace sb::cli {
namespace {

namespace fs = std::filesystem;

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

void on_interrupt_remove(const std::vector<fs::path>& paths) {
  const std::string suffix = ".tmp." + std::to_string(::getpid());
  for (const auto& p : paths) {
    const std::string t = p.string() + suffix;
    if (g_tmp_count >= kMaxTemporaries || t.size() >= sizeof g_tmp[0]) continue;
    std::snprintf(g_tmp[g_tmp_count], sizeof g_tmp[0], "%s", t.c_str());
    ++g_tmp_count;
  }
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, remove_temporaries_and_exit);
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

// JSON text that never throws on bytes that are not UTF-8 (file names and arguments are bytes
// on Linux): invalid sequences become U+FFFD.
std::string json_text(const nlohmann::ordered_json& j) {
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// The file name as UTF-8 text for env.json (invalid bytes replaced when it is dumped).
std::string path_text(const fs::path& p) {
  return p.string();
}

}  // namespace

BenchFiles::BenchFiles(const BenchOptions& o, const bench::Plan& plan) : out_(o.out) {
  to_dir_ =
      plan.problems.size() > 1 || fs::is_directory(out_) || (!o.out.empty() && o.out.back() == '/');
  if (plan.problems.size() > 1 && !fs::is_directory(out_) && out_.extension() == ".csv")
    throw UsageError("this run covers " + std::to_string(plan.problems.size()) +
                     " problems, one CSV file each: give --out a directory (or choose one "
                     "problem with --problem)");
  for (const Problem* p : plan.problems) csv_path_[p] = to_dir_ ? out_ / (p->name + ".csv") : out_;
  env_path_ = !o.env.empty() ? fs::path(o.env)
              : to_dir_      ? out_ / "env.json"
                             : out_.parent_path() / "env.json";
}

std::string BenchFiles::open() {
  try {
    if (to_dir_ && !fs::exists(out_)) fs::create_directories(out_);
    for (const auto& [p, path] : csv_path_) {
      if (fs::weakly_canonical(env_path_) == fs::weakly_canonical(path))
        throw UsageError("--env and --out name the same file");
      csv_[p] = std::make_unique<AtomicFile>(path);
    }
    env_ = std::make_unique<AtomicFile>(env_path_);
  } catch (const UsageError& e) {
    return e.what();
  } catch (const fs::filesystem_error& e) {
    return std::string("cannot write the results: ") + e.what() + " (nothing was run)";
  } catch (const std::runtime_error& e) {
    return std::string(e.what()) + " (nothing was run)";
  }
  return "";
}

void BenchFiles::remove_on_interrupt() const {
  std::vector<fs::path> temporaries;
  for (const auto& [p, path] : csv_path_) temporaries.push_back(path);
  temporaries.push_back(env_path_);
  on_interrupt_remove(temporaries);
}

void BenchFiles::write_headers() {
  for (const auto& [p, f] : csv_) {
    f->write(csv_line(bench::csv_columns(*p)));
    f->flush();
  }
}

void BenchFiles::write_rows(const Problem& p, const std::vector<bench::Row>& rows) {
  AtomicFile& f = *csv_.at(&p);
  for (const auto& row : rows) f.write(csv_line(bench::csv_fields(row)));
  f.flush();
}

void BenchFiles::commit(const std::string& env_json) {
  env_->write(env_json);
  for (auto& [p, f] : csv_) f->commit();
  env_->commit();
}

std::string BenchFiles::where() const {
  std::string where;
  for (const auto& [p, path] : csv_path_) where += (where.empty() ? "" : ", ") + path.string();
  return where;
}

std::string env_json(const BenchPlan& p, const BenchFiles& files, const BenchTally& t, int ranks,
                     const char* test_hook) {
  nlohmann::ordered_json j;
  j["searchbench_version"] = build::kVersion;
  j["git_sha"] = sysinfo::git_sha();
  j["command"] = command_line();
  nlohmann::ordered_json csv = nlohmann::ordered_json::object();
  for (const auto& [pr, path] : files.csv_paths()) csv[pr->name] = path_text(path.filename());
  j["csv"] = csv;
  j["host"] = sysinfo::host();
  j["cpu_model"] = sysinfo::cpu_model();
  j["hardware_threads"] = sysinfo::hardware_threads();
  j["os"] = sysinfo::os();
  j["compiler"] = sysinfo::compiler();
  j["flags"] = sysinfo::flags();
  j["build_type"] = sysinfo::build_type();
  j["tbb_version"] = sysinfo::tbb_version();
  j["openmp_version"] = sysinfo::openmp_version();
  j["mpi_version"] = sysinfo::mpi_version();
  j["mpi_ranks"] = ranks;
  j["suite"] = p.suite->name;
  j["reps"] = p.reps;
  j["warmup"] = p.warmup;
  j["budget_s"] = p.plan.budget_s;
  j["started_utc"] = t.started_utc;
  j["finished_utc"] = sysinfo::timestamp_utc();
  j["elapsed_s"] = t.elapsed_s;
  j["cells_planned"] = p.plan.cells.size() + p.plan.skipped.size();
  j["cells_run"] = t.cells_run;
  j["rows"] = t.rows_written;
  j["verified"] = {{"pass", t.pass}, {"fail", t.fail}, {"na", t.na}};
  nlohmann::ordered_json sk = nlohmann::ordered_json::array();
  for (const auto& s : t.skipped)
    sk.push_back({{"problem", s.cell.problem->name},
                  {"kernel", s.cell.kernel->name},
                  {"instance", s.cell.instance.name},
                  {"threads", s.cell.threads},
                  {"ranks", s.cell.kernel->distributed() ? ranks : 1},
                  {"reason", s.reason}});
  j["skipped"] = sk;
  j["errors"] = t.errors;
  if (t.force_fail) j["test_hook"] = std::string(test_hook) + "=1";
  return json_text(j);
}

void log_planned_skips(std::ostream& err, const bench::Plan& plan) {
  for (const auto& s : plan.skipped)
    err << "searchbench bench: skip " << bench::cell_label(s.cell) << ": " << s.reason << "\n";
}

void log_skip(std::ostream& err, const std::string& what, const std::string& reason) {
  err << "searchbench bench: " << what << ": skip: " << reason << "\n";
}

void log_cell_done(std::ostream& err, const std::string& label, double median_s, int reps,
                   Verdict v, double elapsed_s, const TimeLeft& left) {
  err << "searchbench bench: " << label << ": median " << seconds_text(median_s) << " of " << reps
      << " rep" << (reps == 1 ? "" : "s") << ", verified " << verdict_name(v) << " | "
      << seconds_text(elapsed_s) << " elapsed, " << (left.unknown == 0 ? "about " : "at least ")
      << seconds_text(left.seconds) << " left";
  if (left.unknown > 0) err << " (" << left.unknown << " cells not yet estimated)";
  err << "\n";
}

void log_summary(std::ostream& err, const BenchFiles& files, const BenchTally& t) {
  err << "searchbench bench: " << t.rows_written << " rows (" << t.cells_run << " cells) in "
      << seconds_text(t.elapsed_s) << " to " << files.where() << "; " << t.skipped.size()
      << " cells skipped, verified: " << t.pass << " pass, " << t.fail << " fail, " << t.na
      << " na";
  if (!t.errors.empty()) err << ", " << t.errors.size() << " kernel error(s)";
  err << "\n";
  if (t.fail > 0) err << "searchbench bench: error: " << t.fail << " verification failure(s)\n";
}

}  // namespace sb::cli
