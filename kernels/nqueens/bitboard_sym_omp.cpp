// bitboard-sym-omp: bitboard-sym (see bitboard_sym.cpp) on OpenMP threads.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the same
// pre-placed subproblems as bitboard-sym-tbb (at least 64 per thread), handed out one at a time by
// an OpenMP loop with dynamic scheduling; each thread sums into 64-bit private counters that a
// reduction adds up at the end. Results and node counts are identical to bitboard-sym for any
// thread count. Limits: 1 <= n <= 32.
#include <omp.h>

#include "nqueens.hpp"
#include "sym_core.hpp"

namespace sb::nqueens {

Result bitboard_sym_omp(const Params& p) {
  validate(p, 1, kMaxBitN, "bitboard-sym-omp");
  if (p.n == 1) {
    const auto c = sym::solve_all(1);
    return Result{c.total, c.unique, c.nodes, p.threads};
  }
  sym::Counters pre;
  const auto subs = sym::split(p.n, static_cast<std::size_t>(64) * p.threads, pre);
  if (p.progress) p.progress->total.store(subs.size(), std::memory_order_relaxed);
  const long long count = static_cast<long long>(subs.size());
  std::uint64_t total = 0, unique = 0, nodes = 0;
#pragma omp parallel for num_threads(p.threads) schedule(dynamic, 1) \
    reduction(+ : total, unique, nodes)
  for (long long i = 0; i < count; ++i) {
    sym::Counters c;
    sym::solve(p.n, subs[static_cast<std::size_t>(i)], c);
    total += c.total;
    unique += c.unique;
    nodes += c.nodes;
    if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
  }
  return Result{pre.total + total, pre.unique + unique, pre.nodes + nodes, p.threads};
}

}  // namespace sb::nqueens
