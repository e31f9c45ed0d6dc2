// N-queens kernel families that cut their search into pieces (src/core/pieces.hpp): generic
// kernels over a family's piece list for each backend, an adapter from a family's own piece API,
// and offer_pieces(), which gives a family journal/resume on its parallel kernels and an MPI
// kernel in one registration line (src/nqueens/problem.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/pieces.hpp"
#include "core/typed_problem.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/problem.hpp"

namespace sb::nqueens {

/// Makes a family's piece list for the n x n board (1 <= n <= 32), with the subtotals total,
/// unique, nodes (in that order).
using PieceListMaker = std::function<PieceList(int n)>;

/// A kernel that runs `list(n)` with the runner of `backend` ("serial", "tbb", "openmp" or
/// "mpi"; each only when built with it, else std::invalid_argument): checks n (1..32) and
/// threads as every kernel does, naming the kernel `name` in its errors, and honours
/// Params::pieces and Params::progress (unit: pieces). Result::ranks is the MPI ranks.
std::function<Result(const Params&)> piece_kernel(const std::string& name,
                                                  const std::string& backend, PieceListMaker list);

/// True when `backend` has a piece runner in this build.
bool piece_backend_built(const std::string& backend);

/// Gives the family `family` journal and resume on its parallel kernels and an MPI kernel, in
/// the registration list v: every entry named "<family>-tbb" or "<family>-omp" whose backend is
/// built gets the piece list (`pieces`) and runs it with the generic runner of its backend
/// (piece_kernel), and, when MPI is
/// built, "<family>-mpi" is added after them (its caps, microbenchmark-free, signature and cost
/// growth copied from "<family>-tbb", or from the last of the family's entries). Entries already
/// present under the MPI name are left alone. The one line that puts a family on MPI.
void offer_pieces(std::vector<TypedKernel<Traits>>& v, const std::string& family,
                  PieceListMaker list);

namespace detail {

template <class P, class R>
PieceListMaker piece_api(std::string scheme, std::vector<P> (*pieces)(int),
                         std::uint64_t (*fingerprint)(int, const std::vector<P>&),
                         std::size_t batch,
                         std::function<void(int, const P*, std::size_t, R*)> solve) {
  return [=](int n) {
    auto all = std::make_shared<const std::vector<P>>(pieces(n));
    PieceList l;
    l.scheme = scheme;
    l.fields = {"total", "unique", "nodes"};
    l.count = all->size();
    l.hash = fingerprint(n, *all);
    l.batch = batch;
    l.solve = [n, all, solve](const std::uint64_t* ids, std::size_t k, Subtotals* out) {
      std::vector<P> some;
      some.reserve(k);
      for (std::size_t i = 0; i < k; ++i) some.push_back(all->at(static_cast<std::size_t>(ids[i])));
      std::vector<R> res(k);
      solve(n, some.data(), k, res.data());
      for (std::size_t i = 0; i < k; ++i) out[i].v = {res[i].total, res[i].unique, res[i].nodes, 0};
    };
    return l;
  };
}

}  // namespace detail

/// A family's piece list from its own piece API, in the shape of the constellation kernels
/// (kernels/nqueens/constellation.hpp on branch nqfast): `pieces(n)` (every piece, index = id;
/// the same list for the same n), `solve_piece(n, piece)` returning counts with members total,
/// unique, nodes (64-bit), and `fingerprint(n, list)` (a 64-bit hash of the list).
template <class P, class R>
PieceListMaker piece_api(std::string scheme, std::vector<P> (*pieces)(int),
                         R (*solve_piece)(int, const P&),
                         std::uint64_t (*fingerprint)(int, const std::vector<P>&)) {
  return detail::piece_api<P, R>(std::move(scheme), pieces, fingerprint, 1,
                                 [solve_piece](int n, const P* first, std::size_t k, R* out) {
                                   for (std::size_t i = 0; i < k; ++i)
                                     out[i] = solve_piece(n, first[i]);
                                 });
}

/// As above with a batch solver `solve_pieces(n, first, count, out, extra...)` that searches
/// several pieces at once (e.g. SIMD lanes across pieces): runners hand it `batch` pieces at a
/// time; trailing parameters (such as an engine choice) get their value-initialised default
/// (for an enum: its zero enumerator, e.g. kAuto).
template <class P, class R, class... Extra>
PieceListMaker piece_api(std::string scheme, std::vector<P> (*pieces)(int),
                         void (*solve_pieces)(int, const P*, std::size_t, R*, Extra...),
                         std::uint64_t (*fingerprint)(int, const std::vector<P>&),
                         std::size_t batch) {
  return detail::piece_api<P, R>(std::move(scheme), pieces, fingerprint, batch,
                                 [solve_pieces](int n, const P* first, std::size_t k, R* out) {
                                   solve_pieces(n, first, k, out, Extra{}...);
                                 });
}

}  // namespace sb::nqueens
