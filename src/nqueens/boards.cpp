#include "nqueens/boards.hpp"

#include <stdexcept>
#include <vector>

namespace sb::nqueens {

void for_each_solution(int n, const std::function<bool(const std::uint8_t* cols)>& visit) {
  if (n < 1 || n > 64) throw std::invalid_argument("n must be from 1 to 64");
  std::vector<std::uint8_t> cols(n);
  std::vector<char> col_used(n, 0), diag(2 * n, 0), anti(2 * n, 0);
  std::vector<int> next(n + 1, 0);  // next column to try in each row
  int r = 0;
  while (r >= 0) {
    if (r == n) {
      if (!visit(cols.data())) return;
      --r;
      const int c = cols[r];
      col_used[c] = diag[r - c + n] = anti[r + c] = 0;
      continue;
    }
    int c = next[r];
    while (c < n && (col_used[c] || diag[r - c + n] || anti[r + c])) ++c;
    if (c == n) {  // row exhausted: back up
      next[r] = 0;
      --r;
      if (r >= 0) {
        const int pc = cols[r];
        col_used[pc] = diag[r - pc + n] = anti[r + pc] = 0;
      }
      continue;
    }
    cols[r] = static_cast<std::uint8_t>(c);
    col_used[c] = diag[r - c + n] = anti[r + c] = 1;
    next[r] = c + 1;
    ++r;
  }
}

std::string board_text(const std::uint8_t* cols, int n) {
  std::string out;
  out.reserve(static_cast<std::size_t>(n) * (n + 1));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) out += cols[r] == c ? 'Q' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace sb::nqueens
