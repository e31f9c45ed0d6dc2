// Fuzz target: instance strings of every problem, through the registry (Problem::parse, what
// `bench --instances` and each problem's commands read). The first byte picks the problem, the
// rest is the text. A text is either refused with std::invalid_argument or read into an instance
// whose canonical name parses to the same name.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "core/problem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& all = sb::problems();
  const sb::Problem& p = *all[data[0] % all.size()];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  sb::Instance inst;
  try {
    inst = p.parse(text);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  if (p.parse(inst.name).name != inst.name) std::abort();  // the canonical text is not stable
  return 0;
}
