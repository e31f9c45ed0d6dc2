// A oneTBB task arena that really has the number of threads a kernel was asked for, and reports
// how many it had. Only for code built with SEARCHBENCH_WITH_TBB.
#pragma once

#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cstddef>

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
