// alphabeta-tbb: the alphabeta kernel with lazy SMP (src/gomoku/engine.cpp): `threads` searchers
// on their own boards search the same root in a oneTBB task arena of that many threads (global
// control max_allowed_parallelism), sharing one transposition table; helpers take the later root
// moves in a rotated order and half of them one ply deeper. The main searcher's result is
// reported; node counts vary from run to run (not part of the signature).
#include "core/limits.hpp"
#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku {

Result alphabeta_tbb(const Params& p) {
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument("alphabeta-tbb: threads must be from 1 to " +
                                std::to_string(kMaxThreads));
  Game g(p.position.rules);
  for (int c : p.position.moves) g.play(c);
  const Choice c =
      search_fixed_depth(g, p.position.depth, p.threads, p.max_memory ? p.max_memory : 64ull << 20);
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
  r.threads = c.threads;
  return r;
}

}  // namespace sb::gomoku
