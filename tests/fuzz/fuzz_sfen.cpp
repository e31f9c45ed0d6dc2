// Fuzz target: SFEN positions (sb::tsume::parse_sfen, the notation of USI's `position sfen` and of
// every tsume instance). A text is either refused with std::invalid_argument or read into a
// position whose SFEN (format_sfen) reads back to the same SFEN.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tsume/shogi.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  namespace ts = sb::tsume;
  ts::Position pos;
  try {
    pos = ts::parse_sfen(text);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const std::string sfen = ts::format_sfen(pos);
  if (ts::format_sfen(ts::parse_sfen(sfen)) != sfen) std::abort();  // a round trip that differs
  (void)ts::format_bod(pos);
  return 0;
}
