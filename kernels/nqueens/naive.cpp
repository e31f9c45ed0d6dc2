// naive: placeholder (being rewritten).
#include "nqueens.hpp"
#include <stdexcept>
namespace sb::nqueens {
Result naive(const Params& p) {
  validate(p, 1, 9, "naive");
  throw std::runtime_error("naive: not implemented yet");
}
}  // namespace sb::nqueens
