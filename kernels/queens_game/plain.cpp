// plain: the method of the program in the article "８クィーンゲーム" (Gushwell's C# Programming
// Page). Recursive game-tree search: a position is won when some move leads to a position the
// opponent loses; the search stops at the first winning move. No transposition table, no
// symmetry, no component decomposition. Work split: none (serial). Limits: any board up to
// kMaxSquares, but the time grows exponentially (about 8 x 8 is practical; --grundy and
// --all-moves evaluate every move and are slower still).
#include "geometry.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"

namespace sb::queens_game {
namespace {

template <int W>
struct Plain {
  using S = detail::Set<W>;
  const detail::Geometry<W>& g;
  bool misere;
  std::uint64_t nodes = 0;

  /// Does the player to move win? (normal or misere play)
  bool wins(const S& x) {
    ++nodes;
    if (x.empty()) return misere;
    bool win = false;
    for (int i = 0; i < W && !win; ++i)
      for (std::uint64_t v = x.w[i]; v && !win; v &= v - 1)
        win = !wins(x.andnot(g.att[i * 64 + std::countr_zero(v)]));
    return win;
  }

  /// Normal-play Grundy value: mex of the children's values.
  int grundy(const S& x) {
    ++nodes;
    std::uint64_t seen[4] = {0, 0, 0, 0};
    x.for_each([&](int s) {
      const int c = grundy(x.andnot(g.att[s]));
      seen[c >> 6] |= 1ull << (c & 63);
    });
    int m = 0;
    while ((seen[m >> 6] >> (m & 63)) & 1) ++m;
    return m;
  }
};

}  // namespace

Result plain(const Params& p) {
  validate(p, "plain");
  return detail::dispatch_words(p.rows * p.cols, [&]<int W>() {
    const detail::Geometry<W> g(p.rows, p.cols, false);
    Plain<W> s{g, p.misere};
    Result r;
    const auto start = detail::position_after(g, p.queens);
    if (p.all_moves) {
      if (p.progress) p.progress->total.store(g.n, std::memory_order_relaxed);
      for (int m = 0; m < g.n; ++m) {
        if (!s.wins(start.andnot(g.att[m]))) r.winning_first_moves.push_back(m);
        if (p.progress) p.progress->done.fetch_add(1, std::memory_order_relaxed);
      }
      r.first_player_wins = !r.winning_first_moves.empty();
    } else {
      r.first_player_wins = s.wins(start);
    }
    if (p.grundy) r.grundy = s.grundy(start);
    if (p.move_grundy) {
      r.move_grundy.resize(g.n);
      for (int m = 0; m < g.n; ++m) r.move_grundy[m] = s.grundy(start.andnot(g.att[m]));
    }
    r.nodes = s.nodes;
    return r;
  });
}

}  // namespace sb::queens_game
