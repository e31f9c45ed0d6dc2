// dfpn: depth-first proof-number search (Nagai 2002) for tsume-shogi, one thread.
//
// Algorithm: dfpn_search.hpp (bounded transposition table with hand superiority, dfpn_table.hpp;
// proof and disproof hands, hands.hpp; path-keyed loop disproofs; max-combined interpositions;
// 1 + epsilon thresholds; exhaustive last plies, exhaustive.hpp). After the root is proved, the
// post-search (post_search.hpp) asks for mates of length L - 2 (a
// depth-limited df-pn on the same table) until none exists, so the length is the minimum, then
// extracts the main line (longest defence, shortest attack, empty attacker hand preferred).
// Limits: the table stays within max_memory (default 256 MiB), on Params::table_memory when the
// caller keeps one (table_memory.hpp), else on fresh pages; nodes, time and stop via Params
// (the result is then kUnknown, or a mate whose minimality was not proved); with max_length the
// root question is "mate within max_length plies?" (no: kUnknown, no_mate_within set).
#include "dfpn_search.hpp"
#include "dfpn_table.hpp"
#include "post_search.hpp"
#include "search_limits.hpp"

namespace sb::tsume {

Result dfpn(const Params& p) {
  validate(p, "dfpn");
  detail::Table<false> tt(table_bytes(p), p.table_memory);
  detail::Limits lim(p);
  detail::DfPn<false> s(tt, lim, p.root.side_to_move(), 0, p.interpositions);
  Result res;
  res.threads = 1;
  res.interpositions = p.interpositions;
  detail::solve_root(
      p, tt,
      [&](Position& pos, std::uint16_t r, detail::PathSet& ps) { return s.solve(pos, r, ps); },
      [&] { return lim.nodes; }, res);
  res.nodes = lim.nodes;
  res.positions = tt.positions();
  return res;
}

}  // namespace sb::tsume
