// Memory for the df-pn transposition table (dfpn_table.hpp): one block of zero pages from the
// system, 2 MiB-aligned and marked for transparent huge pages (core/page_block.hpp), that a table
// may own (a fresh block per solve: pages are paid for when first touched, during the search) or
// borrow (a block kept by the caller across solves and touched beforehand, as `tsume usi` does at
// `isready`, so that the search's clock does not contain the kernel's zeroing of its pages).
//
// Contract of a borrowed block: it is all zeros when a table takes it (clean()); the table
// records on destruction how many bytes from the start it may have written (mark_used), and
// clear() zeros those bytes again. No I/O, no timing. Limits: one table at a time per block.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "core/page_block.hpp"

namespace sb::tsume {

class TableMemory {
 public:
  TableMemory() = default;
  /// A block of `bytes` zero bytes; its pages are not touched yet. Throws std::bad_alloc.
  explicit TableMemory(std::size_t bytes) : block_(bytes) {}

  std::byte* data() const { return block_.data(); }
  std::size_t bytes() const { return block_.bytes(); }
  /// Every byte is zero: no table has written to the block since it was made or cleared.
  bool clean() const { return used_ == 0; }
  /// A table wrote at most the first `n` bytes.
  void mark_used(std::size_t n) { used_ = std::max(used_, std::min(n, bytes())); }
  /// Zeros the bytes a table may have written; the block is clean again.
  void clear() {
    if (used_) std::memset(static_cast<void*>(data()), 0, used_);
    used_ = 0;
  }
  /// Makes the system back every page now (writing a zero to each), so that a search using the
  /// block pays no page faults; the block stays clean.
  void touch() {
    constexpr std::size_t kPage = 4096;
    for (std::size_t i = 0; i < bytes(); i += kPage) data()[i] = std::byte{0};
  }

 private:
  PageBlock block_;
  std::size_t used_ = 0;  // bytes from data() a table may have written since the last clear
};

}  // namespace sb::tsume
