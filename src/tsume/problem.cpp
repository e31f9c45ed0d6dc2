// Tsume-shogi: instances, result columns, verification and the one kernel registry (the ladder),
// in one place.
#include "tsume/problem.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/csv.hpp"
#include "core/typed_problem.hpp"

namespace sb::tsume {

Instance Traits::parse(std::string_view text) {
  return parse_instance(text);
}

std::string Traits::format(const Instance& x) {
  return format_instance(x);
}

double Traits::size(const Instance& x) {
  const Puzzle* p = x.name.empty() ? find_puzzle(x.position) : find_puzzle(x.name);
  if (!p) return 9;
  if (p->expected >= 0) return p->expected;
  return p->quick ? 1 : p->quick_dfpn ? 10 : 100;
}

Params Traits::params(const Instance& x, const RunSettings& s) {
  Params p;
  p.root = x.position;
  p.threads = s.threads;
  p.max_memory = s.max_memory;
  p.max_nodes = x.max_nodes;
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

const MateFound* known_length_found(const Instance& x, const Result& r) {
  const Puzzle* p = x.name.empty() ? find_puzzle(x.position) : find_puzzle(x.name);
  if (!p || p->expected < 0 || r.interpositions != Interpositions::kAll) return nullptr;
  for (const MateFound& m : r.mates_found)
    if (m.length <= p->expected) return &m;
  return nullptr;
}

std::vector<std::string> Traits::fields(const Instance& x, const RunSettings&, const Result& r) {
  const std::string usi = usi_line(r.main_line);
  const char* outcome = r.outcome == Outcome::kMate     ? "mate"
                        : r.outcome == Outcome::kNoMate ? "nomate"
                                                        : "unknown";
  const MateFound* first = r.mates_found.empty() ? nullptr : &r.mates_found.front();
  const MateFound* known = known_length_found(x, r);
  return {
      outcome,
      r.outcome == Outcome::kMate ? std::to_string(r.mate_length) : std::string(),
      r.length_proven ? "true" : "false",
      usi,
      kif_line(x.position, r.main_line, false),
      r.main_line.empty() ? std::string() : std::to_string(leftover_after(x.position, r.main_line)),
      std::to_string(r.positions),
      format_sfen(x.position),
      interpositions_name(r.interpositions),
      r.no_mate_within > 0 ? std::to_string(r.no_mate_within) : std::string(),
      first ? std::to_string(first->length) : std::string(),
      first ? format_double(first->seconds) : std::string(),
      first ? std::to_string(first->nodes) : std::string(),
      known ? format_double(known->seconds) : std::string(),
      known ? std::to_string(known->nodes) : std::string(),
      r.length_proven ? format_double(r.proved.seconds) : std::string(),
      r.length_proven ? std::to_string(r.proved.nodes) : std::string(),
      usi_line(r.mating_line)};
}

Verdict Traits::verify(const Instance& x, const RunSettings&, const Result& r) {
  const std::string v = tsume::verify(x, r);
  return v == "pass" ? Verdict::kPass : v == "fail" ? Verdict::kFail : Verdict::kNa;
}

std::uint64_t Traits::signature_count(const Instance& x, const Result& r) {
  if (x.max_nodes == 0) return r.nodes;
  std::uint64_t n = r.positions;
  for (const MateFound& m : r.mates_found) n += m.nodes;
  return n;
}

namespace {

std::vector<KernelEntry> make_kernels() {
  // caps (size = expected mate length): what each kernel solves well within the suites' time
  // budgets on 2 cores. The full-width kernels cannot exhaust the repetition position.
  std::vector<KernelEntry> v;
  v.push_back({.typed = {.name = "andor",
                         .backend = "serial",
                         .summary = "full-width AND/OR search to a depth limit, iterative "
                                    "deepening, no table (after the article 詰め将棋ルーチン製作)",
                         .range = "short mates",
                         .fn = andor,
                         .caps = {{"quick", 9}, {"full", 9}, {"long", 9}},
                         .micro = {"head-gold", "jisaku-10"},
                         .signature = {"head-gold", "classic-3", "jisaku-10", "uchifuzume-nomate"}},
               .deepens = true});
  v.push_back({.typed = {.name = "andor-tt",
                         .backend = "serial",
                         .summary = "andor with a transposition table (hand superiority), "
                                    "iterative deepening",
                         .range = "short mates",
                         .fn = andor_tt,
                         .caps = {{"quick", 9}, {"full", 9}, {"long", 9}},
                         .micro = {"head-gold", "jisaku-10"},
                         .signature = {"head-gold", "classic-3", "jisaku-10", "uchifuzume-nomate"}},
               .deepens = true});
  v.push_back(
      {.typed = {.name = "dfpn",
                 .backend = "serial",
                 .summary = "df-pn (Nagai 2002), bounded table, proof hands, loops, minimal-length "
                            "post-search",
                 .range = "any position",
                 .fn = dfpn,
                 .caps = {{"quick", 50}, {"full", 100}},
                 .micro = {"head-gold", "jisaku-10"},
                 // the long mates under a fixed node budget: what the search reaches within it
                 .signature = {"head-gold", "classic-3", "jisaku-10", "interpose-pawn",
                               "repetition", "zuko-001:nodes=500000", "zuko-100:nodes=500000"}}});
#ifdef SEARCHBENCH_WITH_TBB
  // Not deterministic: the searchers race on one table, so node counts vary.
  v.push_back({.typed = {.name = "dfpn-tbb",
                         .backend = "tbb",
                         .summary = "several df-pn searchers on one shared table (oneTBB)",
                         .range = "any position",
                         .fn = dfpn_tbb,
                         .deterministic = false,
                         .caps = {{"quick", 50}, {"full", 100}},
                         .micro = {"jisaku-10"}}});
#endif
  return v;
}

std::vector<std::string> suite_names(bool full) {
  std::vector<std::pair<double, std::string>> v;
  for (const auto& p : puzzles())
    if (!p.long_set && (full || p.quick_dfpn))
      v.emplace_back(Traits::size(parse_instance(p.name)), p.name);
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  for (auto& [size, name] : v) names.push_back(name);
  return names;
}

// The suite `long`: the long set, shortest first, each under the budget kLongNodes.
std::vector<std::string> long_names() {
  std::vector<std::pair<int, std::string>> v;
  for (const auto& p : puzzles())
    if (p.long_set) v.emplace_back(p.expected, p.name + ":nodes=" + std::to_string(kLongNodes));
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  for (auto& [len, name] : v) names.push_back(name);
  return names;
}

}  // namespace

const std::vector<KernelEntry>& kernels() {
  static const std::vector<KernelEntry> v = make_kernels();
  return v;
}

const KernelEntry& kernel(std::string_view name) {
  for (const auto& k : kernels())
    if (k.typed.name == name) return k;
  throw std::invalid_argument("unknown tsume kernel '" + std::string(name) +
                              "'; known kernels: " + problem().kernel_names());
}

const sb::Problem& problem() {
  static const std::unique_ptr<const sb::Problem> p = [] {
    sb::Problem base;
    base.name = "tsume";
    base.title = "tsume-shogi: shortest forced mate and main line";
    base.instance_syntax =
        "a puzzle name (searchbench tsume list) or an SFEN position, optionally :nodes=N (a "
        "fixed node budget, e.g. zuko-100:nodes=20000000)";
    base.size_name = "mate length";
    base.columns = {"outcome",          "mate_length",    "length_proven",      "main_line",
                    "main_line_kif",    "leftover",       "positions",          "sfen",
                    "interpositions",   "no_mate_within", "first_mate",         "first_mate_s",
                    "first_mate_nodes", "known_length_s", "known_length_nodes", "proved_s",
                    "proved_nodes",     "mating_line"};
    base.suites = {
        {"quick", suite_names(false)}, {"full", suite_names(true)}, {"long", long_names()}};
    base.default_caps = {{"quick", 50}, {"full", 100}};
    base.min_growth = 2;
    base.add_commands = add_commands;
    std::vector<TypedKernel<Traits>> typed;
    for (const auto& k : kernels()) typed.push_back(k.typed);
    return make_problem<Traits>(std::move(base), std::move(typed));
  }();
  return *p;
}

}  // namespace sb::tsume
