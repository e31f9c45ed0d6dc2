// Placeholder for the queens-game solver kernels (being written).
#include <stdexcept>

#include "queens_game.hpp"

namespace sb::queens_game {
Result plain(const Params&) { throw std::runtime_error("queens-game: not implemented yet"); }
Result memo(const Params&) { throw std::runtime_error("queens-game: not implemented yet"); }
Result memo_sym(const Params&) { throw std::runtime_error("queens-game: not implemented yet"); }
Result memo_sym_tbb(const Params&) { throw std::runtime_error("queens-game: not implemented yet"); }
}  // namespace sb::queens_game
