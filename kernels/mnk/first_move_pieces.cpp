// pns-pieces, alphabeta-tt-pieces, pns-reply-pieces and pns-refutation-pieces: the solve of an
// m,n,k position cut into pieces for journal and resume (src/core/pieces.hpp).
//
// pns-pieces and alphabeta-tt-pieces: one piece per class of the legal moves under the
// symmetries of the board that map the position onto itself (the 8 of a square board, the 4 of a
// rectangle, on the empty board; fewer once stones break them), each the exact value of the
// position after its move, solved by the serial kernel pns (df-pn, pns.cpp) or alphabeta-tt
// (alphabeta_tt.cpp) on its own bounded table. A move that completes a row wins at once (no
// search). The position's value is the best of its moves' values (negamax), combined at the end.
//
// pns-reply-pieces cuts one ply deeper, for positions whose first-move pieces are too large for a
// sitting (8 x 8 with k = 5). The value of a first move m is decided by two questions of df-pn:
// does m win (one proof or disproof on the position after m), and, if not, does some reply r
// win; the second is an OR over the replies, so it is cut into one piece per class of replies
// under the symmetries that fix the position after m ("does r win?"). m wins when its piece says
// so, else loses when one of its replies wins, else draws. On 7 x 7 with k = 5 (every move's
// value) that is 325 pieces, the largest 164,208 nodes, 1.4x pns-pieces' nodes in all (1.37 M
// against 0.97 M). Cutting the value of each reply instead (both questions after every reply)
// was far dearer: its first 6 of 315 pieces took 6 M nodes, as it proves the first player's wins
// after every bad reply, which the one-question pieces never ask.
//
// pns-refutation-pieces cuts "does m win?" two plies deeper, for first moves whose question
// outlasts a sitting (8 x 8 with k = 5: "does black win after d4 e5?" was not answered in 15
// minutes, each third move after it in about a minute). m does not win when some reply r holds,
// that is when no third move t after m and r wins: the question is asked through one chosen reply
// (the reply class nearest m, a diagonal neighbour first), one piece per class of t under the
// symmetries that fix the position after m and r ("does the mover win after m, r, t?"); only
// when one says yes is the whole question asked (a deferred piece, after every move's third-move
// pieces). The reply pieces come last. In a run a piece that can no longer change the answer is
// not solved (value 0, journalled; refutation_need): third moves once one refuted the reply,
// deferred questions when none did, replies once another reply of the move wins or the move
// wins, and on the empty freestyle board every reply once no first move wins (strategy
// stealing, as an extra stone never hurts its owner in freestyle). A deferred or reply piece
// whose need is not yet known waits for the pieces before it (core/piece_gate.hpp; the
// pieces it waits for are running). 7 x 7 with k = 5, every move's value: 711 pieces, 387
// solved, 350,161 nodes (pns-pieces: 974,582), the largest 27,994.
//
// Work split: pieces in id order (the moves from the centre outwards, each first move's pieces
// together; refutation pieces: every move's third-move pieces, then the deferred questions, then
// the replies; a run takes the third-move pieces one of each first move in turn,
// refutation_order), run on `threads` oneTBB threads at once, each piece serial
// (src/core/pieces_run.hpp, run_pieces_by_id); the table budget (--max-memory) is shared, each
// running piece getting budget / threads. Values equal those of the inner kernel; the principal
// variation is the best first move followed by the inner kernel's line after it (one more solve;
// pns-reply-pieces: pns's), or in a journalled run the best first move alone (a journal keeps each
// move's value, not its line). No table is shared between pieces, so positions reached after
// several first moves (or replies) are searched once per piece. Limits: as the inner kernel;
// pns-refutation-pieces has no MPI variant (whether a piece is needed is decided where the
// values are, in one process).
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/piece_gate.hpp"
#include "core/pieces_run.hpp"
#include "mnk/board.hpp"
#include "mnk/mnk.hpp"

namespace sb::mnk {
namespace {

/// The prior weight of a refutation piece expected to be solved (list.work); one expected not
/// to be needed weighs 0 (it is answered at once) until it turns out to be needed. In a run the
/// estimate uses the pieces' measured sizes instead (NeedGate).
constexpr std::uint64_t kHeavyPiece = 100;

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

/// How a kernel cuts the solve (see the header): one piece per first-move class, reply pieces, or
/// refutation pieces.
enum class Cut { kFirstMoves, kReplies, kRefutations };

/// A piece: a first move (the searched cell of its class); with reply pieces a reply (the
/// searched cell of its class under the symmetries that fix the position after the first move),
/// reply < 0 for a first-move piece; with refutation pieces also a third move after the chosen
/// reply (third < 0 otherwise). A deferred piece (refutation pieces) is a first move's "does it
/// win?" asked only when its chosen reply is refuted.
struct Piece {
  int first_class = 0;
  int first = 0;
  int reply = -1;
  int third = -1;
  bool deferred = false;
};

/// The pieces of a cut, and for refutation pieces each first-move class's pieces by kind (ids).
struct Plan {
  std::vector<std::vector<int>> classes;  // first-move classes (move_classes)
  std::vector<Piece> pieces;
  std::vector<std::vector<std::size_t>> thirds, replies;  // refutation pieces: ids per class
  std::vector<std::ptrdiff_t> move_piece;                 // refutation pieces: id or -1 per class
  bool stealing = false;  // refutation pieces of the empty board, freestyle (refutation_need)
};

/// The reply tried first as the refutation of the last move of `after` (refutation pieces): of
/// the classes of replies, the one nearest the move (Chebyshev distance; ties: a diagonal
/// neighbour before an orthogonal one, then the order from the centre outwards, as in classes).
int refutation_reply(const Instance& after, const std::vector<std::vector<int>>& classes) {
  const int m = after.moves.back(), mf = m % after.m, mr = m / after.m;
  int best = classes.front()[0];
  int best_key = 1 << 30;
  for (const auto& cls : classes) {
    const int df = std::abs(cls[0] % after.m - mf), dr = std::abs(cls[0] / after.m - mr);
    const int key = std::max(df, dr) * 2 + (df == dr ? 0 : 1);
    if (key < best_key) best_key = key, best = cls[0];
  }
  return best;
}

Plan make_plan(const Instance& inst, Cut cut) {
  Plan plan;
  plan.classes = move_classes(inst);
  const int mover = static_cast<int>(inst.moves.size() % 2);
  const std::size_t nc = plan.classes.size();
  plan.thirds.resize(nc);
  plan.replies.resize(nc);
  plan.move_piece.assign(nc, -1);
  plan.stealing = cut == Cut::kRefutations && inst.moves.empty() && inst.rule == Rule::kFreestyle;
  // Refutation pieces go in three runs: the first moves' questions (third-move pieces, or the
  // move's own piece), the deferred whole questions, the replies; the other cuts keep each first
  // move's pieces together.
  std::vector<Piece> questions, deferred, replies;
  auto& q = cut == Cut::kRefutations ? questions : plan.pieces;
  auto& d = cut == Cut::kRefutations ? deferred : plan.pieces;
  auto& rp = cut == Cut::kRefutations ? replies : plan.pieces;
  for (std::size_t i = 0; i < nc; ++i) {
    const int first = plan.classes[i][0], ci = static_cast<int>(i);
    Instance after = inst;
    after.moves.push_back(first);
    const bool ends = winner_after(after) == mover || after.empty_cells() == 0;
    bool split = false;
    if (cut == Cut::kRefutations && !ends) {
      // "Does the move win?" through its chosen reply: one piece per class of third moves; the
      // whole question deferred. When the reply ends the game (a row of the opponent's, or a
      // full board), the whole question is asked at once (df-pn answers it in a few nodes).
      Instance after2 = after;
      after2.moves.push_back(refutation_reply(after, move_classes(after)));
      split = winner_after(after2) < 0 && after2.empty_cells() > 0;
      if (split) {
        for (const auto& tc : move_classes(after2))
          q.push_back({ci, first, after2.moves.back(), tc[0], false});
        d.push_back({ci, first, -1, -1, true});
      }
    }
    if (!split) q.push_back({ci, first, -1, -1, false});
    if (cut == Cut::kFirstMoves || ends) continue;
    for (const auto& rc : move_classes(after)) rp.push_back({ci, first, rc[0], -1, false});
  }
  for (const auto* run : {&questions, &deferred, &replies})
    plan.pieces.insert(plan.pieces.end(), run->begin(), run->end());
  for (std::size_t id = 0; id < plan.pieces.size(); ++id) {
    const Piece& pc = plan.pieces[id];
    const auto c = static_cast<std::size_t>(pc.first_class);
    if (pc.third >= 0)
      plan.thirds[c].push_back(id);
    else if (pc.reply >= 0)
      plan.replies[c].push_back(id);
    else
      plan.move_piece[c] = static_cast<std::ptrdiff_t>(id);
  }
  return plan;
}

/// Refutation pieces: whether first-move class c's move wins given the values known so far
/// (index = id; 0 not known or not needed, 1 no, 2 yes): 1 yes, 0 no, -1 not yet known. A
/// deferred question not needed (every third move answered no) is a no.
int move_wins(const Plan& plan, const std::vector<std::uint8_t>& value, std::size_t c) {
  const auto mv = static_cast<std::size_t>(plan.move_piece[c]);
  if (value[mv] != 0) return value[mv] == 2 ? 1 : 0;
  if (!plan.pieces[mv].deferred) return -1;
  const bool all_no = std::all_of(plan.thirds[c].begin(), plan.thirds[c].end(),
                                  [&](std::size_t j) { return value[j] == 1; });
  return all_no ? 0 : -1;
}

/// Whether a refutation piece must be solved given the values known so far: 1 yes, 0 no (it
/// cannot change the answer), -1 not yet known (it waits for pieces before it in the list).
/// - A third-move piece: not once another third move refuted the chosen reply.
/// - A deferred whole question: only when a third move refuted the chosen reply.
/// - A reply piece: not once another reply of its move wins or the move wins. On the empty
///   board under the freestyle rule, not either once no first move wins: an extra stone never
///   hurts its owner in freestyle, so a second player who won after a first move would win as
///   the first player (strategy stealing), and some first move would win; so then every move
///   draws. It waits until every first move's question is answered.
int refutation_need(const Plan& plan, const std::vector<std::uint8_t>& value, std::size_t id) {
  const Piece& pc = plan.pieces[id];
  const auto c = static_cast<std::size_t>(pc.first_class);
  const auto any = [&](const std::vector<std::size_t>& ids, std::uint8_t v) {
    return std::any_of(ids.begin(), ids.end(), [&](std::size_t j) { return value[j] == v; });
  };
  if (pc.third >= 0) return any(plan.thirds[c], 2) ? 0 : 1;
  if (pc.reply < 0) {
    if (!pc.deferred || any(plan.thirds[c], 2)) return 1;
    return move_wins(plan, value, c) == 0 ? 0 : -1;
  }
  if (any(plan.replies[c], 2) || move_wins(plan, value, c) == 1) return 0;
  if (!plan.stealing) return 1;
  bool unknown = false;
  for (std::size_t k = 0; k < plan.classes.size(); ++k) {
    const int w = move_wins(plan, value, k);
    if (w == 1) return 1;
    unknown = unknown || w < 0;
  }
  return unknown ? -1 : 0;
}

/// Each first-move class's value for the player who makes the move (0 loss, 1 draw, 2 win). One
/// ply: its piece's value. Reply and refutation pieces: a win when its first-move piece says the
/// move wins (a deferred one not needed: it does not), else a loss when a reply piece says that
/// reply wins, else a draw.
std::vector<int> class_values(const Plan& plan, const std::vector<Subtotals>& by_id, Cut cut) {
  std::vector<int> first(plan.classes.size(), 1), reply_wins(plan.classes.size(), 0);
  for (std::size_t i = 0; i < plan.pieces.size(); ++i) {
    const Piece& pc = plan.pieces[i];
    const int v = static_cast<int>(by_id[i].v[kValue]);
    const auto c = static_cast<std::size_t>(pc.first_class);
    if (pc.reply < 0)
      first[c] = v;
    else if (pc.third < 0 && v == 2)
      reply_wins[c] = 1;
  }
  if (cut == Cut::kFirstMoves) return first;
  std::vector<int> value(plan.classes.size());
  for (std::size_t c = 0; c < value.size(); ++c)
    value[c] = first[c] == 2 ? 2 : reply_wins[c] ? 0 : 1;
  return value;
}

/// The combined answer as the text of a journal's result line.
std::string result_text(const Instance& inst, const Plan& plan, const std::vector<Subtotals>& by_id,
                        Cut cut) {
  const int mover = static_cast<int>(inst.moves.size() % 2);
  const std::vector<int> values = class_values(plan, by_id, cut);
  int best = 1;  // no move: a draw (full board)
  std::size_t best_id = values.size();
  for (std::size_t i = 0; i < values.size(); ++i)
    if (best_id == values.size() || values[i] > best) best = values[i], best_id = i;
  std::uint64_t nodes = 0, positions = 0;
  for (const Subtotals& s : by_id) nodes += s.v[kNodes], positions += s.v[kPositions];
  std::string t = "value=" + std::string(value_name(seat_of(best, mover)));
  if (best_id < values.size()) t += " best=" + format_point(plan.classes[best_id][0], inst.m);
  return t + " nodes=" + std::to_string(nodes) + " positions=" + std::to_string(positions);
}

/// The order in which a run takes the refutation pieces: the first moves' questions one of each
/// first-move class in turn (class by class from the centre outwards, each class's pieces in
/// their own order), then the deferred questions and the replies in id order. Taking the classes
/// in turn lets the estimate of the time left measure every class's pieces early (NeedGate): on
/// 8 x 8 a third-move piece after a corner move held 17 times the nodes of one after a central
/// move, and in id order the corner's pieces came last.
std::vector<std::uint64_t> refutation_order(const Plan& plan) {
  std::vector<std::vector<std::uint64_t>> by_class(plan.classes.size());
  std::vector<std::uint64_t> order, rest;
  for (std::size_t id = 0; id < plan.pieces.size(); ++id) {
    const Piece& pc = plan.pieces[id];
    if (pc.third >= 0 || (pc.reply < 0 && !pc.deferred))
      by_class[static_cast<std::size_t>(pc.first_class)].push_back(id);
    else
      rest.push_back(id);
  }
  for (std::size_t round = 0; order.size() + rest.size() < plan.pieces.size(); ++round)
    for (const auto& ids : by_class)
      if (round < ids.size()) order.push_back(ids[round]);
  order.insert(order.end(), rest.begin(), rest.end());
  return order;
}

/// The list's scheme, fields, count, hash and result line for `plan`.
PieceList list_of(const Instance& inst, std::shared_ptr<const Plan> plan, Cut cut) {
  PieceList list;
  list.scheme = cut == Cut::kRefutations ? "mnk-refutations"
                : cut == Cut::kReplies   ? "mnk-replies"
                                         : "mnk-first-moves";
  list.fields = {"value", "cell", "nodes", "positions"};
  list.count = plan->pieces.size();
  std::uint64_t h = fnv1a(list.scheme + " " + format_instance(inst));
  for (const auto& cls : plan->classes) {
    h = fnv1a_u64(cls.size(), h);
    for (int c : cls) h = fnv1a_u64(static_cast<std::uint64_t>(c), h);
  }
  for (const Piece& pc : plan->pieces) {
    if (cut == Cut::kFirstMoves) break;
    std::uint64_t x =
        static_cast<std::uint64_t>(pc.first) * 1024u + static_cast<std::uint64_t>(pc.reply + 1);
    if (cut == Cut::kRefutations)
      x = (x * 1024u + static_cast<std::uint64_t>(pc.third + 1)) * 2u + (pc.deferred ? 1u : 0u);
    h = fnv1a_u64(x, h);
  }
  list.hash = h;
  if (cut == Cut::kRefutations) {
    list.not_needed = [](const Subtotals& s) { return s.v[kValue] == 0; };
    // The estimate of the time left assumes that each chosen reply holds (no deferred question
    // asked) and, on the empty freestyle board, that no first move wins (no reply piece solved):
    // those pieces weigh 0, the others kHeavyPiece.
    for (const Piece& pc : plan->pieces)
      list.work.push_back(
          pc.deferred || (pc.reply >= 0 && pc.third < 0 && plan->stealing) ? 0 : kHeavyPiece);
    list.order = refutation_order(*plan);
  }
  list.result_text = [inst, plan, cut](const std::vector<Subtotals>& by_id) {
    return result_text(inst, *plan, by_id, cut);
  };
  return list;
}

/// The position of a piece and the player who made its last move.
Params piece_params(const Instance& inst, const Piece& pc, std::uint64_t piece_budget, int* mover) {
  Params q;
  q.instance = inst;
  q.instance.moves.push_back(pc.first);
  if (pc.reply >= 0) q.instance.moves.push_back(pc.reply);
  if (pc.third >= 0) q.instance.moves.push_back(pc.third);
  q.threads = 1;
  q.max_memory = piece_budget;
  *mover = static_cast<int>((q.instance.moves.size() - 1) % 2);
  return q;
}

/// A piece's `cell` subtotal: its first move; for a reply piece cells * (first + 1) + reply; for
/// a third-move piece cells * (cells + 1) + (first * cells + reply) * cells + third.
std::uint64_t piece_cell(const Piece& pc, std::uint64_t cells) {
  const auto f = static_cast<std::uint64_t>(pc.first);
  if (pc.reply < 0) return f;
  const auto r = static_cast<std::uint64_t>(pc.reply);
  if (pc.third < 0) return cells * (f + 1) + r;
  return cells * (cells + 1) + (f * cells + r) * cells + static_cast<std::uint64_t>(pc.third);
}

/// Sets list.solve: each piece's position solved by answer(q, mover, s), which fills the value,
/// nodes and positions of s for the player who made the piece's last move (`mover`); a move that
/// completes a row wins at once (no search).
template <class Answer>
void set_solve(PieceList& list, const Instance& inst, std::shared_ptr<const Plan> plan,
               std::uint64_t piece_budget, Answer answer) {
  list.solve = [inst, plan, piece_budget, answer](const std::uint64_t* ids, std::size_t k,
                                                  Subtotals* out) {
    const auto cells = static_cast<std::uint64_t>(inst.cells());
    for (std::size_t j = 0; j < k; ++j) {
      if (ids[j] >= plan->pieces.size())
        throw std::invalid_argument("mnk piece " + std::to_string(ids[j]) + " is out of range (" +
                                    std::to_string(plan->pieces.size()) + " pieces)");
      const Piece& pc = plan->pieces[ids[j]];
      int mover = 0;
      const Params q = piece_params(inst, pc, piece_budget, &mover);
      Subtotals s;
      s.v[kCell] = piece_cell(pc, cells);
      if (winner_after(q.instance) == mover) {  // the move completes a row
        s.v[kValue] = 2;
        s.v[kNodes] = 1;
      } else {
        answer(q, mover, s);
      }
      out[j] = s;
    }
  };
}

/// The list of `plan`, each piece on its own table of piece_budget bytes: one ply by `inner`'s
/// exact value, reply and refutation pieces by pns_wins ("does the player who made the last move
/// win?").
PieceList make_list(const Instance& inst, std::shared_ptr<const Plan> plan, Cut cut, Kernel inner,
                    std::uint64_t piece_budget) {
  PieceList list = list_of(inst, plan, cut);
  if (cut == Cut::kFirstMoves) {
    set_solve(list, inst, plan, piece_budget, [inner](const Params& q, int mover, Subtotals& s) {
      const Result r = inner(q);
      s.v[kValue] = static_cast<std::uint64_t>(mover_value(r.value, mover));
      s.v[kNodes] = r.nodes;
      s.v[kPositions] = r.positions;
    });
  } else {
    set_solve(list, inst, plan, piece_budget, [](const Params& q, int mover, Subtotals& s) {
      s.v[kValue] = 1;  // does not win (a full board: a draw, one position looked at)
      s.v[kNodes] = 1;
      if (q.instance.empty_cells() == 0) return;
      Result stats;
      if (pns_wins(q, mover, stats)) s.v[kValue] = 2;
      s.v[kNodes] = stats.nodes;
      s.v[kPositions] = stats.positions;
    });
  }
  return list;
}

PieceList list_for(const Instance& inst, Cut cut, Kernel inner, std::uint64_t piece_budget) {
  validate_instance(inst);
  return make_list(inst, std::make_shared<const Plan>(make_plan(inst, cut)), cut, inner,
                   piece_budget);
}

/// Refutation pieces in a run: which pieces are needed (refutation_need) follows the values
/// known so far, the journal's and those solved now. A piece not needed is answered at once with
/// value 0 (and journalled so); a deferred piece whose need is not yet known waits until the
/// pieces it depends on (taken before it, as every third-move piece comes before every deferred
/// piece) are finished.
///
/// The estimate of the time left (Progress::work_total and work_done, in nodes) is made from the
/// pieces' measured sizes: a finished piece weighs its nodes; a piece still to solve that is
/// expected to be needed (list.work above 0, or found needed since) weighs the mean nodes of the
/// solved pieces of its first-move class, or of all solved pieces while its class has none (1
/// before any is solved); a piece under way counts half done. The pieces expected not to be
/// needed (a deferred question; on the empty freestyle board the replies) weigh 0 until one turns
/// out to be needed: a deferred question, or the replies once a first move wins (then all of them
/// at once). Recomputed at every piece's start and end (a pass over the pieces).
struct NeedGate {
  PieceGate gate;                    // guards the rest
  std::vector<std::uint8_t> value;   // index = id: 0 not known or not needed, 1 no, 2 yes
  Progress* progress = nullptr;      // the run's, or null
  std::vector<std::uint64_t> work;   // list.work: 0 for a piece expected not to be needed
  std::vector<bool> raised;          // expected not to be needed, but needed after all
  std::vector<bool> over;            // finished (now or in the journal)
  std::vector<bool> running;         // being solved now
  std::vector<std::uint64_t> nodes;  // a finished piece's nodes (0: answered without a search)
  bool replies_raised = false;

  /// Under the gate's lock: piece id is needed; raise the estimate where it assumed not.
  void needed(const Plan& plan, std::size_t id) {
    if (work.size() != plan.pieces.size() || work[id] > 0) return;
    const Piece& pc = plan.pieces[id];
    if (pc.reply >= 0 && !replies_raised) {
      replies_raised = true;
      for (const auto& ids : plan.replies)
        for (std::size_t j : ids) raised[j] = true;
    }
    raised[id] = true;
  }

  /// Under the gate's lock: piece id starts (solved now) or finishes (with its nodes).
  void started(const Plan& plan, std::size_t id) {
    if (id < running.size()) running[id] = true;
    account(plan);
  }
  void finished(const Plan& plan, std::size_t id, std::uint64_t piece_nodes) {
    if (id < over.size()) over[id] = true, running[id] = false, nodes[id] = piece_nodes;
    account(plan);
  }

  /// Under the gate's lock: the work planned and done from the sizes known now.
  void account(const Plan& plan) {
    if (progress == nullptr || work.size() != plan.pieces.size()) return;
    const std::size_t nc = plan.classes.size();
    std::vector<std::uint64_t> sum(nc, 0), count(nc, 0);
    std::uint64_t all_sum = 0, all_count = 0;
    for (std::size_t id = 0; id < work.size(); ++id)
      if (over[id] && nodes[id] > 0) {
        const auto c = static_cast<std::size_t>(plan.pieces[id].first_class);
        sum[c] += nodes[id], ++count[c], all_sum += nodes[id], ++all_count;
      }
    std::uint64_t total = 0, done = 0;
    for (std::size_t id = 0; id < work.size(); ++id) {
      if (over[id]) {
        total += nodes[id], done += nodes[id];
        continue;
      }
      if (work[id] == 0 && !raised[id]) continue;
      const auto c = static_cast<std::size_t>(plan.pieces[id].first_class);
      const std::uint64_t est = count[c] > 0    ? sum[c] / count[c]
                                : all_count > 0 ? all_sum / all_count
                                                : 1;
      total += est;
      if (running[id]) done += est / 2;
    }
    progress->work_total.store(total, std::memory_order_relaxed);
    progress->work_done.store(done, std::memory_order_relaxed);
  }
};

/// `list` with its solve answering pieces that are not needed at once, and `hooks` that record
/// each finished piece's value in the gate before passing it on to `outer`.
PieceList gated_list(const PieceList& list, std::shared_ptr<const Plan> plan,
                     std::shared_ptr<NeedGate> gate, std::uint64_t cells) {
  PieceList g = list;
  g.solve = [solve = list.solve, plan, gate, cells](const std::uint64_t* ids, std::size_t k,
                                                    Subtotals* out) {
    for (std::size_t j = 0; j < k; ++j) {
      if (ids[j] >= plan->pieces.size()) {
        solve(ids + j, 1, out + j);  // throws: out of range
        continue;
      }
      const int need = gate->gate.wait([&] { return refutation_need(*plan, gate->value, ids[j]); });
      if (need == 0) {
        out[j] = Subtotals{};
        out[j].v[kCell] = piece_cell(plan->pieces[ids[j]], cells);
        gate->gate.locked([&] { gate->finished(*plan, ids[j], 0); });
        continue;
      }
      gate->gate.guard([&] {
        gate->gate.locked([&] {
          gate->needed(*plan, ids[j]);
          gate->started(*plan, ids[j]);
        });
        solve(ids + j, 1, out + j);
        gate->gate.locked([&] { gate->finished(*plan, ids[j], out[j].v[kNodes]); });
      });
    }
  };
  return g;
}

}  // namespace

PieceList first_move_pieces(const Instance& inst, Kernel inner, std::uint64_t piece_budget) {
  return list_for(inst, Cut::kFirstMoves, inner, piece_budget);
}

PieceList reply_pieces(const Instance& inst, std::uint64_t piece_budget) {
  return list_for(inst, Cut::kReplies, pns, piece_budget);
}

PieceList refutation_pieces(const Instance& inst, std::uint64_t piece_budget) {
  return list_for(inst, Cut::kRefutations, pns, piece_budget);
}

std::vector<std::vector<int>> first_move_classes(const Instance& inst) {
  validate_instance(inst);
  return move_classes(inst);
}

namespace {

/// The body of the -pieces kernels: the pieces of a cut run and combined into every first move's
/// value; the line after the best first move from `inner` (not in a journalled run).
Result solve_pieces(const Params& p, const char* name, Cut cut, Kernel inner, bool on_ranks) {
  validate(p, name);
  const Instance& inst = p.instance;
  const std::uint64_t budget = p.max_memory != 0 ? p.max_memory : default_max_memory();
  const std::uint64_t piece_budget = budget / static_cast<std::uint64_t>(p.threads);
  if (piece_budget < (1ull << 20))
    throw std::invalid_argument("--max-memory " + std::to_string(budget) + " bytes shared by " +
                                std::to_string(p.threads) + " threads leaves less than 1 MiB " +
                                "for each piece's table");
  const auto plan = std::make_shared<const Plan>(make_plan(inst, cut));
  PieceList list = make_list(inst, plan, cut, inner, piece_budget);
  PieceHooks gated;
  const PieceHooks* hooks = p.pieces;
  if (cut == Cut::kRefutations) {
    auto gate = std::make_shared<NeedGate>();
    gate->value.assign(plan->pieces.size(), 0);
    gate->progress = p.progress;
    gate->work = list.work;
    gate->raised.assign(plan->pieces.size(), false);
    gate->over.assign(plan->pieces.size(), false);
    gate->running.assign(plan->pieces.size(), false);
    gate->nodes.assign(plan->pieces.size(), 0);
    if (p.pieces != nullptr) {
      gated.finished = p.pieces->finished;
      for (const PieceRecord& rec : gated.finished)
        if (rec.id < gate->value.size()) {  // a bad id: the runner refuses it
          gate->value[rec.id] =
              static_cast<std::uint8_t>(std::min<std::uint64_t>(rec.sub.v[kValue], 2));
          gate->over[rec.id] = true;
          gate->nodes[rec.id] = rec.sub.v[kNodes];
        }
    }
    gate->account(*plan);
    list.work.clear();  // the gate keeps the estimate (the runner's would weigh pieces alike)
    gated.on_piece = [gate, outer = p.pieces](std::uint64_t id, const Subtotals& sub,
                                              double seconds) {
      gate->gate.update([&] {
        gate->value[id] = static_cast<std::uint8_t>(std::min<std::uint64_t>(sub.v[kValue], 2));
      });
      if (outer != nullptr && outer->on_piece) outer->on_piece(id, sub, seconds);
    };
    list = gated_list(list, plan, gate, static_cast<std::uint64_t>(inst.cells()));
    hooks = &gated;
  }
  const PieceValues v = run_pieces_by_id(list, p.threads, p.progress, hooks, on_ranks);
  const int mover = static_cast<int>(inst.moves.size() % 2);
  const std::vector<int> values = class_values(*plan, v.by_id, cut);
  Result r;
  int best = -1;
  std::size_t best_class = 0;
  for (std::size_t i = 0; i < plan->classes.size(); ++i) {
    for (int c : plan->classes[i]) r.move_values.push_back({c, seat_of(values[i], mover)});
    if (values[i] > best) best = values[i], best_class = i;
  }
  for (const Subtotals& s : v.by_id) r.nodes += s.v[kNodes], r.positions += s.v[kPositions];
  std::sort(r.move_values.begin(), r.move_values.end(),
            [](const MoveValue& a, const MoveValue& b) { return a.cell < b.cell; });
  r.value = best < 0 ? Value::kDraw : seat_of(best, mover);
  if (best >= 0) r.pv = {plan->classes[best_class][0]};
  if (p.pieces == nullptr && !r.pv.empty()) {
    // The rest of the line: the inner kernel's after the best move (one more solve of that
    // piece), except in a journalled run, which keeps each move's value, not its line.
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

}  // namespace

Result solve_first_move_pieces(const Params& p, Kernel inner, const char* name, bool on_ranks) {
  return solve_pieces(p, name, Cut::kFirstMoves, inner, on_ranks);
}

Result solve_reply_pieces(const Params& p, const char* name, bool on_ranks) {
  return solve_pieces(p, name, Cut::kReplies, pns, on_ranks);
}

Result pns_pieces(const Params& p) {
  return solve_first_move_pieces(p, pns, "pns-pieces", false);
}

Result alphabeta_tt_pieces(const Params& p) {
  return solve_first_move_pieces(p, alphabeta_tt, "alphabeta-tt-pieces", false);
}

Result pns_reply_pieces(const Params& p) {
  return solve_reply_pieces(p, "pns-reply-pieces", false);
}

Result pns_refutation_pieces(const Params& p) {
  return solve_pieces(p, "pns-refutation-pieces", Cut::kRefutations, pns, false);
}

}  // namespace sb::mnk
