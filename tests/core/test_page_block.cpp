// Tests of the large tables' memory (src/core/page_block.hpp): a block is zero, starts on a 2 MiB
// boundary, takes writes over its whole length, and moves without copying or losing its bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/page_block.hpp"

namespace {

bool all_zero(const sb::PageBlock& b) {
  return std::all_of(b.data(), b.data() + b.bytes(), [](std::byte x) { return x == std::byte{0}; });
}

TEST(PageBlock, IsZeroAndAlignedToTwoMebibytes) {
  for (std::size_t bytes :
       {std::size_t{1}, std::size_t{4096}, std::size_t{3} << 20, (std::size_t{5} << 20) + 12345}) {
    sb::PageBlock b(bytes);
    EXPECT_EQ(b.bytes(), bytes);
    ASSERT_NE(b.data(), nullptr);
#ifdef __linux__
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.data()) % sb::PageBlock::kHugePage, 0u);
#endif
    EXPECT_TRUE(all_zero(b));
  }
}

TEST(PageBlock, TakesWritesOverItsWholeLength) {
  sb::PageBlock b((std::size_t{4} << 20) + 100);
  for (std::size_t i = 0; i < b.bytes(); ++i) b.data()[i] = static_cast<std::byte>(i * 7 + 1);
  for (std::size_t i = 0; i < b.bytes(); i += 4093)
    ASSERT_EQ(b.data()[i], static_cast<std::byte>(i * 7 + 1)) << i;
  EXPECT_EQ(b.data()[b.bytes() - 1], static_cast<std::byte>((b.bytes() - 1) * 7 + 1));
}

TEST(PageBlock, MovesItsBytes) {
  sb::PageBlock a(1 << 20);
  a.data()[12345] = std::byte{42};
  std::byte* p = a.data();
  sb::PageBlock b(std::move(a));
  EXPECT_EQ(b.data(), p);
  EXPECT_EQ(b.bytes(), std::size_t{1} << 20);
  EXPECT_EQ(b.data()[12345], std::byte{42});
  sb::PageBlock c(2 << 20);
  c = std::move(b);
  EXPECT_EQ(c.data(), p);
  EXPECT_EQ(c.data()[12345], std::byte{42});
  sb::PageBlock empty;
  EXPECT_EQ(empty.data(), nullptr);
  EXPECT_EQ(empty.bytes(), 0u);
}

}  // namespace
