// pns-pieces-mpi, pns-reply-pieces-mpi and alphabeta-tt-pieces-mpi: pns-pieces, pns-reply-pieces
// and alphabeta-tt-pieces (see first_move_pieces.cpp) with their pieces spread over MPI ranks,
// each running `threads` oneTBB threads.
//
// Algorithm: that of the -pieces kernels, unchanged: one piece per class of legal moves under
// the symmetries that fix the position (or per class of replies to each), each solved exactly by
// the serial kernel (pns or alphabeta-tt) on its own bounded table, the position's value the best
// of its moves'. Work split: the same piece list (every rank builds it from the instance and the
// ranks check that their lists agree); rank 0 hands out piece ids in list order to the ranks that
// ask, solves pieces on its own threads too, and broadcasts every piece's value, so that every rank
// returns the same result (src/core/pieces_mpi.cpp, run_pieces_by_id in src/core/pieces_run.hpp).
// With one rank (no mpirun: Open MPI's singleton) rank 0 works alone. Values equal the -pieces
// kernels' for every rank and thread count. Journal and resume as they do, on rank 0. Memory:
// --max-memory / threads per running piece, on every rank. Limits: as the inner kernel; at most
// as many ranks as pieces (6 on the empty 4 x 4 board, 10 on 7 x 7).
#include "mnk/mnk.hpp"

namespace sb::mnk {

Result pns_pieces_mpi(const Params& p) {
  return solve_first_move_pieces(p, pns, "pns-pieces-mpi", true);
}

Result pns_reply_pieces_mpi(const Params& p) {
  return solve_reply_pieces(p, "pns-reply-pieces-mpi", true);
}

Result alphabeta_tt_pieces_mpi(const Params& p) {
  return solve_first_move_pieces(p, alphabeta_tt, "alphabeta-tt-pieces-mpi", true);
}

}  // namespace sb::mnk
