// The process's MPI session, for the driver and the MPI runner (src/core/pieces_mpi.cpp). Compiled
// in every build: without SEARCHBENCH_WITH_MPI it reports one rank and init() refuses.
//
// MPI is started only when something needs it: an MPI kernel (which starts it on first use, as a
// one-rank singleton when the process was not started by mpirun) or a command run by mpirun. A
// plain `searchbench list`, `bench` or `signature` never touches MPI, so the binary runs the same
// without a launcher. MPI is started with MPI_THREAD_FUNNELED: only the thread that called init()
// (the main thread) makes MPI calls; worker threads only compute.
#pragma once

#include <string>

namespace sb::mpi {

/// True when this binary was built with MPI (SEARCHBENCH_WITH_MPI).
bool built();

/// True when an MPI launcher (Open MPI's mpirun/mpiexec, a PMI or PMIx launcher such as srun)
/// started this process: its environment holds a rank (OMPI_COMM_WORLD_RANK, PMIX_RANK or
/// PMI_RANK). Reads the environment only.
bool launched();

/// This process's rank as the launcher's environment gives it (0 when not launched).
int launched_rank();

/// The number of ranks as the launcher's environment gives it (OMPI_COMM_WORLD_SIZE,
/// PMI_SIZE, SLURM_NTASKS); 1 when not launched or not given.
int launched_size();

/// Ranks on this node (OMPI_COMM_WORLD_LOCAL_SIZE, MPI_LOCALNRANKS, SLURM_NTASKS_PER_NODE);
/// 1 when not given.
int launched_local_size();

/// Starts MPI once (MPI_Init_thread with MPI_THREAD_FUNNELED); later calls do nothing. Without a
/// launcher Open MPI starts a singleton (one rank). MPI_Finalize runs at exit unless finalize()
/// or abort() ran first. Throws std::runtime_error when built without MPI or MPI cannot provide
/// MPI_THREAD_FUNNELED.
void init();

/// True between init() and finalize().
bool active();

/// This process's rank in MPI_COMM_WORLD (0 when MPI is not active).
int rank();

/// The number of ranks in MPI_COMM_WORLD (1 when MPI is not active).
int size();

/// Rank 0's value of `flag`, on every rank (MPI_Bcast): lets every rank take the decision rank
/// 0 made alone (e.g. whether its journal is valid). `flag` itself when MPI is not active.
bool agree(bool flag);

/// Rank 0's `text` on every rank (MPI_Bcast of its length, then its bytes): lets every rank
/// follow a setting that rank 0 alone read (e.g. a recorded plan). `text` itself when MPI is not
/// active.
std::string agree_text(const std::string& text);

/// True on every rank when `flag` is true on at least one rank (MPI_Allreduce); `flag` itself
/// when MPI is not active.
bool any(bool flag);

/// Ends MPI normally (MPI_Finalize) if it was started; idempotent.
void finalize();

/// Ends every rank of the job at once with exit status `code` (MPI_Abort), for a failure on one
/// rank that the others cannot know of; a plain exit(code) when MPI is not active.
[[noreturn]] void abort(int code);

}  // namespace sb::mpi
