// The queens game: instances, result columns, verification and the kernel ladder, in one place.
#include "queens_game/problem.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "core/typed_problem.hpp"
#include "queens_game/checker.hpp"
#include "queens_game/reference.hpp"

namespace sb::queens_game {
namespace {

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  const auto* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v, 10);
  if (s.empty() || ec != std::errc() || p != end) return std::nullopt;
  return v;
}

}  // namespace

Instance Traits::parse(std::string_view text) {
  const std::string shown(text);
  const auto bad = [&](const std::string& why) {
    return std::invalid_argument("queens-game instance '" + shown + "': " + why);
  };
  Instance x;
  std::string_view board = text;
  if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    const auto mode = text.substr(colon + 1);
    board = text.substr(0, colon);
    if (mode == "misere")
      x.misere = true;
    else if (mode == "grundy")
      x.grundy = true;
    else
      throw bad("unknown option '" + std::string(mode) + "' (':misere' or ':grundy')");
  }
  const auto cross = board.find('x');
  if (cross == std::string_view::npos)
    throw bad("write the board as RxC, rows x columns (e.g. 8x8 or 6x7)");
  const auto r = to_int(board.substr(0, cross)), c = to_int(board.substr(cross + 1));
  if (!r || !c) throw bad("rows and columns must be decimal integers (e.g. 8x8)");
  if (*r < 1 || *c < 1) throw bad("the board needs at least 1 row and 1 column");
  if (static_cast<long long>(*r) * *c > kMaxSquares)
    throw bad("a " + std::to_string(*r) + " x " + std::to_string(*c) + " board has more than " +
              std::to_string(kMaxSquares) + " squares, the supported maximum");
  x.rows = *r;
  x.cols = *c;
  return x;
}

std::string Traits::format(const Instance& x) {
  std::string s = std::to_string(x.rows) + "x" + std::to_string(x.cols);
  if (x.misere) s += ":misere";
  if (x.grundy) s += ":grundy";
  return s;
}

double Traits::size(const Instance& x) {
  return std::sqrt(static_cast<double>(x.rows) * x.cols);
}

Params Traits::params(const Instance& x, const RunSettings& s) {
  Params p;
  p.rows = x.rows;
  p.cols = x.cols;
  p.misere = x.misere;
  p.grundy = x.grundy;
  p.all_moves = s.all_moves;
  p.threads = s.threads;
  p.max_memory = s.max_memory;
  p.progress = s.progress;
  return p;
}

std::vector<std::string> Traits::fields(const Instance& x, const RunSettings& s, const Result& r) {
  return {x.rows == x.cols ? std::to_string(x.rows) : std::string(),
          std::to_string(x.rows),
          std::to_string(x.cols),
          x.misere ? "misere" : "normal",
          r.first_player_wins ? "first" : "second",
          s.all_moves ? std::to_string(r.winning_first_moves.size()) : std::string(),
          r.grundy ? std::to_string(*r.grundy) : std::string(),
          std::to_string(r.positions)};
}

Verdict Traits::verify(const Instance& x, const RunSettings& s, const Result& r) {
  if (x.rows * x.cols <= checker::kMaxSquares) {
    const checker::Answer a = checker::solve(x.rows, x.cols, x.misere);
    bool ok = a.first_player_wins == r.first_player_wins;
    if (s.all_moves) ok = ok && a.winning_first_moves == r.winning_first_moves;
    if (r.grundy) ok = ok && a.grundy == r.grundy;
    if (x.grundy) ok = ok && r.grundy.has_value();
    return ok ? Verdict::kPass : Verdict::kFail;
  }
  if (x.misere || x.rows != x.cols) return Verdict::kNa;
  const int n = x.rows;
  bool checked = false, ok = true;
  if (const auto w = reference::first_player_wins(n)) {
    checked = true;
    ok = ok && *w == r.first_player_wins;
  }
  if (r.grundy) {
    if (const auto g = reference::grundy(n)) {
      checked = true;
      ok = ok && *g == *r.grundy;
    }
  }
  if (s.all_moves && n % 2 == 1) {  // the centre wins (Jenrich's mirror strategy)
    checked = true;
    const int centre = (n / 2) * n + n / 2;
    const auto& m = r.winning_first_moves;
    ok = ok && std::find(m.begin(), m.end(), centre) != m.end();
  }
  if (!checked) return Verdict::kNa;
  return ok ? Verdict::kPass : Verdict::kFail;
}

namespace {

using K = TypedKernel<Traits>;

std::optional<std::string> fits(const Instance&) {
  return std::nullopt;  // every kernel takes every board the instance syntax allows
}

std::vector<K> kernels() {
  const std::string range = "cells <= " + std::to_string(kMaxSquares);
  // caps: the largest board side each suite runs, every first move classified (2 cores):
  // plain 9x9 ~ 0.1 s, memo 10x10 ~ 0.5 s (11x11 ~ 11 s), memo-sym 11x11 ~ 1.5 s.
  std::vector<K> v;
  v.push_back({"plain",
               "serial",
               "recursive game-tree search, stops at the first winning move, no memo",
               range,
               plain,
               fits,
               true,
               {{"quick", 9}, {"full", 10}},
               {"3x3", "4x4"},
               {"4x4", "5x5"},
               {}});
  v.push_back({"memo",
               "serial",
               "game-tree search with a transposition table on the free-square set",
               range,
               memo,
               fits,
               true,
               {{"quick", 10}, {"full", 11}},
               {"4x4", "5x5"},
               {"6x6", "7x7", "5x6:misere"},
               {}});
  v.push_back({"memo-sym",
               "serial",
               "transposition table keyed on the canonical free-square set under board symmetry",
               range,
               memo_sym,
               fits,
               true,
               {{"quick", 11}, {"full", 11}},
               {"4x4", "5x5"},
               {"7x7", "8x8:grundy", "5x6:misere"},
               {}});
#ifdef SEARCHBENCH_WITH_TBB
  // Not deterministic: the first win found cancels its siblings, so node counts vary.
  v.push_back({"memo-sym-tbb",
               "tbb",
               "memo-sym with independent subtrees as oneTBB tasks sharing one concurrent table",
               range,
               memo_sym_tbb,
               fits,
               false,
               {{"quick", 11}, {"full", 11}},
               {"4x4", "5x5"},
               {},
               {}});
#endif
  return v;
}

std::vector<std::string> boards(int lo, int hi) {
  std::vector<std::string> v;
  for (int n = lo; n <= hi; ++n) v.push_back(std::to_string(n) + "x" + std::to_string(n));
  return v;
}

}  // namespace

const Problem& problem() {
  static const std::unique_ptr<const Problem> p = [] {
    Problem base;
    base.name = "queens-game";
    base.title = "the queens game (Node Kayles on the queen's graph): exact solve";
    base.instance_syntax = "RxC rows x columns, optionally :misere or :grundy, e.g. 8x8";
    base.size_name = "board side";
    base.columns = {"n",      "rows",     "cols", "play", "winner", "winning_first_moves",
                    "grundy", "positions"};
    base.from_n = [](int n) { return std::to_string(n) + "x" + std::to_string(n); };
    base.suites = {{"quick", boards(3, 11)}, {"full", boards(3, 12)}};
    base.default_caps = {{"quick", 7}, {"full", 8}};
    base.min_growth = 3;
    base.add_commands = add_commands;
    return make_problem<Traits>(std::move(base), kernels());
  }();
  return *p;
}

}  // namespace sb::queens_game
