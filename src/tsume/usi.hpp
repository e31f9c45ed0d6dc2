// `searchbench tsume usi`: the USI tsume engine's options and its loop (src/tsume/usi.cpp).
#pragma once

#include <string>

namespace sb::tsume {

/// Options of `searchbench tsume usi`.
struct UsiOptions {
  std::string kernel;  ///< empty: the problem's default kernel (problem().default_kernel())
};

/// The USI engine loop on stdin/stdout; returns the exit code (0 after `quit` or end of input).
int run_usi(const UsiOptions& o);

}  // namespace sb::tsume
