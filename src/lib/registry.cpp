#include "registry.hpp"

#include <stdexcept>
#include <string>

namespace sb {

std::string_view problem_name(Problem p) {
  return p == Problem::kNQueens ? "nqueens" : "queens-game";
}

namespace {

std::vector<KernelInfo> build_registry() {
  using P = Problem;
  const int nmax = nqueens::kMaxBitN;
  std::vector<KernelInfo> v = {
#ifdef SEARCHBENCH_WITH_TBB
      {"naive-seed", P::kNQueens, "tbb", 1, 9,
       "seed 004's method: every one of the C(n^2, n) placements generated and fully checked, one "
       "at a time",
       nqueens::naive_seed},
#else
      {"naive-seed", P::kNQueens, "serial", 1, 9,
       "seed 004's method: every one of the C(n^2, n) placements generated and fully checked, one "
       "at a time",
       nqueens::naive_seed},
#endif
      {"naive-bitparallel", P::kNQueens, "tbb", 1, 9,
       "every one of the C(n^2, n) placements tested, the last two queens of each prefix "
       "bit-parallel (popcount of the valid last squares)",
       nqueens::naive_bitparallel},
      {"backtrack-squares", P::kNQueens, "serial", 1, 16,
       "queens placed square by square, whole board checked after each placement (seed 004)",
       nqueens::backtrack_squares},
      {"backtrack-rows", P::kNQueens, "serial", 1, nmax,
       "one queen per row, column and diagonal occupancy arrays", nqueens::backtrack_rows},
      {"bitboard", P::kNQueens, "serial", 1, nmax,
       "one queen per row, columns and diagonals as bit masks, explicit stack", nqueens::bitboard},
      {"bitboard-sym", P::kNQueens, "serial", 1, nmax,
       "bitboard restricted to canonical solutions under D4, orbit sizes give Q(n) and U(n)",
       nqueens::bitboard_sym},
      {"constellation", P::kNQueens, "serial", 1, nmax,
       "border queens pre-placed up to D4 (constellations), inner rows searched on SIMD lanes "
       "(AVX-512/AVX2 chosen at run time), Q(n) and U(n) by Burnside",
       nqueens::constellation},
#ifdef SEARCHBENCH_WITH_OPENMP
      {"bitboard-sym-omp", P::kNQueens, "openmp", 1, nmax,
       "bitboard-sym split into pre-placed subproblems on OpenMP threads",
       nqueens::bitboard_sym_omp},
#endif
#ifdef SEARCHBENCH_WITH_TBB
      {"bitboard-sym-tbb", P::kNQueens, "tbb", 1, nmax,
       "bitboard-sym split into pre-placed subproblems run as oneTBB tasks",
       nqueens::bitboard_sym_tbb},
      {"constellation-tbb", P::kNQueens, "tbb", 1, nmax,
       "constellation's pieces (explicit list, largest first) as oneTBB tasks",
       nqueens::constellation_tbb},
#endif
  };
  const int gmax = queens_game::kMaxSquares;
  v.push_back({"plain", P::kQueensGame, "serial", 1, gmax,
               "recursive game-tree search, stops at the first winning move, no memo", nullptr,
               queens_game::plain});
  v.push_back({"memo", P::kQueensGame, "serial", 1, gmax,
               "game-tree search with a transposition table on the free-square set", nullptr,
               queens_game::memo});
  v.push_back({"memo-sym", P::kQueensGame, "serial", 1, gmax,
               "transposition table keyed on the canonical free-square set under board symmetry",
               nullptr, queens_game::memo_sym});
#ifdef SEARCHBENCH_WITH_TBB
  v.push_back({"memo-sym-tbb", P::kQueensGame, "tbb", 1, gmax,
               "memo-sym with independent subtrees as oneTBB tasks sharing one concurrent table",
               nullptr, queens_game::memo_sym_tbb});
#endif
  return v;
}

}  // namespace

const std::vector<KernelInfo>& kernels() {
  static const std::vector<KernelInfo> registry = build_registry();
  return registry;
}

const KernelInfo* find_kernel(Problem p, std::string_view name) {
  for (const auto& k : kernels())
    if (k.problem == p && k.name == name) return &k;
  return nullptr;
}

std::string kernel_names(Problem p) {
  std::string out;
  for (const auto& k : kernels()) {
    if (k.problem != p) continue;
    if (!out.empty()) out += ", ";
    out += k.name;
  }
  return out;
}

const KernelInfo& default_kernel(Problem p) {
  const KernelInfo* best = nullptr;
  for (const auto& k : kernels()) {  // ladder order: the last one is the fastest
    if (k.problem != p) continue;
    if (best == nullptr || k.parallel() || !best->parallel()) best = &k;
  }
  if (best == nullptr)
    throw std::logic_error("no kernel registered for " + std::string(problem_name(p)));
  return *best;
}

void check_n(const KernelInfo& k, int n) {
  if (n < k.min_n || n > k.max_n)
    throw std::invalid_argument("kernel '" + std::string(k.name) + "' accepts n from " +
                                std::to_string(k.min_n) + " to " + std::to_string(k.max_n) +
                                ", got " + std::to_string(n));
}

}  // namespace sb
