// Features of gomoku positions for fitting level 4's evaluation (an experiment of 2026-12-05;
// NOTES.md).
#include <cstdio>
#include <exception>
#include <string>
#include "gomoku/pattern_board.hpp"
#include "gomoku/record.hpp"
using namespace sb::gomoku;
using namespace sb::gomoku::detail;
int main(int argc, char** argv) {
  for (int a = 1; a < argc; ++a) {
    Record r;
    try {
      r = read_psq(argv[a]);
    } catch (std::exception& e) {
      fprintf(stderr, "%s\n", e.what());
      continue;
    }
    if (r.rules.cols != 15 || r.rules.rows != 15) continue;
    double res_black = r.result == "black wins"   ? 1
                       : r.result == "white wins" ? 0
                       : r.result == "draw"       ? 0.5
                                                  : -1;
    if (res_black < 0) continue;
    PatternBoard b(15, 15, r.rules.rule);
    int n = (int)r.moves.size();
    for (int k = 0; k < n; ++k) {
      b.play(b.index(r.moves[k].cell));
      const int me = b.to_move(), op = me ^ 1;
      double y = me == 0 ? res_black : 1 - res_black;
      int sc[2][9] = {};
      for (int idx : b.points()) {
        if (b.at(idx)) continue;
        for (int p = 0; p < 2; ++p)
          for (int d = 0; d < 4; ++d) sc[p][static_cast<int>(b.shape(idx, p, d))]++;
      }
      printf("%d,%d,%d,%g", a, k + 1, n, y);
      for (int p : {me, op})
        for (int s = 0; s < 9; ++s) printf(",%d", sc[p][s]);
      for (int p : {me, op})
        for (int c = 0; c < kTClasses; ++c) printf(",%d", b.count(p, c));
      printf(",%d,%d\n", b.total(me), b.total(op));
    }
  }
}
