// pattern: gomoku level 4's search to a fixed depth (kernels/gomoku/pattern_search.hpp):
// iterative-deepening principal variation search on the incrementally classified board (each
// empty point's shape on its four lines and threat class kept up to date stone by stone), moves
// from threat classes (only the blocks and own fours against an open three, the points of the
// opponent's VCF against its threat), a VCF of the player to move at every node, a transposition
// table, killer moves and late-move reductions (Allis 1994, ch. 5, for the threat-space ideas).
// Serial and deterministic (nodes included). Limits: a beam of 9 to 16 moves, so not exhaustive.
#include "alphabeta_result.hpp"

namespace sb::gomoku {

Result pattern(const Params& p) {
  return alphabeta_search(p, 1, true);
}

}  // namespace sb::gomoku
