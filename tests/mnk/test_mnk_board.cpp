// Tests of the m,n,k board and threats: win detection in all four directions and at the edges,
// standard-rule overlines, five points and dead cells, symmetric keys, line shapes (four,
// straight four, open three, overline), VCF search and replay, pairing strategies, instance text
// and point notation, and the reference table.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "mnk/board.hpp"
#include "mnk/mnk.hpp"
#include "mnk/problem.hpp"
#include "mnk/threats.hpp"

namespace mnk = sb::mnk;
using Board1 = mnk::Board<1>;
using Board4 = mnk::Board<4>;

namespace {

/// Plays black stones on `black` and white stones on `white`, alternately from black (a side
/// with no stone left passes), and leaves black to move.
template <int W>
void place(mnk::Board<W>& b, const std::vector<int>& black, const std::vector<int>& white) {
  ASSERT_LE(white.size(), black.size());
  for (std::size_t i = 0; i < black.size(); ++i) {
    if (b.to_move() != 0) b.pass();
    b.play(black[i]);
    if (i < white.size()) b.play(white[i]);
  }
  if (b.to_move() != 0) b.pass();
}

int cell(const mnk::Geometry& g, const char* point) {
  return mnk::parse_point(point, g.m, g.n);
}

}  // namespace

TEST(MnkBoard, WinInEveryDirectionAndAtTheEdges) {
  const mnk::Geometry g(7, 6, 4, mnk::Rule::kFreestyle);
  // Rows of four in each direction, touching the edges, each completed at either end.
  const std::vector<std::vector<const char*>> rows = {
      {"a1", "b1", "c1", "d1"}, {"d6", "e6", "f6", "g6"}, {"a1", "a2", "a3", "a4"},
      {"g3", "g4", "g5", "g6"}, {"a1", "b2", "c3", "d4"}, {"d3", "e4", "f5", "g6"},
      {"a4", "b3", "c2", "d1"}, {"d6", "e5", "f4", "g3"}};
  for (const auto& row : rows)
    for (int last = 0; last < 4; ++last) {
      Board1 b(g);
      std::vector<int> order;
      for (int i = 0; i < 4; ++i)
        if (i != last) order.push_back(cell(g, row[i]));
      order.push_back(cell(g, row[last]));
      for (std::size_t i = 0; i < order.size(); ++i) {
        EXPECT_EQ(b.winner(), -1);
        if (i + 1 == order.size()) {
          EXPECT_TRUE(b.has_five_point(0)) << row[0];
        }
        b.play(order[i]);
        if (i + 1 < order.size()) b.pass();
      }
      EXPECT_EQ(b.winner(), 0) << row[0] << ".." << row[3];
      b.undo();
      EXPECT_EQ(b.winner(), -1);
      EXPECT_TRUE(b.five_points(0).test(order.back()));
    }
}

TEST(MnkBoard, ThreeStonesAndAGapDoNotWin) {
  const mnk::Geometry g(7, 7, 4, mnk::Rule::kFreestyle);
  Board1 b(g);
  place(b, {cell(g, "a1"), cell(g, "b1"), cell(g, "d1")}, {cell(g, "g7"), cell(g, "f7")});
  EXPECT_EQ(b.winner(), -1);
  EXPECT_EQ(b.count_five_points(0), 1);
  EXPECT_EQ(b.any_five_point(0), cell(g, "c1"));
  b.pass();
  b.play(cell(g, "c1"));      // white blocks
  EXPECT_EQ(b.winner(), -1);  // white blocked
  EXPECT_FALSE(b.has_five_point(0));
}

TEST(MnkBoard, StandardRuleOverline) {
  for (mnk::Rule rule : {mnk::Rule::kFreestyle, mnk::Rule::kStandard}) {
    const mnk::Geometry g(9, 3, 4, rule);
    Board1 b(g);
    // X X . X X on rank 2: filling the gap makes five, an overline for k = 4.
    place(b, {cell(g, "a2"), cell(g, "b2"), cell(g, "d2"), cell(g, "e2")},
          {cell(g, "a1"), cell(g, "c1"), cell(g, "e1"), cell(g, "i3")});
    EXPECT_EQ(b.has_five_point(0), rule == mnk::Rule::kFreestyle);
    b.play(cell(g, "c2"));
    EXPECT_EQ(b.winner(), rule == mnk::Rule::kFreestyle ? 0 : -1);
  }
  // Exactly four next to an opponent stone and the edge wins under the standard rule.
  const mnk::Geometry g(9, 3, 4, mnk::Rule::kStandard);
  Board1 b(g);
  place(b, {cell(g, "b2"), cell(g, "c2"), cell(g, "d2")}, {cell(g, "a2"), cell(g, "i1")});
  EXPECT_TRUE(b.has_five_point(0));
  EXPECT_EQ(b.any_five_point(0), cell(g, "e2"));
  // But not when f2 already holds black: e2 would make five.
  b.play(cell(g, "f2"));
  EXPECT_FALSE(b.has_five_point(0));
  b.pass();
  b.play(cell(g, "e2"));
  EXPECT_EQ(b.winner(), -1);
}

TEST(MnkBoard, LiveWindowsAndDeadCells) {
  const mnk::Geometry g(3, 3, 3, mnk::Rule::kFreestyle);
  EXPECT_EQ(g.windows, 8);
  Board1 b(g);
  EXPECT_EQ(b.live_windows(0), 8);
  // X on b2, O on a1, c3, a3 ... then every line holds both colours after the draw game below.
  for (const char* p : {"b2", "a1", "c3", "a3", "a2", "c2", "b3", "b1", "c1"}) {
    b.play(cell(g, p));
  }
  EXPECT_TRUE(b.full());
  EXPECT_EQ(b.winner(), -1);
  EXPECT_EQ(b.live_windows(0), 0);
  EXPECT_EQ(b.live_windows(1), 0);
  // Undo all: counts return.
  for (int i = 0; i < 9; ++i) b.undo();
  EXPECT_EQ(b.live_windows(0), 8);
  for (int c = 0; c < 9; ++c) EXPECT_TRUE(b.relevant(c));
  // A corner is dead once both players hold stones in all three of its lines.
  const mnk::Geometry g4(4, 4, 3, mnk::Rule::kFreestyle);
  Board1 d(g4);
  for (const char* p : {"b1", "c1", "a2", "a3", "b2", "c3"}) d.play(cell(g4, p));
  EXPECT_FALSE(d.relevant(cell(g4, "a1")));
  EXPECT_TRUE(d.relevant(cell(g4, "d4")));
}

TEST(MnkBoard, SymmetricKeys) {
  const mnk::Geometry sq(5, 5, 4, mnk::Rule::kFreestyle);
  EXPECT_EQ(sq.nsym, 8);
  const mnk::Geometry rect(6, 4, 4, mnk::Rule::kFreestyle);
  EXPECT_EQ(rect.nsym, 4);
  // The 8 images of a position have one canonical key.
  std::set<std::pair<std::uint64_t, std::uint64_t>> keys;
  for (int t = 0; t < sq.nsym; ++t) {
    Board1 b(sq, true);
    for (const char* p : {"a1", "c3", "b4"}) b.play(sq.sym[t * sq.cells + cell(sq, p)]);
    Board1::Set bk, wk;
    b.canonical(&bk, &wk);
    keys.insert({bk.w[0], wk.w[0]});
    Board1::Set ab, aw;
    b.undo();
    b.canonical_after(sq.sym[t * sq.cells + cell(sq, "b4")], &ab, &aw);
    EXPECT_TRUE(ab == bk && aw == wk);
  }
  EXPECT_EQ(keys.size(), 1u);
}

TEST(MnkThreats, LineShapes) {
  const mnk::Geometry g(15, 15, 5, mnk::Rule::kFreestyle);
  Board4 b(g);
  auto at = [&](const char* p) { return cell(g, p); };
  // Black: f8 g8 h8 on rank 8 (open), d5 e5 f5 on rank 5 with c5 blocked by white.
  place(b, {at("f8"), at("g8"), at("h8"), at("d5"), at("e5"), at("f5")},
        {at("c5"), at("a15"), at("o15"), at("a1")});
  auto shapes = mnk::analyze_move(b, 0, at("i8"));  // .FGHI. : straight four
  EXPECT_EQ(shapes.dir[0], mnk::Shape::kStraightFour);
  EXPECT_EQ(shapes.straight_fours, 1);
  shapes = mnk::analyze_move(b, 0, at("g5"));  // O D E F G . : four
  EXPECT_EQ(shapes.dir[0], mnk::Shape::kFour);
  EXPECT_EQ(shapes.fours, 1);
  shapes = mnk::analyze_move(b, 0, at("j8"));  // . F G H . J : a four with the gap i8
  EXPECT_EQ(shapes.dir[0], mnk::Shape::kFour);
  shapes = mnk::analyze_move(b, 0, at("f7"));  // f5 . f7 f8: a split three on the file
  EXPECT_EQ(shapes.dir[1], mnk::Shape::kOpenThree);
  shapes = mnk::analyze_move(b, 0, at("f6"));  // f5 f6 . f8: open three on the file
  EXPECT_EQ(shapes.dir[1], mnk::Shape::kOpenThree);
  EXPECT_EQ(shapes.open_threes, 2);             // and e5 f6 . h8 on the diagonal
  shapes = mnk::analyze_move(b, 0, at("m12"));  // far from every stone
  for (int d = 0; d < 4; ++d) EXPECT_EQ(shapes.dir[d], mnk::Shape::kNone);
  EXPECT_STREQ(mnk::shape_name(mnk::Shape::kStraightFour), "straight four");
  // Five and overline under the standard rule.
  const mnk::Geometry gs(15, 15, 5, mnk::Rule::kStandard);
  Board4 s(gs);
  place(s, {at("a1"), at("b1"), at("c1"), at("d1"), at("f1")},
        {at("a3"), at("b3"), at("c3"), at("o15")});
  EXPECT_EQ(mnk::analyze_move(s, 0, at("e1")).dir[0], mnk::Shape::kOverline);
  EXPECT_FALSE(mnk::analyze_move(s, 0, at("e1")).five);
  EXPECT_EQ(mnk::analyze_move(s, 1, at("d3")).dir[0], mnk::Shape::kFour);
}

TEST(MnkThreats, VcfFoundAndReplayed) {
  // Black e5 f5 g5 (d5 white) and h6 h7: the four h5 forces i5, then h8 makes a straight four.
  const mnk::Geometry g(15, 15, 5, mnk::Rule::kFreestyle);
  Board4 b(g);
  auto at = [&](const char* p) { return cell(g, p); };
  place(b, {at("e5"), at("f5"), at("g5"), at("h6"), at("h7")},
        {at("d5"), at("a1"), at("o15"), at("a15")});
  ASSERT_EQ(b.to_move(), 0);
  mnk::VcfSearch<4> vcf;
  std::vector<int> seq;
  ASSERT_TRUE(vcf.run(b, 100000, &seq));
  ASSERT_EQ(seq.size(), 3u);  // h5 (white i5), then h4 or h8: a straight four on file h
  EXPECT_EQ(seq[0], at("h5"));
  EXPECT_EQ(seq[1], at("i5"));
  EXPECT_TRUE(seq[2] == at("h4") || seq[2] == at("h8"));
  EXPECT_TRUE(mnk::replay_wins(b, 0, seq));
  // The board is restored.
  EXPECT_EQ(b.winner(), -1);
  EXPECT_EQ(b.stone_count(), 9);
  // White to move: a white stone on the first attacking cell breaks that line.
  b.pass();
  b.play(seq[0]);
  EXPECT_FALSE(mnk::replay_wins(b, 0, seq));
  b.undo();
  b.undo();
  // White, to move, has no VCF.
  b.pass();
  EXPECT_FALSE(vcf.run(b, 100000));
}

TEST(MnkThreats, PairingStrategies) {
  // k x k with k in a row, k = 5: a Hales-Jewett pairing exists on the empty board.
  for (int k : {5, 6}) {
    const mnk::Geometry g(k, k, k, mnk::Rule::kFreestyle);
    Board1 b(g);
    mnk::PairingSearch<1> ps;
    EXPECT_TRUE(ps.run(b, 0, 100000)) << k;
  }
  // 4 x 4 with k = 4 has ten lines but only eight disjoint pairs: none.
  const mnk::Geometry g(4, 4, 4, mnk::Rule::kFreestyle);
  Board1 b(g);
  mnk::PairingSearch<1> ps;
  EXPECT_FALSE(ps.run(b, 0, 100000));
  // After O takes the two centre cells of the diagonals, a pairing covers the other lines.
  b.play(cell(g, "a1"));
  b.play(cell(g, "b2"));
  b.play(cell(g, "d1"));
  b.play(cell(g, "c2"));
  EXPECT_EQ(b.live_windows(0), 5);  // ranks 1, 3, 4 and files a, d
  EXPECT_TRUE(ps.run(b, 0, 100000));
}

TEST(MnkInstance, TextRoundTrip) {
  for (const char* t : {"3x3k3", "7x7k5", "15x15k5:h8,i9,j10", "9x4k4-standard", "26x26k5:z26,a1",
                        "1x1k1", "5x1k2:a1"}) {
    const mnk::Instance i = mnk::parse_instance(t);
    EXPECT_EQ(mnk::format_instance(i), t);
    EXPECT_EQ(mnk::parse_instance(mnk::format_instance(i)), i);
  }
  const mnk::Instance i = mnk::parse_instance("15X15K5-Freestyle:H8,i9");
  EXPECT_EQ(mnk::format_instance(i), "15x15k5:h8,i9");
  EXPECT_EQ(i.moves, (std::vector<int>{7 * 15 + 7, 8 * 15 + 8}));
  EXPECT_EQ(mnk::parse_moves("h8 i9,j10", 15, 15).size(), 3u);
  EXPECT_EQ(mnk::format_point(0, 7), "a1");
  EXPECT_EQ(mnk::format_point(48, 7), "g7");
  EXPECT_EQ(mnk::parse_point("z26", 26, 26), 26 * 26 - 1);
}

// A query is a position and what is asked: every move's value, or with ":value-only" the value
// alone.
TEST(MnkInstance, QueryTextRoundTrip) {
  for (const char* t :
       {"7x7k5", "7x7k5:value-only", "15x15k5:h8,i9:value-only", "9x4k4-standard:value-only"}) {
    const mnk::Query q = mnk::parse_query(t);
    EXPECT_EQ(mnk::format_query(q), t);
    EXPECT_EQ(mnk::parse_query(mnk::format_query(q)), q);
  }
  EXPECT_TRUE(mnk::parse_query("7x7k5").all_moves);
  const mnk::Query q = mnk::parse_query("15X15K5:H8:Value-Only");
  EXPECT_FALSE(q.all_moves);
  EXPECT_EQ(q.position, mnk::parse_instance("15x15k5:h8"));
  for (const char* t :
       {"7x7k5::value-only", "7x7k5:value-only:value-only", ":value-only", "4x4k3:a1,:value-only",
        "7x7k5:value-only:h8", "7x7k5:valueonly", "7x7k5-value-only"})
    EXPECT_THROW(mnk::parse_query(t), std::invalid_argument) << t;
}

TEST(MnkInstance, BadText) {
  for (const char* t : {"",
                        "7x7",
                        "7x7k",
                        "x7k5",
                        "7x7k0",
                        "7x7k8",
                        "27x3k3",
                        "3x27k3",
                        "7x7k5:",
                        "7x7k5:h8",
                        "7x7k5:a1,a1",
                        "7x7k5-renju",
                        "7x7k5 :a1",
                        "7x7k5:a1, b2",
                        "3x3k3:a1,b1,a2,b2,a3,c3",
                        "3x3k3:a1,b1,a2,b2,a3",
                        "7x7k5;a1",
                        "4x4k4:a0",
                        "4x4k4:1a",
                        "4x4k3:a1,,b1",
                        "4x4k3:a1,",
                        "4x4k3:,a1"}) {
    EXPECT_THROW(mnk::parse_instance(t), std::invalid_argument) << t;
  }
}

TEST(MnkReference, Table) {
  using V = mnk::Value;
  auto val = [](int m, int n, int k, mnk::Rule r = mnk::Rule::kFreestyle) {
    const auto ref = mnk::reference_value(m, n, k, r);
    return ref ? static_cast<int>(ref->value) : 9;
  };
  EXPECT_EQ(val(3, 3, 3), static_cast<int>(V::kDraw));
  EXPECT_EQ(val(4, 3, 3), static_cast<int>(V::kFirst));
  EXPECT_EQ(val(3, 4, 3), static_cast<int>(V::kFirst));
  EXPECT_EQ(val(5, 5, 4), static_cast<int>(V::kDraw));
  EXPECT_EQ(val(5, 6, 4), static_cast<int>(V::kFirst));
  EXPECT_EQ(val(4, 8, 4), static_cast<int>(V::kDraw));
  EXPECT_EQ(val(7, 7, 5), static_cast<int>(V::kDraw));
  EXPECT_EQ(val(15, 15, 5), static_cast<int>(V::kFirst));
  EXPECT_EQ(val(15, 15, 5, mnk::Rule::kStandard), static_cast<int>(V::kFirst));
  EXPECT_EQ(val(4, 4, 4, mnk::Rule::kStandard), static_cast<int>(V::kDraw));  // no overline
  EXPECT_EQ(val(5, 5, 4, mnk::Rule::kStandard), 9);                           // not published
  EXPECT_EQ(val(9, 9, 6), 9);
  for (int m = 1; m <= 26; ++m)
    for (int n = 1; n <= 26; ++n)
      for (int k = 1; k <= std::max(m, n); ++k)
        if (const auto ref = mnk::reference_value(m, n, k, mnk::Rule::kFreestyle)) {
          EXPECT_FALSE(ref->source.empty());
        }
}

namespace {

/// An independent VCF test on a plain 15 x 15 array (freestyle): the attacker, to move, wins by
/// moves that each leave a five point, the defender blocking each single one.
class PlainVcf {
 public:
  explicit PlainVcf(const std::vector<int>& moves) : s_(225, -1) {
    for (std::size_t i = 0; i < moves.size(); ++i) s_[moves[i]] = static_cast<int>(i % 2);
    attacker_ = static_cast<int>(moves.size() % 2);
  }
  bool wins(int depth) { return vcf(depth); }
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool five_at(int c, int p) const {  // p's stone on c would make five or more
    const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    for (int d = 0; d < 4; ++d) {
      int len = 1;
      for (int sgn = -1; sgn <= 1; sgn += 2)
        for (int f = c % 15 + sgn * df[d], r = c / 15 + sgn * dr[d];
             f >= 0 && f < 15 && r >= 0 && r < 15 && s_[r * 15 + f] == p;
             f += sgn * df[d], r += sgn * dr[d])
          ++len;
      if (len >= 5) return true;
    }
    return false;
  }
  std::vector<int> five_points(int p) const {
    std::vector<int> out;
    for (int c = 0; c < 225; ++c)
      if (s_[c] < 0 && five_at(c, p)) out.push_back(c);
    return out;
  }
  bool vcf(int depth) {
    ++nodes_;
    const int a = attacker_, d = 1 - a;
    if (!five_points(a).empty()) return true;
    if (depth == 0) return false;
    const auto threats = five_points(d);
    if (threats.size() >= 2) return false;
    for (int c = 0; c < 225; ++c) {
      if (s_[c] >= 0 || (!threats.empty() && c != threats[0])) continue;
      s_[c] = a;
      const auto fp = five_points(a);
      bool win = fp.size() >= 2;
      if (fp.size() == 1) {
        s_[fp[0]] = d;
        win = vcf(depth - 1);
        s_[fp[0]] = -1;
      }
      s_[c] = -1;
      if (win) return true;
    }
    return false;
  }
  std::vector<int> s_;
  int attacker_ = 0;
  std::uint64_t nodes_ = 0;
};

}  // namespace

// The committed VCF positions (tests/mnk/data/vcf15.txt, made by scripts/mnk/vcf_positions.cpp):
// an independent search confirms each VCF, VcfSearch finds one that replays, and pns proves the
// win with a principal variation that ends in the mover's five.
TEST(MnkThreats, CommittedVcfPositions) {
  std::ifstream in(std::string(SEARCHBENCH_SOURCE_DIR) + "/tests/mnk/data/vcf15.txt");
  ASSERT_TRUE(in.good());
  std::string line;
  int count = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string text;
    int fours = 0;
    fields >> text >> fours;
    const mnk::Instance inst = mnk::parse_instance(text);
    PlainVcf plain(inst.moves);
    EXPECT_TRUE(plain.wins(fours)) << text;
    const mnk::Geometry g(15, 15, 5, mnk::Rule::kFreestyle);
    Board4 b(g);
    for (int c : inst.moves) b.play(c);
    mnk::VcfSearch<4> vcf;
    std::vector<int> seq;
    ASSERT_TRUE(vcf.run(b, 1000000, &seq)) << text;
    EXPECT_TRUE(mnk::replay_wins(b, b.to_move(), seq)) << text;
    mnk::Params p;
    p.instance = inst;
    const mnk::Result r = mnk::pns(p);
    const mnk::Value mover = inst.moves.size() % 2 == 0 ? mnk::Value::kFirst : mnk::Value::kSecond;
    EXPECT_EQ(r.value, mover) << text;
    ASSERT_EQ(r.pv.size() % 2, 1u) << text;
    for (int c : r.pv) b.play(c);
    EXPECT_EQ(b.winner(), static_cast<int>(inst.moves.size() % 2)) << text;
    ++count;
  }
  EXPECT_GE(count, 20);
}

// The problem's registration: suites and signature instances parse, are in increasing size, and
// fit their kernels; fields have one cell per column.
TEST(MnkReference, ProblemRegistration) {
  const sb::Problem& p = mnk::problem();
  EXPECT_EQ(p.name, "mnk");
  for (const char* name : {"quick", "full", "long"}) {
    const auto& list = p.suite(name);
    EXPECT_FALSE(list.empty()) << name;
    double last = 0;
    for (const auto& text : list) {
      const sb::Instance in = p.parse(text);
      EXPECT_EQ(in.name, text);
      EXPECT_GE(in.size, last) << text;
      last = in.size;
    }
  }
  for (const auto& k : p.kernels)
    for (const auto& text : k.signature) {
      const sb::Instance in = p.parse(text);
      EXPECT_FALSE(k.refuse && k.refuse(in)) << k.name << " " << text;
    }
  const mnk::Query i = mnk::parse_query("3x3k3:b2");
  mnk::Result r;
  r.pv = {0, 1};
  r.move_values = {{0, mnk::Value::kDraw}, {1, mnk::Value::kFirst}};
  sb::RunSettings s;
  const auto f = mnk::Traits::fields(i, s, r);
  ASSERT_EQ(f.size(), p.columns.size());
  EXPECT_EQ(f[0], "3x3");
  EXPECT_EQ(f[3], "b2");
  EXPECT_EQ(f[5], "a1 b1");
  EXPECT_EQ(f[7], "first=1 draw=1 second=0");
}
