// N-queens counting as a problem of the suite (src/core/problem.hpp): instances, result columns,
// verification against OEIS, and the kernel registrations (src/nqueens/problem.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/problem.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

/// An N-queens instance: the n x n board with n queens. Written as the decimal n ("16").
struct Instance {
  int n = 8;  ///< 1..kMaxInstanceN (each kernel accepts its own smaller range)
};

/// Largest n an instance may name (kernels refuse what they cannot count).
inline constexpr int kMaxInstanceN = 1000;

/// The problem's typed parts (see src/core/typed_problem.hpp).
struct Traits {
  using Instance = nqueens::Instance;
  using Params = nqueens::Params;
  using Result = nqueens::Result;

  /// Parses "N" (plain decimal, 1..kMaxInstanceN); throws std::invalid_argument.
  static Instance parse(std::string_view text);
  static std::string format(const Instance& x);
  static double size(const Instance& x) { return x.n; }
  static Params params(const Instance& x, const RunSettings& s);
  /// Columns n, total (Q(n)), unique (U(n)).
  static std::vector<std::string> fields(const Instance& x, const RunSettings& s, const Result& r);
  /// Q(n) and U(n) against OEIS A000170 / A002562 (src/nqueens/reference.cpp); na above n = 27.
  static Verdict verify(const Instance& x, const RunSettings& s, const Result& r);
};

/// The N-queens problem with every kernel built into this binary.
const Problem& problem();

/// Registers `searchbench nqueens count|solutions` (src/nqueens/cli.cpp).
void add_commands(CLI::App& app, Action& action);

}  // namespace sb::nqueens
