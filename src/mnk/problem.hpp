// m,n,k-games as a problem of the suite (src/core/problem.hpp): instances, result columns,
// verification against published values, suites and the kernel registrations
// (src/mnk/problem.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/problem.hpp"
#include "mnk/mnk.hpp"

namespace sb::mnk {

/// What one run answers: a position, and the question asked of it. Written as the position
/// (mnk.hpp: "MxNkK[-standard][:moves]"), followed by ":value-only" when only the position's
/// value is asked; without it the value of every legal move is found too.
struct Query {
  mnk::Instance position;
  bool all_moves = true;  ///< every legal move's value too (false: ":value-only")
  bool operator==(const Query&) const = default;
};

/// Parses a query (see Query); throws std::invalid_argument with one line.
Query parse_query(std::string_view text);

/// Canonical query text; parse_query(format_query(q)) == q.
std::string format_query(const Query& q);

/// The problem's typed parts (see src/core/typed_problem.hpp).
struct Traits {
  using Instance = Query;
  using Params = mnk::Params;
  using Result = mnk::Result;

  /// parse_query.
  static Instance parse(std::string_view text);
  /// Canonical text (format_query).
  static std::string format(const Instance& x);
  /// The empty cells of the position (the depth of the game tree).
  static double size(const Instance& x);
  /// Params of the query; threads, max_memory and progress from the settings.
  static Params params(const Instance& x, const RunSettings& s);
  /// Columns board (MxN), k, rule, moves (points separated by spaces), value (first, draw or
  /// second), pv (points), positions, move_value_counts ("first=F draw=D second=S": how many
  /// moves have each value; empty with :value-only), move_values (every legal move and
  /// the value of the position after it, "h8:first i9:draw ..." in increasing cells; empty
  /// with :value-only),
  /// reference (reference_text).
  static std::vector<std::string> fields(const Instance& x, const RunSettings&, const Result& r);
  /// Against the published values of empty boards (mnk::verify); na for openings.
  static Verdict verify(const Instance& x, const RunSettings&, const Result& r);
};

/// The published value that applies to x, as "value: source" (e.g. "draw: ..."): the empty board
/// of the reference table (reference_value); empty for an opening or a board not in the table.
std::string reference_text(const mnk::Instance& x);

/// The m,n,k problem with every kernel built into this binary.
const Problem& problem();

/// Registers `searchbench mnk solve` (src/mnk/cli.cpp).
void add_commands(CLI::App& app, Action& action);

/// Gomoku positions (15 x 15, freestyle) where the player to move wins by VCF, from
/// tests/mnk/data/vcf15.txt (made by scripts/mnk/vcf_positions.cpp), named by the number of
/// fours in the VCF found there. Chosen so that the value of every move is found in about a
/// second too (in some other positions of the file a move gives up the win and leaves an open
/// 15 x 15 game that no kernel settles).
inline constexpr const char* kVcf4 =
    "15x15k5:h8,g10,e11,i12,k13,j10,d12,k15,e9,g11,l15,d10,k11,k8,b8,k6,l14,d9,n14,k12,c10,g8,b6,"
    "d8,b14,j6,e12,n12,n10,b13,n15,b9,c5,e14,c14,h14,o11,b15,c8,c9,o12,k4,m13";
inline constexpr const char* kVcf6 =
    "15x15k5:h8,f8,i7,k9,l10,f6,e6,c8,g4,e7,h2,i6,k12,c9,m11,b8,f7,j7,f5,g5,b11,b6,d8,l6,m12,d10,"
    "m8,b7,l8";
inline constexpr const char* kVcf9 = "15x15k5:h8,i9,i11,f9,j6,h4,h6,h11,k4,g6,g4,d9,i6,b8,k5,e11";
inline constexpr const char* kVcf12 =
    "15x15k5:h8,f8,e7,c8,h7,g6,c6,i8,d9,h10,a6,j8,g11,f9,l9,d8,i6,k10,g4,m10,d11,g5,a9,o9,l6,h4,"
    "e11,c9,i10,k4,o12,a4,h12,a2,b6,a3,b10,g13";
/// Positions of the 8,8,5-game's proof (a draw: Hsu, Ko, Chen, Wei, Hsueh and Wu, Theor. Comput.
/// Sci. 815, 2020; proved again here, results/2026-12-05_vm_mnk885): after the first move c3,
/// its chosen reply d4 and the third move f6 (the question of one of that proof's pieces,
/// asked here both ways: a draw, 76 M nodes for pns), and two positions further along pns's
/// principal variation after them (draws, 2.2 M and 0.2 M nodes); the value only, not every
/// move's. The 8 x 8 board the proof searched, which the smaller boards of the suites do not
/// reach.
inline constexpr const char* k885Third = "8x8k5:c3,d4,f6:value-only";
inline constexpr const char* k885Fifth = "8x8k5:c3,d4,f6,e5,f3:value-only";
inline constexpr const char* k885Seventh = "8x8k5:c3,d4,f6,e5,f3,d5,c6:value-only";
inline constexpr const char* kVcf13 =
    "15x15k5:h8,f7,i7,d8,c9,h7,f5,e5,i6,h9,e10,h4,g2,e8,h3,d10,j9,c3,d4,g4,h10,a7,e3,j10,b4,f11,"
    "g7,f1,i10,f10,i12,f2,l11,g8,f6,b10,g12,l7";

}  // namespace sb::mnk
