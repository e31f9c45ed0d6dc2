// The df-pn kernels' driver and post-search (dfpn, dfpn-tbb). solve_root proves or disproves the
// root with the kernel's searcher(s); post_search then proves the minimal mate length by asking
// "mate within L - 2 plies?" (a depth-limited df-pn query on the same table) until the answer is
// no, and extracts the main line (main_line.hpp) with those queries as its oracle and the table's
// settled entries as its probe. When a limit stops it first, the mate is reported with the
// length found so far (length_proven false) and a line read from the table's proofs (proof_line).
//
// Work split: as the searcher the kernel passes (one, or dfpn-tbb's team on a shared table).
// Limits: Params' nodes, time and stop flag (Aborted), and the main line's oracle-call budget.
#pragma once

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

/// A mating line read from the table's proofs (attacker: the stored proof move; defender: the
/// evasion with the longest stored proof). Used when the minimal length could not be proved.
/// Empty unless the line has max_len plies and ends in mate (entries on it may have been replaced
/// or hold stale lengths), so that a line that does not mate, or mates sooner than the length
/// reported beside it, is never reported.
template <bool kShared>
std::vector<Move> proof_line(Table<kShared>& tt, Position pos, Color attacker, int max_len,
                             Interpositions rule) {
  std::vector<Move> line;
  for (int ply = 0; ply < max_len; ++ply) {
    Move pick;
    if (pos.side_to_move() == attacker) {
      const Val v = tt.lookup(pos.board_key(), pos.hand(attacker), kRInf);
      if (v.pn != 0 || !v.best) break;
      pick = v.best;
    } else {
      Move buf[kMaxMoves];
      const int n = generate_evasions(pos, buf, rule);
      int best_hi = -1;
      for (int i = 0; i < n; ++i) {
        const Val v = tt.lookup(pos.board_key_after(buf[i]), pos.hand(attacker), kRInf);
        if (v.pn == 0 && static_cast<int>(v.hi) > best_hi) best_hi = v.hi, pick = buf[i];
      }
      if (!pick) break;
    }
    Undo u;
    pos.do_move(pick, u);
    line.push_back(pick);
  }
  // Only a line as long as the proved length, ending in mate, is the main line: stale stored
  // lengths can lead the defender into a shorter mate (on Microcosmos a 463-ply line for a
  // 1,541-ply proof).
  const bool mated = pos.side_to_move() != attacker && pos.in_check() && !has_evasion(pos, rule);
  if (!mated || static_cast<int>(line.size()) != max_len) line.clear();
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
  if (!p.main_line) {
    res.main_line = proof_line(tt, root, atk, len, p.interpositions);
    return;
  }
  try {
    while (len >= 3) {
      PathSet path;
      const Val w = solve(root, static_cast<std::uint16_t>(len - 2), path);
      if (w.pn != 0) break;
      len = w.hi;
      res.mate_length = len;
      found(len);
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
    res.main_line = proof_line(tt, p.root, atk, res.mate_length, p.interpositions);
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
