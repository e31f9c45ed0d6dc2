// One kernel run as every command does it: pick the kernel, check the instance, run it with only
// the kernel call timed (progress on stderr for long runs), verify the result.
#pragma once

#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/progress_watch.hpp"
#include "core/problem.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"

namespace sb::cli {

/// The kernel a problem command runs: `name` when given (an unknown or empty name is a
/// UsageError naming the known kernels), else the problem's default kernel.
inline const KernelInfo& choose_kernel(const Problem& p, bool given, const std::string& name) {
  if (!given) return p.default_kernel();
  if (const KernelInfo* k = p.find_kernel(name)) return *k;
  throw UsageError("unknown " + p.name + " kernel '" + name +
                   "'; known kernels: " + p.kernel_names());
}

/// Threads a command asks for: 1 for a serial kernel, else `asked` (0: every core).
inline int threads_for(const KernelInfo& k, int asked) {
  if (!k.parallel()) return 1;
  return asked == 0 ? sysinfo::hardware_threads() : asked;
}

/// A finished run: the kernel's outcome, the wall time of the kernel call alone, the verdict.
struct Timed {
  Outcome outcome;
  double wall_s = 0;
  Verdict verified = Verdict::kNa;
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
    if (watch) w.emplace(*s.progress, label);
    std::tie(t.outcome, t.wall_s) = timed([&] { return k.run(in, s); });
  }
  t.verified = p.verify(in, s, t.outcome);
  return t;
}

}  // namespace sb::cli
