// vct: victory by continuous threats for the player to move (kernels/gomoku/engine_impl.hpp): the
// attacker plays fours, open threes and moves making two threes; after each threat the defender
// may play any move that breaks the attacker's VCF (found with a free move, src/mnk
// replay_wins), and every such defence must lose; iterative deepening on the number of threes
// (at most 7). Serial; at most kThreatNodeBudget nodes (then `exhausted`).
#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku {

Result vct(const Params& p) {
  Game g(p.position.rules);
  for (int c : p.position.moves) g.play(c);
  const ThreatResult t = solve_vct(g, 7, kThreatNodeBudget);
  Result r;
  r.method = Method::kVct;
  r.win = t.win;
  r.exhausted = t.exhausted;
  r.line = t.line;
  r.move = t.line.empty() ? -1 : t.line[0];
  r.nodes = t.nodes;
  return r;
}

}  // namespace sb::gomoku
