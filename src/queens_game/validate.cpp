// Validation and defaults shared by the queens-game kernels (see queens_game.hpp).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/limits.hpp"
#include "core/memory.hpp"
#include "queens_game/problem.hpp"
#include "queens_game/queens_game.hpp"

namespace sb::queens_game {

std::uint64_t default_max_memory() {
  return std::clamp<std::uint64_t>(physical_memory() / 4, 64ull << 20, 4ull << 30);
}

std::string illegal_queens(int rows, int cols, const std::vector<int>& queens) {
  for (std::size_t i = 0; i < queens.size(); ++i) {
    const int q = queens[i];
    if (q < 0 || q >= rows * cols)
      return "queen " + std::to_string(i + 1) + " is off the " + std::to_string(rows) + " x " +
             std::to_string(cols) + " board (square " + std::to_string(q) + ")";
    for (std::size_t j = 0; j < i; ++j)
      if (attack(queens[j], q, cols))
        return "queen " + std::to_string(i + 1) + " (" + square_name(q, cols) +
               ") stands on a square queen " + std::to_string(j + 1) + " (" +
               square_name(queens[j], cols) + ") attacks (or occupies): not a legal move";
  }
  return "";
}

void validate(const Params& p, const char* kernel) {
  const std::string k = std::string("queens-game kernel '") + kernel + "': ";
  if (p.rows < 1 || p.cols < 1)
    throw std::invalid_argument(k + "the board needs at least 1 row and 1 column, got " +
                                std::to_string(p.rows) + " x " + std::to_string(p.cols));
  if (p.rows > kMaxSquares || p.cols > kMaxSquares || p.rows * p.cols > kMaxSquares)
    throw std::invalid_argument(k + "a " + std::to_string(p.rows) + " x " + std::to_string(p.cols) +
                                " board has more than " + std::to_string(kMaxSquares) +
                                " squares, the supported maximum");
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument(k + "thread count must be from 1 to " +
                                std::to_string(kMaxThreads) + ", got " + std::to_string(p.threads));
  if (p.max_memory > physical_memory())
    throw std::invalid_argument(k + "--max-memory " + std::to_string(p.max_memory >> 20) +
                                " MiB is more than the physical memory (" +
                                std::to_string(physical_memory() >> 20) +
                                " MiB); the table must not push the machine into swap");
  if ((p.grundy || p.move_grundy) && p.misere)
    throw std::invalid_argument(k +
                                "--grundy is for normal play only: misere games do not add "
                                "up by Grundy values, so a misere Grundy value is not defined");
  if (const std::string why = illegal_queens(p.rows, p.cols, p.queens); !why.empty())
    throw std::invalid_argument(k + why);
  if (!p.queens.empty() && (p.all_moves || p.move_grundy))
    throw std::invalid_argument(k + (p.all_moves ? "--all-moves" : "--move-grundy") +
                                " classifies the empty board's first moves; a position "
                                "after queens is solved for its winner and --grundy");
}

void refuse_queens(const Params& p, const char* kernel) {
  if (!p.queens.empty())
    throw std::invalid_argument(std::string("queens-game kernel '") + kernel +
                                "' cuts the empty board into pieces by its first moves and does "
                                "not solve a position after queens: use memo-sym or memo-sym-tbb");
}

}  // namespace sb::queens_game
