// The OpenMP runner of a piece list (see src/core/pieces_run.hpp).
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/pieces_run.hpp"

namespace sb {

PieceRun run_pieces_omp(const PieceList& list, int threads, Progress* progress,
                        const PieceHooks* hooks) {
  const PieceSchedule s = schedule_pieces(list, hooks);
  if (progress != nullptr) {
    progress->total.store(list.count, std::memory_order_relaxed);
    progress->done.store(list.count - s.todo.size(), std::memory_order_relaxed);
  }
  const std::size_t b = std::max<std::size_t>(1, list.batch);
  const long long batches = static_cast<long long>((s.todo.size() + b - 1) / b);
  std::uint64_t sum[Subtotals::kMax] = {};
  int used = 1;  // the team OpenMP really formed (OMP_THREAD_LIMIT, nesting can shrink it)
#pragma omp parallel num_threads(threads) reduction(+ : sum[:Subtotals::kMax])
  {
#pragma omp single
    used = omp_get_num_threads();
    Subtotals mine;
    std::vector<Subtotals> out(b);
#pragma omp for schedule(dynamic, 1)
    for (long long i = 0; i < batches; ++i) {
      const std::size_t first = static_cast<std::size_t>(i) * b,
                        k = std::min(b, s.todo.size() - first);
      solve_reported(list, s.todo.data() + first, k, out.data(), mine, progress, hooks);
    }
    for (std::size_t j = 0; j < Subtotals::kMax; ++j) sum[j] += mine.v[j];
  }
  PieceRun r;
  r.total = s.known;
  for (std::size_t j = 0; j < Subtotals::kMax; ++j) r.total.v[j] += sum[j];
  r.threads = used;
  return r;
}

}  // namespace sb
