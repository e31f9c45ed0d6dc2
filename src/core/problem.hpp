// The problem model: every search problem declares itself in one place (a Problem), and the
// driver (`list`, `bench`, `signature`, the microbenchmarks) knows problems only through it.
//
// A problem has instances written as text ("16" for N-queens, "8x8" for the queens game), its own
// result columns, named instance suites (quick, full: PBBS-style test inputs), one verifier, and a
// ladder of kernels. Each kernel is typed per problem (a pure function Params -> Result, see
// src/<problem>/<problem>.hpp) and reaches the driver through one type-erased run:
// (instance, settings{threads, progress, ...}) -> Outcome{nodes, threads used, typed result}.
// The problem turns an outcome into its result columns and a verdict; its own CLI command uses
// the same run and the same verifier. src/core/typed_problem.hpp builds a Problem from a traits
// class so that the type erasure is written once.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/pieces.hpp"
#include "core/progress.hpp"

namespace CLI {
class App;
}

namespace sb {

/// The outcome of checking a result against an independent reference.
enum class Verdict {
  kNa,    ///< no reference for this instance
  kPass,  ///< matches the reference
  kFail,  ///< contradicts the reference
};

/// "na", "pass" or "fail".
std::string_view verdict_name(Verdict v);

/// What a run is given besides the instance. Problems ignore what does not apply to them.
struct RunSettings {
  int threads = 1;               ///< worker threads asked for, 1..kMaxThreads (serial: ignored)
  Progress* progress = nullptr;  ///< optional: advanced by the kernel while it runs
  std::uint64_t max_memory = 0;  ///< table budget in bytes; 0: the problem's default
  double time_limit_s = 0;       ///< seconds; 0: none (only kernels that document it honour it)
  /// Journal and resume, for kernels with a piece list (KernelInfo::pieces): finished pieces to
  /// skip and a callback per piece solved (src/core/pieces.hpp). Null: run every piece.
  const PieceHooks* pieces = nullptr;
};

/// A parsed instance: its canonical text, a size for cost estimates, and the problem's own typed
/// description (only the problem that parsed it reads `data`).
struct Instance {
  std::string name;  ///< canonical text; parse(name) gives the same instance (CSV `instance`)
  double size = 0;   ///< growth variable of the cost model (N-queens: n; boards: side length)
  std::shared_ptr<const void> data;  ///< the problem's typed instance
};

/// What a kernel run returns through the type-erased interface.
struct Outcome {
  std::uint64_t nodes = 0;             ///< the kernel's node count (64-bit; meaning per problem)
  int threads = 1;                     ///< threads the kernel actually ran with (per rank)
  int ranks = 1;                       ///< MPI ranks it ran on (1 unless an MPI kernel)
  std::shared_ptr<const void> result;  ///< the problem's typed result
};

/// A command-line action: returns the process exit code (see src/cli/commands.hpp).
using Action = std::function<int()>;

struct Problem;

/// One kernel of a problem, as the driver sees it.
struct KernelInfo {
  std::string name;     ///< command-line name, unique within its problem, e.g. "bitboard-sym"
  std::string backend;  ///< "serial", "tbb", "openmp" or "mpi" (as built)
  std::string summary;  ///< one line: the algorithm
  std::string range;    ///< the instances it accepts, for `list`, e.g. "n = 1..32"
  const Problem* problem = nullptr;  ///< set when the problem is assembled
  /// True when the node count is a pure function of the instance (the same for every run and
  /// thread count): such kernels are part of `searchbench signature`.
  bool deterministic = true;
  /// Why the kernel cannot take an instance (n out of range, board too large), or nullopt.
  std::function<std::optional<std::string>(const Instance&)> refuse;
  /// Runs the kernel: pure, no I/O, no timing. Throws std::invalid_argument for an instance or
  /// settings it refuses, and the problem's documented errors.
  std::function<Outcome(const Instance&, const RunSettings&)> run;
  /// Largest instance size each named suite runs for this kernel (its time budget); a suite not
  /// listed runs it up to the problem's default cap.
  std::map<std::string, double, std::less<>> caps;
  /// Instances of the Google Benchmark microbenchmarks (small: well under a second each).
  std::vector<std::string> micro;
  /// Instances of the node-count signature (deterministic kernels; about a second in all).
  std::vector<std::string> signature;
  /// Relative work at an instance size, for the cost estimate (e.g. naive: C(n^2, n)); empty:
  /// growth fitted from the last two measurements, at least the problem's min_growth per unit.
  std::function<double(double size)> work;
  /// For kernels that run a fixed piece list (journal, resume, MPI): the list they run on an
  /// instance (a function of the instance alone). Empty for other kernels.
  std::function<PieceList(const Instance&)> pieces;
  /// Former names, still accepted wherever a kernel name is read (find_kernel), so that older
  /// commands and CSVs keep working; output always uses `name`, and `list` shows only `name`.
  std::vector<std::string> aliases;

  bool parallel() const { return backend != "serial"; }
  /// True for a kernel that runs over MPI ranks (backend "mpi").
  bool distributed() const { return backend == "mpi"; }
};

/// A named list of instances (increasing size), the problem's part of a benchmark suite.
struct SuiteInstances {
  std::string name;                    ///< "quick", "full" or "long"
  std::vector<std::string> instances;  ///< instance texts
};

/// Everything the driver knows about one search problem.
struct Problem {
  std::string name;                ///< command-line name, e.g. "nqueens"
  std::string title;               ///< e.g. "N-queens counting"
  std::string instance_syntax;     ///< how an instance is written, for help and errors
  std::string size_name = "size";  ///< what Instance::size measures, for messages ("n")
  /// The problem's own result columns, after the common ones (see src/core/bench.hpp).
  std::vector<std::string> columns;
  /// Parses an instance; throws std::invalid_argument with a one-line message.
  std::function<Instance(std::string_view text)> parse;
  /// The instance meant by `bench --n N` (N-queens: N; boards: N x N); empty when --n does not
  /// apply to this problem.
  std::function<std::string(int n)> from_n;
  /// The result columns of one run, in `columns` order ("" where a value does not apply).
  std::function<std::vector<std::string>(const Instance&, const RunSettings&, const Outcome&)>
      fields;
  /// The verifier: the result against published values or an independent checker.
  std::function<Verdict(const Instance&, const RunSettings&, const Outcome&)> verify;
  /// What `signature` counts for a run, when not Outcome::nodes (empty: the nodes). A run cut by
  /// a fixed node budget searches exactly the budget; its count is then what the search reached
  /// within it (tsume: src/tsume/problem.hpp), so that a change of the search still changes it.
  std::function<std::uint64_t(const Instance&, const Outcome&)> signature_count;
  std::vector<SuiteInstances> suites;  ///< per suite name, the instances it runs
  /// Per suite name, the cap of kernels that do not set their own (absent: no cap).
  std::map<std::string, double, std::less<>> default_caps;
  double min_growth = 3;            ///< smallest time growth per unit of size (cost model)
  std::vector<KernelInfo> kernels;  ///< ladder order: slowest first
  /// Registers the problem's own sub-command (e.g. `nqueens count`) on the CLI.
  std::function<void(CLI::App&, Action&)> add_commands;

  /// The kernel called name (or formerly called name: KernelInfo::aliases), or nullptr.
  const KernelInfo* find_kernel(std::string_view name) const;
  /// Kernel names joined with ", " (for error messages).
  std::string kernel_names() const;
  /// The fastest parallel kernel built, else the fastest serial one (the last in ladder order);
  /// never a distributed (MPI) kernel.
  const KernelInfo& default_kernel() const;
  /// This problem's instances of a suite (empty when the suite does not name it).
  const std::vector<std::string>& suite(std::string_view suite_name) const;
  /// The largest size `suite_name` runs kernel k at.
  double cap(const KernelInfo& k, std::string_view suite_name) const;
};

/// Every problem built into this binary (src/core/problems.cpp: one line each), in CLI order.
const std::vector<const Problem*>& problems();

/// The problem called name, or nullptr.
const Problem* find_problem(std::string_view name);

/// Problem names joined with ", ".
std::string problem_names();

}  // namespace sb
