// Gomoku: rules (fives in every direction and at the edges, standard-rule overlines, full-board
// draws), the line-shape table against src/mnk's analyze_move, the level-1 computer rule by rule,
// every level's five and block, the committed VCF positions proved by a brute force of this file,
// VCT, the fixed-depth search, records, and the pbrain protocol in process.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/typed_problem.hpp"
#include "gomoku/engine.hpp"
#include "gomoku/game.hpp"
#include "gomoku/gomoku.hpp"
#include "gomoku/match.hpp"
#include "gomoku/pbrain.hpp"
#include "gomoku/players.hpp"
#include "gomoku/problem.hpp"
#include "gomoku/record.hpp"
#include "gomoku/shapes.hpp"
#include "mnk/threats.hpp"

namespace gm = sb::gomoku;
namespace mnk = sb::mnk;

namespace {

gm::Game game_of(const std::string& moves, gm::Rules r = {}) {
  gm::Game g(r);
  for (int c : mnk::parse_moves(moves, r.cols, r.rows)) g.play(c);
  return g;
}

/// Plays black's stones at the given cells, white answering on `filler` cells far away.
gm::Game black_row(const std::vector<int>& cells, const std::vector<int>& filler, gm::Rules r) {
  gm::Game g(r);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    g.play(cells[i]);
    if (i + 1 < cells.size() && !g.over()) g.play(filler[i]);
  }
  return g;
}

}  // namespace

// ---- rules ----------------------------------------------------------------------------------

TEST(GomokuRules, FiveInEveryDirectionAndAtTheEdges) {
  gm::Rules r;  // 15 x 15
  const int m = r.cols, n = r.rows;
  const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
  int checked = 0;
  for (int d = 0; d < 4; ++d)
    for (int f0 = 0; f0 < m; ++f0)
      for (int r0 = 0; r0 < n; ++r0) {
        const int fl = f0 + 4 * df[d], rl = r0 + 4 * dr[d];
        if (fl < 0 || fl >= m || rl < 0 || rl >= n) continue;
        // only rows touching an edge, and a few inner ones
        const bool edge = f0 == 0 || r0 == 0 || fl == m - 1 || rl == n - 1 || r0 == n - 1;
        if (!edge && (f0 + r0) % 5 != 0) continue;
        std::vector<int> five, filler;
        for (int i = 0; i < 5; ++i) five.push_back((r0 + i * dr[d]) * m + f0 + i * df[d]);
        // white fills cells that touch none of the row's lines: pick far cells not in `five`
        for (int c = 0; c < m * n && filler.size() < 4; ++c) {
          const int cf = c % m, cr = c / m;
          bool far = true;
          for (int x : five) far = far && (std::abs(cf - x % m) > 1 || std::abs(cr - x / m) > 1);
          if (far) filler.push_back(c);
        }
        // the fifth stone is played last, in every position of the row
        for (int last = 0; last < 5; ++last) {
          std::vector<int> order;
          for (int i = 0; i < 5; ++i)
            if (i != last) order.push_back(five[i]);
          order.push_back(five[last]);
          gm::Game g = black_row(order, filler, r);
          ASSERT_EQ(g.outcome(), gm::Outcome::kBlackWins)
              << "direction " << d << " from " << g.point(five[0]);
          std::vector<int> row = g.winning_row(), want = five;
          std::sort(row.begin(), row.end());
          std::sort(want.begin(), want.end());
          EXPECT_EQ(row, want);
          // four of them do not win
          g.undo();
          EXPECT_FALSE(g.over());
          ++checked;
        }
      }
  EXPECT_GT(checked, 500);
}

TEST(GomokuRules, StandardRuleOverlines) {
  gm::Rules standard;
  standard.rule = mnk::Rule::kStandard;
  gm::Rules freestyle;
  // black: c8 d8 e8 f8 g8 then h8 (six); white far away
  const std::string six = "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8";
  gm::Game s = game_of(six, standard);
  EXPECT_FALSE(s.over()) << "six in a row does not win under the standard rule";
  gm::Game f = game_of(six, freestyle);
  EXPECT_EQ(f.outcome(), gm::Outcome::kBlackWins);
  EXPECT_EQ(f.winning_row().size(), 6u);
  // exactly five wins under the standard rule
  gm::Game s5 = game_of("c8 a1 d8 a3 e8 a5 g8 a7 f8", standard);
  EXPECT_EQ(s5.outcome(), gm::Outcome::kBlackWins);
  EXPECT_EQ(s5.winning_row().size(), 5u);
  // 2 + 1 + 3 = six through the joining stone: no win (standard); a five on another line wins
  gm::Game s6 = game_of("b4 o1 c4 o3 e4 o5 f4 o7 g4 o9 d4", standard);
  EXPECT_FALSE(s6.over());
  gm::Game j = game_of("b4 o1 c4 o3 e4 o5 f4 o7 g4 o9 d5 o11 d6 o13 d7 o15 d8 n1 d4", standard);
  EXPECT_EQ(j.outcome(), gm::Outcome::kBlackWins) << "d4..d8 is exactly five";
}

TEST(GomokuRules, FullBoardIsADraw) {
  // 5 x 5 with no five of one colour on any line: 13 X, 12 O
  const char* rows[5] = {"OXOXX", "OOXOO", "XXOXX", "OOXOO", "XXOXX"};
  gm::Rules r;
  r.cols = r.rows = 5;
  std::vector<int> black, white;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) (rows[y][x] == 'X' ? black : white).push_back((4 - y) * 5 + x);
  ASSERT_EQ(black.size(), 13u);
  gm::Game g(r);
  for (std::size_t i = 0; i < black.size(); ++i) {
    ASSERT_FALSE(g.over());
    g.play(black[i]);
    if (i < white.size()) g.play(white[i]);
  }
  EXPECT_EQ(g.outcome(), gm::Outcome::kDraw);
}

TEST(GomokuRules, IllegalMovesAreExplained) {
  gm::Game g = game_of("h8");
  EXPECT_NE(g.why_illegal(g.parse("h8")).find("occupied by a black stone"), std::string::npos);
  EXPECT_NE(g.why_illegal(-1).find("off the"), std::string::npos);
  EXPECT_NE(g.why_illegal(225).find("off the"), std::string::npos);
  EXPECT_THROW(g.parse("p1"), std::invalid_argument);
  EXPECT_THROW(g.parse("h16"), std::invalid_argument);
  EXPECT_THROW(g.play(g.parse("h8")), std::invalid_argument);
  gm::Rules bad;
  bad.cols = 4;
  EXPECT_THROW(gm::Game{bad}, std::invalid_argument);
  bad.cols = 27;
  EXPECT_THROW(gm::Game{bad}, std::invalid_argument);
}

TEST(GomokuRules, ProtocolCoordinates) {
  gm::Game g(gm::Rules{});
  EXPECT_EQ(g.point(g.cell_at_xy(0, 0)), "a15");
  EXPECT_EQ(g.point(g.cell_at_xy(7, 7)), "h8");
  EXPECT_EQ(g.point(g.cell_at_xy(14, 14)), "o1");
  EXPECT_EQ(g.cell_at_xy(15, 0), -1);
  const int c = g.parse("c4");
  EXPECT_EQ(g.x_of(c), 2);
  EXPECT_EQ(g.y_of(c), 11);
}

// ---- shapes ---------------------------------------------------------------------------------

TEST(GomokuShapes, AgreeWithMnkAnalyzeMove) {
  // Random positions; for every empty cell, player and direction, the table's shape must match
  // src/mnk's analyze_move (which knows five, overline, straight four, four and open three).
  for (const mnk::Rule rule : {mnk::Rule::kFreestyle, mnk::Rule::kStandard}) {
    const gm::Shape* table = gm::shape_table(rule);
    gm::Rules r;
    r.rule = rule;
    auto geo = gm::geometry_for(r);
    std::mt19937 rng(rule == mnk::Rule::kStandard ? 7 : 3);
    int compared = 0;
    for (int t = 0; t < 40; ++t) {
      mnk::Board<4> b(*geo);
      const int stones = 10 + static_cast<int>(rng() % 50);
      for (int s = 0; s < stones; ++s) {
        const int c = static_cast<int>(rng() % 225);
        if (!b.occupied(c) && !b.wins_at(c)) b.play(c);
      }
      for (int c = 0; c < 225; ++c) {
        if (b.occupied(c)) continue;
        for (int p = 0; p < 2; ++p) {
          const mnk::MoveShapes ms = mnk::analyze_move(b, p, c);
          for (int d = 0; d < 4; ++d) {
            std::uint8_t st[10];
            for (int i = 0; i < 10; ++i) {
              const int off = i < 5 ? i - 5 : i - 4;
              const int q =
                  geo->at(c % 15 + off * mnk::kDirFile[d], c / 15 + off * mnk::kDirRank[d]);
              const int v = q < 0 ? 2 : b.at(q) < 0 ? 0 : b.at(q) == p ? 1 : 2;
              st[i] = static_cast<std::uint8_t>(v);
            }
            const gm::Shape mine = table[gm::shape_key(st)];
            mnk::Shape want = mnk::Shape::kNone;
            if (mine == gm::Shape::kFive) want = mnk::Shape::kFive;
            if (mine == gm::Shape::kOverline) want = mnk::Shape::kOverline;
            if (mine == gm::Shape::kStraightFour) want = mnk::Shape::kStraightFour;
            if (mine == gm::Shape::kFour) want = mnk::Shape::kFour;
            if (mine == gm::Shape::kOpenThree) want = mnk::Shape::kOpenThree;
            ASSERT_EQ(static_cast<int>(ms.dir[d]), static_cast<int>(want))
                << "cell " << c << " player " << p << " direction " << d << " ("
                << gm::shape_name(mine) << ")";
            ++compared;
          }
        }
      }
    }
    EXPECT_GT(compared, 50000);
  }
}

TEST(GomokuShapes, NamedShapes) {
  const gm::Shape* t = gm::shape_table(mnk::Rule::kFreestyle);
  auto key = [](const char* left, const char* right) {  // offsets -5..-1 and +1..+5
    std::uint8_t st[10];
    for (int i = 0; i < 5; ++i) st[i] = static_cast<std::uint8_t>(left[i] - '0');
    for (int i = 0; i < 5; ++i) st[5 + i] = static_cast<std::uint8_t>(right[i] - '0');
    return gm::shape_key(st);
  };
  EXPECT_EQ(t[key("01111", "00000")], gm::Shape::kFive);
  EXPECT_EQ(t[key("00111", "00000")], gm::Shape::kStraightFour);  // .XXX[X]. open four
  EXPECT_EQ(t[key("02111", "00000")], gm::Shape::kFour);
  EXPECT_EQ(t[key("00011", "00000")], gm::Shape::kOpenThree);
  EXPECT_EQ(t[key("00011", "01000")], gm::Shape::kFour);       // XX[X].X: one five point, the gap
  EXPECT_EQ(t[key("02011", "00000")], gm::Shape::kOpenThree);  // O.XX[X].. : .XXXX. possible
  EXPECT_EQ(t[key("00211", "00000")], gm::Shape::kThree);
  EXPECT_EQ(t[key("00001", "00000")], gm::Shape::kOpenTwo);
  const gm::Shape* s = gm::shape_table(mnk::Rule::kStandard);
  EXPECT_EQ(s[key("11111", "00000")], gm::Shape::kOverline);
  EXPECT_EQ(s[key("21111", "00000")], gm::Shape::kFive);
}

// ---- the level-1 computer (SearchPos of "コンピュータを少し強くする"), rule by rule ----------

TEST(GomokuSeed, Rule1CentreOnTheFirstOrSecondMove) {
  std::uint64_t rng = 1;
  gm::Game g(gm::Rules{});
  gm::Level1Move m = gm::level1_move(g, {}, &rng);
  EXPECT_EQ(g.point(m.cell), "h8");
  EXPECT_EQ(m.rule, gm::Level1Rule::kCentre);
  g.play(g.parse("a1"));
  m = gm::level1_move(g, {}, &rng);
  EXPECT_EQ(g.point(m.cell), "h8");
  EXPECT_EQ(m.rule, gm::Level1Rule::kCentre);
  g.play(g.parse("h8"));  // third move: the rule no longer applies
  g.undo();
  g.undo();
  g.play(g.parse("h8"));  // centre taken on move 1: the second move is not the centre
  m = gm::level1_move(g, {}, &rng);
  EXPECT_NE(m.rule, gm::Level1Rule::kCentre);
}

TEST(GomokuSeed, Rule2OwnFiveBeforeBlocking) {
  // black (to move) has d4 e4 f4 g4, white has a10 a11 a12 a13: both have a four; black wins
  gm::Game g = game_of("d4 a10 e4 a11 f4 a12 g4 a13");
  std::uint64_t rng = 1;
  const gm::Level1Move m = gm::level1_move(g, {}, &rng);
  EXPECT_EQ(m.rule, gm::Level1Rule::kFive);
  // the first five point in the chapter's scan order: rows from the top, so c4 and h4 are on the
  // same row and c4 (left) comes first
  EXPECT_EQ(g.point(m.cell), "c4");
}

TEST(GomokuSeed, Rule3BlockTheOpponentsFive) {
  // white (to move) has nothing; black has d4 e4 f4 g4 with c4 blocked: five point h4
  gm::Game g = game_of("d4 c4 e4 a15 f4 o15 g4");
  std::uint64_t rng = 1;
  const gm::Level1Move m = gm::level1_move(g, {}, &rng);
  EXPECT_EQ(m.rule, gm::Level1Rule::kBlockFive);
  EXPECT_EQ(g.point(m.cell), "h4");
}

TEST(GomokuSeed, Rule4BlockAThreeAtTheSeedsPoint) {
  // black (the computer) to move; white has e5 f5 g5. Scanning from the top row, left to right,
  // the first point where a white stone makes a window of five with four white stones is c5
  // (window c5-g5, empty d5), so level 1 blocks at d5, inside the three, not at its end.
  gm::Game g = game_of("a15 e5 o15 f5 a1 g5");
  ASSERT_EQ(g.to_move(), gm::kBlack);
  std::uint64_t rng = 1;
  const gm::Level1Move m = gm::level1_move(g, {}, &rng);
  EXPECT_EQ(m.rule, gm::Level1Rule::kBlockFour);
  EXPECT_EQ(g.point(m.cell), "d5");
  // a vertical three: white e5 e6 e7. Higher rows come first in the scan, so the first point is
  // e9 (window e5-e9 with e8 empty), and the block is e8
  gm::Game v = game_of("a15 e5 o15 e6 a1 e7");
  const gm::Level1Move mv = gm::level1_move(v, {}, &rng);
  EXPECT_EQ(mv.rule, gm::Level1Rule::kBlockFour);
  EXPECT_EQ(v.point(mv.cell), "e8");
}

TEST(GomokuSeed, Rule5FourOrThreeOnceEachUntilAFallThrough) {
  // black (to move) has f3 g3 h3; white a15 o15 far away. Scanning from the top, the first point
  // where a black stone makes a four window or a three window is c3 (window c3-g3: three).
  gm::Game g = game_of("f3 a15 g3 o15 h3 o13");
  ASSERT_EQ(g.to_move(), gm::kBlack);
  std::uint64_t rng = 1;
  gm::Level1Move m = gm::level1_move(g, {}, &rng);
  EXPECT_EQ(m.rule, gm::Level1Rule::kFourOrThree);
  EXPECT_EQ(g.point(m.cell), "c3");
  EXPECT_TRUE(m.after.made_three);
  EXPECT_FALSE(m.after.made_four);
  // having made a three, level 1 skips threes: the first four point is d3 (d3-h3, e3 empty)
  m = gm::level1_move(g, m.after, &rng);
  EXPECT_EQ(m.rule, gm::Level1Rule::kFourOrThree);
  EXPECT_EQ(g.point(m.cell), "d3");
  EXPECT_TRUE(m.after.made_four);
  // with both made, it falls through to chance, and the counters reset
  m = gm::level1_move(g, m.after, &rng);
  EXPECT_EQ(m.rule, gm::Level1Rule::kChance);
  EXPECT_EQ(m.after, gm::Level1State{});
}

TEST(GomokuSeed, Rule6ChanceNextToAStone) {
  gm::Game g = game_of("h8 a1");  // black to move, third move: no rule applies
  for (std::uint64_t seed = 1; seed < 30; ++seed) {
    std::uint64_t rng = seed;
    const gm::Level1Move m = gm::level1_move(g, {}, &rng);
    EXPECT_EQ(m.rule, gm::Level1Rule::kChance);
    ASSERT_LT(g.at(m.cell), 0);
    const int x = g.x_of(m.cell), y = g.y_of(m.cell);
    bool adj = false;
    for (int c : {g.parse("h8"), g.parse("a1")})
      adj = adj || (std::abs(g.x_of(c) - x) <= 1 && std::abs(g.y_of(c) - y) <= 1);
    EXPECT_TRUE(adj) << g.point(m.cell);
  }
}

TEST(GomokuSeed, PlayerKeepsItsCountersAcrossUndo) {
  gm::Game g = game_of("f3 a15 g3 o15 h3 o13");
  auto p = gm::make_player({1, 1.0, 1, 1 << 20, 1});
  EXPECT_EQ(g.point(p->choose(g).move), "c3");
  EXPECT_EQ(g.point(p->choose(g).move), "c3") << "choosing again at the same move number";
  g.play(g.parse("c3"));
  g.play(g.parse("h12"));
  const gm::Choice c = p->choose(g);  // a three made: now the first four, d3 (c3-g3, e3 empty)
  EXPECT_EQ(c.reason, "level-1 rule: four or three");
  EXPECT_EQ(g.point(c.move), "d3");
}

// ---- every level: five in one, block the opponent's five -------------------------------------

TEST(GomokuLevels, EveryLevelWinsAndBlocks) {
  for (int level = gm::kMinLevel; level <= gm::kMaxLevel; ++level) {
    gm::PlayerOptions o;
    o.level = level;
    o.seconds = 0.2;
    auto p = gm::make_player(o);
    // black to move with d4 e4 f4 g4 (c4 blocked) and white threatening a10..a13: black wins h4
    gm::Game win = game_of("d4 c4 e4 a10 f4 a11 g4 a12 o1 a13");
    EXPECT_EQ(win.point(p->choose(win).move), "h4") << "level " << level;
    // white to move, black threatens h4; white has no four: white blocks
    gm::Game block = game_of("d4 c4 e4 a15 f4 o15 g4");
    EXPECT_EQ(block.point(p->choose(block).move), "h4") << "level " << level;
  }
  EXPECT_THROW(gm::make_player({0, 1.0, 1, 1 << 20, 1}), std::invalid_argument);
  EXPECT_THROW(gm::make_player({gm::kMaxLevel + 1, 1.0, 1, 1 << 20, 1}), std::invalid_argument);
}

// A position where no line can hold a five any more (every row, column and long diagonal of a
// 5 x 5 board holds both colours), but empty points remain: every level still plays one of them.
TEST(GomokuLevels, EveryLevelPlaysWhenNoFiveIsPossible) {
  gm::Rules r;
  r.cols = r.rows = 5;
  gm::Game g(r);
  const int black[5][2] = {{0, 0}, {1, 2}, {2, 4}, {3, 1}, {4, 3}};  // (rank, file)
  const int white[5][2] = {{0, 1}, {1, 3}, {2, 0}, {3, 2}, {4, 4}};
  for (int i = 0; i < 5; ++i) {
    g.play(black[i][0] * 5 + black[i][1]);
    g.play(white[i][0] * 5 + white[i][1]);
  }
  ASSERT_FALSE(g.over());
  for (int level = gm::kMinLevel; level <= gm::kMaxLevel; ++level) {
    gm::PlayerOptions o;
    o.level = level;
    o.seconds = 0.1;
    const gm::Choice c = gm::make_player(o)->choose(g);
    ASSERT_GE(c.move, 0) << "level " << level;
    EXPECT_LT(g.at(c.move), 0) << "level " << level << " chose the occupied point "
                               << g.point(c.move);
  }
}

// ---- VCF positions: an independent brute force ------------------------------------------------

namespace {

/// A plain board for the brute force: cells -1 empty, 0 black, 1 white; fives by counting runs.
struct Plain {
  int m = 15, n = 15;
  bool standard = false;
  std::vector<int> s;
  int at(int f, int r) const { return f < 0 || r < 0 || f >= m || r >= n ? -2 : s[r * m + f]; }
  /// p makes five by playing the empty cell c.
  bool five_at(int c, int p) const {
    static const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    const int f = c % m, r = c / m;
    for (int d = 0; d < 4; ++d) {
      int run = 1;
      for (int k = 1; at(f + k * df[d], r + k * dr[d]) == p; ++k) ++run;
      for (int k = 1; at(f - k * df[d], r - k * dr[d]) == p; ++k) ++run;
      if (standard ? run == 5 : run >= 5) return true;
    }
    return false;
  }
  /// Distinct five points of p (up to cap) among all empty cells.
  std::vector<int> five_points(int p, std::size_t cap = 3) const {
    std::vector<int> out;
    for (int c = 0; c < m * n && out.size() < cap; ++c)
      if (s[c] < 0 && five_at(c, p)) out.push_back(c);
    return out;
  }
};

/// Brute-force VCF: the attacker tries every empty cell; a move that leaves no five point is not
/// a four and is skipped; the defender's reply is forced. At most `fours` attacker moves.
bool brute_vcf(Plain& b, int a, int fours, std::map<std::vector<int>, int>& failed) {
  if (!b.five_points(a, 1).empty()) return true;
  if (fours == 0) return false;
  const auto it = failed.find(b.s);
  if (it != failed.end() && it->second >= fours) return false;
  const int d = 1 - a;
  const std::vector<int> dfp = b.five_points(d);
  if (dfp.size() >= 2) return false;
  for (int c = 0; c < b.m * b.n; ++c) {
    if (b.s[c] >= 0) continue;
    if (dfp.size() == 1 && c != dfp[0]) continue;  // must block the defender's five point
    b.s[c] = a;
    const std::vector<int> fp = b.five_points(a);
    bool win = false;
    if (fp.size() >= 2) {
      win = true;
    } else if (fp.size() == 1) {
      b.s[fp[0]] = d;
      // the forced block may complete the defender's own five: then this four fails
      bool d_wins = false;
      {
        b.s[fp[0]] = -1;
        d_wins = b.five_at(fp[0], d);
        b.s[fp[0]] = d;
      }
      if (!d_wins) win = brute_vcf(b, a, fours - 1, failed);
      b.s[fp[0]] = -1;
    }
    b.s[c] = -1;
    if (win) return true;
  }
  failed[b.s] = std::max(failed[b.s], fours);
  return false;
}

struct VcfPosition {
  std::string name;
  std::string moves;
};

std::vector<VcfPosition> vcf_positions() {
  std::ifstream in(std::string(SEARCHBENCH_SOURCE_DIR) + "/src/gomoku/vcf_positions.txt");
  std::vector<VcfPosition> out;
  std::string line;
  while (std::getline(in, line)) {
    const std::string body = line.substr(0, line.find('#'));
    std::istringstream ss(body);
    VcfPosition p;
    if (!(ss >> p.name)) continue;
    std::string mv;
    while (ss >> mv) p.moves += (p.moves.empty() ? "" : " ") + mv;
    out.push_back(p);
  }
  return out;
}

}  // namespace

TEST(GomokuVcf, CommittedPositionsAreWinsByContinuousFours) {
  const auto positions = vcf_positions();
  ASSERT_GE(positions.size(), 20u);
  for (const auto& pos : positions) {
    SCOPED_TRACE(pos.name);
    const gm::Game g = game_of(pos.moves);
    ASSERT_FALSE(g.over());
    const int a = g.to_move();
    // the solver
    const gm::ThreatResult r = gm::solve_vcf(g, 2000000);
    ASSERT_TRUE(r.win);
    ASSERT_FALSE(r.line.empty());
    // the solver's line on a plain board: every attacker move a four, every reply forced
    Plain b;
    b.s.assign(225, -1);
    for (int i = 0; i < g.moves_played(); ++i) b.s[g.moves()[i]] = i % 2;
    ASSERT_TRUE(b.five_points(a, 1).empty()) << "not a five in one";
    bool won = false;
    for (std::size_t i = 0; i < r.line.size(); i += 2) {
      const int c = r.line[i];
      ASSERT_LT(b.s[c], 0);
      const auto dfp = b.five_points(1 - a);
      ASSERT_LE(dfp.size(), 1u);
      if (dfp.size() == 1) {
        ASSERT_EQ(c, dfp[0]) << "the attacker must block the defender's four";
      }
      if (b.five_at(c, a)) {
        won = true;
        break;
      }
      b.s[c] = a;
      const auto fp = b.five_points(a);
      ASSERT_GE(fp.size(), 1u) << "move " << g.point(c) << " is not a four";
      if (fp.size() >= 2) {
        won = true;
        break;
      }
      ASSERT_LT(i + 1, r.line.size());
      ASSERT_EQ(r.line[i + 1], fp[0]) << "the defender's reply is forced";
      ASSERT_FALSE(b.five_at(fp[0], 1 - a));
      b.s[fp[0]] = 1 - a;
    }
    EXPECT_TRUE(won);
    // the brute force, with no more fours than the solver's line
    Plain p;
    p.s.assign(225, -1);
    for (int i = 0; i < g.moves_played(); ++i) p.s[g.moves()[i]] = i % 2;
    std::map<std::vector<int>, int> failed;
    const int fours = static_cast<int>(r.line.size() + 1) / 2;
    bool brute = false;
    for (int k = 1; k <= fours && !brute; ++k) brute = brute_vcf(p, a, k, failed);
    EXPECT_TRUE(brute);
  }
}

// Level 4 and its fixed-depth search on every committed VCF position: the move chosen must start
// a win by continuous fours, checked by the brute force (the move a four, the block forced, then a
// brute-force VCF of at most 12 more fours).
TEST(GomokuLevels, LevelFourWinsTheVcfPositions) {
  gm::PlayerOptions o;
  o.level = 4;
  o.seconds = 0.3;
  o.tt_bytes = 8 << 20;
  auto player = gm::make_player(o);
  for (const auto& pos : vcf_positions()) {
    SCOPED_TRACE(pos.name);
    const gm::Game g = game_of(pos.moves);
    const int a = g.to_move();
    const gm::Choice by_level = player->choose(g);
    const gm::Choice by_search = gm::search_fixed_depth(g, 4, 1, 8 << 20, /*pattern=*/true);
    EXPECT_GT(by_search.score, gm::kWinThreshold);
    for (const int m : {by_level.move, by_search.move}) {
      Plain b;
      b.s.assign(225, -1);
      for (int i = 0; i < g.moves_played(); ++i) b.s[g.moves()[i]] = i % 2;
      ASSERT_LT(b.s[m], 0);
      if (b.five_at(m, a)) continue;
      b.s[m] = a;
      const auto fp = b.five_points(a);
      ASSERT_GE(fp.size(), 1u) << g.point(m) << " is not a four";
      if (fp.size() >= 2) continue;
      ASSERT_FALSE(b.five_at(fp[0], 1 - a));
      b.s[fp[0]] = 1 - a;
      std::map<std::vector<int>, int> failed;
      bool win = false;
      for (int k = 1; k <= 12 && !win; ++k) win = brute_vcf(b, a, k, failed);
      EXPECT_TRUE(win) << g.point(m) << " does not start a VCF";
    }
  }
}

TEST(GomokuVcf, TheMnkProblemsVcfPositionsToo) {
  // tests/mnk/data/vcf15.txt: VCF positions made independently for problem mnk (random games,
  // their own generator); the gomoku solvers must find each win, and the VCF line must replay
  std::ifstream in(std::string(SEARCHBENCH_SOURCE_DIR) + "/tests/mnk/data/vcf15.txt");
  ASSERT_TRUE(in) << "tests/mnk/data/vcf15.txt";
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::string inst = line.substr(0, line.find(' '));
    const std::string moves = inst.substr(inst.find(':') + 1);
    const gm::Game g = game_of(moves);
    const gm::ThreatResult r = gm::solve_vcf(g, 2000000);
    EXPECT_TRUE(r.win) << inst;
    EXPECT_TRUE(gm::replays_as_vcf(g, r.line)) << inst;
    EXPECT_TRUE(gm::solve_vct(g, 3, 2000000).win) << inst;
    ++n;
  }
  EXPECT_GE(n, 20);
}

TEST(GomokuVcf, NoVcfInQuietPositions) {
  for (const char* moves : {"h8", "h8 i9", "h8 i9 g7", "f10 g9 f9"}) {
    const gm::ThreatResult r = gm::solve_vcf(game_of(moves), 100000);
    EXPECT_FALSE(r.win) << moves;
    EXPECT_FALSE(r.exhausted) << moves;
  }
}

TEST(GomokuVct, OpenThreeAndFourThreeWins) {
  // black to move has an open three f8 g8 h8 (e8, i8 empty; d8, j8 empty): a straight four next
  // is a VCF; here white also has nothing, so VCT and VCF agree
  gm::Game g = game_of("f8 a1 g8 a3 h8 a5");
  EXPECT_TRUE(gm::solve_vcf(g, 100000).win);
  EXPECT_TRUE(gm::solve_vct(g, 3, 100000).win);
  // black to move: two open twos crossing (double-three next): no VCF, a VCT
  gm::Game d = game_of("f8 a1 g8 a3 h10 a5 h9 o15");
  EXPECT_FALSE(gm::solve_vcf(d, 100000).win);
  const gm::ThreatResult t = gm::solve_vct(d, 4, 200000);
  EXPECT_TRUE(t.win);
  EXPECT_EQ(d.point(t.line[0]), "h8") << "the double three";
}

TEST(GomokuSearch, FixedDepthIsDeterministic) {
  const gm::Game g = game_of("h8 i9 g9 i7 i8 g7");
  const gm::Choice a = gm::search_fixed_depth(g, 4, 1, 8 << 20);
  const gm::Choice b = gm::search_fixed_depth(g, 4, 1, 8 << 20);
  EXPECT_EQ(a.move, b.move);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_GT(a.nodes, 0u);
  EXPECT_EQ(a.depth, 4);
#ifdef SEARCHBENCH_WITH_TBB
  const gm::Choice t = gm::search_fixed_depth(g, 4, 2, 8 << 20);
  EXPECT_EQ(t.threads, 2);
  EXPECT_EQ(t.depth, 4);
#endif
}

TEST(GomokuSearch, EngineStopsOnTime) {
  const gm::Game g = game_of("h8 i9 g9 i7 i8 g7 j8");
  gm::Limits lim;
  lim.seconds = 0.2;
  const gm::Choice c = gm::choose_search(g, lim);
  EXPECT_GE(c.move, 0);
  EXPECT_LT(g.at(c.move), 0);
  EXPECT_LT(c.seconds, 1.0);  // a loose bound: the machine may be busy
}

// ---- records ---------------------------------------------------------------------------------

namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("sbgomoku_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

gm::Record sample_record() {
  gm::Record r;
  r.rules.rule = mnk::Rule::kStandard;
  r.black = "Alice";
  r.white = "searchbench-level-3";
  r.black_level = 0;
  r.white_level = 3;
  r.start = "2026-11-30T10:00:00Z";
  r.end = "2026-11-30T10:05:00Z";
  gm::Game g(r.rules);
  for (const char* p : {"h8", "i9", "h9", "h10", "g8", "i8"}) {
    const int c = g.parse(p);
    g.play(c);
    r.moves.push_back({c, 1000 + static_cast<std::int64_t>(r.moves.size())});
  }
  r.result = "unfinished";
  r.reason = "quit";
  return r;
}

}  // namespace

TEST(GomokuRecord, RoundTrip) {
  const gm::Record r = sample_record();
  const std::string text = gm::format_psq(r);
  EXPECT_EQ(text.substr(0, 24), "Piskvorky 15x15, 0:3, 0\n");
  EXPECT_NE(text.find("\n8,8,1000\n"), std::string::npos) << "h8 is x 8, y 8 (one-based)";
  EXPECT_NE(text.find("\n9,7,1001\n"), std::string::npos) << "i9 is x 9, y 7";
  EXPECT_NE(text.find("\nhomo-Alice\nsearchbench-level-3\n-1\n"), std::string::npos);
  const gm::Record back = gm::parse_psq(text, "mem");
  EXPECT_EQ(back, r);
  EXPECT_TRUE(back.warnings.empty());
}

TEST(GomokuRecord, WriterKeepsTheFileValidAndNeverOverwrites) {
  const std::string path = temp_path("writer.psq");
  std::filesystem::remove(path);
  gm::Record h = sample_record();
  const std::vector<gm::RecordMove> moves = h.moves;
  h.moves.clear();
  {
    gm::RecordWriter w(path, h);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      w.add(moves[i].cell, moves[i].ms);
      const gm::Record now = gm::read_psq(path);  // valid after every move
      EXPECT_EQ(now.moves.size(), i + 1);
      EXPECT_EQ(now.black, "Alice");
      EXPECT_EQ(now.rules.rule, mnk::Rule::kStandard);
    }
    w.remove(2);
    EXPECT_EQ(gm::read_psq(path).moves.size(), moves.size() - 2);
    w.add(moves[4].cell, 5);
    w.finish("unfinished", "end of input");
  }
  const gm::Record r = gm::read_psq(path);
  EXPECT_EQ(r.moves.size(), moves.size() - 1);
  EXPECT_EQ(r.reason, "end of input");
  EXPECT_EQ(r.start, "2026-11-30T10:00:00Z");
  EXPECT_FALSE(r.end.empty());
  EXPECT_THROW(gm::RecordWriter(path, h), std::invalid_argument);  // exists: never overwritten
  // a finished game: the result is checked against the moves on reading
  const gm::Game g = gm::replay_game(r);
  EXPECT_FALSE(g.over());
  std::filesystem::remove(path);
}

TEST(GomokuRecord, TornLastLineIsDropped) {
  const std::string text = gm::format_psq(sample_record());
  // cut in the middle of the fourth move line: header, 3 moves, a torn "8,"
  std::size_t cut = 0;
  for (int i = 0; i < 4; ++i) cut = text.find('\n', cut) + 1;
  const std::string torn = text.substr(0, cut + 2);
  const gm::Record r = gm::parse_psq(torn, "torn.psq");
  EXPECT_EQ(r.moves.size(), 3u);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("torn.psq:5: torn last line"), std::string::npos) << r.warnings[0];
  // a record cut inside its trailer keeps every move
  const std::string cut_trailer = text.substr(0, text.find("rule: ") + 3);
  EXPECT_EQ(gm::parse_psq(cut_trailer, "t").moves.size(), 6u);
}

TEST(GomokuRecord, MalformedRecordsNameTheLine) {
  auto err = [](const std::string& text) {
    try {
      gm::parse_psq(text, "bad.psq");
    } catch (const gm::RecordError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(err(""), "bad.psq:1: empty record (expected the header 'Piskvorky WxH, L:L, 0')");
  EXPECT_NE(err("hello\n").find("bad.psq:1: not a Piskvork record header"), std::string::npos);
  EXPECT_NE(err("Piskvorky 30x30, 0:0, 0\n").find("bad.psq:1:"), std::string::npos);
  EXPECT_NE(err("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n").find("bad.psq:3: move 16,1 is off"),
            std::string::npos);
  EXPECT_NE(err("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n")
                .find("bad.psq:3: move 8,8 (h8): point h8 is occupied"),
            std::string::npos);
  EXPECT_NE(
      err("Piskvorky 15x15, 0:0, 0\n8,8,0\na\nb\nzz\n").find("bad.psq:5: expected the end code"),
      std::string::npos);
  EXPECT_NE(err("Piskvorky 15x15, 0:0, 0\n8,8,0\na\nb\n0\nnonsense\n")
                .find("bad.psq:6: expected a 'key: value'"),
            std::string::npos);
  EXPECT_NE(
      err("Piskvorky 15x15, 0:0, 0\n8,8,0\na\nb\n0\nrule: renju\n").find("bad.psq:6: unknown rule"),
      std::string::npos);
  // moves after a five
  std::string five = "Piskvorky 15x15, 0:0, 0\n";
  for (const char* m : {"1,1", "1,15", "2,1", "2,15", "3,1", "3,15", "4,1", "4,15", "5,1", "5,15"})
    five += std::string(m) + ",0\n";
  EXPECT_NE(err(five).find("bad.psq:11: move 5,15 (e1): the game is over (black wins)"),
            std::string::npos)
      << err(five);
}

TEST(GomokuRecord, ReadsPiskvorksOwnFiles) {
  // as Piskvork saves a game between two humans (no searchbench lines)
  const std::string text = "Piskvorky 20x20, 0:0, 1\n10,10,1200\n11,11,800\nhomo-1\nhomo-2\n0\n";
  const gm::Record r = gm::parse_psq(text, "p.psq");
  EXPECT_EQ(r.rules.cols, 20);
  EXPECT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.black, "2") << "player 1 moved first";
  EXPECT_EQ(r.end_code, 0);
}

TEST(GomokuRecord, ReadsGomocupArchiveRecords) {
  // as Gomocup publishes its games: the brains' files, the end code, then "number,tournament"
  const std::string moves =
      "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,9,120\n9,8,130\n9,9,140\n10,8,150\n10,9,160\n"
      "11,8,170\n11,9,180\n12,8,190\nRAPFI25.zip\nJAX25.zip\n-1\n";
  const gm::Record r = gm::parse_psq(moves + "0,Freestyle15_1\n", "g.psq");
  EXPECT_EQ(r.rules.rule, mnk::Rule::kFreestyle);
  EXPECT_EQ(r.moves.size(), 9u);
  EXPECT_EQ(r.black, "RAPFI25.zip");
  EXPECT_EQ(r.white, "JAX25.zip");
  EXPECT_EQ(r.end_code, -1);
  // black's 8..12 on row 8 is five in a row: the game is over
  EXPECT_EQ(r.result, "black wins");
  // CR LF line ends read the same
  std::string crlf;
  for (char c : moves + "0,Freestyle15_1\n")
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_EQ(gm::parse_psq(crlf, "g.psq"), r);
  // the standard rule from a Standard tournament
  EXPECT_EQ(gm::parse_psq(moves + "3,Standard15_2\n", "g.psq").rules.rule, mnk::Rule::kStandard);
  // black's six 7..12 on row 8, its gap 8,8 filled last: it wins freestyle, not standard
  const std::string six =
      "Piskvorky 15x15, 11:11, 0\n7,8,0\n8,9,0\n9,8,0\n9,9,0\n10,8,0\n10,9,0\n11,8,0\n"
      "11,10,0\n12,8,0\n12,10,0\n8,8,0\nA.zip\nB.zip\n-1\n";
  EXPECT_EQ(gm::parse_psq(six + "0,Standard15_1\n", "g.psq").result, "unfinished");
  EXPECT_EQ(gm::parse_psq(six + "0,Freestyle15_1\n", "g.psq").result, "black wins");
  auto err = [&](const std::string& text) {
    try {
      gm::parse_psq(text, "g.psq");
    } catch (const gm::RecordError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string renju = err(moves + "0,Renju15_1\n");
  EXPECT_EQ(renju.find('\n'), std::string::npos);
  EXPECT_EQ(
      renju.rfind("g.psq:14: Gomocup tournament 'Renju15_1' is played under the renju rule", 0), 0u)
      << renju;
}

TEST(GomokuRecord, LinesEndingInSeveralCarriageReturnsReadBack) {
  // Found by fuzzing (tests/fuzz/fuzz_psq.cpp): a name line ending "\r\r\n" (a CR LF file passed
  // through a text-mode conversion) kept a '\r' in the name, so the record written back
  // (format_psq) read as another record.
  const std::string fuzzed(
      "Piskvorky 16x15, 11:11, 0\015\0128,8,0\015\0128\001\000\000\000\000\000"
      "\374\3778\3771=,\377, 0:0, 0\0121Panccccccccccccdard15_(cccccccc2\015\015"
      "\012-II@I\266\266\266\266reason\266\266\266\266",
      113);
  const gm::Record f = gm::parse_psq(fuzzed, "f.psq");
  EXPECT_EQ(f.white, "1Panccccccccccccdard15_(cccccccc2");
  EXPECT_EQ(gm::parse_psq(gm::format_psq(f), "again.psq"), f);
  const gm::Record r = gm::parse_psq(
      "Piskvorky 15x15, 11:11, 0\r\r\n8,8,0\r\r\nAlice\r\r\nBob\r\r\n-1\r\r\n", "c.psq");
  EXPECT_EQ(r.black, "Alice");
  EXPECT_EQ(r.white, "Bob");
  EXPECT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(gm::parse_psq(gm::format_psq(r), "again.psq"), r);
}

TEST(GomokuRecord, NamesThatReadAsMovesAreWrittenBackReadably) {
  // Found by fuzzing (tests/fuzz/fuzz_psq.cpp): a player named "9,0" (or "90", or "rule: x") was
  // written on Piskvork's name line as it is, which reads as a move (or the end code, or the
  // rule), so the record written back was refused.
  const std::string fuzzed(
      "Piskvorky 15x15, 11:1,1\012 08,8,00\0128\276\276\276\276\276\276\276\276"
      "\276\276\276\276\276\276\276\276,8,120\0129,0\0129,8,130 questyle15_eeeeee"
      "eeeon: questyle15_eeeeeeeeeeeeeeeeeeeeee",
      126);
  // and a name that reads as the end code ("90")
  const std::string fuzzed_code(
      "Piskvorky 15x15, 11:1,1\012 08,8,00\0128\276\276\276\276\276\276$\276\276"
      "\276\276\276\276\276\276\276\276I9,12\002\000\01290\012",
      62);
  // and a name that reads as a rule line ("rule: x")
  const std::string fuzzed_rule(
      "Piskvorky 18x15,10:3, 0\0128,e-4st8,15licfreelye\012searchbench-hevel-3"
      "\012-1\012sear: rchbench/level-3so\210: quack: e\012blacchbench-record: "
      "\013\000rule: freest\134\134\134\134\134\134\134yle\012black: piskv\377"
      "\377\377\377\377\377ch\377\377\377\377\377\377\377\377\377\377\377\377\377"
      "\377\003\000\000\000\377\377\377\377\377\377bench/level-3so\210: qunzele"
      "\012black: e\012blacchbench-record\306\337\365\006rule: freest\134\134\134"
      "\134\134\134\134yle\012black: piskvoxze\012black: Ainished\012r rule: free"
      "style\012black: Alice\012white: searchbench/level-3\012start: 2026-11-30T1"
      "0:00:00Z\012end: 9037-11-30T10:051:Z\012end: 2026-Aleasice\012wearchbeult:"
      " estyrees10:00:00Z\012end: 9037-11-30T10:051:Z\012end: 2026-Aleasice\012we"
      "archbeult: estyreestyle\012black: e\134\134\134\134\134\134:\134\134\134"
      "\134\134yle\012black: e\012black: Ainished\012rejso\210: qunfck: e\012blac"
      "k: rule: freeslack: Aleasiwearcit\012",
      643);
  for (const auto& [text, name] : {std::pair{fuzzed, "9,0"}, std::pair{fuzzed_code, "90"},
                                   std::pair{fuzzed_rule, "rule: freeslack: Aleasiwearcit"}}) {
    const gm::Record f = gm::parse_psq(text, "f.psq");
    EXPECT_EQ(f.black, name);
    EXPECT_EQ(gm::parse_psq(gm::format_psq(f), "again.psq"), f) << name;
  }
  gm::Record r;
  r.black = "9,0";
  r.white = "-1";
  r.white_level = 2;
  r.moves = {{112, 5}};
  const std::string text = gm::format_psq(r);
  EXPECT_NE(text.find("\nhomo-9,0\n(-1)\n"), std::string::npos) << text;
  EXPECT_EQ(gm::parse_psq(text, "r.psq"), r);
}

// ---- pbrain, in process ---------------------------------------------------------------------

namespace {

/// Runs a session and returns the reply lines without DEBUG / MESSAGE lines.
std::vector<std::string> session(const std::string& input, int level = 2) {
  std::istringstream in(input);
  std::ostringstream out;
  gm::PbrainOptions o;
  o.level = level;
  gm::run_pbrain(in, out, o);
  std::vector<std::string> lines;
  std::istringstream r(out.str());
  std::string l;
  while (std::getline(r, l))
    if (l.rfind("DEBUG", 0) != 0 && l.rfind("MESSAGE", 0) != 0) lines.push_back(l);
  return lines;
}

}  // namespace

TEST(GomokuPbrain, ScriptedSession) {
  const std::string script =
      "START 15\r\n"
      "INFO timeout_turn 300\r\n"
      "INFO timeout_match 100000\r\n"
      "INFO time_left 100000\r\n"
      "INFO max_memory 83886080\r\n"
      "INFO game_type 1\r\n"
      "INFO rule 0\r\n"
      "BEGIN\r\n"     // empty board: the centre 7,7
      "TURN 0,0\r\n"  // any reply
      "BOARD\r\n"     // own four 3..6 on row 10 (x 2 blocked by the opponent): win at 7,10
      "3,10,1\r\n4,10,1\r\n5,10,1\r\n6,10,1\r\n2,10,2\r\n0,0,2\r\n14,14,2\r\n13,0,2\r\n"
      "DONE\r\n"
      "TAKEBACK 7,10\r\n"  // take the brain's five back
      "TAKEBACK 13,0\r\n"  // and the opponent's last stone: the opponent is to move... the
      "TURN 13,0\r\n"      // ...manager replays it; the brain wins again at 7,10
      "RESTART\r\n"
      "BOARD\r\n"  // opponent four on column 5 (y 1..4, y 0 blocked): block at 5,5
      "5,1,2\r\n5,2,2\r\n5,3,2\r\n5,4,2\r\n5,0,1\r\n9,9,1\r\n12,12,1\r\n"
      "DONE\r\n"
      "END\r\n"
      "TURN 1,1\r\n";  // after END: never read
  const std::vector<std::string> want = {"OK", "7,7", "", "7,10", "OK", "OK", "7,10", "OK", "5,5"};
  const auto got = session(script);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i)
    if (!want[i].empty()) {
      EXPECT_EQ(got[i], want[i]) << "reply " << i;
    }
  // the reply to TURN 0,0 is some empty point near the stones, as "x,y"
  EXPECT_TRUE(std::regex_match(got[2], std::regex("[0-9]+,[0-9]+"))) << got[2];
}

TEST(GomokuPbrain, BadLinesGetErrorAndTheBrainGoesOn) {
  const auto got = session(
      "TURN 5,5\n"  // before START
      "START 0\n"
      "START 40\n"
      "START x\n"
      "RECTSTART 20,10\n"
      "TURN 99,99\n"
      "TURN 1\n"
      "TURN 3,3\n"
      "TURN 3,3\n"  // occupied
      "BOARD\n1,1,1\nnonsense\nDONE\n"
      "BOARD\n1,1,1\nTURN 17,2\n"  // missing DONE: ERROR, then the TURN is carried out
      "TAKEBACK 19,9\n"
      "INFO rule 4\nBEGIN\n"  // renju: not supported
      "INFO rule 1\n"
      "RESTART\nBEGIN\n"
      "FROB\n"
      "ABOUT\n"
      "END\n");
  ASSERT_EQ(got.size(), 18u) << [&] {
    std::string s;
    for (const auto& l : got) s += l + " | ";
    return s;
  }();
  EXPECT_EQ(got[0], "ERROR no board: send START first");
  EXPECT_EQ(got[1], "ERROR unsupported size 0x0 (5 to 26 per side)");
  EXPECT_EQ(got[2], "ERROR unsupported size 40x40 (5 to 26 per side)");
  EXPECT_EQ(got[3], "ERROR START needs one board size, e.g. START 15 (got 'x')");
  EXPECT_EQ(got[4], "OK");
  EXPECT_EQ(got[5], "ERROR TURN 99,99: the point is off the 20x10 board");
  EXPECT_EQ(got[6], "ERROR TURN needs x,y, e.g. TURN 7,7");
  EXPECT_TRUE(std::regex_match(got[7], std::regex("[0-9]+,[0-9]+")));
  EXPECT_EQ(got[8].rfind("ERROR TURN 3,3: point ", 0), 0u) << got[8];
  EXPECT_EQ(got[9], "ERROR BOARD line 'nonsense' is not x,y,field");
  EXPECT_EQ(got[10], "ERROR BOARD not ended by DONE (got 'TURN 17,2'); position not set");
  EXPECT_TRUE(std::regex_match(got[11], std::regex("[0-9]+,[0-9]+")));
  EXPECT_EQ(got[12], "ERROR TAKEBACK 19,9: there is no stone on that point");
  EXPECT_EQ(got[13], "ERROR INFO rule 4: the renju rule is not supported");
  EXPECT_EQ(got[14], "OK");
  EXPECT_EQ(got[15], "9,5") << "a centre point of 20 x 10";
  EXPECT_EQ(got[16], "UNKNOWN command 'FROB'");
  EXPECT_EQ(got[17].rfind("name=\"searchbench\"", 0), 0u);
}

TEST(GomokuPbrain, AFailedStartLeavesNoBoard) {
  // START with extra text, or an unsupported size, answers ERROR and drops the last game's board:
  // a BEGIN after it is refused rather than played on the old board.
  const auto got = session(
      "RECTSTART 10,5\nSTART 15 extra\nBEGIN\nRECTSTART 10,5\nSTART 4\nBEGIN\n"
      "RECTSTART 10,5\nRECTSTART 10\nBEGIN\nSTART 15\nBEGIN\nTAKEBACK 15,3\nEND\n");
  const std::vector<std::string> want = {
      "OK",
      "ERROR START needs one board size, e.g. START 15 (got '15 extra')",
      "ERROR no board: send START first",
      "OK",
      "ERROR unsupported size 4x4 (5 to 26 per side)",
      "ERROR no board: send START first",
      "OK",
      "ERROR RECTSTART needs width,height, e.g. RECTSTART 20,15 (got '10')",
      "ERROR no board: send START first",
      "OK",
      "7,7",
      "ERROR TAKEBACK 15,3: the point is off the 15x15 board"};
  EXPECT_EQ(got, want);
}

TEST(GomokuPbrain, DecidedPositionsAreAnsweredAndTheBrainGoesOn) {
  // a BOARD holding black's five a1..e1 (x 0..4 on row y 0) is judged at DONE: the same answer
  // whether the five comes first or last, and the brain answers the next command
  const std::string five = "0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n";
  const std::string others = "0,5,2\n1,5,2\n2,5,2\n3,5,2\n9,9,2\n";
  const std::string decided =
      "ERROR BOARD: the position is already decided (black wins: five in a row); position not set";
  for (const std::string& stones : {five + others, others + five}) {
    std::istringstream in("START 15\nBOARD\n" + stones + "DONE\nABOUT\nEND\n");
    std::ostringstream out;
    gm::PbrainOptions o;
    o.level = 2;
    EXPECT_EQ(gm::run_pbrain(in, out, o), 0);
    std::istringstream lines(out.str());
    std::vector<std::string> got;
    for (std::string l; std::getline(lines, l);) got.push_back(l);
    ASSERT_EQ(got.size(), 3u) << out.str();
    EXPECT_EQ(got[0], "OK");
    EXPECT_EQ(got[1], decided);
    EXPECT_EQ(got[2].rfind("name=\"searchbench\"", 0), 0u) << got[2];
  }
  // TAKEBACK after a five: the brain (black, four on row 5 and a stone at 9,9) completes x 0..4
  // on row 5; taking back 9,9 would leave the five: ERROR; taking back the winning stone 4,5
  // lets the game go on, and the brain finds the same five again
  const auto got = session(
      "START "
      "15\nBOARD\n0,5,1\n1,5,1\n2,5,1\n3,5,1\n9,9,1\n0,0,2\n2,2,2\n4,4,2\n6,6,2\n8,8,2\nDONE\n"
      "TAKEBACK 9,9\nTAKEBACK 4,5\nTURN 14,14\nABOUT\nEND\n");
  ASSERT_EQ(got.size(), 6u);
  EXPECT_EQ(got[0], "OK");
  EXPECT_EQ(got[1], "4,5");
  EXPECT_EQ(got[2],
            "ERROR TAKEBACK 9,9: the position is already decided (black wins: five in a row); not "
            "taken back");
  EXPECT_EQ(got[3], "OK");
  EXPECT_EQ(got[4], "4,5");
  EXPECT_EQ(got[5].rfind("name=\"searchbench\"", 0), 0u);
}

TEST(GomokuPbrain, UnknownCommandEchoIsShort) {
  const std::string line = "X\x01Y" + std::string(1 << 20, 'a');
  const auto got = session("START 15\n" + line + "\nABOUT\nEND\n");
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[1], "UNKNOWN command 'X?Y" + std::string(197, 'A') + "...'");
  EXPECT_EQ(got[2].rfind("name=\"searchbench\"", 0), 0u);
}

TEST(GomokuPbrain, TheBrainPlaysTheTopLevelByDefault) {
  EXPECT_EQ(gm::PbrainOptions{}.level, gm::kMaxLevel);
}

TEST(GomokuPbrain, TimeAndMemoryBudgets) {
  const long long none = gm::kNotSent;
  EXPECT_NEAR(gm::pbrain_move_seconds(none, none, 200, 1.0), 0.87, 1e-9);
  EXPECT_NEAR(gm::pbrain_move_seconds(5000, none, 200, 1.0), 4.47, 1e-9);
  EXPECT_NEAR(gm::pbrain_move_seconds(5000, 20000, 200, 1.0), 0.87, 1e-9);  // 20 s / 20
  EXPECT_NEAR(gm::pbrain_move_seconds(5000, 2147483647LL, 200, 1.0), 4.47, 1e-9);
  EXPECT_NEAR(gm::pbrain_move_seconds(0, none, 200, 1.0), 0.005, 1e-9);
  EXPECT_NEAR(gm::pbrain_move_seconds(5000, -300, 200, 1.0), 0.005, 1e-9);
  EXPECT_EQ(gm::pbrain_table_bytes(0), 256ull << 20);
  EXPECT_EQ(gm::pbrain_table_bytes(10ull << 20), 1ull << 20);
  EXPECT_EQ(gm::pbrain_table_bytes(100ull << 20), 34ull << 20);
}

// ---- matches ---------------------------------------------------------------------------------

TEST(GomokuMatch, OpeningsAndScore) {
  const gm::Rules r;
  const auto ops = gm::parse_openings(gm::default_openings_text(), r, "openings.txt");
  EXPECT_GE(ops.size(), 50u);
  for (const auto& o : ops) EXPECT_EQ(o.moves.size(), 3u) << o.text;
  EXPECT_THROW(gm::parse_openings("h8 h8\n", r, "x"), std::invalid_argument);
  EXPECT_THROW(gm::parse_openings("# nothing\n", r, "x"), std::invalid_argument);
  try {
    gm::parse_openings("h8\n\nz99\n", r, "ops.txt");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("ops.txt:3:", 0), 0u) << e.what();
  }
  std::vector<gm::GameResult> games(10);
  for (int i = 0; i < 10; ++i) games[i].score_a = i < 8 ? 1.0 : i == 8 ? 0.5 : 0.0;
  const gm::MatchSummary s = gm::summarize(games);
  EXPECT_EQ(s.wins, 8);
  EXPECT_EQ(s.draws, 1);
  EXPECT_EQ(s.losses, 1);
  EXPECT_NEAR(s.score, 0.85, 1e-12);
  // sample standard deviation of {1 x8, 0.5, 0}: sqrt(0.725 / 9) ... times 1.96 / sqrt(10)
  double var = 0;
  for (const auto& g : games) var += (g.score_a - 0.85) * (g.score_a - 0.85);
  EXPECT_NEAR(s.error95, 1.96 * std::sqrt(var / 9 / 10), 1e-12);
  EXPECT_EQ(s.pairs, 0);  // every game with A as black: no colour-swapped pair
  EXPECT_EQ(gm::summary_text(s, "A", "B").find("pairs"), std::string::npos);
}

TEST(GomokuMatch, EveryGameAlikeClaimsNoInterval) {
  std::vector<gm::GameResult> games(2);
  for (auto& g : games) g.score_a = 1.0;
  EXPECT_EQ(gm::summary_text(gm::summarize(games), "A", "B"),
            "A vs B: +2 =0 -0 in 2 games, score 100.0 % (every game alike: no interval), Elo "
            "difference +inf");
  for (auto& g : games) g.score_a = 0.5;
  EXPECT_EQ(gm::summary_text(gm::summarize(games), "A", "B"),
            "A vs B: +0 =2 -0 in 2 games, score 50.0 % (every game alike: no interval), Elo "
            "difference +0");
  games.resize(1);
  EXPECT_EQ(gm::summary_text(gm::summarize(games), "A", "B"),
            "A vs B: +0 =1 -0 in 1 game, score 50.0 % (every game alike: no interval), Elo "
            "difference +0");
}

TEST(GomokuMatch, ScoreByGamePairs) {
  // four openings, each once with each colour: pair means 0.5, 1, 0.5, 0
  const double score[8] = {1, 0, 1, 1, 1, 0, 0, 0};
  std::vector<gm::GameResult> games(8);
  for (int i = 0; i < 8; ++i) {
    games[i].opening = "opening " + std::to_string(i / 2);
    games[i].a_black = i % 2 == 0;
    games[i].score_a = score[i];
  }
  gm::MatchSummary s = gm::summarize(games);
  EXPECT_NEAR(s.score, 0.5, 1e-12);
  EXPECT_EQ(s.pairs, 4);
  // sample variance of the pair means {0.5, 1, 0.5, 0}: 0.5 / 3; over 4 pairs
  EXPECT_NEAR(s.error95_pairs, 1.96 * std::sqrt(0.5 / 3 / 4), 1e-12);
  EXPECT_LT(s.elo_low_pairs, 0);
  EXPECT_GT(s.elo_high_pairs, 0);
  EXPECT_NE(gm::summary_text(s, "A", "B").find("by 4 colour-swapped game pairs: +- "),
            std::string::npos);
  // a pair counts only with one opening and swapped colours, and the interval by pairs only
  // when every game is in one
  games[3].opening = "another";
  s = gm::summarize(games);
  EXPECT_EQ(s.pairs, 0);
  EXPECT_EQ(gm::summary_text(s, "A", "B").find("pairs"), std::string::npos);
  games[3].opening = games[2].opening;
  games[5].a_black = true;
  EXPECT_EQ(gm::summarize(games).pairs, 0);
  games[5].a_black = false;
  games.resize(7);  // a match stopped after an odd game
  s = gm::summarize(games);
  EXPECT_EQ(s.pairs, 0);
  EXPECT_NEAR(s.score, 4.0 / 7, 1e-12);
  // where the colour decides most games (A wins as black, loses as white, but for one pair),
  // the pairs' interval is much narrower than the single games'
  games.assign(20, gm::GameResult{});
  for (int i = 0; i < 20; ++i) {
    games[i].opening = "opening " + std::to_string(i / 2);
    games[i].a_black = i % 2 == 0;
    games[i].score_a = i % 2 == 0 || i == 19 ? 1.0 : 0.0;
  }
  s = gm::summarize(games);
  EXPECT_EQ(s.pairs, 10);
  EXPECT_LT(s.error95_pairs, s.error95 / 2);
}

TEST(GomokuMatch, LevelOneAgainstLevelTwoOnASmallBoard) {
  gm::MatchOptions o;
  o.rules.cols = o.rules.rows = 9;
  o.a.level = 2;
  o.b.level = 1;
  o.games = 2;
  const gm::GameResult g0 = gm::play_match_game(o, 0), g1 = gm::play_match_game(o, 1);
  EXPECT_TRUE(g0.a_black);
  EXPECT_FALSE(g1.a_black);
  EXPECT_EQ(g0.black_level, 2);
  EXPECT_EQ(g1.black_level, 1);
  EXPECT_GT(g0.moves, 0);
  EXPECT_EQ(gm::match_csv_row(g0).size(), gm::match_csv_header().size());
}

// ---- problem "gomoku": instances, kernels, verifier ---------------------------------------------

TEST(GomokuProblem, InstanceTextRoundTrips) {
  for (const char* text :
       {"vcf07", "mid03/d4", "15x15:h8,i9,g7", "9x7-standard:e4,d4/d3", "19x19:j10"}) {
    const gm::Position p = gm::parse_position(text);
    EXPECT_EQ(gm::format_position(p), text);
    EXPECT_EQ(gm::parse_position(gm::format_position(p)), p);
  }
  EXPECT_EQ(gm::format_position(gm::parse_position("VCF07/D6")), "vcf07");
  EXPECT_EQ(gm::parse_position("15x15-freestyle:h8").rules.rule, mnk::Rule::kFreestyle);
  for (const char* bad :
       {"", "vcf99", "15x15", "15x15:h8,h8", "4x4:a1", "15x15:z1", "15x15-renju:h8", "vcf01/d0",
        "vcf01/d31", "vcf01/dx", "5x5:a1,b1,a2,b2,a3,b3,a4,b4,a5"})
    EXPECT_THROW(gm::parse_position(bad), std::invalid_argument) << bad;
}

TEST(GomokuProblem, CommittedPositions) {
  const auto all = gm::committed_positions();
  int vcf = 0, mid = 0;
  for (const auto& p : all) {
    vcf += p.name.rfind("vcf", 0) == 0;
    mid += p.name.rfind("mid", 0) == 0;
    EXPECT_EQ(gm::parse_position(p.name), p);
  }
  EXPECT_GE(vcf, 20);
  EXPECT_GE(mid, 8);
}

TEST(GomokuProblem, EveryKernelPassesOnTheVcfPositions) {
  const sb::Problem& prob = gm::problem();
  ASSERT_GE(prob.kernels.size(), 3u);
  for (const auto& pos : gm::committed_positions()) {
    if (pos.name.rfind("vcf", 0) != 0) continue;
    gm::Position p = pos;
    p.depth = 4;
    const sb::Instance in = sb::make_instance<gm::Traits>(p);
    for (const auto& k : prob.kernels) {
      sb::RunSettings s;
      s.threads = 2;
      s.max_memory = 8 << 20;
      const sb::Outcome o = k.run(in, s);
      EXPECT_EQ(prob.verify(in, s, o), sb::Verdict::kPass) << pos.name << " " << k.name;
      EXPECT_TRUE(sb::result_of<gm::Traits>(o).win) << pos.name << " " << k.name;
      EXPECT_EQ(prob.fields(in, s, o).size(), prob.columns.size());
    }
  }
  EXPECT_EQ(prob.parse("mid03/d4").name, "mid03/d4");
  EXPECT_THROW(prob.parse("vcf00"), std::invalid_argument);
  // A committed position written as its stones, in another order, is named as committed.
  for (const gm::Position& c : gm::committed_positions()) {
    std::vector<int> moves = c.moves;
    std::swap(moves[0], moves[2]);  // black's first and second stones
    const std::string text = std::to_string(c.rules.cols) + "x" + std::to_string(c.rules.rows) +
                             ":" + mnk::format_moves(moves, c.rules.cols, ",") + "/d4";
    EXPECT_EQ(gm::format_position(gm::parse_position(text)), c.name + "/d4") << text;
  }
  try {  // the message names every committed series, first..last
    (void)gm::parse_position("vcf25");
    ADD_FAILURE() << "vcf25 parsed";
  } catch (const std::invalid_argument& e) {
    const auto& all = gm::committed_positions();
    const std::string want =
        "committed positions: vcf01..vcf24, mid01.." + all.back().name;  // the last a mid
    EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    EXPECT_EQ(all.back().name.rfind("mid", 0), 0u);
  }
}

TEST(GomokuProblem, VerifierRejectsABrokenLine) {
  const gm::Position pos = gm::parse_position("vcf05");
  gm::Params p;
  p.position = pos;
  gm::Result r = gm::vcf(p);
  ASSERT_EQ(gm::verify(pos, r), "pass");
  gm::Game g(pos.rules);
  for (int c : pos.moves) g.play(c);
  EXPECT_TRUE(gm::replays_as_vcf(g, r.line));
  std::vector<int> cut(r.line.begin(), r.line.end() - 1);  // without the last four
  EXPECT_FALSE(gm::replays_as_vcf(g, cut));
  std::swap(r.line[0], r.line[2]);  // attacker moves out of order
  EXPECT_EQ(gm::verify(pos, r), "fail");
  gm::Result none;
  EXPECT_EQ(gm::verify(pos, none), "fail") << "a committed VCF position must be a win";
  EXPECT_EQ(gm::verify(gm::parse_position("mid01"), none), "na");
}

TEST(GomokuProblem, VerifierTakesAFiveBesideTheDefendersFour) {
  // Black to move has four in a row, and so has white: black's five wins at once (h7 or h12),
  // a move that neither makes five nor blocks white's (h13) loses to white's five at a5.
  const gm::Position pos = gm::parse_position("15x15:h8,a1,h9,a2,h10,a3,h11,a4");
  gm::Params p;
  p.position = pos;
  const gm::Result r = gm::vcf(p);
  ASSERT_TRUE(r.win);
  EXPECT_EQ(gm::verify(pos, r), "pass");
  gm::Game g(pos.rules);
  for (int c : pos.moves) g.play(c);
  const auto at = [&](const char* sq) {
    return mnk::parse_point(sq, pos.rules.cols, pos.rules.rows);
  };
  EXPECT_TRUE(gm::replays_as_vcf(g, {at("h7")}));
  EXPECT_TRUE(gm::replays_as_vcf(g, {at("h12")}));
  EXPECT_FALSE(gm::replays_as_vcf(g, {at("h13")}));
  // a5 blocks white's five and leaves black two five points: a win as well.
  EXPECT_TRUE(gm::replays_as_vcf(g, {at("a5")}));
}

TEST(GomokuProblem, AlphaBetaNodeCountsAreDeterministic) {
  for (const char* name : {"mid01/d4", "mid05/d4"}) {
    gm::Params p;
    p.position = gm::parse_position(name);
    const gm::Result pa = gm::pattern(p), pb = gm::pattern(p);
    EXPECT_EQ(pa.nodes, pb.nodes) << name;
    EXPECT_EQ(pa.plays, pb.plays) << name;
    EXPECT_EQ(pa.move, pb.move) << name;
    EXPECT_EQ(pa.depth, 4) << name;
    const gm::Result a = gm::alphabeta(p), b = gm::alphabeta(p);
    EXPECT_EQ(a.nodes, b.nodes) << name;
    EXPECT_EQ(a.plays, b.plays) << name;
    EXPECT_EQ(a.move, b.move) << name;
    EXPECT_EQ(a.depth, 4) << name;
    EXPECT_GT(a.plays, a.nodes / 4) << name;
    EXPECT_EQ(gm::bench_row(p.position, a).size(), gm::bench_columns().size());
  }
}
