// andor-tt: andor's full-width AND/OR search with iterative deepening 1, 3, 5, ... (andor.cpp)
// plus a transposition table. An entry keeps, for a board and the attacker's hand, the longest
// length known not to mate (lo; "none at all" when the search below it never met the depth limit
// or a repetition) and the shortest length known to mate (hi). Hand superiority: a mate with hand
// h is a mate with any hand >= h (the defender then holds fewer pieces); a total failure with h
// is one with any hand <= h (depth-limited failures are reused for the same hand only, so that
// a finite tree still ends the deepening with "no mate"). Results that depend on a repetition of
// the current line are never stored (they hold for that line only). The table is bounded
// (max_memory): clusters of four entries, the least recently written one replaced when full. Main
// line: main_line.hpp.
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "iterative_deepening.hpp"
#include "repetition_path.hpp"
#include "search_limits.hpp"

namespace sb::tsume {
namespace {

constexpr int kLenInf = 1 << 30;

struct TEntry {
  std::uint64_t key;  // board key | 1; 0 = empty
  Hand hand;
  std::int32_t lo;  // no mate within lo plies (kLenInf: none; -1: unknown)
  std::int32_t hi;  // mate within hi plies (kLenInf: unknown)
  std::uint32_t stamp;
};

class TTable {
 public:
  explicit TTable(std::uint64_t bytes) {
    std::uint64_t n = 1;
    while (n * 2 * 4 * sizeof(TEntry) <= bytes) n *= 2;
    mask_ = n - 1;
    e_.reset(static_cast<TEntry*>(std::calloc(n * 4, sizeof(TEntry))));  // pages touched lazily
    if (!e_) throw std::bad_alloc();
  }
  std::uint64_t positions = 0;

  /// 1: mate within r known, 0: no mate within r known, -1: unknown.
  int probe(std::uint64_t key, Hand h, int r) const {
    key |= 1;
    const TEntry* c = cluster(key);
    for (int i = 0; i < 4; ++i) {
      if (c[i].key != key) continue;
      if (c[i].hi < kLenInf && c[i].hi <= r && hand_ge(h, c[i].hand)) return 1;
      // A failure carries over to a weaker hand only when it is total: a depth-limited one may
      // have met the depth limit where the weaker hand's search would have ended by itself, and
      // taking it would hide that the tree below is finite (no mate at all).
      if (c[i].lo >= 0 && c[i].lo >= r &&
          (c[i].hand == h || (c[i].lo == kLenInf && hand_ge(c[i].hand, h))))
        return 0;
    }
    return -1;
  }
  void store(std::uint64_t key, Hand h, bool mate, int r) {
    key |= 1;
    TEntry* c = cluster(key);
    TEntry* victim = &c[0];
    for (int i = 0; i < 4; ++i) {
      if (c[i].key == key && c[i].hand == h) {
        victim = &c[i];
        break;
      }
      if (c[i].key == 0) {
        if (victim->key != 0) victim = &c[i];
      } else if (victim->key != 0 && c[i].stamp < victim->stamp) {
        victim = &c[i];
      }
    }
    if (victim->key != key || victim->hand != h) {
      if (victim->key == 0) ++positions;
      *victim = TEntry{key, h, -1, kLenInf, 0};
    }
    if (mate)
      victim->hi = std::min(victim->hi, r);
    else
      victim->lo = std::max(victim->lo, r);
    victim->stamp = ++clock_;
  }

 private:
  // The 4 slots of key (bit 0 set). Clusters are indexed from bit 1: stored keys have bit 0 set
  // (0 marks an empty slot), so indexing from bit 0 used only the odd clusters, half the table.
  TEntry* cluster(std::uint64_t key) const { return &e_[((key >> 1) & mask_) * 4]; }
  struct Free {
    void operator()(TEntry* p) const { std::free(p); }
  };
  std::unique_ptr<TEntry[], Free> e_;
  std::uint64_t mask_ = 0;
  std::uint32_t clock_ = 0;
};

class AndOrTT {
 public:
  AndOrTT(const Params& p)
      : lim(p), tt(table_bytes(p)), atk(p.root.side_to_move()), rule(p.interpositions) {}
  detail::Limits lim;
  TTable tt;
  Color atk;
  Interpositions rule;  // which interpositions the defender may play
  bool cut = false;     // a line below reached the depth limit
  bool rep = false;     // a line below was cut by a repetition

  bool attack(Position& pos, int r, detail::PathSet& path) {
    const int known = tt.probe(pos.board_key(), pos.hand(atk), r);
    if (known >= 0) {
      if (!known && r < kLenInf) {
        // a stored failure "within r" may come from a shallower search: only a total one is
        // independent of the depth
        if (tt.probe(pos.board_key(), pos.hand(atk), kLenInf) != 0) cut = true;
      }
      return known == 1;
    }
    lim.count();
    const bool cut0 = cut, rep0 = rep;
    cut = rep = false;
    Move buf[kMaxMoves];
    const int n = generate_checks(pos, buf);
    bool mate = false;
    if (n > 0 && r < 1) cut = true;
    for (int i = 0; i < n && r >= 1 && !mate; ++i) {
      const std::uint64_t k = pos.key_after(buf[i]);
      if (path.contains(k)) {
        rep = true;
        continue;
      }
      detail::ScopedMove sm(pos, path, buf[i], k);
      mate = defend(pos, r - 1, path);
    }
    finish(pos, mate, r);
    cut |= cut0, rep |= rep0;
    return mate;
  }

  bool defend(Position& pos, int r, detail::PathSet& path) {
    const int known = tt.probe(pos.board_key(), pos.hand(atk), r);
    if (known >= 0) {
      if (!known && tt.probe(pos.board_key(), pos.hand(atk), kLenInf) != 0) cut = true;
      return known == 1;
    }
    lim.count();
    const bool cut0 = cut, rep0 = rep;
    cut = rep = false;
    Move buf[kMaxMoves];
    const int n = generate_evasions(pos, buf, rule);
    bool mate = true;
    if (n > 0 && r < 1) cut = true, mate = false;
    for (int i = 0; i < n && mate && r >= 1; ++i) {
      const std::uint64_t k = pos.key_after(buf[i]);
      if (path.contains(k)) {
        rep = true;
        mate = false;
        break;
      }
      detail::ScopedMove sm(pos, path, buf[i], k);
      mate = attack(pos, r - 1, path);
    }
    finish(pos, mate, r);
    cut |= cut0, rep |= rep0;
    return mate;
  }

 private:
  // Store a result: mates always (they never depend on the line); failures only when no
  // repetition was involved, as "none at all" when no depth cut was either.
  void finish(const Position& pos, bool mate, int r) {
    if (mate)
      tt.store(pos.board_key(), pos.hand(atk), true, r);
    else if (!rep)
      tt.store(pos.board_key(), pos.hand(atk), false, cut ? r : kLenInf);
  }
};

}  // namespace

Result andor_tt(const Params& p) {
  validate(p, "andor-tt");
  AndOrTT s(p);
  Result res;
  res.threads = 1;
  res.interpositions = p.interpositions;
  detail::deepen(p, s, res, [](auto& search) { search.cut = search.rep = false; });
  res.positions = s.tt.positions;
  return res;
}

}  // namespace sb::tsume
