// Shared by the tsume CLI command (cli.cpp) and its USI engine (usi.cpp).
#pragma once

#include <cstdint>
#include <string>

namespace sb::cli::tsume_cli {

/// Options of `searchbench tsume usi`.
struct UsiOptions {
  std::string kernel = "dfpn";
};

/// A byte count such as 512M, 2G or 1048576 (binary units); "" is 0 (the default budget).
/// Throws UsageError on anything else or below 1 MiB.
std::uint64_t parse_memory(const std::string& s);

/// The USI engine loop on stdin/stdout; returns the exit code (0 after `quit` or end of input).
int run_usi(const UsiOptions& o);

}  // namespace sb::cli::tsume_cli
