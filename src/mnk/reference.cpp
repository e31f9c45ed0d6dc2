// Published game-theoretic values of m,n,k-games and the result check of problem "mnk".
//
// Every entry is for the empty board and names where it was published. A value published for a
// board also holds for its transpose (m and n swapped). When no line of the board is longer than
// k (max(m, n) <= k), no overline can arise and the standard rule plays as the freestyle rule,
// so a freestyle entry applies to both rules.
#include <algorithm>
#include <string>

#include "mnk/mnk.hpp"

namespace sb::mnk {

namespace {

struct Entry {
  int m, n, k;
  Rule rule;
  Value value;
  const char* source;
};

constexpr const char* kWinningWays =
    "Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays, vol. 2, 1982, ch. 22";
constexpr const char* kLee =
    "C. Y. Lee, reported in Berlekamp, Conway and Guy, Winning Ways, vol. 2, 1982, ch. 22";
constexpr const char* kUiterwijk =
    "Uiterwijk and van den Herik, The advantage of the initiative, Information Sciences 122(1), "
    "2000 (values as summarised by Charatsidis 2017)";
constexpr const char* kUiterwijk665 =
    "Uiterwijk and van den Herik, The advantage of the initiative, Information Sciences 122(1), "
    "2000 (as listed in Wikipedia's m,n,k-game table)";
constexpr const char* kCharatsidis =
    "Charatsidis, Solving Four-in-a-Row on 9x4 and 10x4 Boards, BSc thesis, Maastricht "
    "University, 2017";
constexpr const char* kHsu =
    "Hsu, Ko, Chen, Wei, Hsueh and Wu, On solving the 7,7,5-game and the 8,8,5-game, "
    "Theoretical Computer Science 815, 2020, 79-94";
constexpr const char* kAllis =
    "Allis, Searching for Solutions in Games and Artificial Intelligence, PhD thesis, "
    "University of Limburg, 1994, ch. 5 (also Allis, van den Herik and Huntjens, Go-Moku solved "
    "by new search techniques, Computational Intelligence 12(1), 1996)";

constexpr Entry kTable[] = {
    {3, 3, 3, Rule::kFreestyle, Value::kDraw, kWinningWays},  // tic-tac-toe
    {4, 4, 4, Rule::kFreestyle, Value::kDraw, kUiterwijk},
    {5, 4, 4, Rule::kFreestyle, Value::kDraw, kUiterwijk},
    {6, 4, 4, Rule::kFreestyle, Value::kDraw, kUiterwijk},
    {7, 4, 4, Rule::kFreestyle, Value::kDraw, kUiterwijk},
    {8, 4, 4, Rule::kFreestyle, Value::kDraw, kUiterwijk},
    {9, 4, 4, Rule::kFreestyle, Value::kFirst, kCharatsidis},
    {10, 4, 4, Rule::kFreestyle, Value::kFirst, kCharatsidis},
    {5, 5, 4, Rule::kFreestyle, Value::kDraw, kLee},
    {6, 5, 4, Rule::kFreestyle, Value::kFirst, kUiterwijk},
    {6, 6, 5, Rule::kFreestyle, Value::kDraw, kUiterwijk665},
    {7, 7, 5, Rule::kFreestyle, Value::kDraw, kHsu},
    {8, 8, 5, Rule::kFreestyle, Value::kDraw, kHsu},
    {15, 15, 5, Rule::kFreestyle, Value::kFirst, kAllis},
    {15, 15, 5, Rule::kStandard, Value::kFirst, kAllis},
};

}  // namespace

std::optional<Reference> reference_value(int m, int n, int k, Rule rule) {
  if (m < 1 || n < 1 || k < 1 || m > kMaxSide || n > kMaxSide || k > std::max(m, n))
    return std::nullopt;
  if (std::max(m, n) <= k) rule = Rule::kFreestyle;  // no overline possible
  for (const Entry& e : kTable)
    if (e.k == k && e.rule == rule && ((e.m == m && e.n == n) || (e.m == n && e.n == m)))
      return Reference{e.value, e.source};
  if (rule != Rule::kFreestyle) return std::nullopt;
  if (k == 1)
    return Reference{Value::kFirst,
                     "elementary (the first stone wins); Wikipedia, m,n,k-game, specific results"};
  if (k == 2) {
    const bool draw = m * n <= 2;  // 1x1, 1x2, 2x1: the second player takes the other cell
    return Reference{draw ? Value::kDraw : Value::kFirst,
                     "elementary; Wikipedia, m,n,k-game, specific results (k = 2 wins except on "
                     "1x1 and 2x1)"};
  }
  if (k == 3 && std::min(m, n) >= 3 && std::max(m, n) >= 4)
    return Reference{Value::kFirst,
                     "Wikipedia, m,n,k-game, specific results: (m,n,3) is a first-player win for "
                     "m >= 4, n >= 3"};
  if (m == n && n == k && k >= 5)
    return Reference{
        Value::kDraw,
        "Hales-Jewett pairing strategy, reported in Berlekamp, Conway and Guy, Winning "
        "Ways, vol. 2, 1982, ch. 22 (k in a row on k x k is a draw for k >= 5)"};
  return std::nullopt;
}

Verdict verify(const Instance& i, const Result& r, bool all_moves) {
  if (!i.moves.empty()) return Verdict::kNa;
  const auto ref = reference_value(i.m, i.n, i.k, i.rule);
  if (!ref) return Verdict::kNa;
  if (r.value != ref->value) return Verdict::kFail;
  if (all_moves) {
    // The first player is to move: the best move's value must be the board's value.
    if (r.move_values.size() != static_cast<std::size_t>(i.cells())) return Verdict::kFail;
    Value best = Value::kSecond;
    for (const auto& mv : r.move_values) best = std::max(best, mv.value);
    if (best != r.value) return Verdict::kFail;
  }
  return Verdict::kPass;
}

}  // namespace sb::mnk
