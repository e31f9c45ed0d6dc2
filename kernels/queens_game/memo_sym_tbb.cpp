// memo-sym-tbb: the memo-sym search (engine.hpp, memo_sym.cpp) run by `threads` oneTBB workers at
// once, all sharing one transposition table (lock-free reads, a spin lock per segment for
// writes) and one set of the positions being searched, in the manner of ABDADA (Weill, "The
// ABDADA distributed minimax search algorithm", ICCA Journal 19(1), 1996; busy_set.hpp).
// Work split: every thread runs the whole serial search. At a position of the search, the first
// child is searched by whichever threads arrive (so no thread starts a sibling that a win in the
// first child would make useless); each later child of at least kBusyMin free squares that
// another thread is already searching is put off until the thread has tried the other children,
// and by then its result is usually in the table. So the threads spread over the children of the
// positions where every child must be searched (lost positions, and each first move with
// --all-moves: first-move classes are taken from a shared list, then the unfinished ones are
// joined), and meet again through the table. No thread waits for another, and no result is ever
// partial: the table holds only exact values, each thread's answer is the serial answer, and the
// first thread to finish stops the others. Outcomes, winning moves and Grundy values are
// identical to the serial kernels; node and position counts vary from run to run.
// Limits: rows * cols <= kMaxSquares (368).
#include <oneapi/tbb/task_group.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "busy_set.hpp"
#include "core/tbb_threads.hpp"
#include "engine.hpp"
#include "first_moves.hpp"
#include "geometry.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"
#include "table.hpp"

namespace sb::queens_game {
namespace {

/// Per-thread counters, each on its own cache line.
struct alignas(64) PaddedStats {
  detail::Stats s;
};

template <int W>
struct Search {
  using S = detail::Set<W>;
  using Eng = detail::Engine<W, true>;

  const Params& p;
  const detail::Geometry<W>& g;
  detail::Table<W, true>& tt;
  const detail::FirstMoves<W>& fm;
  detail::Busy busy;
  std::atomic<bool> stop{false};
  // With --all-moves: per first-move class, 0 free, 1 taken, 2 lost, 3 won (after the move).
  std::vector<std::atomic<int>> cls;
  std::vector<std::atomic<int>> value;  // with move_grundy: per class, its Grundy value
  std::once_flag answered;
  Result r;

  Search(const Params& p_, const detail::Geometry<W>& g_, detail::Table<W, true>& tt_,
         const detail::FirstMoves<W>& fm_)
      : p(p_), g(g_), tt(tt_), fm(fm_), cls(fm_.child.size()), value(fm_.child.size()) {
    for (auto& c : cls) c.store(0, std::memory_order_relaxed);
  }

  /// Outcome of first-move class i (true: the position after the move is lost for the player
  /// to move, so the move wins), recorded once.
  void classify(Eng& e, std::size_t i) {
    bool lost;
    if (p.misere) {
      lost = !e.wins_misere(fm.child[i]);
    } else if (p.move_grundy) {
      const int v = e.grundy(fm.child[i]);
      value[i].store(v);  // every thread that gets here stores the same value
      lost = v == 0;
    } else {
      lost = !e.wins(fm.child[i], 0);
    }
    int want = 1;
    if (cls[i].compare_exchange_strong(want, lost ? 2 : 3) ||
        (want = 0, cls[i].compare_exchange_strong(want, lost ? 2 : 3)))
      if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
  }

  /// One thread's whole search; the first to finish records the answer and stops the others.
  void run(detail::Stats& st) {
    Eng e(g, tt, st, &stop, &busy);
    Result mine;
    const S start = detail::position_after(g, p.queens);
    try {
      if (p.all_moves || p.move_grundy) {
        for (std::size_t i = 0; i < cls.size(); ++i) {  // free classes first
          int want = 0;
          if (cls[i].compare_exchange_strong(want, 1)) classify(e, i);
        }
        for (std::size_t i = 0; i < cls.size(); ++i)  // then help with the unfinished ones
          if (cls[i].load() < 2) classify(e, i);
        std::vector<char> lost(cls.size());
        for (std::size_t i = 0; i < cls.size(); ++i) lost[i] = cls[i].load() == 2;
        if (p.all_moves)
          detail::collect_first_moves(fm, lost, mine);
        else
          mine.first_player_wins = std::find(lost.begin(), lost.end(), 1) != lost.end();
        if (p.move_grundy) {
          std::vector<int> v(value.size());
          for (std::size_t i = 0; i < v.size(); ++i) v[i] = value[i].load();
          detail::collect_move_grundy(fm, v, g.n, mine);
        }
      } else {
        mine.first_player_wins = p.misere ? e.wins_misere(start) : e.wins(start, 0);
      }
      if (p.grundy) mine.grundy = e.grundy(start);  // the least h with start + *h lost
    } catch (const detail::Aborted&) {
      return;  // another thread finished first
    }
    std::call_once(answered, [&] {
      r = std::move(mine);
      stop.store(true);
    });
  }
};

}  // namespace

Result memo_sym_tbb(const Params& p) {
  validate(p, "memo-sym-tbb");
  return detail::dispatch_words(p.rows * p.cols, [&]<int W>() {
    const detail::Geometry<W> g(p.rows, p.cols, true);
    detail::Table<W, true> tt(detail::budget(p));
    const detail::FirstMoves<W> fm(g);
    if ((p.all_moves || p.move_grundy) && p.progress)
      p.progress->total.store(fm.child.size(), std::memory_order_relaxed);
    auto search = std::make_unique<Search<W>>(p, g, tt, fm);
    std::vector<PaddedStats> stats(p.threads);
    TbbThreads pool(p.threads);  // exactly p.threads workers, also more than there are cores
    pool.arena.execute([&] {
      tbb::task_group tg;
      for (int t = 0; t < p.threads; ++t) tg.run([&, t] { search->run(stats[t].s); });
      tg.wait();
    });
    Result r = std::move(search->r);
    for (const auto& s : stats) {
      r.nodes += s.s.nodes;
      r.positions += s.s.stored;
    }
    r.threads = pool.used();
    return r;
  });
}

}  // namespace sb::queens_game
