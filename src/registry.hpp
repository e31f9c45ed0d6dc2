// The kernel registry: every kernel the CLI, the benchmark harness and the tests know about.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "nqueens.hpp"
#include "queens_game.hpp"

namespace sb {

/// The search problems searchbench covers.
enum class Problem { kNQueens, kQueensGame };

/// Command-line name of a problem: "nqueens" or "queens-game".
std::string_view problem_name(Problem p);

/// One registered kernel.
struct KernelInfo {
  std::string_view name;     ///< command-line name, unique within its problem, e.g. "bitboard-sym"
  Problem problem;           ///< the problem it solves
  std::string_view backend;  ///< "serial", "tbb" or "openmp"
  int min_n;                 ///< smallest accepted board size
  int max_n;                 ///< largest accepted board size (queens-game: largest rows * cols)
  std::string_view summary;  ///< one line: the algorithm
  nqueens::Kernel nqueens = nullptr;          ///< set for Problem::kNQueens
  queens_game::Kernel queens_game = nullptr;  ///< set for Problem::kQueensGame

  bool parallel() const { return backend != "serial"; }
};

/// Every kernel built into this binary, in ladder order (slowest first) within each problem.
const std::vector<KernelInfo>& kernels();

/// The kernel called name for problem p, or nullptr.
const KernelInfo* find_kernel(Problem p, std::string_view name);

/// Names of problem p's kernels joined with ", " (for error messages).
std::string kernel_names(Problem p);

/// The default kernel for problem p: the fastest parallel one built, else the fastest serial one.
const KernelInfo& default_kernel(Problem p);

/// Throws std::invalid_argument with a clear message when n is outside k's range.
void check_n(const KernelInfo& k, int n);

}  // namespace sb
