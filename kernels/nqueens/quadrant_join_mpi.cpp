// quadrant-join-mpi: the quadrant-join kernel (see quadrant_join.cpp) distributed over MPI
// ranks, each running `threads` oneTBB threads.
//
// Algorithm: that of quadrant-join, unchanged. Work split: the piece list of quadrant-join-tbb
// (quadrant_join_pieces; every rank builds it from n and the ranks check that their lists agree).
// Rank 0 hands out piece ids dynamically, in list order, to the ranks that ask, solves pieces on
// its own threads too, adds up the 64-bit subtotals (Q, Burnside's rotation terms, nodes) and
// broadcasts the sum (src/core/pieces_mpi.cpp). Every rank builds its own quadrant tables when
// it solves its first piece (memory: that of quadrant-join-tbb on every rank). Results and node
// counts are identical to quadrant-join for every rank and thread count. Journal and resume as
// quadrant-join-tbb, on rank 0. Limits: 1 <= n <= 23; at most as many ranks as pieces.
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/quadrant_join.hpp"

namespace sb::nqueens {

Result quadrant_join_mpi(const Params& p) {
  validate(p, 1, quadrants::kMaxN, "quadrant-join-mpi");
  const PieceRun r = run_pieces_mpi(quadrant_join_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], quadrant_unique(p.n, r.total.v[0], r.total.v[1]), r.total.v[2],
                r.threads, r.ranks};
}

}  // namespace sb::nqueens
