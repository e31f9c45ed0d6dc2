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
//     // optional: what `signature` counts when not Result::nodes (Problem::signature_count)
//     static std::uint64_t signature_count(const Instance&, const Result&);
//   };
//
// and its kernels as TypedKernel<T> entries, written with designated initializers (a function
// Params -> Result and the registration data: range, suite caps, microbenchmark and signature
// instances, cost growth), e.g.
//
//   {.name = "bitboard", .backend = "serial", .summary = "...", .range = {1, 32},
//    .fn = bitboard, .caps = {{"quick", 14}, {"full", 16}}, .micro = {"10", "11"},
//    .signature = {"11"}}
//
// Members left out take their defaults ({} for none).
#pragma once

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/problem.hpp"

namespace sb {

/// The instances a kernel takes, written once: either a text for `list` ("short mates"; the
/// kernel's refuse, if any, decides), or sizes lo..hi of T::size, which give both the text
/// ("n = 1..9", in the problem's size_name) and the refusal of every other size
/// ("n = 10 is out of range for kernel 'bitboard' (1..9)").
struct KernelRange {
  /// For `list`; empty with sizes: made from them when the problem is built.
  std::string text = {};
  std::optional<std::pair<int, int>> sizes = {};  ///< lo..hi of T::size, or none

  KernelRange() = default;
  KernelRange(std::string t) : text(std::move(t)) {}  // NOLINT: implicit, a text is a range
  KernelRange(const char* t) : text(t) {}             // NOLINT: implicit, a text is a range
  KernelRange(int lo, int hi) : sizes(std::pair{lo, hi}) {}
};

/// A kernel of problem T before type erasure (an aggregate: write it with designated
/// initializers, members in this order).
template <class T>
struct TypedKernel {
  std::string name = {};     ///< see KernelInfo
  std::string backend = {};  ///< "serial", "tbb", "openmp", "mpi"
  std::string summary = {};
  KernelRange range = {};  ///< for `list`, and with sizes the refusal of the others
  std::function<typename T::Result(const typename T::Params&)> fn = {};
  /// Why the kernel cannot take an instance in its range, or nullopt (empty: every instance in
  /// range accepted).
  std::function<std::optional<std::string>(const typename T::Instance&)> refuse = {};
  bool deterministic = true;
  std::map<std::string, double, std::less<>> caps = {};
  std::vector<std::string> micro = {};
  std::vector<std::string> signature = {};
  std::function<double(double size)> work = {};
  /// The piece list the kernel runs (see KernelInfo::pieces); empty for other kernels.
  std::function<PieceList(const typename T::Instance&)> pieces = {};
  /// With range sizes: appended to the refusal of an instance above them (e.g. the work it would
  /// take), given the kernel's name; empty: nothing.
  std::function<std::string(std::string_view kernel, const typename T::Instance&)> too_large = {};
  /// Former names still accepted wherever a kernel name is read (see KernelInfo::aliases).
  std::vector<std::string> aliases = {};
};

namespace detail {

/// A size as users write it: "9", or "2.5" for a size that is not whole.
inline std::string size_text(double size) {
  if (size == static_cast<double>(static_cast<long long>(size)))
    return std::to_string(static_cast<long long>(size));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", size);
  return buf;
}

}  // namespace detail

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
  if constexpr (requires { &T::signature_count; })
    p->signature_count = [](const Instance& in, const Outcome& o) {
      return T::signature_count(instance_of<T>(in), result_of<T>(o));
    };
  for (auto& k : kernels) {
    KernelInfo info;
    info.name = std::move(k.name);
    info.backend = std::move(k.backend);
    info.summary = std::move(k.summary);
    info.range = std::move(k.range.text);
    info.problem = p.get();
    info.deterministic = k.deterministic;
    if (const auto sizes = k.range.sizes) {
      const auto [lo, hi] = *sizes;
      if (info.range.empty())
        info.range = p->size_name + " = " + std::to_string(lo) + ".." + std::to_string(hi);
      info.refuse = [lo = lo, hi = hi, kernel = info.name, size_name = p->size_name,
                     too_large = std::move(k.too_large), refuse = std::move(k.refuse)](
                        const Instance& in) -> std::optional<std::string> {
        if (in.size < lo || in.size > hi) {
          std::string why = size_name + " = " + detail::size_text(in.size) +
                            " is out of range for kernel '" + kernel + "' (" + std::to_string(lo) +
                            ".." + std::to_string(hi) + ")";
          if (too_large && in.size > hi) why += too_large(kernel, instance_of<T>(in));
          return why;
        }
        if (refuse) return refuse(instance_of<T>(in));
        return std::nullopt;
      };
    } else if (k.refuse) {
      info.refuse = [refuse = std::move(k.refuse)](const Instance& in) {
        return refuse(instance_of<T>(in));
      };
    }
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
    info.aliases = std::move(k.aliases);
    p->kernels.push_back(std::move(info));
  }
  return p;
}

}  // namespace sb
