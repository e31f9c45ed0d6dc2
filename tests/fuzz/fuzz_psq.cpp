// Fuzz target: gomoku game records in Piskvork's .psq format (sb::gomoku::parse_psq), ours and
// Gomocup's. A text is either refused with RecordError or read into a record that replays
// (replay_game) and whose .psq text (format_psq) reads back to the same record.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gomoku/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  namespace gm = sb::gomoku;
  gm::Record r;
  try {
    r = gm::parse_psq(text, "fuzz.psq");
  } catch (const gm::RecordError&) {
    return 0;
  }
  (void)gm::replay_game(r);
  if (!(gm::parse_psq(gm::format_psq(r), "again.psq") == r)) std::abort();
  return 0;
}
