// constellation row search on AVX2 (engines avx2-narrow and avx2): the lockstep search of
// constellation_simd.hpp with 16 boards of 16-bit lanes (n <= 18: at most 16 inner columns) or
// 8 boards of 32-bit lanes per 256-bit vector. AVX2 has no compress instruction: lanes are packed
// by a permutation looked up from the lane mask (vpermd for 8 lanes; for 16, pshufb on each
// 128-bit half). This file alone is compiled with -mavx2 -mpopcnt (CMakeLists.txt), and is
// called only after the CPU was found to have both (constellation.cpp); on other targets it
// compiles to stubs that are never called.
#include "constellation_search.hpp"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__POPCNT__)
#include <immintrin.h>

#include "constellation_simd.hpp"

namespace sb::nqueens::constellations::detail {
namespace {

/// kPack[k]: lane indices of the set bits of k in increasing order (the rest 0), for vpermd.
struct PackTable {
  alignas(32) std::uint32_t idx[256][8];
  constexpr PackTable() : idx{} {
    for (int k = 0; k < 256; ++k) {
      int j = 0;
      for (int lane = 0; lane < 8; ++lane)
        if ((k >> lane) & 1) idx[k][j++] = static_cast<std::uint32_t>(lane);
    }
  }
};
constexpr PackTable kPack{};

/// kPack16[k]: pshufb control packing the 16-bit lanes of the set bits of k (8 lanes of a 128-bit
/// half) to the front, in increasing order; the rest zero.
struct PackTable16 {
  alignas(16) std::uint8_t ctl[256][16];
  constexpr PackTable16() : ctl{} {
    for (int k = 0; k < 256; ++k) {
      int j = 0;
      for (int lane = 0; lane < 8; ++lane)
        if ((k >> lane) & 1) {
          ctl[k][2 * j] = static_cast<std::uint8_t>(2 * lane);
          ctl[k][2 * j + 1] = static_cast<std::uint8_t>(2 * lane + 1);
          ++j;
        }
      for (; j < 8; ++j) ctl[k][2 * j] = ctl[k][2 * j + 1] = 0x80;
    }
  }
};
constexpr PackTable16 kPack16{};

/// Operations on 16 lanes of 16 bits (n <= 18).
struct Avx2Narrow {
  using T = std::uint16_t;
  using Vec = __m256i;
  static constexpr int kLanes = 16;
  static Vec load(const T* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void compress_store(T* p, std::uint32_t k, Vec v) {
    const std::uint32_t klo = k & 0xFFu, khi = (k >> 8) & 0xFFu;
    const __m128i lo =
        _mm_shuffle_epi8(_mm256_castsi256_si128(v),
                         _mm_load_si128(reinterpret_cast<const __m128i*>(kPack16.ctl[klo])));
    const __m128i hi =
        _mm_shuffle_epi8(_mm256_extracti128_si256(v, 1),
                         _mm_load_si128(reinterpret_cast<const __m128i*>(kPack16.ctl[khi])));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), lo);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + __builtin_popcount(klo)), hi);
  }
  static Vec lowest(Vec f) {
    return _mm256_and_si256(f, _mm256_sub_epi16(_mm256_setzero_si256(), f));
  }
  static Vec shl(Vec v, int s) { return _mm256_sll_epi16(v, _mm_cvtsi32_si128(s)); }
  static Vec shr(Vec v, int s) { return _mm256_srl_epi16(v, _mm_cvtsi32_si128(s)); }
  static Vec broadcast(std::uint32_t x) { return _mm256_set1_epi16(static_cast<short>(x)); }
  static std::uint32_t nonzero(std::uint32_t k, Vec v) {
    const Vec zero = _mm256_cmpeq_epi16(v, _mm256_setzero_si256());
    // Saturating pack to bytes: each 128-bit half holds its 8 lanes twice.
    const auto m = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_packs_epi16(zero, zero)));
    return k & ~((m & 0xFFu) | ((m >> 8) & 0xFF00u)) & 0xFFFFu;
  }
  static Vec bor(Vec a, Vec b) { return _mm256_or_si256(a, b); }
  static Vec bxor(Vec a, Vec b) { return _mm256_xor_si256(a, b); }
  static Vec or3(Vec a, Vec b, Vec c) { return _mm256_or_si256(_mm256_or_si256(a, b), c); }
  static Vec andnot(Vec a, Vec b) { return _mm256_andnot_si256(a, b); }  // ~a & b
};

/// Operations on 8 lanes of 32 bits.
struct Avx2 {
  using T = std::uint32_t;
  using Vec = __m256i;
  static constexpr int kLanes = 8;
  static Vec load(const T* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void compress_store(T* p, std::uint32_t k, Vec v) {
    const Vec idx = _mm256_load_si256(reinterpret_cast<const __m256i*>(kPack.idx[k]));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_permutevar8x32_epi32(v, idx));
  }
  static Vec lowest(Vec f) {
    return _mm256_and_si256(f, _mm256_sub_epi32(_mm256_setzero_si256(), f));
  }
  static Vec shl(Vec v, int s) { return _mm256_sll_epi32(v, _mm_cvtsi32_si128(s)); }
  static Vec shr(Vec v, int s) { return _mm256_srl_epi32(v, _mm_cvtsi32_si128(s)); }
  static Vec broadcast(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static std::uint32_t nonzero(std::uint32_t k, Vec v) {
    const Vec zero = _mm256_cmpeq_epi32(v, _mm256_setzero_si256());
    const int z = _mm256_movemask_ps(_mm256_castsi256_ps(zero));
    return k & ~static_cast<std::uint32_t>(z) & 0xFFu;
  }
  static Vec bor(Vec a, Vec b) { return _mm256_or_si256(a, b); }
  static Vec bxor(Vec a, Vec b) { return _mm256_xor_si256(a, b); }
  static Vec or3(Vec a, Vec b, Vec c) { return _mm256_or_si256(_mm256_or_si256(a, b), c); }
  static Vec andnot(Vec a, Vec b) { return _mm256_andnot_si256(a, b); }  // ~a & b
};

}  // namespace

bool avx2_built() {
  return true;
}

void search_avx2(const SearchData* d, std::size_t count, SearchCount* out) {
  search_batch<Avx2, 2>(d, count, out);
}

void search_avx2_narrow(const SearchData* d, std::size_t count, SearchCount* out) {
  search_batch<Avx2Narrow, 2>(d, count, out);
}

}  // namespace sb::nqueens::constellations::detail

#else  // not built for AVX2: never called (constellation.cpp checks the build and the CPU)

namespace sb::nqueens::constellations::detail {
bool avx2_built() {
  return false;
}
void search_avx2(const SearchData*, std::size_t, SearchCount*) {}
void search_avx2_narrow(const SearchData*, std::size_t, SearchCount*) {}
}  // namespace sb::nqueens::constellations::detail

#endif
