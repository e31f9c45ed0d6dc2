// bitboard-sym-omp: bitboard-sym (see bitboard_sym.cpp) on OpenMP threads.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the same
// pre-placed subproblems as bitboard-sym-tbb (at least 256 per thread), handed out in chunks of
// kChunk (searched several at a time, see sym::solve_batch) by an OpenMP loop with dynamic
// scheduling; each thread sums into 64-bit private counters that a
// reduction adds up at the end. Results and node counts are identical to bitboard-sym for any
// thread count; Result::threads is the size of the team OpenMP really formed (OMP_THREAD_LIMIT
// may cap it below p.threads). Limits: 1 <= n <= 32.
#include <omp.h>

#include <algorithm>

#include "nqueens/nqueens.hpp"
#include "sym_core.hpp"

namespace sb::nqueens {

Result bitboard_sym_omp(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-omp");
  const sym::ParallelPlan plan(p.n, p.threads);
  const long long chunks = static_cast<long long>(plan.chunks());
  if (p.progress)
    p.progress->total.store(static_cast<std::uint64_t>(chunks), std::memory_order_relaxed);
  std::uint64_t total = 0, unique = 0, nodes = 0;
  int used = 1;  // the team OpenMP really formed (OMP_THREAD_LIMIT, nesting can shrink it)
#pragma omp parallel num_threads(p.threads) reduction(+ : total, unique, nodes)
  {
#pragma omp single
    used = omp_get_num_threads();
#pragma omp for schedule(dynamic, 1)
    for (long long i = 0; i < chunks; ++i) {
      sym::Counters c;
      plan.solve_chunk(static_cast<std::size_t>(i), c);
      total += c.total;
      unique += c.unique;
      nodes += c.nodes;
      if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
    }
  }
  return Result{plan.pre.total + total, plan.pre.unique + unique, plan.pre.nodes + nodes, used};
}

}  // namespace sb::nqueens
