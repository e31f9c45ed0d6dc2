// Fuzz target: the Gomocup / Piskvork brain's line handler (`searchbench gomoku pbrain`,
// sb::gomoku::run_pbrain) on a whole session read from a string: START, RECTSTART, RESTART,
// BEGIN, TURN, BOARD ... DONE, TAKEBACK, PLAY, INFO, ABOUT, END and anything else. The brain plays
// at level 1 (rules and chance, no search), so that every move is answered at once; it must
// answer every line and end at END or the end of input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "gomoku/pbrain.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out;
  sb::gomoku::PbrainOptions o;
  o.level = 1;
  o.default_seconds = 0.01;
  if (sb::gomoku::run_pbrain(in, out, o) != 0) std::abort();
  return 0;
}
