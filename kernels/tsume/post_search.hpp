// The df-pn kernels' driver and post-search (dfpn, dfpn-tbb). solve_root proves or disproves the
// root with the kernel's searcher(s); post_search then proves the minimal mate length by asking
// "mate within L - 2 plies?" (a depth-limited df-pn query on the same table) until the answer is
// no, and extracts the main line (main_line.hpp) with those queries as its oracle and the table's
// settled entries as its probe. When a limit stops it first, the mate is reported with the
// length found so far (length_proven false) and a line read from the table's proofs (mating_line):
// the main line when it has that length, else a line that mates.
//
// Work split: as the searcher the kernel passes (one, or dfpn-tbb's team on a shared table).
// Limits: Params' nodes, time and stop flag (Aborted), and the main line's oracle-call budget.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "dfpn_table.hpp"
#include "main_line.hpp"
#include "repetition_path.hpp"
#include "search_limits.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume::detail {

/// The table's bound on the plies in which pos (either side to move) is mated, looking `ahead`
/// plies further where pos itself has no stored proof (a full table replaces entries, and a
/// line's position may be missing while its children are kept): an attacker position is mated
/// within 1 + the least bound of its checks, a defender position within 1 + the largest bound of
/// its evasions (all of them known). kNoLen where the table does not show a mate. No search.
template <bool kShared>
int stored_bound(Table<kShared>& tt, Position& pos, Color attacker, Interpositions rule,
                 int ahead) {
  const bool atk = pos.side_to_move() == attacker;
  if (!atk && !has_evasion(pos, rule)) return 0;
  const Val v = tt.lookup(pos.board_key(), pos.hand(attacker), kRInf);
  if (v.pn == 0) return v.hi;
  if (ahead == 0) return kNoLen;
  Move buf[kMaxMoves];
  const int n = atk ? generate_checks(pos, buf) : generate_evasions(pos, buf, rule);
  int bound = atk ? kNoLen : 0;
  for (int i = 0; i < n; ++i) {
    Undo u;
    pos.do_move(buf[i], u);
    const int b = stored_bound(tt, pos, attacker, rule, ahead - 1);
    pos.undo_move(buf[i], u);
    if (atk && b != kNoLen) bound = std::min(bound, b + 1);
    if (!atk && b == kNoLen) return kNoLen;
    if (!atk) bound = std::max(bound, b + 1);
  }
  return bound;
}

/// A line that ends in mate within max_len plies, read from the table's proofs: the attacker
/// plays the stored proof move (or, where its mate is no longer shown, the check with the least
/// bound), the defender the evasion with the largest bound (stored_bound, looking two plies past
/// a missing entry). Stored lengths are upper bounds and an evasion whose entries the table has
/// lost is not chosen, so the defence need not be the longest: only a line of max_len plies, the
/// length proved, is the main line (on Microcosmos with a full 512 MiB table, reading only stored
/// entries gave no line of the length proved, and 59 plies for a 1,541-ply mate). Empty if no
/// position on the way shows a mate or the line would repeat a position. What a search stopped
/// before its post-search's main-line extraction reports.
template <bool kShared>
std::vector<Move> mating_line(Table<kShared>& tt, Position pos, Color attacker, int max_len,
                              Interpositions rule) {
  constexpr int kAhead = 2;
  std::vector<Move> line;
  PathSet path;
  path.push(pos.key());
  for (int left = max_len; left > 0; --left) {
    const bool atk = pos.side_to_move() == attacker;
    if (!atk && !has_evasion(pos, rule)) break;  // mated
    Move pick;
    int pick_bound = atk ? kNoLen : -1;
    Move buf[kMaxMoves];
    const int n = atk ? generate_checks(pos, buf) : generate_evasions(pos, buf, rule);
    if (atk) {  // the stored proof move (one of the checks), where the table still shows its mate
      const Val v = tt.lookup(pos.board_key(), pos.hand(attacker), kRInf);
      if (v.pn == 0 && v.best && std::find(buf, buf + n, v.best) != buf + n) {
        Undo u;
        pos.do_move(v.best, u);
        if (!path.contains(pos.key()) && stored_bound(tt, pos, attacker, rule, kAhead) <= left - 1)
          pick = v.best;
        pos.undo_move(v.best, u);
      }
    }
    const int scan = pick ? 0 : n;  // the moves to weigh when the stored one does not do
    for (int i = 0; i < scan; ++i) {
      Undo u;
      pos.do_move(buf[i], u);
      const bool repeats = path.contains(pos.key());
      const int b = repeats ? kNoLen : stored_bound(tt, pos, attacker, rule, kAhead);
      pos.undo_move(buf[i], u);
      if (b == kNoLen || b > left - 1) continue;
      if (atk ? b < pick_bound : b > pick_bound) pick = buf[i], pick_bound = b;
    }
    if (!pick) return {};
    Undo u;
    pos.do_move(pick, u);
    line.push_back(pick);
    if (path.contains(pos.key())) return {};
    path.push(pos.key());
  }
  const bool mated = pos.side_to_move() != attacker && pos.in_check() && !has_evasion(pos, rule);
  if (!mated) line.clear();
  return line;
}

/// The df-pn kernels' common finish: after the proof of the root (v), prove the minimal mate
/// length by searching for mates of length L - 2 until none exists, then extract the main line.
/// solve(pos, r, path) answers one depth-limited query as DfPn::solve does (dfpn: one searcher;
/// dfpn-tbb: several on the shared table); found(len) records each mate length established
/// (Result::mates_found) and shows it on the progress line, proved(len) the proof that it is
/// minimal (Result::proved).
template <bool kShared, class Solve, class Found, class Proved>
void post_search(const Params& p, Table<kShared>& tt, Solve&& solve, Found&& found, Proved&& proved,
                 Val v, Result& res) {
  Position root = p.root;
  const Color atk = root.side_to_move();
  if (v.dn == 0) {
    res.outcome = Outcome::kNoMate;
    return;
  }
  res.outcome = Outcome::kMate;
  int len = v.hi;
  res.mate_length = len;
  found(len);
  // the line read from the table after each query, for a stop before the main line is read:
  // the table right after a query holds that query's proof, which the next may overwrite
  std::vector<Move> last;
  auto stopped_here = [&] {
    // from p.root: a stop inside the main line's extraction leaves `root` where it was
    std::vector<Move> line = mating_line(tt, p.root, atk, res.mate_length, p.interpositions);
    if (line.empty()) line = std::move(last);
    if (static_cast<int>(line.size()) == res.mate_length)
      res.main_line = std::move(line);
    else
      res.mating_line = std::move(line);
  };
  if (!p.main_line) return stopped_here();
  last = mating_line(tt, root, atk, len, p.interpositions);
  try {
    while (len >= 3) {
      PathSet path;
      const Val w = solve(root, static_cast<std::uint16_t>(len - 2), path);
      if (w.pn != 0) break;
      len = w.hi;
      res.mate_length = len;
      found(len);
      if (auto line = mating_line(tt, root, atk, len, p.interpositions); !line.empty())
        last = std::move(line);
    }
    res.length_proven = true;
    proved(len);
    // the query depth for "pos mated within r plies?": attacker positions are mated in odd
    // numbers of plies, defender positions in even ones; 0 where no search is needed (an
    // attacker position with no ply left, a defender position asked for an immediate mate)
    auto depth = [&](const Position& pos, int r) {
      if (pos.side_to_move() == atk) return r < 1 ? 0 : r | 1;
      return r <= 0 ? 0 : r & ~1;
    };
    auto oracle = [&](Position& pos, int r, PathSet& path) {
      const int d = depth(pos, r);
      if (d == 0) return pos.side_to_move() != atk && !has_evasion(pos, p.interpositions);
      return solve(pos, static_cast<std::uint16_t>(d), path).pn == 0;
    };
    // what the table already knows: a settled entry is what the oracle's first lookup returns
    auto probe = [&](Position& pos, int r) {
      const int d = depth(pos, r);
      if (d == 0) return 0;
      const Val t = tt.lookup(pos.board_key(), pos.hand(atk), static_cast<std::uint16_t>(d));
      return t.pn == 0 ? 1 : t.dn == 0 ? -1 : 0;
    };
    MainLine<decltype(oracle), decltype(probe)> ml(oracle, 4000, p.interpositions, probe);
    PathSet path;
    path.push(root.key());
    res.main_line = ml.best(root, len, true, path).first;
  } catch (const Aborted&) {
    res.stopped = true;
    stopped_here();
  }
}

/// The df-pn kernels' driver: solve(pos, r, path) (one searcher, or several on a shared table)
/// proves or disproves the root, for a mate of any length or, with p.max_length, within that
/// many plies; then post_search finishes. A limit reached before the root is settled gives
/// kUnknown. Fills res.outcome, mate_length, length_proven, main_line, stopped, no_mate_within
/// mates_found and proved (nodes() is the searchers' node count so far, read between queries).
template <bool kShared, class Solve, class Nodes>
void solve_root(const Params& p, Table<kShared>& tt, Solve&& solve, Nodes&& nodes, Result& res) {
  const auto start = std::chrono::steady_clock::now();
  auto at = [&](int len) {
    const std::chrono::duration<double> t = std::chrono::steady_clock::now() - start;
    return MateFound{len, nodes(), t.count()};
  };
  auto found = [&](int len) {
    res.mates_found.push_back(at(len));
    if (p.progress) p.progress->bound.store(len, std::memory_order_relaxed);
    if (p.on_mate_found) p.on_mate_found(res.mates_found.back());
  };
  auto proved = [&](int len) { res.proved = at(len); };
  try {
    Position root = p.root;
    PathSet path;
    // attacker positions are mated in odd numbers of plies
    const std::uint16_t r =
        p.max_length > 0 ? static_cast<std::uint16_t>((p.max_length - 1) | 1) : kRInf;
    const Val v = solve(root, r, path);
    if (v.dn == 0 && r != kRInf && v.lo != kNoLen) {  // no mate within r; longer ones not sought
      res.outcome = Outcome::kUnknown;
      res.no_mate_within = r;
      return;
    }
    post_search(p, tt, solve, found, proved, v, res);
  } catch (const Aborted&) {
    res.outcome = Outcome::kUnknown;
    res.stopped = true;
  }
}

}  // namespace sb::tsume::detail
