#include "core/mpi.hpp"

#include <cstdlib>
#include <initializer_list>
#include <stdexcept>
#include <string>

#ifdef SEARCHBENCH_WITH_MPI
#include <mpi.h>
#endif

namespace sb::mpi {
namespace {

// The first of the named environment variables that holds a non-negative integer, or -1.
int env_int(std::initializer_list<const char*> names) {
  for (const char* name : names) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') continue;
    char* end = nullptr;
    const long x = std::strtol(v, &end, 10);
    if (*end == '\0' && x >= 0 && x < (1L << 30)) return static_cast<int>(x);
  }
  return -1;
}

}  // namespace

bool built() {
#ifdef SEARCHBENCH_WITH_MPI
  return true;
#else
  return false;
#endif
}

bool launched() {
  return env_int({"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) >= 0;
}

int launched_rank() {
  const int r = env_int({"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"});
  return r < 0 ? 0 : r;
}

int launched_size() {
  if (!launched()) return 1;
  const int s = env_int({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS"});
  return s < 1 ? 1 : s;
}

int launched_local_size() {
  if (!launched()) return 1;
  const int s = env_int({"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE"});
  return s < 1 ? 1 : s;
}

#ifdef SEARCHBENCH_WITH_MPI

namespace {
bool g_active = false;
bool g_done = false;  // finalised or aborted: MPI may not be started again
}  // namespace

void init() {
  if (g_active) return;
  if (g_done) throw std::runtime_error("MPI cannot be started again after it has ended");
  int already = 0;
  MPI_Initialized(&already);
  if (!already) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      throw std::runtime_error("MPI_Init_thread failed");
    if (provided < MPI_THREAD_FUNNELED) {
      MPI_Finalize();
      g_done = true;
      throw std::runtime_error("this MPI library does not provide MPI_THREAD_FUNNELED");
    }
    std::atexit([] { finalize(); });
  }
  g_active = true;
}

bool active() {
  return g_active;
}

int rank() {
  if (!g_active) return 0;
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int size() {
  if (!g_active) return 1;
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

bool agree(bool flag) {
  if (!g_active) return flag;
  int v = flag ? 1 : 0;
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return v != 0;
}

std::string agree_text(const std::string& text) {
  if (!g_active) return text;
  unsigned long long n = text.size();
  MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string out = text;
  out.resize(static_cast<std::size_t>(n));
  if (n > 0) MPI_Bcast(out.data(), static_cast<int>(n), MPI_CHAR, 0, MPI_COMM_WORLD);
  return out;
}

bool any(bool flag) {
  if (!g_active) return flag;
  int v = flag ? 1 : 0, all = 0;
  MPI_Allreduce(&v, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return all != 0;
}

void finalize() {
  if (!g_active) return;
  g_active = false;
  g_done = true;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

void abort(int code) {
  if (g_active) MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

#else  // built without MPI: one rank, and nothing to start

void init() {
  throw std::runtime_error(
      "this searchbench was built without MPI (configure with -DSEARCHBENCH_WITH_MPI=ON after "
      "apt-get install libopenmpi-dev openmpi-bin)");
}
bool active() {
  return false;
}
int rank() {
  return 0;
}
int size() {
  return 1;
}
bool agree(bool flag) {
  return flag;
}
std::string agree_text(const std::string& text) {
  return text;
}
bool any(bool flag) {
  return flag;
}
void finalize() {}
void abort(int code) {
  std::_Exit(code);
}

#endif

}  // namespace sb::mpi
