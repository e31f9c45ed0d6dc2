#include <stdexcept>
#include <string>

#include "limits.hpp"
#include "nqueens.hpp"

namespace sb::nqueens {

void validate(const Params& p, int min_n, int max_n, const char* kernel) {
  if (p.n < min_n || p.n > max_n)
    throw std::invalid_argument(std::string("kernel '") + kernel + "' accepts n from " +
                                std::to_string(min_n) + " to " + std::to_string(max_n) + ", got " +
                                std::to_string(p.n));
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument("thread count must be from 1 to " + std::to_string(kMaxThreads) +
                                ", got " + std::to_string(p.threads));
}

}  // namespace sb::nqueens
