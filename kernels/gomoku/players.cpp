// The computer levels (players.hpp). Level 1 follows SearchPos, the computer of chapter 332
// "コンピュータを少し強くする" of Y. Kumei's Win32 SDK tutorial (猫でもわかるプログラミング, 2002),
// rule for rule; its helpers Is5 and Is3 are not in the chapter, so "five" is the rule's five
// (the m,n,k board decides it) and "three" is, like the chapter's Is4 four, a window of five
// points with three of the player's stones and two empty points, here one that holds the new
// stone. The chapter's Is4 scans the whole board in its own order (directions x, y, diagonal,
// anti-diagonal; windows by their first point) and stops at the first window per direction; the
// empty point of the first direction found is the block. That is kept literally. What the
// chapter's CompPut does when SearchPos finds nothing is not in the chapter either
// ("後は偶然に頼る打ち方", it relies on chance): here a uniformly random empty point next to a
// stone.
#include "gomoku/players.hpp"

#include <stdexcept>

namespace sb::gomoku {

namespace {

std::uint64_t splitmix(std::uint64_t* s) {
  std::uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The board as the chapter's array: ban[x][y], x from the left, y from the top; 0 empty, 1 black,
/// 2 white (the chapter's 1 = first player, 2 = second).
struct Level1Board {
  int w = 0, h = 0;
  std::vector<int> v;  // v[x * h + y]
  int& at(int x, int y) { return v[x * h + y]; }
  int get(int x, int y) const { return x < 0 || y < 0 || x >= w || y >= h ? -1 : v[x * h + y]; }
};

Level1Board level1_board(const Game& g) {
  Level1Board b;
  b.w = g.rules().cols;
  b.h = g.rules().rows;
  b.v.assign(b.w * b.h, 0);
  for (int c = 0; c < g.rules().cells(); ++c)
    if (g.at(c) >= 0) b.at(g.x_of(c), g.y_of(c)) = g.at(c) + 1;
  return b;
}

constexpr int kDx[4] = {1, 0, 1, -1};  // the chapter's Is4 directions: ban[i+k][j], ban[i][j+k],
constexpr int kDy[4] = {0, 1, 1, 1};   // ban[i+k][j+k], ban[i-k][j+k]

/// The chapter's Is4 for colour `col` (1 or 2): for each direction, the first window (by its first
/// point, x-major as the chapter's loops) with four stones of col and one empty point; returns how
/// many directions have one and their empty points in akiin[d] (x, y), found[d].
int level1_is4(const Level1Board& b, int col, int akiin[4][2], bool found[4]) {
  int count = 0;
  for (int d = 0; d < 4; ++d) {
    found[d] = false;
    // the chapter's loop bounds: i (x) outer, j (y) inner; the window runs from (i, j) by k steps
    for (int i = 0; i < b.w && !found[d]; ++i)
      for (int j = 0; j < b.h && !found[d]; ++j) {
        const int ex = i + 4 * kDx[d], ey = j + 4 * kDy[d];
        if (ex < 0 || ex >= b.w || ey >= b.h) continue;
        int empty = 0, mine = 0, ax = -1, ay = -1;
        for (int k = 0; k < 5; ++k) {
          const int s = b.get(i + k * kDx[d], j + k * kDy[d]);
          if (s == 0) {
            ++empty;
            ax = i + k * kDx[d];
            ay = j + k * kDy[d];
          } else if (s == col) {
            ++mine;
          }
        }
        if (empty == 1 && mine == 4) {
          found[d] = true;
          akiin[d][0] = ax;
          akiin[d][1] = ay;
          ++count;
        }
      }
  }
  return count;
}

/// A window of five through (x, y) with three stones of col and two empty points.
bool makes_three(const Level1Board& b, int x, int y, int col) {
  for (int d = 0; d < 4; ++d)
    for (int s = -4; s <= 0; ++s) {
      int empty = 0, mine = 0;
      bool inside = true;
      for (int k = 0; k < 5 && inside; ++k) {
        const int v = b.get(x + (s + k) * kDx[d], y + (s + k) * kDy[d]);
        if (v < 0) inside = false;
        empty += v == 0;
        mine += v == col;
      }
      if (inside && empty == 2 && mine == 3) return true;
    }
  return false;
}

class Level1Player final : public Player {
 public:
  explicit Level1Player(std::uint64_t seed) : seed_(seed), rng_(seed) {}
  Choice choose(const Game& g, const std::atomic<bool>*, Live*) override {
    const int n = g.moves_played();
    while (!hist_.empty() && hist_.back().first >= n) hist_.pop_back();
    const Level1State st = hist_.empty() ? Level1State{} : hist_.back().second;
    const Level1Move m = level1_move(g, st, &rng_);
    hist_.push_back({n, m.after});
    Choice c;
    c.move = m.cell;
    c.reason = std::string("level-1 rule: ") + level1_rule_name(m.rule);
    return c;
  }
  void new_game() override { hist_.clear(); }
  int level() const override { return 1; }

 private:
  std::uint64_t seed_, rng_;
  std::vector<std::pair<int, Level1State>> hist_;  // moves played when chosen -> state after
};

class GreedyPlayer final : public Player {
 public:
  explicit GreedyPlayer(const PlayerOptions& o) { lim_.threads = 1, lim_.tt_bytes = o.tt_bytes; }
  Choice choose(const Game& g, const std::atomic<bool>*, Live*) override {
    return choose_greedy(g, lim_);
  }
  int level() const override { return 2; }

 private:
  Limits lim_;
};

class SearchPlayer final : public Player {
 public:
  explicit SearchPlayer(const PlayerOptions& o) : level_(o.level) {
    lim_.seconds = o.seconds;
    lim_.threads = o.threads;
    lim_.tt_bytes = o.tt_bytes;
  }
  Choice choose(const Game& g, const std::atomic<bool>* stop, Live* live) override {
    return level_ >= 4 ? choose_pattern_search(g, lim_, stop, live)
                       : choose_search(g, lim_, stop, live);
  }
  void set_seconds(double s) override { lim_.seconds = s; }
  void set_tt_bytes(std::uint64_t b) override { lim_.tt_bytes = b; }
  int level() const override { return level_; }

 private:
  int level_;
  Limits lim_;
};

}  // namespace

std::string level_summary(int level) {
  switch (level) {
    case 1:
      return "the computer of \"コンピュータを少し強くする\" (Y. Kumei's Win32 SDK tutorial), rule "
             "for rule: centre, own five, block five, block fours and threes, make a four or "
             "three, else chance";
    case 2:
      return "greedy: five, block five, VCF, defence against a VCF threat, else the best pattern "
             "value (no search)";
    case 3:
      return "search: five, block five, VCF, VCT, then alpha-beta with pattern evaluation, "
             "transposition table and oneTBB threads within the time per move";
    case 4:
      return "pattern search: level 3's root VCF and VCT, then principal variation search on "
             "incrementally classified points (threat-class moves, VCF at every node, killer "
             "moves)";
  }
  return "";
}

const char* level1_rule_name(Level1Rule r) {
  switch (r) {
    case Level1Rule::kCentre:
      return "centre";
    case Level1Rule::kFive:
      return "five";
    case Level1Rule::kBlockFive:
      return "block five";
    case Level1Rule::kBlockFour:
      return "block four";
    case Level1Rule::kFourOrThree:
      return "four or three";
    case Level1Rule::kChance:
      return "chance";
  }
  return "chance";
}

Level1Move level1_move(const Game& g, Level1State st, std::uint64_t* rng) {
  if (g.over()) throw std::invalid_argument("the game is over: there is no move to choose");
  const int me = g.to_move(), op = me ^ 1;
  const int w = g.rules().cols, h = g.rules().rows;
  Level1Move r;
  r.after = st;
  // 1. centre on the first or second move
  const int cx = (w - 1) / 2, cy = (h - 1) / 2;
  if (g.moves_played() <= 1 && g.at(g.cell_at_xy(cx, cy)) < 0) {
    r.cell = g.cell_at_xy(cx, cy);
    r.rule = Level1Rule::kCentre;
    return r;
  }
  // scan order: y (rows from the top) outer, x inner
  auto scan = [&](auto&& f) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int c = g.cell_at_xy(x, y);
        if (g.at(c) < 0 && f(c, x, y)) return c;
      }
    return -1;
  };
  Level1Board b = level1_board(g);
  const bool standard = g.rules().rule == mnk::Rule::kStandard;
  // A five of colour col through the empty point (x, y): a run of five (freestyle: five or
  // more; standard: exactly five), the rule the m,n,k board applies.
  auto makes_five = [&](int x, int y, int col) {
    for (int d = 0; d < 4; ++d) {
      int run = 1;
      for (int s = -1; s <= 1; s += 2)
        for (int k = 1; b.get(x + s * k * kDx[d], y + s * k * kDy[d]) == col; ++k) ++run;
      if (standard ? run == 5 : run >= 5) return true;
    }
    return false;
  };
  const int mcol = me + 1, ocol = op + 1;
  // 2. own five
  int c = scan([&](int, int x, int y) { return makes_five(x, y, mcol); });
  if (c >= 0) {
    r.cell = c;
    r.rule = Level1Rule::kFive;
    return r;
  }
  // 3. block the opponent's five
  c = scan([&](int, int x, int y) { return makes_five(x, y, ocol); });
  if (c >= 0) {
    r.cell = c;
    r.rule = Level1Rule::kBlockFive;
    return r;
  }
  {
    // 4. block: the first point where an opponent stone makes a four window; play its empty point
    int akiin[4][2];
    bool found[4];
    int block = -1;
    scan([&](int, int x, int y) {
      b.at(x, y) = ocol;
      const int n4 = level1_is4(b, ocol, akiin, found);
      b.at(x, y) = 0;
      if (n4 == 0) return false;
      for (int d = 0; d < 4; ++d)
        if (found[d]) {
          block = g.cell_at_xy(akiin[d][0], akiin[d][1]);
          return true;
        }
      return false;
    });
    if (block >= 0) {
      r.cell = block;
      r.rule = Level1Rule::kBlockFour;
      return r;
    }
    // 5. own four (unless made since the last fall-through), else own three (likewise), in one
    // scan, as the chapter's last loop
    c = scan([&](int, int x, int y) {
      b.at(x, y) = mcol;
      bool take = false;
      if (level1_is4(b, mcol, akiin, found) >= 1 && !r.after.made_four) {
        r.after.made_four = true;
        take = true;
      } else if (makes_three(b, x, y, mcol) && !r.after.made_three) {
        r.after.made_three = true;
        take = true;
      }
      b.at(x, y) = 0;
      return take;
    });
    if (c >= 0) {
      r.cell = c;
      r.rule = Level1Rule::kFourOrThree;
      return r;
    }
  }
  // 6. chance: a random empty point next to a stone (the centre on an empty board)
  r.after = Level1State{};
  r.rule = Level1Rule::kChance;
  std::vector<int> next;
  for (int cell = 0; cell < g.rules().cells(); ++cell) {
    if (g.at(cell) >= 0) continue;
    const int x = g.x_of(cell), y = g.y_of(cell);
    bool adj = false;
    for (int dx = -1; dx <= 1 && !adj; ++dx)
      for (int dy = -1; dy <= 1 && !adj; ++dy) {
        const int q = g.cell_at_xy(x + dx, y + dy);
        adj = q >= 0 && g.at(q) >= 0;
      }
    if (adj) next.push_back(cell);
  }
  if (next.empty())
    for (int cell = 0; cell < g.rules().cells(); ++cell)
      if (g.at(cell) < 0) next.push_back(cell);
  r.cell = next[splitmix(rng) % next.size()];
  return r;
}

std::unique_ptr<Player> make_player(const PlayerOptions& o) {
  if (o.level < kMinLevel || o.level > kMaxLevel)
    throw std::invalid_argument("level " + std::to_string(o.level) + " is outside " +
                                std::to_string(kMinLevel) + ".." + std::to_string(kMaxLevel));
  if (!(o.seconds > 0)) throw std::invalid_argument("the time per move must be positive");
  if (o.threads < 1) throw std::invalid_argument("threads must be at least 1");
  switch (o.level) {
    case 1:
      return std::make_unique<Level1Player>(o.seed);
    case 2:
      return std::make_unique<GreedyPlayer>(o);
    default:
      return std::make_unique<SearchPlayer>(o);
  }
}

}  // namespace sb::gomoku
