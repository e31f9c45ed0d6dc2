// bitboard-sym-omp: bitboard-sym (see bitboard_sym.cpp) on OpenMP threads.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the same fixed
// piece list as bitboard-sym-tbb (sym::PieceCut), handed out one piece at a time by an OpenMP
// loop with dynamic scheduling; each thread sums into 64-bit private counters that a reduction
// adds up at the end (src/core/pieces_omp.cpp). Results and node counts are identical to
// bitboard-sym for any thread count; Result::threads is the size of the team OpenMP really formed
// (OMP_THREAD_LIMIT may cap it below p.threads). Journal and resume as bitboard-sym-tbb.
// Limits: 1 <= n <= 32.
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

Result bitboard_sym_omp(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-omp");
  const PieceRun r = run_pieces_omp(bitboard_sym_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], r.total.v[1], r.total.v[2], r.threads, r.ranks};
}

}  // namespace sb::nqueens
