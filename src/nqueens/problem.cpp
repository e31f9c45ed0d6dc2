// N-queens counting: instances, result columns, verification and the kernel ladder, in one place.
#include "nqueens/problem.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "core/memory.hpp"
#include "core/mpi.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/quadrant_join.hpp"
#include "nqueens/reference.hpp"

namespace sb::nqueens {

Instance Traits::parse(std::string_view text) {
  int n = 0;
  const auto* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, n, 10);
  if (text.empty() || ec != std::errc() || p != end || n < 1 || n > kMaxInstanceN)
    throw std::invalid_argument("nqueens instance '" + std::string(text) +
                                "' is not a board size n from 1 to " +
                                std::to_string(kMaxInstanceN) + " (e.g. 16)");
  return Instance{n};
}

std::string Traits::format(const Instance& x) {
  return std::to_string(x.n);
}

Params Traits::params(const Instance& x, const RunSettings& s) {
  Params p;
  p.n = x.n;
  p.threads = s.threads;
  p.progress = s.progress;
  p.pieces = s.pieces;
  return p;
}

std::vector<std::string> Traits::fields(const Instance& x, const RunSettings&, const Result& r) {
  return {std::to_string(x.n), std::to_string(r.total), std::to_string(r.unique)};
}

Verdict Traits::verify(const Instance& x, const RunSettings&, const Result& r) {
  const auto q = reference::total_solutions(x.n);
  const auto u = reference::unique_solutions(x.n);
  if (!q || !u) return Verdict::kNa;
  return (*q == r.total && *u == r.unique) ? Verdict::kPass : Verdict::kFail;
}

namespace {

using K = TypedKernel<Traits>;

/// The naive kernels' note on an n above their range: the placements they would test.
std::string placements_note(std::string_view kernel, const Instance& x) {
  return "; " + std::string(kernel) + " would test all C(n^2, n) = C(" + std::to_string(x.n * x.n) +
         ", " + std::to_string(x.n) + ") = " + placements_text(x.n) + " placements";
}

/// The memory of quadrant-join's quadrant tables in GB (docs/nqueens.md, "n = 18 to 21:
/// quadrant-join"): one table per quadrant shape, 8 bytes a placement and 4 a (row set, column
/// set) slot, from the shapes' placement counts (m x m and, for odd n, (m + 1) x m): 0.25, 0.55
/// and 2.2 GB at n = 21, 22, 23, then 5.1, 20.8 and 51.1 GB at 24 to 26 (counted), about 217 GB
/// at 27 (its 14 x 13 shape estimated at 3.25x the 13 x 13 one) and 10x per two sizes beyond; 0
/// below n = 21, where they take under 0.1 GB.
double quadrant_tables_gb(int n) {
  constexpr double kGb[] = {0.25, 0.55, 2.2, 5.1, 20.8, 51.1, 217.0};  // n = 21 .. 27
  if (n < 21) return 0.0;
  if (n <= 27) return kGb[n - 21];
  return kGb[6] * std::pow(10.0, (n - 27) / 2.0);
}

/// Why quadrant-join stops at n = 23: the memory its tables would take.
std::string quadrant_memory_note(std::string_view kernel, const Instance& x) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f GB", quadrant_tables_gb(x.n));
  return "; " + std::string(kernel) + "'s quadrant tables would take about " + text +
         " of memory (constellation-tbb counts up to n = 32)";
}

/// quadrant-join refused where its tables (times `copies`: an MPI kernel's ranks on this node
/// each build their own) would not fit: more than this process may take (physical memory, ulimit
/// -v / -d), or than this machine has available now (MemAvailable), so that a run that cannot
/// finish says so at once instead of failing minutes later.
std::optional<std::string> quadrant_memory_check(const Instance& x, int copies) {
  const double gb = quadrant_tables_gb(x.n) * copies;
  if (gb == 0) return std::nullopt;
  const double usable = static_cast<double>(usable_memory()) / 1e9;
  const double available = static_cast<double>(available_memory()) / 1e9;
  if (gb <= usable && gb <= available) return std::nullopt;
  const std::string need =
      copies > 1 ? " (" + std::to_string(copies) + " ranks on this machine, tables on each)" : "";
  char text[240];
  if (gb > usable)
    std::snprintf(text, sizeof text,
                  "n = %d: quadrant-join's quadrant tables take about %.1f GB%s, more than the "
                  "%.1f GB this process may use (physical memory, ulimit -v); constellation-tbb "
                  "needs none",
                  x.n, gb, need.c_str(), usable);
  else
    std::snprintf(text, sizeof text,
                  "n = %d: quadrant-join's quadrant tables take about %.1f GB%s, more than the "
                  "%.1f GB available now (MemAvailable); free memory, or use constellation-tbb",
                  x.n, gb, need.c_str(), available);
  return std::string(text);
}

double placements_work(double n) {
  return placements(static_cast<int>(n));
}

std::vector<K> kernels() {
  const int nmax = kMaxBitN;
#ifdef SEARCHBENCH_WITH_TBB
  const char* naive_backend = "tbb";
#else
  const char* naive_backend = "serial";
#endif
  // caps: the largest n each suite runs (a run within the suite's budget on 2 cores:
  // naive-full-check n = 7 ~ 0.5 s (n = 8 ~ 25 s: full suite only, tabulate.py estimates it for
  // quick), naive-bitparallel n = 8 ~ 0.2-2 s, backtrack-squares n = 10 ~ 1.4 s, backtrack-rows
  // n = 13 ~ 0.25 s, bitboard n = 14 ~ 0.4 s, bitboard-sym n = 16 ~ 1 s, the parallel sym kernels
  // n = 17 ~ 8 s on 1 thread; constellation n = 17 ~ 0.5 s, n = 19 ~ 40 s, n = 20 ~ 4 min on 2
  // threads). Ranges: the refusal of an n outside them names the kernel
  // (src/core/typed_problem.hpp).
  std::vector<K> v;
  v.push_back({.name = "naive-full-check",
               .backend = naive_backend,
               .summary = "every one of the C(n^2, n) placements generated and fully checked, one "
                          "at a time (the naive method of the article \"【C言語】エイトクイーン問題"
                          "（Nクイーン問題）のバックラック法での解き方\"); formerly naive-seed",
               .range = {1, 9},
               .fn = naive_full_check,
               .caps = {{"quick", 7}, {"full", 8}},
               .micro = {"5", "6"},
               .signature = {"6"},
               .work = placements_work,
               .too_large = placements_note,
               .aliases = {"naive-seed"}});
  v.push_back({.name = "naive-bitparallel",
               .backend = naive_backend,
               .summary = "every one of the C(n^2, n) placements tested, the last two queens of "
                          "each prefix bit-parallel",
               .range = {1, 9},
               .fn = naive_bitparallel,
               .caps = {{"quick", 8}, {"full", 9}},
               .micro = {"6", "7"},
               .signature = {"6"},
               .work = placements_work,
               .too_large = placements_note});
  v.push_back({.name = "backtrack-squares",
               .backend = "serial",
               .summary = "queens placed square by square, whole board checked after each "
                          "placement (the backtracking of the same article)",
               .range = {1, 16},
               .fn = backtrack_squares,
               .caps = {{"quick", 10}, {"full", 12}},
               .micro = {"7", "8"},
               .signature = {"8"}});
  v.push_back({.name = "backtrack-rows",
               .backend = "serial",
               .summary = "one queen per row, column and diagonal occupancy arrays",
               .range = {1, nmax},
               .fn = backtrack_rows,
               .caps = {{"quick", 13}, {"full", 15}},
               .micro = {"9", "10"},
               .signature = {"10"}});
  v.push_back({.name = "bitboard",
               .backend = "serial",
               .summary = "one queen per row, columns and diagonals as bit masks, explicit stack",
               .range = {1, nmax},
               .fn = bitboard,
               .caps = {{"quick", 14}, {"full", 16}},
               .micro = {"10", "11"},
               .signature = {"11"}});
  v.push_back({.name = "bitboard-sym",
               .backend = "serial",
               .summary = "bitboard restricted to canonical solutions under D4, orbit sizes give "
                          "Q(n) and U(n)",
               .range = {1, nmax},
               .fn = bitboard_sym,
               .caps = {{"quick", 16}, {"full", 17}},
               .micro = {"11", "12"},
               .signature = {"12"}});
  // The parallel bitboard-sym kernels run one fixed piece list (journal, resume, MPI).
  [[maybe_unused]] auto sym_pieces = [](const Instance& x) { return bitboard_sym_pieces(x.n); };
  [[maybe_unused]] auto constellation_list = [](const Instance& x) {
    return constellation_pieces(x.n);
  };
  [[maybe_unused]] auto quadrant_list = [](const Instance& x) { return quadrant_join_pieces(x.n); };
#ifdef SEARCHBENCH_WITH_OPENMP
  v.push_back({.name = "bitboard-sym-omp",
               .backend = "openmp",
               .summary = "bitboard-sym's fixed piece list on OpenMP threads (journal, resume)",
               .range = {1, nmax},
               .fn = bitboard_sym_omp,
               .caps = {{"quick", 17}, {"full", 18}},
               .micro = {"11", "12"},
               .signature = {"12"},
               .pieces = sym_pieces});
#endif
#ifdef SEARCHBENCH_WITH_TBB
  v.push_back({.name = "bitboard-sym-tbb",
               .backend = "tbb",
               .summary = "bitboard-sym's fixed piece list as oneTBB tasks (journal, resume)",
               .range = {1, nmax},
               .fn = bitboard_sym_tbb,
               .caps = {{"quick", 17}, {"full", 18}},
               .micro = {"11", "12"},
               .signature = {"12"},
               .pieces = sym_pieces});
#endif
  // quadrant-join comes before constellation although it is the faster from n = 18: the last
  // serial kernel is the default (Problem::default_kernel), and constellation is the faster below
  // n = 18, needs no memory beyond its stack and has no upper bound on n.
  v.push_back({.name = "quadrant-join",
               .backend = "serial",
               .summary = "odd n: the middle column's queen placed first; east and west half "
                          "boards built from quadrant placements, their "
                          "diagonal patterns' disjoint pairs counted with bit-sliced tables "
                          "(AVX-512 chosen at run time), U(n) by Burnside",
               .range = {1, quadrants::kMaxN},
               .fn = quadrant_join,
               .refuse = [](const Instance& x) { return quadrant_memory_check(x, 1); },
               .caps = {{"quick", 17}, {"full", 19}},
               .micro = {"12", "13"},
               .signature = {"13"},
               .too_large = quadrant_memory_note});
  v.push_back({.name = "constellation",
               .backend = "serial",
               .summary = "border queens pre-placed up to D4 (constellations), inner rows searched "
                          "on SIMD lanes (AVX-512/AVX2 chosen at run time), U(n) by Burnside",
               .range = {1, nmax},
               .fn = constellation,
               .caps = {{"quick", 17}, {"full", 19}},
               .micro = {"12", "13"},
               .signature = {"13"}});
#ifdef SEARCHBENCH_WITH_TBB
  v.push_back(
      {.name = "quadrant-join-tbb",
       .backend = "tbb",
       .summary =
           "quadrant-join's pieces (the rotation search, then runs of row sets "
           "per middle-column queen) as oneTBB tasks, quadrant tables shared (journal, resume)",
       .range = {1, quadrants::kMaxN},
       .fn = quadrant_join_tbb,
       .refuse = [](const Instance& x) { return quadrant_memory_check(x, 1); },
       .caps = {{"quick", 17}, {"full", 20}},
       .micro = {"12", "13"},
       .signature = {"13"},
       .pieces = quadrant_list,
       .too_large = quadrant_memory_note});
  v.push_back({.name = "constellation-tbb",
               .backend = "tbb",
               .summary = "constellation's pieces (an explicit list, largest first) as oneTBB "
                          "tasks (journal, resume)",
               .range = {1, nmax},
               .fn = constellation_tbb,
               .caps = {{"quick", 17}, {"full", 20}},
               .micro = {"12", "13"},
               .signature = {"13"},
               .pieces = constellation_list});
#endif
#ifdef SEARCHBENCH_WITH_MPI
  // Runs as a one-rank singleton without mpirun (bench, signature, tests); mpirun -np P for
  // more. Suite caps low (12, 16): a suite runs one process, where this kernel repeats
  // bitboard-sym-tbb; scripts/nqueens/mpi_bench.sh measures it on ranks.
  v.push_back({.name = "bitboard-sym-mpi",
               .backend = "mpi",
               .summary = "bitboard-sym's pieces handed out by rank 0 to MPI ranks, oneTBB "
                          "threads in each",
               .range = {1, nmax},
               .fn = bitboard_sym_mpi,
               .caps = {{"quick", 12}, {"full", 16}},
               .signature = {"12"},
               .pieces = sym_pieces});
  v.push_back({.name = "constellation-mpi",
               .backend = "mpi",
               .summary = "constellation's pieces handed out by rank 0 to MPI ranks, oneTBB "
                          "threads in each",
               .range = {1, nmax},
               .fn = constellation_mpi,
               .caps = {{"quick", 12}, {"full", 16}},
               .signature = {"13"},
               .pieces = constellation_list});
  v.push_back({.name = "quadrant-join-mpi",
               .backend = "mpi",
               .summary = "quadrant-join's pieces handed out by rank 0 to MPI ranks, oneTBB "
                          "threads in each, tables on every rank",
               .range = {1, quadrants::kMaxN},
               .fn = quadrant_join_mpi,
               .refuse =
                   [](const Instance& x) {
                     return quadrant_memory_check(x, std::max(1, mpi::launched_local_size()));
                   },
               .caps = {{"quick", 12}, {"full", 16}},
               .signature = {"13"},
               .pieces = quadrant_list,
               .too_large = quadrant_memory_note});
#endif
  return v;
}

std::vector<std::string> sizes(int lo, int hi) {
  std::vector<std::string> v;
  for (int n = lo; n <= hi; ++n) v.push_back(std::to_string(n));
  return v;
}

}  // namespace

const Problem& problem() {
  static const std::unique_ptr<const Problem> p = [] {
    Problem base;
    base.name = "nqueens";
    base.title = "N-queens counting: Q(n) (OEIS A000170) and U(n) (OEIS A002562)";
    base.instance_syntax = "the board size n, e.g. 16";
    base.size_name = "n";
    base.columns = {"n", "total", "unique"};
    base.from_n = [](int n) { return std::to_string(n); };
    base.suites = {{"quick", sizes(4, 17)}, {"full", sizes(4, 20)}};
    base.default_caps = {{"quick", 12}, {"full", 14}};
    base.min_growth = 3;
    base.add_commands = add_commands;
    return make_problem<Traits>(std::move(base), kernels());
  }();
  return *p;
}

}  // namespace sb::nqueens
