#include "core/sysinfo.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

#include "build_info.hpp"

#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/version.h>
#endif
#ifdef SEARCHBENCH_WITH_OPENMP
#include <omp.h>
#endif
#ifdef SEARCHBENCH_WITH_MPI
#include <mpi.h>
#endif

namespace sb::sysinfo {

std::string host() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0 || buf[0] == 0) return "unknown";
  return buf;
}

std::string cpu_model() {
  static const std::string model = [] {  // read once: every result row names it
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("model name", 0) == 0) {
        auto pos = line.find(':');
        if (pos == std::string::npos) break;
        auto s = line.substr(pos + 1);
        s.erase(0, s.find_first_not_of(" \t"));
        return s;
      }
    }
    return std::string("unknown");
  }();
  return model;
}

int hardware_threads() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

std::string compiler() {
  return std::string(build::kCompilerId) + " " + build::kCompilerVersion;
}
std::string flags() {
  return build::kFlags;
}
std::string build_type() {
  return build::kBuildType;
}
std::string git_sha() {
  return build::kGitSha;
}

std::string tbb_version() {
#ifdef SEARCHBENCH_WITH_TBB
  return TBB_runtime_version();
#else
  return "";
#endif
}

std::string openmp_version() {
#ifdef SEARCHBENCH_WITH_OPENMP
  return std::to_string(_OPENMP);
#else
  return "";
#endif
}

std::string mpi_version() {
#ifdef SEARCHBENCH_WITH_MPI
  // One of the few MPI calls allowed before MPI_Init: MPI need not be started for it.
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  if (MPI_Get_library_version(text, &len) != MPI_SUCCESS) return "unknown";
  std::string v(text, static_cast<std::size_t>(len));
  const auto comma = v.find(',');  // "Open MPI v4.1.4, package: ..."
  if (comma != std::string::npos) v.resize(comma);
  while (!v.empty() && (v.back() == '\n' || v.back() == ' ')) v.pop_back();
  return v;
#else
  return "";
#endif
}

std::string os() {
  struct utsname u {};
  if (::uname(&u) != 0) return "unknown";
  return std::string(u.sysname) + " " + u.release;
}

std::string timestamp_utc() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace sb::sysinfo
