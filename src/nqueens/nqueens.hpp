// N-queens counting: the parameters and result shared by every kernel of problem "nqueens".
#pragma once

#include <cstdint>
#include <string>

#include "core/pieces.hpp"
#include "core/progress.hpp"

namespace sb::nqueens {

/// Input of an N-queens counting kernel.
struct Params {
  int n = 8;        ///< board size (n x n board, n queens); each kernel states its valid range
  int threads = 1;  ///< worker threads, >= 1; serial kernels ignore it and report 1
  Progress* progress = nullptr;  ///< optional: advanced as subproblems finish (may stay untouched)
  /// Optional, for kernels that run a piece list (src/core/pieces.hpp; registered with
  /// `pieces`): pieces already finished (skipped, their subtotals added) and a callback per piece
  /// finished now. Other kernels ignore it. The caller does the I/O (journal) in the callback.
  const PieceHooks* pieces = nullptr;
};

/// Output of an N-queens counting kernel. All counters are 64-bit.
struct Result {
  std::uint64_t total = 0;  ///< Q(n): solutions (OEIS A000170)
  std::uint64_t unique =
      0;                    ///< U(n): solutions up to the 8 symmetries of the square (OEIS A002562)
  std::uint64_t nodes = 0;  ///< queen placements tried (naive-*: complete placements tested)
  int threads = 1;          ///< threads actually used (per rank)
  int ranks = 1;            ///< MPI ranks used (1 for every kernel but the MPI ones)
};

/// A kernel: a pure function from parameters to result, no I/O and no timing.
/// Throws std::invalid_argument when p.n is outside the kernel's range or p.threads is outside
/// 1..kMaxThreads (src/limits.hpp).
using Kernel = Result (*)(const Params& p);

// The kernel ladder (kernels/nqueens/*.cpp). Ranges and registration: src/nqueens/problem.cpp.
Result naive_full_check(const Params& p);   ///< all C(n^2, n) placements, each checked alone
Result naive_bitparallel(const Params& p);  ///< all C(n^2, n) placements, last two bit-parallel
Result backtrack_squares(const Params& p);  ///< square-by-square backtracking, full checks
Result backtrack_rows(const Params& p);     ///< one queen per row, occupancy arrays
Result bitboard(const Params& p);           ///< one queen per row, bit masks, explicit stack
Result bitboard_sym(const Params& p);       ///< bitboard with D4 symmetry reduction
Result bitboard_sym_tbb(const Params& p);   ///< bitboard_sym split into oneTBB tasks (with TBB)
Result bitboard_sym_omp(const Params& p);   ///< bitboard_sym on OpenMP threads (with OpenMP)
Result constellation(const Params& p);      ///< border queens pre-placed up to D4, SIMD row search
Result constellation_tbb(const Params& p);  ///< constellation's pieces as oneTBB tasks (with TBB)
Result quadrant_join(const Params& p);      ///< half boards joined from quadrant placements
Result quadrant_join_tbb(const Params& p);  ///< quadrant-join's pieces as oneTBB tasks (with TBB)
Result bitboard_sym_mpi(const Params& p);   ///< bitboard_sym's pieces over MPI ranks (with MPI)
Result constellation_mpi(const Params& p);  ///< constellation's pieces over MPI ranks (with MPI)
Result quadrant_join_mpi(const Params& p);  ///< quadrant-join's pieces over MPI ranks (with MPI)

/// The piece list of the bitboard-sym kernels (sym::PieceCut, kernels/nqueens/sym_search.hpp) for
/// the n x n board, 1 <= n <= 32: scheme "bitboard-sym", subtotals total, unique, nodes. The
/// parallel bitboard-sym kernels all run this list. Throws std::invalid_argument for other n.
PieceList bitboard_sym_pieces(int n);

/// The piece list of the constellation kernels (constellations::pieces, largest estimated first,
/// kernels/nqueens/constellation.hpp) for the n x n board, 1 <= n <= 32: scheme "constellation",
/// subtotals total, unique, nodes, batches of 8. constellation-tbb and -mpi run this list.
/// Throws std::invalid_argument for other n.
PieceList constellation_pieces(int n);

/// The piece list of the quadrant-join kernels (kernels/nqueens/quadrant_join.cpp) for the n x n
/// board, 1 <= n <= 23: scheme "quadrant-join", subtotals total (Q(n)), rotation_terms (F180 +
/// 2 F90, the rotations' terms of Burnside's lemma, all in piece 0) and nodes. The quadrant
/// tables are built by the first piece solved, not by this call. quadrant-join-tbb and -mpi run
/// this list. Throws std::invalid_argument for other n.
PieceList quadrant_join_pieces(int n);

/// U(n) from Q(n) and the rotation terms F180 + 2 F90 (Burnside's lemma: no solution of n >= 2
/// is fixed by a reflection); 1 for n = 1. Throws std::logic_error when the sum is not a
/// multiple of 8 (a wrong count).
std::uint64_t quadrant_unique(int n, std::uint64_t total, std::uint64_t rotation_terms);

/// Largest n accepted by the bit-parallel kernels: one bit per column (bit i = column i) in a
/// 64-bit word, so that diagonal masks shifted left by one cannot lose bits before they are masked.
inline constexpr int kMaxBitN = 32;

}  // namespace sb::nqueens

namespace sb::nqueens {

/// Throws std::invalid_argument naming `kernel` when p.n is outside [min_n, max_n] or
/// p.threads is outside 1..kMaxThreads. Every kernel calls it first.
void validate(const Params& p, int min_n, int max_n, const char* kernel);

/// C(n^2, n), the placements of n queens on the n^2 squares (what the naive-* kernels test), as
/// a double.
double placements(int n);

/// C(n^2, n) as text: exact with digit grouping while it fits in 128 bits, else in scientific
/// notation ("about 1.234e+34").
std::string placements_text(int n);

}  // namespace sb::nqueens
