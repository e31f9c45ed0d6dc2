// Building a Problem (src/core/problem.hpp) from a problem's typed parts, so that the type erasure
// is written once. A problem supplies a traits class T:
//
//   struct T {
//     using Instance = ...;  // the parsed instance (value type)
//     using Params = ...;    // the kernels' input
//     using Result = ...;    // the kernels' output, with members `nodes` (uint64) and `threads`
//     static Instance parse(std::string_view text);          // throws std::invalid_argument
//     static std::string format(const Instance&);            // canonical text, parse round-trips
//     static double size(const Instance&);                   // cost-model growth variable
//     static Params params(const Instance&, const RunSettings&);
//     static std::vector<std::string> fields(const Instance&, const RunSettings&, const Result&);
//     static Verdict verify(const Instance&, const RunSettings&, const Result&);
//   };
//
// and its kernels as TypedKernel<T> entries (a function pointer Params -> Result and the
// registration data: range, suite caps, microbenchmark and signature instances, cost growth).
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/problem.hpp"

namespace sb {

/// A kernel of problem T before type erasure.
template <class T>
struct TypedKernel {
  std::string name{};     ///< see KernelInfo
  std::string backend{};  ///< "serial", "tbb", "openmp", "mpi"
  std::string summary{};
  std::string range{};  ///< for `list`
  std::function<typename T::Result(const typename T::Params&)> fn{};
  /// Why the kernel cannot take an instance, or nullopt (empty: every instance accepted).
  std::function<std::optional<std::string>(const typename T::Instance&)> refuse{};
  bool deterministic = true;
  std::map<std::string, double, std::less<>> caps{};
  std::vector<std::string> micro{};
  std::vector<std::string> signature{};
  std::function<double(double size)> work{};
  /// The piece list the kernel runs (see KernelInfo::pieces); empty for other kernels.
  std::function<PieceList(const typename T::Instance&)> pieces = nullptr;
};

/// The typed instance inside `in` (which problem T must have parsed).
template <class T>
const typename T::Instance& instance_of(const Instance& in) {
  if (!in.data) throw std::logic_error("instance '" + in.name + "' holds no data");
  return *static_cast<const typename T::Instance*>(in.data.get());
}

/// The typed result inside `o` (which a kernel of problem T must have produced).
template <class T>
const typename T::Result& result_of(const Outcome& o) {
  if (!o.result) throw std::logic_error("outcome holds no result");
  return *static_cast<const typename T::Result*>(o.result.get());
}

/// Wraps a typed instance of problem T.
template <class T>
Instance make_instance(typename T::Instance x) {
  Instance in;
  in.name = T::format(x);
  in.size = T::size(x);
  in.data = std::make_shared<const typename T::Instance>(std::move(x));
  return in;
}

/// Assembles problem T: `base` holds the descriptive members (name, title, instance_syntax,
/// size_name, columns, from_n, suites, default_caps, min_growth, add_commands); parse, fields,
/// verify and the kernels are filled in from T and `kernels`.
template <class T>
std::unique_ptr<const Problem> make_problem(Problem base, std::vector<TypedKernel<T>> kernels) {
  auto p = std::make_unique<Problem>(std::move(base));
  p->parse = [](std::string_view text) { return make_instance<T>(T::parse(text)); };
  p->fields = [](const Instance& in, const RunSettings& s, const Outcome& o) {
    return T::fields(instance_of<T>(in), s, result_of<T>(o));
  };
  p->verify = [](const Instance& in, const RunSettings& s, const Outcome& o) {
    return T::verify(instance_of<T>(in), s, result_of<T>(o));
  };
  for (auto& k : kernels) {
    KernelInfo info;
    info.name = std::move(k.name);
    info.backend = std::move(k.backend);
    info.summary = std::move(k.summary);
    info.range = std::move(k.range);
    info.problem = p.get();
    info.deterministic = k.deterministic;
    if (k.refuse)
      info.refuse = [refuse = std::move(k.refuse)](const Instance& in) {
        return refuse(instance_of<T>(in));
      };
    info.run = [fn = k.fn](const Instance& in, const RunSettings& s) {
      typename T::Result r = fn(T::params(instance_of<T>(in), s));
      Outcome o;
      o.nodes = r.nodes;
      o.threads = r.threads;
      if constexpr (requires { r.ranks; }) o.ranks = r.ranks;
      o.result = std::make_shared<const typename T::Result>(std::move(r));
      return o;
    };
    info.caps = std::move(k.caps);
    info.micro = std::move(k.micro);
    info.signature = std::move(k.signature);
    info.work = std::move(k.work);
    if (k.pieces)
      info.pieces = [pieces = std::move(k.pieces)](const Instance& in) {
        return pieces(instance_of<T>(in));
      };
    p->kernels.push_back(std::move(info));
  }
  return p;
}

}  // namespace sb
