// Tsume kernel parameters: the checks every kernel makes on its Params, and the table budget.
#include <stdexcept>
#include <string>

#include "core/limits.hpp"
#include "core/memory.hpp"
#include "tsume/tsume.hpp"

namespace sb::tsume {

void validate(const Params& p, const char* kernel) {
  const std::string k = kernel;
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument(k + ": threads must be from 1 to " + std::to_string(kMaxThreads) +
                                ", got " + std::to_string(p.threads));
  if (p.max_memory != 0 && p.max_memory < (1ull << 20))
    throw std::invalid_argument(k + ": max_memory must be at least 1 MiB");
  if (p.max_memory > physical_memory())
    throw std::invalid_argument(k + ": max_memory " + std::to_string(p.max_memory >> 20) +
                                " MiB is more than the physical memory (" +
                                std::to_string(physical_memory() >> 20) + " MiB)");
  if (p.root.king_square(~p.root.side_to_move()) < 0)
    throw std::invalid_argument(k + ": the defender (the side not to move) has no king");
  if (p.max_length < 0 || p.max_length > kMaxLength)
    throw std::invalid_argument(k + ": max_length must be from 0 to " + std::to_string(kMaxLength) +
                                ", got " + std::to_string(p.max_length));
}

std::uint64_t table_bytes(const Params& p) {
  return p.max_memory ? p.max_memory : (256ull << 20);
}

}  // namespace sb::tsume
