// vcf: victory by continuous fours for the player to move, with src/mnk's VcfSearch (threats.hpp:
// depth-first over the moves that make a four, the defender's block forced, a five or a four
// with two five points wins, failed positions remembered by Zobrist hash; Allis 1994, ch. 5).
// Serial; any board the gomoku rules allow; at most kThreatNodeBudget nodes (then `exhausted`).
#include "gomoku/engine.hpp"
#include "gomoku/gomoku.hpp"

namespace sb::gomoku {

Result vcf(const Params& p) {
  const Game g = [&] {
    Game x(p.position.rules);
    for (int c : p.position.moves) x.play(c);
    return x;
  }();
  const ThreatResult t = solve_vcf(g, kThreatNodeBudget);
  Result r;
  r.method = Method::kVcf;
  r.win = t.win;
  r.exhausted = t.exhausted;
  r.line = t.line;
  r.move = t.line.empty() ? -1 : t.line[0];
  r.nodes = t.nodes;
  return r;
}

}  // namespace sb::gomoku
