// `searchbench nqueens count` (one kernel run through the problem model: the same run and
// verification as `searchbench bench`) and `searchbench nqueens solutions`.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/journal_run.hpp"
#include "cli/progress_watch.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/mpi.hpp"
#include "core/pieces_run.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/boards.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/symmetry.hpp"

namespace sb::nqueens {
namespace {

using namespace sb::cli;

struct CountOptions {
  int n = 8;
  std::string kernel;
  bool kernel_given = false;  // -k given (an empty name is then an error, not the default)
  int threads = 0;
  std::string format = "text";
  JournalOptions journal;
};

struct SolutionsOptions {
  int n = 8;
  bool unique = false;
  bool first = false;
  long long limit = -1;
};

/// The kernel of `count` without -k: constellation below n = 18, quadrant-join from n = 18
/// (the faster there, docs/nqueens.md) where its tables fit in memory; each with the backend of
/// the problem's default (tbb when built; mpi under mpirun with several ranks), else serial (a
/// build with OpenMP alone: the serial kernels outrun bitboard-sym-omp).
const KernelInfo& default_for(const Problem& prob, const sb::Instance& in, int n) {
  const KernelInfo& d = choose_kernel(prob, false, "");
  const std::string suffix = d.backend == "serial" ? "" : "-" + d.backend;
  auto find = [&](const std::string& base) {
    const KernelInfo* k = prob.find_kernel(base + suffix);
    return k ? k : d.distributed() ? nullptr : prob.find_kernel(base);
  };
  if (n >= 18)
    if (const KernelInfo* q = find("quadrant-join"))
      if (!q->refuse || !q->refuse(in)) return *q;
  if (const KernelInfo* c = find("constellation")) return *c;
  return d;
}

int run_count(const CountOptions& o) {
  const Problem& prob = problem();
  const sb::Instance in = make_instance<Traits>({o.n});
  const KernelInfo* resumed = resumed_kernel(prob, o.kernel_given, o.journal.resume);
  const KernelInfo& k = resumed          ? *resumed
                        : o.kernel_given ? choose_kernel(prob, true, o.kernel)
                                         : default_for(prob, in, o.n);
  require_pieces(prob, k, o.journal);
  RunSettings settings;
  settings.threads = threads_for(k, o.threads);
  const int ranks = start_ranks(prob, k, in, settings.threads, "at n = " + std::to_string(o.n));
  const bool root = is_root();
  const std::string file = o.journal.resume.empty() ? o.journal.journal : o.journal.resume;
  const std::unique_ptr<JournalRun> journal =
      open_journal(prob, k, in, o.journal, settings.threads, ranks,
                   "searchbench nqueens count -n " + std::to_string(o.n) + " -k " + k.name +
                       (o.threads ? " -t " + std::to_string(o.threads) : "") + " --resume " + file);
  if (journal) settings.pieces = journal->hooks();

  Timed t;
  try {
    t = run_verified(prob, k, in, settings, "nqueens " + k.name + " n=" + std::to_string(o.n),
                     root);
  } catch (...) {
    if (journal) journal->abandon();  // keep every piece recorded so far
    throw;
  }
  // A journal that cannot be finished (a write error) does not cost the result: it is printed,
  // then the error reported (exit 1).
  std::string journal_error;
  try {
    if (journal) journal->finish(t.outcome, t.verified, t.wall_s);
  } catch (const std::exception& e) {
    journal_error = e.what();
  }
  const Result& r = result_of<Traits>(t.outcome);
  const double wall = t.wall_s;
  // a resumed journal's earlier pieces were searched by earlier runs: this run's speed is its own
  const std::uint64_t before = journal ? journal->nodes_before() : 0;
  const double nps = per_second(static_cast<double>(r.nodes - before), wall);
  const std::string verified(verdict_name(t.verified));
  if (!root) return verified == "fail" ? 1 : 0;  // rank 0 alone prints

  print_run(std::cout, run_row(prob, k, in, settings, t.outcome, wall, t.verified, before),
            format_of(o.format), [&] {
              std::printf("N-queens, n = %d, kernel %s (%s), ", o.n, k.name.c_str(),
                          k.backend.c_str());
              if (k.distributed()) std::printf("%d rank%s x ", r.ranks, r.ranks == 1 ? "" : "s");
              std::printf("%d thread%s\n", r.threads, r.threads == 1 ? "" : "s");
              const std::string q = "Q(" + std::to_string(o.n) + ")",
                                u = "U(" + std::to_string(o.n) + ")";
              std::printf("%-8s = %llu   (all solutions, OEIS A000170)\n", q.c_str(),
                          static_cast<unsigned long long>(r.total));
              std::printf("%-8s = %llu   (fundamental solutions, OEIS A002562)\n", u.c_str(),
                          static_cast<unsigned long long>(r.unique));
              std::printf("nodes    = %llu\n", static_cast<unsigned long long>(r.nodes));
              std::printf("wall     = %.6f s\n", wall);
              if (before > 0)
                std::printf("nodes/s  = %.4g   (this run's %llu nodes; earlier runs: %llu)\n", nps,
                            static_cast<unsigned long long>(r.nodes - before),
                            static_cast<unsigned long long>(before));
              else
                std::printf("nodes/s  = %.4g\n", nps);
              std::printf("verified = %s\n", verified.c_str());
              std::printf("build    = %s %s, %s\n", sysinfo::build_type().c_str(),
                          sysinfo::compiler().c_str(), sysinfo::flags().c_str());
            });
  if (!journal_error.empty()) {
    std::fflush(stdout);
    std::cout.flush();
    std::cerr << "searchbench: error: " << journal_error << "\n";
    return 1;
  }
  return verified == "fail" ? 1 : 0;
}

struct PiecesOptions {
  int n = 8;
  std::string kernel;
  bool kernel_given = false;
};

// `nqueens pieces`: the piece list a kernel would run (for planning a long or distributed run).
int run_pieces(const PiecesOptions& o) {
  const Problem& prob = problem();
  const KernelInfo* k = nullptr;
  if (o.kernel_given) {
    k = &choose_kernel(prob, true, o.kernel);
  } else {
    for (const auto& c : prob.kernels)
      if (c.pieces && (k == nullptr || !c.distributed())) k = &c;
  }
  if (k == nullptr || !k->pieces) {
    std::string with;
    for (const auto& c : prob.kernels)
      if (c.pieces) with += (with.empty() ? "" : ", ") + c.name;
    throw UsageError((k ? "kernel '" + k->name + "' does not" : std::string("no kernel does")) +
                     " cut its search into pieces" +
                     (with.empty() ? " in this build" : " (these do: " + with + ")"));
  }
  const sb::Instance in = make_instance<Traits>({o.n});
  if (k->refuse)
    if (auto why = k->refuse(in)) throw UsageError(*why);
  const PieceList l = k->pieces(in);
  std::printf("nqueens n = %d, kernel %s: piece list %s, %llu pieces, hash %s\n", o.n,
              k->name.c_str(), l.scheme.c_str(), static_cast<unsigned long long>(l.count),
              hex64(l.hash).c_str());
  std::printf("base (counted outside the pieces):");
  for (std::size_t i = 0; i < l.fields.size(); ++i)
    std::printf(" %s=%llu", l.fields[i].c_str(), static_cast<unsigned long long>(l.base.v[i]));
  std::printf("\n");
  return 0;
}

int run_solutions(const SolutionsOptions& o) {
  if (o.limit == 0 || o.limit < -1) throw UsageError("--limit must be at least 1");
  long long shown = 0;
  const long long limit = o.first ? 1 : o.limit;
  for_each_solution(o.n, [&](const std::uint8_t* cols) {
    if (o.unique && canonical_orbit_size(cols, o.n) == 0) return true;
    if (shown > 0) std::cout << '\n';
    std::cout << board_text(cols, o.n);
    ++shown;
    return limit < 0 || shown < limit;
  });
  std::cout.flush();
  std::cerr << shown << (o.unique ? " fundamental" : "") << " solution" << (shown == 1 ? "" : "s")
            << " shown for n = " << o.n << "\n";
  return 0;
}

}  // namespace

void add_commands(CLI::App& app, Action& action) {
  auto* nq = app.add_subcommand("nqueens", "N-queens counting: Q(n) and U(n)");
  nq->require_subcommand(1);

  auto count_opts = std::make_shared<CountOptions>();
  auto* count = nq->add_subcommand("count", "Count Q(n) and U(n) with one kernel");
  count->add_option("-n", count_opts->n, "Board size n (the kernel's range: `searchbench list`)")
      ->required()
      ->transform(decimal_in(1, kMaxBitN));
  auto* kernel_opt = count->add_option(
      "-k,--kernel", count_opts->kernel,
      "Kernel (default: constellation-tbb below n = 18, quadrant-join-tbb from 18 where "
      "its tables fit in memory; the -mpi ones under mpirun; see `searchbench "
      "list`)");
  count->add_option("-t,--threads", count_opts->threads, "Worker threads (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  count->add_option("-f,--format", count_opts->format, "Output format")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  add_journal_options(
      count, count_opts->journal,
      "Record each finished piece in a new journal FILE, flushed to disk as it goes "
      "(kernels with a piece list; an existing FILE is refused: use --resume)",
      "run");
  count->callback([&action, count_opts, kernel_opt] {
    runs_on_ranks() = true;
    count_opts->kernel_given = kernel_opt->count() > 0;
    action = [count_opts] { return run_count(*count_opts); };
  });

  auto pieces_opts = std::make_shared<PiecesOptions>();
  auto* pcs = nq->add_subcommand(
      "pieces", "Show the piece list a kernel cuts the search into (journal, MPI; for planning)");
  pcs->add_option("-n", pieces_opts->n, "Board size n")->required()->transform(decimal_in(1, 32));
  auto* pieces_kernel =
      pcs->add_option("-k,--kernel", pieces_opts->kernel,
                      "Kernel (default: the parallel one-process kernel with a piece list)");
  pcs->callback([&action, pieces_opts, pieces_kernel] {
    pieces_opts->kernel_given = pieces_kernel->count() > 0;
    action = [pieces_opts] { return run_pieces(*pieces_opts); };
  });

  auto sol_opts = std::make_shared<SolutionsOptions>();
  auto* sol = nq->add_subcommand("solutions", "Print solution boards (Q = queen, . = empty)");
  sol->add_option("-n", sol_opts->n, "Board size n")->required()->transform(decimal_in(1, 32));
  sol->add_flag("--unique", sol_opts->unique, "One board per fundamental solution");
  sol->add_flag("--first", sol_opts->first, "Only the first solution row backtracking finds");
  sol->add_option("--limit", sol_opts->limit, "Print at most K boards")
      ->transform(decimal_in(1, 1000000000000LL));
  sol->callback([&action, sol_opts] { action = [sol_opts] { return run_solutions(*sol_opts); }; });
}

}  // namespace sb::nqueens
