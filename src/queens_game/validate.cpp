// Validation and defaults shared by the queens-game kernels (see queens_game.hpp).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/limits.hpp"
#include "core/memory.hpp"
#include "queens_game/queens_game.hpp"

namespace sb::queens_game {

std::uint64_t default_max_memory() {
  return std::clamp<std::uint64_t>(physical_memory() / 4, 64ull << 20, 4ull << 30);
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
}

}  // namespace sb::queens_game
