// constellation-tbb: the constellation kernel (see constellation.cpp) with its pieces solved by
// oneTBB tasks.
//
// Algorithm: that of constellation, unchanged. Work split: the piece list of pieces(n)
// (constellation_pieces: thousands at n >= 16, sorted by estimated size, largest first), cut
// into batches of 8 consecutive pieces (searched in turn on the SIMD engine); one task per thread
// of a task arena of `threads` workers takes the next batch from a shared counter until none is
// left, so the large pieces go first and the small ones fill the end (src/core/pieces_tbb.cpp).
// Each task adds into a 64-bit partial sum of its own thread, reduced at the end: counts and node
// counts are identical to constellation for any thread count. Journal and resume
// (Params::pieces): finished pieces are skipped and their subtotals added; each piece searched is
// reported. Progress: pieces done of pieces(n).size(). Limits: 1 <= n <= 32.
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

Result constellation_tbb(const Params& p) {
  validate(p, 1, kMaxBitN, "constellation-tbb");
  const PieceRun r = run_pieces_tbb(constellation_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], r.total.v[1], r.total.v[2], r.threads, r.ranks};
}

}  // namespace sb::nqueens
