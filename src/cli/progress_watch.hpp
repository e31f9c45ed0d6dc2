// Progress of a long kernel run on stderr (never on stdout, where results go).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include <unistd.h>

#include "core/progress.hpp"

namespace sb::cli {

/// While alive, reports `progress` on stderr: nothing for the first second, then a line that is
/// rewritten in place every half second on a terminal, or a new line every 10 s otherwise.
class ProgressWatch {
 public:
  ProgressWatch(const Progress& progress, std::string label)
      : progress_(progress), label_(std::move(label)), tty_(::isatty(2) != 0) {
    thread_ = std::thread([this] { loop(); });
  }
  ProgressWatch(const ProgressWatch&) = delete;
  ProgressWatch& operator=(const ProgressWatch&) = delete;
  ~ProgressWatch() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    if (printed_ && tty_) std::fputc('\n', stderr);
  }

 private:
  void loop() {
    using namespace std::chrono;
    const auto t0 = steady_clock::now();
    auto next = t0 + seconds(1);
    std::unique_lock lock(mu_);
    while (!cv_.wait_until(lock, next, [this] { return stop_; })) {
      const double el = duration<double>(steady_clock::now() - t0).count();
      const auto done = progress_.done.load(std::memory_order_relaxed);
      const auto total = progress_.total.load(std::memory_order_relaxed);
      std::string line = label_ + ": " + std::to_string(static_cast<long long>(el)) + " s elapsed";
      if (total > 0) {
        const double frac = static_cast<double>(done) / static_cast<double>(total);
        char buf[128];
        std::snprintf(buf, sizeof buf, ", %llu/%llu subproblems (%.1f%%)",
                      static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                      100.0 * frac);
        line += buf;
        if (frac > 0.02) {
          std::snprintf(buf, sizeof buf, ", about %.0f s left", el * (1.0 - frac) / frac);
          line += buf;
        }
      }
      if (tty_)
        std::fprintf(stderr, "\r%s\033[K", line.c_str());
      else
        std::fprintf(stderr, "%s\n", line.c_str());
      std::fflush(stderr);
      printed_ = true;
      next += tty_ ? milliseconds(500) : seconds(10);
    }
  }

  const Progress& progress_;
  std::string label_;
  bool tty_;
  bool printed_ = false;
  bool stop_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
};

}  // namespace sb::cli
