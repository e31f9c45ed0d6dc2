// Runners of a piece list (src/core/pieces.hpp) on each backend: every kernel that cuts its
// search into a PieceList runs through one of these, so that journal, resume and MPI behave the
// same for every such kernel. A runner solves the pieces its schedule leaves (skipping
// hooks->finished), calls hooks->on_piece for each, advances `progress` (unit: pieces; total =
// the whole list, done starts at the finished count) and returns the complete sum: base +
// finished + solved. A runner does no I/O; it reads a steady clock per solve call only to report
// each piece's seconds to on_piece.
//
// Each backend's runner is compiled only with that backend (the file suffix _tbb, _omp, _mpi, as
// for kernels).
#pragma once

#include <functional>
#include <vector>

#include "core/pieces.hpp"
#include "core/progress.hpp"

namespace sb {

/// What a runner returns: the complete sum and what it really ran on.
struct PieceRun {
  Subtotals total;  ///< base + every piece (finished ones included)
  int threads = 1;  ///< threads per rank actually used
  int ranks = 1;    ///< MPI ranks (1 outside MPI)
};

/// The most MPI ranks a list of `pieces` pieces runs on (run_pieces_mpi refuses more): one per
/// piece, as rank 0 hands out the pieces and solves some itself; rank 0 alone when the cut leaves
/// no piece (the known part of the sum needs no rank to hand anything to).
inline std::uint64_t most_mpi_ranks(std::uint64_t pieces) {
  return pieces > 1 ? pieces : 1;
}

/// Solves the batch ids[0 .. k-1] into out[0 .. k-1] with list.solve, adds the subtotals to
/// `sum`, calls hooks->on_piece for each (when set) and advances progress->done by k. The
/// building block of every runner.
void solve_reported(const PieceList& list, const std::uint64_t* ids, std::size_t k, Subtotals* out,
                    Subtotals& sum, Progress* progress, const PieceHooks* hooks);

/// Runs body(0) .. body(threads-1) at the same time, one per thread, and returns when all have
/// returned: on a oneTBB arena of exactly `threads` workers when built with oneTBB (the calling
/// thread is one of them), else on std::threads. Returns the threads really used. A body may
/// wait for other threads, never for another body (oneTBB may run two bodies one after the
/// other on one thread). The first exception thrown by a body is rethrown.
int run_on_threads(int threads, const std::function<void(int)>& body);

/// Serial: the pieces in id order on the calling thread.
PieceRun run_pieces_serial(const PieceList& list, Progress* progress, const PieceHooks* hooks);

/// What run_pieces_by_id returns: every piece's subtotals, by id.
struct PieceValues {
  std::vector<Subtotals> by_id;  ///< index = id: the finished pieces' and those solved now
  int threads = 1;               ///< threads actually used (per rank)
  int ranks = 1;                 ///< MPI ranks (1 unless on_ranks)
};

/// For answers that are not a sum (game values: the value of each first move): runs `list` as
/// run_pieces_tbb does (pieces in id order, each thread taking the next from a shared counter;
/// serially on the calling thread when threads == 1 or without oneTBB), or with on_ranks as
/// run_pieces_mpi does (collective; every rank then returns every piece's subtotals), and
/// returns every piece's subtotals by id, the finished ones (hooks->finished) included.
/// hooks->on_piece is called for each piece solved, as by the other runners. With list.work
/// set, progress->work_total and work_done follow the pieces' estimated work as well, a piece
/// under way on this process counting half of its work (rounded down) until it finishes. on_ranks
/// in a build without MPI: std::logic_error.
PieceValues run_pieces_by_id(const PieceList& list, int threads, Progress* progress,
                             const PieceHooks* hooks, bool on_ranks = false);

#ifdef SEARCHBENCH_WITH_TBB
/// oneTBB: one task per thread of an arena of exactly `threads` workers (1..kMaxThreads), each
/// taking the next batch of list.batch pieces from a shared counter (pieces in id order), with
/// 64-bit per-thread partial sums.
PieceRun run_pieces_tbb(const PieceList& list, int threads, Progress* progress,
                        const PieceHooks* hooks);
#endif

#ifdef SEARCHBENCH_WITH_OPENMP
/// OpenMP: a dynamic loop over batches of list.batch pieces on a team of `threads`, 64-bit
/// reductions; threads = the team OpenMP really formed.
PieceRun run_pieces_omp(const PieceList& list, int threads, Progress* progress,
                        const PieceHooks* hooks);
#endif

#ifdef SEARCHBENCH_WITH_MPI
/// MPI (collective over every rank of MPI_COMM_WORLD; MPI is initialised on first use, as a
/// singleton when not started by mpirun): rank 0 hands out pieces on request to the other
/// ranks, which ask for more before they run out, and adds up their subtotals; every rank,
/// rank 0 included, solves pieces on `threads` threads (oneTBB when built with it). `list` must
/// be the same on every rank (checked: count and hash); `hooks` and `progress` are read on rank
/// 0 only. Every rank returns the same complete sum. Throws std::invalid_argument (on every
/// rank alike) when there are more ranks than pieces or the ranks' lists differ. See
/// src/core/pieces_mpi.cpp for the protocol.
PieceRun run_pieces_mpi(const PieceList& list, int threads, Progress* progress,
                        const PieceHooks* hooks);

/// Collective: every rank's `by_id` becomes rank 0's (same size on every rank).
void broadcast_pieces(std::vector<Subtotals>& by_id);
#endif

}  // namespace sb
