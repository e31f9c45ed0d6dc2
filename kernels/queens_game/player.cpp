// The perfect player behind `queens-game play` (queens_game.hpp, class Player). Outcomes come
// from the memo-sym engine (engine.hpp) with one table kept for the whole game. Game lengths (for
// the fastest win and the longest defence) are computed exactly by a memoised minimax on the
// number of moves left when the position has at most kExactLength free squares:
//   won(X)  = min over moves to a lost child Y of 1 + lost(Y)
//   lost(X) = max over all moves to a child Y of 1 + won(Y), and lost(empty) = 0.
// Larger positions use a heuristic: any winning move, or when lost the move leaving the most
// free squares. Serial. Limits: rows * cols <= 304 (five words; `play` asks at most 16 x 16).
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "engine.hpp"
#include "geometry.hpp"
#include "queens_game/queens_game.hpp"
#include "square_set.hpp"
#include "table.hpp"

namespace sb::queens_game {

namespace {
constexpr int kW = 5;
using S = detail::Set<kW>;

struct KeyHash {
  std::size_t operator()(const S& s) const {
    std::uint64_t h = 0;
    for (auto w : s.w) h = (h ^ w) * 0x9E3779B97F4A7C15ull + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};
struct KeyEq {
  bool operator()(const S& a, const S& b) const { return a == b; }
};
}  // namespace

struct Player::Impl {
  detail::Geometry<kW> g;
  detail::Table<kW, false> tt;
  detail::Stats st;
  detail::Engine<kW, false> e;
  std::unordered_map<S, int, KeyHash, KeyEq> len;  // canonical position -> moves left

  Impl(int rows, int cols, std::uint64_t max_memory)
      : g(rows, cols, true), tt(max_memory ? max_memory : default_max_memory()), e(g, tt, st) {}

  S from(const Squares& b) const {
    S s = S::none();
    for (int i = 0; i < g.n; ++i)
      if (b[i]) s.set(i);
    return s;
  }

  /// Moves left with perfect play (fast win / long defence), X at most kExactLength squares.
  int length(const S& x) {
    if (x.empty()) return 0;
    const S key = g.canon(x);
    if (auto it = len.find(key); it != len.end()) return it->second;
    const bool win = e.wins(x, 0);
    int best = win ? 1 << 20 : 0;
    x.for_each([&](int s) {
      const S c = x.andnot(g.att[s]);
      if (win) {
        if (!e.wins(c, 0)) best = std::min(best, 1 + length(c));
      } else {
        best = std::max(best, 1 + length(c));
      }
    });
    len.emplace(key, best);
    return best;
  }
};

Player::Player(int rows, int cols, std::uint64_t max_memory) {
  Params p;
  p.rows = rows;
  p.cols = cols;
  validate(p, "play");
  if (rows * cols > detail::squares_for(kW))
    throw std::invalid_argument("the player takes boards of at most " +
                                std::to_string(detail::squares_for(kW)) + " squares");
  impl_ = std::make_unique<Impl>(rows, cols, max_memory);
}
Player::~Player() = default;

int Player::rows() const {
  return impl_->g.rows;
}
int Player::cols() const {
  return impl_->g.cols;
}

Squares Player::attack(int square) const {
  if (square < 0 || square >= impl_->g.n) throw std::invalid_argument("square out of range");
  Squares r;
  impl_->g.att[square].for_each([&](int s) { r.set(s); });
  return r;
}

bool Player::mover_wins(const Squares& free) {
  return impl_->e.wins(impl_->from(free), 0);
}

int Player::choose(const Squares& free, bool* winning) {
  Impl& m = *impl_;
  const S x = m.from(free);
  if (x.empty()) throw std::invalid_argument("no free square left to play");
  const bool win = m.e.wins(x, 0);
  const bool exact = x.count() <= kExactLength;
  int best = -1, best_score = 0;
  x.for_each([&](int s) {
    const S c = x.andnot(m.g.att[s]);
    int score;  // larger is better
    if (win) {
      if (m.e.wins(c, 0)) return;
      score = exact ? -m.length(c) : -c.count();  // fastest win (or fewest squares left)
    } else {
      score = exact ? m.length(c) : c.count();  // longest defence (or most squares left)
    }
    if (best < 0 || score > best_score) best = s, best_score = score;
  });
  if (winning) *winning = win;
  return best;
}

}  // namespace sb::queens_game
