#include "core/pieces.hpp"

#include <stdexcept>

namespace sb {

PieceSchedule schedule_pieces(const PieceList& list, const PieceHooks* hooks) {
  PieceSchedule s;
  s.known = list.base;
  std::vector<bool> done(list.count, false);
  if (hooks != nullptr) {
    for (const PieceRecord& r : hooks->finished) {
      if (r.id >= list.count)
        throw std::invalid_argument("piece " + std::to_string(r.id) + " is out of range (the " +
                                    list.scheme + " list has " + std::to_string(list.count) +
                                    " pieces)");
      if (done[r.id])
        throw std::invalid_argument("piece " + std::to_string(r.id) + " is given twice");
      done[r.id] = true;
      s.known += r.sub;
    }
  }
  s.todo.reserve(list.count - (hooks ? hooks->finished.size() : 0));
  if (list.order.empty()) {
    for (std::uint64_t id = 0; id < list.count; ++id)
      if (!done[id]) s.todo.push_back(id);
    return s;
  }
  std::vector<bool> seen(list.count, false);
  if (list.order.size() != list.count)
    throw std::invalid_argument("the " + list.scheme + " list's order has " +
                                std::to_string(list.order.size()) + " ids for " +
                                std::to_string(list.count) + " pieces");
  for (std::uint64_t id : list.order) {
    if (id >= list.count || seen[id])
      throw std::invalid_argument("the " + list.scheme + " list's order is not a permutation");
    seen[id] = true;
    if (!done[id]) s.todo.push_back(id);
  }
  return s;
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::uint64_t fnv1a_u64(std::uint64_t x, std::uint64_t h) {
  for (int i = 0; i < 8; ++i) {
    h ^= (x >> (8 * i)) & 0xff;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string hex64(std::uint64_t x) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, x >>= 4) s[static_cast<std::size_t>(i)] = digits[x & 15];
  return s;
}

}  // namespace sb
