// Gomoku rules on the m,n,k board: legal moves, fives, draws, the terminal board.
#include "gomoku/game.hpp"

#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>

namespace sb::gomoku {

void validate(const Rules& r) {
  if (r.cols < kMinSide || r.cols > kMaxSide || r.rows < kMinSide || r.rows > kMaxSide)
    throw std::invalid_argument("board " + std::to_string(r.cols) + "x" + std::to_string(r.rows) +
                                " is outside the gomoku sizes (" + std::to_string(kMinSide) +
                                " to " + std::to_string(kMaxSide) + " columns and rows)");
}

std::string describe(const Rules& r) {
  return std::to_string(r.cols) + "x" + std::to_string(r.rows) + " " +
         std::string(mnk::rule_name(r.rule));
}

const char* colour_name(int player) {
  return player == kBlack ? "black" : "white";
}

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kOngoing:
      return "ongoing";
    case Outcome::kBlackWins:
      return "black wins";
    case Outcome::kWhiteWins:
      return "white wins";
    case Outcome::kDraw:
      return "draw";
  }
  return "ongoing";
}

std::shared_ptr<const mnk::Geometry> geometry_for(const Rules& r) {
  validate(r);
  static std::mutex mu;
  static std::map<std::tuple<int, int, int>, std::shared_ptr<const mnk::Geometry>> cache;
  std::lock_guard lock(mu);
  auto& slot = cache[{r.cols, r.rows, static_cast<int>(r.rule)}];
  if (!slot) slot = std::make_shared<const mnk::Geometry>(r.cols, r.rows, kFive, r.rule);
  return slot;
}

Game::Game(const Rules& rules) : rules_(rules), geometry_(geometry_for(rules)) {
  rebuild();
}

Game::Game(const Game& o) : rules_(o.rules_), geometry_(o.geometry_) {
  rebuild();
  for (int c : o.moves_) play(c);
}

Game& Game::operator=(const Game& o) {
  if (this != &o) {
    rules_ = o.rules_;
    geometry_ = o.geometry_;
    rebuild();
    for (int c : o.moves_) play(c);
  }
  return *this;
}

Game::~Game() = default;

void Game::rebuild() {
  board_ = std::make_unique<mnk::Board<11>>(*geometry_);
  moves_.clear();
  stones_.assign(rules_.cells(), -1);
  outcome_ = Outcome::kOngoing;
  row_.clear();
}

std::string Game::why_illegal(int c) const {
  if (c < 0 || c >= rules_.cells()) return "that point is off the " + describe(rules_) + " board";
  if (over()) return "the game is over (" + std::string(outcome_name(outcome_)) + ")";
  if (stones_[c] >= 0)
    return "point " + point(c) + " is occupied by a " + colour_name(stones_[c]) + " stone";
  return "";
}

void Game::play(int c) {
  const std::string why = why_illegal(c);
  if (!why.empty()) throw std::invalid_argument(why);
  const int p = to_move();
  board_->play(c);
  moves_.push_back(c);
  stones_[c] = static_cast<std::int8_t>(p);
  if (board_->winner() == p) {
    outcome_ = p == kBlack ? Outcome::kBlackWins : Outcome::kWhiteWins;
    // The winning row: the longest run of p through c that wins under the rule.
    const int m = rules_.cols, f0 = c % m, r0 = c / m;
    for (int d = 0; d < 4 && row_.empty(); ++d) {
      std::vector<int> run{c};
      for (int s = -1; s <= 1; s += 2)
        for (int i = 1;; ++i) {
          const int cell =
              geometry_->at(f0 + s * i * mnk::kDirFile[d], r0 + s * i * mnk::kDirRank[d]);
          if (cell < 0 || stones_[cell] != p) break;
          if (s < 0)
            run.insert(run.begin(), cell);
          else
            run.push_back(cell);
        }
      const int len = static_cast<int>(run.size());
      if (rules_.rule == mnk::Rule::kStandard ? len == kFive : len >= kFive) row_ = run;
    }
  } else if (moves_played() == rules_.cells()) {
    outcome_ = Outcome::kDraw;
  }
}

void Game::undo() {
  if (moves_.empty()) return;
  const int c = moves_.back();
  moves_.pop_back();
  stones_[c] = -1;
  board_->undo();
  outcome_ = Outcome::kOngoing;
  row_.clear();
}

std::string draw_board(const Game& g) {
  const int m = g.rules().cols, n = g.rules().rows;
  const int last = g.last_move();
  std::string files = "  ";
  for (int f = 0; f < m; ++f) {
    files += ' ';
    files += static_cast<char>('a' + f);
  }
  std::string out = files + "\n";
  for (int r = n - 1; r >= 0; --r) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%2d", r + 1);
    std::string line = buf;
    bool after_last = false;
    for (int f = 0; f < m; ++f) {
      const int c = r * m + f;
      const int s = g.at(c);
      if (!after_last) line += c == last ? '(' : ' ';
      line += s == kBlack ? 'X' : s == kWhite ? 'O' : '.';
      after_last = c == last;
      if (after_last) line += ')';
    }
    if (!after_last) line += ' ';
    line += std::to_string(r + 1);
    out += line + "\n";
  }
  out += files + "\n";
  return out;
}

}  // namespace sb::gomoku
