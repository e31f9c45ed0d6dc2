// Reading a small input file (a board diagram, a game record, a list of openings) whole, with a
// size cap, so that an endless input (/dev/zero, a pipe that never ends) cannot fill the memory.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace sb {

/// Reads `in` to its end into `out`, 64 KiB at a time. Returns false, with out holding the
/// first bytes read (more than max_bytes), as soon as the input is longer than max_bytes; true
/// otherwise. A read error is left for the caller to see (in.bad()).
inline bool read_capped(std::istream& in, std::size_t max_bytes, std::string& out) {
  out.clear();
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    out.append(buf, static_cast<std::size_t>(in.gcount()));
    if (out.size() > max_bytes) return false;
  }
  return true;
}

}  // namespace sb
