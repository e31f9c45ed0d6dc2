// The line-shape tables of gomoku (see shapes.hpp), built by memoized recursion on the key: the
// shape of a line is decided by its fives and five points, or else by the best shape that one
// more stone on the line makes, one step weaker (straight four -> open three -> open two, four ->
// three -> two).
#include "gomoku/shapes.hpp"

#include <array>
#include <mutex>
#include <vector>

namespace sb::gomoku {

namespace {

constexpr std::uint8_t kUnknown = 0xFF;

// L[0..10]: offsets -5..+5, L[5] = the point itself (own). 0 empty, 1 own, 2 blocked.
struct Builder {
  bool standard;
  std::vector<std::uint8_t> memo;

  explicit Builder(bool std_rule) : standard(std_rule), memo(kShapeKeys, kUnknown) {}

  static int key_of(const std::array<std::uint8_t, 11>& L) {
    int k = 0;
    for (int i = 10; i >= 0; --i)
      if (i != 5) k = k * 3 + L[i];
    return k;
  }

  // 1: a five through index 5 (and `must`), 2: only an overline there, 0: neither.
  int five(const std::array<std::uint8_t, 11>& L, int must) const {
    bool over = false;
    const int lo = std::max(1, std::max(5, must) - 4), hi = std::min(5, std::min(5, must));
    for (int s = lo; s <= hi; ++s) {
      bool full = true;
      for (int i = s; i < s + 5 && full; ++i) full = L[i] == 1;
      if (!full) continue;
      if (standard && (L[s - 1] == 1 || (s + 5 <= 10 && L[s + 5] == 1))) {
        over = true;
        continue;
      }
      return 1;
    }
    return over ? 2 : 0;
  }

  Shape shape(std::array<std::uint8_t, 11>& L) {
    const int key = key_of(L);
    if (memo[key] != kUnknown) return static_cast<Shape>(memo[key]);
    Shape s = Shape::kNone;
    const int f = five(L, 5);
    if (f == 1) {
      s = Shape::kFive;
    } else if (f == 2) {
      s = Shape::kOverline;
    } else {
      int points = 0;
      for (int y = 1; y <= 9; ++y) {
        if (L[y] != 0) continue;
        L[y] = 1;
        if (five(L, y) == 1) ++points;
        L[y] = 0;
      }
      if (points >= 2) {
        s = Shape::kStraightFour;
      } else if (points == 1) {
        s = Shape::kFour;
      } else {
        for (int y = 1; y <= 9; ++y) {
          if (L[y] != 0) continue;
          L[y] = 1;
          const Shape t = shape(L);
          L[y] = 0;
          Shape d = Shape::kNone;
          if (t == Shape::kStraightFour) d = Shape::kOpenThree;
          if (t == Shape::kFour) d = Shape::kThree;
          if (t == Shape::kOpenThree) d = Shape::kOpenTwo;
          if (t == Shape::kThree) d = Shape::kTwo;
          if (d > s) s = d;
        }
      }
    }
    memo[key] = static_cast<std::uint8_t>(s);
    return s;
  }

  void build_all() {
    std::array<std::uint8_t, 11> L{};
    for (int key = 0; key < kShapeKeys; ++key) {
      int k = key;
      for (int i = 0; i <= 10; ++i) {
        if (i == 5) {
          L[i] = 1;
          continue;
        }
        L[i] = static_cast<std::uint8_t>(k % 3);
        k /= 3;
      }
      shape(L);
    }
  }
};

}  // namespace

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::kNone:
      return "none";
    case Shape::kOverline:
      return "overline";
    case Shape::kTwo:
      return "two";
    case Shape::kOpenTwo:
      return "open two";
    case Shape::kThree:
      return "three";
    case Shape::kOpenThree:
      return "open three";
    case Shape::kFour:
      return "four";
    case Shape::kStraightFour:
      return "straight four";
    case Shape::kFive:
      return "five";
  }
  return "none";
}

const Shape* shape_table(mnk::Rule rule) {
  static std::once_flag once[2];
  static std::vector<Shape> table[2];
  const int r = rule == mnk::Rule::kStandard ? 1 : 0;
  std::call_once(once[r], [r] {
    Builder b(r == 1);
    b.build_all();
    table[r].resize(kShapeKeys);
    for (int k = 0; k < kShapeKeys; ++k) table[r][k] = static_cast<Shape>(b.memo[k]);
  });
  return table[r].data();
}

}  // namespace sb::gomoku
