// Wall-clock timing of one kernel call: only the call itself is inside the timer.
#pragma once

#include <chrono>
#include <utility>

namespace sb {

/// Calls f() and returns {f's result, elapsed wall-clock seconds on a monotonic clock}.
template <class F>
auto timed(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  auto r = std::forward<F>(f)();
  const auto t1 = std::chrono::steady_clock::now();
  return std::pair{std::move(r), std::chrono::duration<double>(t1 - t0).count()};
}

/// nodes / seconds, or 0 when seconds is 0.
inline double per_second(double count, double seconds) {
  return seconds > 0 ? count / seconds : 0.0;
}

}  // namespace sb
