// constellation row search on AVX-512 (engines avx512-narrow and avx512-wide): the lockstep
// search of constellation_simd.hpp with 32 boards of 16-bit lanes (n <= 18: at most 16 inner
// columns) or 16 boards of 32-bit lanes per 512-bit vector. This file alone is compiled with
// -mavx512f -mavx512bw -mavx512dq -mavx512vl -mavx512vbmi2 -mpopcnt (CMakeLists.txt), and is
// called only after the CPU was found to have all of them (constellation.cpp); on other targets
// it compiles to stubs that are never called.
#include "constellation_search.hpp"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VBMI2__)
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// GCC 12's AVX-512 shift and logic intrinsics use a deliberately undefined pass-through vector
// and warn about it when inlined (GCC bug 105593, fixed in GCC 13).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include "constellation_simd.hpp"

namespace sb::nqueens::constellations::detail {
namespace {

/// Operations on 32 lanes of 16 bits.
struct Narrow {
  using T = std::uint16_t;
  using Vec = __m512i;
  static constexpr int kLanes = 32;
  static Vec load(const T* p) { return _mm512_loadu_si512(p); }
  static void compress_store(T* p, std::uint32_t k, Vec v) {
    _mm512_storeu_si512(p, _mm512_maskz_compress_epi16(k, v));
  }
  static Vec lowest(Vec f) {
    return _mm512_and_si512(f, _mm512_sub_epi16(_mm512_setzero_si512(), f));
  }
  static Vec shl(Vec v, int s) { return _mm512_sll_epi16(v, _mm_cvtsi32_si128(s)); }
  static Vec shr(Vec v, int s) { return _mm512_srl_epi16(v, _mm_cvtsi32_si128(s)); }
  static Vec broadcast(std::uint32_t x) { return _mm512_set1_epi16(static_cast<short>(x)); }
  static std::uint32_t nonzero(std::uint32_t k, Vec v) {
    return _mm512_mask_test_epi16_mask(k, v, v);
  }
  static Vec bor(Vec a, Vec b) { return _mm512_or_si512(a, b); }
  static Vec bxor(Vec a, Vec b) { return _mm512_xor_si512(a, b); }
  static Vec or3(Vec a, Vec b, Vec c) { return _mm512_ternarylogic_epi32(a, b, c, 0xFE); }
  static Vec andnot(Vec a, Vec b) { return _mm512_andnot_si512(a, b); }  // ~a & b
};

/// Operations on 16 lanes of 32 bits.
struct Wide {
  using T = std::uint32_t;
  using Vec = __m512i;
  static constexpr int kLanes = 16;
  static Vec load(const T* p) { return _mm512_loadu_si512(p); }
  static void compress_store(T* p, std::uint32_t k, Vec v) {
    _mm512_storeu_si512(p, _mm512_maskz_compress_epi32(static_cast<__mmask16>(k), v));
  }
  static Vec lowest(Vec f) {
    return _mm512_and_si512(f, _mm512_sub_epi32(_mm512_setzero_si512(), f));
  }
  static Vec shl(Vec v, int s) { return _mm512_sll_epi32(v, _mm_cvtsi32_si128(s)); }
  static Vec shr(Vec v, int s) { return _mm512_srl_epi32(v, _mm_cvtsi32_si128(s)); }
  static Vec broadcast(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static std::uint32_t nonzero(std::uint32_t k, Vec v) {
    return _mm512_mask_test_epi32_mask(static_cast<__mmask16>(k), v, v);
  }
  static Vec bor(Vec a, Vec b) { return _mm512_or_si512(a, b); }
  static Vec bxor(Vec a, Vec b) { return _mm512_xor_si512(a, b); }
  static Vec or3(Vec a, Vec b, Vec c) { return _mm512_ternarylogic_epi32(a, b, c, 0xFE); }
  static Vec andnot(Vec a, Vec b) { return _mm512_andnot_si512(a, b); }  // ~a & b
};

}  // namespace

bool avx512_built() {
  return true;
}

void search_avx512_narrow(const SearchData* d, std::size_t count, SearchCount* out) {
  search_batch<Narrow, 2>(d, count, out);
}

void search_avx512_wide(const SearchData* d, std::size_t count, SearchCount* out) {
  search_batch<Wide, 2>(d, count, out);
}

}  // namespace sb::nqueens::constellations::detail

#else  // not built for AVX-512: never called (constellation.cpp checks the build and the CPU)

namespace sb::nqueens::constellations::detail {
bool avx512_built() {
  return false;
}
void search_avx512_narrow(const SearchData*, std::size_t, SearchCount*) {}
void search_avx512_wide(const SearchData*, std::size_t, SearchCount*) {}
}  // namespace sb::nqueens::constellations::detail

#endif
