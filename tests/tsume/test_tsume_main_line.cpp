// Tests of the main-line extraction (kernels/tsume/main_line.hpp) with a brute-force oracle: every
// line that follows the tsume rules (the attacker's checks that keep the mate within the plies
// left, the defender's evasions that make it last all of them) is enumerated in the test, and the
// extracted line must be one of them and leave the fewest pieces in the attacker's hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <utility>
#include <vector>

#include "tsume/main_line.hpp"
#include "tsume/repetition_path.hpp"

using namespace sb::tsume;

namespace {

// Is pos (either side to move) mated within r plies? Full width; a repetition of the line never
// mates.
bool mated(Position& pos, int r, detail::PathSet& path, Color atk, Interpositions rule) {
  Move buf[kMaxMoves];
  if (pos.side_to_move() == atk) {
    if (r < 1) return false;
    const int n = generate_checks(pos, buf);
    for (int i = 0; i < n; ++i) {
      const std::uint64_t k = pos.key_after(buf[i]);
      if (path.contains(k)) continue;
      detail::ScopedMove sm(pos, path, buf[i], k);
      if (mated(pos, r - 1, path, atk, rule)) return true;
    }
    return false;
  }
  const int n = generate_evasions(pos, buf, rule);
  if (n == 0) return true;
  if (r < 1) return false;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t k = pos.key_after(buf[i]);
    if (path.contains(k)) return false;
    detail::ScopedMove sm(pos, path, buf[i], k);
    if (!mated(pos, r - 1, path, atk, rule)) return false;
  }
  return true;
}

// Every main line of r plies from pos, with the attacker's leftover at its end.
void all_lines(Position& pos, int r, detail::PathSet& path, Color atk, Interpositions rule,
               std::vector<Move>& line, std::vector<std::pair<std::vector<Move>, int>>& out) {
  const bool attacker = pos.side_to_move() == atk;
  if (!attacker && r == 0) {
    out.emplace_back(line, hand_total(pos.hand(atk)));
    return;
  }
  Move buf[kMaxMoves];
  const int n = attacker ? generate_checks(pos, buf) : generate_evasions(pos, buf, rule);
  for (int i = 0; i < n; ++i) {
    const std::uint64_t k = pos.key_after(buf[i]);
    if (path.contains(k)) continue;
    detail::ScopedMove sm(pos, path, buf[i], k);
    const bool ok = attacker ? mated(pos, r - 1, path, atk, rule)
                             : r < 3 || !mated(pos, r - 3, path, atk, rule);
    if (!ok) continue;
    line.push_back(buf[i]);
    all_lines(pos, r - 1, path, atk, rule, line, out);
    line.pop_back();
  }
}

void check(const char* sfen, Interpositions rule, int expected_length) {
  Position root = parse_sfen(sfen);
  const Color atk = root.side_to_move();
  detail::PathSet path;
  path.push(root.key());
  int len = 1;
  while (!mated(root, len, path, atk, rule)) len += 2;
  ASSERT_EQ(len, expected_length) << sfen;
  std::vector<std::pair<std::vector<Move>, int>> lines;
  std::vector<Move> line;
  all_lines(root, len, path, atk, rule, line, lines);
  ASSERT_FALSE(lines.empty());
  int fewest = INT_MAX;
  for (const auto& l : lines) fewest = std::min(fewest, l.second);
  auto oracle = [&](Position& pos, int r, detail::PathSet& p) {
    return mated(pos, r, p, atk, rule);
  };
  auto is_line = [&](const std::pair<std::vector<Move>, int>& got) {
    return std::find(lines.begin(), lines.end(), got) != lines.end();
  };
  // a budget for every comparison: the line with the fewest pieces left
  detail::MainLine<decltype(oracle)> full(oracle, 1 << 30, rule);
  const auto best = full.best(root, len, true, path);
  EXPECT_TRUE(is_line(best)) << sfen;
  EXPECT_EQ(best.second, fewest) << sfen;
  // a probe that knows every answer changes the order, not the leftover
  auto probe = [&](Position& pos, int r) {
    detail::PathSet p;
    return mated(pos, r, p, atk, rule) ? 1 : -1;
  };
  detail::MainLine<decltype(oracle), decltype(probe)> probed(oracle, 1 << 30, rule, probe);
  const auto pb = probed.best(root, len, true, path);
  EXPECT_TRUE(is_line(pb)) << sfen;
  EXPECT_EQ(pb.second, fewest) << sfen;
  // no budget: the first line found, still a main line
  detail::MainLine<decltype(oracle)> first(oracle, 0, rule);
  EXPECT_TRUE(is_line(first.best(root, len, true, path))) << sfen;
  EXPECT_EQ(root.key(), parse_sfen(sfen).key());
}

}  // namespace

TEST(TsumeMainLine, IsAMainLineWithTheFewestPiecesLeft) {
  check("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", Interpositions::kAll, 1);  // head-gold
  check("3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1", Interpositions::kAll, 3);  // classic-3
  check("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1", Interpositions::kAll,
        9);  // jisaku-10
  // interpositions: 5 plies when every one counts, 3 without the futile ones
  check("7lk/7p1/7S1/9/8S/9/9/9/8R b 2l 1", Interpositions::kAll, 5);
  check("7lk/7p1/7S1/9/8S/9/9/9/8R b 2l 1", Interpositions::kNoFutile, 3);
}
