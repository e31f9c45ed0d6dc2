// `searchbench tsume solve | perft | list | usi`: the tsume-shogi command.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "cli/commands.hpp"
#include "cli/progress_watch.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/limits.hpp"
#include "core/memory.hpp"
#include "core/text_file.hpp"
#include "core/timing.hpp"
#include "core/typed_problem.hpp"
#include "tsume/problem.hpp"
#include "tsume/tsume.hpp"
#include "tsume/usi.hpp"

namespace sb::tsume {
namespace {

namespace ts = sb::tsume;
using cli::non_empty;
using cli::UsageError;

struct SolveOptions {
  std::string sfen;
  std::string kif;
  std::string puzzle;
  std::string moves;
  std::string kernel;  ///< empty: the problem's default kernel
  int threads = 0;     ///< 0: every core (parallel kernels)
  std::string max_memory;
  double time_limit = 0;
  std::uint64_t max_nodes = 0;
  int max_length = 0;
  std::string interpositions = "all";
  std::string format = "text";
};

struct PerftOptions {
  std::string sfen = "startpos";
  int depth = 1;
  std::string format = "text";
};

std::string read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError("cannot read KIF file '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw UsageError(
        "cannot read KIF file '" + path + "': " +
        (std::filesystem::exists(path, ec) ? "permission denied or unreadable" : "no such file"));
  std::string text;  // a board diagram is a few kilobytes
  if (!read_capped(in, std::size_t{1} << 20, text))
    throw UsageError("KIF file '" + path +
                     "' is larger than 1 MiB (a board diagram is a few kilobytes)");
  if (in.bad()) throw UsageError("cannot read KIF file '" + path + "'");
  return text;
}

int run_solve(const SolveOptions& o) {
  const int given = !o.sfen.empty() + !o.kif.empty() + !o.puzzle.empty();
  if (given != 1) throw UsageError("give exactly one of --sfen, --kif and --puzzle");
  ts::Instance inst;
  if (!o.sfen.empty()) {
    inst = ts::Instance{"", ts::parse_sfen(o.sfen)};
  } else if (!o.kif.empty()) {
    inst = ts::Instance{"", ts::parse_kif(read_file(o.kif))};
  } else {
    const ts::Puzzle* p = ts::find_puzzle(o.puzzle);
    if (!p) throw UsageError("unknown puzzle '" + o.puzzle + "' (see `searchbench tsume list`)");
    inst = ts::Instance{p->name, ts::parse_sfen(p->sfen)};
  }
  if (!o.moves.empty()) {  // as USI's `position ... moves`: the position after them is solved
    if (o.moves.find_first_not_of(" \t\r\n") == std::string::npos)
      throw UsageError("--moves: no move given");
    try {
      inst = ts::Instance{"", ts::play_usi_moves(inst.position, o.moves)};
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--moves: ") + e.what());
    }
  }
  if (inst.name.empty())
    if (const ts::Puzzle* p = ts::find_puzzle(inst.position)) inst.name = p->name;
  // A node budget is part of what the run answers: the instance says so (`<puzzle>:nodes=N`,
  // as bench writes it), so that the CSV row reproduces the run in bench.
  if (o.max_nodes > 0) inst.max_nodes = o.max_nodes;
  // The kernel and threads as every command picks them (src/cli/run.hpp); the registry's typed
  // entry then runs with the tsume-only limits below.
  const KernelInfo& info = cli::choose_kernel(ts::problem(), !o.kernel.empty(), o.kernel);
  const ts::KernelEntry& k = ts::kernel(info.name);
  const char* const name = k.typed.name.c_str();
  ts::Params p;
  p.root = inst.position;
  p.threads = cli::threads_for(info, o.threads);
  p.max_memory = parse_memory_budget(o.max_memory);
  p.max_nodes = inst.max_nodes;
  p.max_length = o.max_length;
  p.interpositions = *ts::parse_interpositions(o.interpositions);  // checked by CLI11
  if (o.time_limit > 0)
    p.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(o.time_limit));
  Progress progress;
  p.progress = &progress;
  ts::validate(p, name);
  ts::Result r;
  double wall = 0;
  {
    cli::ProgressWatch watch(
        progress, std::string("tsume ") + name, "nodes", true,
        k.deepens ? "no mate within %llu plies" : "mate within %llu plies proved");
    std::tie(r, wall) = timed([&] { return k.typed.fn(p); });
  }
  // The row of the problem's bench CSV (src/cli/run_output.hpp): the typed instance and result
  // through the problem's own columns; verification as the bench does it (Traits::verify).
  const sb::Instance in = make_instance<Traits>(inst);
  RunSettings settings;
  settings.threads = p.threads;
  settings.max_memory = p.max_memory;
  settings.time_limit_s = o.time_limit;
  sb::Outcome out;
  out.nodes = r.nodes;
  out.threads = r.threads;
  out.result = std::make_shared<const ts::Result>(r);
  const Verdict verdict = Traits::verify(inst, settings, r);
  const std::string verified(verdict_name(verdict));
  const ts::Puzzle* prob = inst.name.empty() ? nullptr : ts::find_puzzle(inst.name);
  const std::string usi = ts::usi_line(r.main_line);
  const int leftover = r.main_line.empty() ? -1 : ts::leftover_after(inst.position, r.main_line);
  cli::print_run(
      std::cout, cli::run_row(ts::problem(), info, in, settings, out, wall, verdict),
      cli::format_of(o.format), [&] {
        std::cout << "tsume " << (inst.name.empty() ? "" : inst.name + " ")
                  << ts::format_sfen(inst.position) << "\n";
        std::cout << ts::format_bod(inst.position);
        std::printf("kernel    = %s, %d thread%s\n", name, r.threads, r.threads == 1 ? "" : "s");
        if (p.interpositions == ts::Interpositions::kNoFutile)
          std::printf("rule      = futile interpositions (無駄合) are not counted\n");
        if (r.outcome == ts::Outcome::kMate) {
          std::printf("result    = mate in %d%s\n", r.mate_length,
                      r.length_proven ? " (minimal: no shorter mate exists)"
                                      : " (a mate; shorter not excluded within the limits)");
          if (r.main_line.empty())
            std::printf(
                "main line = (not recovered: the search stopped before the line was read "
                "back whole)\n");
          if (r.main_line.empty() && !r.mating_line.empty())
            std::printf("mating line = %zu plies, the defence not proved the longest: %s\n",
                        r.mating_line.size(), ts::usi_line(r.mating_line).c_str());
          else if (!r.main_line.empty())
            std::printf("main line = %s\n", usi.c_str());
          std::printf("KIF       = %s\n", ts::kif_line(inst.position, r.main_line, true).c_str());
          if (leftover >= 0)
            std::printf("leftover  = %d piece(s) in the attacker's hand\n", leftover);
        } else if (r.outcome == ts::Outcome::kNoMate) {
          std::printf("result    = no mate\n");
        } else if (r.no_mate_within > 0) {
          std::printf("result    = no mate within %d %s (longer mates not sought: --max-length)\n",
                      r.no_mate_within, r.no_mate_within == 1 ? "ply" : "plies");
        } else {
          std::printf("result    = unknown (stopped by a limit)\n");
        }
        if (prob)
          std::printf("expected  = %s (%s)\n",
                      prob->expected < 0 ? "no mate"
                                         : ("mate in " + std::to_string(prob->expected)).c_str(),
                      prob->source.c_str());
        if (prob && prob->published >= 0)
          std::printf("published = mate in %d (the source's length)\n", prob->published);
        std::printf("verified  = %s\n", verified.c_str());
        if (!r.mates_found.empty()) {
          const ts::MateFound& f = r.mates_found.front();
          std::printf("first mate = %d plies, after %.3f s (%llu nodes)\n", f.length, f.seconds,
                      static_cast<unsigned long long>(f.nodes));
        }
        if (const ts::MateFound* k = ts::known_length_found(inst, r))
          std::printf("known length = %d plies, reached after %.3f s (%llu nodes)\n", k->length,
                      k->seconds, static_cast<unsigned long long>(k->nodes));
        if (r.length_proven)
          std::printf("minimal   = proved after %.3f s (%llu nodes)\n", r.proved.seconds,
                      static_cast<unsigned long long>(r.proved.nodes));
        std::printf("nodes     = %llu\n", static_cast<unsigned long long>(r.nodes));
        std::printf("positions = %llu\n", static_cast<unsigned long long>(r.positions));
        std::printf("wall      = %.6f s (%.0f nodes/s)\n", wall, per_second(r.nodes, wall));
        if (!r.main_line.empty()) {
          ts::Position end = inst.position;
          for (auto m : r.main_line) {
            ts::Undo u;
            end.do_move(m, u);
          }
          std::cout << "final position:\n" << ts::format_bod(end);
        }
      });
  return verdict == Verdict::kFail ? 1 : 0;
}

int run_perft(const PerftOptions& o) {
  ts::Position pos = ts::parse_sfen(o.sfen);
  if (o.format == "csv") std::cout << csv_line({"depth", "nodes", "wall_s"});
  ts::Move roots[ts::kMaxMoves];
  const int nroots = ts::generate_legal(pos, roots);
  for (int d = 1; d <= o.depth; ++d) {
    std::uint64_t n = 0;
    double wall = 0;
    {
      // progress on stderr (after a second): root moves whose subtrees are counted
      Progress progress;
      progress.total.store(static_cast<std::uint64_t>(nroots));
      cli::ProgressWatch watch(progress, "tsume perft depth " + std::to_string(d), "root moves");
      std::tie(n, wall) = timed([&] {
        if (d == 1) return static_cast<std::uint64_t>(nroots);
        std::uint64_t total = 0;
        for (int i = 0; i < nroots; ++i) {
          ts::Undo u;
          pos.do_move(roots[i], u);
          total += ts::perft(pos, d - 1);
          pos.undo_move(roots[i], u);
          progress.done.fetch_add(1, std::memory_order_relaxed);
        }
        return total;
      });
    }
    if (o.format == "csv")
      std::cout << csv_line({std::to_string(d), std::to_string(n), format_double(wall)});
    else if (o.format == "json")
      std::cout << nlohmann::ordered_json{{"depth", d}, {"nodes", n}, {"wall_s", wall}}.dump()
                << "\n";
    else
      std::printf("perft %d = %llu (%.3f s)\n", d, static_cast<unsigned long long>(n), wall);
    std::fflush(stdout);  // each depth as it is done: a deep run may be stopped
    std::cout.flush();
  }
  return 0;
}

int run_list(const std::string& format) {
  if (format == "csv")
    std::cout << csv_line({"name", "expected", "published", "ci", "sfen", "source", "checked"});
  for (const auto& p : ts::puzzles()) {
    const std::string e = p.expected < 0 ? "nomate" : std::to_string(p.expected);
    const std::string pub = p.published < 0 ? "" : std::to_string(p.published);
    if (format == "csv")
      std::cout << csv_line({p.name, e, pub,
                             p.quick        ? "quick"
                             : p.quick_dfpn ? "dfpn"
                             : p.long_set   ? "long"
                                            : "",
                             p.sfen, p.source, p.checked});
    else
      std::printf("%-22s %-7s %s\n", p.name.c_str(), e.c_str(), p.sfen.c_str());
  }
  return 0;
}

}  // namespace

void add_commands(CLI::App& app, Action& action) {
  using cli::decimal_in;
  using cli::number_in;
  auto* tc = app.add_subcommand("tsume", "Tsume-shogi: mate search (df-pn), perft, USI engine");
  tc->require_subcommand(1);

  auto so = std::make_shared<SolveOptions>();
  auto* solve = tc->add_subcommand("solve", "Solve a tsume puzzle: mate length and main line");
  solve->add_option("--sfen", so->sfen, "Position in SFEN (attacker to move), or 'startpos'")
      ->check(non_empty());
  solve->add_option("--kif", so->kif, "KIF/BOD board diagram file (UTF-8 or Shift_JIS)")
      ->check(non_empty());
  solve
      ->add_option("--puzzle,--problem", so->puzzle,
                   "A puzzle of the suite by name (`searchbench tsume list`); --problem: its "
                   "former name, still accepted")
      ->check(non_empty());
  solve
      ->add_option("--moves", so->moves,
                   "Play these USI moves first (e.g. \"L*1c 1a2a\"), then solve")
      ->check(non_empty());
  solve
      ->add_option("-k,--kernel", so->kernel,
                   "Kernel: " + problem().kernel_names() + " (default " +
                       problem().default_kernel().name + ")")
      ->check(non_empty());
  solve
      ->add_option("-t,--threads", so->threads, "Threads of a parallel kernel (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  solve->add_option("--max-memory", so->max_memory, "Table budget, e.g. 256M, 2G (default 256M)")
      ->check(non_empty());
  solve->add_option("--time-limit", so->time_limit, "Stop after this many seconds (0: no limit)")
      ->transform(number_in(0.0, 1e9));
  solve->add_option("--max-nodes", so->max_nodes, "Stop after about this many nodes (0: no limit)")
      ->transform(decimal_in(0, 4000000000000000000LL));
  solve
      ->add_option("--max-length", so->max_length,
                   "Longest mate sought, in plies (0: any; even N counts as N - 1)")
      ->transform(decimal_in(0, ts::kMaxLength));
  solve
      ->add_option("--interpositions", so->interpositions,
                   "all (default) or no-futile: futile interpositions (無駄合) not moves")
      ->check(non_empty())
      ->check(CLI::IsMember({ts::interpositions_name(ts::Interpositions::kAll),
                             ts::interpositions_name(ts::Interpositions::kNoFutile)}));
  solve->add_option("-f,--format", so->format, "Output format (default text)")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  solve->callback([&action, so] { action = [so] { return run_solve(*so); }; });

  auto po = std::make_shared<PerftOptions>();
  auto* perft = tc->add_subcommand("perft", "Count legal move sequences to depth 1..D");
  perft->add_option("--sfen", po->sfen, "Position (default: the start position)");
  perft->add_option("-d,--depth", po->depth, "Depth D")->required()->transform(decimal_in(1, 12));
  perft->add_option("-f,--format", po->format, "Output format (default text)")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  perft->callback([&action, po] { action = [po] { return run_perft(*po); }; });

  auto lf = std::make_shared<std::string>("text");
  auto* list = tc->add_subcommand("list", "The puzzle suite (src/tsume/puzzles.tsv)");
  list->add_option("-f,--format", *lf, "Output format (default text)")
      ->check(CLI::IsMember({"text", "csv"}));
  list->callback([&action, lf] { action = [lf] { return run_list(*lf); }; });

  auto uo = std::make_shared<UsiOptions>();
  auto* usi = tc->add_subcommand("usi", "Run as a USI tsume engine on stdin/stdout (go mate)");
  usi->add_option("-k,--kernel", uo->kernel,
                  "Kernel (default " + problem().default_kernel().name + ")")
      ->check(non_empty());
  usi->callback([&action, uo] { action = [uo] { return run_usi(*uo, std::cin, std::cout); }; });
}

}  // namespace sb::tsume
