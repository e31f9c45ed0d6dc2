// Tests of hand superiority and of the proof-hand and disproof-hand rules
// (kernels/tsume/hands.hpp, applied by the exhaustive search): a proof stored with proof hand ph
// must be a mate for every attacker hand >= ph, a disproof with disproof hand dh no mate for
// every hand <= dh (the other pieces in the defender's hand). Checked by re-dealing the hands of
// suite positions (suite_positions.hpp) and asking the andor kernel (full-width AND/OR search, no
// hands reasoning).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "suite_positions.hpp"
#include "tsume/exhaustive.hpp"
#include "tsume/hands.hpp"

using namespace sb::tsume;

namespace {

// pos with the attacker (to move) holding atk and the defender def
Position with_hands(const Position& pos, Hand atk, Hand def) {
  Position q = pos;
  q.set_hand(pos.side_to_move(), atk);
  q.set_hand(~pos.side_to_move(), def);
  return q;
}

// a hand with lo <= it <= hi, type by type, drawn at random
Hand between_hands(Hand lo, Hand hi, std::mt19937_64& rng) {
  Hand h = 0;
  for (PieceType t : kHandOrder) {
    const int a = hand_count(lo, t), b = hand_count(hi, t);
    h += static_cast<Hand>(a + static_cast<int>(rng() % (b - a + 1))) << kHandShift[t];
  }
  return h;
}

bool mate_within(const Position& pos, int r) {
  Params p;
  p.root = pos;
  p.max_length = r;
  const Result res = andor(p);
  EXPECT_FALSE(res.stopped);
  return res.outcome == Outcome::kMate;
}

}  // namespace

TEST(TsumeHands, SuperiorityIsTypeByType) {
  std::mt19937_64 rng(7);
  const Hand full = parse_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1").hand(kBlack);
  for (int i = 0; i < 20000; ++i) {
    const Hand a = between_hands(0, full, rng), b = between_hands(0, full, rng);
    bool ge = true;
    for (PieceType t : kHandOrder) {
      ge = ge && hand_count(a, t) >= hand_count(b, t);
      EXPECT_EQ(hand_count(hand_min(a, b), t), std::min(hand_count(a, t), hand_count(b, t)));
      EXPECT_EQ(hand_count(hand_max(a, b), t), std::max(hand_count(a, t), hand_count(b, t)));
    }
    ASSERT_EQ(hand_ge(a, b), ge) << a << " " << b;
    EXPECT_TRUE(hand_ge(a, a));
  }
}

TEST(TsumeHands, ProofAndDisproofHandsHoldForEveryHandTheyCover) {
  std::mt19937_64 rng(2002);
  int proofs = 0, disproofs = 0, widened = 0;
  for (const Position& root : test::test_positions(Interpositions::kAll, 4, 2003)) {
    const std::string s = format_sfen(root);
    const Color atk = root.side_to_move();
    const Hand held = root.hand(atk), total = held + root.hand(~atk);
    for (int r : {1, 3, 5}) {
      Params p;
      p.root = root;
      detail::Table<false> tt(1 << 20);
      detail::Limits lim(p);
      detail::ExhaustiveSearch<false> search(tt, lim, atk, Interpositions::kAll);
      Position pos = root;
      detail::PathSet path;
      const auto res = search.mate_within(pos, r, path);
      ASSERT_EQ(res.pn == 0, mate_within(root, r)) << s << " r=" << r;
      std::vector<Hand> hands;
      if (res.pn == 0) {
        ASSERT_TRUE(hand_ge(held, res.ph)) << s;  // it needs no piece the attacker lacks
        hands = {res.ph, total};
        for (int i = 0; i < 12; ++i) hands.push_back(between_hands(res.ph, total, rng));
        for (Hand h : hands)
          EXPECT_TRUE(mate_within(with_hands(root, h, total - h), r))
              << s << " r=" << r << " " << h;
        ++proofs;
      } else if (!res.tainted) {
        ASSERT_TRUE(hand_ge(res.dh, held)) << s;  // it covers the hand asked about
        ASSERT_TRUE(hand_ge(total, res.dh)) << s;
        widened += res.dh != held;
        hands = {res.dh, 0};
        for (int i = 0; i < 12; ++i) hands.push_back(between_hands(0, res.dh, rng));
        for (Hand h : hands)
          EXPECT_FALSE(mate_within(with_hands(root, h, total - h), r))
              << s << " r=" << r << " " << h;
        ++disproofs;
      }
    }
  }
  EXPECT_GT(proofs, 2);
  EXPECT_GT(disproofs, 2);
  EXPECT_GT(widened, 0);
  std::printf("%d proofs, %d disproofs (%d wider than the hand asked about)\n", proofs, disproofs,
              widened);  // some disproof hand holds more than the hand asked about
}
