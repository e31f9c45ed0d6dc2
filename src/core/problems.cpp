// The one list of problems. Adding a problem: its folders src/<problem>/ and kernels/<problem>/,
// a function returning its Problem (see src/core/typed_problem.hpp), and one line here.
#include "core/problem.hpp"

namespace sb {

namespace nqueens {
const Problem& problem();  // src/nqueens/problem.cpp
}
namespace queens_game {
const Problem& problem();  // src/queens_game/problem.cpp
}
namespace mnk {
const Problem& problem();  // src/mnk/problem.cpp
}
namespace gomoku {
const Problem& problem();  // src/gomoku/problem.cpp
}
namespace tsume {
const Problem& problem();  // src/tsume/problem.cpp
}

const std::vector<const Problem*>& problems() {
  // One problem per line.
  // clang-format off
  static const std::vector<const Problem*> all = {
      &nqueens::problem(),
      &queens_game::problem(),
      &mnk::problem(),
      &gomoku::problem(),
      &tsume::problem(),
  };
  // clang-format on
  return all;
}

}  // namespace sb
