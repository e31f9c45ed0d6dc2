// Input echoed back in a reply of a protocol mode (USI `info string`, pbrain `ERROR` and
// `UNKNOWN`) or in an error line: one safe line whatever the input was.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace sb {

/// s with its control bytes as '?' (a GUI log or terminal must not receive raw escapes or a
/// carriage return that redraws the line): an error message that quotes input stays one line.
inline std::string printable_text(std::string s) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return s;
}

/// s as echoed: control bytes as '?' (printable_text), and at most 200 bytes, cut at a UTF-8
/// character boundary with "..." after it.
inline std::string echo_text(std::string s) {
  constexpr std::size_t kMax = 200;
  if (s.size() > kMax) {
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s.resize(cut);
    s += "...";
  }
  return printable_text(std::move(s));
}

}  // namespace sb
