// m,n,k-games: instances, result columns, verification, suites and the kernel ladder, in one
// place.
#include "mnk/problem.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/typed_problem.hpp"

namespace sb::mnk {

namespace {

constexpr std::string_view kValueOnly = ":value-only";

}  // namespace

Query parse_query(std::string_view text) {
  Query q;
  if (text.size() >= kValueOnly.size() &&
      std::equal(kValueOnly.begin(), kValueOnly.end(), text.end() - kValueOnly.size(),
                 [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); })) {
    q.all_moves = false;
    text.remove_suffix(kValueOnly.size());
  }
  q.position = parse_instance(text);
  return q;
}

std::string format_query(const Query& q) {
  std::string s = format_instance(q.position);
  if (!q.all_moves) s.append(kValueOnly);
  return s;
}

Query Traits::parse(std::string_view text) {
  return parse_query(text);
}

std::string Traits::format(const Query& x) {
  return format_query(x);
}

double Traits::size(const Query& x) {
  return x.position.empty_cells();
}

Params Traits::params(const Query& x, const RunSettings& s) {
  Params p;
  p.instance = x.position;
  p.threads = s.threads;
  p.all_moves = x.all_moves;
  p.max_memory = s.max_memory;
  p.progress = s.progress;
  p.pieces = s.pieces;
  return p;
}

std::string reference_text(const mnk::Instance& x) {
  if (!x.moves.empty()) return {};
  const auto ref = reference_value(x.m, x.n, x.k, x.rule);
  if (!ref) return {};
  return std::string(value_name(ref->value)) + ": " + std::string(ref->source);
}

std::vector<std::string> Traits::fields(const Query& q, const RunSettings&, const Result& r) {
  const mnk::Instance& x = q.position;
  std::string counts, values;
  if (q.all_moves) {
    int n[3] = {0, 0, 0};
    for (const auto& mv : r.move_values) {
      ++n[static_cast<int>(mv.value) + 1];
      if (!values.empty()) values += ' ';
      values += format_point(mv.cell, x.m) + ":" + std::string(value_name(mv.value));
    }
    counts = "first=" + std::to_string(n[2]) + " draw=" + std::to_string(n[1]) +
             " second=" + std::to_string(n[0]);
  }
  return {std::to_string(x.m) + "x" + std::to_string(x.n),
          std::to_string(x.k),
          std::string(rule_name(x.rule)),
          format_moves(x.moves, x.m, " "),
          std::string(value_name(r.value)),
          format_moves(r.pv, x.m, " "),
          std::to_string(r.positions),
          counts,
          values,
          reference_text(x)};
}

Verdict Traits::verify(const Query& q, const RunSettings&, const Result& r) {
  return mnk::verify(q.position, r, q.all_moves);
}

namespace {

using K = TypedKernel<Traits>;

std::optional<std::string> minimax_range(const Query& q) {
  const mnk::Instance& x = q.position;
  if (x.empty_cells() <= kMinimaxMaxEmpty) return std::nullopt;
  return "minimax searches at most " + std::to_string(kMinimaxMaxEmpty) + " empty cells, " +
         format_instance(x) + " has " + std::to_string(x.empty_cells());
}

/// Proof-number kernels: their time does not grow with the empty cells (a 15 x 15 VCF position
/// is solved in milliseconds), so the cost model assumes no growth with size.
double flat(double) {
  return 1.0;
}

/// The piece lists of the -pieces kernels (the table budget: the default).
PieceList alphabeta_tt_list(const Query& x) {
  return first_move_pieces(x.position, alphabeta_tt, default_max_memory());
}
PieceList pns_list(const Query& x) {
  return first_move_pieces(x.position, pns, default_max_memory());
}
PieceList pns_reply_list(const Query& x) {
  return reply_pieces(x.position, default_max_memory());
}
PieceList pns_refutation_list(const Query& x) {
  return refutation_pieces(x.position, default_max_memory());
}

std::vector<K> kernels() {
  // Sizes are empty cells. Caps: every move's value (bench's default) within the suite budget on
  // 2 cores: minimax 3x3 (quick; 4x3 ~ 10^9 nodes in full), alphabeta 4x3 (4x4 with k = 4 is
  // ~10^8 nodes with every move), alphabeta-tt 5x4 (quick) and 6x5 (full).
  std::vector<K> v;
  v.push_back({.name = "minimax",
               .backend = "serial",
               .summary = "plain exhaustive negamax: every move to the end of the game, no "
                          "pruning, no table",
               .range = "<= " + std::to_string(kMinimaxMaxEmpty) + " empty",
               .fn = minimax,
               .refuse = minimax_range,
               .caps = {{"quick", 9}, {"full", 12}},
               .micro = {"3x3k3:b2,a1", "3x3k3:b2"},
               .signature = {"3x3k3"}});
  v.push_back({.name = "alphabeta",
               .backend = "serial",
               .summary = "negamax with alpha-beta; wins first, forced blocks, centre first; no "
                          "table",
               .range = "<= 26x26",
               .fn = alphabeta,
               .caps = {{"quick", 12}, {"full", 16}},
               .micro = {"3x3k3", "4x3k3"},
               .signature = {"4x3k3", "4x4k3"}});
  v.push_back({.name = "alphabeta-tt",
               .backend = "serial",
               .summary = "alphabeta with a bounded transposition table keyed on the canonical "
                          "position under the board symmetries; dead cells pruned",
               .range = "<= 26x26",
               .fn = alphabeta_tt,
               .caps = {{"quick", 20}, {"full", 30}},
               .micro = {"4x4k4", "5x4k4"},
               .signature = {"4x4k4", "5x4k4"}});
  // The journalled solves (before pns, so that neither is ever the default kernel): one piece
  // per first-move class, each on its own table; not in the signature (their pieces repeat the
  // inner kernel's search).
#ifdef SEARCHBENCH_WITH_TBB
  const std::string pieces_backend = "tbb";
#else
  const std::string pieces_backend = "serial";
#endif
  v.push_back({.name = "alphabeta-tt-pieces",
               .backend = pieces_backend,
               .summary = "alphabeta-tt on each first-move class under the board symmetry, each "
                          "on its own table (journal, resume); the best value combined",
               .range = "<= 26x26",
               .fn = alphabeta_tt_pieces,
               .caps = {{"quick", 20}, {"full", 30}},
               .micro = {"4x4k4"},
               .pieces = alphabeta_tt_list});
  // Before pns-pieces, so that pns-pieces stays the default with --journal.
  v.push_back({.name = "pns-refutation-pieces",
               .backend = pieces_backend,
               .summary = "pns-reply-pieces with 'does the move win?' cut by one chosen reply: "
                          "per class of third moves 'does the mover still win?', the whole "
                          "question only when the reply is refuted (journal, resume)",
               .range = "<= 26x26",
               .fn = pns_refutation_pieces,
               .caps = {{"quick", 16}, {"full", 25}},
               .micro = {"4x4k4"},
               .pieces = pns_refutation_list});
  v.push_back({.name = "pns-reply-pieces",
               .backend = pieces_backend,
               .summary = "pns-pieces cut one ply deeper: per first-move class 'does the move "
                          "win?' and per class of replies to it 'does the reply win?', each a pns "
                          "question on its own table (journal, resume)",
               .range = "<= 26x26",
               .fn = pns_reply_pieces,
               .caps = {{"quick", 16}, {"full", 25}},
               .micro = {"4x4k4"},
               .pieces = pns_reply_list});
  v.push_back({.name = "pns-pieces",
               .backend = pieces_backend,
               .summary = "pns on each first-move class under the board symmetry, each on its "
                          "own table (journal, resume); the best value combined",
               .range = "<= 26x26",
               .fn = pns_pieces,
               .caps = {{"quick", 25}, {"full", 36}},
               .micro = {"5x5k4"},
               .pieces = pns_list});
  v.push_back({.name = "pns",
               .backend = "serial",
               .summary = "df-pn on 'first wins?' and 'second wins?' with threat-space pruning "
                          "(forced replies, null-move VCF relevance, VCF), dead cells and pairing "
                          "strategies",
               .range = "<= 26x26",
               .fn = pns,
               .caps = {{"long", 64}},
               .micro = {"4x4k4", "5x5k4"},
               .signature = {"5x5k4", "6x6k5", kVcf9, k885Seventh},
               .work = flat});
#ifdef SEARCHBENCH_WITH_TBB
  // Not deterministic: the threads share the table, so node counts vary from run to run.
  v.push_back({.name = "pns-tbb",
               .backend = "tbb",
               .summary = "pns run by oneTBB threads on one shared table, diverging by virtual "
                          "proof numbers",
               .range = "<= 26x26",
               .fn = pns_tbb,
               .deterministic = false,
               .caps = {{"long", 64}},
               .micro = {"5x5k4", "6x6k5"},
               .work = flat});
#endif
#ifdef SEARCHBENCH_WITH_MPI
  // Run as a one-rank singleton without mpirun (bench, tests); mpirun -np P for more. pns last,
  // so that it is the default under mpirun, as pns-pieces is for --journal.
  v.push_back({.name = "alphabeta-tt-pieces-mpi",
               .backend = "mpi",
               .summary = "alphabeta-tt-pieces' first-move classes handed out by rank 0 to MPI "
                          "ranks, oneTBB threads in each (journal, resume)",
               .range = "<= 26x26",
               .fn = alphabeta_tt_pieces_mpi,
               .caps = {{"quick", 16}, {"full", 20}},
               .micro = {"4x4k4"},
               .pieces = alphabeta_tt_list});
  v.push_back({.name = "pns-reply-pieces-mpi",
               .backend = "mpi",
               .summary = "pns-reply-pieces' pieces (replies to each first-move class) handed "
                          "out by rank 0 to MPI ranks, oneTBB threads in each (journal, resume)",
               .range = "<= 26x26",
               .fn = pns_reply_pieces_mpi,
               .caps = {{"quick", 16}, {"full", 20}},
               .micro = {"4x4k4"},
               .pieces = pns_reply_list});
  v.push_back({.name = "pns-pieces-mpi",
               .backend = "mpi",
               .summary = "pns-pieces' first-move classes handed out by rank 0 to MPI ranks, "
                          "oneTBB threads in each (journal, resume)",
               .range = "<= 26x26",
               .fn = pns_pieces_mpi,
               .caps = {{"quick", 20}, {"full", 25}},
               .micro = {"5x5k4"},
               .pieces = pns_list});
#endif
  return v;
}

/// Instance texts in increasing size (empty cells).
std::vector<std::string> by_size(std::vector<std::string> v) {
  std::stable_sort(v.begin(), v.end(), [](const std::string& a, const std::string& b) {
    return parse_query(a).position.empty_cells() < parse_query(b).position.empty_cells();
  });
  return v;
}

}  // namespace

const Problem& problem() {
  static const std::unique_ptr<const Problem> p = [] {
    Problem base;
    base.name = "mnk";
    base.title = "m,n,k-games (k in a row on an m x n board; gomoku): exact solve";
    base.instance_syntax =
        "MxNkK[-standard][:moves][:value-only], e.g. 7x7k5 or 15x15k5:h8,i9 (M columns, N rows; "
        ":value-only: the position's value, not every move's)";
    base.size_name = "empty cells";
    base.columns = {"board",       "k",        "rule",      "moves",
                    "value",       "pv",       "positions", "move_value_counts",
                    "move_values", "reference"};
    base.suites = {
        {"quick", by_size({"3x3k3", "4x3k3", "4x4k3", "4x4k4", "5x4k4", "5x5k4", "6x6k5", kVcf4,
                           kVcf9, kVcf13})},
        {"full", by_size({"3x3k3", "4x3k3", "4x4k3", "4x4k4", "5x4k4", "5x5k4", "6x5k4", "8x4k4",
                          "6x6k5", "7x7k5", k885Fifth, kVcf4, kVcf6, kVcf9, kVcf12, kVcf13})},
        // one 8,8,5 proof question, minutes of pns; only pns and pns-tbb run it
        {"long", {k885Third}},
    };
    base.default_caps = {{"long", 0}};
    base.min_growth = 2;
    base.add_commands = add_commands;
    return make_problem<Traits>(std::move(base), kernels());
  }();
  return *p;
}

}  // namespace sb::mnk
