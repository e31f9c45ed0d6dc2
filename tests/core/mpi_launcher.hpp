// The MPI launcher for the tests that run ranks (tests/<p>/test_*_mpi.cpp): `mpirun(ranks, args)`
// runs `searchbench <args>` on that many ranks; REQUIRE_MPI() skips a test in a build without
// MPI.
//
// CI runs as root, which Open MPI's mpirun refuses unless told otherwise: the launcher command
// sets OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM) for these tests only. -q keeps mpirun's own notices (a
// rank exited with status 2, ...) off stderr, so that the one-line messages of bad input can be
// checked; --oversubscribe lets a small machine run more ranks than cores.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "cli_runner.hpp"

namespace sb::test {

#ifdef SEARCHBENCH_MPIEXEC
#define REQUIRE_MPI() \
  do {                \
  } while (0)
/// The command line that starts `searchbench` on `ranks` ranks.
inline std::string launcher(int ranks) {
  return std::string("env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ") +
         SEARCHBENCH_MPIEXEC + " -q --oversubscribe -np " + std::to_string(ranks) + " " +
         SEARCHBENCH_CLI;
}
#else
#define REQUIRE_MPI() GTEST_SKIP() << "built without MPI"
inline std::string launcher(int) {
  return "";
}
#endif

/// `searchbench <args>` on `ranks` MPI ranks.
inline RunResult mpirun(int ranks, const std::string& args) {
  return run_command(launcher(ranks) + " " + args);
}

}  // namespace sb::test
