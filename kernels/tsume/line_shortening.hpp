// Line shortening: the questions a helper asks about the longest line of a long mate while the
// post-search's root query "mate within L - 2?" is being searched, so that the root query finds
// shorter mates below it already proved.
//
// Method: the post-search's root query of a long mate (Microcosmos: 1,525 plies) has to find,
// somewhere along a line of more than a thousand plies, where the attacker can mate sooner; a
// depth-limited df-pn query reaches such a place only after its disproofs near the line's end
// propagate back up. The line of the current length L is read from the table (mating_line:
// the stored proof moves, the defender's longest stored evasion); from its end towards the
// root, each attacker position on it with h plies left is asked "mated within h - 2?", each
// question with its own small node budget. Every answer is a fact about one position stored in
// the shared table, so the root query, when it reaches such a position, reads it instead of
// searching there. (Asking also the defender's other evasions on the line "mated within
// h - 4?" was measured and not kept: no faster. Suffix questions asked by the one searcher
// itself before each query were tried in the single-thread post-search and dropped on
// 2026-12-05: another path, no faster; here a second searcher asks them while the first
// searches the root query.)
//
// Work split: one helper thread (dfpn-tbb's searcher 1); `ask` is its bounded query. Limits:
// attacker positions with fewer than kLineShorteningMinPlies plies left are not asked (their
// questions are settled by the root query's exhaustive last plies); `stop()` is polled between
// questions. No I/O, no timing.
#pragma once

#include <vector>

#include "dfpn_table.hpp"
#include "post_search.hpp"
#include "repetition_path.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// What a pass asked: questions, and how many were answered "yes, within the bound".
struct LineShortening {
  int asked = 0;
  int shortened = 0;
};

/// Attacker positions of the line with fewer plies left are not asked.
inline constexpr int kLineShorteningMinPlies = 9;

/// One pass over the line of `len` plies from root (attacker to move) that the table shows:
/// ask(pos, bound, path) asks "is pos (attacker to move) mated within bound plies?", path
/// holding the line's positions before it, and returns true for yes (it may throw; a budget is
/// the caller's). stop() ends the pass between questions. Nothing is asked when the table
/// shows no line of exactly len plies.
template <bool kShared, class Ask, class Stop>
LineShortening shorten_line(Table<kShared>& tt, const Position& root, Color attacker, int len,
                            Interpositions rule, Ask&& ask, Stop&& stop) {
  LineShortening out;
  const std::vector<Move> line = mating_line(tt, root, attacker, len, rule);
  if (static_cast<int>(line.size()) != len) return out;
  std::vector<Position> pos;  // pos[k]: the line's position after k plies
  pos.reserve(line.size());
  Position q = root;
  for (const Move m : line) {
    pos.push_back(q);
    Undo u;
    q.do_move(m, u);
  }
  // attacker positions at even plies k; mates are an odd number of plies, so k = len - 1 is the
  // last (one ply left)
  PathSet path;  // the line's positions before the one asked (plies 0..k - 1), popped as k falls
  for (const Position& p : pos) path.push(p.key());
  int top = len;
  for (int k = (len - 1) & ~1; k >= 0; k -= 2) {
    const int h = len - k;
    if (h < kLineShorteningMinPlies) continue;
    if (stop()) break;
    while (top > k) path.pop(pos[--top].key());
    Position x = pos[k];
    ++out.asked;
    if (ask(x, h - 2, path)) ++out.shortened;
  }
  return out;
}

}  // namespace sb::tsume::detail
