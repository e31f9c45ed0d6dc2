// The output of one kernel run of a problem command (`nqueens count`, `mnk solve`, ...): with
// -f csv a header and one row, with -f json one object, both with exactly the columns, names
// and order of that problem's `searchbench bench` CSV (src/core/bench.hpp: the common columns,
// the provenance columns, then the problem's own), so that a single run and a benchmark row
// read alike. The human text format is each command's own.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/bench.hpp"
#include "core/problem.hpp"

namespace sb::cli {

/// The -f, --format choices of a problem command.
enum class Format { kText, kCsv, kJson };

/// "text", "csv" or "json" as a Format; anything else is a UsageError.
Format format_of(const std::string& name);

/// The benchmark row of one run of kernel k of problem p on `in` (for a single run and for each
/// repetition of `bench`, which numbers them): repetition 1, this build's and
/// this machine's provenance, the time now. nodes_before: of out's nodes, those a resumed
/// journal's earlier runs searched (left out of nodes_per_s).
bench::Row run_row(const Problem& p, const KernelInfo& k, const Instance& in, const RunSettings& s,
                   const Outcome& out, double wall_s, Verdict v, std::uint64_t nodes_before = 0);

/// Prints `row` in format f: csv, the header bench::csv_columns(*row.problem) and the row; json,
/// one object with those keys in that order (a decimal number in the problem's own columns as a
/// JSON number, "true" and "false" as booleans, an empty field as null, the common columns typed
/// as in the CSV schema); text, whatever `text` prints.
void print_run(std::ostream& out, const bench::Row& row, Format f,
               const std::function<void()>& text);

/// Prints one record of `names` and `fields` (same length) in format f, csv or json (a header
/// and one row; one object with those keys in that order, every field a JSON number, boolean or
/// null as print_run types the problem's own columns, except the `text` names: strings, or null
/// when empty).
void print_record(std::ostream& out, const std::vector<std::string>& names,
                  const std::vector<std::string>& fields, const std::set<std::string>& text,
                  Format f);

}  // namespace sb::cli
