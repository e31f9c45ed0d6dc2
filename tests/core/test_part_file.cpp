// Tests of PartFile (src/core/part_file.hpp): a result file written as PATH.part, kept when the
// writer stops early, carried on from a length known to be whole, locked while written.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/part_file.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A fresh directory for one test, removed at the end.
class TempDir : public sb::test::TempDir {
 public:
  TempDir() : sb::test::TempDir("part_file") {}
};

}  // namespace

TEST(PartFile, WrittenAsPartAndRenamedWhenComplete) {
  TempDir dir;
  const auto path = dir.path() / "r.csv";
  {
    sb::PartFile f(path);
    f.write("a,b\n");
    f.write("1,2\n");
    f.flush();
    EXPECT_EQ(f.size(), 8u);
    EXPECT_EQ(slurp(dir.path() / "r.csv.part"), "a,b\n1,2\n");
    EXPECT_FALSE(fs::exists(path));
    f.commit();
  }
  EXPECT_EQ(slurp(path), "a,b\n1,2\n");
  EXPECT_FALSE(fs::exists(dir.path() / "r.csv.part"));
}

TEST(PartFile, StoppedEarlyItIsKeptAndCarriedOnFromAWholeLength) {
  TempDir dir;
  const auto path = dir.path() / "r.csv";
  const auto part = dir.path() / "r.csv.part";
  {
    sb::PartFile f(path);
    f.write("a,b\n1,2\n3,");  // a record cut short by the stop
    f.flush();
  }  // never committed: kept
  EXPECT_EQ(slurp(part), "a,b\n1,2\n3,");
  EXPECT_THROW(sb::PartFile(path, 100), std::runtime_error);  // longer than the file
  EXPECT_EQ(slurp(part), "a,b\n1,2\n3,");
  {
    sb::PartFile f(path, 8);
    EXPECT_EQ(f.size(), 8u);
    f.write("3,4\n");
    f.commit();
  }
  EXPECT_EQ(slurp(path), "a,b\n1,2\n3,4\n");
}

TEST(PartFile, AFileLockedByAnotherWriterIsRefusedUntouched) {
  TempDir dir;
  const auto path = dir.path() / "r.csv";
  const auto part = dir.path() / "r.csv.part";
  std::ofstream(part) << "a,b\n1,2\n";
  const int fd = ::open(part.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX), 0);
  try {
    sb::PartFile f(path, 4);
    ADD_FAILURE() << "a locked file was opened";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("in use by another run"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(part), "a,b\n1,2\n");
  ::close(fd);
  sb::PartFile f(path, 4);
  f.discard();
  EXPECT_FALSE(fs::exists(part));
}
