#include "core/problem.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace sb {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kNa:
      return "na";
    case Verdict::kPass:
      return "pass";
    case Verdict::kFail:
      return "fail";
  }
  return "na";
}

const KernelInfo* Problem::find_kernel(std::string_view kname) const {
  for (const auto& k : kernels)
    if (k.name == kname) return &k;
  for (const auto& k : kernels)
    if (std::find(k.aliases.begin(), k.aliases.end(), kname) != k.aliases.end()) return &k;
  return nullptr;
}

std::string Problem::kernel_names() const {
  std::string out;
  for (const auto& k : kernels) {
    if (!out.empty()) out += ", ";
    out += k.name;
  }
  return out;
}

const KernelInfo& Problem::default_kernel() const {
  const KernelInfo* best = nullptr;
  // Ladder order: the last one is the fastest. A distributed kernel is never the default: it
  // would start MPI for a one-process run (under mpirun: choose_kernel, src/cli/run.hpp).
  for (const auto& k : kernels)
    if (!k.distributed() && (best == nullptr || k.parallel() || !best->parallel())) best = &k;
  if (best == nullptr) throw std::logic_error("no kernel built for problem " + name);
  return *best;
}

const std::vector<std::string>& Problem::suite(std::string_view suite_name) const {
  static const std::vector<std::string> none;
  for (const auto& s : suites)
    if (s.name == suite_name) return s.instances;
  return none;
}

double Problem::cap(const KernelInfo& k, std::string_view suite_name) const {
  if (const auto it = k.caps.find(suite_name); it != k.caps.end()) return it->second;
  if (const auto it = default_caps.find(suite_name); it != default_caps.end()) return it->second;
  return std::numeric_limits<double>::infinity();
}

const Problem* find_problem(std::string_view pname) {
  for (const Problem* p : problems())
    if (p->name == pname) return p;
  return nullptr;
}

std::string problem_names() {
  std::string out;
  for (const Problem* p : problems()) {
    if (!out.empty()) out += ", ";
    out += p->name;
  }
  return out;
}

}  // namespace sb
