// A set of board squares as W 64-bit words (bit r * cols + c), with the word operations every
// queens-game search uses (and, and-not, union, member walk, a total order for canonical keys),
// the bit count and bit extract they rely on, and the dispatch that picks W for a board
// (W * 64 - 16 >= rows * cols: the top 16 bits of the last word are left to the transposition
// table's tag and value). Limits: W <= 6 (kMaxSquares = 6 * 64 - 16 = 368 squares: 19 x 19).
#pragma once

#include <bit>
#include <cstdint>

namespace sb::queens_game::detail {

/// True when the processor has the POPCNT instruction (every x86-64 processor since about 2008;
/// the default build targets baseline x86-64, which does not assume it).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
inline const bool kHavePopcnt = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt") != 0;
}();
#endif

/// Number of set bits: the POPCNT instruction where the processor has it (checked once at
/// start-up; the branch always goes the same way), else a branch-free bit count, rather than the
/// library call std::popcount becomes in a baseline x86-64 build.
inline int popc(std::uint64_t x) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
  if (kHavePopcnt) {
    std::uint64_t r;
    asm("popcnt %1, %0" : "=r"(r) : "r"(x) : "cc");
    return static_cast<int>(r);
  }
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#else
  return std::popcount(x);
#endif
}

/// True when the processor has a fast PEXT instruction (BMI2, but not AMD's Zen 1 and Zen 2,
/// where PEXT is microcoded and slower than a loop over the mask's bits).
#if defined(__x86_64__)
inline const bool kFastPext = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") &&
         !__builtin_cpu_is("znver2");
}();
#endif

/// Parallel bit extract by a loop over the mask's bits: the bits of x at the set bits of mask,
/// packed into the low bits in their order.
inline std::uint32_t pext32_loop(std::uint32_t x, std::uint32_t mask) {
  std::uint32_t r = 0;
  for (int k = 0; mask; mask &= mask - 1, ++k) r |= ((x >> std::countr_zero(mask)) & 1u) << k;
  return r;
}

/// Parallel bit extract: the PEXT instruction where kFastPext (checked once at start-up; the
/// branch always goes the same way), else pext32_loop.
inline std::uint32_t pext32(std::uint32_t x, std::uint32_t mask) {
#if defined(__x86_64__)
  if (kFastPext) {
    std::uint32_t r;
    asm("pextl %2, %1, %0" : "=r"(r) : "r"(x), "rm"(mask));
    return r;
  }
#endif
  return pext32_loop(x, mask);
}

/// A set of squares in W words. The top 16 bits of the last word are never squares: the table
/// uses them for a tag and a value (so W * 64 - 16 >= rows * cols).
template <int W>
struct Set {
  std::uint64_t w[W];

  static Set none() {
    Set s;
    for (auto& x : s.w) x = 0;
    return s;
  }
  static Set first_n(int n) {
    Set s = none();
    for (int i = 0; i < n; ++i) s.w[i >> 6] |= 1ull << (i & 63);
    return s;
  }
  bool empty() const {
    std::uint64_t o = 0;
    for (auto x : w) o |= x;
    return o == 0;
  }
  int count() const {
    int c = 0;
    for (auto x : w) c += popc(x);
    return c;
  }
  bool test(int s) const { return (w[s >> 6] >> (s & 63)) & 1; }
  void set(int s) { w[s >> 6] |= 1ull << (s & 63); }
  void clear(int s) { w[s >> 6] &= ~(1ull << (s & 63)); }
  int lowest() const {
    for (int i = 0; i < W; ++i)
      if (w[i]) return i * 64 + std::countr_zero(w[i]);
    return -1;
  }
  Set andnot(const Set& o) const {
    Set r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  Set operator&(const Set& o) const {
    Set r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  Set& operator|=(const Set& o) {
    for (int i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  bool intersects(const Set& o) const {
    std::uint64_t a = 0;
    for (int i = 0; i < W; ++i) a |= w[i] & o.w[i];
    return a != 0;
  }
  bool operator==(const Set& o) const {
    for (int i = 0; i < W; ++i)
      if (w[i] != o.w[i]) return false;
    return true;
  }
  /// Total order (high word first), used to pick the canonical image.
  bool less(const Set& o) const {
    for (int i = W - 1; i >= 0; --i)
      if (w[i] != o.w[i]) return w[i] < o.w[i];
    return false;
  }
  /// Calls f(square) for every member, increasing.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < W; ++i)
      for (std::uint64_t x = w[i]; x; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
};

/// Words needed for n squares plus the 16 tag bits.
constexpr int words_for(int n) {
  return (n + 16 + 63) / 64;
}

/// Most squares a board on W words has (the other 16 bits are the table's).
constexpr int squares_for(int w) {
  return w * 64 - 16;
}

/// Calls f.template operator()<W>() with the word count that fits rows * cols squares.
template <class F>
auto dispatch_words(int n, F&& f) {
  if (n <= squares_for(1)) return f.template operator()<1>();
  if (n <= squares_for(2)) return f.template operator()<2>();
  if (n <= squares_for(3)) return f.template operator()<3>();
  if (n <= squares_for(4)) return f.template operator()<4>();
  if (n <= squares_for(5)) return f.template operator()<5>();
  return f.template operator()<6>();
}

}  // namespace sb::queens_game::detail
