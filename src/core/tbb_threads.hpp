// A oneTBB task arena that really has the number of threads a kernel was asked for, and reports
// how many it had (TbbThreads: only in code built with SEARCHBENCH_WITH_TBB), and a loop over
// independent tasks that runs on it, or serially in a build without oneTBB (for_each_task).
#pragma once

#include <algorithm>
#include <cstddef>

#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

namespace sb {

/// While alive, allows `threads` worker threads process-wide (tbb::global_control; also more
/// than there are cores, without a TBB warning) and holds an arena of that many slots. Run the
/// kernel's parallel work inside arena.execute(...). used() is the concurrency the arena really
/// had: the smaller of its slots and the process-wide limit in force (another global_control
/// alive at the same time, e.g. a caller's, can only lower it).
class TbbThreads {
 public:
  explicit TbbThreads(int threads)
      : allow_(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads)),
        arena(threads) {}

  int used() const {
    const auto limit =
        tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
    return static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(arena.max_concurrency()), limit));
  }

 private:
  tbb::global_control allow_;

 public:
  tbb::task_arena arena;  ///< run the parallel work in arena.execute(...)
};

}  // namespace sb
#endif

namespace sb {

/// Calls task(i) once for every i in [0, count), each index its own oneTBB task, handed out in
/// index order (put the heaviest first) to exactly `threads` (>= 1) workers; in a build without
/// oneTBB, serially in index order. Returns the threads the loop really ran on (1 without oneTBB).
/// task must be safe to call concurrently for different i.
template <class Task>
int for_each_task(int threads, std::size_t count, Task&& task) {
#ifdef SEARCHBENCH_WITH_TBB
  TbbThreads pool(threads);  // exactly `threads` workers, also more than there are cores
  pool.arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, count, 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
          for (std::size_t i = range.begin(); i != range.end(); ++i) task(i);
        },
        tbb::simple_partitioner());
  });
  return pool.used();
#else
  (void)threads;
  for (std::size_t i = 0; i < count; ++i) task(i);
  return 1;
#endif
}

}  // namespace sb
