#include "core/pieces_run.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>

#include "core/tbb_threads.hpp"
#endif

namespace sb {

void solve_reported(const PieceList& list, const std::uint64_t* ids, std::size_t k, Subtotals* out,
                    Subtotals& sum, Progress* progress, const PieceHooks* hooks) {
  const auto t0 = std::chrono::steady_clock::now();
  list.solve(ids, k, out);
  const double each = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
                      static_cast<double>(k);
  for (std::size_t i = 0; i < k; ++i) {
    sum += out[i];
    if (hooks != nullptr && hooks->on_piece) hooks->on_piece(ids[i], out[i], each);
  }
  if (progress != nullptr) progress->done.fetch_add(k, std::memory_order_relaxed);
}

int run_on_threads(int threads, const std::function<void(int)>& body) {
#ifdef SEARCHBENCH_WITH_TBB
  TbbThreads pool(threads);
  pool.arena.execute([&] {
    tbb::parallel_for(
        0, threads, [&](int i) { body(i); }, tbb::simple_partitioner());
  });
  return pool.used();
#else
  std::exception_ptr error;
  std::mutex mu;
  auto guarded = [&](int i) {
    try {
      body(i);
    } catch (...) {
      std::lock_guard lock(mu);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(guarded, i);
  guarded(0);
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return threads;
#endif
}

PieceRun run_pieces_serial(const PieceList& list, Progress* progress, const PieceHooks* hooks) {
  const PieceSchedule s = schedule_pieces(list, hooks);
  if (progress != nullptr) {
    progress->total.store(list.count, std::memory_order_relaxed);
    progress->done.store(list.count - s.todo.size(), std::memory_order_relaxed);
  }
  const std::size_t b = std::max<std::size_t>(1, list.batch);
  std::vector<Subtotals> out(b);
  PieceRun r;
  r.total = s.known;
  for (std::size_t i = 0; i < s.todo.size(); i += b) {
    const std::size_t k = std::min(b, s.todo.size() - i);
    solve_reported(list, s.todo.data() + i, k, out.data(), r.total, progress, hooks);
  }
  return r;
}

}  // namespace sb
