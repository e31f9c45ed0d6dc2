// Shared search core of the symmetry-reduced bitboard kernels (bitboard-sym and its parallel
// versions): the split of the search into independent subproblems and their search.
// See bitboard_sym.cpp for the algorithm.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace sb::nqueens::sym {

/// Partial sums of one search or subproblem (always 64-bit).
struct Counters {
  std::uint64_t total = 0;   ///< solutions, each canonical one weighted by its orbit size
  std::uint64_t unique = 0;  ///< canonical solutions
  std::uint64_t nodes = 0;   ///< queens placed

  Counters& operator+=(const Counters& o) {
    total += o.total;
    unique += o.unique;
    nodes += o.nodes;
    return *this;
  }
};

/// A partial board whose completion is searched independently of every other subproblem.
struct Subproblem {
  int corner;  ///< 1: a queen in the corner (row 0, column 0); 0: no corner queen
  int bound;   ///< corner: column of row 1's queen; otherwise column b of row 0's queen
  int row;     ///< next row to fill (rows 0 .. row-1 hold a queen each)
  std::uint64_t cols, diag, anti;       ///< masks for row `row` (bit i = column i)
  std::array<std::uint32_t, 32> board;  ///< board[r] = bit of row r's queen, r < row
};

/// Subproblems covering the symmetry-reduced search of the n x n board (2 <= n <= 32): the root
/// cases (corner queen with row 1's column, or row 0's column b), expanded row by row until there
/// are at least `min_count` of them or they reach row min(n-4, n/2). Queens placed while splitting
/// are added to pre.nodes, so split + solve_batch count exactly the nodes of the serial search.
std::vector<Subproblem> split(int n, std::size_t min_count, Counters& pre);

/// Searches every completion of subs[0 .. count-1] on the n x n board, several subproblems at a
/// time, and adds their counts to c.
void solve_batch(int n, const Subproblem* subs, std::size_t count, Counters& c);

/// The whole search for any 1 <= n <= 32, serially.
Counters solve_all(int n);

/// The search of the n x n board (1 <= n <= 32) cut into a fixed, numbered list of pieces, the
/// same for every thread and rank count, for the piece runners (src/core/pieces_run.hpp): the
/// parallel kernels, journals and MPI. The cut continues split()'s root cases row by row (lowest
/// column first) down to row `depth` = min(n-4, n/2, 4 for n <= 14 else 5): the prefixes, partial
/// boards with one queen on each of rows 0 .. depth-1 (a corner root already fills rows 0 and 1),
/// in depth-first order; dead ends are dropped. Piece i is prefixes [16 i, 16 i + 16), searched
/// as one solve_batch. Counts: n = 8: 7 pieces, 12: 81, 16: 2,815, 17: 4,205, 19: 9,302 (about
/// 1.45 times more per n at depth 5; 20 bytes per prefix). Queens placed above the prefixes are
/// counted in base(), so base + every piece = solve_all(n), nodes included. n = 1 is all base.
class PieceCut {
 public:
  static constexpr std::size_t kPerPiece = 16;  ///< prefixes per piece
  static constexpr int kMaxDepth = 16;          ///< deepest prefix stored

  explicit PieceCut(int n);
  int n() const { return n_; }
  int depth() const { return depth_; }
  std::size_t prefixes() const { return list_.size(); }
  std::size_t pieces() const { return (list_.size() + kPerPiece - 1) / kPerPiece; }
  const Counters& base() const { return base_; }
  /// 64-bit FNV-1a over n, depth, kPerPiece and every prefix in order.
  std::uint64_t hash() const { return hash_; }
  /// Searches piece id (< pieces()) and adds its counts to c.
  void solve(std::size_t id, Counters& c) const;

 private:
  struct Prefix {
    std::uint8_t corner, bound, row;
    std::uint8_t col[kMaxDepth];  // columns of the queens on rows 0 .. row-1
  };
  int n_ = 0, depth_ = 0;
  Counters base_;
  std::uint64_t hash_ = 0;
  std::vector<Prefix> list_;
};

/// The work of the parallel kernels: the search of the n x n board (1 <= n <= 32) cut into at
/// least 256 subproblems per thread, handed out in chunks of kChunk (each searched by
/// solve_batch). `pre` holds what was counted while cutting (all of it when n = 1).
struct ParallelPlan {
  static constexpr std::size_t kChunk = 16;
  int n = 0;
  Counters pre;
  std::vector<Subproblem> subs;

  ParallelPlan(int n, int threads);
  std::size_t chunks() const { return (subs.size() + kChunk - 1) / kChunk; }
  /// Searches chunk i (0 <= i < chunks()) and adds its counts to c.
  void solve_chunk(std::size_t i, Counters& c) const;
};

}  // namespace sb::nqueens::sym
