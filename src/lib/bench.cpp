#include "bench.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "csv.hpp"
#include "reference.hpp"

namespace sb::bench {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A whole decimal integer, or nullopt.
std::optional<long long> to_int(std::string_view s) {
  s = trim(s);
  long long v = 0;
  const auto* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  if (s.empty() || ec != std::errc() || p != end) return std::nullopt;
  return v;
}

const std::vector<Suite>& suites() {
  // Caps keep each run of a cell within the suite's budget on a 2-core machine (measured there;
  // quick: about 4-5 minutes of benchmark plus the build): naive-seed n = 7 ~ 0.5 s (n = 8
  // ~ 25 s: full suite only; tabulate.py estimates it for quick), naive-bitparallel n = 8 ~ 0.2 s,
  // backtrack-squares n = 10 ~ 1.4 s, backtrack-rows n = 13 ~ 0.25 s, bitboard n = 14 ~ 0.4 s,
  // bitboard-sym n = 16 ~ 1.2 s, the parallel sym kernels n = 17 ~ 8 s (1 thread), ~5 s (2);
  // constellation(-tbb) n = 17 ~ 0.5 s, n = 18 ~ 4 s, n = 20 ~ 4 min (1 thread, AVX-512);
  // queens game, every first move classified: plain 9x9 ~ 0.1 s, memo 10x10 ~ 0.5 s (11x11 ~ 11 s),
  // memo-sym 11x11 ~ 1.5 s (the largest board: 121 of at most 128 squares).
  static const std::vector<Suite> all = {
      {"quick",
       5,
       1,
       20.0,
       false,
       {{"naive-seed", 4, 7},
        {"naive-bitparallel", 4, 8},
        {"backtrack-squares", 4, 10},
        {"backtrack-rows", 4, 13},
        {"bitboard", 4, 14},
        {"bitboard-sym", 4, 16},
        {"bitboard-sym-omp", 4, 17},
        {"bitboard-sym-tbb", 4, 17},
        {"constellation", 4, 17},
        {"constellation-tbb", 4, 17},
        {"plain", 3, 9},
        {"memo", 3, 10},
        {"memo-sym", 3, 11},
        {"memo-sym-tbb", 3, 11}}},
      {"full",
       5,
       1,
       300.0,
       true,
       {{"naive-seed", 4, 8},
        {"naive-bitparallel", 4, 9},
        {"backtrack-squares", 4, 12},
        {"backtrack-rows", 4, 15},
        {"bitboard", 4, 16},
        {"bitboard-sym", 4, 17},
        {"bitboard-sym-omp", 4, 18},
        {"bitboard-sym-tbb", 4, 18},
        {"constellation", 4, 19},
        {"constellation-tbb", 4, 20},
        {"plain", 3, 10},
        {"memo", 3, 11},
        {"memo-sym", 3, 11},
        {"memo-sym-tbb", 3, 11}}},
  };
  return all;
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
  if (!lo || !hi)
    throw std::invalid_argument("--n: '" + shown + "' is not a range (use A..B or N, e.g. 4..12)");
  if (*lo < 1 || *hi > 1000) throw std::invalid_argument("--n: '" + shown + "' is outside 1..1000");
  if (*lo > *hi)
    throw std::invalid_argument("--n: '" + shown +
                                "' is reversed (the first value must not exceed the second)");
  r.lo = static_cast<int>(*lo);
  r.hi = static_cast<int>(*hi);
  return r;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
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
    if (!v)
      throw std::invalid_argument("--threads: '" + std::string(trim(item)) + "' in '" + shown +
                                  "' is not a thread count (e.g. 1,2,4)");
    if (*v < 1 || *v > kMaxThreads)
      throw std::invalid_argument("--threads: " + std::to_string(*v) + " is outside 1.." +
                                  std::to_string(kMaxThreads));
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

SuiteEntry suite_entry(const Suite& s, const KernelInfo& k) {
  for (const auto& e : s.entries)
    if (e.kernel == k.name) return e;
  // A kernel the suite does not know yet: small boards only.
  const bool full = s.name == "full";
  if (k.problem == Problem::kNQueens) return {k.name, 4, full ? 14 : 12};
  return {k.name, 3, full ? 8 : 7};
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

bool in_range(const KernelInfo& k, int n) {
  if (k.problem == Problem::kQueensGame) return n >= 1 && n * n >= k.min_n && n * n <= k.max_n;
  return n >= k.min_n && n <= k.max_n;
}

Plan make_plan(const Request& req) {
  if (req.suite == nullptr) throw std::invalid_argument("no suite");
  Plan plan;
  plan.budget_s = req.budget_s < 0 ? req.suite->budget_s : req.budget_s;

  // The kernels, in registry (ladder) order.
  std::vector<const KernelInfo*> ks;
  if (req.kernels.empty()) {
    for (const auto& k : kernels())
      if (!req.problem || k.problem == *req.problem) ks.push_back(&k);
  } else {
    for (const auto& name : req.kernels) {
      const KernelInfo* found = nullptr;
      for (const auto& k : kernels()) {
        if (k.name != name) continue;
        if (req.problem && k.problem != *req.problem) continue;
        if (found != nullptr)
          throw std::invalid_argument("kernel '" + name +
                                      "' exists for more than one problem; add --problem");
        found = &k;
      }
      if (found == nullptr) {
        std::string known = req.problem ? kernel_names(*req.problem)
                                        : kernel_names(Problem::kNQueens) + ", " +
                                              kernel_names(Problem::kQueensGame);
        throw std::invalid_argument(
            "unknown kernel '" + name + "'" +
            (req.problem ? " for " + std::string(problem_name(*req.problem)) : std::string()) +
            "; known kernels: " + known);
      }
      if (std::find(ks.begin(), ks.end(), found) == ks.end()) ks.push_back(found);
    }
    std::stable_sort(ks.begin(), ks.end(), [](const KernelInfo* a, const KernelInfo* b) {
      return a - &kernels().front() < b - &kernels().front();
    });
  }

  const auto threads_all =
      req.threads.empty() ? suite_threads(*req.suite, req.hardware_threads) : req.threads;
  for (const KernelInfo* k : ks) {
    const auto entry = suite_entry(*req.suite, *k);
    const Range r = req.n ? *req.n : Range{entry.n_lo, entry.cap};
    std::vector<int> threads = threads_all;
    if (!k->parallel()) threads = {1};
    for (int t : threads) {
      for (int n = r.lo; n <= r.hi; ++n) {
        const Cell c{k, n, t};
        if (!in_range(*k, n)) {
          const bool game = k->problem == Problem::kQueensGame;
          plan.skipped.push_back(
              {c, "out of the kernel's range (" +
                      (game ? "boards up to " + std::to_string(k->max_n) + " squares"
                            : "n = " + std::to_string(k->min_n) + ".." + std::to_string(k->max_n)) +
                      ")"});
        } else if (req.budget_s < 0 && n > entry.cap) {
          plan.skipped.push_back(
              {c, "above the " + std::string(req.suite->name) + " suite's cap for " +
                      std::string(k->name) + " (n <= " + std::to_string(entry.cap) +
                      ", its time budget); use --suite full, or --budget SECONDS instead of the "
                      "caps (0: no limit)"});
        } else {
          plan.cells.push_back(c);
        }
      }
    }
  }
  return plan;
}

void CostModel::record(const Cell& c, double median_s) {
  measured_[{std::string(c.kernel->name), c.threads}][c.n] = median_s;
}

double naive_placements(int n) {
  // C(n^2, n) = prod_{i=1..n} (n^2 - n + i) / i
  const double m = static_cast<double>(n) * n;
  double c = 1;
  for (int i = 1; i <= n; ++i) c = c * (m - n + i) / i;
  return c;
}

std::optional<double> CostModel::estimate(const Cell& c) const {
  const auto it = measured_.find({std::string(c.kernel->name), c.threads});
  if (it == measured_.end()) return std::nullopt;
  const auto& by_n = it->second;
  auto below = by_n.lower_bound(c.n);
  if (below == by_n.begin()) return std::nullopt;
  --below;
  const int n0 = below->first;
  const double t0 = below->second;
  if (c.kernel->name.substr(0, 5) == "naive" && c.kernel->problem == Problem::kNQueens)
    return t0 * naive_placements(c.n) / naive_placements(n0);
  double growth = 3.0;
  if (below != by_n.begin()) {
    const auto prev = std::prev(below);
    if (prev->second >= 2e-3 && prev->first < n0)
      growth = std::max(growth, std::pow(t0 / prev->second, 1.0 / (n0 - prev->first)));
  }
  return t0 * std::pow(growth, c.n - n0);
}

std::optional<double> CostModel::rough_estimate(const Cell& c) const {
  if (auto e = estimate(c)) return e;
  for (const auto& [key, by_n] : measured_) {
    if (key.first != c.kernel->name || key.second == c.threads) continue;
    if (auto it = by_n.find(c.n); it != by_n.end()) return it->second;
    if (auto e = estimate(Cell{c.kernel, c.n, key.second})) return e;
  }
  return std::nullopt;
}

std::string verify_nqueens(int n, const nqueens::Result& r) {
  const auto q = reference::total_solutions(n);
  const auto u = reference::unique_solutions(n);
  if (!q || !u) return "na";
  return (*q == r.total && *u == r.unique) ? "pass" : "fail";
}

std::string verify_queens_game(int n, const queens_game::Result& r, bool all_moves, bool misere) {
  if (misere || n % 2 == 0) return "na";
  if (!r.first_player_wins) return "fail";
  if (all_moves) {
    const int centre = (n / 2) * n + n / 2;
    const auto& m = r.winning_first_moves;
    if (std::find(m.begin(), m.end(), centre) == m.end()) return "fail";
  }
  return "pass";
}

const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> cols = {
      "problem", "kernel", "backend", "n", "threads", "rep", "wall_s", "nodes", "nodes_per_s",
      "verified",
      // nqueens
      "total", "unique",
      // queens-game
      "rows", "cols", "winner", "winning_first_moves", "positions",
      // provenance
      "git_sha", "host", "cpu_model", "compiler", "flags", "timestamp_utc"};
  return cols;
}

std::vector<std::string> csv_fields(const Row& r) {
  auto opt = [](const auto& v) { return v ? std::to_string(*v) : std::string(); };
  const double nps = r.wall_s > 0 ? static_cast<double>(r.nodes) / r.wall_s : 0.0;
  return {r.problem,
          r.kernel,
          r.backend,
          std::to_string(r.n),
          std::to_string(r.threads),
          std::to_string(r.rep),
          format_double(r.wall_s),
          std::to_string(r.nodes),
          format_double(nps),
          r.verified,
          opt(r.total),
          opt(r.unique),
          opt(r.rows),
          opt(r.cols),
          r.winner,
          opt(r.winning_first_moves),
          opt(r.positions),
          r.git_sha,
          r.host,
          r.cpu_model,
          r.compiler,
          r.flags,
          r.timestamp_utc};
}

}  // namespace sb::bench
