// memo-sym-pieces: the memo-sym search (engine.hpp, memo_sym.cpp) cut into pieces for journal
// and resume (src/core/pieces.hpp): one piece per class of first moves under the board's
// symmetries (first_moves.hpp: the 8 maps of a square board, the 4 of a rectangle; 10 pieces on
// 8 x 8, 45 on 17 x 17). A piece's value is, with :grundy or :move-grundy, the Grundy value of
// the position after its move, else (and under misere play) its outcome: 0 when the move wins
// (the position after it is lost for the player to move), 1 when it loses. The start is
// combined at the end: its Grundy value is the mex of the pieces' Grundy values (Sprague-Grundy:
// the children of the start are the first moves, and symmetric moves have equal values), and the
// first player wins exactly when some piece's value is 0. Work split: pieces in id order,
// heaviest first (most free squares left by the move), run on `threads` oneTBB threads at once,
// each piece by one thread (src/core/pieces_run.hpp, run_pieces_by_id). The pieces share one
// bounded table, so a position reached from several first moves is searched once, not once per
// piece (13 x 13 with Grundy values, one thread: 207.8 M nodes with a table per piece, 81.3 M
// shared, memo-sym --move-grundy's count, before the six-vertex Grundy table; docs/
// queens_game-notes.md, 2026-12-03): on one thread a plain table of the whole --max-memory,
// on several the concurrent table of memo-sym-tbb (memo_sym_tbb.cpp), where a thread puts off a
// position another thread is searching (ABDADA, busy_set.hpp). The values stored are exact
// whichever piece stored them, so every piece's value is; node counts depend on which pieces were
// solved before and, on several threads, on their timing (deterministic on one thread, without a
// resume), so the kernel is out of the signature. A stop loses the table: a resumed run searches
// its pieces on an empty one. Limits: rows * cols <= kMaxSquares (368); Grundy values <= 253.
//
// memo-sym-reply-pieces cuts one ply deeper, for boards whose first-move classes are too large
// for a sitting (17 x 17): one piece per class of positions after a first move and a reply
// (under the board's symmetries, so a position reached from several classes is one piece), each
// the Grundy value (or outcome) of that position; a first move's value is then the mex of its
// replies' values (Sprague-Grundy; for outcomes: the move wins when every reply loses; under
// misere play a first move that leaves no reply loses), and the start's as above. More pieces
// (1,366 on 13 x 13, 4,264 on 17 x 17), each smaller, on the same shared table. Exact Grundy
// values of every position after two plies are more than a first move's mex needs, so the total
// grows (with Grundy values on 13 x 13: 13.8 x the shared-table first-move pieces' nodes, 5.4 x
// those with a table per first-move piece; docs/queens_game-notes.md, 2026-12-03).
//
// memo-sym-query-pieces keeps the reply cut but asks each position only what its first moves'
// mex needs. A first move's position X has Grundy value v exactly when X + *v is lost (a
// P-position) and X + *h is won for every h < v, that is, when some reply has value h for every
// h < v and none has value v. So the pieces are questions "is C + *h lost?" (C: a position after
// a first move and a reply, one per class as above), asked heap by heap, h = 0, 1, ...,
// kQueryLevels - 1: at heap h a reply is asked while one of its first moves is still open (a
// reply of value k found for every k < h) and has no reply of value h yet, unless it is known
// lost at a lower heap; a first move still open after the last heap has its value searched
// whole (a fallback piece per first-move class, memo-sym-pieces' question). A question not
// needed is answered at once as such (journalled, value kNotNeeded); one whose need rests on a
// lower heap still being answered waits for it (all of lower ids, so already handed out); within
// a heap nothing waits (a question whose first moves a running piece settles is asked anyway:
// its answer is exact, only not needed). Order: heap 0 lightest reply first (the engine's move
// order: a first move's lost reply is looked for where it is cheapest), higher heaps heaviest
// first. Outcomes and misere play need heap 0 alone (the reply pieces' question). Nodes against
// memo-sym-pieces with Grundy values (docs/queens_game-notes.md, 2026-12-06): 12 x 12 (every
// first move of value 1) 0.96 x and 13 x 13 (value 0) 1.11 x on one thread, 14 x 14 (value 1)
// 0.97 x on two; pieces: 17,101 on 17 x 17. Threads only: a question's need follows other
// pieces' answers, which an MPI rank does not see. Limits: as memo-sym-pieces; first moves of
// value above 3 cost a fallback each.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/piece_gate.hpp"
#include "core/pieces_run.hpp"
#include "engine.hpp"
#include "first_moves.hpp"
#include "geometry.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"
#include "table.hpp"

namespace sb::queens_game {
namespace {

/// Field indices of a piece's subtotals.
enum Field { kValue = 0, kSquare = 1, kNodes = 2, kPositions = 3 };

/// What a piece computes.
enum class Mode { kGrundy, kOutcome, kMisere };

Mode mode_of(bool misere, bool grundy_values) {
  return misere ? Mode::kMisere : grundy_values ? Mode::kGrundy : Mode::kOutcome;
}

/// The pieces of a board, heaviest (most free squares) first, ties by the lowest square: with
/// plies 1 the first-move classes (the child position of each and its squares); with plies 2
/// the classes of positions after a first move and a reply, and for each first-move class the
/// ids of its replies' pieces (`replies`, in first-move class order: that of FirstMoves).
template <int W>
struct Cut {
  detail::Geometry<W> g;
  int plies;
  std::vector<detail::Set<W>> child;
  std::vector<std::vector<int>> squares;  // plies 1: the class's squares; 2: {the lowest square
                                          // of the first move, of the reply} of one way there
  std::vector<std::vector<std::size_t>> replies;  // plies 2: per first-move class
  std::vector<std::vector<int>> classes;  // the first-move classes' squares (plies 1: by piece)

  Cut(int rows, int cols, int plies_) : g(rows, cols, true), plies(plies_) {
    const detail::FirstMoves<W> fm(g);
    classes = fm.squares;
    std::vector<detail::Set<W>> pos;
    std::vector<std::vector<int>> sq;
    std::vector<std::vector<std::size_t>> rep(fm.child.size());
    if (plies == 1) {
      pos = fm.child;
      sq = fm.squares;
    } else {
      // canonical form -> index in pos (in the order found)
      auto less = [](const detail::Set<W>& a, const detail::Set<W>& b) { return a.less(b); };
      std::map<detail::Set<W>, std::size_t, decltype(less)> index(less);
      for (std::size_t i = 0; i < fm.child.size(); ++i) {
        const detail::Set<W>& c = fm.child[i];
        c.for_each([&](int s) {
          const detail::Set<W> gc = c.andnot(g.att[s]);
          const auto [it, added] = index.try_emplace(g.canon(gc), pos.size());
          if (added) {
            pos.push_back(gc);
            sq.push_back({fm.squares[i].front(), s});
          }
          rep[i].push_back(it->second);
        });
      }
    }
    std::vector<std::size_t> order(pos.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return pos[a].count() > pos[b].count(); });
    std::vector<std::size_t> id_of(pos.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      id_of[order[k]] = k;
      child.push_back(pos[order[k]]);
      squares.push_back(sq[order[k]]);
    }
    if (plies == 1) classes = squares;  // a piece per class, in piece order
    if (plies == 2) {
      replies = rep;
      for (auto& r : replies) {
        for (auto& j : r) j = id_of[j];
        std::sort(r.begin(), r.end());
        r.erase(std::unique(r.begin(), r.end()), r.end());
      }
    }
  }

  /// The value of each first-move class from the pieces' values: the pieces' own (plies 1), else
  /// the mex of its replies' values (Grundy), or 0 when every reply loses (value 1) and else 1
  /// (outcomes); under misere play, 1 for a first move that leaves no reply.
  std::vector<std::uint64_t> class_values(const std::vector<Subtotals>& by_id, bool outcome,
                                          bool misere) const;
};

template <int W>
std::vector<std::uint64_t> Cut<W>::class_values(const std::vector<Subtotals>& by_id, bool outcome,
                                                bool misere) const {
  std::vector<std::uint64_t> v(classes.size());
  for (std::size_t i = 0; i < classes.size(); ++i) {
    if (plies == 1) {
      v[i] = by_id[i].v[kValue];
      continue;
    }
    if (misere && replies[i].empty()) {
      v[i] = 1;
      continue;
    }
    std::vector<bool> seen(replies[i].size() + 2, false);
    for (std::size_t j : replies[i])
      if (by_id[j].v[kValue] < seen.size()) seen[by_id[j].v[kValue]] = true;
    std::uint64_t mex = 0;
    while (seen[mex]) ++mex;
    v[i] = outcome ? std::min<std::uint64_t>(mex, 1) : mex;
  }
  return v;
}

/// The one table of a run on several threads: the concurrent table, made at the first piece
/// (a list built only to be checked or journalled reserves nothing), and the set of the positions
/// the threads are searching. Freed with the piece list.
template <int W>
class SharedTable {
 public:
  explicit SharedTable(std::uint64_t budget) : budget_(budget) {}
  detail::Table<W, true>& table() {
    std::call_once(made_, [&] { t_ = std::make_unique<detail::Table<W, true>>(budget_); });
    return *t_;
  }
  detail::Busy& busy() { return busy_; }

 private:
  std::uint64_t budget_;
  std::once_flag made_;
  std::unique_ptr<detail::Table<W, true>> t_;
  detail::Busy busy_;
};

/// Tables lent to the pieces run on one thread (or by first_move_pieces' list): a piece takes a
/// free one (or a new one when all are in use, so at most one per thread) and gives it back with
/// what it stored, so the pieces solved one after the other share their positions (the values
/// stored are exact, whatever piece stored them). Freed with the piece list.
template <int W>
class TablePool {
 public:
  explicit TablePool(std::uint64_t budget) : budget_(budget) {}

  class Lease {
   public:
    explicit Lease(TablePool* pool) : pool_(pool) {
      if (!pool_) return;
      std::lock_guard lock(pool_->mu_);
      if (pool_->free_.empty()) {
        t_ = std::make_unique<detail::Table<W, false>>(pool_->budget_);
      } else {
        t_ = std::move(pool_->free_.back());
        pool_->free_.pop_back();
      }
    }
    ~Lease() {
      if (!pool_) return;
      std::lock_guard lock(pool_->mu_);
      pool_->free_.push_back(std::move(t_));
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    detail::Table<W, false>& table() { return *t_; }

   private:
    TablePool* pool_;
    std::unique_ptr<detail::Table<W, false>> t_;
  };

 private:
  std::uint64_t budget_;
  std::mutex mu_;
  std::vector<std::unique_ptr<detail::Table<W, false>>> free_;
};

/// The combined answer as the text of a journal's result line, from the first-move classes'
/// values (`values`) and the pieces' counters.
std::string result_text(Mode mode, const std::vector<std::uint64_t>& values,
                        const std::vector<Subtotals>& by_id) {
  std::vector<bool> seen(values.size() + 2, false);
  bool win = false;
  std::uint64_t nodes = 0, positions = 0;
  for (std::uint64_t v : values) {
    win = win || v == 0;
    if (v < seen.size()) seen[v] = true;
  }
  for (const Subtotals& s : by_id) {
    nodes += s.v[kNodes];
    positions += s.v[kPositions];
  }
  std::string t;
  if (mode == Mode::kGrundy) {
    std::size_t mex = 0;
    while (seen[mex]) ++mex;
    t += "grundy=" + std::to_string(mex) + " ";
  }
  return t + "winner=" + (win ? "first" : "second") + " nodes=" + std::to_string(nodes) +
         " positions=" + std::to_string(positions);
}

/// The subtotals of piece `id`, searched by engine e (its counters in st).
template <int W, class Engine>
Subtotals piece_subtotals(const Cut<W>& cut, Mode mode, std::uint64_t id, Engine& e,
                          const detail::Stats& st) {
  const auto& c = cut.child[id];
  int value = 0;
  switch (mode) {
    case Mode::kGrundy:
      value = e.grundy(c);
      break;
    case Mode::kOutcome:
      value = e.wins(c, 0) ? 1 : 0;
      break;
    case Mode::kMisere:
      value = e.wins_misere(c) ? 1 : 0;
      break;
  }
  Subtotals s;
  s.v[kValue] = static_cast<std::uint64_t>(value);
  // the class's lowest square; for a reply piece, first move x squares + reply (one way)
  const auto& sq = cut.squares[id];
  s.v[kSquare] = static_cast<std::uint64_t>(
      sq.size() == 2 && cut.plies == 2 ? sq[0] * cut.g.n + sq[1] : sq.front());
  s.v[kNodes] = st.nodes;
  s.v[kPositions] = st.stored;
  return s;
}

/// Estimated work of each position in `pos` by its free squares: about x1.05 per free square
/// (13 x 13 to 16 x 16 grow about x4 per size, some 30 squares); only the ratios matter.
template <int W>
std::vector<std::uint64_t> work_by_free_squares(const std::vector<detail::Set<W>>& pos) {
  int fewest = kMaxSquares;
  for (const auto& c : pos) fewest = std::min(fewest, c.count());
  std::vector<std::uint64_t> work;
  for (const auto& c : pos)
    work.push_back(
        static_cast<std::uint64_t>(std::llround(1000.0 * std::exp(0.045 * (c.count() - fewest)))));
  return work;
}

/// Sets list.solve: each id checked against list.count, then searched by an engine on cut's
/// geometry as solve_one(id, engine, stats) -> Subtotals; the pieces share one table of `budget`
/// bytes: with `shared` the concurrent one (pieces on several threads at once), else one per
/// thread (TablePool).
template <int W, class SolveOne>
void set_solve(PieceList& list, std::shared_ptr<const Cut<W>> cut, std::uint64_t budget,
               bool shared, SolveOne solve_one) {
  auto check = [count = list.count](std::uint64_t id) {
    if (id >= count)
      throw std::invalid_argument("queens-game piece " + std::to_string(id) + " is out of range (" +
                                  std::to_string(count) + " pieces)");
  };
  if (shared) {
    auto one = std::make_shared<SharedTable<W>>(budget);
    list.solve = [cut, one, check, solve_one](const std::uint64_t* ids, std::size_t k,
                                              Subtotals* out) {
      for (std::size_t j = 0; j < k; ++j) {
        check(ids[j]);
        detail::Stats st;
        auto e = std::make_unique<detail::Engine<W, true>>(cut->g, one->table(), st, nullptr,
                                                           &one->busy());
        out[j] = solve_one(ids[j], *e, st);
      }
    };
  } else {
    auto pool = std::make_shared<TablePool<W>>(budget);
    list.solve = [cut, pool, check, solve_one](const std::uint64_t* ids, std::size_t k,
                                               Subtotals* out) {
      for (std::size_t j = 0; j < k; ++j) {
        check(ids[j]);
        typename TablePool<W>::Lease lease(pool.get());
        detail::Stats st;
        auto e = std::make_unique<detail::Engine<W, false>>(cut->g, lease.table(), st);
        out[j] = solve_one(ids[j], *e, st);
      }
    };
  }
}

/// The piece list of `cut`; its pieces share one table of `budget` bytes: with `shared` the
/// concurrent one (pieces on several threads at once), else one per thread (TablePool).
template <int W>
PieceList make_list(const std::shared_ptr<const Cut<W>>& cut, int rows, int cols, Mode mode,
                    std::uint64_t budget, bool shared) {
  const int plies = cut->plies;
  PieceList list;
  const std::string cut_name = plies == 1 ? "first-moves" : "replies";
  list.scheme = "queens-game-" + cut_name +
                (mode == Mode::kGrundy   ? "-grundy"
                 : mode == Mode::kMisere ? "-misere"
                                         : "");
  list.fields = {"value", "square", "nodes", "positions"};
  list.count = cut->child.size();
  std::uint64_t h = fnv1a(list.scheme);
  h = fnv1a_u64(static_cast<std::uint64_t>(rows), h);
  h = fnv1a_u64(static_cast<std::uint64_t>(cols), h);
  for (std::size_t i = 0; i < cut->child.size(); ++i) {
    h = fnv1a_u64(cut->squares[i].size(), h);
    for (int s : cut->squares[i]) h = fnv1a_u64(static_cast<std::uint64_t>(s), h);
    if (plies == 2) h = fnv1a_u64(static_cast<std::uint64_t>(cut->child[i].count()), h);
  }
  list.work = work_by_free_squares(cut->child);
  for (const auto& r : cut->replies) {
    h = fnv1a_u64(r.size(), h);
    for (std::size_t j : r) h = fnv1a_u64(j, h);
  }
  list.hash = h;
  list.result_text = [cut, mode](const std::vector<Subtotals>& by_id) {
    return result_text(mode, cut->class_values(by_id, mode != Mode::kGrundy, mode == Mode::kMisere),
                       by_id);
  };
  set_solve<W>(list, cut, budget, shared,
               [cut, mode](std::uint64_t id, auto& e, const detail::Stats& st) {
                 return piece_subtotals(*cut, mode, id, e, st);
               });
  return list;
}

/// The piece list of a board and what memo_sym_pieces_on needs from the same cut: the
/// first-move classes' squares and the function from the pieces' values to the classes'.
struct Pieces {
  PieceList list;
  std::vector<std::vector<int>> classes;
  std::function<std::vector<std::uint64_t>(const std::vector<Subtotals>&)> class_values;
};

/// Throws std::invalid_argument for a board outside 1..kMaxSquares squares or Grundy values
/// asked under misere play.
void check_board(int rows, int cols, bool misere, bool grundy_values) {
  if (rows < 1 || cols < 1 || rows * cols > kMaxSquares)
    throw std::invalid_argument("queens-game pieces: a " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " board is outside 1.." +
                                std::to_string(kMaxSquares) + " squares");
  if (misere && grundy_values)
    throw std::invalid_argument("queens-game pieces: Grundy values are for normal play only");
}

Pieces make_pieces(int rows, int cols, bool misere, bool grundy_values, std::uint64_t budget,
                   int plies, bool shared) {
  check_board(rows, cols, misere, grundy_values);
  if (plies != 1 && plies != 2)
    throw std::invalid_argument("queens-game pieces: cut after 1 or 2 plies, not " +
                                std::to_string(plies));
  const Mode mode = mode_of(misere, grundy_values);
  return detail::dispatch_words(rows * cols, [&]<int W>() {
    auto cut = std::make_shared<const Cut<W>>(rows, cols, plies);
    Pieces p;
    p.list = make_list<W>(cut, rows, cols, mode, budget, shared);
    p.classes = cut->classes;
    p.class_values = [cut, mode](const std::vector<Subtotals>& by_id) {
      return cut->class_values(by_id, mode != Mode::kGrundy, mode == Mode::kMisere);
    };
    return p;
  });
}

/// memo-sym-query-pieces: the levels of questions (heaps 0 .. kQueryLevels - 1) before a first
/// move still open has its value searched whole.
constexpr int kQueryLevels = 4;
/// The value of a question or fallback that was not needed (answered without a search).
constexpr std::uint64_t kNotNeeded = 1000;
/// A value not known yet (in a run's gate).
constexpr std::uint64_t kUnknown = ~std::uint64_t{0};

/// The pieces of memo-sym-query-pieces on a reply cut (plies 2, R reply pieces): id h * R + r
/// asks whether reply position r + *h is lost (value 0) or won (1), for h < levels; id
/// levels * R + i is first-move class i's fallback (the Grundy value of its position). With
/// Grundy values levels = kQueryLevels, else 1 and no fallbacks (the outcome of each reply
/// position, under misere play its misere outcome).
template <int W>
struct Questions {
  std::shared_ptr<const Cut<W>> cut;
  Mode mode;
  int levels;
  std::size_t replies;                               // R
  std::vector<detail::Set<W>> first;                 // fallbacks: each class's position
  std::vector<std::vector<std::size_t>> classes_of;  // per reply piece: the classes it answers

  Questions(std::shared_ptr<const Cut<W>> c, Mode m)
      : cut(std::move(c)),
        mode(m),
        levels(m == Mode::kGrundy ? kQueryLevels : 1),
        replies(cut->child.size()),
        classes_of(cut->child.size()) {
    const detail::Set<W> start = detail::Set<W>::first_n(cut->g.n);
    for (std::size_t i = 0; i < cut->classes.size(); ++i) {
      if (mode == Mode::kGrundy) first.push_back(start.andnot(cut->g.att[cut->classes[i].front()]));
      for (std::size_t r : cut->replies[i]) classes_of[r].push_back(i);
    }
  }

  std::uint64_t count() const {
    return static_cast<std::uint64_t>(levels) * replies + first.size();
  }

  std::uint64_t at(std::size_t r, int h, const std::vector<std::uint64_t>& val) const {
    return val[slot(h, r)];
  }

  /// The id of the question of reply r at heap h: heap 0 lightest reply first (the fewest free
  /// squares, the engine's move order, so a first move's lost reply is looked for where it is
  /// cheapest), higher heaps heaviest first (every open first move's replies are asked there).
  std::size_t slot(int h, std::size_t r) const {
    return static_cast<std::size_t>(h) * replies + (h == 0 ? replies - 1 - r : r);
  }
  /// The reply that question id asks about.
  std::size_t reply_at(std::uint64_t id) const {
    const std::size_t k = static_cast<std::size_t>(id % replies);
    return id < replies ? replies - 1 - k : k;
  }

  /// Reply r at heap h: 0 when r + *h is lost (its Grundy value is h), 1 when it is known not to
  /// be (r + *h won, or r + *k lost for another k), -1 when not known.
  int state(std::size_t r, int h, const std::vector<std::uint64_t>& val) const {
    const std::uint64_t v = at(r, h, val);
    if (v == 0) return 0;
    if (v == 1) return 1;
    for (int k = 0; k < levels; ++k)
      if (k != h && at(r, k, val) == 0) return 1;
    // Not needed at h: every first move of r open at h had a reply of value h already, so no
    // first move's value rests on r at h.
    return v == kNotNeeded ? 1 : -1;
  }

  /// Whether some reply of class i is known to have value h.
  bool found(std::size_t i, int h, const std::vector<std::uint64_t>& val) const {
    for (std::size_t r : cut->replies[i])
      if (at(r, h, val) == 0) return true;
    return false;
  }

  /// Class i at `level`: 1 when for every h < level one of its replies is known to have value h
  /// (the class's value is at least level), 0 when its value is known to be below level (some
  /// h < level that no reply has), -1 not known yet.
  int open(std::size_t i, int level, const std::vector<std::uint64_t>& val) const {
    for (int h = 0; h < level; ++h) {
      if (found(i, h, val)) continue;
      for (std::size_t r : cut->replies[i])
        if (state(r, h, val) < 0) return -1;
      return 0;
    }
    return 1;
  }

  /// Whether piece id is needed given the values known so far: 1 yes, 0 no, -1 not known yet
  /// (then it depends on pieces of lower heaps only, all handed out before it). A question at
  /// heap h is needed while one of its first moves is open at h and has no reply of value h
  /// yet; one answered meanwhile by a piece still running is asked anyway (its answer is exact,
  /// only not needed), so the pieces of one heap never wait for each other.
  int need(std::uint64_t id, const std::vector<std::uint64_t>& val) const {
    const std::uint64_t asked = static_cast<std::uint64_t>(levels) * replies;
    if (id >= asked) return open(static_cast<std::size_t>(id - asked), levels, val);
    const int h = static_cast<int>(id / replies);
    const std::size_t r = reply_at(id);
    for (int k = 0; k < h; ++k)
      if (at(r, k, val) == 0) return 0;  // r's value is k < h
    bool unknown = false;
    for (std::size_t i : classes_of[r]) {
      const int o = open(i, h, val);
      if (o == 1 && !found(i, h, val)) return 1;
      unknown = unknown || o < 0;
    }
    return unknown ? -1 : 0;
  }

  /// Each first-move class's value from every piece's value: the Grundy value (the mex of its
  /// replies' values, or its fallback's), else 0 when the move wins (no reply position lost;
  /// under misere play a move that leaves no reply loses: 1).
  std::vector<std::uint64_t> class_values(const std::vector<Subtotals>& by_id) const {
    std::vector<std::uint64_t> val(by_id.size());
    for (std::size_t j = 0; j < by_id.size(); ++j) val[j] = by_id[j].v[kValue];
    std::vector<std::uint64_t> v(cut->classes.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (mode == Mode::kMisere && cut->replies[i].empty()) {
        v[i] = 1;
        continue;
      }
      int h = 0;
      while (h < levels && found(i, h, val)) ++h;
      if (h < levels && open(i, h + 1, val) < 0)
        throw std::logic_error("queens-game questions: a first move's value is not settled");
      if (mode != Mode::kGrundy)
        v[i] = h == 0 ? 0 : 1;
      else
        v[i] = h < levels ? static_cast<std::uint64_t>(h)
                          : val[static_cast<std::size_t>(levels) * replies + i];
    }
    return v;
  }

  /// The subtotals of piece id, searched by engine e (its counters in st).
  template <class Engine>
  Subtotals solve(std::uint64_t id, Engine& e, const detail::Stats& st) const {
    Subtotals s;
    const std::uint64_t asked = static_cast<std::uint64_t>(levels) * replies;
    if (id >= asked) {
      const std::size_t i = static_cast<std::size_t>(id - asked);
      s.v[kValue] = static_cast<std::uint64_t>(e.grundy(first[i]));
      s.v[kSquare] = static_cast<std::uint64_t>(cut->classes[i].front());
    } else {
      const int h = static_cast<int>(id / replies);
      const std::size_t r = reply_at(id);
      const auto& c = cut->child[r];
      const bool win = mode == Mode::kMisere ? e.wins_misere(c) : e.wins(c, h);
      s.v[kValue] = win ? 1 : 0;
      s.v[kSquare] = static_cast<std::uint64_t>(square_code(r));
    }
    s.v[kNodes] = st.nodes;
    s.v[kPositions] = st.stored;
    return s;
  }

  /// First move x squares + reply, of one way to reply position r (the reply pieces' code).
  int square_code(std::size_t r) const {
    return cut->squares[r][0] * cut->g.n + cut->squares[r][1];
  }

  /// A piece not needed: its value kNotNeeded, its square, no nodes.
  Subtotals skipped(std::uint64_t id) const {
    Subtotals s;
    s.v[kValue] = kNotNeeded;
    const std::uint64_t asked = static_cast<std::uint64_t>(levels) * replies;
    s.v[kSquare] = static_cast<std::uint64_t>(
        id >= asked ? cut->classes[static_cast<std::size_t>(id - asked)].front()
                    : square_code(reply_at(id)));
    return s;
  }
};

/// The piece list of memo-sym-query-pieces: `q`'s questions and fallbacks, searched on one table
/// of `budget` bytes (with `shared` the concurrent one, else one per thread), each answered
/// whether needed or not (a run gates them: QuestionGate).
template <int W>
PieceList make_question_list(const std::shared_ptr<const Questions<W>>& q, int rows, int cols,
                             std::uint64_t budget, bool shared) {
  PieceList list;
  list.scheme = std::string("queens-game-reply-questions") + (q->mode == Mode::kGrundy   ? "-grundy"
                                                              : q->mode == Mode::kMisere ? "-misere"
                                                                                         : "");
  list.fields = {"value", "square", "nodes", "positions"};
  list.count = q->count();
  std::uint64_t h = fnv1a(list.scheme);
  h = fnv1a_u64(static_cast<std::uint64_t>(rows), h);
  h = fnv1a_u64(static_cast<std::uint64_t>(cols), h);
  h = fnv1a_u64(static_cast<std::uint64_t>(q->levels), h);
  h = fnv1a("heap 0 lightest first", h);
  const Cut<W>& cut = *q->cut;
  for (std::size_t i = 0; i < cut.child.size(); ++i) {
    for (int s : cut.squares[i]) h = fnv1a_u64(static_cast<std::uint64_t>(s), h);
    h = fnv1a_u64(static_cast<std::uint64_t>(cut.child[i].count()), h);
  }
  const std::vector<std::uint64_t> reply_work = work_by_free_squares(cut.child);
  for (const auto& r : cut.replies) {
    h = fnv1a_u64(r.size(), h);
    for (std::size_t j : r) h = fnv1a_u64(j, h);
  }
  list.hash = h;
  // Estimated work: heaps 0 and 1 (the first moves of value 1 ask both) by the free squares as
  // the reply pieces; higher heaps and fallbacks, expected not to be needed, 0.
  for (int lv = 0; lv < q->levels; ++lv)
    for (std::size_t k = 0; k < reply_work.size(); ++k)
      list.work.push_back(lv < 2 ? reply_work[q->reply_at(list.work.size())] : 0);
  list.work.resize(list.count, 0);
  list.result_text = [q](const std::vector<Subtotals>& by_id) {
    return result_text(q->mode, q->class_values(by_id), by_id);
  };
  list.not_needed = [](const Subtotals& s) { return s.v[kValue] == kNotNeeded; };
  set_solve<W>(
      list, q->cut, budget, shared,
      [q](std::uint64_t id, auto& e, const detail::Stats& st) { return q->solve(id, e, st); });
  return list;
}

/// A run's gate over the questions: the values known (the journal's and those answered now); a
/// piece not needed is answered at once as such, one whose need is not known yet waits for the
/// pieces it depends on (all of lower ids, so already handed out).
struct QuestionGate {
  PieceGate gate;                    // guards value
  std::vector<std::uint64_t> value;  // index = id; kUnknown until finished
};

/// `list` with its solve gated by `gate` over q's needs.
template <int W>
PieceList gated_question_list(const PieceList& list, std::shared_ptr<const Questions<W>> q,
                              std::shared_ptr<QuestionGate> gate) {
  PieceList g = list;
  g.solve = [solve = list.solve, q, gate](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
    for (std::size_t j = 0; j < k; ++j) {
      if (ids[j] >= q->count()) {
        solve(ids + j, 1, out + j);  // throws: out of range
        continue;
      }
      if (gate->gate.wait([&] { return q->need(ids[j], gate->value); }) == 0) {
        out[j] = q->skipped(ids[j]);
        continue;
      }
      gate->gate.guard([&] { solve(ids + j, 1, out + j); });
    }
  };
  return g;
}

/// The result of a pieces kernel from the first-move classes' squares and values and the
/// pieces' counters.
Result assemble(const Params& p, const std::vector<std::vector<int>>& classes,
                const std::vector<std::uint64_t>& values, const PieceValues& v) {
  Result r;
  std::vector<bool> seen(classes.size() + 2, false);
  if (p.move_grundy) r.move_grundy.assign(static_cast<std::size_t>(p.rows * p.cols), 0);
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const auto value = values[i];
    if (value == 0 && p.all_moves)
      r.winning_first_moves.insert(r.winning_first_moves.end(), classes[i].begin(),
                                   classes[i].end());
    if (value < seen.size()) seen[value] = true;
    r.first_player_wins = r.first_player_wins || value == 0;
    if (p.move_grundy)
      for (int sq : classes[i])
        r.move_grundy[static_cast<std::size_t>(sq)] = static_cast<int>(value);
  }
  for (const Subtotals& s : v.by_id) {
    r.nodes += s.v[kNodes];
    r.positions += s.v[kPositions];
  }
  std::sort(r.winning_first_moves.begin(), r.winning_first_moves.end());
  if (p.grundy) {
    int mex = 0;
    while (seen[static_cast<std::size_t>(mex)]) ++mex;
    r.grundy = mex;
  }
  r.threads = v.threads;
  r.ranks = v.ranks;
  return r;
}

}  // namespace

PieceList first_move_pieces(int rows, int cols, bool misere, bool grundy_values,
                            std::uint64_t piece_budget, int plies) {
  return make_pieces(rows, cols, misere, grundy_values, piece_budget, plies, false).list;
}

std::vector<std::vector<int>> first_move_classes(int rows, int cols) {
  return detail::dispatch_words(rows * cols,
                                [&]<int W>() { return Cut<W>(rows, cols, 1).squares; });
}

Result memo_sym_pieces_on(const Params& p, const char* kernel, bool on_ranks, int plies) {
  validate(p, kernel);
  refuse_queens(p, kernel);
  // One table of the whole budget (on every rank), shared by the threads when there are several.
  const std::uint64_t budget = detail::budget(p);
  const bool shared = p.threads > 1;
  // Refused here, on every rank alike, rather than in a piece (where under MPI it ends the job).
  detail::Table<1, false>::check_budget(budget);
  const bool grundy_values = p.grundy || p.move_grundy;
  const Pieces pieces = make_pieces(p.rows, p.cols, p.misere, grundy_values, budget, plies, shared);
  const PieceValues v = run_pieces_by_id(pieces.list, p.threads, p.progress, p.pieces, on_ranks);
  return assemble(p, pieces.classes, pieces.class_values(v.by_id), v);
}

Result memo_sym_pieces(const Params& p) {
  return memo_sym_pieces_on(p, "memo-sym-pieces", false, 1);
}

Result memo_sym_reply_pieces(const Params& p) {
  return memo_sym_pieces_on(p, "memo-sym-reply-pieces", false, 2);
}

PieceList reply_question_pieces(int rows, int cols, bool misere, bool grundy_values,
                                std::uint64_t piece_budget) {
  check_board(rows, cols, misere, grundy_values);
  return detail::dispatch_words(rows * cols, [&]<int W>() {
    auto q = std::make_shared<const Questions<W>>(std::make_shared<const Cut<W>>(rows, cols, 2),
                                                  mode_of(misere, grundy_values));
    return make_question_list<W>(q, rows, cols, piece_budget, false);
  });
}

Result memo_sym_query_pieces(const Params& p) {
  validate(p, "memo-sym-query-pieces");
  refuse_queens(p, "memo-sym-query-pieces");
  const std::uint64_t budget = detail::budget(p);
  detail::Table<1, false>::check_budget(budget);
  const bool grundy_values = p.grundy || p.move_grundy;
  check_board(p.rows, p.cols, p.misere, grundy_values);
  return detail::dispatch_words(p.rows * p.cols, [&]<int W>() {
    auto cut = std::make_shared<const Cut<W>>(p.rows, p.cols, 2);
    auto q = std::make_shared<const Questions<W>>(cut, mode_of(p.misere, grundy_values));
    const PieceList list = make_question_list<W>(q, p.rows, p.cols, budget, p.threads > 1);
    auto gate = std::make_shared<QuestionGate>();
    gate->value.assign(list.count, kUnknown);
    PieceHooks hooks;
    if (p.pieces != nullptr) {
      hooks.finished = p.pieces->finished;
      for (const PieceRecord& rec : hooks.finished) {
        if (rec.id >= list.count) continue;  // a bad id: the runner refuses it
        const std::uint64_t v = rec.sub.v[kValue];
        const bool fallback = rec.id >= static_cast<std::uint64_t>(q->levels) * q->replies;
        if (v != kNotNeeded &&
            (fallback ? v > static_cast<std::uint64_t>(detail::kMaxHeap) : v > 1))
          throw std::invalid_argument(
              "queens-game: the journal's piece " + std::to_string(rec.id) + " has value " +
              std::to_string(v) + ", not an answer of memo-sym-query-pieces (" +
              (fallback ? "a Grundy value" : "0 lost, 1 won") + " or 1000 not needed)");
        gate->value[rec.id] = v;
      }
    }
    hooks.on_piece = [gate, outer = p.pieces](std::uint64_t id, const Subtotals& sub,
                                              double seconds) {
      gate->gate.update([&] { gate->value[id] = sub.v[kValue]; });
      if (outer != nullptr && outer->on_piece) outer->on_piece(id, sub, seconds);
    };
    const PieceValues v =
        run_pieces_by_id(gated_question_list<W>(list, q, gate), p.threads, p.progress, &hooks);
    return assemble(p, cut->classes, q->class_values(v.by_id), v);
  });
}

}  // namespace sb::queens_game
