// N-queens kernel families that cut their search into pieces (src/core/pieces.hpp): an adapter
// from a family's own piece API (pieces(n), solve_piece or solve_pieces, fingerprint) to the
// generic PieceList, which the backend runners (src/core/pieces_run.hpp) run with journal,
// resume and MPI hand-out (kernels/nqueens/constellation_tbb.cpp and constellation_mpi.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/pieces.hpp"
#include "nqueens/nqueens.hpp"

namespace sb::nqueens {

/// Makes a family's piece list for the n x n board (1 <= n <= 32), with the subtotals total,
/// unique, nodes (in that order).
using PieceListMaker = std::function<PieceList(int n)>;

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
/// (kernels/nqueens/constellation.hpp): `pieces(n)` (every piece, index = id;
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
