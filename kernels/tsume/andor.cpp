// andor: full-width AND/OR search to a depth limit, the method of the article
// "詰め将棋ルーチン製作". The attacker tries every check, the defender every evasion, no pruning
// and no table; iterative deepening on the mate length 1, 3, 5, ... so that the first mate found is
// the shortest.
//
// A position that repeats one of the current line never mates (perpetual check). When a depth
// finds no mate and no line was cut by the depth limit, the whole tree was seen: no mate at any
// length. Main line: main_line.hpp, with this search as its oracle. Exponential: practical for
// short problems only. Limits: nodes, time and stop via Params; max_length caps the deepening.
#include "iterative_deepening.hpp"
#include "repetition_path.hpp"
#include "search_limits.hpp"

namespace sb::tsume {
namespace {

class AndOr {
 public:
  explicit AndOr(const Params& p) : lim(p), rule(p.interpositions) {}
  detail::Limits lim;
  Interpositions rule;  // which interpositions the defender may play
  bool cut = false;     // a line reached the depth limit

  /// Does the attacker (to move) mate within r plies?
  bool attack(Position& pos, int r, detail::PathSet& path) {
    lim.count();
    Move buf[kMaxMoves];
    const int n = generate_checks(pos, buf);
    if (n == 0) return false;
    if (r < 1) {
      cut = true;
      return false;
    }
    for (int i = 0; i < n; ++i) {
      const std::uint64_t k = pos.key_after(buf[i]);
      if (path.contains(k)) continue;  // perpetual check
      detail::ScopedMove sm(pos, path, buf[i], k);
      if (defend(pos, r - 1, path)) return true;
    }
    return false;
  }

  /// Is the defender (to move, in check) mated within r plies whatever it plays?
  bool defend(Position& pos, int r, detail::PathSet& path) {
    lim.count();
    Move buf[kMaxMoves];
    const int n = generate_evasions(pos, buf, rule);
    if (n == 0) return true;
    if (r < 1) {
      cut = true;
      return false;
    }
    for (int i = 0; i < n; ++i) {
      const std::uint64_t k = pos.key_after(buf[i]);
      if (path.contains(k)) return false;  // the defender repeats: no mate on this line
      detail::ScopedMove sm(pos, path, buf[i], k);
      if (!attack(pos, r - 1, path)) return false;
    }
    return true;
  }
};

}  // namespace

Result andor(const Params& p) {
  validate(p, "andor");
  AndOr s(p);
  Result res;
  res.threads = 1;
  res.interpositions = p.interpositions;
  detail::deepen(p, s, res, [](auto& search) { search.cut = false; });
  return res;
}

}  // namespace sb::tsume
