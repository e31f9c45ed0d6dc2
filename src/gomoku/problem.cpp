// Problem "gomoku": instance syntax, result columns, verification and the kernel ladder in one
// place (src/core/typed_problem.hpp).
#include "gomoku/problem.hpp"

#include <cstdio>
#include <memory>

#include "core/typed_problem.hpp"

namespace sb::gomoku {

Params Traits::params(const Instance& x, const RunSettings& s) {
  Params p;
  p.position = x;
  p.threads = s.threads;
  p.max_memory = s.max_memory;
  p.progress = s.progress;
  return p;
}

std::vector<std::string> Traits::fields(const Instance& x, const RunSettings&, const Result& r) {
  return bench_row(x, r);
}

Verdict Traits::verify(const Instance& x, const RunSettings&, const Result& r) {
  const std::string v = gomoku::verify(x, r);
  return v == "pass" ? Verdict::kPass : v == "fail" ? Verdict::kFail : Verdict::kNa;
}

namespace {

using K = TypedKernel<Traits>;

std::vector<std::string> names(const char* prefix, int lo, int hi, const char* suffix = "") {
  std::vector<std::string> v;
  for (int i = lo; i <= hi; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%02d%s", prefix, i, suffix);
    v.push_back(buf);
  }
  return v;
}

/// Threat kernels: their time does not grow with the alpha-beta depth (they ignore it).
double flat(double) {
  return 1.0;
}

std::vector<K> kernels() {
  // Board sides 5..26; the depth kernels also take /d1../d30 (the threat kernels ignore it).
  const std::string threats = "sides 5..26", range = "5..26, /d 1..30";
  // caps: the largest depth each suite runs (threat kernels ignore the depth).
  std::vector<K> v;
  v.push_back({.name = "vcf",
               .backend = "serial",
               .summary = "victory by continuous fours (src/mnk VcfSearch)",
               .range = threats,
               .fn = vcf,
               .caps = {{"quick", 30}, {"full", 30}},
               .micro = {"vcf03", "vcf08"},
               .signature = {"vcf03", "vcf08", "vcf10", "vcf16"},
               .work = flat});
  v.push_back({.name = "vct",
               .backend = "serial",
               .summary = "victory by continuous threats: fours, threes, every VCF-breaking "
                          "defence",
               .range = threats,
               .fn = vct,
               .caps = {{"quick", 30}, {"full", 30}},
               .micro = {"vcf03", "mid05"},
               .signature = {"vcf03", "vcf10", "mid05"},
               .work = flat});
  v.push_back({.name = "alphabeta",
               .backend = "serial",
               .summary = "fixed-depth PVS: TT, VCF threat pruning, pattern order, tuple "
                          "evaluation",
               .range = range,
               .fn = alphabeta,
               .caps = {{"quick", 6}, {"full", 8}},
               .micro = {"mid02/d4"},
               // the top level's search at a fixed depth on every committed middle game
               .signature = names("mid", 1, 8, "/d4")});
  v.push_back({.name = "pattern",
               .backend = "serial",
               .summary = "level 4's fixed-depth PVS: incrementally classified points, "
                          "threat-class moves, VCF at every node, killer moves",
               .range = range,
               .fn = pattern,
               .caps = {{"quick", 8}, {"full", 10}},
               .micro = {"mid02/d6"},
               .signature = names("mid", 1, 8, "/d6")});
#ifdef SEARCHBENCH_WITH_TBB
  v.push_back({.name = "alphabeta-tbb",
               .backend = "tbb",
               .summary = "alphabeta with lazy SMP: threads share one table",
               .range = range,
               .fn = alphabeta_tbb,
               .deterministic = false,
               .caps = {{"quick", 6}, {"full", 8}},
               .micro = {"mid02/d4"}});
#endif
  return v;
}

}  // namespace

const Problem& problem() {
  static const std::unique_ptr<const Problem> p = [] {
    Problem base;
    base.name = "gomoku";
    base.title = "gomoku engine searches: VCF, VCT, fixed-depth alpha-beta";
    base.instance_syntax =
        "a committed position (vcf01..vcf24, mid01..mid08) or MxN[-standard]:h8,i9,..., "
        "optionally /dD (alpha-beta depth, default 6)";
    base.size_name = "depth";
    base.columns = bench_columns();
    std::vector<std::string> quick = names("vcf", 1, 24), full = quick;
    for (const auto& m : names("mid", 1, 8)) quick.push_back(m);
    for (const auto& m : names("mid", 1, 8, "/d8")) full.push_back(m);
    base.suites = {{"quick", quick}, {"full", full}};
    base.min_growth = 2;
    base.add_commands = add_commands;
    return make_problem<Traits>(std::move(base), kernels());
  }();
  return *p;
}

}  // namespace sb::gomoku
