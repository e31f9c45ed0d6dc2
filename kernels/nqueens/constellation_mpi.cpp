// constellation-mpi: the constellation kernel (see constellation.cpp) distributed over MPI ranks,
// each running `threads` oneTBB threads.
//
// Algorithm: that of constellation, unchanged. Work split: the same piece list as
// constellation-tbb (constellation_pieces; every rank builds it from n and the ranks check that
// their lists agree). Rank 0 hands out piece ids dynamically, in list order (largest first), to
// the ranks that ask, solves pieces on its own threads too, adds up the 64-bit subtotals (Q, U,
// nodes) and broadcasts the sum (src/core/pieces_mpi.cpp). With one rank (no mpirun: Open MPI's
// singleton) rank 0 works alone. Results and node counts are identical to constellation for
// every rank and thread count. Journal and resume as constellation-tbb, on rank 0. Limits:
// 1 <= n <= 32; at most as many ranks as pieces.
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

Result constellation_mpi(const Params& p) {
  validate(p, 1, kMaxBitN, "constellation-mpi");
  const PieceRun r = run_pieces_mpi(constellation_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], r.total.v[1], r.total.v[2], r.threads, r.ranks};
}

}  // namespace sb::nqueens
