// The pieces of the constellation kernels: an explicit, numbered list of independent
// subproblems whose results add up to Q(n) and U(n), for parallel, distributed and resumable runs
// (an MPI rank or a journal needs only n and a piece id). See constellation.cpp for the method.
//
//   const auto list = pieces(n);                       // the same list in every process
//   const PieceResult r = solve_piece(n, list[id]);    // any piece, in any order, anywhere
//   // Q(n), U(n) and the constellation kernel's node count are the sums of r.total, r.unique
//   // and r.nodes over all ids; fingerprint(n, list) identifies the list (e.g. in a journal).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sb::nqueens::constellations {

/// One piece: the solutions whose four border queens (the queens of row 0, row n-1, column 0 and
/// column n-1) stand where this piece puts them, up to the 8 symmetries of the square.
///
/// Every N-queens solution has exactly one queen on each border line (a corner queen serves two
/// lines), so the border configurations partition the solutions; a piece stands for the orbit of
/// its configuration under the dihedral group D4 and is stored in canonical form (the image whose
/// sorted squares are smallest). Rows and columns are 0-based; row 0 is the top row.
struct Piece {
  std::uint32_t id = 0;         ///< position in pieces(n), 0-based; the same n gives the same list
  std::uint8_t top = 0;         ///< column of the queen in row 0
  std::uint8_t bottom = 0;      ///< column of the queen in row n-1
  std::uint8_t left = 0;        ///< row of the queen in column 0
  std::uint8_t right = 0;       ///< row of the queen in column n-1
  std::uint8_t stabilizer = 1;  ///< symmetries mapping the border queens onto themselves: 1..8
  /// Rotations among those symmetries: bit 0 the half turn, bit 1 the quarter turns. Only these
  /// can fix a solution (for n >= 2), so only they enter U(n).
  std::uint8_t rotations = 0;
  /// The image of the configuration (0..7, see orientation_name) that the row search uses: the
  /// one with the smallest estimated tree, since the row order decides how early the search fails.
  std::uint8_t orientation = 0;
  /// Estimated size of the piece's search tree (relative units): the list is sorted by it,
  /// largest first, so that workers taking pieces in order finish together.
  std::uint64_t estimate = 0;
};

/// Counts of one piece. total and unique are the piece's shares of Q(n) and U(n): the sums over
/// pieces(n) are Q(n) (OEIS A000170) and U(n) (OEIS A002562). nodes: queens placed (the border
/// queens, every queen the row search places, and for border configurations symmetric under the
/// half turn the queens of the search for symmetric solutions). All 64-bit.
struct PieceResult {
  std::uint64_t total = 0;
  std::uint64_t unique = 0;
  std::uint64_t nodes = 0;

  PieceResult& operator+=(const PieceResult& o) {
    total += o.total;
    unique += o.unique;
    nodes += o.nodes;
    return *this;
  }
};

/// Every piece of the n x n board, 1 <= n <= 32, each with id = its index. The list depends only
/// on n: it is the same in every process and run (a distributed or resumed run can name pieces by
/// id). Its size grows like n^4 / 8 (n = 8: 78, n = 16: 3,206, n = 27: 38,604). Computing it
/// takes well under a second (n = 20: 9,522 pieces in 0.05 s). Throws std::invalid_argument for n
/// outside 1..32.
std::vector<Piece> pieces(int n);

/// Solves one piece of the n x n board (1 <= n <= 32; piece from pieces(n)) with the fastest
/// search engine this CPU runs. Pure: no I/O, no shared state, safe from any thread. Throws
/// std::invalid_argument for n outside 1..32 or a piece that is not a valid configuration of n.
PieceResult solve_piece(int n, const Piece& piece);

/// The search engines: all give identical results, nodes included.
enum class Engine {
  kAuto,          ///< the fastest one available for n (below)
  kScalar,        ///< portable C++, one board at a time
  kAvx2,          ///< 8 boards in lockstep, 32-bit lanes (AVX2)
  kAvx2Narrow,    ///< 16 boards in lockstep, 16-bit lanes, n <= 18 (AVX2)
  kAvx512Wide,    ///< 16 boards in lockstep, 32-bit lanes (AVX-512F/BW/DQ/VL/VBMI2)
  kAvx512Narrow,  ///< 32 boards in lockstep, 16-bit lanes, n <= 18 (same CPU features)
};

/// Name of an engine: "auto", "scalar", "avx2", "avx2-narrow", "avx512-wide", "avx512-narrow".
const char* engine_name(Engine e);

/// True when engine e runs on this CPU for board size n (kAuto and kScalar always).
bool engine_available(Engine e, int n);

/// The engine kAuto stands for at board size n: the first of AVX-512 narrow (n <= 18), AVX-512
/// wide, AVX2 narrow (n <= 18), AVX2, scalar that this CPU runs.
Engine auto_engine(int n);

/// Solves pieces first[0 .. count-1] of the n x n board into out[0 .. count-1]; several pieces
/// are searched at a time, so a batch is faster than single calls. Throws std::invalid_argument
/// for a bad n or piece, or an engine this CPU cannot run for n (see engine_available).
void solve_pieces(int n, const Piece* first, std::size_t count, PieceResult* out,
                  Engine engine = Engine::kAuto);

/// A checksum of a piece list (FNV-1a over n and every field of every piece): a journal can store
/// it to check that it resumes the same list.
std::uint64_t fingerprint(int n, const std::vector<Piece>& list);

/// Name of orientation t (0..7): "identity", "rot90", "rot180", "rot270", "mirror-lr",
/// "mirror-tb", "transpose", "anti-transpose"; "?" otherwise.
const char* orientation_name(int t);

}  // namespace sb::nqueens::constellations
