// The serial solve of the kernels memo (no symmetry) and memo-sym (canonical keys): one engine
// (engine.hpp) on one transposition table; the start position, or with --all-moves or
// --move-grundy each first-move class (first_moves.hpp) in turn; then the Grundy value of the
// start with --grundy. Work split: none (serial). Limits: rows * cols <= kMaxSquares (368).
#pragma once

#include <algorithm>
#include <atomic>
#include <vector>

#include "engine.hpp"
#include "first_moves.hpp"
#include "geometry.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"
#include "table.hpp"

namespace sb::queens_game::detail {

/// The serial solve of memo (sym = false) and memo-sym (sym = true).
template <int W>
Result solve_serial(const Params& p, bool sym) {
  const Geometry<W> g(p.rows, p.cols, sym);
  Table<W, false> tt(budget(p));
  Stats st;
  Engine<W, false> e(g, tt, st);
  Result r;
  const Set<W> start = position_after(g, p.queens);
  if (p.all_moves || p.move_grundy) {
    const FirstMoves<W> fm(g);
    if (p.progress) p.progress->total.store(fm.child.size(), std::memory_order_relaxed);
    std::vector<char> lost;
    std::vector<int> values;
    for (const auto& c : fm.child) {
      if (p.misere) {
        lost.push_back(!e.wins_misere(c));
      } else if (p.move_grundy) {
        values.push_back(e.grundy(c));
        lost.push_back(values.back() == 0);
      } else {
        lost.push_back(!e.wins(c, 0));
      }
      if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
    }
    if (p.all_moves)
      collect_first_moves(fm, lost, r);
    else
      r.first_player_wins = std::find(lost.begin(), lost.end(), 1) != lost.end();
    if (p.move_grundy) collect_move_grundy(fm, values, g.n, r);
  } else {
    r.first_player_wins = p.misere ? e.wins_misere(start) : e.wins(start, 0);
  }
  if (p.grundy) r.grundy = e.grundy(start);
  r.nodes = st.nodes;
  r.positions = st.stored;
  r.threads = 1;
  return r;
}

}  // namespace sb::queens_game::detail
