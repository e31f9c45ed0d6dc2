// Line shapes of gomoku (five in a row): what one stone makes on one line, looked up in a table.
//
// The line through a point in one direction is read as the ten points at offsets -5..-1 and
// +1..+5; each is empty, the player's own stone, or blocked (an opponent stone or off the board:
// the two behave the same for every shape). The key is the base-3 number of those ten states
// (digit i: offset -5 + i for i < 5, offset i - 4 for i >= 5; 0 empty, 1 own, 2 blocked), so
// there are 3^10 = 59049 keys. The table gives the shape the player makes by putting a stone on
// the point, in the renju/gomoku terms of kernels/mnk/threats.hpp:
//   five           five in a row through the point (freestyle: five or more; standard: exactly
//                  five, so a row of six or more is an overline and does not win);
//   straight four  two or more five points on the line (an open four: unstoppable);
//   four           one five point;
//   open three     a stone more on the line can make a straight four;
//   three          a stone more can make a four, not a straight four;
//   open two / two a stone more can make an open three / a three;
// A five point counts only when its five holds the point itself, so each shape is made by this
// stone. Built once per rule at first use (about 0.6 million table steps).
#pragma once

#include <cstdint>

#include "mnk/mnk.hpp"

namespace sb::gomoku {

/// Shape a stone makes on one line, weakest first (an overline is worth nothing).
enum class Shape : std::uint8_t {
  kNone,
  kOverline,
  kTwo,
  kOpenTwo,
  kThree,
  kOpenThree,
  kFour,
  kStraightFour,
  kFive
};

/// "none", "overline", "two", "open two", "three", "open three", "four", "straight four", "five".
const char* shape_name(Shape s);

/// Number of keys (3^10).
inline constexpr int kShapeKeys = 59049;
/// Powers of 3 for the ten digits of a key.
inline constexpr int kPow3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

/// The shape table of a rule: shape_table(rule)[key].
const Shape* shape_table(mnk::Rule rule);

/// The key of a line given its ten states, states[i] for digit i (0 empty, 1 own, 2 blocked).
inline int shape_key(const std::uint8_t states[10]) {
  int k = 0;
  for (int i = 9; i >= 0; --i) k = k * 3 + states[i];
  return k;
}

}  // namespace sb::gomoku
