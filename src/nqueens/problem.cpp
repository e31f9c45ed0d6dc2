// N-queens counting: instances, result columns, verification and the kernel ladder, in one place.
#include "nqueens/problem.hpp"

#include <charconv>
#include <stdexcept>

#include "core/typed_problem.hpp"
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

/// Refuses n outside lo..hi, in the words every command uses.
std::function<std::optional<std::string>(const Instance&)> n_range(const char* kernel, int lo,
                                                                   int hi) {
  return [kernel, lo, hi](const Instance& x) -> std::optional<std::string> {
    if (x.n >= lo && x.n <= hi) return std::nullopt;
    std::string why = "n = " + std::to_string(x.n) + " is out of range for kernel '" + kernel +
                      "' (" + std::to_string(lo) + ".." + std::to_string(hi) + ")";
    if (std::string_view(kernel).substr(0, 5) == "naive" && x.n > hi)
      why += std::string("; ") + kernel + " would test all C(n^2, n) = C(" +
             std::to_string(x.n * x.n) + ", " + std::to_string(x.n) +
             ") = " + placements_text(x.n) + " placements";
    return why;
  };
}

std::string range_text(int lo, int hi) {
  return "n = " + std::to_string(lo) + ".." + std::to_string(hi);
}

std::vector<K> kernels() {
  const int nmax = kMaxBitN;
#ifdef SEARCHBENCH_WITH_TBB
  const char* naive_backend = "tbb";
#else
  const char* naive_backend = "serial";
#endif
  // caps: the largest n each suite runs (a run within the suite's budget on 2 cores: naive-seed
  // n = 7 ~ 0.5 s (n = 8 ~ 25 s: full suite only, tabulate.py estimates it for quick),
  // naive-bitparallel n = 8 ~ 0.2-2 s, backtrack-squares n = 10 ~ 1.4 s, backtrack-rows n = 13
  // ~ 0.25 s, bitboard n = 14 ~ 0.4 s, bitboard-sym n = 16 ~ 1 s, the parallel sym kernels n = 17
  // ~ 8 s on 1 thread; constellation n = 17 ~ 0.5 s, n = 19 ~ 40 s, n = 20 ~ 4 min on 2 threads).
  std::vector<K> v;
  v.push_back({"naive-seed",
               naive_backend,
               "seed 004's method: every one of the C(n^2, n) placements generated and fully "
               "checked, one at a time",
               range_text(1, 9),
               naive_seed,
               n_range("naive-seed", 1, 9),
               true,
               {{"quick", 7}, {"full", 8}},
               {"5", "6"},
               {"6"},
               [](double n) { return placements(static_cast<int>(n)); }});
  v.push_back({"naive-bitparallel",
               naive_backend,
               "every one of the C(n^2, n) placements tested, the last two queens of each prefix "
               "bit-parallel",
               range_text(1, 9),
               naive_bitparallel,
               n_range("naive-bitparallel", 1, 9),
               true,
               {{"quick", 8}, {"full", 9}},
               {"6", "7"},
               {"6"},
               [](double n) { return placements(static_cast<int>(n)); }});
  v.push_back({"backtrack-squares",
               "serial",
               "queens placed square by square, whole board checked after each placement "
               "(seed 004)",
               range_text(1, 16),
               backtrack_squares,
               n_range("backtrack-squares", 1, 16),
               true,
               {{"quick", 10}, {"full", 12}},
               {"7", "8"},
               {"8"},
               {}});
  v.push_back({"backtrack-rows",
               "serial",
               "one queen per row, column and diagonal occupancy arrays",
               range_text(1, nmax),
               backtrack_rows,
               n_range("backtrack-rows", 1, nmax),
               true,
               {{"quick", 13}, {"full", 15}},
               {"9", "10"},
               {"10"},
               {}});
  v.push_back({"bitboard",
               "serial",
               "one queen per row, columns and diagonals as bit masks, explicit stack",
               range_text(1, nmax),
               bitboard,
               n_range("bitboard", 1, nmax),
               true,
               {{"quick", 14}, {"full", 16}},
               {"10", "11"},
               {"11"},
               {}});
  v.push_back(
      {"bitboard-sym",
       "serial",
       "bitboard restricted to canonical solutions under D4, orbit sizes give Q(n) and U(n)",
       range_text(1, nmax),
       bitboard_sym,
       n_range("bitboard-sym", 1, nmax),
       true,
       {{"quick", 16}, {"full", 17}},
       {"11", "12"},
       {"12"},
       {}});
  // The parallel bitboard-sym kernels run one fixed piece list (journal, resume, MPI).
  [[maybe_unused]] auto sym_pieces = [](const Instance& x) { return bitboard_sym_pieces(x.n); };
  [[maybe_unused]] auto constellation_list = [](const Instance& x) {
    return constellation_pieces(x.n);
  };
#ifdef SEARCHBENCH_WITH_OPENMP
  v.push_back({"bitboard-sym-omp",
               "openmp",
               "bitboard-sym's fixed piece list on OpenMP threads (journal, resume)",
               range_text(1, nmax),
               bitboard_sym_omp,
               n_range("bitboard-sym-omp", 1, nmax),
               true,
               {{"quick", 17}, {"full", 18}},
               {"11", "12"},
               {"12"},
               {},
               sym_pieces});
#endif
#ifdef SEARCHBENCH_WITH_TBB
  v.push_back({"bitboard-sym-tbb",
               "tbb",
               "bitboard-sym's fixed piece list as oneTBB tasks (journal, resume)",
               range_text(1, nmax),
               bitboard_sym_tbb,
               n_range("bitboard-sym-tbb", 1, nmax),
               true,
               {{"quick", 17}, {"full", 18}},
               {"11", "12"},
               {"12"},
               {},
               sym_pieces});
#endif
  v.push_back({"constellation",
               "serial",
               "border queens pre-placed up to D4 (constellations), inner rows searched on SIMD "
               "lanes (AVX-512/AVX2 chosen at run time), U(n) by Burnside",
               range_text(1, nmax),
               constellation,
               n_range("constellation", 1, nmax),
               true,
               {{"quick", 17}, {"full", 19}},
               {"12", "13"},
               {"13"},
               {}});
#ifdef SEARCHBENCH_WITH_TBB
  v.push_back({"constellation-tbb",
               "tbb",
               "constellation's pieces (an explicit list, largest first) as oneTBB tasks "
               "(journal, resume)",
               range_text(1, nmax),
               constellation_tbb,
               n_range("constellation-tbb", 1, nmax),
               true,
               {{"quick", 17}, {"full", 20}},
               {"12", "13"},
               {"13"},
               {},
               constellation_list});
#endif
#ifdef SEARCHBENCH_WITH_MPI
  // Runs as a one-rank singleton without mpirun (bench, signature, tests); mpirun -np P for
  // more. Suite caps low (12, 16): a suite runs one process, where this kernel repeats
  // bitboard-sym-tbb; scripts/nqueens/mpi_bench.sh measures it on ranks.
  v.push_back({"bitboard-sym-mpi",
               "mpi",
               "bitboard-sym's pieces handed out by rank 0 to MPI ranks, oneTBB threads in each",
               range_text(1, nmax),
               bitboard_sym_mpi,
               n_range("bitboard-sym-mpi", 1, nmax),
               true,
               {{"quick", 12}, {"full", 16}},
               {},
               {"12"},
               {},
               sym_pieces});
#endif
#ifdef SEARCHBENCH_WITH_MPI
  v.push_back({"constellation-mpi",
               "mpi",
               "constellation's pieces handed out by rank 0 to MPI ranks, oneTBB threads in each",
               range_text(1, nmax),
               constellation_mpi,
               n_range("constellation-mpi", 1, nmax),
               true,
               {{"quick", 12}, {"full", 16}},
               {},
               {"13"},
               {},
               constellation_list});
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
