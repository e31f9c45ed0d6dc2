// The quadrant-join N-queens counter (kernels/nqueens/quadrant_join.cpp): its engines and the two
// inner loops that each engine implements, shared with the file compiled for AVX-512
// (quadrant_join_avx512.cpp). Plain pointers and integers only, so that the AVX-512 file needs no
// standard-library template (see constellation_simd.hpp for why).
#pragma once

#include <cstddef>
#include <cstdint>

#include "nqueens/nqueens.hpp"

namespace sb::nqueens::quadrants {

/// Largest n: every quadrant's table is indexed by (rows, columns) in at most 2^24 slots (docs/
/// nqueens.md states the memory by n).
inline constexpr int kMaxN = 23;

/// Patterns per block of a DisjointCounter table: one 512-bit set per chunk value.
inline constexpr int kBlock = 512;
/// Query bits per chunk: a block stores, for each chunk of the query and each of its 2^5
/// values, the set of the block's patterns disjoint from that value.
inline constexpr int kChunkBits = 5;
inline constexpr int kChunkValues = 1 << kChunkBits;
/// 64-bit words per 512-bit set.
inline constexpr int kWords = kBlock / 64;

/// The engines: identical counts and node counts; kAvx512 where the CPU has AVX-512F, -VL,
/// -VPOPCNTDQ and BMI2 (a run-time check: no -march=native needed).
enum class Engine { kScalar, kAvx512 };
const char* engine_name(Engine e);
bool engine_available(Engine e);
Engine best_engine();

/// Q(n), U(n) and the node count (quadrant placement pairs tested, plus the search of the
/// rotation-symmetric solutions) with a given engine, 1 <= n <= kMaxN; for the tests and the
/// kernel. Throws std::invalid_argument for another n or an engine this CPU lacks.
Result count(int n, Engine engine, Progress* progress = nullptr);

/// The solutions of the n x n board fixed by the half turn (f180) and, among them, by the quarter
/// turn (f90), by a search of the top half (the half turn decides the rest); nodes: queens placed.
struct RotationFixed {
  std::uint64_t f180 = 0;
  std::uint64_t f90 = 0;
  std::uint64_t nodes = 0;
};
RotationFixed rotation_fixed(int n);

namespace detail {

/// Where a bottom quadrant placement's bits go in the join's pattern: its cell word rotated left
/// by rotate_a and masked with mask_a gives its anti-diagonals' part, rotated by rotate_d and
/// masked with mask_d its diagonals' part (kernels/nqueens/quadrant_join.cpp, Counter::shape).
struct JoinShape {
  int rotate_a = 0;
  std::uint64_t mask_a = 0;
  int rotate_d = 0;
  std::uint64_t mask_d = 0;
};

/// One half-board join step: a top quadrant placement against `count` bottom placements (cells:
/// anti-diagonals in the low 32 bits, diagonals in the high 32, in the bottom table's own
/// coordinates), `top` being the top's diagonals in those coordinates and `top_pattern` its
/// part of the pattern. For each cell c with c & top == 0 writes top_pattern | (rotl(c,
/// rotate_a) & mask_a) | (rotl(c, rotate_d) & mask_d) to out. Returns the number written; out
/// has room for count + 7 (the AVX-512 loop stores 8 lanes at a time).
std::size_t join_scalar(std::uint64_t top, std::uint64_t top_pattern, const std::uint64_t* cells,
                        std::size_t count, const JoinShape& shape, std::uint64_t* out);
std::size_t join_avx512(std::uint64_t top, std::uint64_t top_pattern, const std::uint64_t* cells,
                        std::size_t count, const JoinShape& shape, std::uint64_t* out);

/// The sum over the queries q[0..nq) of the patterns of a table (`blocks` blocks of `chunks`
/// chunks, each kChunkValues sets of kWords words: block-major, then chunk, then value) that
/// share no bit with q. Queries use bits 0 .. chunks * kChunkBits - 1 only. The last block's
/// sets use their first last_words words only (the rest are zero in chunk 0).
std::uint64_t count_scalar(const std::uint64_t* table, int blocks, int chunks, int last_words,
                           const std::uint64_t* q, std::size_t nq);
std::uint64_t count_avx512(const std::uint64_t* table, int blocks, int chunks, int last_words,
                           const std::uint64_t* q, std::size_t nq);

/// One block of a DisjointCounter table: for the block's patterns[0..count) (1 <= count <=
/// kBlock, bits 0 .. bits - 1), the `chunks` chunk tables at t (chunk-major, then value, then
/// kWords words): set v of chunk c holds the patterns that have none of the bits c * kChunkBits
/// + i for the set bits i of v (chunk 0's sets also only the block's patterns that exist).
void build_block_scalar(const std::uint64_t* patterns, std::size_t count, int bits, int chunks,
                        std::uint64_t* t);
void build_block_avx512(const std::uint64_t* patterns, std::size_t count, int bits, int chunks,
                        std::uint64_t* t);

/// out[i] = the bits of x[i] selected by mask, packed to the low end (x86 BMI2's PEXT).
void compress_scalar(const std::uint64_t* x, std::size_t count, std::uint64_t mask,
                     std::uint64_t* out);
void compress_avx512(const std::uint64_t* x, std::size_t count, std::uint64_t mask,
                     std::uint64_t* out);

/// Whether the AVX-512 file was compiled with its instruction sets (else it holds stubs).
bool avx512_built();

}  // namespace detail

/// Patterns prepared for counting, for a query q, those p with p & q == 0 (the join's inner
/// problem): blocks of kBlock patterns, each stored as chunk tables (below); lists shorter than
/// kMinTable patterns are kept as they are and compared one by one.
class DisjointCounter {
 public:
  static constexpr std::size_t kMinTable = 48;
  DisjointCounter() = default;
  DisjointCounter(const DisjointCounter&) = delete;
  DisjointCounter& operator=(const DisjointCounter&) = delete;
  ~DisjointCounter();

  /// Prepares patterns[0..count) whose bits lie in bits 0 .. bits - 1 (0 <= bits <= 64), with
  /// an engine's loops (the same table either way).
  void build(const std::uint64_t* patterns, std::size_t count, int bits, Engine engine);
  /// Sum over q[0..nq) of the patterns disjoint from q (q's bits within the built `bits`).
  std::uint64_t count(const std::uint64_t* q, std::size_t nq, Engine engine) const;
  std::size_t size() const { return size_; }

 private:
  std::size_t size_ = 0;
  int blocks_ = 0;  // 0: the patterns are kept in plain_
  int chunks_ = 0;
  int last_words_ = 0;              // words of the last block that hold patterns
  std::uint64_t* table_ = nullptr;  // 64-byte aligned: blocks_ * chunks_ * kChunkValues * kWords
  std::size_t capacity_ = 0;        // words allocated at table_
  std::uint64_t plain_[kMinTable] = {};
};

}  // namespace sb::nqueens::quadrants
