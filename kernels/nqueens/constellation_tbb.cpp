// constellation-tbb: the constellation kernel (see constellation.cpp) with its pieces solved by
// oneTBB tasks.
//
// Algorithm: that of constellation, unchanged. Work split: the pieces of pieces(n) (thousands at
// n >= 16, sorted by estimated size, largest first) are cut into chunks of kChunk consecutive
// pieces; one task per thread of a task arena of `threads` workers takes the next chunk from a
// shared counter until none is left, so the large pieces go first and the small ones fill the
// end. Each task adds its pieces' counts into a 64-bit partial sum of its own thread, reduced at
// the end: counts and node counts are identical to constellation for any thread count.
// Progress: pieces done of pieces(n).size(). Limits: 1 <= n <= 32.
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>

#include <algorithm>
#include <atomic>

#include "constellation.hpp"
#include "core/tbb_threads.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

Result constellation_tbb(const Params& p) {
  validate(p, 1, kMaxBitN, "constellation-tbb");
  const auto list = constellations::pieces(p.n);
  constexpr std::size_t kChunk = 8;
  const std::size_t chunks = (list.size() + kChunk - 1) / kChunk;
  if (p.progress) p.progress->total.store(list.size(), std::memory_order_relaxed);
  tbb::enumerable_thread_specific<constellations::PieceResult> partial;
  TbbThreads pool(p.threads);  // exactly p.threads workers, also more than there are cores
  std::atomic<std::size_t> next{0};
  pool.arena.execute([&] {
    tbb::parallel_for(
        0, p.threads,
        [&](int) {
          auto& sum = partial.local();
          constellations::PieceResult part[kChunk];
          for (std::size_t c; (c = next.fetch_add(1, std::memory_order_relaxed)) < chunks;) {
            const std::size_t first = c * kChunk;
            const std::size_t count = std::min(kChunk, list.size() - first);
            constellations::solve_pieces(p.n, list.data() + first, count, part);
            for (std::size_t i = 0; i < count; ++i) sum += part[i];
            if (p.progress) p.progress->done.fetch_add(count, std::memory_order_relaxed);
          }
        },
        tbb::simple_partitioner());
  });
  constellations::PieceResult total;
  for (const auto& s : partial) total += s;
  return Result{total.total, total.unique, total.nodes, pool.used()};
}

}  // namespace sb::nqueens
