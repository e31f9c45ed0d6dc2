// Progress counters a kernel may advance while it runs; the driver reports them on stderr.
#pragma once

#include <atomic>
#include <cstdint>

namespace sb {

/// Work done out of work planned, in units the kernel chooses (subproblems, first squares).
/// Kernels only store to it (no I/O); a watcher thread in the driver reads it.
struct Progress {
  std::atomic<std::uint64_t> done{0};
  std::atomic<std::uint64_t> total{0};  ///< 0: open-ended (done is then a count, e.g. nodes)
  /// Optional: the best bound proved so far, in the kernel's own terms (tsume df-pn: the shortest
  /// mate length proved, in plies; tsume andor kernels: the longest length with no mate, in
  /// plies); 0 while there is none.
  std::atomic<std::uint64_t> bound{0};
  /// Optional: the estimated work done and planned, in any unit (e.g. the pieces' estimated
  /// sizes), when the units of done/total are uneven; the time left is then estimated from
  /// these. 0 in work_total: not used.
  std::atomic<std::uint64_t> work_done{0};
  std::atomic<std::uint64_t> work_total{0};
};

}  // namespace sb
