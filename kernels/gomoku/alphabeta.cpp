// alphabeta: the gomoku engine's search to a fixed depth (src/gomoku/engine_impl.hpp): iterative
// deepening principal variation search with a transposition table (Zobrist keys, src/mnk's
// bounded table), a five or a block first, VCF wins and null-move VCF threat pruning at every
// node, pattern-ordered moves within two of a stone (a beam of 8 to 14), late-move reductions,
// and the incremental window ("tuple") evaluation. Serial and deterministic (nodes included).
#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku {

Result alphabeta(const Params& p) {
  Game g(p.position.rules);
  for (int c : p.position.moves) g.play(c);
  const Choice c =
      search_fixed_depth(g, p.position.depth, 1, p.max_memory ? p.max_memory : 64ull << 20);
  Result r;
  r.method = Method::kAlphaBeta;
  r.move = c.move;
  r.score = c.score;
  r.depth = c.depth;
  r.scored = true;
  r.line = c.line;
  r.win = c.score > kWinThreshold;
  r.nodes = c.nodes;
  r.plays = c.plays;
  r.threads = 1;
  return r;
}

}  // namespace sb::gomoku
