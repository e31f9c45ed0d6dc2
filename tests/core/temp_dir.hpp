// Temporary files of tests: a fresh directory for one test (named after the test and the
// process), removed at the end; and paths in a directory of the whole test process (removed
// when it ends).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>
#include <system_error>

namespace sb::test {

class TempDir {
 public:
  /// prefix: what the tests are of, e.g. "bench" (directory sb_test_<prefix>_<pid>_<test>).
  explicit TempDir(const std::string& prefix) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("sb_test_" + prefix + "_" + std::to_string(::getpid()) + "_" + info->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// The process directories made so far, removed when the test process ends normally.
struct ProcessDirs {
  std::set<std::filesystem::path> dirs;
  ~ProcessDirs() {
    std::error_code ec;
    for (const auto& d : dirs) std::filesystem::remove_all(d, ec);
  }
};

/// A directory for this process's files of one test binary (sb_test_<prefix>_<pid>), created if
/// needed and kept until the process ends (tests of one binary may share its files), then
/// removed.
inline std::filesystem::path process_temp_dir(const std::string& prefix) {
  static ProcessDirs made;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("sb_test_" + prefix + "_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  made.dirs.insert(dir);
  return dir;
}

/// A fresh path in process_temp_dir(prefix): whatever was there is removed.
inline std::filesystem::path fresh_temp_path(const std::string& prefix, const std::string& name) {
  const auto p = process_temp_dir(prefix) / name;
  std::filesystem::remove_all(p);
  return p;
}

}  // namespace sb::test
