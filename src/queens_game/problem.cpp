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
  const auto colon = text.find(':');
  const std::string_view board = text.substr(0, colon);
  const auto cross = board.find('x');
  if (cross == std::string_view::npos)
    throw bad("write the board as RxC, rows x columns (e.g. 8x8 or 6x7)");
  const auto r = to_int(board.substr(0, cross)), c = to_int(board.substr(cross + 1));
  if (!r || !c)
    throw bad("rows and columns must be decimal integers with at most " +
              std::to_string(kMaxSquares) + " squares in all (e.g. 8x8)");
  if (*r < 1 || *c < 1) throw bad("the board needs at least 1 row and 1 column");
  if (static_cast<long long>(*r) * *c > kMaxSquares)
    throw bad("a " + std::to_string(*r) + " x " + std::to_string(*c) + " board has more than " +
              std::to_string(kMaxSquares) + " squares, the supported maximum");
  x.rows = *r;
  x.cols = *c;
  if (colon == std::string_view::npos) return x;
  std::string_view rest = text.substr(colon + 1);
  int last = 0;  // canonical order: misere 1, value-only 2, grundy 3, move-grundy 4, after 5
  while (true) {
    const auto next = rest.find(':');
    const auto mode = rest.substr(0, next);
    int order;
    if (mode == "misere") {
      x.misere = true, order = 1;
    } else if (mode == "value-only") {
      x.all_moves = false, order = 2;
    } else if (mode == "grundy") {
      x.grundy = true, order = 3;
    } else if (mode == "move-grundy") {
      x.move_grundy = true, order = 4;
    } else if (mode.substr(0, 6) == "after=") {
      order = 5;
      try {
        x.queens = parse_queens(mode.substr(6), x.rows, x.cols);
      } catch (const std::invalid_argument& e) {
        throw bad(std::string("':after=': ") + e.what());
      }
      x.all_moves = false;
    } else {
      throw bad("unknown option '" + std::string(mode) +
                "' (':misere', ':value-only', ':grundy', ':move-grundy' or ':after=SQUARES')");
    }
    if (order <= last)
      throw bad("options go once each, in the order :misere:value-only:grundy:move-grundy:after=");
    last = order;
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  if (x.misere && (x.grundy || x.move_grundy))
    throw bad("Grundy values are for normal play only, not with ':misere'");
  if (!x.queens.empty() && x.move_grundy)
    throw bad("':move-grundy' classifies the empty board's first moves, not with ':after'");
  return x;
}

std::string Traits::format(const Instance& x) {
  std::string s = std::to_string(x.rows) + "x" + std::to_string(x.cols);
  if (x.misere) s += ":misere";
  if (!x.all_moves && x.queens.empty()) s += ":value-only";
  if (x.grundy) s += ":grundy";
  if (x.move_grundy) s += ":move-grundy";
  if (!x.queens.empty()) {
    s += ":after=";
    for (std::size_t i = 0; i < x.queens.size(); ++i) {
      if (i > 0) s += ',';
      s += square_name(x.queens[i], x.cols);
    }
  }
  return s;
}

double Traits::size(const Instance& x) {
  long long free = 0;  // squares no queen of x.queens attacks (all of them on the empty board)
  for (int s = 0; s < x.rows * x.cols; ++s)
    free +=
        std::none_of(x.queens.begin(), x.queens.end(), [&](int q) { return attack(q, s, x.cols); });
  return std::sqrt(static_cast<double>(free));
}

Params Traits::params(const Instance& x, const RunSettings& s) {
  Params p;
  p.rows = x.rows;
  p.cols = x.cols;
  p.misere = x.misere;
  p.grundy = x.grundy;
  p.move_grundy = x.move_grundy;
  p.all_moves = x.all_moves;
  p.queens = x.queens;
  p.threads = s.threads;
  p.max_memory = s.max_memory;
  p.progress = s.progress;
  p.pieces = s.pieces;
  return p;
}

std::string file_name(int c) {
  std::string file;
  for (int k = c + 1; k > 0; k = (k - 1) / 26)
    file.insert(file.begin(), static_cast<char>('a' + (k - 1) % 26));
  return file;
}

std::string square_name(int s, int cols) {
  return file_name(s % cols) + std::to_string(s / cols + 1);
}

std::optional<int> parse_square_name(std::string_view text, int rows, int cols) {
  std::size_t i = 0;
  long long c = 0;  // file letters as spreadsheet columns: a = 1, z = 26, aa = 27, ...
  while (i < text.size() && text[i] >= 'a' && text[i] <= 'z' && c <= cols)
    c = c * 26 + (text[i++] - 'a' + 1);
  if (i == 0 || c > cols || i == text.size() || text[i] == '0') return std::nullopt;
  const auto r = to_int(text.substr(i));
  if (!r || *r < 1 || *r > rows) return std::nullopt;
  return (*r - 1) * cols + static_cast<int>(c - 1);
}

std::string shown_text(std::string_view text) {
  std::string shown;
  for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
    const auto ch = static_cast<unsigned char>(text[i]);
    shown += ch >= 0x20 && ch < 0x7f ? static_cast<char>(ch) : '?';
  }
  if (text.size() > 40) shown += "...";
  return shown;
}

std::vector<int> parse_queens(std::string_view text, int rows, int cols) {
  std::vector<int> squares;
  std::size_t i = 0;
  while (true) {
    const auto separator = [](char ch) {
      return ch == ',' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
    };
    while (i < text.size() && separator(text[i])) ++i;
    if (i == text.size()) break;
    std::size_t j = i;
    while (j < text.size() && !separator(text[j])) ++j;
    const std::string_view item = text.substr(i, j - i);
    const auto s = parse_square_name(item, rows, cols);
    if (!s)
      throw std::invalid_argument(
          "'" + shown_text(item) + "' is not a square of the " + std::to_string(rows) + " x " +
          std::to_string(cols) + " board: a file a.." + file_name(cols - 1) +
          " in lower case, then a rank 1.." + std::to_string(rows) + " without leading zeros");
    squares.push_back(*s);
    i = j;
  }
  if (squares.empty()) throw std::invalid_argument("no square named (e.g. d4,b1)");
  if (const std::string why = illegal_queens(rows, cols, squares); !why.empty())
    throw std::invalid_argument(why);
  return squares;
}

std::vector<std::string> Traits::fields(const Instance& x, const RunSettings&, const Result& r) {
  std::string squares, move_grundy;
  const auto add = [](std::string& list, const std::string& item) {
    if (!list.empty()) list.push_back(' ');
    list.append(item);
  };
  if (x.all_moves)
    for (int sq : r.winning_first_moves) add(squares, square_name(sq, x.cols));
  if (x.move_grundy)
    for (std::size_t sq = 0; sq < r.move_grundy.size(); ++sq)
      add(move_grundy,
          square_name(static_cast<int>(sq), x.cols) + ":" + std::to_string(r.move_grundy[sq]));
  return {x.rows == x.cols ? std::to_string(x.rows) : std::string(),
          std::to_string(x.rows),
          std::to_string(x.cols),
          x.misere ? "misere" : "normal",
          r.first_player_wins ? "first" : "second",
          x.all_moves ? std::to_string(r.winning_first_moves.size()) : std::string(),
          r.grundy ? std::to_string(*r.grundy) : std::string(),
          std::to_string(r.positions),
          squares,
          move_grundy};
}

namespace {

/// The Grundy values after the first moves against the rest of the result: present exactly
/// when asked for, one per square, 0 exactly on the winning first moves (when listed), some 0
/// exactly when the first player wins, and their mex equal to the start's Grundy value (when
/// that was computed too: a different search).
bool move_values_agree(const Instance& x, const Result& r) {
  const auto& v = r.move_grundy;
  if (!x.move_grundy) return v.empty();
  if (v.size() != static_cast<std::size_t>(x.rows) * x.cols) return false;
  std::vector<int> zeros;
  std::vector<bool> seen(v.size() + 2, false);
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] < 0) return false;
    if (v[i] == 0) zeros.push_back(static_cast<int>(i));
    if (static_cast<std::size_t>(v[i]) < seen.size()) seen[static_cast<std::size_t>(v[i])] = true;
  }
  if (x.all_moves && zeros != r.winning_first_moves) return false;
  if (zeros.empty() == r.first_player_wins) return false;
  if (r.grundy) {
    std::size_t mex = 0;
    while (seen[mex]) ++mex;
    if (static_cast<int>(mex) != *r.grundy) return false;
  }
  return true;
}

}  // namespace

Verdict Traits::verify(const Instance& x, const RunSettings&, const Result& r) {
  if (!move_values_agree(x, r)) return Verdict::kFail;
  // A position after queens: the checker alone (the published values are the empty board's).
  if (!x.queens.empty()) {
    if (x.rows * x.cols > checker::kMaxSquares) return Verdict::kNa;
    const checker::Answer a = checker::solve_position(x.rows, x.cols, x.misere, x.queens);
    bool ok = a.first_player_wins == r.first_player_wins && r.winning_first_moves.empty();
    if (x.grundy) ok = ok && r.grundy == a.grundy;
    return ok ? Verdict::kPass : Verdict::kFail;
  }
  if (x.rows * x.cols <= checker::kMaxSquares) {
    const checker::Answer a = checker::solve(x.rows, x.cols, x.misere);
    bool ok = a.first_player_wins == r.first_player_wins;
    if (x.all_moves) ok = ok && a.winning_first_moves == r.winning_first_moves;
    if (r.grundy) ok = ok && a.grundy == r.grundy;
    if (x.grundy) ok = ok && r.grundy.has_value();
    if (x.move_grundy) ok = ok && a.move_grundy == r.move_grundy;
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
    // G = 0 exactly when the second player wins: the published winners (n = 14, 16, odd n)
    // also check Grundy values beyond OEIS A344227.
    if (const auto w = reference::first_player_wins(n)) {
      checked = true;
      ok = ok && (*r.grundy != 0) == *w;
    }
  }
  if (x.all_moves && n % 2 == 1) {  // the centre wins (Jenrich's mirror strategy)
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

/// The piece list of memo-sym-pieces(-mpi) on an instance (the table budget: the default).
PieceList first_move_list(const Instance& x) {
  return first_move_pieces(x.rows, x.cols, x.misere, x.grundy || x.move_grundy,
                           default_max_memory());
}

/// The piece list of memo-sym-reply-pieces(-mpi) on an instance.
PieceList reply_list(const Instance& x) {
  return first_move_pieces(x.rows, x.cols, x.misere, x.grundy || x.move_grundy,
                           default_max_memory(), 2);
}

/// The piece list of memo-sym-query-pieces on an instance.
PieceList question_list(const Instance& x) {
  return reply_question_pieces(x.rows, x.cols, x.misere, x.grundy || x.move_grundy,
                               default_max_memory());
}

/// The refusal of the kernels that cut the empty board into pieces: a position after queens.
std::optional<std::string> empty_board_only(const Instance& x) {
  if (x.queens.empty()) return std::nullopt;
  return std::string(
      "a position after queens (--moves, ':after=') is solved by memo-sym, "
      "memo-sym-tbb, memo or plain; this kernel cuts the empty board into "
      "pieces by its first moves");
}

std::vector<K> kernels() {
  // Every kernel takes every board the instance syntax allows; the piece kernels refuse a
  // position after queens.
  const std::string range = "cells <= " + std::to_string(kMaxSquares);
  // caps: the largest board side each suite runs, every first move classified (2 cores, CPU
  // time of one run): plain 9x9 ~ 0.05 s (10x10 ~ 0.1 s), memo 11x11 ~ 1.1 s (12x12 ~ 1.2 s),
  // memo-sym 12x12 ~ 0.15 s (13x13 ~ 7 s), memo-sym-tbb the same on one thread (14x14 ~ 15 s).
  // The quick suite's 12x12 row of memo-sym-tbb at 1 and 2 threads shows its speedup.
  std::vector<K> v;
  v.push_back({.name = "plain",
               .backend = "serial",
               .summary = "recursive game-tree search, stops at the first winning move, no memo",
               .range = range,
               .fn = plain,
               .caps = {{"quick", 9}, {"full", 10}},
               .micro = {"3x3", "4x4"},
               .signature = {"4x4", "5x5"}});
  v.push_back({.name = "memo",
               .backend = "serial",
               .summary = "game-tree search with a transposition table on the free-square set",
               .range = range,
               .fn = memo,
               .caps = {{"quick", 11}, {"full", 12}},
               .micro = {"4x4", "5x5"},
               .signature = {"6x6", "7x7", "5x6:misere"}});
  // The journalled solve cut one ply deeper (before memo-sym-pieces, so that it is not the
  // default of --journal): positions after a first move and a reply as pieces.
  v.push_back({.name = "memo-sym-reply-pieces",
#ifdef SEARCHBENCH_WITH_TBB
               .backend = "tbb",
#else
               .backend = "serial",
#endif
               .summary = "memo-sym-pieces cut one ply deeper: a piece per class of positions "
                          "after a first move and a reply, all pieces sharing one table (journal, "
                          "resume); values combined by mex twice",
               .range = range,
               .fn = memo_sym_reply_pieces,
               .refuse = empty_board_only,
               .deterministic = false,  // pieces share tables: counts depend on the order
               .caps = {{"quick", 9}, {"full", 11}},
               .micro = {"4x4"},
               .pieces = reply_list});
  // The reply cut asking only what the first moves' values need (not the default of --journal).
  v.push_back({.name = "memo-sym-query-pieces",
#ifdef SEARCHBENCH_WITH_TBB
               .backend = "tbb",
#else
               .backend = "serial",
#endif
               .summary = "memo-sym-reply-pieces asking only what the first moves' values need: "
                          "a piece is one question 'is (position after a first move and a reply) "
                          "+ *h lost?', heap by heap, for the first moves still open (journal, "
                          "resume; threads, no MPI)",
               .range = range,
               .fn = memo_sym_query_pieces,
               .refuse = empty_board_only,
               .deterministic = false,  // pieces share tables: counts depend on the order
               .caps = {{"quick", 10}, {"full", 12}},
               .micro = {"4x4"},
               .pieces = question_list});
  // The journalled solve (before memo-sym, so that it is never the default kernel): first-move
  // classes as pieces, all sharing one table (node counts depend on the order; not in the
  // signature).
  v.push_back({.name = "memo-sym-pieces",
#ifdef SEARCHBENCH_WITH_TBB
               .backend = "tbb",
#else
               .backend = "serial",
#endif
               .summary =
                   "memo-sym cut into pieces, one per first-move class under the board symmetry, "
                   "all pieces sharing one table (journal, resume); values combined by mex",
               .range = range,
               .fn = memo_sym_pieces,
               .refuse = empty_board_only,
               .deterministic = false,  // pieces share tables: counts depend on the order
               .caps = {{"quick", 12}, {"full", 13}},
               .micro = {"4x4", "5x5"},
               .pieces = first_move_list});
  v.push_back({.name = "memo-sym",
               .backend = "serial",
               .summary = "transposition table keyed on the canonical free-square set under "
                          "board symmetry",
               .range = range,
               .fn = memo_sym,
               .caps = {{"quick", 12}, {"full", 13}},
               .micro = {"4x4", "5x5"},
               .signature = {"7x7", "8x8:grundy", "5x6:misere"}});
#ifdef SEARCHBENCH_WITH_TBB
  // Not deterministic: which thread searches what depends on timing, so node counts vary.
  v.push_back({.name = "memo-sym-tbb",
               .backend = "tbb",
               .summary = "memo-sym on oneTBB threads sharing one table, busy subtrees deferred "
                          "(ABDADA)",
               .range = range,
               .fn = memo_sym_tbb,
               .deterministic = false,
               .caps = {{"quick", 12}, {"full", 14}},
               .micro = {"4x4", "5x5"}});
#endif
#ifdef SEARCHBENCH_WITH_MPI
  // (before memo-sym-pieces-mpi, so that it is not the default of --journal under mpirun)
  v.push_back({.name = "memo-sym-reply-pieces-mpi",
               .backend = "mpi",
               .summary = "memo-sym-reply-pieces' pieces handed out by rank 0 to MPI ranks, "
                          "oneTBB threads in each (journal, resume)",
               .range = range,
               .fn = memo_sym_reply_pieces_mpi,
               .refuse = empty_board_only,
               .deterministic = false,
               .caps = {{"quick", 8}, {"full", 10}},
               .micro = {"4x4"},
               .pieces = reply_list});
  // Runs as a one-rank singleton without mpirun (bench, tests); mpirun -np P for more. Suite
  // caps low: a suite runs one process, where this kernel repeats memo-sym-pieces.
  v.push_back({.name = "memo-sym-pieces-mpi",
               .backend = "mpi",
               .summary = "memo-sym-pieces' first-move classes handed out by rank 0 to MPI ranks, "
                          "oneTBB threads in each (journal, resume)",
               .range = range,
               .fn = memo_sym_pieces_mpi,
               .refuse = empty_board_only,
               .caps = {{"quick", 10}, {"full", 12}},
               .micro = {"4x4"},
               .pieces = first_move_list});
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
    base.instance_syntax =
        "RxC rows x columns, then optionally :misere, :value-only, :grundy, :move-grundy, "
        ":after=SQ,SQ (the position after queens on those squares; not with :move-grundy) in "
        "that order, e.g. 8x8, 12x12:value-only or 9x9:grundy:after=e5,b1";
    base.size_name = "board side";
    base.columns = {"n",          "rows",      "cols",
                    "play",       "winner",    "winning_first_moves",
                    "grundy",     "positions", "winning_squares",
                    "move_grundy"};
    base.from_n = [](int n) { return std::to_string(n) + "x" + std::to_string(n); };
    // The full suite also runs one of G(17)'s questions (results/2026-12-01_vm_g17): the
    // position after h7 and j8 on 17 x 17, lost for the player to move (175 free squares, size
    // 13.2: memo-sym-tbb alone within its cap, about 18 s on one thread), the work of the
    // largest solve this project runs.
    std::vector<std::string> full = boards(3, 14);
    full.push_back("17x17:after=h7,j8");
    base.suites = {{"quick", boards(3, 12)}, {"full", full}};
    base.default_caps = {{"quick", 7}, {"full", 8}};
    base.min_growth = 3;
    base.add_commands = add_commands;
    return make_problem<Traits>(std::move(base), kernels());
  }();
  return *p;
}

}  // namespace sb::queens_game
