// memo-sym-pieces-mpi: memo-sym-pieces (see memo_sym_pieces.cpp) with its pieces spread over MPI
// ranks, each running `threads` oneTBB threads.
//
// Algorithm: that of memo-sym-pieces, unchanged: one piece per first-move class under the
// board's symmetries, each a memo-sym search on the rank's one bounded table, the values combined
// by mex (Grundy values) or by "some move wins". Work split: the same piece list (every rank builds
// it from the instance and the ranks check that their lists agree); rank 0 hands out piece ids in
// list order (heaviest first) to the ranks that ask, solves pieces on its own threads too, and
// broadcasts every piece's value, so that every rank returns the same result
// (src/core/pieces_mpi.cpp, run_pieces_by_id in src/core/pieces_run.hpp). With one rank (no
// mpirun: Open MPI's singleton) rank 0 works alone. Values equal memo-sym-pieces' for every rank
// and thread count; node counts depend on which pieces each thread solved before. Journal and
// resume as memo-sym-pieces, on rank 0. Memory: one table of --max-memory on every rank, shared
// by its threads. Limits: as memo-sym-pieces; at most as many ranks as pieces (10 on 8 x 8, 45 on
// 17 x 17). memo-sym-reply-pieces-mpi: the same for memo-sym-reply-pieces' pieces.
#include "queens_game/queens_game.hpp"

namespace sb::queens_game {

Result memo_sym_pieces_mpi(const Params& p) {
  return memo_sym_pieces_on(p, "memo-sym-pieces-mpi", true, 1);
}

Result memo_sym_reply_pieces_mpi(const Params& p) {
  return memo_sym_pieces_on(p, "memo-sym-reply-pieces-mpi", true, 2);
}

}  // namespace sb::queens_game
