// The repetition path of the tsume kernels: the keys of the positions on the current line, so that
// a move back into one of them is seen at once (under the tsume rules a repetition of the line,
// perpetual check, never mates), and ScopedMove, which plays a move and keeps that path in step
// with it even when the search below throws.
//
// One PathSet per searcher and per line; no limit on its size other than memory (it doubles at a
// quarter full).
#pragma once

#include <climits>
#include <cstdint>
#include <vector>

#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// Keys (Position::key) of the positions on the current line, for repetition detection: a
/// multiset (a key pushed twice needs two pops) in a flat open-addressing array with linear
/// probing and backward-shift deletion. The search asks it at every child, so it must be cheap;
/// a node-based std::unordered_map took about 5 % of the df-pn time.
class PathSet {
 public:
  /// ply_of's answer for a key not on the line.
  static constexpr int kNotOnLine = INT_MIN;
  PathSet() : slots_(kFirst) {}
  bool contains(std::uint64_t k) const { return ply_of(k) != kNotOnLine; }
  /// The ply given when k was pushed (its first copy), or kNotOnLine.
  int ply_of(std::uint64_t k) const {
    k = k ? k : 1;
    for (std::size_t i = home(k);; i = (i + 1) & mask()) {
      if (slots_[i].key == k) return slots_[i].ply;
      if (slots_[i].key == 0) return kNotOnLine;
    }
  }
  /// ply: where the position stands on the line (a search's ply from its query's root; -1, the
  /// default, for the positions before that root).
  void push(std::uint64_t k, int ply = -1) {
    k = k ? k : 1;
    std::size_t i = home(k);
    for (;; i = (i + 1) & mask()) {
      if (slots_[i].key == k) {
        ++slots_[i].count;
        return;
      }
      if (slots_[i].key == 0) break;
    }
    if (4 * (n_ + 1) > slots_.size()) {  // at most a quarter full: short probe runs
      std::vector<Slot> old(slots_.size() * 2);
      old.swap(slots_);
      n_ = 0;
      for (const Slot& s : old)
        if (s.key) place(s);
      i = home(k);
      while (slots_[i].key != 0) i = (i + 1) & mask();
    }
    slots_[i] = Slot{k, 1, ply};
    ++n_;
  }
  /// No key on the line.
  bool empty() const { return n_ == 0; }
  /// Removes one copy of k, which must be in the set.
  void pop(std::uint64_t k) {
    k = k ? k : 1;
    std::size_t i = home(k);
    while (slots_[i].key != k) i = (i + 1) & mask();
    if (--slots_[i].count != 0) return;
    --n_;
    // backward shift: move up later entries of the probe run that may sit in the hole
    for (std::size_t j = (i + 1) & mask(); slots_[j].key != 0; j = (j + 1) & mask()) {
      const std::size_t h = home(slots_[j].key);
      if (((j - h) & mask()) >= ((j - i) & mask())) slots_[i] = slots_[j], i = j;
    }
    slots_[i] = Slot{};
  }

 private:
  struct Slot {
    std::uint64_t key = 0;  // the key (0 stored as 1); 0: empty
    std::uint32_t count = 0;
    std::int32_t ply = -1;  // of the first copy pushed
  };
  static constexpr std::size_t kFirst = 256;
  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t home(std::uint64_t k) const { return (k ^ (k >> 29)) & mask(); }
  void place(const Slot& s) {
    std::size_t i = home(s.key);
    while (slots_[i].key != 0) i = (i + 1) & mask();
    slots_[i] = s;
    ++n_;
  }
  std::vector<Slot> slots_;
  std::size_t n_ = 0;
};

/// Plays m on pos and pushes key (the key of the position after m) on path for its lifetime; the
/// destructor pops the key and takes the move back, also when the search below throws (Aborted).
class ScopedMove {
 public:
  /// ply: of the position after m (PathSet::push).
  ScopedMove(Position& pos, PathSet& path, Move m, std::uint64_t key, int ply = -1)
      : pos_(pos), path_(path), m_(m), key_(key) {
    pos_.do_move(m_, u_);
    path_.push(key_, ply);
  }
  ~ScopedMove() {
    path_.pop(key_);
    pos_.undo_move(m_, u_);
  }
  ScopedMove(const ScopedMove&) = delete;
  ScopedMove& operator=(const ScopedMove&) = delete;

 private:
  Position& pos_;
  PathSet& path_;
  Move m_;
  std::uint64_t key_;
  Undo u_;
};

}  // namespace sb::tsume::detail
