// The piece layer: a search cut into a fixed, numbered list of independent pieces whose
// subtotals add up to the answer. It is what lets a search be spread over MPI ranks (rank 0 hands
// out piece ids) and survive interruption (a journal records each finished piece; a resumed run
// skips them). Problem-agnostic: a piece's subtotals are a few named 64-bit counters (N-queens:
// total, unique, nodes), and a kernel family supplies its list through PieceList. Where the
// answer is not a sum (game values: the value of each first move, combined by mex or max), the
// pieces' subtotals are still journalled one by one, and the list says how to combine them
// (PieceList::result_text; run_pieces_by_id in src/core/pieces_run.hpp hands them over by id).
//
// How it reaches kernels, keeping them pure: the driver builds a PieceHooks (the pieces already
// finished, from a journal, and a callback for each piece finished now) and passes a pointer in
// RunSettings::pieces -> the problem's Params; a piece-running kernel skips the finished pieces,
// adds their subtotals into its result, and calls on_piece as it finishes the others. All file
// I/O (the journal) is the driver's, in that callback. Runners for the backends:
// src/core/pieces_run.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sb {

/// The subtotals of one piece (or a sum of pieces): up to kMax named 64-bit counters, in the
/// order of PieceList::fields; unused counters stay 0.
struct Subtotals {
  static constexpr std::size_t kMax = 4;
  std::array<std::uint64_t, kMax> v{};

  Subtotals& operator+=(const Subtotals& o) {
    for (std::size_t i = 0; i < kMax; ++i) v[i] += o.v[i];
    return *this;
  }
  friend bool operator==(const Subtotals&, const Subtotals&) = default;
};

/// A search cut into pieces with ids 0 .. count-1. The list must be a function of the instance
/// alone (never of threads, ranks or the machine), so that every process of a distributed run
/// and every resumed run builds the same list; `hash` lets them check that they did.
struct PieceList {
  /// The cut's name, e.g. "bitboard-sym" (kernels sharing a cut share piece ids).
  std::string scheme;
  /// Names of the subtotals (at most Subtotals::kMax), e.g. {"total", "unique", "nodes"}.
  std::vector<std::string> fields;
  std::uint64_t count = 0;  ///< number of pieces
  /// 64-bit FNV-1a over the list's content (every piece, in id order): two lists with the same
  /// scheme, count and hash are taken to be the same list.
  std::uint64_t hash = 0;
  /// What is counted while cutting, outside every piece (e.g. the queens placed above the
  /// pieces); the answer is base + the sum over all pieces.
  Subtotals base;
  /// Pieces a runner should hand to one solve call (>= 1; a batch may run faster, e.g. SIMD
  /// lanes across pieces).
  std::size_t batch = 1;
  /// Solves pieces ids[0 .. k-1] (each < count, 1 <= k) into out[0 .. k-1]. Pure: no I/O, no
  /// shared state; callable from any thread at once. Throws std::invalid_argument for a bad id.
  std::function<void(const std::uint64_t* ids, std::size_t k, Subtotals* out)> solve;
  /// Optional, for answers that are not base + the sum (game values): the answer as the text
  /// of a journal's result line ("value=1 nodes=..."), from every piece's subtotals (index =
  /// id). Empty: the result line shows base + the sum of each field.
  std::function<std::string(const std::vector<Subtotals>& by_id)> result_text;
  /// Optional, for cuts that skip pieces made unnecessary by others (m,n,k refutation pieces):
  /// whether a piece's recorded subtotals say it was not needed in its run (not solved; --verify
  /// then has nothing to compare). Empty: every piece is solved.
  std::function<bool(const Subtotals&)> not_needed;
  /// Optional: the estimated relative work of each piece (index = id, any scale), for the
  /// estimate of the time left; 0 for a piece expected to take no time (e.g. one expected not to
  /// be needed); empty: all pieces alike.
  std::vector<std::uint64_t> work;
  /// Optional: the order in which the runners take the pieces, a permutation of 0 .. count-1
  /// (e.g. one piece of each kind in turn, so that a kernel's estimate of the pieces' sizes has
  /// every kind measured early); empty: id order. Not part of the hash: a journal holds pieces
  /// by id whatever their order.
  std::vector<std::uint64_t> order;
};

/// A finished piece, as recorded in a journal.
struct PieceRecord {
  std::uint64_t id = 0;
  Subtotals sub;
};

/// What the driver asks of a piece-running kernel (RunSettings::pieces). Null: run every piece.
struct PieceHooks {
  /// Pieces already finished (e.g. read back from a journal): the kernel does not solve them
  /// again and adds their subtotals into its result. Ids must be < the list's count and unique.
  std::vector<PieceRecord> finished;
  /// Called once for every piece the kernel solves, as soon as it is solved, with its id, its
  /// subtotals and the seconds its solve call took (shared evenly by the pieces of one batch).
  /// Called from several threads at once: it must be thread-safe. In a distributed run it is
  /// called on rank 0 only, for the pieces of every rank. May be empty.
  std::function<void(std::uint64_t id, const Subtotals& sub, double seconds)> on_piece;
};

/// The work of one run: the pieces still to solve and what is already known.
struct PieceSchedule {
  std::vector<std::uint64_t> todo;  ///< ids to solve, in the list's order (PieceList::order)
  Subtotals known;                  ///< list.base plus the subtotals of the finished pieces
};

/// The schedule of `list` given `hooks` (may be null). Throws std::invalid_argument when a
/// finished id is out of range or given twice, or list.order is not a permutation of the ids.
PieceSchedule schedule_pieces(const PieceList& list, const PieceHooks* hooks);

/// 64-bit FNV-1a (offset basis 14695981039346656037, prime 1099511628211), continued from
/// `h`; used for piece-list hashes and journal checksums.
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = 14695981039346656037ULL);

/// fnv1a over the 8 little-endian bytes of x, continued from h.
std::uint64_t fnv1a_u64(std::uint64_t x, std::uint64_t h);

/// x as 16 lower-case hex digits.
std::string hex64(std::uint64_t x);

}  // namespace sb
