// Memory for a large table: one block of zero bytes reserved from the system, its start aligned to
// 2 MiB and the block marked for transparent huge pages (madvise MADV_HUGEPAGE, a hint the kernel
// may refuse), so that a table of gigabytes costs far fewer TLB misses than on 4 KiB pages. The
// reservation is virtual (MAP_NORESERVE): a page is backed by memory only when first written, so
// a table that grows into a prefix of its block takes only the memory it uses. Elsewhere than on
// Linux the block is plain zeroed memory (calloc). No I/O, no timing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>
#ifdef __linux__
#include <sys/mman.h>
#endif

namespace sb {

class PageBlock {
 public:
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  PageBlock() = default;
  /// A block of `bytes` zero bytes (none touched yet). Throws std::bad_alloc when the system
  /// refuses the reservation.
  explicit PageBlock(std::size_t bytes) : bytes_(bytes) {
#ifdef __linux__
    size_ = bytes + kHugePage;  // room to move the start to the next 2 MiB boundary
    void* m = ::mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    base_ = m;
    const auto a = (reinterpret_cast<std::uintptr_t>(m) + kHugePage - 1) & ~(kHugePage - 1);
#ifdef MADV_HUGEPAGE
    ::madvise(reinterpret_cast<void*>(a), bytes, MADV_HUGEPAGE);
#endif
    p_ = reinterpret_cast<std::byte*>(a);
#else
    base_ = std::calloc(bytes ? bytes : 1, 1);
    if (!base_) throw std::bad_alloc();
    p_ = static_cast<std::byte*>(base_);
#endif
  }
  PageBlock(PageBlock&& o) noexcept {
    swap(o);
  }
  PageBlock& operator=(PageBlock&& o) noexcept {
    swap(o);
    return *this;
  }
  PageBlock(const PageBlock&) = delete;
  PageBlock& operator=(const PageBlock&) = delete;
  ~PageBlock() {
    if (!base_) return;
#ifdef __linux__
    ::munmap(base_, size_);
#else
    std::free(base_);
#endif
  }

  /// The block's first byte (2 MiB-aligned on Linux); nullptr for an empty PageBlock.
  std::byte* data() const {
    return p_;
  }
  /// Usable bytes from data().
  std::size_t bytes() const {
    return bytes_;
  }

 private:
  void swap(PageBlock& o) {
    std::swap(base_, o.base_), std::swap(p_, o.p_), std::swap(size_, o.size_);
    std::swap(bytes_, o.bytes_);
  }
  void* base_ = nullptr;
  std::byte* p_ = nullptr;
  std::size_t size_ = 0;   // reserved, from base_
  std::size_t bytes_ = 0;  // usable, from p_
};

}  // namespace sb
