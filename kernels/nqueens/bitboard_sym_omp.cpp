// bitboard-sym-omp: bitboard-sym (see bitboard_sym.cpp) on OpenMP threads.
//
// Algorithm: the symmetry-reduced search of bitboard-sym, unchanged. Work split: the same
// pre-placed subproblems as bitboard-sym-tbb (at least 256 per thread), handed out in chunks of
// kChunk (searched several at a time, see sym::solve_batch) by an OpenMP loop with dynamic
// scheduling; each thread sums into 64-bit private counters that a
// reduction adds up at the end. Results and node counts are identical to bitboard-sym for any
// thread count. Limits: 1 <= n <= 32.
#include <omp.h>

#include <algorithm>

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
  const auto subs = sym::split(p.n, static_cast<std::size_t>(256) * p.threads, pre);
  constexpr std::size_t kChunk = 16;
  const long long chunks = static_cast<long long>((subs.size() + kChunk - 1) / kChunk);
  if (p.progress)
    p.progress->total.store(static_cast<std::uint64_t>(chunks), std::memory_order_relaxed);
  std::uint64_t total = 0, unique = 0, nodes = 0;
#pragma omp parallel for num_threads(p.threads) schedule(dynamic, 1) \
    reduction(+ : total, unique, nodes)
  for (long long i = 0; i < chunks; ++i) {
    sym::Counters c;
    const std::size_t first = static_cast<std::size_t>(i) * kChunk;
    sym::solve_batch(p.n, subs.data() + first, std::min(kChunk, subs.size() - first), c);
    total += c.total;
    unique += c.unique;
    nodes += c.nodes;
    if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
  }
  return Result{pre.total + total, pre.unique + unique, pre.nodes + nodes, p.threads};
}

}  // namespace sb::nqueens
