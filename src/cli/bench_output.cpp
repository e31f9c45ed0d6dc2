// The outputs of a `searchbench bench` run (see bench_output.hpp).
#include "cli/bench_output.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "core/csv.hpp"
#include "core/sysinfo.hpp"
#include "core/text_file.hpp"

namespace sb::cli {
namespace {

namespace fs = std::filesystem;

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
  env_given_ = !o.env.empty();
  env_path_ = !o.env.empty() ? fs::path(o.env)
              : to_dir_      ? out_ / "env.json"
                             : out_.parent_path() / "env.json";
  record_path_ = part_path_of(env_path_);
  record_tmp_ = record_path_;
  record_tmp_ += ".tmp";
}

std::string BenchFiles::start(nlohmann::ordered_json record) {
  record_ = std::move(record);
  record_["elapsed_s"] = 0.0;
  record_["finished"] = nlohmann::ordered_json::array();
  bool wrote_record = false;
  try {
    if (to_dir_ && !fs::exists(out_)) fs::create_directories(out_);
    std::vector<fs::path> parts = {record_path_};
    // Every file the run writes is its own: a CSV, its .part, env.json, its .part and .tmp.
    std::vector<fs::path> files = {env_path_, record_path_, record_tmp_};
    for (const auto& [p, path] : csv_path_) {
      parts.push_back(part_path_of(result_path(path)));
      files.push_back(path);
      files.push_back(parts.back());
    }
    for (std::size_t i = 0; i < files.size(); ++i)
      for (std::size_t j = i + 1; j < files.size(); ++j)
        if (same_file(files[i], files[j]))  // by any spelling or link
          throw UsageError("--env and --out name the same file ('" + files[i].string() + "' and '" +
                           files[j].string() +
                           "': the CSV, env.json and their .part files must differ)");
    (void)result_path(env_path_);
    for (const auto& part : parts) {
      std::error_code ec;
      if (!fs::exists(fs::symlink_status(part, ec))) continue;
      // The record names its run's CSV: beside it, one file, another than this run's maybe.
      // (With --env elsewhere, the CSV's folder is --out's.)
      fs::path theirs = out_;
      try {
        const auto r = read_record(record_path_);
        if (!to_dir_ && r["csv"].is_object() && r["csv"].size() == 1)
          theirs = (env_given_ ? out_.parent_path() : env_path_.parent_path()) /
                   r["csv"].begin()->get<std::string>();
      } catch (const std::exception&) {
      }
      throw UsageError(
          "'" + part.string() + "' is there: an interrupted run; carry it on with --resume " +
          theirs.string() + (env_given_ ? " --env " + env_path_.string() : std::string()) +
          ", or remove its .part files to start again");
    }
    // A finished run's files are never written over (as `gomoku match` refuses its --out).
    if (const auto f = finished_there()) throw UsageError(never_written_over(*f));
    for (const auto& [p, path] : csv_path_) {
      csv_[p] = std::make_unique<PartFile>(path);
      csv_[p]->write(csv_line(bench::csv_columns(*p)));
      csv_[p]->flush();
    }
    wrote_record = true;
    write_record();
    return "";
  } catch (const std::exception& e) {
    for (auto& [p, f] : csv_) f->discard();
    csv_.clear();
    if (wrote_record) {
      std::error_code ec;
      fs::remove(record_path_, ec);
      fs::remove(record_tmp_, ec);
    }
    if (dynamic_cast<const UsageError*>(&e) != nullptr) return e.what();
    if (dynamic_cast<const fs::filesystem_error*>(&e) != nullptr)
      return std::string("cannot write the results: ") + e.what() + " (nothing was run)";
    return std::string(e.what()) + " (nothing was run)";
  }
}

std::optional<fs::path> BenchFiles::finished_there() const {
  for (const auto& [p, path] : csv_path_)
    if (fs::exists(result_path(path))) return path;
  if (fs::exists(result_path(env_path_))) return env_path_;
  return std::nullopt;
}

std::string BenchFiles::never_written_over(const fs::path& f) const {
  if (f != env_path_)
    return "'" + f.string() +
           "' exists, a finished run's results: remove it or choose another --out";
  return "'" + f.string() +
         "' exists, a finished run's record: remove it, or give this run another --env (or "
         "another --out folder)";
}

std::string BenchFiles::resume(nlohmann::ordered_json record) {
  // The finished files are written at the end: any there now would be written over.
  if (const auto f = finished_there())
    return "'" + f->string() +
           "' exists, a finished run's file, which the resumed run would write over: move it "
           "away or remove it, then --resume again";
  record_ = std::move(record);
  std::map<std::string, const Problem*> by_name;
  for (const auto& [p, path] : csv_path_) by_name[p->name] = p;
  std::map<const Problem*, std::string> text;  // each .part as it is
  for (const auto& [p, path] : csv_path_) {
    std::ifstream in(part_path_of(result_path(path)), std::ios::binary);
    if (in) text[p].assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::map<const Problem*, std::uint64_t> keep;
  for (const auto& [p, path] : csv_path_) {
    const std::string header = csv_line(bench::csv_columns(*p));
    if (text[p].compare(0, header.size(), header) == 0) keep[p] = header.size();
  }
  // The finished cells whose rows are whole in their file, in the order they finished.
  nlohmann::ordered_json kept = nlohmann::ordered_json::array();
  std::map<const Problem*, bool> cut;  // a cell of this file is lost: so are the later ones
  try {
    for (const auto& f : record_.at("finished")) {
      FinishedCell c;
      c.cell = f.at("cell").get<std::size_t>();
      c.label = f.at("label").get<std::string>();
      c.problem = f.at("problem").get<std::string>();
      c.end = f.at("end").get<std::uint64_t>();
      c.rows = f.at("rows").get<int>();
      c.median_s = f.at("median_s").get<double>();
      c.pass = f.at("pass").get<int>();
      c.fail = f.at("fail").get<int>();
      c.na = f.at("na").get<int>();
      const auto it = by_name.find(c.problem);
      if (it == by_name.end()) continue;
      const Problem* p = it->second;
      const std::string& t = text[p];
      const auto& cells = record_.at("plan").at("cells");
      if (cut[p] || c.cell >= cells.size() || cells[c.cell] != c.label || !keep.count(p) ||
          c.end <= keep[p] || c.end > t.size() || t[c.end - 1] != '\n') {
        cut[p] = true;
        continue;
      }
      keep[p] = c.end;
      finished_[c.cell] = c;
      kept.push_back(f);
    }
  } catch (const nlohmann::json::exception& e) {
    return "'" + record_path_.string() + "' is damaged (" + e.what() + ")";
  }
  record_["finished"] = kept;
  try {
    for (const auto& [p, path] : csv_path_) {
      if (keep.count(p)) {
        csv_[p] = std::make_unique<PartFile>(path, static_cast<std::int64_t>(keep[p]));
      } else {  // no whole header: nothing of this file is kept
        csv_[p] = std::make_unique<PartFile>(path);
        csv_[p]->write(csv_line(bench::csv_columns(*p)));
        csv_[p]->flush();
      }
    }
    write_record();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

void BenchFiles::keep_on_interrupt(const std::string& resume_command) const {
  // the half-written record (env.json.part.tmp) goes, the .part files stay
  on_interrupt_say(
      "searchbench bench: interrupted; the finished cells are kept in the .part files: carry the "
      "run on with `" +
          resume_command + "`",
      record_tmp_.string());
}

void BenchFiles::write_rows(const Problem& p, const std::vector<bench::Row>& rows) {
  PartFile& f = *csv_.at(&p);
  for (const auto& row : rows) f.write(csv_line(bench::csv_fields(row)));
  f.flush();
}

void BenchFiles::record_finished(FinishedCell done, double elapsed_s) {
  record_["finished"].push_back({{"cell", done.cell},
                                 {"label", done.label},
                                 {"problem", done.problem},
                                 {"end", done.end},
                                 {"rows", done.rows},
                                 {"median_s", done.median_s},
                                 {"pass", done.pass},
                                 {"fail", done.fail},
                                 {"na", done.na}});
  record_["elapsed_s"] = elapsed_s;
  write_record();
}

const FinishedCell* BenchFiles::finished(std::size_t i) const {
  const auto it = finished_.find(i);
  return it == finished_.end() ? nullptr : &it->second;
}

void BenchFiles::write_record() {
  // Written whole under a temporary name and renamed, so that a kill leaves the old record or
  // the new one, never half of one.
  const std::string text = json_text(record_);
  std::FILE* f = std::fopen(record_tmp_.c_str(), "wb");
  if (f == nullptr)  // named as the user gave it (the record's own file is beside it)
    throw std::runtime_error("cannot write '" + env_path_.string() + "': " + std::strerror(errno));
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) {
    ::unlink(record_tmp_.c_str());
    throw std::runtime_error("write error on '" + record_tmp_.string() + "'");
  }
  fs::rename(record_tmp_, record_path_);
}

void BenchFiles::commit(const std::string& env_json) {
  // A file of the same name made while the run went on is not written over either: the run's
  // rows stay in its .part files, which --resume finishes once that file is moved away.
  if (const auto f = finished_there())
    throw std::runtime_error("'" + f->string() +
                             "' was made while this run went on and is not written over; the "
                             "run's results are kept in its .part files: move that file away, "
                             "then --resume");
  AtomicFile env(env_path_);
  env.write(env_json);
  env.commit();
  for (auto& [p, f] : csv_) f->commit();
  fs::remove(record_path_);
}

std::string BenchFiles::where() const {
  std::string where;
  for (const auto& [p, path] : csv_path_) where += (where.empty() ? "" : ", ") + path.string();
  return where;
}

fs::path record_path_of(std::string& out, const std::string& env) {
  if (out.size() > 5 && out.compare(out.size() - 5, 5, ".part") == 0 && !fs::is_directory(out))
    out.resize(out.size() - 5);
  if (!env.empty()) return part_path_of(env);
  const fs::path o(out);
  if (fs::is_directory(o) || out.back() == '/') return o / "env.json.part";
  return part_path_of(o.parent_path() / "env.json");
}

nlohmann::ordered_json read_record(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw UsageError("cannot resume: no record of an interrupted run at '" + path.string() +
                     "' (--resume takes the --out of a run that was stopped; with --env, give "
                     "the same --env)");
  std::string text;
  if (!read_capped(in, std::size_t{256} << 20, text) || in.bad())
    throw UsageError("cannot resume: '" + path.string() + "' cannot be read whole");
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("options") || !j.contains("plan") ||
      !j.contains("finished") || !j["finished"].is_array())
    throw UsageError("cannot resume: '" + path.string() + "' is not the record of a bench run");
  return j;
}

nlohmann::ordered_json env_record(const BenchOptions& o, const BenchPlan& p,
                                  const BenchFiles& files, int ranks) {
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
  j["started_utc"] = sysinfo::timestamp_utc();
  j["options"] = options_json(o);
  nlohmann::ordered_json cells = nlohmann::ordered_json::array();
  for (const auto& c : p.plan.cells) cells.push_back(bench::cell_label(c));
  nlohmann::ordered_json skipped = nlohmann::ordered_json::array();
  for (const auto& s : p.plan.skipped)
    skipped.push_back(bench::cell_label(s.cell) + ": " + s.reason);
  j["plan"] = {{"cells", cells}, {"skipped", skipped}};
  return j;
}

std::optional<std::string> record_differs(const nlohmann::ordered_json& recorded,
                                          const nlohmann::ordered_json& now) {
  // Everything recorded must agree but what names this run (its command line, start, time so
  // far, finished cells, the options as typed: a plan is compared as planned) or the host's
  // name and OS release, which do not change a measurement.
  static const std::vector<std::string> free = {"command", "host",      "os",       "started_utc",
                                                "options", "elapsed_s", "finished", "resumed"};
  static const std::vector<std::string> build = {
      "searchbench_version", "git_sha",     "compiler",       "flags",
      "build_type",          "tbb_version", "openmp_version", "mpi_version"};
  static const std::vector<std::string> machine = {"cpu_model", "hardware_threads", "mpi_ranks"};
  const auto has = [](const std::vector<std::string>& v, const std::string& k) {
    return std::find(v.begin(), v.end(), k) != v.end();
  };
  const auto shown = [](const nlohmann::ordered_json& v) {
    return v.is_null() ? std::string("nothing")
                       : v.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  };
  std::vector<std::string> keys;
  for (const auto& [k, v] : recorded.items()) keys.push_back(k);
  for (const auto& [k, v] : now.items())
    if (!recorded.contains(k)) keys.push_back(k);
  // The CSV files follow from the problems of the plan: its cells say more.
  std::stable_partition(keys.begin(), keys.end(), [](const std::string& k) { return k != "csv"; });
  for (const auto& k : keys) {
    if (has(free, k)) continue;
    const auto a = recorded.contains(k) ? recorded[k] : nlohmann::ordered_json();
    const auto b = now.contains(k) ? now[k] : nlohmann::ordered_json();
    if (a == b) continue;
    const std::string what = has(build, k)     ? "the build differs"
                             : has(machine, k) ? "the machine differs"
                                               : "the plan differs";
    std::string detail = k + ": recorded " + shown(a) + ", now " + shown(b);
    if (k == "plan" && a.is_object() && b.is_object()) {  // the first cell that differs
      for (const char* part : {"cells", "skipped"}) {
        const auto& x = a.contains(part) ? a[part] : nlohmann::ordered_json::array();
        const auto& y = b.contains(part) ? b[part] : nlohmann::ordered_json::array();
        if (x == y) continue;
        std::size_t i = 0;
        while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
        detail = std::string(part == std::string("cells") ? "cell" : "skipped cell") + " " +
                 std::to_string(i + 1) + ": recorded " + (i < x.size() ? shown(x[i]) : "nothing") +
                 ", now " + (i < y.size() ? shown(y[i]) : "nothing") + " (" +
                 std::to_string(x.size()) + " recorded, " + std::to_string(y.size()) + " now)";
        break;
      }
    }
    return what + " (" + detail + "); a run is carried on with the same plan, build and machine";
  }
  return std::nullopt;
}

std::string env_json(const nlohmann::ordered_json& record, const BenchTally& t, int ranks,
                     const char* test_hook) {
  nlohmann::ordered_json j;
  for (const auto& [k, v] : record.items()) {
    if (k == "options" || k == "plan" || k == "elapsed_s" || k == "finished" || k == "resumed")
      continue;
    j[k] = v;
  }
  j["finished_utc"] = sysinfo::timestamp_utc();
  j["elapsed_s"] = t.elapsed_s;
  j["cells_planned"] = t.cells_planned;
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
  if (record.contains("resumed")) j["resumed"] = record["resumed"];
  if (t.force_fail) j["test_hook"] = std::string(test_hook) + "=1";
  return json_text(j);
}

void log_planned_skips(std::ostream& err, const bench::Plan& plan) {
  for (const auto& s : plan.skipped)
    err << "searchbench bench: skip " << bench::cell_label(s.cell) << ": " << s.reason << "\n";
}

namespace {
/// "1 cell", "3 cells".
std::string count_of(long long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
}  // namespace

std::string nothing_to_run(const bench::Plan& plan, bool dry_run) {
  if (plan.skipped.empty()) {
    std::string line = "nothing to run: the plan has no cell";
    for (std::size_t i = 0; i < plan.notes.size(); ++i) line += (i ? "; " : ": ") + plan.notes[i];
    return line;
  }
  // One entry per (problem, kernel), in the order of its first cell: that cell's reason, how
  // many more cells of the kernel are skipped and how many of those for another kind of reason
  // (bench::Skip::Why: the texts of one kind name the size and so differ from cell to cell);
  // --dry-run gives each.
  struct Group {
    std::string series, first;
    bench::Skip::Why why;
    std::size_t more = 0, other = 0;
    unsigned kinds = 0;  // the kinds of the other reasons, a bit each
  };
  std::vector<Group> groups;
  for (const auto& s : plan.skipped) {
    const std::string series = s.cell.problem->name + "/" + s.cell.kernel->name;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const Group& g) { return g.series == series; });
    if (it == groups.end()) {
      groups.push_back({series, bench::cell_label(s.cell) + ": " + s.reason, s.why});
    } else {
      ++it->more;
      if (s.why != it->why) {
        ++it->other;
        it->kinds |= 1u << static_cast<unsigned>(s.why);
      }
    }
  }
  const auto reasons = [](unsigned kinds) {
    return std::string(std::popcount(kinds) == 1 ? "another reason" : "other reasons");
  };
  constexpr std::size_t kShown = 4;  // kernels named; --dry-run lists every cell
  std::string line = "nothing to run: every requested cell is skipped: ";
  std::size_t named = 0;
  for (std::size_t i = 0; i < groups.size() && i < kShown; ++i) {
    if (i > 0) line += "; ";
    line += groups[i].first;
    if (groups[i].more > 0)
      line +=
          " (and " + count_of(static_cast<long long>(groups[i].more), "more cell", "more cells") +
          " of " + groups[i].series +
          (groups[i].other == 0                ? std::string()
           : groups[i].other == groups[i].more ? ", for " + reasons(groups[i].kinds)
                                               : ", " + std::to_string(groups[i].other) +
                                                     " of them for " + reasons(groups[i].kinds)) +
          ")";
    named += 1 + groups[i].more;
  }
  if (groups.size() > kShown)
    line +=
        "; and " + count_of(static_cast<long long>(plan.skipped.size() - named), "cell", "cells") +
        " of " +
        count_of(static_cast<long long>(groups.size() - kShown), "other kernel", "other kernels") +
        (dry_run ? " (listed above)" : " (--dry-run lists them)");
  return line;
}

void log_skip(std::ostream& err, const std::string& what, const std::string& reason) {
  err << "searchbench bench: " << what << ": skip: " << reason << "\n";
}

void log_cell_done(std::ostream& err, const std::string& label, double median_s, int reps,
                   Verdict v, double elapsed_s, const TimeLeft& left) {
  err << "searchbench bench: " << label << ": median " << seconds_text(median_s) << " of " << reps
      << " rep" << (reps == 1 ? "" : "s") << ", verified " << verdict_name(v) << " | "
      << seconds_text(elapsed_s) << " elapsed, ";
  const std::string unknown = count_of(left.unknown, "cell", "cells");
  if (left.unknown == 0 && left.seconds <= 0)
    err << "nothing left to run";
  else if (left.unknown == 0)
    err << "about " << seconds_text(left.seconds) << " left";
  else if (left.seconds <= 0)
    err << unknown << " left, not yet estimated";
  else
    err << "at least " << seconds_text(left.seconds) << " left (" << unknown
        << " not yet estimated)";
  err << "\n";
}

void log_summary(std::ostream& err, const BenchFiles& files, const BenchTally& t) {
  err << "searchbench bench: " << count_of(t.rows_written, "row", "rows") << " ("
      << count_of(t.cells_run, "cell", "cells") << ") in " << seconds_text(t.elapsed_s) << " to "
      << files.where() << "; "
      << count_of(static_cast<long long>(t.skipped.size()), "cell", "cells")
      << " skipped, verified: " << t.pass << " pass, " << t.fail << " fail, " << t.na << " na";
  if (!t.errors.empty()) err << ", " << t.errors.size() << " kernel error(s)";
  err << "\n";
  if (t.fail > 0) err << "searchbench bench: error: " << t.fail << " verification failure(s)\n";
}

}  // namespace sb::cli
