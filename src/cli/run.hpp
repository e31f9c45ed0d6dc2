// One kernel run as every command does it: pick the kernel, check the instance, run it with only
// the kernel call timed (progress on stderr for long runs), verify the result.
#pragma once

#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/progress_watch.hpp"
#include "core/mpi.hpp"
#include "core/problem.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"

namespace sb::cli {

/// The kernel a problem command runs: `name` when given (an unknown or empty name is a
/// UsageError naming the known kernels), else the problem's default kernel, or under an MPI
/// launcher with several ranks its last (fastest) MPI kernel.
inline const KernelInfo& choose_kernel(const Problem& p, bool given, const std::string& name) {
  if (!given) {
    if (mpi::launched_size() > 1)
      for (auto it = p.kernels.rbegin(); it != p.kernels.rend(); ++it)
        if (it->distributed()) return *it;
    return p.default_kernel();
  }
  if (const KernelInfo* k = p.find_kernel(name)) return *k;
  throw UsageError("unknown " + p.name + " kernel '" + name +
                   "'; known kernels: " + p.kernel_names());
}

/// Threads a command asks for: 1 for a serial kernel (with a note on stderr when more were
/// asked), else `asked` (0: every core; for an MPI kernel the cores divided among the ranks the
/// launcher put on this node).
inline int threads_for(const KernelInfo& k, int asked) {
  if (!k.parallel()) {
    if (asked > 1)
      std::fprintf(stderr,
                   "searchbench: note: --threads is for parallel kernels; %s runs on one thread\n",
                   k.name.c_str());
    return 1;
  }
  if (asked != 0) return asked;
  if (k.distributed()) return std::max(1, sysinfo::hardware_threads() / mpi::launched_local_size());
  return sysinfo::hardware_threads();
}

/// Under an MPI launcher: warns on stderr (rank 0, once) when some rank may run on fewer cores
/// than `threads` (its CPU affinity, e.g. Open MPI's default binding of each rank to one core
/// when there are at most two ranks), which would make its threads share cores. Collective:
/// every rank calls it.
inline void warn_if_bound_below(int threads) {
  if (!mpi::active()) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  const bool narrow = ::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) < threads;
  if (mpi::any(narrow) && mpi::rank() == 0)
    std::fprintf(stderr,
                 "searchbench: warning: an MPI rank is bound to fewer cores than its %d threads; "
                 "start mpirun with --bind-to none, or --map-by slot:PE=%d (a core per thread)\n",
                 threads, threads);
}

/// True on the process that speaks for a run: rank 0 under MPI (or under a launcher before MPI
/// is started), and any process outside MPI.
inline bool is_root() {
  return mpi::active() ? mpi::rank() == 0 : mpi::launched_rank() == 0;
}

/// A finished run: the kernel's outcome, the wall time of the kernel call alone, the verdict.
struct Timed {
  Outcome outcome;
  double wall_s = 0;
  Verdict verified = Verdict::kNa;
  /// Of outcome's nodes, those of pieces recorded by earlier runs of a resumed journal (not
  /// searched in wall_s); 0 otherwise.
  std::uint64_t nodes_before = 0;
};

/// Runs kernel k of problem p on `in`. A refused instance is a UsageError (exit 2) with the
/// kernel's reason. With `watch`, a run longer than a second shows `label` and its progress on
/// stderr (the watcher starts and stops outside the timed call).
inline Timed run_verified(const Problem& p, const KernelInfo& k, const Instance& in, RunSettings s,
                          const std::string& label, bool watch = true) {
  if (k.refuse)
    if (auto why = k.refuse(in)) throw UsageError(*why);
  Progress progress;
  if (s.progress == nullptr) s.progress = &progress;
  Timed t;
  {
    std::optional<ProgressWatch> w;
    if (watch) w.emplace(*s.progress, label, k.pieces ? "pieces" : "subproblems");
    std::tie(t.outcome, t.wall_s) = timed([&] { return k.run(in, s); });
  }
  t.verified = p.verify(in, s, t.outcome);
  return t;
}

}  // namespace sb::cli
