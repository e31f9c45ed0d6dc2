// Tests of df-pn's child thresholds (kernels/tsume/thresholds.hpp), against the formulas of the
// MID procedure worked by hand, and the unlimited threshold that must stay unlimited.
#include <gtest/gtest.h>

#include <cstdint>

#include "tsume/thresholds.hpp"

using namespace sb::tsume::detail;

TEST(TsumeThresholds, TheSummedThresholdIsTheParentsLessTheOtherChildren) {
  // th 100, the node's sum 30 of which this child 12: the others add 18, so 82 remain
  EXPECT_EQ(threshold_summed(100, 30, 12), 82u);
  EXPECT_EQ(threshold_summed(31, 30, 30), 31u);  // an only child gets the whole threshold
  // a finite threshold near the top saturates below kInfPn (kInfPn means settled)
  EXPECT_EQ(threshold_summed(kInfPn - 1, 5, kInfPn - 1), kInfPn - 1);
}

TEST(TsumeThresholds, AnUnlimitedThresholdStaysUnlimited) {
  // The root searches with kInfPn. A child whose summed number saturated (kInfPn - 1) must get
  // a threshold above it, or it returns at once and is called again for ever; computed by the
  // subtraction, kInfPn - (kInfPn - 1) + (kInfPn - 1) saturates to kInfPn - 1, not above it.
  const std::uint32_t sat = kInfPn - 1;
  EXPECT_EQ(threshold_summed(kInfPn, sat, sat), kInfPn);
  EXPECT_GT(threshold_summed(kInfPn, sat, sat), sat);
  EXPECT_EQ(threshold_summed(kInfPn, 7, 3), kInfPn);
}

TEST(TsumeThresholds, TheMinimisedThresholdIsTheSecondBestAndAQuarter) {
  EXPECT_EQ(threshold_minimised(1000, 8), 11u);     // 8 + 2 + 1
  EXPECT_EQ(threshold_minimised(1000, 100), 126u);  // 100 + 25 + 1
  EXPECT_EQ(threshold_minimised(50, 100), 50u);     // never above the parent's
  // no second child (kInfPn or more): the parent's threshold, unlimited included
  EXPECT_EQ(threshold_minimised(kInfPn, kInfPn + 1), kInfPn);
  EXPECT_EQ(threshold_minimised(77, kInfPn), 77u);
}
