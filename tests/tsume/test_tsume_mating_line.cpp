// Tests of the line a stopped df-pn search reports (kernels/tsume/post_search.hpp, mating_line):
// read from a table the test fills with exact mate lengths worked out by a full-width search in
// the test, then with some of those entries lost, as a full table loses them. Whatever is lost,
// a line returned mates; with every entry, or with a line's positions lost but their children
// kept, it is a main line (each attacker move keeps the mate within the plies left, each defender
// move lasts all of them).
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "tsume/dfpn_table.hpp"
#include "tsume/post_search.hpp"

using namespace sb::tsume;

namespace {

constexpr int kNone = INT_MAX;  // not mated within the plies asked

// The exact number of plies in which pos (either side to move) is mated, if at most r; kNone
// otherwise. Full width, no table.
int mate_length(Position& pos, int r, Color atk) {
  Move buf[kMaxMoves];
  if (pos.side_to_move() == atk) {
    int best = kNone;
    const int n = generate_checks(pos, buf);
    for (int i = 0; i < n && r >= 1; ++i) {
      Undo u;
      pos.do_move(buf[i], u);
      const int l = mate_length(pos, r - 1, atk);
      pos.undo_move(buf[i], u);
      if (l != kNone) best = l + 1, r = best - 2;  // only a shorter mate matters now
    }
    return best;
  }
  const int n = generate_evasions(pos, buf, Interpositions::kAll);
  if (n == 0) return 0;
  int worst = 0;
  for (int i = 0; i < n; ++i) {
    Undo u;
    pos.do_move(buf[i], u);
    const int l = r >= 1 ? mate_length(pos, r - 1, atk) : kNone;
    pos.undo_move(buf[i], u);
    if (l == kNone) return kNone;
    worst = std::max(worst, l + 1);
  }
  return worst;
}

// Stores the exact length of every position of the mate tree within r plies from pos (attacker
// positions with the check that mates soonest), except those whose keys are in `lost` or that
// `lose` picks.
template <class Lose>
void fill(detail::Table<false>& tt, Position& pos, int r, Color atk,
          const std::set<std::uint64_t>& lost, Lose&& lose) {
  const int len = mate_length(pos, r, atk);
  if (len == kNone || len == 0) return;
  Move buf[kMaxMoves];
  const bool attacker = pos.side_to_move() == atk;
  const int n =
      attacker ? generate_checks(pos, buf) : generate_evasions(pos, buf, Interpositions::kAll);
  Move best;
  for (int i = 0; i < n; ++i) {
    Undo u;
    pos.do_move(buf[i], u);
    const int l = mate_length(pos, len - 1, atk);
    if (l != kNone) {
      if (attacker && !best && l == len - 1) best = buf[i];
      fill(tt, pos, len - 1, atk, lost, lose);
    }
    pos.undo_move(buf[i], u);
  }
  // as a search would: nothing stored that a proof with fewer pieces in hand already covers (a
  // board reached with many hands would fill its cluster's four ways otherwise)
  const auto known = tt.lookup(pos.board_key(), pos.hand(atk), static_cast<std::uint16_t>(len));
  if (known.pn != 0 && !lost.count(pos.key()) && !lose(pos))
    tt.store_proven(pos.board_key(), pos.hand(atk), static_cast<std::uint16_t>(len), best);
}

// Replays line from root; true if each move is a check or an evasion the rules allow and it
// ends with the defender mated.
bool mates(Position pos, const std::vector<Move>& line) {
  const Color atk = pos.side_to_move();
  for (Move m : line) {
    Move buf[kMaxMoves];
    const int n = pos.side_to_move() == atk ? generate_checks(pos, buf)
                                            : generate_evasions(pos, buf, Interpositions::kAll);
    if (std::find(buf, buf + n, m) == buf + n) return false;
    Undo u;
    pos.do_move(m, u);
  }
  return pos.side_to_move() != atk && pos.in_check() && !has_evasion(pos, Interpositions::kAll);
}

// Each move of line keeps the mate within the plies left (attacker) or lasts all of them
// (defender), by the full-width search.
bool is_main_line(Position pos, const std::vector<Move>& line) {
  const Color atk = pos.side_to_move();
  int left = static_cast<int>(line.size());
  for (Move m : line) {
    Undo u;
    pos.do_move(m, u);
    --left;
    if (mate_length(pos, left, atk) != left) return false;
  }
  return true;
}

const char* const kJisaku10 = "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1";

}  // namespace

TEST(TsumeMatingLine, WithEveryEntryItIsAMainLine) {
  Position root = parse_sfen(kJisaku10);
  const Color atk = root.side_to_move();
  ASSERT_EQ(mate_length(root, 9, atk), 9);
  detail::Table<false> tt(1 << 20);
  fill(tt, root, 9, atk, {}, [](const Position&) { return false; });
  const auto line = detail::mating_line(tt, root, atk, 9, Interpositions::kAll);
  ASSERT_EQ(line.size(), 9u);
  EXPECT_TRUE(mates(root, line));
  EXPECT_TRUE(is_main_line(root, line));
  // asked for fewer plies than the mate needs: no line
  EXPECT_TRUE(detail::mating_line(tt, root, atk, 7, Interpositions::kAll).empty());
}

TEST(TsumeMatingLine, PositionsLostWithTheirChildrenKeptAreBridged) {
  Position root = parse_sfen(kJisaku10);
  const Color atk = root.side_to_move();
  detail::Table<false> full(1 << 20);
  fill(full, root, 9, atk, {}, [](const Position&) { return false; });
  const auto line = detail::mating_line(full, root, atk, 9, Interpositions::kAll);
  ASSERT_EQ(line.size(), 9u);
  // lose two neighbouring positions of the line at a time (a defender's and an attacker's, or
  // the other way round): the two-ply look past a missing entry finds the line again
  for (std::size_t k = 1; k + 1 < line.size(); ++k) {
    std::set<std::uint64_t> lost;
    std::vector<Position> gone;
    Position pos = root;
    for (std::size_t i = 0; i <= k; ++i) {
      Undo u;
      pos.do_move(line[i], u);
      if (i + 1 >= k) lost.insert(pos.key()), gone.push_back(pos);
    }
    detail::Table<false> tt(1 << 20);
    fill(tt, root, 9, atk, lost, [](const Position&) { return false; });
    for (const Position& g : gone)  // really lost: no entry of the board covers them
      ASSERT_NE(tt.lookup(g.board_key(), g.hand(atk), detail::kRInf).pn, 0u) << k;
    const auto got = detail::mating_line(tt, root, atk, 9, Interpositions::kAll);
    ASSERT_EQ(got.size(), 9u) << "lost after ply " << k;
    EXPECT_TRUE(mates(root, got)) << k;
    EXPECT_TRUE(is_main_line(root, got)) << k;
  }
}

TEST(TsumeMatingLine, WhateverIsLostALineReturnedMates) {
  Position root = parse_sfen(kJisaku10);
  const Color atk = root.side_to_move();
  int read = 0;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    // lose each entry with probability 1/2 (the root's too)
    std::mt19937_64 rng(seed);
    detail::Table<false> tt(1 << 20);
    fill(tt, root, 9, atk, {}, [&](const Position&) { return (rng() & 1) != 0; });
    const auto got = detail::mating_line(tt, root, atk, 9, Interpositions::kAll);
    if (got.empty()) continue;
    ++read;
    EXPECT_TRUE(mates(root, got)) << seed;
    EXPECT_LE(got.size(), 9u) << seed;
    EXPECT_EQ(got.size() % 2, 1u) << seed;
  }
  EXPECT_GT(read, 0);  // some of the twenty tables still show a mate from the root
}
