// Published game-theoretic values of m,n,k-games, the result check, and the benchmark data of
// problem "mnk" (suites, signature instances, bench columns).
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

std::string verify(const Instance& i, const Result& r) {
  if (!i.moves.empty()) return "na";
  const auto ref = reference_value(i.m, i.n, i.k, i.rule);
  if (!ref) return "na";
  if (r.value != ref->value) return "fail";
  if (!r.move_values.empty()) {
    // The best move's value (for the first player, who is to move) must be the board's value.
    Value best = Value::kSecond;
    for (const auto& mv : r.move_values) best = std::max(best, mv.value);
    if (best != r.value) return "fail";
  }
  return "pass";
}

// Gomoku positions where the player to move wins by VCF, from tests/data/mnk_vcf15.txt (made by
// scripts/mnk_vcf_positions.cpp), named by the number of fours in the VCF found there.
constexpr const char* kVcf3 = "15x15k5:h8,i10,j6,g8,h5,k11,g6,k12,h6,e5";
constexpr const char* kVcf9 = "15x15k5:h8,i9,i11,f9,j6,h4,h6,h11,k4,g6,g4,d9,i6,b8,k5,e11";
constexpr const char* kVcf12 =
    "15x15k5:h8,f8,e7,c8,h7,g6,c6,i8,d9,h10,a6,j8,g11,f9,l9,d8,i6,k10,g4,m10,d11,g5,a9,o9,l6,h4,"
    "e11,c9,i10,k4,o12,a4,h12,a2,b6,a3,b10,g13";
constexpr const char* kVcf13 =
    "15x15k5:h8,f7,i7,d8,c9,h7,f5,e5,i6,h9,e10,h4,g2,e8,h3,d10,j9,c3,d4,g4,h10,a7,e3,j10,b4,f11,"
    "g7,f1,i10,f10,i12,f2,l11,g8,f6,b10,g12,l7";

std::vector<SuiteInstance> suite(std::string_view name) {
  using V = std::vector<std::string_view>;
  const V small = {"minimax", "alphabeta", "alphabeta-tt", "pns", "pns-tbb"};
  const V tt = {"alphabeta-tt", "pns", "pns-tbb"};
  const V proof = {"pns", "pns-tbb"};
  if (name == "quick")
    return {
        {"3x3k3", small},
        {"4x3k3", small},
        {"4x4k4", {"alphabeta", "alphabeta-tt", "pns", "pns-tbb"}},
        {"5x5k4", tt},
        {"6x5k4", tt},
        {"6x6k5", proof},
        {kVcf9, proof},
        {kVcf13, proof},
    };
  if (name == "full")
    return {
        {"4x4k4", {"alphabeta", "alphabeta-tt", "pns", "pns-tbb"}},
        {"5x5k4", tt},
        {"6x5k4", tt},
        {"8x4k4", proof},
        {"6x6k5", proof},
        {"7x7k5", proof},
        {kVcf3, proof},
        {kVcf9, proof},
        {kVcf12, proof},
        {kVcf13, proof},
    };
  return {};
}

std::vector<std::string_view> signature_instances(std::string_view kernel) {
  if (kernel == "minimax") return {"3x3k3", "3x3k3:b2", "4x2k2"};
  if (kernel == "alphabeta") return {"3x3k3", "4x3k3", "4x4k3"};
  if (kernel == "alphabeta-tt") return {"4x4k4", "5x4k4"};
  return {"4x4k4", "5x5k4", "6x6k5", kVcf9};
}

std::vector<std::string_view> bench_columns() {
  return {"board", "k", "rule", "moves", "value", "pv", "positions"};
}

std::vector<std::string> bench_row(const Instance& i, const Result& r) {
  return {std::to_string(i.m) + "x" + std::to_string(i.n),
          std::to_string(i.k),
          std::string(rule_name(i.rule)),
          format_moves(i.moves, i.m, " "),
          std::string(value_name(r.value)),
          format_moves(r.pv, i.m, " "),
          std::to_string(r.positions)};
}

}  // namespace sb::mnk
