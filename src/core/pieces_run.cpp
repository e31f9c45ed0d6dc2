#include "core/pieces_run.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
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

PieceValues run_pieces_by_id(const PieceList& list, [[maybe_unused]] int threads,
                             Progress* progress, const PieceHooks* hooks, bool on_ranks) {
  PieceValues v;
  v.by_id.assign(list.count, Subtotals{});
  const bool weighted = list.work.size() == list.count && list.count > 0;
  PieceHooks mine;
  if (hooks != nullptr) mine.finished = hooks->finished;
  (void)schedule_pieces(list, &mine);  // throws on a bad finished id before anything runs
  std::uint64_t work_total = 0, work_done = 0;
  if (weighted)
    for (std::uint64_t w : list.work) work_total += w;
  for (const PieceRecord& r : mine.finished) {
    v.by_id[r.id] = r.sub;
    if (weighted) work_done += list.work[r.id];
  }
  if (progress != nullptr && weighted) {
    progress->work_total.store(work_total, std::memory_order_relaxed);
    progress->work_done.store(work_done, std::memory_order_relaxed);
  }
  // A piece under way counts as half done in the estimated work (its expected share): without
  // that, early in a run of large pieces on several threads the rate counts only the pieces
  // finished, and the time left comes out several times too long.
  const bool credit = progress != nullptr && weighted;
  std::unique_ptr<std::atomic<bool>[]> started(new std::atomic<bool>[credit ? list.count : 0] {});
  PieceList run = list;
  if (credit)
    run.solve = [&list, &started, progress](const std::uint64_t* ids, std::size_t k,
                                            Subtotals* out) {
      for (std::size_t j = 0; j < k; ++j)
        if (ids[j] < list.count && !started[ids[j]].exchange(true, std::memory_order_relaxed))
          progress->work_done.fetch_add(list.work[ids[j]] / 2, std::memory_order_relaxed);
      list.solve(ids, k, out);
    };
  mine.on_piece = [&](std::uint64_t id, const Subtotals& sub, double seconds) {
    v.by_id[id] = sub;  // one writer per id (rank 0 alone under MPI)
    if (credit) {
      // the rest of its work; all of it for a piece another rank solved
      const std::uint64_t w = list.work[id];
      progress->work_done.fetch_add(started[id].load(std::memory_order_relaxed) ? w - w / 2 : w,
                                    std::memory_order_relaxed);
    }
    if (hooks != nullptr && hooks->on_piece) hooks->on_piece(id, sub, seconds);
  };
  if (on_ranks) {
#ifdef SEARCHBENCH_WITH_MPI
    const PieceRun r = run_pieces_mpi(run, threads, progress, &mine);
    v.threads = r.threads;
    v.ranks = r.ranks;
    broadcast_pieces(v.by_id);
    return v;
#else
    throw std::logic_error("run_pieces_by_id: MPI ranks asked for in a build without MPI");
#endif
  }
#ifdef SEARCHBENCH_WITH_TBB
  if (threads > 1) {
    v.threads = run_pieces_tbb(run, threads, progress, &mine).threads;
    return v;
  }
#endif
  run_pieces_serial(run, progress, &mine);
  v.threads = 1;
  return v;
}

}  // namespace sb
