// Search limits of the tsume kernels: a node counter that enforces Params' node limit, deadline and
// stop flag, and Aborted, the exception a search throws when one is reached (the kernel catches it
// and reports what it had settled, or kUnknown).
//
// Work split: one Limits per searcher (dfpn-tbb gives each of its searchers its own, with a share
// of the node limit). Limits: the node limit is exact (the search stops at that count); the
// deadline, the stop flag, the progress count and a question's budget are looked at every 1024
// nodes only.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// Thrown inside a search when a limit is reached; kernels catch it and report kUnknown.
struct Aborted {};
/// Thrown when one question's own node budget (Limits::set_budget) is spent: an Aborted, so a
/// search unwinds from it as from any limit; the caller that set the budget catches it.
struct BudgetSpent : Aborted {};

/// Node counting and the limits of Params. count() is cheap: the clock, the stop flag and the
/// progress are looked at every 1024 nodes, the node limit exactly at its count (per searcher:
/// dfpn-tbb's searchers each have their own Limits).
class Limits {
 public:
  explicit Limits(const Params& p) : p_(p) { next_ = bounded(1024); }
  std::uint64_t nodes = 0;
  void count() {
    if (++nodes >= next_) check();
  }
  void check() {
    next_ = bounded((nodes | 1023) + 1);
    if (p_.progress) {  // added, not stored: dfpn-tbb's searchers each count their own nodes
      p_.progress->done.fetch_add(nodes - reported_, std::memory_order_relaxed);
      reported_ = nodes;
    }
    if (p_.max_nodes && nodes >= p_.max_nodes) throw Aborted{};
    if (p_.stop && p_.stop->load(std::memory_order_relaxed)) throw Aborted{};
    if (p_.deadline && std::chrono::steady_clock::now() >= *p_.deadline) throw Aborted{};
    if (budget_end_ && nodes >= budget_end_) throw BudgetSpent{};
  }
  /// A budget for the question about to be asked: check() throws BudgetSpent once `n` more nodes
  /// are counted (looked at every 1024 nodes, as the clock); 0 clears it.
  void set_budget(std::uint64_t n) { budget_end_ = n ? nodes + n : 0; }

 private:
  // x, or the node limit where that comes first
  std::uint64_t bounded(std::uint64_t x) const {
    return p_.max_nodes && p_.max_nodes < x ? p_.max_nodes : x;
  }
  const Params& p_;
  std::uint64_t next_ = 1024;     // the node count at which check() runs next
  std::uint64_t reported_ = 0;    // nodes already added to the progress count
  std::uint64_t budget_end_ = 0;  // set_budget: the node count at which the question stops
};

}  // namespace sb::tsume::detail
