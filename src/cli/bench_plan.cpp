// The plan of a `searchbench bench` run (see bench_plan.hpp).
#include "cli/bench_plan.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "cli/commands.hpp"
#include "core/sysinfo.hpp"

namespace sb::cli {

BenchPlan plan_bench(const BenchOptions& o, int ranks) {
  bench::Request req;
  req.suite = bench::find_suite(o.suite);
  if (req.suite == nullptr)
    throw UsageError("unknown suite '" + o.suite + "' (quick, full or long)");
  req.hardware_threads = sysinfo::hardware_threads();
  BenchPlan p;
  p.suite = req.suite;
  try {
    if (!o.problem.empty()) {
      for (const auto& name : bench::split_list(o.problem)) {
        const Problem* pr = find_problem(name);
        if (pr == nullptr)
          throw std::invalid_argument("unknown problem '" + name + "' (" + problem_names() + ")");
        if (std::find(req.problems.begin(), req.problems.end(), pr) == req.problems.end())
          req.problems.push_back(pr);
      }
      if (req.problems.empty()) throw std::invalid_argument("--problem: empty list");
    }
    if (o.kernels_given) {
      req.kernels = bench::split_list(o.kernels);
      if (req.kernels.empty()) throw std::invalid_argument("--kernels: empty list");
    }
    if (o.n_given) req.n = bench::parse_range(o.n);
    if (o.instances_given) {
      // Separated by ';', which no problem's instance syntax uses (positions list their moves
      // with commas), so every instance is given whole.
      for (const auto& list : o.instances)
        for (auto& text : bench::split_list(list, ';')) req.instances.push_back(std::move(text));
      if (req.instances.empty()) throw std::invalid_argument("--instances: empty list");
    }
    if (o.threads_given) req.threads = bench::parse_threads(o.threads);
    req.budget_s = o.budget;
    p.plan = bench::make_plan(req);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (ranks > 1)
    for (const auto& c : p.plan.cells)
      if (!c.kernel->distributed())
        throw UsageError("on " + std::to_string(ranks) +
                         " MPI ranks bench runs MPI kernels only (" + c.kernel->name +
                         " runs in one process): choose them with --kernels");
  p.reps = o.reps > 0 ? o.reps : req.suite->reps;
  p.warmup = o.warmup >= 0 ? o.warmup : req.suite->warmup;
  p.budget_given = o.budget >= 0;
  return p;
}

nlohmann::ordered_json options_json(const BenchOptions& o) {
  nlohmann::ordered_json j;
  j["suite"] = o.suite;
  j["problem"] = o.problem;
  j["kernels"] = o.kernels;
  j["kernels_given"] = o.kernels_given;
  j["n"] = o.n;
  j["n_given"] = o.n_given;
  j["instances"] = o.instances;
  j["instances_given"] = o.instances_given;
  j["threads"] = o.threads;
  j["threads_given"] = o.threads_given;
  j["reps"] = o.reps;
  j["warmup"] = o.warmup;
  j["budget"] = o.budget;
  return j;
}

BenchOptions options_from_json(const nlohmann::json& j) {
  BenchOptions o;
  try {
    j.at("suite").get_to(o.suite);
    j.at("problem").get_to(o.problem);
    j.at("kernels").get_to(o.kernels);
    j.at("kernels_given").get_to(o.kernels_given);
    j.at("n").get_to(o.n);
    j.at("n_given").get_to(o.n_given);
    j.at("instances").get_to(o.instances);
    j.at("instances_given").get_to(o.instances_given);
    j.at("threads").get_to(o.threads);
    j.at("threads_given").get_to(o.threads_given);
    j.at("reps").get_to(o.reps);
    j.at("warmup").get_to(o.warmup);
    j.at("budget").get_to(o.budget);
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(std::string("the recorded options are damaged (") + e.what() + ")");
  }
  return o;
}

BenchOptions merged_options(const nlohmann::json& recorded, const BenchOptions& o) {
  nlohmann::json j = recorded;
  const nlohmann::json now = options_json(o);
  for (const auto& name : o.given) {
    if (!now.contains(name)) continue;
    j[name] = now[name];
    if (now.contains(name + "_given")) j[name + "_given"] = now[name + "_given"];
  }
  BenchOptions m = options_from_json(j);
  m.out = o.out;
  m.env = o.env;
  m.resume = o.resume;
  m.dry_run = o.dry_run;
  m.given = o.given;
  return m;
}

int most_mpi_threads(const bench::Plan& plan) {
  int most = 0;
  for (const auto& c : plan.cells)
    if (c.kernel->distributed()) most = std::max(most, c.threads);
  return most;
}

void print_dry_run(const BenchPlan& p, std::ostream& out) {
  out << "suite " << p.suite->name << ": " << p.plan.cells.size()
      << (p.plan.cells.size() == 1 ? " cell, " : " cells, ") << p.reps << " reps after " << p.warmup
      << " warm-up run(s) each, budget "
      << (p.plan.budget_s > 0 ? seconds_text(p.plan.budget_s) : "none") << "\n";
  for (const auto& c : p.plan.cells) out << "run  " << bench::cell_label(c) << "\n";
  for (const auto& s : p.plan.skipped)
    out << "skip " << bench::cell_label(s.cell) << ": " << s.reason << "\n";
}

std::string seconds_text(double s) {
  char buf[64];
  if (s < 1e-3)
    std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
  else if (s < 1)
    std::snprintf(buf, sizeof buf, "%.2f ms", s * 1e3);
  else if (s < 600)
    std::snprintf(buf, sizeof buf, "%.2f s", s);
  else if (s < 36000)
    std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
  else if (s < 864000)
    std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
  else
    std::snprintf(buf, sizeof buf, "%.0f days", s / 86400);
  return buf;
}

std::optional<std::string> over_budget(const BenchPlan& p, std::optional<double> est) {
  if (!(p.plan.budget_s > 0 && est && *est > p.plan.budget_s)) return std::nullopt;
  const std::string budget = seconds_text(p.plan.budget_s);
  if (p.budget_given)
    return "estimated " + seconds_text(*est) + " per run exceeds the budget of " + budget +
           " set by --budget";
  return "estimated " + seconds_text(*est) + " per run exceeds the " + std::string(p.suite->name) +
         " suite's budget of " + budget + " (--budget SECONDS sets another)";
}

TimeLeft time_left(const BenchPlan& p, const bench::CostModel& model, std::size_t next) {
  TimeLeft t;
  for (std::size_t j = next; j < p.plan.cells.size(); ++j) {
    const auto e = model.rough_estimate(p.plan.cells[j]);
    if (!e) {
      ++t.unknown;
      continue;
    }
    // Skipped only when the estimate the run itself will use is over the budget (the rough one
    // may borrow another thread count's time, which the skip does not).
    if (over_budget(p, model.estimate(p.plan.cells[j]))) continue;
    t.seconds += *e * (p.reps + p.warmup);
  }
  return t;
}

}  // namespace sb::cli
