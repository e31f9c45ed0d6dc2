// Journal text for the resume tests: a journal as an interrupted run leaves it.
#pragma once

#include <sstream>
#include <string>

namespace sb::test {

/// The lines of `journal` up to and including its `pieces`-th piece line (the header, the run
/// lines and the first pieces), as a run killed right after that piece leaves the file.
inline std::string journal_cut_after(const std::string& journal, int pieces) {
  std::string cut;
  std::istringstream in(journal);
  int seen = 0;
  for (std::string l; seen < pieces && std::getline(in, l) && l.rfind("result ", 0) != 0;) {
    cut += l + "\n";
    if (l.rfind("piece ", 0) == 0) ++seen;
  }
  return cut;
}

}  // namespace sb::test
