// The alphabeta kernels' shared last step: the engine's fixed-depth search to a kernel Result.
#pragma once

#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku {

/// Plays p.position's moves and searches the root to p.position.depth plies on `threads` searchers
/// (1: the serial search; more: lazy SMP; `pattern`: level 4's search) with p.max_memory bytes of
/// table (0: 64 MiB); the Result carries the engine's move, score, principal variation, nodes and
/// the threads used.
inline Result alphabeta_search(const Params& p, int threads, bool pattern = false) {
  Game g(p.position.rules);
  for (int c : p.position.moves) g.play(c);
  const Choice c = search_fixed_depth(g, p.position.depth, threads,
                                      p.max_memory ? p.max_memory : 64ull << 20, pattern);
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
