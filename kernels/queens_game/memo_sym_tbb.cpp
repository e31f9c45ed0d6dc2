// memo-sym-tbb: the memo-sym search (core.hpp, memo_sym.cpp) with independent subtrees run as
// oneTBB tasks in an arena of `threads` workers, all sharing one transposition table (buckets
// guarded by striped spin locks).
// Work split: with --all-moves, every symmetry class of first moves is a task (each needs a full
// evaluation). Inside a search, positions in the first kParDepth plies with at least kParMin
// free squares are split "young brothers wait": the first child (the most promising one) is
// searched alone; if it does not already win, the other children run in parallel, and the first
// one found losing for the opponent cancels its siblings (the cancelled subtrees unwind without
// storing anything, so the table only ever holds exact results). Misere play and the Grundy value
// of the start are searched the same way at the root only. Outcomes, winning moves and Grundy
// values are identical to the serial kernels; node and position counts vary from run to run.
// Limits: rows * cols <= 256.
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_group.h>

#include "core.hpp"
#include "core/tbb_threads.hpp"

namespace sb::queens_game {
namespace {

constexpr int kParDepth = 4;  // plies below the root that may split
constexpr int kParMin = 24;   // smallest position (free squares) worth splitting

bool canceling() {
  return tbb::is_current_task_group_canceling();
}

template <int W>
struct Parallel {
  using S = detail::Set<W>;
  using Eng = detail::Engine<W, true>;
  const detail::Geometry<W>& g;
  detail::Table<W, true>& tt;
  tbb::enumerable_thread_specific<detail::Stats>& stats;
  Progress* progress = nullptr;  // at the root: children done / children

  Eng engine() { return Eng(g, tt, stats.local(), &canceling); }

  /// Does the player to move win X + *h (normal play)? Splits as described above.
  bool wins(S x, int h, int depth) {
    Eng e = engine();
    if (depth >= kParDepth || x.count() < kParMin) return e.wins(x, h);
    ++e.stats().nodes;
    e.reduce(x, h);
    if (x.count() < kParMin) {
      if (x.count() <= detail::kSmall) return e.grundy_conn(x) != h;
      return e.wins_conn(x, h);
    }
    const S key = g.canon(x);
    const int v = tt.find(key, h);
    if (v >= 0) return v != 0;
    std::vector<typename Eng::Child> kids(x.count());
    const int k = e.children(x, kids.data());
    Progress* prog = depth == 0 ? progress : nullptr;
    if (prog) prog->total.store(k, std::memory_order_relaxed);
    bool win = e.etc(kids.data(), k, h) || !wins(kids[0].x, h, depth + 1);
    if (prog) prog->done.fetch_add(1, std::memory_order_relaxed);
    if (!win && k > 1) {
      std::atomic<bool> found{false};
      tbb::task_group_context ctx;
      tbb::parallel_for(
          tbb::blocked_range<int>(1, k, 1),
          [&](const tbb::blocked_range<int>& r) {
            for (int i = r.begin(); i != r.end(); ++i) {
              if (found.load(std::memory_order_relaxed)) return;
              try {
                if (!wins(kids[i].x, h, depth + 1)) {
                  found.store(true);
                  ctx.cancel_group_execution();
                }
                if (prog) prog->done.fetch_add(1, std::memory_order_relaxed);
              } catch (const detail::Aborted&) {
                return;
              }
            }
          },
          tbb::simple_partitioner(), ctx);
      win = found.load();
      if (!win && ctx.is_group_execution_cancelled()) throw detail::Aborted{};
    }
    for (int h2 = 0; h2 < h && !win; ++h2) win = !engine().wins_conn(x, h2);
    if (tt.store(key, h, win ? 1 : 0)) ++stats.local().stored;
    return win;
  }
};

}  // namespace

Result memo_sym_tbb(const Params& p) {
  validate(p, "memo-sym-tbb");
  return detail::dispatch_words(p.rows * p.cols, [&]<int W>() {
    using S = detail::Set<W>;
    const detail::Geometry<W> g(p.rows, p.cols, true);
    detail::Table<W, true> tt(detail::budget(p));
    tbb::enumerable_thread_specific<detail::Stats> stats;
    Parallel<W> par{g, tt, stats};
    Result r;
    const S start = S::first_n(g.n);
    TbbThreads pool(p.threads);  // exactly p.threads workers, also more than there are cores
    pool.arena.execute([&] {
      const detail::FirstMoves<W> fm(g);
      if (p.all_moves || p.misere) {
        // Every first-move class is a task. Misere without --all-moves stops at the first win.
        if (p.progress) p.progress->total.store(fm.child.size(), std::memory_order_relaxed);
        std::vector<char> lost(fm.child.size(), 0);
        std::atomic<bool> found{false};
        tbb::task_group_context ctx;
        tbb::parallel_for(
            tbb::blocked_range<int>(0, static_cast<int>(fm.child.size()), 1),
            [&](const tbb::blocked_range<int>& rg) {
              for (int i = rg.begin(); i != rg.end(); ++i) {
                try {
                  const S& c = fm.child[i];
                  lost[i] = p.misere ? !par.engine().wins_misere(c) : !par.wins(c, 0, 1);
                } catch (const detail::Aborted&) {
                  return;
                }
                if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
                if (lost[i] && !p.all_moves) ctx.cancel_group_execution();
              }
            },
            tbb::simple_partitioner(), ctx);
        if (p.all_moves) {
          detail::collect_first_moves(fm, lost, r);
        } else {
          r.first_player_wins = std::find(lost.begin(), lost.end(), 1) != lost.end();
        }
      } else {
        par.progress = p.progress;  // root children (first moves, in search order)
        r.first_player_wins = par.wins(start, 0, 0);
        par.progress = nullptr;
      }
      if (p.grundy) {
        // G(start) = the least h with start + *h lost; each test is a parallel outcome search.
        int h = 0;
        while (par.wins(start, h, 0)) ++h;
        r.grundy = h;
      }
    });
    for (const auto& s : stats) {
      r.nodes += s.nodes;
      r.positions += s.stored;
    }
    r.threads = pool.used();
    return r;
  });
}

}  // namespace sb::queens_game
