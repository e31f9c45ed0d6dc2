// Fuzz target: run journals (sb::journal::parse, the file that `nqueens count --journal` and the
// other piece-list kernels append to and resume from). A text is either refused with
// std::invalid_argument (not a journal, damaged header, two records of one piece that disagree)
// or read, damaged body lines counted.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "core/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const sb::journal::Contents c = sb::journal::parse(text, "fuzz.journal");
    sb::journal::check_identity(c.id, c.id, "fuzz.journal");  // a journal matches itself
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
