// bitboard-sym-tbb: bitboard-sym (see bitboard_sym.cpp) run as oneTBB tasks.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the first rows
// are pre-placed (sym::split) until there are at least 256 subproblems per thread, so that the
// uneven subtrees balance; tbb::parallel_for hands them out in chunks of kChunk (searched several
// at a time, see sym::solve_batch) to a task arena of `threads` workers; each task adds into a
// 64-bit partial sum of its own thread (enumerable thread-specific storage), and the partial sums
// are reduced at the end. Results and node counts
// are identical to bitboard-sym for any thread count. Limits: 1 <= n <= 32.
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>

#include "nqueens.hpp"
#include "sym_core.hpp"

namespace sb::nqueens {

Result bitboard_sym_tbb(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-tbb");
  const sym::ParallelPlan plan(p.n, p.threads);
  const std::size_t chunks = plan.chunks();
  if (p.progress) p.progress->total.store(chunks, std::memory_order_relaxed);
  tbb::enumerable_thread_specific<sym::Counters> partial;
  // Allow exactly p.threads workers, also more than there are cores (no TBB warning).
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(p.threads));
  tbb::task_arena arena(p.threads);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunks, 1),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        auto& c = partial.local();
                        for (std::size_t i = range.begin(); i != range.end(); ++i) {
                          plan.solve_chunk(i, c);
                          if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
                        }
                      });
  });
  sym::Counters total = plan.pre;
  for (const auto& c : partial) total += c;
  return Result{total.total, total.unique, total.nodes, p.threads};
}

}  // namespace sb::nqueens
