#include <cstdio>
#include <cstdlib>
#include <vector>
#include "gomoku/pattern_search.hpp"
using namespace sb::gomoku;
using namespace sb::gomoku::detail;
int main(int argc, char** argv) {
  sb::mnk::Geometry g(15, 15, 5, sb::mnk::Rule::kFreestyle);
  TT tt(1 << 20);
  Shared sh;
  sh.start = Clock::now();
  PatternSearcher ps(g, &tt, &sh);
  std::vector<int> cells;
  int threes = std::atoi(argv[1]);
  int budget = std::atoi(argv[2]);
  for (int i = 3; i < argc; ++i) cells.push_back(std::atoi(argv[i]));
  ps.set_position(cells);
  ps.set_fast_vct(1, 1, threes, budget);
  auto t0 = Clock::now();
  bool w = ps.fast_vct(ps.board().to_move());
  std::printf("%.4f s ", std::chrono::duration<double>(Clock::now() - t0).count());
  std::printf("win %d nodes %llu\n", w, (unsigned long long)ps.fv_nodes_);
}
