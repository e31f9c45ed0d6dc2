// memo-sym: memo (see memo.cpp and engine.hpp) with every table key put into canonical form under
// the board's symmetries: the least image of the free-square set under the 8 maps of a square
// board (4 of a non-square rectangle). Each position carries its images, and a child's images
// are the parent's minus the images of the squares the move attacks (nsym * W word operations).
// With --all-moves only one first move per symmetry class is searched. Half-turn rule: a
// position equal to its half-turn image, in which no square attacks its image, is lost for the
// player to move (the opponent mirrors every move; Jenrich's strategy for odd boards), so it is
// not searched. Work split: none (serial). Limits: rows * cols <= kMaxSquares (368).
#include "queens_game/queens_game.hpp"
#include "solve_serial.hpp"
#include "square_set.hpp"

namespace sb::queens_game {

Result memo_sym(const Params& p) {
  validate(p, "memo-sym");
  return detail::dispatch_words(p.rows * p.cols,
                                [&]<int W>() { return detail::solve_serial<W>(p, true); });
}

}  // namespace sb::queens_game
