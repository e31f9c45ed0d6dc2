// quadrant-join-tbb: the quadrant-join kernel (see quadrant_join.cpp) with its pieces solved by
// oneTBB tasks.
//
// Algorithm: that of quadrant-join, unchanged. Work split: the piece list of
// quadrant_join_pieces(n): piece 0 is the search of the solutions fixed by the half and quarter
// turns (Burnside's rotation terms), pieces 1 .. are consecutive runs of the canonical east row
// sets (at most 1,024 runs); one task per thread of a task arena of `threads` workers takes the
// next piece from a shared counter until none is left (src/core/pieces_tbb.cpp). The quadrant
// tables are built once, by the first piece that needs them, and shared read-only by the
// threads; each thread has its own join and bucket buffers. Counts and node counts are those of
// quadrant-join for any thread count. Journal and resume (Params::pieces): finished pieces are
// skipped and their subtotals added; each piece solved is reported. Progress: pieces done.
// Limits: 1 <= n <= 23; memory: the tables of quadrant-join plus the buffers of each thread.
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/quadrant_join.hpp"

namespace sb::nqueens {

Result quadrant_join_tbb(const Params& p) {
  validate(p, 1, quadrants::kMaxN, "quadrant-join-tbb");
  const PieceRun r = run_pieces_tbb(quadrant_join_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], quadrant_unique(p.n, r.total.v[0], r.total.v[1]), r.total.v[2],
                r.threads, r.ranks};
}

}  // namespace sb::nqueens
