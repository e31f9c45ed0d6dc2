// A gate for piece lists whose pieces depend on the values of other pieces (m,n,k refutation
// pieces, queens-game question pieces): a piece asks whether it is needed, and waits while that
// is not known yet; a piece that throws wakes every waiting piece, which then throws the same
// exception, so that a run ends instead of waiting for a value that will never come. The rule
// that says whether a piece is needed is the cut's (passed to wait); the gate only guards the
// values it reads. A waiting piece must depend only on pieces handed out before it (the runners
// hand pieces out in id order), or it may wait for ever.
#pragma once

#include <condition_variable>
#include <exception>
#include <mutex>

namespace sb {

class PieceGate {
 public:
  /// Blocks until need() (called under the gate's lock, again each time the gate is woken) is at
  /// least 0, and returns it (e.g. 0 not needed, 1 needed); throws the first failure recorded.
  template <class Need>
  int wait(Need&& need) {
    std::unique_lock lock(mu_);
    int n = -1;
    cv_.wait(lock, [&] { return failed_ || (n = need()) >= 0; });
    if (failed_) std::rethrow_exception(failed_);
    return n;
  }

  /// Runs f() under the gate's lock.
  template <class F>
  void locked(F&& f) {
    std::lock_guard lock(mu_);
    f();
  }

  /// Runs f() under the gate's lock, then wakes the waiting pieces (a value they read changed).
  template <class F>
  void update(F&& f) {
    locked(f);
    cv_.notify_all();
  }

  /// Runs solve(); if it throws, records the exception as the gate's failure (the first one
  /// wins), wakes the waiting pieces and rethrows.
  template <class F>
  void guard(F&& solve) {
    try {
      solve();
    } catch (...) {
      locked([&] {
        if (!failed_) failed_ = std::current_exception();
      });
      cv_.notify_all();
      throw;
    }
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::exception_ptr failed_;
};

}  // namespace sb
