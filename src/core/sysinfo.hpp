// Facts about the machine and the build, recorded with every result.
#pragma once

#include <string>

namespace sb::sysinfo {

std::string host();            ///< host name (gethostname), "unknown" on failure
std::string cpu_model();       ///< "model name" from /proc/cpuinfo, "unknown" if absent
int hardware_threads();        ///< std::thread::hardware_concurrency(), at least 1
std::string compiler();        ///< compiler id and version, e.g. "GNU 12.2.0"
std::string flags();           ///< compiler flags of this build, e.g. "-O3 -DNDEBUG -std=c++20"
std::string build_type();      ///< CMake build type, e.g. "Release"
std::string git_sha();         ///< commit the binary was configured from, "unknown" outside git
std::string tbb_version();     ///< oneTBB runtime version, "" when built without TBB
std::string openmp_version();  ///< OpenMP version macro (_OPENMP, e.g. "201511"), "" without it
std::string mpi_version();     ///< MPI library, e.g. "Open MPI v4.1.4"; "" when built without MPI
std::string os();              ///< kernel name and release from uname, e.g. "Linux 6.1.0"
std::string timestamp_utc();   ///< now, ISO 8601 UTC, e.g. "2026-11-29T21:22:50Z"

}  // namespace sb::sysinfo
