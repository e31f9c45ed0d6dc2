// constellation row search on AVX2 (engine avx2): the lockstep search of constellation_simd.hpp
// with 8 boards of 32-bit lanes per 256-bit vector; AVX2 has no compress instruction, so lanes are
// packed by a permutation looked up from the lane mask (256 entries). This file alone is compiled
// with -mavx2 -mpopcnt (CMakeLists.txt), and is called only after the CPU was found to have both
// (constellation.cpp); on other targets it compiles to a stub that is never called.
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

}  // namespace sb::nqueens::constellations::detail

#else  // not built for AVX2: never called (constellation.cpp checks the build and the CPU)

namespace sb::nqueens::constellations::detail {
bool avx2_built() {
  return false;
}
void search_avx2(const SearchData*, std::size_t, SearchCount*) {}
}  // namespace sb::nqueens::constellations::detail

#endif
