// bitboard-sym-tbb: bitboard-sym (see bitboard_sym.cpp) run as oneTBB tasks.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the search cut
// into bitboard-sym's fixed piece list (sym::PieceCut: partial boards down to row 4 or 5, 16 to a
// piece; thousands of pieces from n = 15 on), the same list for every thread count; one task per
// thread of a task arena of `threads` workers takes the next piece from a shared counter (the
// pieces are very uneven; taking them in order keeps the heavy first ones from ending up last on
// one thread), searches it (sym::solve_batch) and adds into a 64-bit partial sum of its own
// thread (src/core/pieces_tbb.cpp). Results and node counts are identical to bitboard-sym for any
// thread count. Journal and resume (Params::pieces): finished pieces are skipped and their
// subtotals added; each piece searched is reported. Limits: 1 <= n <= 32.
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

Result bitboard_sym_tbb(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-tbb");
  const PieceRun r = run_pieces_tbb(bitboard_sym_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], r.total.v[1], r.total.v[2], r.threads, r.ranks};
}

}  // namespace sb::nqueens
