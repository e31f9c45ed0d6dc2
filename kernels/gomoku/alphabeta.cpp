// alphabeta: the gomoku engine's search to a fixed depth (kernels/gomoku/engine_impl.hpp): iterative
// deepening principal variation search with a transposition table (Zobrist keys, src/mnk's
// bounded table), a five or a block first, VCF wins and null-move VCF threat pruning at every
// node, pattern-ordered moves within two of a stone (a beam of 8 to 14), late-move reductions,
// and the incremental window ("tuple") evaluation. Serial and deterministic (nodes included).
#include "alphabeta_result.hpp"

namespace sb::gomoku {

Result alphabeta(const Params& p) {
  return alphabeta_search(p, 1);
}

}  // namespace sb::gomoku
