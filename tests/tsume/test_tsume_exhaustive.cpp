// Tests of the exhaustive last-plies search (kernels/tsume/exhaustive.hpp): "mate within r plies?"
// for r = 1, 3, 5 agrees with the andor kernel (full-width AND/OR search, no table) on suite
// positions, on positions a few random check-evasion pairs away from them and on the positions
// along main lines, under both interposition rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "suite_positions.hpp"
#include "tsume/exhaustive.hpp"

using namespace sb::tsume;

namespace {

void agree(Interpositions rule) {
  int mates = 0, others = 0;
  for (const Position& root : test::test_positions(rule, 12, 2002)) {
    Params p;
    p.root = root;
    p.interpositions = rule;
    detail::Table<false> tt(1 << 20);  // one table for the three depths, as df-pn shares it
    detail::Limits lim(p);
    detail::ExhaustiveSearch<false> s(tt, lim, root.side_to_move(), rule);
    for (int r : {1, 3, 5}) {
      Params q = p;
      q.max_length = r;
      const Result full = andor(q);
      ASSERT_FALSE(full.stopped);
      const bool mate = full.outcome == Outcome::kMate;
      Position pos = root;
      detail::PathSet path;
      const auto res = s.mate_within(pos, r, path);
      EXPECT_EQ(pos.key(), root.key());
      EXPECT_TRUE(res.pn == 0 || res.dn == 0);
      EXPECT_EQ(res.pn == 0, mate) << format_sfen(root) << " r=" << r;
      if (mate) {
        EXPECT_GE(static_cast<int>(res.hi), full.mate_length) << format_sfen(root) << " r=" << r;
        EXPECT_LE(static_cast<int>(res.hi), r) << format_sfen(root) << " r=" << r;
        ++mates;
      } else {
        EXPECT_TRUE(res.tainted || res.lo >= r) << format_sfen(root) << " r=" << r;
        ++others;
      }
    }
  }
  // the set holds both answers
  EXPECT_GT(mates, 20);
  EXPECT_GT(others, 20);
  std::printf("%d mates, %d no mates\n", mates, others);
}

}  // namespace

TEST(TsumeExhaustive, AgreesWithFullWidthAndOrEveryInterpositionCounted) {
  agree(Interpositions::kAll);
}

TEST(TsumeExhaustive, AgreesWithFullWidthAndOrWithoutFutileInterpositions) {
  agree(Interpositions::kNoFutile);
}
