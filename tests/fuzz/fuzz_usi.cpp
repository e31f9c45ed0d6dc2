// Fuzz target: the USI engine's line handler (`searchbench tsume usi`, sb::tsume::run_usi) on a
// whole session read from a string: usi, isready, setoption, position (SFEN and moves), go,
// stop, quit and anything else. Every search is made to fail at once (the engine's test hook
// SEARCHBENCH_TEST_FORCE_SEARCH_FAIL), so that `go` is parsed and answered without searching;
// the engine must answer every line and end at the end of input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tsume/usi.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("SEARCHBENCH_TEST_FORCE_SEARCH_FAIL", "1", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out;
  sb::tsume::UsiOptions o;
  if (sb::tsume::run_usi(o, in, out) != 0) std::abort();
  return 0;
}
