// bitboard-sym-mpi: bitboard-sym (see bitboard_sym.cpp) distributed over MPI ranks, each running
// `threads` oneTBB threads.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the same fixed
// piece list as bitboard-sym-tbb (sym::PieceCut; every rank builds it from n and the ranks check
// that their lists agree). Rank 0 hands out piece ids dynamically, in list order, to the ranks
// that ask (each asks before it runs dry), solves pieces on its own threads too, adds up the
// 64-bit subtotals (Q, U, nodes) of every piece and broadcasts the sum
// (src/core/pieces_mpi.cpp: protocol and polling). With one rank (mpirun -np 1, or no mpirun:
// Open MPI's singleton) rank 0 works alone. Results and node counts are identical to
// bitboard-sym for every rank and thread count. Journal and resume as bitboard-sym-tbb, on rank
// 0. MPI is the kernel's transport; it does no file or terminal I/O. Limits: 1 <= n <= 32; at
// most as many ranks as pieces (7 at n = 8, 81 at n = 12, thousands from n = 15).
#include "core/pieces_run.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

Result bitboard_sym_mpi(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-mpi");
  const PieceRun r = run_pieces_mpi(bitboard_sym_pieces(p.n), p.threads, p.progress, p.pieces);
  return Result{r.total.v[0], r.total.v[1], r.total.v[2], r.threads, r.ranks};
}

}  // namespace sb::nqueens
