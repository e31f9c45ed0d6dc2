// bitboard-sym-tbb: bitboard-sym (see bitboard_sym.cpp) run as oneTBB tasks.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the first rows
// are pre-placed (sym::split) until there are at least 256 subproblems per thread, so that the
// uneven subtrees balance; tbb::parallel_for hands them out in chunks of kChunk (searched several
// at a time, see sym::solve_batch) from a shared counter by one task per thread of a task arena of
// `threads` workers; each task adds into a 64-bit partial sum of its own thread (enumerable
// thread-specific storage), and the partial sums are reduced at the end. Results and node counts
// are identical to bitboard-sym for any thread count. Limits: 1 <= n <= 32.
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>

#include <algorithm>
#include <atomic>

#include "core/tbb_threads.hpp"
#include "nqueens/nqueens.hpp"
#include "sym_core.hpp"

namespace sb::nqueens {

Result bitboard_sym_tbb(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-tbb");
  const sym::ParallelPlan plan(p.n, p.threads);
  const std::size_t chunks = plan.chunks();
  if (p.progress) p.progress->total.store(chunks, std::memory_order_relaxed);
  tbb::enumerable_thread_specific<sym::Counters> partial;
  TbbThreads pool(p.threads);  // exactly p.threads workers, also more than there are cores
  // One task per thread, each taking the next chunk from a shared counter until none is left
  // (the chunks are very uneven; taking them in order keeps the heavy first ones from ending
  // up last on one thread).
  std::atomic<std::size_t> next{0};
  pool.arena.execute([&] {
    tbb::parallel_for(
        0, p.threads,
        [&](int) {
          auto& c = partial.local();
          for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < chunks;) {
            plan.solve_chunk(i, c);
            if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
          }
        },
        tbb::simple_partitioner());
  });
  sym::Counters total = plan.pre;
  for (const auto& c : partial) total += c;
  return Result{total.total, total.unique, total.nodes, pool.used()};
}

}  // namespace sb::nqueens
