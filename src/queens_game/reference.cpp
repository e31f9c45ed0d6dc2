#include "queens_game/reference.hpp"

#include <array>

namespace sb::queens_game::reference {

std::optional<int> grundy(int n) {
  // OEIS A344227, a(1..13); a(0) = 0 is the empty board with no square.
  static constexpr std::array<int, 13> kA344227 = {1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0, 1};
  if (n < 1 || n > static_cast<int>(kA344227.size())) return std::nullopt;
  return kA344227[n - 1];
}

std::optional<bool> first_player_wins(int n) {
  if (n < 1) return std::nullopt;
  if (n % 2 == 1) return true;  // Jenrich: centre and point reflection, any odd n
  switch (n) {
    case 2:  // Noon & Van Brummelen 2006 (n <= 10); n = 4 also by Jenrich's strategy
    case 4:
    case 6:  // also Jenrich (QPGAME3)
    case 8:
      return true;
    case 10:  // Noon & Van Brummelen 2006; Jenrich (QPGAME3)
    case 12:  // Jenrich (QPGAME3)
    case 14:
    case 16:
      return false;
    default:
      return std::nullopt;
  }
}

}  // namespace sb::queens_game::reference
