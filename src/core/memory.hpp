// Memory budgets: the machine's physical memory and byte counts as users write them (--max-memory).
#pragma once

#include <cstdint>
#include <string>

namespace sb {

/// Physical memory of this machine in bytes (sysconf), 4 GiB when unknown.
std::uint64_t physical_memory();

/// The memory this process may take: physical memory, lowered by its address-space and data
/// limits (ulimit -v, -d) where they are set.
std::uint64_t usable_memory();

/// The memory free for a new process now (MemAvailable of /proc/meminfo: free memory plus what
/// the kernel can reclaim), usable_memory() when unknown, and never more than it.
std::uint64_t available_memory();

/// Parses a byte count such as 512M, 2G, 1.5GiB, 64K or 1048576 (binary units K, M, G, T with
/// optional B / iB; no unit: bytes). "" gives 0 (meaning: the default). Throws
/// std::invalid_argument naming `option` for text that is not a size, NaN, infinity, hex, a
/// value of 2^64 bytes or more, or one below `min_bytes`.
std::uint64_t parse_bytes(const std::string& text, const std::string& option = "--max-memory",
                          std::uint64_t min_bytes = 1u << 20);

/// A memory budget as users write it (--max-memory): parse_bytes, and also refused (the same
/// std::invalid_argument) when it is more than physical_memory(). "" gives 0 (the default).
std::uint64_t parse_memory_budget(const std::string& text,
                                  const std::string& option = "--max-memory",
                                  std::uint64_t min_bytes = 1u << 20);

}  // namespace sb
