// Shared parts of the m,n,k kernels: the position of an instance on a Board, values from the
// mover's seat and from the players' seats, candidate moves and their order, the walk that
// extracts a principal variation from any exact solver, and the values of every legal move.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "mnk/board.hpp"
#include "mnk/mnk.hpp"
#include "mnk/threats.hpp"

namespace sb::mnk::detail {

/// The board of an instance with its moves played. symmetric_keys: keep symmetric images.
template <int W>
Board<W> position(const Geometry& g, const Instance& inst, bool symmetric_keys) {
  Board<W> b(g, symmetric_keys);
  for (int c : inst.moves) b.play(c);
  return b;
}

/// A value for the player to move (+1 win, 0 draw, -1 loss) as a value for the players' seats.
inline Value seat_value(int mover_value, int mover) {
  const int v = mover == 0 ? mover_value : -mover_value;
  return v > 0 ? Value::kFirst : v < 0 ? Value::kSecond : Value::kDraw;
}

/// Table budget of p: p.max_memory, or default_max_memory() when it is 0.
inline std::uint64_t budget(const Params& p) {
  return p.max_memory != 0 ? p.max_memory : default_max_memory();
}

/// How much a stone of the player to move on empty cell c does: for every window through c, its
/// own stones if the window is live for the mover (building) and the opponent's if live for the
/// opponent (blocking), weighted 1, 4, 16, ... per stone. The order key of the searching kernels.
template <int W>
int move_score(const Board<W>& b, int c) {
  const Geometry& g = b.geometry();
  const int me = b.to_move(), op = 1 - me;
  int s = 0;
  for (int i = g.cw_begin[c], e = g.cw_begin[c + 1]; i < e; ++i) {
    const int w = g.cw[i];
    if (b.window_live(w, me)) s += 1 << (2 * std::min(b.count(w, me), 12));
    if (b.window_live(w, op)) s += 1 << (2 * std::min(b.count(w, op), 12));
  }
  return s;
}

/// move_score of every cell at once (score[c] for each cell c of the board; occupied cells get a
/// value too, to be ignored): window by window, each live window adding its weight to its k
/// cells, which visits each window once where move_score visits every window of every cell.
template <int W>
void move_scores(const Board<W>& b, int* score) {
  const Geometry& g = b.geometry();
  const int me = b.to_move(), op = 1 - me;
  std::fill(score, score + g.cells, 0);
  const std::int16_t* cells = g.win_cells.data();
  for (int w = 0; w < g.windows; ++w, cells += g.k) {
    int add = 0;
    if (b.window_live(w, me)) add += 1 << (2 * std::min(b.count(w, me), 12));
    if (b.window_live(w, op)) add += 1 << (2 * std::min(b.count(w, op), 12));
    if (add == 0) continue;
    for (int j = 0; j < g.k; ++j) score[cells[j]] += add;
  }
}

/// Sorts cand[0..n) best first: the higher score_of(cell), then the cell nearer the centre. Each
/// cell's centre rank is unique, so the order is total, and one descending sort of packed keys
/// (the score, order-preserving as unsigned, above the inverted rank, the cell below) gives it
/// without the buffer a stable sort allocates.
template <class ScoreOf>
void sort_by_score(const Geometry& g, int* cand, int n, ScoreOf&& score_of) {
  constexpr int kCells = kMaxSide * kMaxSide;
  std::uint64_t order[kCells];
  for (int i = 0; i < n; ++i) {
    const auto sc = static_cast<std::uint32_t>(score_of(cand[i])) ^ 0x80000000u;
    const auto near = static_cast<std::uint32_t>(kCells - g.centre_rank[cand[i]]);
    order[i] = std::uint64_t{sc} << 32 | near << 16 | static_cast<std::uint32_t>(cand[i]);
  }
  std::sort(order, order + n, std::greater<>());
  for (int i = 0; i < n; ++i) cand[i] = static_cast<int>(order[i] & 0xFFFF);
}

/// Candidate moves of the player to move: the empty relevant cells, plus, under the standard rule,
/// one dead cell (all dead cells are the same pass; under the standard rule a pass can matter,
/// under the freestyle rule an extra stone never hurts, so dead cells are dominated).
template <int W>
int candidates(const Board<W>& b, int* out) {
  int n = 0;
  bool dead_taken = b.geometry().rule != Rule::kStandard;
  b.empty().for_each([&](int c) {
    if (b.relevant(c)) {
      out[n++] = c;
    } else if (!dead_taken) {
      out[n++] = c;
      dead_taken = true;
    }
  });
  return n;
}

/// The principal variation from the current position, whose value for the player to move is v.
/// is_value(b, want) must say exactly whether the value of b for its player to move is `want`;
/// prefer(b, v, out) may list moves the kernel already knows to keep v (e.g. from its table),
/// tried first. A losing side's move needs no check (every move loses): it blocks a five point,
/// or takes the kernel's first preferred move, or the first candidate. A winning side also tries
/// the first move of a VCF. The walk stops at the end of the game, or when no window is live for
/// either player (a draw nobody can change). The board is restored.
template <int W, class IsValue, class Prefer>
std::vector<int> principal_variation(Board<W>& b, int v, IsValue&& is_value, Prefer&& prefer) {
  std::vector<int> pv;
  const Geometry& g = b.geometry();
  VcfSearch<W> vcf;
  while (b.winner() < 0 && !b.full() && (b.live_windows(0) > 0 || b.live_windows(1) > 0)) {
    const int me = b.to_move();
    int chosen = -1;
    std::vector<int> order;
    prefer(b, v, &order);
    const std::size_t preferred = order.size();
    if (v == 1) {
      b.five_points(me).for_each([&](int c) { order.push_back(c); });
      std::vector<int> seq;
      if (vcf.run(b, 100000, &seq)) order.push_back(seq[0]);
    }
    b.five_points(1 - me).for_each([&](int c) { order.push_back(c); });
    if (v == -1) {
      const auto blocks = b.five_points(1 - me);
      chosen = blocks.any() ? blocks.lowest() : preferred > 0 ? order[0] : -1;
    }
    // Then relevant cells from the centre, then the rest (a dead cell can be the only way to keep
    // a standard-rule value).
    for (int c : g.by_centre)
      if (!b.occupied(c) && b.relevant(c)) order.push_back(c);
    for (int c : g.by_centre)
      if (!b.occupied(c) && !b.relevant(c)) order.push_back(c);
    if (v == -1 && chosen < 0) chosen = order.empty() ? -1 : order[0];
    for (std::size_t i = 0; chosen < 0 && i < order.size(); ++i) {
      const int c = order[i];
      b.play(c);
      const bool keeps = b.winner() == me ? v == 1 : is_value(b, -v);
      b.undo();
      if (keeps) chosen = c;
    }
    if (chosen < 0) break;  // cannot happen with an exact is_value
    b.play(chosen);
    pv.push_back(chosen);
    v = -v;
  }
  for (std::size_t i = 0; i < pv.size(); ++i) b.undo();
  return pv;
}

/// principal_variation without preferred moves.
template <int W, class IsValue>
std::vector<int> principal_variation(Board<W>& b, int v, IsValue&& is_value) {
  return principal_variation(b, v, is_value, [](Board<W>&, int, std::vector<int>*) {});
}

/// The value of every legal move of the current position (cells increasing), from value(b), the
/// exact value of b for its player to move. Progress: one unit per move.
template <int W, class ValueFn>
std::vector<MoveValue> move_values(Board<W>& b, ValueFn&& value, Progress* progress) {
  std::vector<MoveValue> out;
  const int me = b.to_move();
  const auto empty = b.empty();
  if (progress) progress->total.store(empty.count(), std::memory_order_relaxed);
  empty.for_each([&](int c) {
    b.play(c);
    const int v = b.winner() == me ? 1 : -value(b);
    b.undo();
    out.push_back({c, seat_value(v, me)});
    if (progress) progress->done.fetch_add(1, std::memory_order_relaxed);
  });
  return out;
}

}  // namespace sb::mnk::detail
