// A gomoku board that keeps, for every empty point and both players, the shape a stone there
// would make on each of its four lines (shapes.hpp), and from those the point's threat class and
// pattern value, all updated incrementally as stones are put down and taken back.
//
// Method: the classical engines' per-point line codes (e.g. the pattern-code evaluation of
// Gomocup engines; "threat" classes as in Allis, "Searching for Solutions in Games and Artificial
// Intelligence", 1994, ch. 5). Each point keeps, per player and direction, the base-3 key of the
// ten points around it on that line (shapes.hpp's key: empty, own, blocked). A stone changes one
// digit of the keys of the at most 40 points within five of it on its four lines (32 within
// four under the freestyle rule, where the fifth point never changes a shape), so a move
// costs 40 key updates, 80 shape look-ups and at most 80 re-classifications (the four shapes'
// class and value read from one table of 9^4 combinations), and nothing is ever recomputed from
// scratch. Each entry a stone changes is logged, so taking the stone back subtracts its key
// digits and restores the logged shapes, classes, values and counts without a look-up.
//
// Points are indexed on a board padded by five off-board points on every side, so that no line
// look-up needs a bounds test; `index(cell)` and `cell(index)` convert to and from the Game's
// cells (rank * columns + file). Freestyle and standard rules (the shape table decides fives and
// overlines). Single-threaded; no I/O.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gomoku/shapes.hpp"

namespace sb::gomoku::detail {

/// The threat class of a point for one player, from the shapes its stone would make there.
enum Threat4 : std::uint8_t {
  kTNone = 0,         ///< nothing on any line
  kTLow = 1,          ///< twos or plain threes only
  kTOpenThree = 2,    ///< one open three (a move that threatens a straight four)
  kTDoubleThree = 3,  ///< two or more open threes
  kTFour = 4,         ///< one four (one five point)
  kTFourThree = 5,    ///< a four and an open three
  kTStraight =
      6,       ///< a straight four or two fours: two five points, a win unless answered by a five
  kTFive = 7,  ///< five in a row
  kTClasses = 8
};

class PatternBoard {
 public:
  static constexpr int kPad = 5;

  /// Pattern value of one line's shape (the point's value sums its four lines).
  static constexpr int kShapePoints[9] = {0, 0, 2, 6, 5, 24, 28, 120, 1000};
  /// Extra value of a point by its threat class (combinations of lines).
  static constexpr int kClassBonus[kTClasses] = {0, 0, 0, 60, 0, 150, 400, 4000};

  PatternBoard(int cols, int rows, mnk::Rule rule);

  int cols() const { return m_; }
  int rows() const { return n_; }
  int width() const { return pw_; }
  int cells() const { return m_ * n_; }
  int index(int cell) const { return (cell / m_ + kPad) * pw_ + cell % m_ + kPad; }
  int cell(int idx) const { return (idx / pw_ - kPad) * m_ + idx % pw_ - kPad; }
  /// The padded indices of the board's points, in cell order.
  const std::vector<int>& points() const { return points_; }
  /// Offsets of the four directions: along a rank, along a file, and the two diagonals.
  int dir(int d) const { return doff_[d]; }

  /// 0 empty, 1 black, 2 white, 3 off the board.
  std::uint8_t at(int idx) const { return st_[idx]; }
  int to_move() const { return stones_ & 1; }
  int stones() const { return stones_; }
  bool full() const { return stones_ == m_ * n_; }
  /// Zobrist key of the stones (src/mnk's keys: the same as an m,n,k Board's).
  std::uint64_t hash() const { return hash_; }
  int last() const { return hist_.empty() ? -1 : hist_.back() >> 1; }

  /// Shape of player p's stone at the empty point idx on direction d.
  Shape shape(int idx, int p, int d) const { return static_cast<Shape>(shp_[p][idx * 4 + d]); }
  /// Threat class and pattern value of player p's stone at the empty point idx (0 when occupied).
  std::uint8_t klass(int p, int idx) const { return cls_[p][idx]; }
  int value(int p, int idx) const { return val_[p][idx]; }
  /// Empty points of each class for player p, and the sum of p's point values.
  int count(int p, int klass) const { return cnt_[p][klass]; }
  int total(int p) const { return tot_[p]; }

  /// Puts the stone of the player to move on the empty point idx / takes the last stone back.
  void play(int idx) { play_as(idx, to_move()); }
  void undo();
  /// Puts player p's stone on idx whoever is to move (threat searches: a free move, or a line
  /// of one player's threats); to_move() is then off by one until it is taken back.
  void play_as(int idx, int p);

  /// The empty point on one of the four lines through idx, within five of it, where player p
  /// makes five (after p made a four at idx); -1 when none.
  int five_point_near(int idx, int p) const;
  /// The first empty point (in cell order) of threat class k for player p; -1 when none.
  int any_point(int p, int k) const;
  /// Any empty point where player p makes five; -1 when none.
  int any_five_point(int p) const { return any_point(p, kTFive); }

 private:
  /// Class and value of every combination of four line shapes (9^4), built once.
  static constexpr int kCombos = 6561;
  struct Combo {
    std::uint8_t klass[kCombos];
    std::int16_t value[kCombos];
  };
  static const Combo& combos();

  void classify(int idx);
  /// Re-reads the shapes of idx on direction d from its keys; true when one changed.
  bool reshape(int idx, int d);
  void update_lines(int idx, int owner);
  /// What update_lines changed at one empty point (its shapes on one direction, class and
  /// value), and the counts before each stone, for undo().
  struct Saved {
    std::int32_t q4;  // idx * 4 + direction
    std::uint8_t shp0, shp1, cls0, cls1;
    std::int16_t val0, val1;
  };
  struct Frame {
    std::uint32_t log;  // log_'s size before the stone
    std::array<int, kTClasses> cnt[2];
    int tot[2];
    std::uint8_t cls[2];
    std::int16_t val[2];
  };

  int m_, n_, pw_;
  int reach_;  // farthest point whose shape a stone changes: 4, or 5 under the standard rule
               // (a stone five away only makes an overline of a five)
  const Shape* table_;
  const Combo* combo_;
  int doff_[4];
  std::vector<int> points_;
  std::vector<std::uint8_t> st_;
  std::vector<std::uint16_t> key_[2];  // [p][idx * 4 + d]
  std::vector<std::uint8_t> shp_[2];   // shape of that key
  std::vector<std::uint8_t> cls_[2];
  std::vector<std::int16_t> val_[2];
  std::array<int, kTClasses> cnt_[2];
  int tot_[2] = {0, 0};
  std::uint64_t hash_ = 0;
  int stones_ = 0;
  std::vector<int> hist_;  // 2 * index + colour
  std::vector<Saved> log_;
  std::vector<Frame> frames_;
};

/// Threat class of a point from the shapes of its four lines.
inline std::uint8_t threat_class(const Shape s[4]) {
  int fours = 0, open3 = 0, any = 0;
  for (int d = 0; d < 4; ++d) {
    switch (s[d]) {
      case Shape::kFive:
        return kTFive;
      case Shape::kStraightFour:
        fours += 2;
        break;
      case Shape::kFour:
        ++fours;
        break;
      case Shape::kOpenThree:
        ++open3;
        break;
      case Shape::kNone:
      case Shape::kOverline:
        break;
      default:
        ++any;
    }
  }
  if (fours >= 2) return kTStraight;
  if (fours == 1) return open3 ? kTFourThree : kTFour;
  if (open3 >= 2) return kTDoubleThree;
  if (open3 == 1) return kTOpenThree;
  return any ? kTLow : kTNone;
}

}  // namespace sb::gomoku::detail
