// `searchbench tsume usi`: the USI tsume engine's options and its loop (src/tsume/usi.cpp).
#pragma once

#include <iosfwd>
#include <string>

namespace sb::tsume {

/// Options of `searchbench tsume usi`.
struct UsiOptions {
  std::string kernel;  ///< empty: the problem's default kernel (problem().default_kernel())
};

/// The USI engine loop, reading commands from `in` and writing replies to `out` (the command
/// runs it on stdin/stdout); returns the exit code (0 after `quit` or end of input). A failed write
/// to `out` stops the loop as `quit` does.
int run_usi(const UsiOptions& o, std::istream& in, std::ostream& out);

}  // namespace sb::tsume
