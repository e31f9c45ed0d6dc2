// Progress counters a kernel may advance while it runs; the driver reports them on stderr.
#pragma once

#include <atomic>
#include <cstdint>

namespace sb {

/// Work done out of work planned, in units the kernel chooses (subproblems, first squares).
/// Kernels only store to it (no I/O); a watcher thread in the driver reads it.
struct Progress {
  std::atomic<std::uint64_t> done{0};
  std::atomic<std::uint64_t> total{0};
};

}  // namespace sb
