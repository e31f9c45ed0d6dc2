// Fuzz target: KIF/BOD board diagrams (sb::tsume::parse_kif), UTF-8 or Shift_JIS (CP932, converted
// with iconv). A text is either refused with std::invalid_argument or read into a position that
// passes the SFEN checks (its SFEN reads back).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tsume/shogi.hpp"
#include "tsume/tsume.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  namespace ts = sb::tsume;
  ts::Position pos;
  try {
    pos = ts::parse_kif(text);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const std::string sfen = ts::format_sfen(pos);
  try {
    (void)ts::parse_sfen(sfen);
  } catch (const std::invalid_argument&) {
    std::abort();  // parse_kif accepted a position the SFEN checks refuse
  }
  return 0;
}
