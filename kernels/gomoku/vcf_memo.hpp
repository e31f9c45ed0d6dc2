// The memo of gomoku level 4's bounded VCF: per position, whether the VCF from it wins and the
// length of its line.
//
// Method: a direct-mapped table on 64-bit Zobrist keys (the transposition-table idea of
// A. L. Zobrist, "A New Hashing Method with Application for Game Playing", 1970, applied to the
// result of one threat search): an entry is found by the key's low bits and answers only when its
// whole key matches; a new result replaces whatever the slot held. The search it remembers is a
// function of the position alone (its budgets are fixed), so an answer is exact unless two
// positions share a 64-bit key. The caller salts the key by whose VCF it is.
// Work split: one memo per searcher (no sharing). Limits: a power-of-two number of entries, 16
// bytes each; results -1 (no VCF) to 32,767. No I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace sb::gomoku::detail {

class VcfMemo {
 public:
  static constexpr int kNoVcf = -1;

  explicit VcfMemo(std::size_t entries) : e_(entries), mask_(entries - 1) {
    if (entries == 0 || (entries & (entries - 1)) != 0)
      throw std::invalid_argument("VcfMemo: the number of entries must be a power of two");
  }

  /// The result stored for `key` (kNoVcf, or the winning line's length), or false when the slot
  /// holds another key or nothing.
  bool find(std::uint64_t key, int* result) const {
    const Entry& e = e_[key & mask_];
    if (e.result == kEmpty || e.key != key) return false;
    *result = e.result;
    return true;
  }

  /// Remembers `result` (kNoVcf, or a line's length up to 32,767) for `key`, replacing the slot.
  void store(std::uint64_t key, int result) {
    Entry& e = e_[key & mask_];
    e.key = key;
    e.result = static_cast<std::int16_t>(result);
  }

  std::size_t size() const { return e_.size(); }

 private:
  static constexpr std::int16_t kEmpty = -2;
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t result = kEmpty;
  };
  std::vector<Entry> e_;
  std::uint64_t mask_;
};

}  // namespace sb::gomoku::detail
