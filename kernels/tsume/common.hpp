// Pieces shared by the tsume kernels: limits (nodes, deadline, stop flag), the path of positions
// for repetition (perpetual check never mates), and the main-line extraction that every kernel
// runs once it knows the minimal mate length.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// Thrown inside a search when a limit is reached; kernels catch it and report kUnknown.
struct Aborted {};

/// Node counting and the limits of Params. count() is cheap: the clock, the stop flag and the
/// progress are looked at every 1024 nodes, the node limit exactly at its count (per searcher:
/// dfpn-tbb's searchers each have their own Limits).
class Limits {
 public:
  explicit Limits(const Params& p) : p_(p) { next_ = bounded(1024); }
  std::uint64_t nodes = 0;
  void count() {
    if (++nodes >= next_) check();
  }
  void check() {
    next_ = bounded((nodes | 1023) + 1);
    if (p_.progress) {  // added, not stored: dfpn-tbb's searchers each count their own nodes
      p_.progress->done.fetch_add(nodes - reported_, std::memory_order_relaxed);
      reported_ = nodes;
    }
    if (p_.max_nodes && nodes >= p_.max_nodes) throw Aborted{};
    if (p_.stop && p_.stop->load(std::memory_order_relaxed)) throw Aborted{};
    if (p_.deadline && std::chrono::steady_clock::now() >= *p_.deadline) throw Aborted{};
  }

 private:
  // x, or the node limit where that comes first
  std::uint64_t bounded(std::uint64_t x) const {
    return p_.max_nodes && p_.max_nodes < x ? p_.max_nodes : x;
  }
  const Params& p_;
  std::uint64_t next_ = 1024;   // the node count at which check() runs next
  std::uint64_t reported_ = 0;  // nodes already added to the progress count
};

/// Keys (Position::key) of the positions on the current line, for repetition detection: a
/// multiset (a key pushed twice needs two pops) in a flat open-addressing array with linear
/// probing and backward-shift deletion. The search asks it at every child, so it must be cheap;
/// a node-based std::unordered_map took about 5 % of the df-pn time.
class PathSet {
 public:
  PathSet() : slots_(kFirst) {}
  bool contains(std::uint64_t k) const {
    k = k ? k : 1;
    for (std::size_t i = home(k);; i = (i + 1) & mask()) {
      if (slots_[i].key == k) return true;
      if (slots_[i].key == 0) return false;
    }
  }
  void push(std::uint64_t k) {
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
    slots_[i] = Slot{k, 1};
    ++n_;
  }
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
  ScopedMove(Position& pos, PathSet& path, Move m, std::uint64_t key)
      : pos_(pos), path_(path), m_(m), key_(key) {
    pos_.do_move(m_, u_);
    path_.push(key_);
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

/// Proof hand of a mated defender position (no legal evasion): the attacker needs none of its
/// pieces, except that where an interposition square exists, a piece type the defender lacks must
/// stay out of its hand (the attacker keeps all it holds of that type).
inline Hand terminal_proof_hand(const Position& pos, Hand attacker_hand) {
  const Color def = pos.side_to_move();
  const int k = pos.king_square(def);
  const Bitboard chk = pos.checkers();
  if (k < 0 || !chk || (chk & (chk - 1)) || !between(k, lsb(chk))) return 0;
  Hand ph = 0;
  for (int t = kPawn; t <= kGold; ++t) {
    const auto pt = static_cast<PieceType>(t);
    if (hand_count(pos.hand(def), pt) == 0)
      ph |= static_cast<Hand>(hand_count(attacker_hand, pt)) << kHandShift[t];
  }
  return ph;
}

/// Proof hand at an attacker node, from the proof hand of the child reached by m.
inline Hand proof_hand_before(const Position& pos, Move m, Hand child_ph) {
  if (m.is_drop()) return child_ph + hand_one(m.dropped());
  const Piece cap = pos.piece_on(m.to());
  if (cap) {
    const PieceType t = base_type(type_of(cap));
    if (t != kKing && hand_count(child_ph, t) > 0) return child_ph - hand_one(t);
  }
  return child_ph;
}

/// A MainLine probe that knows nothing: candidates are tried in generation order.
struct NoProbe {
  int operator()(Position&, int) const { return 0; }
};

/// Main line under the tsume rules, once the minimal mate length L of the root is known.
/// mated_within(pos, r, path) answers "is pos (attacker or defender to move) mated within r
/// plies?" exactly (or throws Aborted). At attacker nodes the candidates are the checks whose
/// child is mated within r - 1; at defender nodes the evasions whose child is not mated within
/// r - 3 (so it lasts the full r - 1). Among candidates the line leaving the fewest pieces in the
/// attacker's hand wins; the search stops at the first line that leaves none. probe(pos, r)
/// answers the same question from what is already known, without searching (1 yes, -1 no,
/// 0 unknown): moves whose answer is already known to make them candidates are tried first, then
/// the rest in generation order, so a line that leaves the hand empty is usually found before
/// any costly "no" is asked for (each is a depth-limited disproof). Alternatives are explored
/// only while `budget` oracle calls remain (then the first candidate is taken). With NoProbe the
/// answer is deterministic for a given position whatever the kernel's tables hold; with a probe
/// that reads a table it may be another line of the same length and the same leftover.
template <class Oracle, class Probe = NoProbe>
class MainLine {
 public:
  /// rule: which defender interpositions count (Params::interpositions).
  MainLine(Oracle& oracle, long budget, Interpositions rule, Probe probe = Probe{})
      : oracle_(oracle), probe_(probe), budget_(budget), rule_(rule) {}

  /// Returns {line, leftover}; pos is restored.
  std::pair<std::vector<Move>, int> best(Position& pos, int r, bool attacker, PathSet& path) {
    const Color atk = attacker ? pos.side_to_move() : ~pos.side_to_move();
    if (!attacker && r == 0) return {{}, hand_total(pos.hand(atk))};
    Move buf[kMaxMoves];
    const int n = attacker ? generate_checks(pos, buf) : generate_evasions(pos, buf, rule_);
    std::vector<Move> moves(buf, buf + n);
    if (!std::is_same_v<Probe, NoProbe> && (attacker || r >= 3)) {
      // known candidates first (stable: generation order within each)
      const int q = attacker ? r - 1 : r - 3;
      const int want = attacker ? 1 : -1;
      std::vector<Move> known, rest;
      for (Move m : moves) {
        Undo u;
        pos.do_move(m, u);
        const bool k = probe_(pos, q) == want;
        pos.undo_move(m, u);
        (k ? known : rest).push_back(m);
      }
      moves = std::move(known);
      moves.insert(moves.end(), rest.begin(), rest.end());
    }
    std::pair<std::vector<Move>, int> top{{}, 1 << 30};
    bool have = false;
    for (Move m : moves) {
      Undo u;
      pos.do_move(m, u);
      const std::uint64_t key = pos.key();
      bool ok = false;
      if (!path.contains(key)) {
        path.push(key);
        if (attacker) {
          ok = r == 1 ? !has_evasion(pos, rule_) : call(pos, r - 1, path);
        } else {
          ok = r < 3 || !call(pos, r - 3, path);
        }
        if (ok && (!have || budget_ > 0)) {
          auto sub = best(pos, r - 1, !attacker, path);
          if (!have || sub.second < top.second) {
            top.first.assign(1, m);
            top.first.insert(top.first.end(), sub.first.begin(), sub.first.end());
            top.second = sub.second;
            have = true;
          }
        }
        path.pop(key);
      }
      pos.undo_move(m, u);
      if (have && (top.second == 0 || budget_ <= 0)) break;
    }
    return top;
  }

 private:
  bool call(Position& pos, int r, PathSet& path) {
    --budget_;
    return oracle_(pos, r, path);
  }
  Oracle& oracle_;
  Probe probe_;
  long budget_;
  Interpositions rule_;
};

/// Validation shared by every kernel.
inline void check_root(const Params& p, const char* kernel) {
  validate(p, kernel);
}

/// The full-width kernels' driver (seed 003's method): attack(root, len) for len = 1, 3, 5, ...
/// (up to p.max_length when it is not 0), so the first mate found is the shortest. Fills
/// res.outcome, mate_length, length_proven, no_mate_within and, with p.main_line, the main line; a
/// depth at which no line reached the limit (search.cut stayed false) proves no mate.
/// `reset(search)` runs before each depth; an Aborted search sets res.stopped and drops an
/// unfinished main line. With p.progress, Progress::bound is the longest length excluded so far (no
/// mate within it). Search has attack/defend(Position&, int plies, PathSet&), a bool `cut` and
/// `lim.nodes`.
template <class Search, class Reset>
void deepen(const Params& p, Search& s, Result& res, Reset reset) {
  Position root = p.root;
  int excluded = 0;  // no mate within this many plies
  try {
    for (int len = 1; p.max_length == 0 || len <= p.max_length; len += 2) {
      reset(s);
      PathSet path;
      path.push(root.key());
      if (s.attack(root, len, path)) {
        res.outcome = Outcome::kMate;
        res.mate_length = len;
        res.length_proven = true;
        if (p.main_line) {
          auto oracle = [&](Position& pos, int r, PathSet& pp) {
            return pos.side_to_move() == p.root.side_to_move() ? s.attack(pos, r, pp)
                                                               : s.defend(pos, r, pp);
          };
          MainLine<decltype(oracle)> ml(oracle, 4000, p.interpositions);
          res.main_line = ml.best(root, len, true, path).first;
        }
        break;
      }
      if (!s.cut) {
        res.outcome = Outcome::kNoMate;
        break;
      }
      excluded = len;
      // shown by the progress line as "no mate within len plies"
      if (p.progress) p.progress->bound.store(len, std::memory_order_relaxed);
    }
    if (res.outcome == Outcome::kUnknown) res.no_mate_within = excluded;  // max_length reached
  } catch (const Aborted&) {
    res.stopped = true;
    if (res.outcome == Outcome::kMate) res.main_line.clear();
  }
  res.nodes = s.lim.nodes;
}

}  // namespace sb::tsume::detail
