// The output of one kernel run of a problem command (see run_output.hpp).
#include "cli/run_output.hpp"

#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/commands.hpp"
#include "core/csv.hpp"
#include "core/sysinfo.hpp"

namespace sb::cli {
namespace {

// A numeric field (or any of the problem's own columns) as JSON: a decimal integer or a decimal
// number as a number, "true" and "false" as booleans, "" as null, any other text as a string.
nlohmann::ordered_json json_value(const std::string& s) {
  if (s.empty()) return nullptr;
  if (s == "true" || s == "false") return s == "true";
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (s.find_first_not_of("-0123456789") == std::string::npos) {
    std::int64_t i = 0;
    if (auto [p, ec] = std::from_chars(first, last, i); ec == std::errc() && p == last) return i;
    std::uint64_t u = 0;
    if (auto [p, ec] = std::from_chars(first, last, u); ec == std::errc() && p == last) return u;
  }
  if (s.find_first_not_of("-+.0123456789eE") == std::string::npos) {
    double d = 0;
    if (auto [p, ec] = std::from_chars(first, last, d); ec == std::errc() && p == last) return d;
  }
  return s;
}

// One record in format f (csv or json): csv, a header of `names` and one row of `fields`; json,
// one object with those keys in that order, field i as value(i).
template <class Value>
void write_record(std::ostream& out, const std::vector<std::string>& names,
                  const std::vector<std::string>& fields, Format f, Value&& value) {
  if (f == Format::kCsv) {
    out << csv_line(names) << csv_line(fields) << std::flush;
    return;
  }
  nlohmann::ordered_json j;
  for (std::size_t i = 0; i < names.size(); ++i) j[names[i]] = value(i);
  out << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n"
      << std::flush;
}

}  // namespace

Format format_of(const std::string& name) {
  if (name == "text") return Format::kText;
  if (name == "csv") return Format::kCsv;
  if (name == "json") return Format::kJson;
  throw UsageError("unknown format '" + name + "' (text, csv or json)");
}

bench::Row run_row(const Problem& p, const KernelInfo& k, const Instance& in, const RunSettings& s,
                   const Outcome& out, double wall_s, Verdict v, std::uint64_t nodes_before) {
  bench::Row row;
  row.problem = &p;
  row.kernel = k.name;
  row.backend = k.backend;
  row.instance = in.name;
  row.threads = out.threads;
  row.ranks = out.ranks;
  row.rep = 1;
  row.wall_s = wall_s;
  row.nodes = out.nodes;
  row.nodes_before = nodes_before;
  row.verified = v;
  row.fields = p.fields(in, s, out);
  row.git_sha = sysinfo::git_sha();
  row.host = sysinfo::host();
  row.cpu_model = sysinfo::cpu_model();
  row.compiler = sysinfo::compiler();
  row.flags = sysinfo::flags();
  row.timestamp_utc = sysinfo::timestamp_utc();
  return row;
}

void print_run(std::ostream& out, const bench::Row& row, Format f,
               const std::function<void()>& text) {
  if (f == Format::kText) {
    if (text) text();
    return;
  }
  // The common columns that are numbers; the others, and the provenance, are text.
  static const std::set<std::string> numbers = {"threads", "ranks", "rep",
                                                "wall_s",  "nodes", "nodes_per_s"};
  const std::size_t common = bench::common_columns().size() + bench::provenance_columns().size();
  const std::vector<std::string> names = bench::csv_columns(*row.problem);
  const std::vector<std::string> fields = bench::csv_fields(row);
  write_record(out, names, fields, f, [&](std::size_t i) {
    return i >= common || numbers.count(names[i]) > 0 ? json_value(fields[i])
                                                      : nlohmann::ordered_json(fields[i]);
  });
}

void print_record(std::ostream& out, const std::vector<std::string>& names,
                  const std::vector<std::string>& fields, const std::set<std::string>& text,
                  Format f) {
  write_record(out, names, fields, f, [&](std::size_t i) {
    return text.count(names[i]) > 0 && !fields[i].empty() ? nlohmann::ordered_json(fields[i])
                                                          : json_value(fields[i]);
  });
}

}  // namespace sb::cli
