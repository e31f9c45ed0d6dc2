// Tsume-shogi: instances, result columns, verification and the kernel ladder, in one place.
#include "tsume/problem.hpp"

#include <algorithm>
#include <chrono>

#include "core/typed_problem.hpp"

namespace sb::tsume {

Instance Traits::parse(std::string_view text) {
  return parse_instance(text);
}

std::string Traits::format(const Instance& x) {
  return format_instance(x);
}

double Traits::size(const Instance& x) {
  const SuiteProblem* p = x.name.empty() ? find_problem(x.position) : find_problem(x.name);
  if (!p) return 9;
  if (p->expected >= 0) return p->expected;
  return p->quick ? 1 : p->quick_dfpn ? 10 : 100;
}

Params Traits::params(const Instance& x, const RunSettings& s) {
  Params p;
  p.root = x.position;
  p.threads = s.threads;
  p.max_memory = s.max_memory;
  p.progress = s.progress;
  if (s.time_limit_s > 0)
    p.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(s.time_limit_s));
  return p;
}

std::string kif_line(const Position& root, const std::vector<Move>& line, bool marks) {
  Position pos = root;
  std::string s;
  int prev = -1;
  for (Move m : line) {
    if (!s.empty()) s += ' ';
    if (marks) s += pos.side_to_move() == kBlack ? "▲" : "△";
    s += kif_move(pos, m, prev);
    prev = m.to();
    Undo u;
    pos.do_move(m, u);
  }
  return s;
}

std::vector<std::string> Traits::fields(const Instance& x, const RunSettings&, const Result& r) {
  std::string usi;
  for (Move m : r.main_line) {
    if (!usi.empty()) usi += ' ';
    usi += usi_move(m);
  }
  const char* outcome = r.outcome == Outcome::kMate     ? "mate"
                        : r.outcome == Outcome::kNoMate ? "nomate"
                                                        : "unknown";
  return {
      outcome,
      r.outcome == Outcome::kMate ? std::to_string(r.mate_length) : std::string(),
      r.length_proven ? "true" : "false",
      usi,
      kif_line(x.position, r.main_line, false),
      r.main_line.empty() ? std::string() : std::to_string(leftover_after(x.position, r.main_line)),
      std::to_string(r.positions),
      format_sfen(x.position)};
}

Verdict Traits::verify(const Instance& x, const RunSettings&, const Result& r) {
  const std::string v = tsume::verify(x, r);
  return v == "pass" ? Verdict::kPass : v == "fail" ? Verdict::kFail : Verdict::kNa;
}

namespace {

using K = TypedKernel<Traits>;

std::vector<K> typed_kernels() {
  // caps (size = expected mate length): what each kernel solves well within the suites' time
  // budgets on 2 cores. The full-width kernels cannot exhaust the repetition position.
  std::vector<K> v;
  v.push_back({"andor",
               "serial",
               "seed 003: full-width AND/OR search to a depth limit, iterative deepening, no table",
               "short mates",
               andor,
               {},
               true,
               {{"quick", 9}, {"full", 9}},
               {"head-gold", "seed-jisaku10"},
               {"head-gold", "classic-3", "seed-jisaku10", "uchifuzume-nomate"},
               {}});
  v.push_back({"andor-tt",
               "serial",
               "andor with a transposition table (hand superiority), iterative deepening",
               "short mates",
               andor_tt,
               {},
               true,
               {{"quick", 9}, {"full", 9}},
               {"head-gold", "seed-jisaku10"},
               {"head-gold", "classic-3", "seed-jisaku10", "uchifuzume-nomate"},
               {}});
  v.push_back({"dfpn",
               "serial",
               "df-pn (Nagai 2002), bounded table, proof hands, loops, minimal-length post-search",
               "any position",
               dfpn,
               {},
               true,
               {{"quick", 50}, {"full", 100}},
               {"head-gold", "seed-jisaku10"},
               {"head-gold", "classic-3", "seed-jisaku10", "interpose-pawn", "repetition"},
               {}});
#ifdef SEARCHBENCH_WITH_TBB
  // Not deterministic: the searchers race on one table, so node counts vary.
  v.push_back({"dfpn-tbb",
               "tbb",
               "several df-pn searchers on one shared table (oneTBB)",
               "any position",
               dfpn_tbb,
               {},
               false,
               {{"quick", 50}, {"full", 100}},
               {"seed-jisaku10"},
               {},
               {}});
#endif
  return v;
}

std::vector<std::string> suite_names(bool full) {
  std::vector<std::pair<double, std::string>> v;
  for (const auto& p : suite())
    if (full || p.quick_dfpn) v.emplace_back(Traits::size(parse_instance(p.name)), p.name);
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  for (auto& [size, name] : v) names.push_back(name);
  return names;
}

}  // namespace

const sb::Problem& problem() {
  static const std::unique_ptr<const sb::Problem> p = [] {
    sb::Problem base;
    base.name = "tsume";
    base.title = "tsume-shogi: shortest forced mate and main line";
    base.instance_syntax = "a suite problem name (searchbench tsume list) or an SFEN position";
    base.size_name = "mate length";
    base.columns = {"outcome",       "mate_length", "length_proven", "main_line",
                    "main_line_kif", "leftover",    "positions",     "sfen"};
    base.suites = {{"quick", suite_names(false)}, {"full", suite_names(true)}};
    base.default_caps = {{"quick", 50}, {"full", 100}};
    base.min_growth = 2;
    base.add_commands = add_commands;
    return make_problem<Traits>(std::move(base), typed_kernels());
  }();
  return *p;
}

}  // namespace sb::tsume
