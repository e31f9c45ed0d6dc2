// Progress of a long kernel run on stderr (never on stdout, where results go).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include <unistd.h>

#include "core/progress.hpp"

namespace sb::cli {

/// While alive, reports `progress` on stderr: nothing for the first second, then a line that is
/// rewritten in place every half second on a terminal, or a new line every 10 s otherwise:
/// elapsed time, units done of the total, their rate and the time left at that rate. `unit`
/// names what is counted ("subproblems", "pieces"). The rate counts only what this run did
/// (a resumed run starts with part of the total done). When the kernel sets Progress::work_total
/// (uneven pieces with estimated sizes), the time left is estimated from the work instead.
class ProgressWatch {
 public:
  /// open_count: with no planned total (Progress::total 0), show done as a count and its rate
  /// (tsume: nodes). bound_format: a printf format with one %llu for Progress::bound, printed
  /// once it is nonzero (e.g. "mate within %llu plies proved"); empty: not printed.
  ProgressWatch(const Progress& progress, std::string label, std::string unit = "subproblems",
                bool open_count = false, std::string bound_format = "")
      : progress_(progress),
        label_(std::move(label)),
        unit_(std::move(unit)),
        open_count_(open_count),
        bound_format_(std::move(bound_format)),
        tty_(::isatty(2) != 0) {
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
        // With estimated work per unit (uneven pieces), the time left follows the work.
        const auto work_total = progress_.work_total.load(std::memory_order_relaxed);
        const auto work_done = progress_.work_done.load(std::memory_order_relaxed);
        const bool by_work = work_total > 0;
        if (!based_) {  // what was done before this run's work started (a resume)
          based_ = true;
          base_done_ = by_work ? work_done : done;
          base_el_ = el;
        }
        const double frac = static_cast<double>(done) / static_cast<double>(total);
        char buf[160];
        std::snprintf(buf, sizeof buf, ", %llu/%llu %s (%.1f%%)",
                      static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                      unit_.c_str(), 100.0 * frac);
        line += buf;
        // The rate since the first report (from the second report on).
        if (by_work) {
          const double wfrac = static_cast<double>(work_done) / static_cast<double>(work_total);
          std::snprintf(buf, sizeof buf, ", %.1f%% of the estimated work", 100.0 * wfrac);
          line += buf;
          if (el - base_el_ >= 0.5 && work_done > base_done_) {
            const double rate = static_cast<double>(work_done - base_done_) / (el - base_el_);
            std::snprintf(buf, sizeof buf, ", about %.0f s left",
                          static_cast<double>(work_total - work_done) / rate);
            line += buf;
          }
        } else if (el - base_el_ >= 0.5 && done > base_done_) {
          const double rate = static_cast<double>(done - base_done_) / (el - base_el_);
          std::snprintf(buf, sizeof buf, ", %.3g %s/s, about %.0f s left", rate, unit_.c_str(),
                        static_cast<double>(total - done) / rate);
          line += buf;
        }
      }
      if (total == 0 && open_count_ && done > 0) {  // open-ended: the count and its rate
        char buf[160];
        std::snprintf(buf, sizeof buf, ", %llu %s (%.3g/s)", static_cast<unsigned long long>(done),
                      unit_.c_str(), el > 0 ? static_cast<double>(done) / el : 0.0);
        line += buf;
      }
      if (const auto b = progress_.bound.load(std::memory_order_relaxed);
          b > 0 && !bound_format_.empty()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, bound_format_.c_str(), static_cast<unsigned long long>(b));
        line += ", ";
        line += buf;
      }
      if (tty_)
        std::fprintf(stderr, "\r%s\033[K", line.c_str());
      else
        std::fprintf(stderr, "%s\n", line.c_str());
      std::fflush(stderr);
      printed_ = true;
      // the next report one period on; after a pause (SIGSTOP, a suspended laptop) half a
      // period from now, not one line for each period missed at once
      const auto period = tty_ ? milliseconds(500) : seconds(10);
      next = std::max(next + period, steady_clock::now() + period / 2);
    }
  }

  const Progress& progress_;
  std::string label_;
  std::string unit_;
  bool open_count_;
  std::string bound_format_;
  bool based_ = false;
  std::uint64_t base_done_ = 0;
  double base_el_ = 0;
  bool tty_;
  bool printed_ = false;
  bool stop_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
};

}  // namespace sb::cli
