// The full-width kernels' driver (andor, andor-tt): iterative deepening on the mate length
// 1, 3, 5, ..., a full-width AND/OR search to each depth, so the first mate found is the
// shortest, and a depth at which no line reached the limit proves that no mate exists: the
// method of the article "詰め将棋ルーチン製作" (making a tsume-shogi routine), which andor
// follows.
//
// One thread. Limits: Params (nodes, time, stop flag: Aborted) and max_length, the deepest depth
// tried.
#pragma once

#include <atomic>
#include <chrono>

#include "main_line.hpp"
#include "repetition_path.hpp"
#include "search_limits.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// The full-width kernels' driver: attack(root, len) for len = 1, 3, 5, ...
/// (up to p.max_length when it is not 0), so the first mate found is the shortest. Fills
/// res.outcome, mate_length, length_proven, no_mate_within and, with p.main_line, the main line; a
/// depth at which no line reached the limit (search.cut stayed false) proves no mate.
/// `reset(search)` runs before each depth; an Aborted search sets res.stopped and drops an
/// unfinished main line. With p.progress, Progress::bound is the longest length excluded so far (no
/// mate within it). The mate found is recorded in res.mates_found. Search has
/// attack/defend(Position&, int plies, PathSet&), a bool `cut` and `lim.nodes`.
template <class Search, class Reset>
void deepen(const Params& p, Search& s, Result& res, Reset reset) {
  const auto start = std::chrono::steady_clock::now();
  Position root = p.root;
  int excluded = 0;  // no mate within this many plies
  try {
    for (int len = 1; p.max_length == 0 || len <= p.max_length; len += 2) {
      reset(s);
      PathSet path;
      path.push(root.key());
      if (s.attack(root, len, path)) {
        res.outcome = Outcome::kMate;
        res.mate_length = len;
        res.length_proven = true;
        const std::chrono::duration<double> t = std::chrono::steady_clock::now() - start;
        res.mates_found.push_back({len, s.lim.nodes, t.count()});
        res.proved = res.mates_found.back();
        if (p.main_line) {
          auto oracle = [&](Position& pos, int r, PathSet& pp) {
            return pos.side_to_move() == p.root.side_to_move() ? s.attack(pos, r, pp)
                                                               : s.defend(pos, r, pp);
          };
          MainLine<decltype(oracle)> ml(oracle, 4000, p.interpositions);
          res.main_line = ml.best(root, len, true, path).first;
        }
        break;
      }
      if (!s.cut) {
        res.outcome = Outcome::kNoMate;
        break;
      }
      excluded = len;
      // shown by the progress line as "no mate within len plies"
      if (p.progress) p.progress->bound.store(len, std::memory_order_relaxed);
    }
    if (res.outcome == Outcome::kUnknown) res.no_mate_within = excluded;  // max_length reached
  } catch (const Aborted&) {
    res.stopped = true;
    if (res.outcome == Outcome::kMate) res.main_line.clear();
  }
  res.nodes = s.lim.nodes;
}

}  // namespace sb::tsume::detail
