// The incrementally classified board of gomoku level 4 (kernels/gomoku/pattern_board.hpp) against
// a from-scratch reading of every point after every move and take-back of random games: the line
// keys built from the stones alone, their shapes from the shape table (itself checked against
// src/mnk's analyze_move in test_gomoku.cpp), the threat classes, values, counts and totals, the
// five points (by counting runs) and the Zobrist key (a fresh board with the same moves).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gomoku/pattern_board.hpp"

namespace gm = sb::gomoku;
namespace dt = sb::gomoku::detail;
namespace mnk = sb::mnk;

namespace {

/// Reads every empty point of b from scratch and compares it with what b keeps.
void check_from_scratch(const dt::PatternBoard& b, mnk::Rule rule) {
  const gm::Shape* table = gm::shape_table(rule);
  int cnt[2][dt::kTClasses] = {};
  int tot[2] = {0, 0};
  for (int q : b.points()) {
    if (b.at(q) != 0) continue;
    for (int p = 0; p < 2; ++p) {
      gm::Shape s[4];
      int value = 0;
      for (int d = 0; d < 4; ++d) {
        std::uint8_t states[10];
        for (int i = 0; i < 10; ++i) {
          const int k = i < 5 ? i - 5 : i - 4;  // shapes.hpp's digit order
          const int st = b.at(q + k * b.dir(d));
          states[i] = st == 0 ? 0 : st == p + 1 ? 1 : 2;
        }
        s[d] = table[gm::shape_key(states)];
        ASSERT_EQ(b.shape(q, p, d), s[d])
            << "point " << b.cell(q) << " player " << p << " dir " << d;
        value += dt::PatternBoard::kShapePoints[static_cast<int>(s[d])];
      }
      const std::uint8_t k = dt::threat_class(s);
      ASSERT_EQ(b.klass(p, q), k) << "point " << b.cell(q) << " player " << p;
      value += dt::PatternBoard::kClassBonus[k];
      ASSERT_EQ(b.value(p, q), value);
      ++cnt[p][k];
      tot[p] += value;
    }
  }
  for (int p = 0; p < 2; ++p) {
    for (int k = 0; k < dt::kTClasses; ++k) ASSERT_EQ(b.count(p, k), cnt[p][k]) << p << " " << k;
    ASSERT_EQ(b.total(p), tot[p]);
  }
}

/// p makes five at the empty point q (runs counted on the padded board).
bool makes_five(const dt::PatternBoard& b, int q, int p, bool standard) {
  for (int d = 0; d < 4; ++d) {
    int run = 1;
    for (int sgn = -1; sgn <= 1; sgn += 2)
      for (int k = 1; b.at(q + sgn * k * b.dir(d)) == p + 1; ++k) ++run;
    if (standard ? run == 5 : run >= 5) return true;
  }
  return false;
}

}  // namespace

TEST(GomokuPatternBoard, IncrementalStateMatchesAFromScratchReading) {
  struct Case {
    int cols, rows;
    mnk::Rule rule;
  };
  for (const Case c : {Case{15, 15, mnk::Rule::kFreestyle}, Case{15, 15, mnk::Rule::kStandard},
                       Case{9, 13, mnk::Rule::kFreestyle}, Case{6, 5, mnk::Rule::kStandard}}) {
    SCOPED_TRACE(std::to_string(c.cols) + "x" + std::to_string(c.rows));
    std::mt19937_64 rng(c.cols * 100 + c.rows + static_cast<int>(c.rule));
    for (int game = 0; game < 6; ++game) {
      dt::PatternBoard b(c.cols, c.rows, c.rule);
      check_from_scratch(b, c.rule);
      std::vector<int> played;
      const int len = static_cast<int>(rng() % (c.cols * c.rows * 3 / 4)) + 1;
      for (int i = 0; i < len; ++i) {
        // a random empty point, mostly next to the last stones so that shapes form
        std::vector<int> empty;
        for (int q : b.points())
          if (b.at(q) == 0) empty.push_back(q);
        if (empty.empty()) break;
        int q = empty[rng() % empty.size()];
        if (!played.empty() && rng() % 4 != 0) {
          const int last =
              played[played.size() - 1 - rng() % std::min<std::size_t>(3, played.size())];
          const int cand = last + b.dir(static_cast<int>(rng() % 4)) * (rng() % 2 ? 1 : -1) *
                                      static_cast<int>(1 + rng() % 2);
          if (b.at(cand) == 0) q = cand;
        }
        b.play(q);
        played.push_back(q);
        check_from_scratch(b, c.rule);
        if (rng() % 5 == 0) {  // take one or two stones back and check again
          for (int u = static_cast<int>(1 + rng() % 2); u > 0 && !played.empty(); --u) {
            b.undo();
            played.pop_back();
          }
          check_from_scratch(b, c.rule);
        }
      }
      // five points against run counting, the key against a fresh board with the same moves
      const bool standard = c.rule == mnk::Rule::kStandard;
      for (int p = 0; p < 2; ++p) {
        int fives = 0;
        for (int q : b.points())
          if (b.at(q) == 0 && makes_five(b, q, p, standard)) ++fives;
        EXPECT_EQ(b.count(p, dt::kTFive), fives);
        const int any = b.any_five_point(p);
        EXPECT_EQ(any >= 0, fives > 0);
        if (any >= 0) {
          EXPECT_TRUE(makes_five(b, any, p, standard));
        }
      }
      dt::PatternBoard fresh(c.cols, c.rows, c.rule);
      for (int q : played) fresh.play(q);
      EXPECT_EQ(fresh.hash(), b.hash());
      while (b.stones() > 0) b.undo();
      EXPECT_EQ(b.hash(), dt::PatternBoard(c.cols, c.rows, c.rule).hash());
      check_from_scratch(b, c.rule);
    }
  }
}

TEST(GomokuPatternBoard, ThreatClassesOfNamedShapes) {
  using S = gm::Shape;
  auto cls = [](S a, S b, S c, S d) {
    const S s[4] = {a, b, c, d};
    return dt::threat_class(s);
  };
  EXPECT_EQ(cls(S::kNone, S::kNone, S::kNone, S::kNone), dt::kTNone);
  EXPECT_EQ(cls(S::kTwo, S::kOverline, S::kNone, S::kThree), dt::kTLow);
  EXPECT_EQ(cls(S::kOpenThree, S::kTwo, S::kNone, S::kNone), dt::kTOpenThree);
  EXPECT_EQ(cls(S::kOpenThree, S::kOpenThree, S::kNone, S::kNone), dt::kTDoubleThree);
  EXPECT_EQ(cls(S::kFour, S::kThree, S::kNone, S::kNone), dt::kTFour);
  EXPECT_EQ(cls(S::kFour, S::kOpenThree, S::kNone, S::kNone), dt::kTFourThree);
  EXPECT_EQ(cls(S::kFour, S::kFour, S::kNone, S::kNone), dt::kTStraight);
  EXPECT_EQ(cls(S::kNone, S::kStraightFour, S::kNone, S::kNone), dt::kTStraight);
  EXPECT_EQ(cls(S::kFour, S::kNone, S::kFive, S::kNone), dt::kTFive);
}

TEST(GomokuPatternBoard, FivePointNearAFour) {
  // black e5 f5 g5 (and white stones elsewhere); black h5 makes a four with the five point d5
  // (i5 blocked by white)
  dt::PatternBoard b(15, 15, mnk::Rule::kFreestyle);
  auto at = [&](int f, int r) { return b.index(r * 15 + f); };
  for (int q : {at(4, 4), at(8, 4), at(5, 4), at(0, 14), at(6, 4), at(14, 14)}) b.play(q);
  EXPECT_EQ(b.to_move(), 0);
  EXPECT_EQ(b.klass(0, at(7, 4)), dt::kTFour);
  EXPECT_EQ(b.klass(0, at(3, 4)), dt::kTStraight);  // d5 e5 f5 g5 with c5 and h5 open
  b.play(at(7, 4));
  EXPECT_EQ(b.five_point_near(at(7, 4), 0), at(3, 4));
  EXPECT_EQ(b.count(0, dt::kTFive), 1);
  EXPECT_EQ(b.five_point_near(at(7, 4), 1), -1);
}
