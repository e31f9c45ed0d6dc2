// Google Benchmark microbenchmarks, registered from the kernel registry: every kernel at a few
// small board sizes, serial kernels at 1 thread and parallel ones at 1 and all cores.
//
// Names: PROBLEM/KERNEL/n:N/threads:T, e.g. nqueens/bitboard/n:11/threads:1 (queens-game: an
// N x N board). Wall-clock time (UseRealTime), so that parallel kernels are timed fairly. Per
// benchmark: counters nodes (per call), nodes_per_s (nodes / wall second), total and unique
// (nqueens), first_player_wins and positions (queens-game); the label holds
// "backend=B verified=pass|fail|na" (same verification as `searchbench bench`). A kernel that
// throws is reported with SkipWithError. The build is described in the JSON context (git_sha,
// cpu_model, compiler, flags, ...).
//
// Use JSON output (Debian's Google Benchmark 1.7.1 CSV reporter is deprecated and aborts when
// benchmarks have different counters), then convert to the `searchbench bench` CSV schema:
//   build/searchbench_micro --benchmark_out=micro.json --benchmark_out_format=json
//       --benchmark_repetitions=5       (one command line)
//   /usr/bin/python3 scripts/gbench_to_csv.py micro.json -o micro.csv
#include <benchmark/benchmark.h>

#include <optional>

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "bench.hpp"
#include "build_info.hpp"
#include "registry.hpp"
#include "sysinfo.hpp"

namespace {

/// Board sizes each kernel is microbenchmarked at (small: each call well under a second).
std::vector<int> micro_sizes(const sb::KernelInfo& k) {
  const std::string_view name = k.name;
  if (k.problem == sb::Problem::kQueensGame)
    return name == "plain" ? std::vector{3, 4} : std::vector{4, 5};
  if (name == "naive-seed") return {5, 6};
  if (name == "naive-bitparallel") return {6, 7};
  if (name == "backtrack-squares") return {7, 8};
  if (name == "backtrack-rows") return {9, 10};
  if (name == "bitboard") return {10, 11};
  return {11, 12};
}

/// Calls kernel(p) in the benchmark loop and returns its last result, or nothing (the benchmark
/// marked skipped with the kernel's message) when it throws.
template <class Kernel, class P>
auto timed_loop(benchmark::State& state, Kernel kernel, const P& p)
    -> std::optional<decltype(kernel(p))> {
  decltype(kernel(p)) r{};
  try {
    for (auto _ : state) {
      r = kernel(p);
      benchmark::DoNotOptimize(r);
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return std::nullopt;
  }
  return r;
}

void run_nqueens(benchmark::State& state, const sb::KernelInfo* k, int n, int threads) {
  sb::nqueens::Params p;
  p.n = n;
  p.threads = threads;
  const auto result = timed_loop(state, k->nqueens, p);
  if (!result) return;
  const sb::nqueens::Result& r = *result;
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(r.nodes),
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["total"] = static_cast<double>(r.total);
  state.counters["unique"] = static_cast<double>(r.unique);
  state.counters["threads_used"] = r.threads;
  state.SetLabel("backend=" + std::string(k->backend) +
                 " verified=" + sb::bench::verify_nqueens(n, r));
}

void run_game(benchmark::State& state, const sb::KernelInfo* k, int n, int threads) {
  sb::queens_game::Params p;
  p.rows = n;
  p.cols = n;
  p.threads = threads;
  p.all_moves = true;  // as `searchbench bench` does by default: every first move classified
  const auto result = timed_loop(state, k->queens_game, p);
  if (!result) return;
  const sb::queens_game::Result& r = *result;
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(r.nodes),
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["first_player_wins"] = r.first_player_wins ? 1 : 0;
  state.counters["positions"] = static_cast<double>(r.positions);
  state.counters["winning_first_moves"] = static_cast<double>(r.winning_first_moves.size());
  state.counters["threads_used"] = r.threads;
  state.SetLabel("backend=" + std::string(k->backend) +
                 " verified=" + sb::bench::verify_queens_game(n, r, true, false));
}

void register_all() {
  const int hw = sb::sysinfo::hardware_threads();
  for (const auto& k : sb::kernels()) {
    std::vector<int> threads = {1};
    if (k.parallel() && hw > 1) threads.push_back(hw);
    for (int n : micro_sizes(k)) {
      if (!sb::bench::in_range(k, n)) continue;
      for (int t : threads) {
        const std::string name = std::string(sb::problem_name(k.problem)) + "/" +
                                 std::string(k.name) + "/n:" + std::to_string(n) +
                                 "/threads:" + std::to_string(t);
        auto* b = k.problem == sb::Problem::kNQueens
                      ? benchmark::RegisterBenchmark(name.c_str(), run_nqueens, &k, n, t)
                      : benchmark::RegisterBenchmark(name.c_str(), run_game, &k, n, t);
        b->UseRealTime()->Unit(benchmark::kMicrosecond);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("searchbench_version", sb::build::kVersion);
  benchmark::AddCustomContext("git_sha", sb::sysinfo::git_sha());
  benchmark::AddCustomContext("searchbench_host", sb::sysinfo::host());
  benchmark::AddCustomContext("cpu_model", sb::sysinfo::cpu_model());
  benchmark::AddCustomContext("compiler", sb::sysinfo::compiler());
  benchmark::AddCustomContext("flags", sb::sysinfo::flags());
  benchmark::AddCustomContext("build_type", sb::sysinfo::build_type());
  benchmark::AddCustomContext("tbb_version", sb::sysinfo::tbb_version());
  benchmark::AddCustomContext("openmp_version", sb::sysinfo::openmp_version());
  benchmark::AddCustomContext("timestamp_utc", sb::sysinfo::timestamp_utc());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
