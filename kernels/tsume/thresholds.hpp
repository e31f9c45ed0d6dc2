// df-pn's thresholds for the child it descends into (Nagai, "Df-pn Algorithm for Searching
// AND/OR Trees and Its Applications", PhD thesis, University of Tokyo, 2002: the MID procedure),
// with the 1 + epsilon trick on the minimised number (Pawlewicz and Lew, "Improving Depth-First
// PN-Search: 1 + epsilon Trick", Computers and Games 2006, epsilon = 1/4).
//
// At an OR node the child's pn threshold is min(thpn, second + second / 4 + 1) (the second-best
// child's pn, with a margin so that the search does not switch between two near-equal children
// at every step) and its dn threshold is thdn less what the other children add to the node's dn:
// thdn - dn + dn(child). An AND node swaps pn and dn. Numbers saturate at kInfPn - 1 (kInfPn
// means proved or disproved), and an unlimited threshold (kInfPn, as the root gets) stays
// unlimited: computed by the subtraction it saturated at kInfPn - 1, so a child whose summed
// number had also saturated (an unlimited search of a position whose evasions are reached along
// many lines, each counted) returned at once and its parent called it again, for ever.
// Pure functions, no state.
#pragma once

#include <algorithm>
#include <cstdint>

#include "dfpn_table.hpp"

namespace sb::tsume::detail {

/// A number clamped below kInfPn (kInfPn marks a settled node).
inline std::uint32_t saturate(std::uint64_t x) {
  return x >= kInfPn ? kInfPn - 1 : static_cast<std::uint32_t>(x);
}

/// The child's threshold on the number its parent minimises: the parent's threshold, or the
/// second-best child's number (kInfPn when there is none) and a quarter more, whichever is less.
inline std::uint32_t threshold_minimised(std::uint32_t th, std::uint64_t second) {
  second = std::min<std::uint64_t>(second, kInfPn);
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(th, second + second / 4 + 1));
}

/// The child's threshold on the number its parent sums: th less the sum's other terms
/// (sum - child); unlimited when th is.
inline std::uint32_t threshold_summed(std::uint32_t th, std::uint32_t sum, std::uint32_t child) {
  if (th >= kInfPn) return kInfPn;
  return saturate(std::uint64_t(th) - sum + child);
}

}  // namespace sb::tsume::detail
