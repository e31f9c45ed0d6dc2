#include "queens_game/checker.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>

namespace sb::queens_game::checker {
namespace {

class Solver {
 public:
  Solver(int rows, int cols) : n_(rows * cols), attack_(n_) {
    for (int a = 0; a < n_; ++a)
      for (int b = 0; b < n_; ++b) {
        const int ra = a / cols, ca = a % cols, rb = b / cols, cb = b % cols;
        const bool hit = ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb;
        if (hit) attack_[a] |= std::uint64_t{1} << b;
      }
  }

  std::uint64_t all() const { return n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1; }
  std::uint64_t after(std::uint64_t free, int s) const { return free & ~attack_[s]; }

  /// Sprague-Grundy value of the position with free squares `free` (normal play).
  int grundy(std::uint64_t free) {
    if (free == 0) return 0;
    if (auto it = grundy_.find(free); it != grundy_.end()) return it->second;
    std::uint64_t seen = 0;  // bit g: some move leads to value g (values stay below 64 here)
    for (std::uint64_t rest = free; rest != 0; rest &= rest - 1) {
      const int g = grundy(after(free, __builtin_ctzll(rest)));
      if (g < 64) seen |= std::uint64_t{1} << g;
    }
    const int mex = __builtin_ctzll(~seen);
    grundy_.emplace(free, mex);
    return mex;
  }

  /// Whether the player to move wins under misere play (whoever moves last loses).
  bool misere_wins(std::uint64_t free) {
    if (free == 0) return true;  // the opponent made the last move and loses
    if (auto it = misere_.find(free); it != misere_.end()) return it->second;
    bool win = false;
    for (std::uint64_t rest = free; rest != 0 && !win; rest &= rest - 1)
      win = !misere_wins(after(free, __builtin_ctzll(rest)));
    misere_.emplace(free, win);
    return win;
  }

 private:
  int n_;
  std::vector<std::uint64_t> attack_;  // attack_[s]: squares a queen on s attacks, s included
  std::unordered_map<std::uint64_t, int> grundy_;
  std::unordered_map<std::uint64_t, bool> misere_;
};

/// Throws std::invalid_argument unless 1 <= rows, cols and rows * cols <= kMaxSquares.
void check_board(int rows, int cols) {
  if (rows < 1 || cols < 1 || rows * cols > kMaxSquares)
    throw std::invalid_argument("the queens-game checker takes boards of 1 to " +
                                std::to_string(kMaxSquares) + " squares, got " +
                                std::to_string(rows) + " x " + std::to_string(cols));
}

}  // namespace

Answer solve(int rows, int cols, bool misere) {
  check_board(rows, cols);
  static std::mutex mu;
  static std::map<std::tuple<int, int, bool>, Answer> cache;
  std::lock_guard lock(mu);
  const auto key = std::make_tuple(rows, cols, misere);
  if (auto it = cache.find(key); it != cache.end()) return it->second;

  Solver s(rows, cols);
  Answer a;
  const std::uint64_t start = s.all();
  for (int sq = 0; sq < rows * cols; ++sq) {
    const std::uint64_t next = s.after(start, sq);
    if (!misere) a.move_grundy.push_back(s.grundy(next));
    const bool wins = misere ? !s.misere_wins(next) : a.move_grundy.back() == 0;
    if (wins) a.winning_first_moves.push_back(sq);
  }
  a.first_player_wins = !a.winning_first_moves.empty();
  if (!misere) a.grundy = s.grundy(start);
  cache.emplace(key, a);
  return a;
}

Answer solve_position(int rows, int cols, bool misere, const std::vector<int>& queens) {
  check_board(rows, cols);
  Solver s(rows, cols);
  std::uint64_t free = s.all();
  for (int q : queens) {
    if (q < 0 || q >= rows * cols || ((free >> q) & 1) == 0)
      throw std::invalid_argument("the queens-game checker: a queen on square " +
                                  std::to_string(q) + " is off the board or attacked");
    free = s.after(free, q);
  }
  Answer a;
  if (misere) {
    a.first_player_wins = s.misere_wins(free);
  } else {
    a.grundy = s.grundy(free);
    a.first_player_wins = *a.grundy != 0;
  }
  return a;
}

}  // namespace sb::queens_game::checker
