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
#include <unordered_map>
#include <vector>

#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// Thrown inside a search when a limit is reached; kernels catch it and report kUnknown.
struct Aborted {};

/// Node counting and the limits of Params. poll() is cheap; the clock is read every 1024 nodes.
class Limits {
 public:
  explicit Limits(const Params& p) : p_(p) {}
  std::uint64_t nodes = 0;
  void count() {
    ++nodes;
    if ((nodes & 1023) == 0) check();
  }
  void check() {
    if (p_.progress) p_.progress->done.store(nodes, std::memory_order_relaxed);
    if (p_.max_nodes && nodes >= p_.max_nodes) throw Aborted{};
    if (p_.stop && p_.stop->load(std::memory_order_relaxed)) throw Aborted{};
    if (p_.deadline && std::chrono::steady_clock::now() >= *p_.deadline) throw Aborted{};
  }

 private:
  const Params& p_;
};

/// Keys (Position::key) of the positions on the current line, for repetition detection.
class PathSet {
 public:
  bool contains(std::uint64_t k) const { return count_.count(k) != 0; }
  void push(std::uint64_t k) { ++count_[k]; }
  void pop(std::uint64_t k) {
    auto it = count_.find(k);
    if (--it->second == 0) count_.erase(it);
  }

 private:
  std::unordered_map<std::uint64_t, int> count_;
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
/// res.outcome, mate_length, length_proven and, with p.main_line, the main line; a depth at which
/// no line reached the limit (search.cut stayed false) proves no mate. `reset(search)` runs
/// before each depth; an Aborted search sets res.stopped and drops an unfinished main line.
/// Search has attack/defend(Position&, int plies, PathSet&), a bool `cut` and `lim.nodes`.
template <class Search, class Reset>
void deepen(const Params& p, Search& s, Result& res, Reset reset) {
  Position root = p.root;
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
    }
  } catch (const Aborted&) {
    res.stopped = true;
    if (res.outcome == Outcome::kMate) res.main_line.clear();
  }
  res.nodes = s.lim.nodes;
}

}  // namespace sb::tsume::detail
