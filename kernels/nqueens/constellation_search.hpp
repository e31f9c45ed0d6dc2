// Row search of the constellation kernels: the input each search engine gets and the engines
// built into this binary (scalar, AVX2, AVX-512). Plain data and declarations only, so that the
// files compiled for one instruction set (constellation_avx2.cpp, constellation_avx512.cpp)
// share no inline code with the rest of the program. See constellation.cpp for the algorithm.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sb::nqueens::constellations::detail {

/// Most rows one piece leaves to search: rows 1 .. n-2 of a 32 x 32 board less one border queen.
inline constexpr int kMaxSearchRows = 29;

/// The rows of one piece still to fill, in search order (row by row, top to bottom of the
/// orientation chosen for the piece). Bit i of a row mask is inner column i + 1 (columns 0 and
/// n-1 belong to border queens). Level i is the i-th searched row.
struct SearchData {
  int m = 0;  ///< rows to fill (0 .. kMaxSearchRows); as many inner columns are free
  /// avail[i]: squares of level i not attacked by the pre-placed queens (0 from level m on).
  std::uint32_t avail[kMaxSearchRows + 3] = {};
  /// gap[i]: rows from level i to level i + 1 (1, or more where border-queen rows are skipped).
  std::uint8_t gap[kMaxSearchRows + 3] = {};
  /// Look-ahead of a queen placed on level i (i <= m - 3): the child is searched only if levels
  /// i + 2 and i + 3 keep a free square. ahead2[i] = avail[i+2], shift2[i] = gap[i+1];
  /// ahead3[i] = avail[i+3], shift3[i] = gap[i+2] (for i = m - 3 a repeat of level i + 2: shift 0).
  std::uint32_t ahead2[kMaxSearchRows + 3] = {}, ahead3[kMaxSearchRows + 3] = {};
  std::uint8_t shift2[kMaxSearchRows + 3] = {}, shift3[kMaxSearchRows + 3] = {};
};

/// What one row search found: completions of the piece, and queens placed (nodes).
struct SearchCount {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
};

/// Searches d[0 .. count-1] and writes their counts to out[0 .. count-1]. Every engine visits
/// the same tree and returns the same counts. Callers check the CPU first (constellation.cpp).
void search_scalar(const SearchData* d, std::size_t count, SearchCount* out);
/// True when this binary holds the real AVX2 / AVX-512 engines (their files were compiled for
/// those instruction sets); false when they are stubs.
bool avx2_built();
bool avx512_built();

/// AVX2: 8 boards in lockstep (32-bit lanes), any n. Needs AVX2 and POPCNT.
void search_avx2(const SearchData* d, std::size_t count, SearchCount* out);
/// AVX2: 16 boards in lockstep (16-bit lanes), n <= 18 only. Same CPU features.
void search_avx2_narrow(const SearchData* d, std::size_t count, SearchCount* out);
/// AVX-512, 16 boards in lockstep (32-bit lanes), any n. Needs AVX512F/BW/DQ/VL/VBMI2, POPCNT.
void search_avx512_wide(const SearchData* d, std::size_t count, SearchCount* out);
/// AVX-512, 32 boards in lockstep (16-bit lanes), n <= 18 only. Same CPU features as the wide one.
void search_avx512_narrow(const SearchData* d, std::size_t count, SearchCount* out);

}  // namespace sb::nqueens::constellations::detail
