// alphabeta-tbb: the alphabeta kernel with lazy SMP (kernels/gomoku/engine.cpp): `threads` searchers
// on their own boards search the same root in a oneTBB task arena of that many threads (global
// control max_allowed_parallelism), sharing one transposition table; helpers take the later root
// moves in a rotated order and half of them one ply deeper. The main searcher's result is
// reported; node counts vary from run to run (not part of the signature).
#include "alphabeta_result.hpp"
#include "core/limits.hpp"

namespace sb::gomoku {

Result alphabeta_tbb(const Params& p) {
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument("alphabeta-tbb: threads must be from 1 to " +
                                std::to_string(kMaxThreads));
  return alphabeta_search(p, p.threads);
}

}  // namespace sb::gomoku
