#include "nqueens/symmetry.hpp"

namespace sb::nqueens {

int canonical_orbit_size(const std::uint8_t* cols, int n) {
  const int m = n - 1;
  std::uint8_t img[64];
  int stabilizer = 1;  // the identity
  for (int t = 1; t < 8; ++t) {
    // Image of every queen (r, c) under symmetry t, stored as img[row] = column.
    for (int r = 0; r < n; ++r) {
      const int c = cols[r];
      int r2 = r, c2 = c;
      switch (t) {
        case 1:
          r2 = c, c2 = m - r;
          break;  // rotate 90 degrees
        case 2:
          r2 = m - r, c2 = m - c;
          break;  // rotate 180 degrees
        case 3:
          r2 = m - c, c2 = r;
          break;  // rotate 270 degrees
        case 4:
          c2 = m - c;
          break;  // mirror left-right
        case 5:
          r2 = m - r;
          break;  // mirror top-bottom
        case 6:
          r2 = c, c2 = r;
          break;  // transpose (main diagonal)
        default:
          r2 = m - c, c2 = m - r;
          break;  // anti-diagonal
      }
      img[r2] = static_cast<std::uint8_t>(c2);
    }
    int cmp = 0;
    for (int r = 0; r < n && cmp == 0; ++r) cmp = int(img[r]) - int(cols[r]);
    if (cmp < 0) return 0;
    if (cmp == 0) ++stabilizer;
  }
  return 8 / stabilizer;
}

}  // namespace sb::nqueens
