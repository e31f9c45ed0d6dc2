// Input echoed back in a reply of a protocol mode (USI `info string`, pbrain `ERROR` and
// `UNKNOWN`): one short, safe line whatever the input was.
#pragma once

#include <cstddef>
#include <string>

namespace sb {

/// s as echoed: control bytes as '?' (a GUI log or terminal must not receive raw escapes), and
/// at most 200 bytes, cut at a UTF-8 character boundary with "..." after it.
inline std::string echo_text(std::string s) {
  constexpr std::size_t kMax = 200;
  if (s.size() > kMax) {
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s.resize(cut);
    s += "...";
  }
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return s;
}

}  // namespace sb
