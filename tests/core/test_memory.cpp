// Byte counts as users write them (sb::parse_bytes, sb::parse_memory_budget: --max-memory),
// including inputs found by fuzzing (tests/fuzz/fuzz_numbers.cpp), each refused with
// std::invalid_argument.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <stdexcept>
#include <string>

#include "core/memory.hpp"

namespace {

TEST(ParseBytes, ReadsUnits) {
  EXPECT_EQ(sb::parse_bytes("512M"), 512ull << 20);
  EXPECT_EQ(sb::parse_bytes("1.5GiB"), 3ull << 29);
  EXPECT_EQ(sb::parse_bytes("64K", "--max-memory", 1), 64ull << 10);
  EXPECT_EQ(sb::parse_bytes("1048576"), 1ull << 20);
  EXPECT_EQ(sb::parse_bytes(""), 0u);
}

TEST(ParseBytes, RefusesTooManyDigitsCleanly) {
  // 400 digits: more than a double holds (std::stod threw std::out_of_range, which the CLI
  // reported as "error: stod", exit 1).
  EXPECT_THROW(sb::parse_bytes(std::string(400, '9')), std::invalid_argument);
  EXPECT_THROW(sb::parse_bytes(std::string(400, '1') + "G"), std::invalid_argument);
  EXPECT_THROW(sb::parse_memory_budget(std::string(400, '7')), std::invalid_argument);
  // A fraction too small for a double (underflow): below any minimum.
  EXPECT_THROW(sb::parse_bytes("0." + std::string(400, '0') + "1G"), std::invalid_argument);
  EXPECT_THROW(sb::parse_bytes("0." + std::string(330, '0') + "1", "--max-memory", 1),
               std::invalid_argument);
}

TEST(ParseBytes, RefusesWhatIsNotASize) {
  for (const char* s : {"-1M", "1e9", "0x10", "nan", "inf", "1..2G", "1Q", "18446744073709551616"})
    EXPECT_THROW(sb::parse_bytes(s), std::invalid_argument) << s;
}

// The memory a process may take: never above physical memory, and exactly an address-space
// limit set below it (half the physical memory here); what is available now never above it.
TEST(UsableMemory, BoundedByPhysicalMemoryAndLimits) {
  const std::uint64_t phys = sb::physical_memory();
  EXPECT_GT(sb::usable_memory(), 0u);
  EXPECT_LE(sb::usable_memory(), phys);
  EXPECT_GT(sb::available_memory(), 0u);
  EXPECT_LE(sb::available_memory(), sb::usable_memory());
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &old), 0);
  const std::uint64_t half = phys / 2;
  if (half < (std::uint64_t{2} << 30) || (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < half))
    GTEST_SKIP() << "too little memory, or a lower limit already set";
  rlimit lim = old;
  lim.rlim_cur = static_cast<rlim_t>(half);
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &lim), 0);
  const std::uint64_t usable = sb::usable_memory(), available = sb::available_memory();
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &old), 0);
  EXPECT_EQ(usable, half);
  EXPECT_LE(available, half);
}

}  // namespace
