// The set of positions that some thread is searching right now, used by memo-sym-tbb to spread
// its threads over the children of a position in the manner of ABDADA (J.-C. Weill, "The ABDADA
// distributed minimax search algorithm", ICCA Journal 19(1), 1996): a thread defers a child
// another thread is already searching. A small direct-mapped array of atomic words; a hash
// collision or a full slot only changes the order of the search, never a result.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace sb::queens_game::detail {

/// The positions some thread is searching right now (memo-sym-tbb), by key hash: a small
/// direct-mapped array of words (hash bits 16..63, count of searching threads in bits 0..15).
/// A thread about to search a position that another thread already searches defers it (ABDADA,
/// Weill 1996). Only the order of the search depends on it: a hash collision or a full slot
/// just means a position is searched twice or deferred in vain.
class Busy {
 public:
  Busy() : a_(std::make_unique<std::atomic<std::uint64_t>[]>(kSize)) {
    for (std::size_t i = 0; i < kSize; ++i) a_[i].store(0, std::memory_order_relaxed);
  }
  /// True when some thread has marked hash h.
  bool contains(std::uint64_t h) const {
    const std::uint64_t v = a_[h & (kSize - 1)].load(std::memory_order_relaxed);
    return (v & 0xFFFF) != 0 && (v >> 16) == (h >> 16);
  }
  /// Marks h; returns false when its slot holds another position (then nothing is marked).
  bool enter(std::uint64_t h) {
    auto& a = a_[h & (kSize - 1)];
    std::uint64_t v = a.load(std::memory_order_relaxed);
    while (true) {
      std::uint64_t nv;
      if ((v & 0xFFFF) == 0)
        nv = (h >> 16 << 16) | 1;
      else if ((v >> 16) == (h >> 16))
        nv = v + 1;
      else
        return false;
      if (a.compare_exchange_weak(v, nv, std::memory_order_relaxed)) return true;
    }
  }
  /// Removes one mark of h (after a successful enter).
  void leave(std::uint64_t h) { a_[h & (kSize - 1)].fetch_sub(1, std::memory_order_relaxed); }

  /// Marks h for the lifetime of the object (when its slot is free or already h's).
  class Mark {
   public:
    Mark(Busy* b, std::uint64_t h) : b_(b && b->enter(h) ? b : nullptr), h_(h) {}
    ~Mark() {
      if (b_) b_->leave(h_);
    }
    Mark(const Mark&) = delete;
    Mark& operator=(const Mark&) = delete;

   private:
    Busy* b_;
    std::uint64_t h_;
  };

 private:
  static constexpr std::size_t kSize = 1 << 14;
  std::unique_ptr<std::atomic<std::uint64_t>[]> a_;
};

/// Smallest position (free squares) that memo-sym-tbb marks busy and defers.
inline constexpr int kBusyMin = 24;

}  // namespace sb::queens_game::detail
