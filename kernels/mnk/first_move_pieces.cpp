// pns-pieces and alphabeta-tt-pieces: the solve of an m,n,k position cut into pieces for journal
// and resume (src/core/pieces.hpp): one piece per class of the legal moves under the symmetries
// of the board that map the position onto itself (the 8 of a square board, the 4 of a
// rectangle, on the empty board; fewer once stones break them), each the exact value of the
// position after its move, solved by the serial kernel pns (df-pn, pns.cpp) or alphabeta-tt
// (alphabeta_tt.cpp) on its own bounded table. A move that completes a row wins at once (no
// search). The position's value is the best of its moves' values (negamax), combined at the end.
// Work split: pieces in id order (the moves from the centre outwards), run on `threads` oneTBB
// threads at once, each piece serial (src/core/pieces_run.hpp, run_pieces_by_id); the table
// budget (--max-memory) is shared, each running piece getting budget / threads. Values equal
// those of the inner kernel; the principal variation is the best first move followed by the
// inner kernel's line after it (one more solve of that piece), or in a journalled run the best
// first move alone (a journal keeps each move's value, not its line). No table is shared between
// pieces, so positions reached after several first moves are searched once per piece. Limits: as
// the inner kernel.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/pieces_run.hpp"
#include "mnk/board.hpp"
#include "mnk/mnk.hpp"

namespace sb::mnk {
namespace {

/// Field indices of a piece's subtotals.
enum Field { kValue = 0, kCell = 1, kNodes = 2, kPositions = 3 };

/// A piece's value for the player who makes its move: 0 loss, 1 draw, 2 win.
int mover_value(Value seat, int mover) {
  const int v = seat == Value::kDraw ? 0 : (seat == Value::kFirst) == (mover == 0) ? 1 : -1;
  return v + 1;
}

/// A value for the player to move (0 loss, 1 draw, 2 win) for the players' seats.
Value seat_of(int v, int mover) {
  const int s = (v - 1) * (mover == 0 ? 1 : -1);
  return s > 0 ? Value::kFirst : s < 0 ? Value::kSecond : Value::kDraw;
}

/// The classes of legal moves of `inst` under the symmetries that fix its position: each class's
/// cells (the first being the one searched), classes ordered from the centre outwards.
std::vector<std::vector<int>> move_classes(const Instance& inst) {
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  std::vector<int> owner(static_cast<std::size_t>(g.cells), -1);
  for (std::size_t j = 0; j < inst.moves.size(); ++j)
    owner[static_cast<std::size_t>(inst.moves[j])] = static_cast<int>(j % 2);
  std::vector<int> stab;
  for (int t = 0; t < g.nsym; ++t) {
    bool same = true;
    for (int c = 0; c < g.cells && same; ++c)
      same = owner[static_cast<std::size_t>(g.sym[t * g.cells + c])] ==
             owner[static_cast<std::size_t>(c)];
    if (same) stab.push_back(t);
  }
  std::vector<std::vector<int>> classes;
  std::vector<bool> taken(static_cast<std::size_t>(g.cells), false);
  for (int c : g.by_centre) {
    if (owner[static_cast<std::size_t>(c)] >= 0 || taken[static_cast<std::size_t>(c)]) continue;
    std::vector<int> cls{c};
    taken[static_cast<std::size_t>(c)] = true;
    for (int t : stab) {
      const int d = g.sym[t * g.cells + c];
      if (!taken[static_cast<std::size_t>(d)]) {
        taken[static_cast<std::size_t>(d)] = true;
        cls.push_back(d);
      }
    }
    std::sort(cls.begin() + 1, cls.end());
    classes.push_back(std::move(cls));
  }
  return classes;
}

/// The combined answer as the text of a journal's result line.
std::string result_text(const Instance& inst, const std::vector<std::vector<int>>& classes,
                        const std::vector<Subtotals>& by_id) {
  const int mover = static_cast<int>(inst.moves.size() % 2);
  int best = 1;  // no move: a draw (full board)
  std::size_t best_id = by_id.size();
  std::uint64_t nodes = 0, positions = 0;
  for (std::size_t i = 0; i < by_id.size(); ++i) {
    const int v = static_cast<int>(by_id[i].v[kValue]);
    if (best_id == by_id.size() || v > best) best = v, best_id = i;
    nodes += by_id[i].v[kNodes];
    positions += by_id[i].v[kPositions];
  }
  std::string t = "value=" + std::string(value_name(seat_of(best, mover)));
  if (best_id < by_id.size()) t += " best=" + format_point(classes[best_id][0], inst.m);
  return t + " nodes=" + std::to_string(nodes) + " positions=" + std::to_string(positions);
}

}  // namespace

PieceList first_move_pieces(const Instance& inst, Kernel inner, std::uint64_t piece_budget) {
  validate_instance(inst);
  auto classes = std::make_shared<const std::vector<std::vector<int>>>(move_classes(inst));
  PieceList list;
  list.scheme = "mnk-first-moves";
  list.fields = {"value", "cell", "nodes", "positions"};
  list.count = classes->size();
  std::uint64_t h = fnv1a(list.scheme + " " + format_instance(inst));
  for (const auto& cls : *classes) {
    h = fnv1a_u64(cls.size(), h);
    for (int c : cls) h = fnv1a_u64(static_cast<std::uint64_t>(c), h);
  }
  list.hash = h;
  list.result_text = [inst, classes](const std::vector<Subtotals>& by_id) {
    return result_text(inst, *classes, by_id);
  };
  list.solve = [inst, classes, inner, piece_budget](const std::uint64_t* ids, std::size_t k,
                                                    Subtotals* out) {
    const int mover = static_cast<int>(inst.moves.size() % 2);
    for (std::size_t j = 0; j < k; ++j) {
      if (ids[j] >= classes->size())
        throw std::invalid_argument("mnk piece " + std::to_string(ids[j]) + " is out of range (" +
                                    std::to_string(classes->size()) + " pieces)");
      Params q;
      q.instance = inst;
      q.instance.moves.push_back((*classes)[ids[j]][0]);
      q.threads = 1;
      q.max_memory = piece_budget;
      Subtotals s;
      s.v[kCell] = static_cast<std::uint64_t>((*classes)[ids[j]][0]);
      if (winner_after(q.instance) == mover) {  // the move completes a row
        s.v[kValue] = 2;
        s.v[kNodes] = 1;
      } else {
        const Result r = inner(q);
        s.v[kValue] = static_cast<std::uint64_t>(mover_value(r.value, mover));
        s.v[kNodes] = r.nodes;
        s.v[kPositions] = r.positions;
      }
      out[j] = s;
    }
  };
  return list;
}

std::vector<std::vector<int>> first_move_classes(const Instance& inst) {
  validate_instance(inst);
  return move_classes(inst);
}

Result solve_first_move_pieces(const Params& p, Kernel inner, const char* name, bool on_ranks) {
  validate(p, name);
  const Instance& inst = p.instance;
  const std::uint64_t budget = p.max_memory != 0 ? p.max_memory : default_max_memory();
  const PieceList list =
      first_move_pieces(inst, inner, budget / static_cast<std::uint64_t>(p.threads));
  const auto classes = first_move_classes(inst);
  const PieceValues v = run_pieces_by_id(list, p.threads, p.progress, p.pieces, on_ranks);
  const int mover = static_cast<int>(inst.moves.size() % 2);
  Result r;
  int best = -1;
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const Subtotals& s = v.by_id[i];
    const int value = static_cast<int>(s.v[kValue]);
    for (int c : classes[i]) r.move_values.push_back({c, seat_of(value, mover)});
    if (value > best) {
      best = value;
      r.pv = {classes[i][0]};
    }
    r.nodes += s.v[kNodes];
    r.positions += s.v[kPositions];
  }
  std::sort(r.move_values.begin(), r.move_values.end(),
            [](const MoveValue& a, const MoveValue& b) { return a.cell < b.cell; });
  r.value = best < 0 ? Value::kDraw : seat_of(best, mover);
  // The rest of the line: the inner kernel's after the best move (one more solve of that piece),
  // except in a journalled run, which keeps each move's value, not its line.
  if (p.pieces == nullptr && !r.pv.empty()) {
    Params q;
    q.instance = inst;
    q.instance.moves.push_back(r.pv[0]);
    q.threads = 1;
    q.max_memory = budget;
    if (winner_after(q.instance) < 0) {
      const Result child = inner(q);
      r.pv.insert(r.pv.end(), child.pv.begin(), child.pv.end());
    }
  }
  r.threads = v.threads;
  r.ranks = v.ranks;
  return r;
}

Result pns_pieces(const Params& p) {
  return solve_first_move_pieces(p, pns, "pns-pieces", false);
}

Result alphabeta_tt_pieces(const Params& p) {
  return solve_first_move_pieces(p, alphabeta_tt, "alphabeta-tt-pieces", false);
}

}  // namespace sb::mnk
