// Google Benchmark microbenchmarks, registered from the problem list: every kernel of every
// problem on its `micro` instances (src/<problem>/problem.cpp), serial kernels at 1 thread and
// parallel ones at 1 and all cores, through the same type-erased run as `searchbench bench`.
//
// Names: PROBLEM/KERNEL/INSTANCE/threads:T, e.g. nqueens/bitboard/11/threads:1 or
// queens-game/memo/5x5/threads:1. Wall-clock time (UseRealTime), so that parallel kernels are
// timed fairly. Per benchmark: counters nodes (per call), nodes_per_s (nodes / wall second) and
// threads_used; the label holds space-separated key=value pairs: problem, kernel, instance,
// backend, verified (pass|fail|na, the problem's verifier as in `searchbench bench`) and the
// problem's own result columns as col.NAME=VALUE, values percent-encoded (space, %, =, control
// bytes), so that scripts/gbench_to_csv.py writes the same CSV columns as `searchbench bench`.
// A kernel that throws is reported with SkipWithError. The build is described in the JSON
// context (git_sha, cpu_model, compiler, flags, ...).
//
// Besides the kernels: every search engine of the constellation kernels that this CPU runs
// (kernels/nqueens/constellation.hpp: scalar, AVX2, AVX-512), as "kernel" constellation.ENGINE,
// e.g. nqueens/constellation.avx2-narrow/14/threads:1, all pieces solved in batches of 64 as
// the serial kernel does, so that the instruction sets can be compared on one machine.
//
// Use JSON output (Debian's Google Benchmark 1.7.1 CSV reporter is deprecated and aborts when
// benchmarks have different counters), then convert to the `searchbench bench` CSV schema:
//   build/searchbench_micro --benchmark_out=micro.json --benchmark_out_format=json
//       --benchmark_repetitions=5       (one command line)
//   /usr/bin/python3 scripts/gbench_to_csv.py micro.json -o micro.csv
#include <benchmark/benchmark.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "build_info.hpp"
#include "core/problem.hpp"
#include "core/sysinfo.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/constellation.hpp"
#include "nqueens/problem.hpp"

namespace {

/// Percent-encodes the bytes that would break the label's key=value list.
std::string encode(const std::string& v) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : v) {
    if (c <= ' ' || c == '%' || c == '=' || c == 0x7f) {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

void run(benchmark::State& state, const sb::Problem* p, const sb::KernelInfo* k,
         const sb::Instance& in, int threads) {
  sb::RunSettings s;
  s.threads = threads;
  sb::Outcome o;
  try {
    for (auto _ : state) {
      o = k->run(in, s);
      benchmark::DoNotOptimize(o);
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  state.counters["nodes"] = static_cast<double>(o.nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(o.nodes),
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads_used"] = o.threads;
  std::string label = "problem=" + encode(p->name) + " kernel=" + encode(k->name) +
                      " instance=" + encode(in.name) + " backend=" + encode(k->backend) +
                      " verified=" + std::string(sb::verdict_name(p->verify(in, s, o)));
  const auto fields = p->fields(in, s, o);
  for (std::size_t i = 0; i < p->columns.size() && i < fields.size(); ++i)
    label += " col." + p->columns[i] + "=" + encode(fields[i]);
  state.SetLabel(label);
}

/// All pieces of the n x n board solved with one constellation engine (serial, batches of 64).
void run_engine(benchmark::State& state, int n, sb::nqueens::constellations::Engine engine) {
  namespace cs = sb::nqueens::constellations;
  const sb::Problem& p = sb::nqueens::problem();
  const sb::Instance in = sb::make_instance<sb::nqueens::Traits>({n});
  sb::nqueens::Result r;
  try {
    for (auto _ : state) {
      const auto list = cs::pieces(n);
      std::vector<cs::PieceResult> part(64);
      cs::PieceResult sum;
      for (std::size_t first = 0; first < list.size(); first += part.size()) {
        const std::size_t count = std::min(part.size(), list.size() - first);
        cs::solve_pieces(n, list.data() + first, count, part.data(), engine);
        for (std::size_t i = 0; i < count; ++i) sum += part[i];
      }
      r = sb::nqueens::Result{sum.total, sum.unique, sum.nodes, 1};
      benchmark::DoNotOptimize(r);
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  sb::Outcome o;
  o.nodes = r.nodes;
  o.threads = 1;
  o.result = std::make_shared<const sb::nqueens::Result>(r);
  const sb::RunSettings s;
  state.counters["nodes"] = static_cast<double>(o.nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(o.nodes),
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads_used"] = 1;
  std::string label = "problem=nqueens kernel=constellation." + encode(cs::engine_name(engine)) +
                      " instance=" + encode(in.name) + " backend=serial verified=" +
                      std::string(sb::verdict_name(p.verify(in, s, o)));
  const auto fields = p.fields(in, s, o);
  for (std::size_t i = 0; i < p.columns.size() && i < fields.size(); ++i)
    label += " col." + p.columns[i] + "=" + encode(fields[i]);
  state.SetLabel(label);
}

void register_engines() {
  namespace cs = sb::nqueens::constellations;
  for (const cs::Engine e : {cs::Engine::kScalar, cs::Engine::kAvx2, cs::Engine::kAvx2Narrow,
                             cs::Engine::kAvx512Wide, cs::Engine::kAvx512Narrow})
    for (const int n : {13, 14}) {
      if (!cs::engine_available(e, n)) continue;
      const std::string name = std::string("nqueens/constellation.") + cs::engine_name(e) + "/" +
                               std::to_string(n) + "/threads:1";
      benchmark::RegisterBenchmark(name.c_str(), run_engine, n, e)
          ->UseRealTime()
          ->Unit(benchmark::kMicrosecond);
    }
}

void register_all() {
  const int hw = sb::sysinfo::hardware_threads();
  for (const sb::Problem* p : sb::problems()) {
    for (const auto& k : p->kernels) {
      std::vector<int> threads = {1};
      if (k.parallel() && hw > 1) threads.push_back(hw);
      for (const auto& text : k.micro) {
        const sb::Instance in = p->parse(text);
        if (k.refuse && k.refuse(in)) continue;
        for (int t : threads) {
          const std::string name =
              p->name + "/" + k.name + "/" + in.name + "/threads:" + std::to_string(t);
          benchmark::RegisterBenchmark(name.c_str(), run, p, &k, in, t)
              ->UseRealTime()
              ->Unit(benchmark::kMicrosecond);
        }
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  register_engines();
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
