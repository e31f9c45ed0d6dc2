// memo: game-tree search with a transposition table keyed on the free-square set (no symmetry).
// Algorithm (engine.hpp): the free squares are split into connected components of the attack graph;
// under normal play the outcome of (largest component, nim heap h = XOR of the other components'
// Grundy values) is searched with early cutoff at the first winning move, children ordered by
// fewest free squares left, after an enhanced transposition cutoff (children already proved lost
// in the table, their buckets prefetched); components of at most 4 squares get their Grundy value
// by mex, larger ones by outcome searches of C + *h for h = 0, 1, ... Positions of at most 32
// squares are renumbered into one 32-bit word and searched the same way with a private memo
// (local_solver.hpp); their results for more than 20 squares also go to the table.
// Misere play searches the outcome directly (no decomposition). The table is bounded by
// --max-memory (replacement when full). Work split: none (serial). Limits: rows * cols <=
// kMaxSquares (368).
#include "queens_game/queens_game.hpp"
#include "solve_serial.hpp"
#include "square_set.hpp"

namespace sb::queens_game {

Result memo(const Params& p) {
  validate(p, "memo");
  return detail::dispatch_words(p.rows * p.cols,
                                [&]<int W>() { return detail::solve_serial<W>(p, false); });
}

}  // namespace sb::queens_game
