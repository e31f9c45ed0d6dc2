// The oneTBB runner of a piece list (see src/core/pieces_run.hpp).
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "core/pieces_run.hpp"
#include "core/tbb_threads.hpp"

namespace sb {

PieceRun run_pieces_tbb(const PieceList& list, int threads, Progress* progress,
                        const PieceHooks* hooks) {
  const PieceSchedule s = schedule_pieces(list, hooks);
  if (progress != nullptr) {
    progress->total.store(list.count, std::memory_order_relaxed);
    progress->done.store(list.count - s.todo.size(), std::memory_order_relaxed);
  }
  const std::size_t b = std::max<std::size_t>(1, list.batch);
  const std::size_t batches = (s.todo.size() + b - 1) / b;
  tbb::enumerable_thread_specific<Subtotals> partial;
  TbbThreads pool(threads);  // exactly `threads` workers, also more than there are cores
  // One task per thread, each taking the next batch from a shared counter until none is left:
  // pieces are very uneven, and taking them in order keeps the first (heavy) ones from ending
  // up last on one thread.
  std::atomic<std::size_t> next{0};
  pool.arena.execute([&] {
    tbb::parallel_for(
        0, threads,
        [&](int) {
          Subtotals& sum = partial.local();
          std::vector<Subtotals> out(b);
          for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < batches;) {
            const std::size_t first = i * b, k = std::min(b, s.todo.size() - first);
            solve_reported(list, s.todo.data() + first, k, out.data(), sum, progress, hooks);
          }
        },
        tbb::simple_partitioner());
  });
  PieceRun r;
  r.total = s.known;
  for (const Subtotals& p : partial) r.total += p;
  r.threads = pool.used();
  return r;
}

}  // namespace sb
