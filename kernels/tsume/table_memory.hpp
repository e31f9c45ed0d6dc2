// Memory for the df-pn transposition table (dfpn_table.hpp): one block of zero pages from the
// system, 2 MiB-aligned and marked for transparent huge pages, that a table may own (a fresh block
// per solve: pages are paid for when first touched, during the search) or borrow (a block kept by
// the caller across solves and touched beforehand, as `tsume usi` does at `isready`, so that the
// search's clock does not contain the kernel's zeroing of its pages).
//
// Contract of a borrowed block: it is all zeros when a table takes it (clean()); the table
// records on destruction how many bytes from the start it may have written (mark_used), and
// clear() zeros those bytes again. No I/O, no timing. Limits: one table at a time per block.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>
#ifdef __linux__
#include <sys/mman.h>
#endif

namespace sb::tsume {

class TableMemory {
 public:
  TableMemory() = default;
  /// A block of `bytes` zero bytes; its pages are not touched yet. Throws std::bad_alloc.
  explicit TableMemory(std::size_t bytes) : bytes_(bytes) {
#ifdef __linux__
    constexpr std::size_t kHuge = std::size_t{2} << 20;
    size_ = bytes + kHuge;
    void* m = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    base_ = m;
    auto a = (reinterpret_cast<std::uintptr_t>(m) + kHuge - 1) & ~(kHuge - 1);
    madvise(reinterpret_cast<void*>(a), bytes, MADV_HUGEPAGE);  // a hint: may be refused
    p_ = reinterpret_cast<std::byte*>(a);
#else
    base_ = std::calloc(bytes, 1);
    if (!base_) throw std::bad_alloc();
    p_ = static_cast<std::byte*>(base_);
#endif
  }
  TableMemory(TableMemory&& o) noexcept {
    swap(o);
  }
  TableMemory& operator=(TableMemory&& o) noexcept {
    swap(o);
    return *this;
  }
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;
  ~TableMemory() {
    if (!base_) return;
#ifdef __linux__
    munmap(base_, size_);
#else
    std::free(base_);
#endif
  }

  std::byte* data() const {
    return p_;
  }
  std::size_t bytes() const {
    return bytes_;
  }
  /// Every byte is zero: no table has written to the block since it was made or cleared.
  bool clean() const {
    return used_ == 0;
  }
  /// A table wrote at most the first `n` bytes.
  void mark_used(std::size_t n) {
    used_ = std::max(used_, std::min(n, bytes_));
  }
  /// Zeros the bytes a table may have written; the block is clean again.
  void clear() {
    if (used_) std::memset(static_cast<void*>(p_), 0, used_);
    used_ = 0;
  }
  /// Makes the system back every page now (writing a zero to each), so that a search using the
  /// block pays no page faults; the block stays clean.
  void touch() {
    constexpr std::size_t kPage = 4096;
    for (std::size_t i = 0; i < bytes_; i += kPage) p_[i] = std::byte{0};
  }

 private:
  void swap(TableMemory& o) {
    std::swap(base_, o.base_), std::swap(p_, o.p_), std::swap(size_, o.size_);
    std::swap(bytes_, o.bytes_), std::swap(used_, o.used_);
  }
  void* base_ = nullptr;
  std::byte* p_ = nullptr;
  std::size_t size_ = 0;   // mapped
  std::size_t bytes_ = 0;  // usable, from p_
  std::size_t used_ = 0;   // bytes from p_ a table may have written since the last clear
};

}  // namespace sb::tsume
