#include "core/bench.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <stdexcept>

#include "core/csv.hpp"

namespace sb::bench {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A whole plain decimal integer (leading zeros read as decimal; no sign, hex or fraction), or
// nullopt.
std::optional<long long> to_int(std::string_view s) {
  s = trim(s);
  long long v = 0;
  const auto* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v, 10);
  if (s.empty() || ec != std::errc() || p != end || s.front() == '-') return std::nullopt;
  return v;
}

const std::vector<Suite>& suites() {
  // Which instances each suite runs, and how far each kernel goes, belong to the problems and
  // their kernels (src/<problem>/problem.cpp); quick: about 5-6 minutes on 2 cores. Quick's 8
  // reps: a two-sided Mann-Whitney U test at alpha 0.05 (scripts/compare.py) then detects a 10 %
  // change with power >= 0.8 in a cell whose run-to-run variation (coefficient of variation) is
  // at most 6 %, as it was for 88 of the 95 quick cells above 10 ms on a quiet 2-core VM; with
  // 5 reps the power at 6 % is 0.49 (docs/compare.md). long: the problems' long instances (tsume:
  // the long mates, each run under a fixed node budget), one run each, no time budget.
  static const std::vector<Suite> all = {
      {"quick", 8, 1, 20.0, false},
      {"full", 5, 1, 300.0, true},
      {"long", 1, 0, 0.0, false},
  };
  return all;
}

std::string size_text(double s) {
  return s == std::floor(s) ? std::to_string(static_cast<long long>(s)) : format_double(s);
}

}  // namespace

Range parse_range(std::string_view text) {
  const std::string shown(text);
  const auto t = trim(text);
  if (t.empty()) throw std::invalid_argument("--n: empty range (use A..B or N, e.g. 4..12)");
  Range r;
  const auto dots = t.find("..");
  std::optional<long long> lo, hi;
  if (dots == std::string_view::npos) {
    lo = hi = to_int(t);
  } else {
    lo = to_int(t.substr(0, dots));
    hi = to_int(t.substr(dots + 2));
  }
  if (!lo || !hi) {
    // All digits yet not a number: too large for one, so out of range rather than unreadable.
    const auto digits = [](std::string_view s) {
      return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
    };
    const bool numbers = dots == std::string_view::npos
                             ? digits(t)
                             : digits(t.substr(0, dots)) && digits(t.substr(dots + 2));
    if (numbers) throw std::invalid_argument("--n: '" + shown + "' is outside 1..1000");
    throw std::invalid_argument("--n: '" + shown +
                                "' is not a range of decimal integers (use A..B or N, e.g. 4..12)");
  }
  if (*lo < 1 || *hi > 1000) throw std::invalid_argument("--n: '" + shown + "' is outside 1..1000");
  if (*lo > *hi)
    throw std::invalid_argument("--n: '" + shown +
                                "' is reversed (the first value must not exceed the second)");
  r.lo = static_cast<int>(*lo);
  r.hi = static_cast<int>(*hi);
  return r;
}

std::vector<std::string> split_list(std::string_view text, char separator) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(separator, start);
    if (comma == std::string_view::npos) comma = text.size();
    const auto item = trim(text.substr(start, comma - start));
    if (!item.empty()) out.emplace_back(item);
    start = comma + 1;
  }
  return out;
}

std::vector<int> parse_threads(std::string_view text) {
  const std::string shown(text);
  if (trim(text).empty()) throw std::invalid_argument("--threads: empty list (e.g. 1,2,4)");
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const auto item = text.substr(start, comma - start);
    const auto v = to_int(item);
    if (!v || *v < 1 || *v > kMaxThreads)
      throw std::invalid_argument("--threads: '" + std::string(trim(item)) + "' in '" + shown +
                                  "' must be an integer from 1 to " + std::to_string(kMaxThreads) +
                                  " (e.g. 1,2,4)");
    out.push_back(static_cast<int>(*v));
    start = comma + 1;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

const Suite* find_suite(std::string_view name) {
  for (const auto& s : suites())
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<int> suite_threads(const Suite& s, int hardware_threads) {
  const int hw = std::max(1, hardware_threads);
  std::vector<int> t = {1, 2, hw};
  if (s.many_threads)
    for (int p = 4; p < hw; p *= 2) t.push_back(p);
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

std::string cell_label(const Cell& c) {
  return c.problem->name + "/" + c.kernel->name + " " + c.instance.name +
         " threads=" + std::to_string(c.threads);
}

Plan make_plan(const Request& req) {
  if (req.suite == nullptr) throw std::invalid_argument("no suite");
  if (req.n && !req.instances.empty())
    throw std::invalid_argument("give either --n or --instances, not both");
  Plan plan;
  plan.budget_s = req.budget_s < 0 ? req.suite->budget_s : req.budget_s;
  const bool problems_named = !req.problems.empty();
  const std::vector<const Problem*> chosen = problems_named ? req.problems : problems();

  // The kernels of each chosen problem, in ladder order.
  std::map<const Problem*, std::vector<const KernelInfo*>> ks;
  if (req.kernels.empty()) {
    for (const Problem* p : chosen)
      for (const auto& k : p->kernels) ks[p].push_back(&k);
  } else {
    for (const auto& name : req.kernels) {
      const KernelInfo* found = nullptr;
      for (const Problem* p : chosen) {
        const KernelInfo* k = p->find_kernel(name);
        if (k == nullptr) continue;
        if (found != nullptr)
          throw std::invalid_argument("kernel '" + name + "' exists for " + found->problem->name +
                                      " and " + p->name + "; add --problem");
        found = k;
      }
      if (found == nullptr) {
        std::string known;
        for (const Problem* p : chosen)
          known += (known.empty() ? "" : "; ") + p->name + ": " + p->kernel_names();
        throw std::invalid_argument("unknown kernel '" + name + "'; known kernels: " + known);
      }
      auto& v = ks[found->problem];
      if (std::find(v.begin(), v.end(), found) == v.end()) v.push_back(found);
    }
    for (auto& [p, v] : ks) {
      const KernelInfo* first = p->kernels.data();  // a named copy: clang 14 cannot capture p
      std::sort(v.begin(), v.end(), [first](const KernelInfo* a, const KernelInfo* b) {
        return a - first < b - first;
      });
    }
  }

  // Instance texts given with --instances must each belong to some problem with kernels in the
  // plan; one that none of them reads is an error with that problem's own message when there is
  // one candidate.
  std::map<const Problem*, std::vector<Instance>> instances;
  std::map<std::pair<const Problem*, std::string>, std::string> unheld;  // --n sizes not parsed
  std::vector<const Problem*> candidates;
  for (const Problem* p : chosen)
    if (ks.count(p)) candidates.push_back(p);
  for (const auto& text : req.instances) {
    std::string why;
    bool claimed = false;
    for (const Problem* p : candidates) {
      try {
        instances[p].push_back(p->parse(text));
        claimed = true;
      } catch (const std::invalid_argument& e) {
        why = e.what();
      }
    }
    if (!claimed) {
      if (candidates.size() == 1) throw std::invalid_argument("--instances: " + why);
      std::string names;
      for (const Problem* p : candidates) names += (names.empty() ? "" : ", ") + p->name;
      throw std::invalid_argument("--instances: '" + text + "' is not an instance of " + names +
                                  "; add --problem for that problem's own message");
    }
  }
  std::string without_n;  // the problems --n leaves out when no problem or kernel is named
  std::string lacking;    // the problems named whose suite list is empty
  std::vector<const Problem*> n_refused;  // the problems named that --n does not apply to
  for (const Problem* p : candidates) {
    const bool named = problems_named || !req.kernels.empty();
    auto& list = instances[p];
    if (req.n) {
      if (!p->from_n) {
        if (named) n_refused.push_back(p);
        without_n += (without_n.empty() ? "" : ", ") + p->name;
        continue;
      }
      for (int n = req.n->lo; n <= req.n->hi; ++n) {
        const std::string text = p->from_n(n);
        try {
          list.push_back(p->parse(text));
        } catch (const std::invalid_argument& e) {
          // A size the problem cannot hold (a queens-game board above its squares) is skipped
          // for each kernel, as a size out of a kernel's range is, not an error of the plan.
          std::string why = e.what();
          const std::string prefix = p->name + " instance '" + text + "': ";
          if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
          list.push_back(Instance{.name = text, .size = static_cast<double>(n), .data = nullptr});
          unheld[{p, text}] = why;
        }
      }
    } else if (req.instances.empty()) {
      const auto texts = p->suite(req.suite->name);
      if (texts.empty() && named) lacking += (lacking.empty() ? "" : " or ") + p->name;
      for (const auto& text : texts) list.push_back(p->parse(text));
    }
    // One cell per instance: a repeat ("8;08" is n = 8 twice) is dropped, as a repeated kernel
    // or thread count is.
    std::set<std::string> seen;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const Instance& in) { return !seen.insert(in.name).second; }),
               list.end());
  }

  if (n_refused.size() == 1)
    throw std::invalid_argument("--n does not apply to " + n_refused[0]->name +
                                " (its instances are " + n_refused[0]->instance_syntax +
                                "); use --instances");
  if (n_refused.size() > 1) {
    std::string names;
    for (const Problem* p : n_refused) names += (names.empty() ? "" : ", ") + p->name;
    throw std::invalid_argument("--n does not apply to " + names +
                                " (their instances are not sizes: `searchbench list` gives each "
                                "one's syntax); use --instances");
  }
  if (!lacking.empty()) {
    std::string covered;
    for (const Problem* q : problems())
      if (!q->suite(req.suite->name).empty()) covered += (covered.empty() ? "" : ", ") + q->name;
    throw std::invalid_argument("the " + std::string(req.suite->name) + " suite has no " + lacking +
                                " instance (it covers " + covered +
                                "); choose another --suite, or give --n or --instances");
  }
  if (!without_n.empty()) {
    std::string with_n;
    for (const Problem* p : candidates)
      if (p->from_n) with_n += (with_n.empty() ? "" : ", ") + p->name;
    plan.notes.push_back("--n gives the sizes of " + with_n + " only: " + without_n +
                         " left out (their instances are given with --instances)");
  }
  const bool from_suite = !req.n && req.instances.empty();
  const auto threads_all =
      req.threads.empty() ? suite_threads(*req.suite, req.hardware_threads) : req.threads;
  for (const Problem* p : chosen) {
    if (!ks.count(p)) continue;
    bool any = false;
    for (const KernelInfo* k : ks[p]) {
      const std::size_t cells_before = plan.cells.size();
      const double cap = p->cap(*k, req.suite->name);
      std::vector<int> threads = threads_all;
      if (!k->parallel()) threads = {1};
      for (int t : threads) {
        for (const Instance& in : instances[p]) {
          Cell c{p, k, in, t};
          std::optional<std::string> why;
          if (!in.data)
            why = unheld.at({p, in.name});
          else if (k->refuse)
            why = k->refuse(in);
          // The suite's own instances stop at each kernel's range and cap without a word;
          // instances asked for with --n or --instances are reported when skipped.
          if (from_suite && (why || (req.budget_s < 0 && in.size > cap))) continue;
          if (why) {
            plan.skipped.push_back({c, *why});  // the kernel's words: its range, or why not
          } else if (req.budget_s < 0 && in.size > cap) {
            // --suite full only where it would run the cell.
            const bool full_runs =
                std::string_view(req.suite->name) != "full" && in.size <= p->cap(*k, "full");
            plan.skipped.push_back({c,
                                    "above the " + std::string(req.suite->name) +
                                        " suite's cap for " + k->name + " (" + p->size_name +
                                        " <= " + size_text(cap) + ", its time budget); use " +
                                        (full_runs ? "--suite full, or " : "") +
                                        "--budget SECONDS instead of the caps (0: no limit)",
                                    Skip::Why::kCap});
          } else {
            plan.cells.push_back(std::move(c));
            any = true;
          }
        }
      }
      // A kernel named with --kernels that the suite gives no cell says so (the suite's own
      // instances stop at its range and cap without a word).
      if (from_suite && !req.kernels.empty() && plan.cells.size() == cells_before &&
          !instances[p].empty())
        plan.notes.push_back("the " + std::string(req.suite->name) + " suite has no " + p->name +
                             " instance within " + k->name + "'s range (" + k->range +
                             ") and the suite's cap for it (--instances names others; "
                             "--budget lifts the cap)");
    }
    if (any) plan.problems.push_back(p);
  }
  return plan;
}

void CostModel::record(const Cell& c, double median_s) {
  measured_[{c.problem->name, c.kernel->name, c.threads}][c.instance.size] = median_s;
}

std::optional<double> CostModel::estimate(const Cell& c) const {
  const auto it = measured_.find({c.problem->name, c.kernel->name, c.threads});
  if (it == measured_.end()) return std::nullopt;
  const auto& by_size = it->second;
  auto below = by_size.lower_bound(c.instance.size);
  if (below == by_size.begin()) return std::nullopt;
  --below;
  const double s0 = below->first;
  const double t0 = below->second;
  const double s = c.instance.size;
  if (c.kernel->work) return t0 * c.kernel->work(s) / c.kernel->work(s0);
  double growth = c.problem->min_growth;
  if (below != by_size.begin()) {
    const auto prev = std::prev(below);
    if (prev->second >= 2e-3 && prev->first < s0)
      growth = std::max(growth, std::pow(t0 / prev->second, 1.0 / (s0 - prev->first)));
  }
  return t0 * std::pow(growth, s - s0);
}

std::optional<double> CostModel::rough_estimate(const Cell& c) const {
  // Without a work function an extrapolation across sizes can be far off (a tsume problem's cost
  // has little to do with its mate length: the progress line once said 249 s were left for three
  // cells of 0.1 s), so the same size measured at another thread count comes first.
  if (!c.kernel->work)
    for (const auto& [key, by_size] : measured_) {
      const auto& [problem, kernel, threads] = key;
      if (problem != c.problem->name || kernel != c.kernel->name || threads == c.threads) continue;
      if (auto it = by_size.find(c.instance.size); it != by_size.end()) return it->second;
    }
  if (auto e = estimate(c)) return e;
  for (const auto& [key, by_size] : measured_) {
    const auto& [problem, kernel, threads] = key;
    if (problem != c.problem->name || kernel != c.kernel->name || threads == c.threads) continue;
    if (auto it = by_size.find(c.instance.size); it != by_size.end()) return it->second;
    Cell other = c;
    other.threads = threads;
    if (auto e = estimate(other)) return e;
  }
  return std::nullopt;
}

const std::vector<std::string>& common_columns() {
  static const std::vector<std::string> cols = {"problem", "kernel",      "backend", "instance",
                                                "threads", "ranks",       "rep",     "wall_s",
                                                "nodes",   "nodes_per_s", "verified"};
  return cols;
}

const std::vector<std::string>& provenance_columns() {
  static const std::vector<std::string> cols = {"git_sha",  "host",  "cpu_model",
                                                "compiler", "flags", "timestamp_utc"};
  return cols;
}

std::vector<std::string> csv_columns(const Problem& p) {
  std::vector<std::string> cols = common_columns();
  cols.insert(cols.end(), provenance_columns().begin(), provenance_columns().end());
  cols.insert(cols.end(), p.columns.begin(), p.columns.end());
  return cols;
}

std::vector<std::string> csv_fields(const Row& r) {
  // a resumed journal's earlier pieces were searched by earlier runs: this run's speed is its own
  const std::uint64_t searched = r.nodes > r.nodes_before ? r.nodes - r.nodes_before : 0;
  const double nps = r.wall_s > 0 ? static_cast<double>(searched) / r.wall_s : 0.0;
  std::vector<std::string> out = {r.problem->name,
                                  r.kernel,
                                  r.backend,
                                  r.instance,
                                  std::to_string(r.threads),
                                  std::to_string(r.ranks),
                                  std::to_string(r.rep),
                                  format_double(r.wall_s),
                                  std::to_string(r.nodes),
                                  format_double(nps),
                                  std::string(verdict_name(r.verified)),
                                  r.git_sha,
                                  r.host,
                                  r.cpu_model,
                                  r.compiler,
                                  r.flags,
                                  r.timestamp_utc};
  std::vector<std::string> f = r.fields;
  f.resize(r.problem->columns.size());
  out.insert(out.end(), f.begin(), f.end());
  return out;
}

}  // namespace sb::bench
