// Tests of the pns engine's move ordering scores (kernels/mnk/solver_parts.hpp): move_scores, which
// scores every cell window by window, against move_score, which scores one cell over the windows
// through it, on random positions of several boards, both rules and both players to move.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "mnk/board.hpp"
#include "mnk/mnk.hpp"
#include "mnk/solver_parts.hpp"

namespace mnk = sb::mnk;

namespace {

template <int W>
void check_random_positions(int m, int n, int k, mnk::Rule rule, unsigned seed) {
  const mnk::Geometry g(m, n, k, rule);
  std::mt19937 rng(seed);
  for (int game = 0; game < 40; ++game) {
    mnk::Board<W> b(g);
    const int stones = static_cast<int>(rng() % static_cast<unsigned>(g.cells * 2 / 3 + 1));
    for (int s = 0; s < stones && b.winner() < 0 && !b.full(); ++s) {
      std::vector<int> empty;
      b.empty().for_each([&](int c) { empty.push_back(c); });
      b.play(empty[rng() % empty.size()]);
      std::vector<int> score(static_cast<std::size_t>(g.cells));
      mnk::detail::move_scores(b, score.data());
      b.empty().for_each([&](int c) {
        ASSERT_EQ(score[static_cast<std::size_t>(c)], mnk::detail::move_score(b, c))
            << m << "x" << n << "k" << k << " game " << game << " stone " << s << " cell " << c;
      });
    }
  }
}

}  // namespace

TEST(MnkMoveScores, EqualTheScoreOfEachCell) {
  check_random_positions<1>(8, 8, 5, mnk::Rule::kFreestyle, 1);
  check_random_positions<1>(7, 6, 4, mnk::Rule::kFreestyle, 2);
  check_random_positions<1>(9, 3, 4, mnk::Rule::kStandard, 3);
  check_random_positions<4>(15, 15, 5, mnk::Rule::kFreestyle, 4);
  check_random_positions<4>(15, 15, 5, mnk::Rule::kStandard, 5);
}
