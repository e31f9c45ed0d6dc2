// Main-line extraction under the tsume rules (the defender chooses the longest defence, the
// attacker the shortest mate; among lines of that length the one that leaves the fewest pieces in
// the attacker's hand, none preferred), once the minimal mate length of the root is known. Every
// kernel runs it, with its own search as the oracle that answers "mated within r plies?".
//
// One thread: the oracle may be parallel (dfpn-tbb's team). Limits: alternatives are compared only
// while an oracle-call budget lasts, after which the first line found is taken; an oracle that
// throws Aborted ends it.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "repetition_path.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

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

}  // namespace sb::tsume::detail
