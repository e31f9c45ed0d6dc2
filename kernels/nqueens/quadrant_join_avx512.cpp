// quadrant-join's inner loops on AVX-512 (engine avx512): the half-board join (8 bottom quadrant
// placements tested against one top placement per step, the compatible ones' patterns compressed
// in a register and stored 8 lanes at a time), the disjoint-pattern count (one 512-bit AND per
// query chunk and a VPOPCNTQ per block of 512 patterns; 256-bit ones for a last block of at most
// 256 patterns), the count's table blocks (eight 64 x 64 bit transposes at once, one per lane)
// and PEXT. Same results as the portable loops of quadrant_join.cpp. This file alone
// is compiled with -mavx512f -mavx512vl -mavx512vpopcntdq -mbmi2 (CMakeLists.txt) and called only
// after the CPU was found to have them (quadrant_join.cpp); on other targets it compiles to stubs
// that are never called.
#include "quadrant_join.hpp"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__AVX512VPOPCNTDQ__) && defined(__BMI2__)
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// GCC 12's AVX-512 intrinsics use a deliberately undefined pass-through vector and warn about it
// when inlined (GCC bug 105593, fixed in GCC 13).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

namespace sb::nqueens::quadrants::detail {

bool avx512_built() {
  return true;
}

std::size_t join_avx512(std::uint64_t top, std::uint64_t top_pattern, const std::uint64_t* cells,
                        std::size_t count, const JoinShape& shape, std::uint64_t* out) {
  const __m512i vtop = _mm512_set1_epi64(static_cast<long long>(top));
  const __m512i vpattern = _mm512_set1_epi64(static_cast<long long>(top_pattern));
  const __m512i ra = _mm512_set1_epi64(shape.rotate_a), rd = _mm512_set1_epi64(shape.rotate_d);
  const __m512i ma = _mm512_set1_epi64(static_cast<long long>(shape.mask_a));
  const __m512i md = _mm512_set1_epi64(static_cast<long long>(shape.mask_d));
  std::uint64_t* to = out;
  for (std::size_t i = 0; i < count; i += 8) {
    const std::size_t left = count - i;
    const __mmask8 lanes = left >= 8 ? 0xFF : static_cast<__mmask8>((1u << left) - 1);
    const __m512i c = _mm512_maskz_loadu_epi64(lanes, cells + i);
    const __mmask8 ok = _mm512_mask_testn_epi64_mask(lanes, c, vtop);
    const __m512i pa = _mm512_and_si512(_mm512_rolv_epi64(c, ra), ma);
    const __m512i pd = _mm512_and_si512(_mm512_rolv_epi64(c, rd), md);
    // compress in a register and store all 8 lanes: the compress store to memory is microcoded
    // on Zen 4 (n = 17 took 1.8x as long with it)
    _mm512_storeu_si512(
        to, _mm512_maskz_compress_epi64(ok, _mm512_ternarylogic_epi64(vpattern, pa, pd, 0xFE)));
    to += __builtin_popcount(ok);
  }
  return static_cast<std::size_t>(to - out);
}

namespace {

/// count_avx512 for a table of C chunks (C > 0) or, for C == 0, of `chunks` chunks. With C
/// fixed the chunk loop unrolls, each chunk's set found with one shift and mask of the query: the
/// loop is then bound by its 512-bit loads (Zen 4: 1.6x fewer cycles than the loop over a run-time
/// chunk count, which spent them on the loop's own instructions).
template <int C>
std::uint64_t count_chunks(const std::uint64_t* table, int blocks, int chunks, int last_words,
                           const std::uint64_t* q, std::size_t nq) {
  constexpr std::uint64_t kMask = kChunkValues - 1;
  if constexpr (C > 0) chunks = C;
  const std::size_t stride = static_cast<std::size_t>(chunks) * kChunkValues * kWords;
  auto set = [&](const std::uint64_t* t, std::uint64_t x, int c) {
    return t + (static_cast<std::size_t>(c) * kChunkValues + ((x >> (c * kChunkBits)) & kMask)) *
                   kWords;
  };
  __m512i sum = _mm512_setzero_si512();
  if (last_words <= 4) {  // the last block's patterns fit the sets' first 256 bits
    const std::uint64_t* t = table + static_cast<std::size_t>(blocks - 1) * stride;
    __m256i half = _mm256_setzero_si256();
    for (std::size_t j = 0; j < nq; ++j) {
      const std::uint64_t x = q[j];
      __m256i acc = _mm256_load_si256(reinterpret_cast<const __m256i*>(set(t, x, 0)));
#pragma GCC unroll 16
      for (int c = 1; c < chunks; ++c)
        acc = _mm256_and_si256(acc,
                               _mm256_load_si256(reinterpret_cast<const __m256i*>(set(t, x, c))));
      half = _mm256_add_epi64(half, _mm256_popcnt_epi64(acc));
    }
    sum = _mm512_zextsi256_si512(half);
    --blocks;
  }
  for (int b = 0; b < blocks; ++b) {  // block outside: its tables stay in the L1 cache
    const std::uint64_t* t = table + b * stride;
    for (std::size_t j = 0; j < nq; ++j) {
      const std::uint64_t x = q[j];
      __m512i acc = _mm512_load_si512(set(t, x, 0));
#pragma GCC unroll 16
      for (int c = 1; c < chunks; ++c) acc = _mm512_and_si512(acc, _mm512_load_si512(set(t, x, c)));
      sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(acc));
    }
  }
  return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(sum));
}

}  // namespace

std::uint64_t count_avx512(const std::uint64_t* table, int blocks, int chunks, int last_words,
                           const std::uint64_t* q, std::size_t nq) {
  // unrolled up to 9 chunks (45 bits: the patterns of n <= 23 have 2n - 2 bits); entry 0 loops
  using Count =
      std::uint64_t (*)(const std::uint64_t*, int, int, int, const std::uint64_t*, std::size_t);
  static constexpr Count kByChunks[] = {
      count_chunks<0>, count_chunks<1>, count_chunks<2>, count_chunks<3>, count_chunks<4>,
      count_chunks<5>, count_chunks<6>, count_chunks<7>, count_chunks<8>, count_chunks<9>};
  const int unrolled =
      chunks < static_cast<int>(sizeof kByChunks / sizeof kByChunks[0]) ? chunks : 0;
  return kByChunks[unrolled](table, blocks, chunks, last_words, q, nq);
}

void build_block_avx512(const std::uint64_t* patterns, std::size_t count, int bits, int chunks,
                        std::uint64_t* t) {
  // clear[i], lane w: bit j set when pattern 64 w + j lacks bit i. The complemented patterns are
  // laid out as clear[j], lane w = pattern 64 w + j, and the eight 64 x 64 bit matrices (one per
  // lane) transposed at once by the recursive block exchange (Hacker's Delight, section 7-3).
  const std::uint64_t used = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  alignas(64) std::uint64_t clear[64][kWords];
  for (int w = 0; w < kWords; ++w)
    for (int j = 0; j < 64; ++j) {
      const std::size_t i = 64 * static_cast<std::size_t>(w) + j;
      clear[j][w] = i < count ? ~patterns[i] & used : 0;
    }
  __m512i v[64];
  for (int j = 0; j < 64; ++j) v[j] = _mm512_load_si512(clear[j]);
  std::uint64_t m = 0x00000000FFFFFFFFull;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
    const __m512i vm = _mm512_set1_epi64(static_cast<long long>(m));
    const __m128i sj = _mm_cvtsi32_si128(j);
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const __m512i x =
          _mm512_and_si512(_mm512_xor_si512(_mm512_srl_epi64(v[k], sj), v[k | j]), vm);
      v[k | j] = _mm512_xor_si512(v[k | j], x);
      v[k] = _mm512_xor_si512(v[k], _mm512_sll_epi64(x, sj));
    }
  }
  // chunk 0's empty set: the block's patterns that exist
  alignas(64) std::uint64_t valid[kWords];
  for (int w = 0; w < kWords; ++w) {
    const std::size_t from = 64 * static_cast<std::size_t>(w);
    const std::size_t have = from >= count ? 0 : count - from >= 64 ? 64 : count - from;
    valid[w] = have == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << have) - 1;
  }
  for (int c = 0; c < chunks; ++c, t += kChunkValues * kWords) {
    __m512i set[kChunkValues];
    set[0] = c == 0 ? _mm512_load_si512(valid) : _mm512_set1_epi64(-1);
    _mm512_store_si512(t, set[0]);
    for (int x = 1; x < kChunkValues; ++x) {
      const int bit = c * kChunkBits + __builtin_ctz(static_cast<unsigned>(x));
      const __m512i from = set[x & (x - 1)];  // x without its lowest bit
      set[x] = bit < bits ? _mm512_and_si512(from, v[bit]) : from;
      _mm512_store_si512(t + x * kWords, set[x]);
    }
  }
}

void compress_avx512(const std::uint64_t* x, std::size_t count, std::uint64_t mask,
                     std::uint64_t* out) {
  for (std::size_t i = 0; i < count; ++i) out[i] = _pext_u64(x[i], mask);
}

}  // namespace sb::nqueens::quadrants::detail

#else

namespace sb::nqueens::quadrants::detail {

bool avx512_built() {
  return false;
}
std::size_t join_avx512(std::uint64_t, std::uint64_t, const std::uint64_t*, std::size_t,
                        const JoinShape&, std::uint64_t*) {
  return 0;
}
std::uint64_t count_avx512(const std::uint64_t*, int, int, int, const std::uint64_t*, std::size_t) {
  return 0;
}
void build_block_avx512(const std::uint64_t*, std::size_t, int, int, std::uint64_t*) {}
void compress_avx512(const std::uint64_t*, std::size_t, std::uint64_t, std::uint64_t*) {}

}  // namespace sb::nqueens::quadrants::detail

#endif
