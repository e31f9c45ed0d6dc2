// `searchbench mnk solve`: the exact value of an m,n,k-game position with one kernel, the value of
// every legal move, a principal variation, nodes, positions, time, and the check against the
// published values (src/mnk/reference.cpp).
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/journal_run.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/memory.hpp"
#include "core/timing.hpp"
#include "core/typed_problem.hpp"
#include "mnk/problem.hpp"

namespace sb::mnk {
namespace {

using namespace sb::cli;

struct SolveOptions {
  std::string instance;
  std::string board;
  int k = 0;
  bool k_given = false;
  std::string rule = "freestyle";
  bool rule_given = false;
  std::string moves;
  std::string kernel;
  bool kernel_given = false;
  int threads = 0;
  bool all_moves = false;
  std::string max_memory;
  std::string format = "text";
  JournalOptions journal;
  long long verify = -1;  // --verify PIECE; -1: not given
};

/// --max-memory as bytes (0: the default; at most the physical memory); bad text is a UsageError.
std::uint64_t memory_option(const std::string& text) {
  try {
    return parse_memory_budget(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

/// The instance from --instance, or from --board, -k, --rule and --moves.
Instance instance_of(const SolveOptions& o) {
  if (!o.instance.empty()) {
    if (!o.board.empty() || o.k_given || o.rule_given || !o.moves.empty())
      throw UsageError("give either --instance or --board, -k, --rule and --moves");
    try {
      const Query q = parse_query(o.instance);  // ":value-only" is the default without --all-moves
      if (!q.all_moves && o.all_moves)
        throw UsageError("--instance '" + o.instance + "' asks for the value only: drop " +
                         "':value-only' or --all-moves");
      return q.position;
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  if (o.board.empty()) throw UsageError("give the board as --board MxN (e.g. 7x7) and -k K");
  if (!o.k_given) throw UsageError("give k, the stones in a row that win, as -k K");
  Instance i;
  const std::size_t x = o.board.find_first_of("xX");
  auto number = [&](const std::string& t) {
    if (t.empty() || t.size() > 4) return -1;
    int v = 0;
    for (char c : t) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  if (x == std::string::npos || (i.m = number(o.board.substr(0, x))) < 0 ||
      (i.n = number(o.board.substr(x + 1))) < 0)
    throw UsageError("--board '" + o.board +
                     "' is not a board size MxN (columns x rows), e.g. 7x7");
  i.k = o.k;
  try {
    i.rule = parse_rule(o.rule);
    Instance shape = i;
    validate_instance(shape);  // board and k first, so that points are read on a valid board
    i.moves = parse_moves(o.moves, i.m, i.n);
    validate_instance(i);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return i;
}

/// The board with stones (X first player, O second) and, on empty cells, the value of the move
/// for the player to move: W win, D draw, L loss; rank n on top, files a.. left to right.
std::string move_board(const Instance& inst, const std::vector<MoveValue>& mv) {
  const int m = inst.m, n = inst.n;
  std::vector<char> mark(static_cast<std::size_t>(m) * n, '.');
  for (std::size_t j = 0; j < inst.moves.size(); ++j) mark[inst.moves[j]] = j % 2 == 0 ? 'X' : 'O';
  const bool first_to_move = inst.moves.size() % 2 == 0;
  for (const auto& v : mv) {
    const int s = v.value == Value::kDraw                       ? 0
                  : (v.value == Value::kFirst) == first_to_move ? 1
                                                                : -1;
    mark[v.cell] = s > 0 ? 'W' : s < 0 ? 'L' : 'D';
  }
  std::string out;
  for (int r = n - 1; r >= 0; --r) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%3d ", r + 1);
    out += buf;
    for (int c = 0; c < m; ++c) {
      out += ' ';
      out += mark[r * m + c];
    }
    out += '\n';
  }
  out += "    ";
  for (int c = 0; c < m; ++c) out += std::string(" ") + static_cast<char>('a' + c);
  out += '\n';
  return out;
}

int run_solve(const SolveOptions& o) {
  const Instance inst = instance_of(o);
  const Problem& prob = problem();
  const bool pieces = o.journal.any() || o.verify >= 0;
  const KernelInfo& k = pieces ? journal_kernel(prob, o.kernel_given, o.kernel, o.journal.resume)
                               : choose_kernel(prob, o.kernel_given, o.kernel);
  const sb::Instance in = make_instance<Traits>({.position = inst, .all_moves = o.all_moves});
  if (o.verify >= 0) {
    if (!o.journal.journal.empty())
      throw UsageError("--verify reads a journal given as --resume FILE (it is not written)");
    return verify_piece(prob, k, in, static_cast<std::uint64_t>(o.verify), o.journal.resume,
                        format_of(o.format));
  }
  require_pieces(prob, k, o.journal);
  RunSettings settings;
  settings.threads = threads_for(k, o.threads);
  settings.max_memory = memory_option(o.max_memory);
  if (k.pieces && settings.max_memory != 0 &&
      settings.max_memory / static_cast<std::uint64_t>(settings.threads) < (1ull << 20))
    throw UsageError("--max-memory " + o.max_memory + " shared by " +
                     std::to_string(settings.threads) + " threads leaves less than 1 MiB for " +
                     "each piece's table");
  const std::string hint =
      "searchbench mnk solve -i " + in.name + (o.all_moves ? " --all-moves" : "") + " --kernel " +
      k.name + (o.threads ? " -t " + std::to_string(o.threads) : "") +
      (o.max_memory.empty() ? "" : " --max-memory " + o.max_memory) + " --resume " +
      (o.journal.resume.empty() ? o.journal.journal : o.journal.resume);
  std::string journal_error;
  const Timed t = run_journalled(prob, k, in, settings, o.journal, "mnk " + k.name + " " + in.name,
                                 hint, &journal_error);
  const Result& r = result_of<Traits>(t.outcome);
  const double wall = t.wall_s;
  const std::string verified(verdict_name(t.verified));
  const std::string ref_text = reference_text(inst);
  const std::string board = std::to_string(inst.m) + "x" + std::to_string(inst.n);
  const std::string moves = format_moves(inst.moves, inst.m, " ");
  const std::string pv = format_moves(r.pv, inst.m, " ");
  const std::string value(value_name(r.value));
  const std::string rule(rule_name(inst.rule));
  // a resumed journal's earlier pieces were searched by earlier runs: this run's speed is its own
  const double nps = per_second(static_cast<double>(r.nodes - t.nodes_before), wall);
  if (!is_root()) return t.verified == Verdict::kFail ? 1 : 0;  // rank 0 alone prints
  print_run(std::cout, run_row(prob, k, in, settings, t.outcome, wall, t.verified, t.nodes_before),
            format_of(o.format), [&] {
              std::printf("m,n,k-game %s, k = %d, %s rule, moves: %s\n", board.c_str(), inst.k,
                          rule.c_str(), moves.empty() ? "(none)" : moves.c_str());
              std::printf("kernel %s (%s), ", k.name.c_str(), k.backend.c_str());
              if (k.distributed()) std::printf("%d rank%s x ", r.ranks, r.ranks == 1 ? "" : "s");
              std::printf("%d thread%s\n", r.threads, r.threads == 1 ? "" : "s");
              std::printf("value     = %s%s\n", value.c_str(),
                          r.value == Value::kDraw ? "" : " player wins");
              if (o.all_moves) {
                std::printf(
                    "move values for the %s player (W win, D draw, L loss; X first, O second):\n",
                    inst.moves.size() % 2 == 0 ? "first" : "second");
                std::cout << move_board(inst, r.move_values);
              }
              std::printf("pv        = %s\n", pv.empty() ? "(none)" : pv.c_str());
              std::printf("nodes     = %llu\n", static_cast<unsigned long long>(r.nodes));
              std::printf("positions = %llu\n", static_cast<unsigned long long>(r.positions));
              if (t.nodes_before > 0)
                std::printf(
                    "wall      = %.6f s (%.3g nodes/s: this run's %llu nodes; earlier "
                    "runs: %llu)\n",
                    wall, nps, static_cast<unsigned long long>(r.nodes - t.nodes_before),
                    static_cast<unsigned long long>(t.nodes_before));
              else
                std::printf("wall      = %.6f s (%.3g nodes/s)\n", wall, nps);
              std::printf("verified  = %s%s\n", verified.c_str(),
                          ref_text.empty() ? "" : (" (" + ref_text + ")").c_str());
            });
  if (!journal_error.empty()) return report_journal_error(journal_error);
  return t.verified == Verdict::kFail ? 1 : 0;
}

}  // namespace

void add_commands(CLI::App& app, Action& action) {
  auto* mc = app.add_subcommand("mnk", "m,n,k-games (k in a row on an m x n board): exact solve");
  mc->require_subcommand(1);
  auto so = std::make_shared<SolveOptions>();
  auto* solve = mc->add_subcommand(
      "solve", "Value (first / draw / second) of a position, move values, principal variation");
  solve
      ->add_option("-i,--instance", so->instance,
                   "Instance text MxNkK[-standard][:moves], e.g. 15x15k5:h8,i9")
      ->check(non_empty());
  solve->add_option("--board", so->board, "Board MxN: M columns (files a..), N rows (ranks 1..)");
  // -k is the game's k, as in "m,n,k-game"; a kernel name there (other commands' -k) gets a hint
  const CLI::Validator not_a_kernel(
      [](std::string& s) -> std::string {
        return !s.empty() && std::isalpha(static_cast<unsigned char>(s[0]))
                   ? "is k, the stones in a row that win (a number); give a kernel with --kernel"
                   : "";
      },
      "", "NOT_A_KERNEL");
  auto* kopt = solve->add_option("-k", so->k, "Stones in a row that win")
                   ->transform(decimal_in(-1000000, 1000000))
                   ->transform(not_a_kernel);  // CLI11 runs the last transform added first
  auto* ropt = solve->add_option(
      "--rule", so->rule, "freestyle (k or more in a row wins, default) or standard (exactly k)");
  solve->add_option("--moves", so->moves, "Moves played so far, black first, e.g. \"h8 i9\"");
  auto* kernel_opt = solve->add_option(
      "--kernel", so->kernel, "Kernel (default: the fastest built; see `searchbench list`)");
  solve->add_option("-t,--threads", so->threads, "Worker threads (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  solve->add_flag("--all-moves", so->all_moves, "Also the value of every legal move");
  solve
      ->add_option("--max-memory", so->max_memory,
                   "Transposition-table budget, e.g. 512M, 4G (default: 1/4 of RAM, <= 4G)")
      ->check(non_empty());
  solve->add_option("-f,--format", so->format, "Output format")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  add_journal_options(solve, so->journal,
                      "Record the value of each piece (first-move class; with pns-reply-pieces "
                      "also each class of replies; with pns-refutation-pieces each class of third "
                      "moves after a chosen reply, value=0 for a piece not needed) in a new "
                      "journal FILE as it is solved (kernels "
                      "*-pieces; pns-pieces by default with --journal; an existing FILE is "
                      "refused: use --resume)",
                      "solve", &so->verify);
  solve->callback([&action, so, kernel_opt, kopt, ropt] {
    runs_on_ranks() = true;
    so->kernel_given = kernel_opt->count() > 0;
    so->k_given = kopt->count() > 0;
    so->rule_given = ropt->count() > 0;
    action = [so] { return run_solve(*so); };
  });
}

}  // namespace sb::mnk
