// Tests of line shortening (kernels/tsume/line_shortening.hpp): after a df-pn proof of a
// composed problem, a pass over the line the table shows asks every attacker position on it with
// h >= kLineShorteningMinPlies plies left "mated within h - 2?", once each, from the line's end
// towards the root, each question's path being the line before it; every answer the searcher
// gives is checked by a fresh dfpn run with that many plies (max_length); stop() ends the pass
// between questions. (The budget dfpn-tbb's helper gives each question: test_tsume_search_limits.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "tsume/dfpn_search.hpp"
#include "tsume/dfpn_table.hpp"
#include "tsume/line_shortening.hpp"
#include "tsume/problem.hpp"
#include "tsume/search_limits.hpp"
#include "tsume/tsume.hpp"

using namespace sb::tsume;

namespace {

struct Question {
  Position pos;
  int bound;
  std::vector<std::uint64_t> path;  // the keys asked about: the line's positions before pos
  bool yes;
};

// "pos mated within bound plies?" by a fresh dfpn on its own table (max_length).
bool mated_within(const Position& pos, int bound) {
  Params p;
  p.root = pos;
  p.max_length = bound;
  p.max_memory = 16ull << 20;
  const Result r = dfpn(p);
  return r.outcome == Outcome::kMate && r.mate_length <= bound;
}

// A df-pn searcher on its own table that has proved a puzzle's root (a mate of any length, len
// plies: the first the search finds, not necessarily the shortest).
struct Proved {
  explicit Proved(const Puzzle& pz) : root(parse_sfen(pz.sfen)), atk(root.side_to_move()) {
    prm.root = root;
    Position pos = root;
    detail::PathSet path;
    const detail::Val v = s.solve(pos, detail::kRInf, path);
    proved = v.pn == 0;
    len = v.hi;
  }
  Position root;
  Color atk;
  Params prm;
  detail::Table<false> tt{64ull << 20};
  detail::Limits lim{prm};
  detail::DfPn<false> s{tt, lim, atk, 0, Interpositions::kAll};
  bool proved = false;
  int len = 0;
};

}  // namespace

TEST(TsumeLineShortening, AsksTheLinesPositionsFromItsEndAndEveryAnswerHolds) {
  // muso-004's first proof is 41 plies (its minimum 29): some questions are answered yes
  int total_yes = 0;
  for (const char* name : {"zuko-012", "muso-004", "zuko-018"}) {
    const Puzzle* pz = find_puzzle(name);
    ASSERT_NE(pz, nullptr) << name;
    Proved p(*pz);
    ASSERT_TRUE(p.proved) << name;
    const Position& root = p.root;
    const Color atk = p.atk;
    const int len = p.len;
    auto& tt = p.tt;
    auto& s = p.s;
    ASSERT_GE(len, pz->expected) << name;
    // the line the pass reads, and its positions
    const std::vector<Move> line = detail::mating_line(tt, root, atk, len, Interpositions::kAll);
    ASSERT_EQ(static_cast<int>(line.size()), len) << name;
    std::vector<Position> on_line;
    Position q = root;
    for (const Move m : line) {
      on_line.push_back(q);
      Undo u;
      q.do_move(m, u);
    }

    std::vector<Question> asked;
    auto ask = [&](Position& x, int bound, detail::PathSet& before) {
      Question a{x, bound, {}, false};
      for (int k = 0; k < len; ++k)
        if (before.contains(on_line[k].key())) a.path.push_back(on_line[k].key());
      a.yes = s.solve(x, static_cast<std::uint16_t>(bound), before).pn == 0;
      asked.push_back(a);
      return a.yes;
    };
    const auto out =
        detail::shorten_line(tt, root, atk, len, Interpositions::kAll, ask, [] { return false; });
    EXPECT_EQ(out.asked, static_cast<int>(asked.size())) << name;

    int last_ply = len, yes = 0;
    for (const Question& a : asked) {
      int ply = -1;  // the line's attacker position asked about, with len - ply - 2 plies
      for (int k = 0; k < len && ply < 0; k += 2)
        if (on_line[k].key() == a.pos.key() && a.bound == len - k - 2) ply = k;
      ASSERT_GE(ply, 0) << name << ": a question off the line, bound " << a.bound;
      EXPECT_GE(len - ply, detail::kLineShorteningMinPlies) << name;
      EXPECT_LT(ply, last_ply) << name << ": questions go from the line's end to its root, once";
      last_ply = ply;
      EXPECT_EQ(static_cast<int>(a.path.size()), ply) << name << ": the path before ply " << ply;
      EXPECT_EQ(a.yes, mated_within(a.pos, a.bound))
          << name << ": ply " << ply << " within " << a.bound << ": " << format_sfen(a.pos);
      yes += a.yes;
    }
    // every attacker position with enough plies left
    EXPECT_EQ(out.asked, std::max(0, (len - detail::kLineShorteningMinPlies) / 2 + 1)) << name;
    EXPECT_EQ(out.shortened, yes) << name;
    total_yes += yes;
  }
  EXPECT_GT(total_yes, 0);
}

TEST(TsumeLineShortening, StopEndsThePassBetweenQuestions) {
  const Puzzle* pz = find_puzzle("muso-004");
  ASSERT_NE(pz, nullptr);
  Proved p(*pz);
  ASSERT_TRUE(p.proved);
  int asked = 0;
  auto ask = [&](Position&, int, detail::PathSet&) { return ++asked, false; };
  const auto out = detail::shorten_line(p.tt, p.root, p.atk, p.len, Interpositions::kAll, ask,
                                        [&] { return asked >= 3; });
  EXPECT_EQ(asked, 3);
  EXPECT_EQ(out.asked, 3);
  // a length the table shows no line of: nothing asked
  asked = 0;
  detail::shorten_line(p.tt, p.root, p.atk, p.len + 2, Interpositions::kAll, ask,
                       [] { return false; });
  EXPECT_EQ(asked, 0);
}
