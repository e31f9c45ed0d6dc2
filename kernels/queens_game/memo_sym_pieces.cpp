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
// piece (13 x 13 with Grundy values: 81.3 M nodes on one thread, memo-sym --move-grundy's count,
// against 207.8 M with a table per piece): on one thread a plain table of the whole --max-memory,
// on several the concurrent table of memo-sym-tbb (memo_sym_tbb.cpp), where a thread puts off a
// position another thread is searching (ABDADA, busy_set.hpp). The values stored are exact
// whichever piece stored them, so every piece's value is; node counts depend on which pieces were
// solved before and, on several threads, on their timing (deterministic on one thread, without a
// resume), so the kernel is out of the signature. A stop loses the table: a resumed run searches
// its pieces on an empty one. Limits: rows * cols <= kMaxSquares (304); Grundy values <= 253.
//
// memo-sym-reply-pieces cuts one ply deeper, for boards whose first-move classes are too large
// for a sitting (17 x 17): one piece per class of positions after a first move and a reply
// (under the board's symmetries, so a position reached from several classes is one piece), each
// the Grundy value (or outcome) of that position; a first move's value is then the mex of its
// replies' values (Sprague-Grundy; for outcomes: the move wins when every reply loses; under
// misere play a first move that leaves no reply loses), and the start's as above. More pieces
// (1,366 on 13 x 13, 4,264 on 17 x 17), each smaller, on the same shared table. Exact Grundy
// values of every position after two plies are more than a first move's mex needs, so the total
// grows (with Grundy values: 1.0 x the first-move pieces' nodes on 12 x 12, 5.4 x on 13 x 13, both
// measured with a table per first-move piece).
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

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
  int fewest = kMaxSquares;
  for (const auto& c : cut->child) fewest = std::min(fewest, c.count());
  for (std::size_t i = 0; i < cut->child.size(); ++i) {
    h = fnv1a_u64(cut->squares[i].size(), h);
    for (int s : cut->squares[i]) h = fnv1a_u64(static_cast<std::uint64_t>(s), h);
    if (plies == 2) h = fnv1a_u64(static_cast<std::uint64_t>(cut->child[i].count()), h);
    // Estimated work: about x1.05 per free square (13 x 13 to 16 x 16 grow about x4 per size,
    // some 30 squares); only the ratios between pieces matter.
    list.work.push_back(static_cast<std::uint64_t>(
        std::llround(1000.0 * std::exp(0.045 * (cut->child[i].count() - fewest)))));
  }
  for (const auto& r : cut->replies) {
    h = fnv1a_u64(r.size(), h);
    for (std::size_t j : r) h = fnv1a_u64(j, h);
  }
  list.hash = h;
  list.result_text = [cut, mode](const std::vector<Subtotals>& by_id) {
    return result_text(mode, cut->class_values(by_id, mode != Mode::kGrundy, mode == Mode::kMisere),
                       by_id);
  };
  auto check = [cut](std::uint64_t id) {
    if (id >= cut->child.size())
      throw std::invalid_argument("queens-game piece " + std::to_string(id) + " is out of range (" +
                                  std::to_string(cut->child.size()) + " pieces)");
  };
  if (shared) {
    auto one = std::make_shared<SharedTable<W>>(budget);
    list.solve = [cut, mode, one, check](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
      for (std::size_t j = 0; j < k; ++j) {
        check(ids[j]);
        detail::Stats st;
        auto e = std::make_unique<detail::Engine<W, true>>(cut->g, one->table(), st, nullptr,
                                                           &one->busy());
        out[j] = piece_subtotals(*cut, mode, ids[j], *e, st);
      }
    };
  } else {
    auto pool = std::make_shared<TablePool<W>>(budget);
    list.solve = [cut, mode, pool, check](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
      for (std::size_t j = 0; j < k; ++j) {
        check(ids[j]);
        typename TablePool<W>::Lease lease(pool.get());
        detail::Stats st;
        auto e = std::make_unique<detail::Engine<W, false>>(cut->g, lease.table(), st);
        out[j] = piece_subtotals(*cut, mode, ids[j], *e, st);
      }
    };
  }
  return list;
}

/// The piece list of a board and what memo_sym_pieces_on needs from the same cut: the
/// first-move classes' squares and the function from the pieces' values to the classes'.
struct Pieces {
  PieceList list;
  std::vector<std::vector<int>> classes;
  std::function<std::vector<std::uint64_t>(const std::vector<Subtotals>&)> class_values;
};

Pieces make_pieces(int rows, int cols, bool misere, bool grundy_values, std::uint64_t budget,
                   int plies, bool shared) {
  if (rows < 1 || cols < 1 || rows * cols > kMaxSquares)
    throw std::invalid_argument("queens-game pieces: a " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " board is outside 1.." +
                                std::to_string(kMaxSquares) + " squares");
  if (misere && grundy_values)
    throw std::invalid_argument("queens-game pieces: Grundy values are for normal play only");
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
  // One table of the whole budget (on every rank), shared by the threads when there are several.
  const std::uint64_t budget = detail::budget(p);
  const bool shared = p.threads > 1;
  // Refused here, on every rank alike, rather than in a piece (where under MPI it ends the job).
  detail::Table<1, false>::check_budget(budget);
  const bool grundy_values = p.grundy || p.move_grundy;
  const Pieces pieces = make_pieces(p.rows, p.cols, p.misere, grundy_values, budget, plies, shared);
  const PieceValues v = run_pieces_by_id(pieces.list, p.threads, p.progress, p.pieces, on_ranks);
  const auto& classes = pieces.classes;
  const std::vector<std::uint64_t> values = pieces.class_values(v.by_id);
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

Result memo_sym_pieces(const Params& p) {
  return memo_sym_pieces_on(p, "memo-sym-pieces", false, 1);
}

Result memo_sym_reply_pieces(const Params& p) {
  return memo_sym_pieces_on(p, "memo-sym-reply-pieces", false, 2);
}

}  // namespace sb::queens_game
