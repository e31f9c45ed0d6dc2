// The m,n,k solve on MPI ranks (pns-pieces-mpi and alphabeta-tt-pieces-mpi under mpirun): 1, 2
// and 3 ranks give the values of the one-process kernels pns and alphabeta-tt, every move's
// value included, rank 0 alone prints; a journal cut short is resumed on other ranks to the same
// values; bad input is refused by every rank alike, once. Skipped when built without MPI.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "journal_text.hpp"
#include "mpi_launcher.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using sb::test::count_lines;
using sb::test::csv_column;
using sb::test::expect_refused;
using sb::test::journal_cut_after;
using sb::test::mpirun;
using sb::test::run_cli;
using sb::test::slurp;

fs::path temp(const std::string& name) {
  return sb::test::fresh_temp_path("mnk_mpi", name);
}

TEST(MnkMpi, RanksGiveTheValuesOfOneProcess) {
  REQUIRE_MPI();
  struct Case {
    const char* instance;
    const char* one_process;
    const char* mpi;
    int ranks;
  };
  for (const Case& c : {Case{"5x5k4", "pns", "pns-pieces-mpi", 2},
                        Case{"4x4k3", "alphabeta-tt", "alphabeta-tt-pieces-mpi", 3},
                        Case{"4x4k4:b2", "alphabeta-tt", "alphabeta-tt-pieces-mpi", 1},
                        Case{"5x4k4", "pns", "pns-reply-pieces-mpi", 3}}) {
    const std::string args = std::string("mnk solve -i ") + c.instance + " --all-moves -f csv";
    const auto plain = run_cli(args + " --kernel " + c.one_process);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    const auto r = mpirun(c.ranks, args + " --kernel " + c.mpi + " -t 1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count_lines(r.out), 2) << "rank 0 alone prints: " << r.out;
    EXPECT_EQ(csv_column(r.out, "ranks"), std::to_string(c.ranks));
    for (const char* col : {"value", "move_values", "move_value_counts", "verified"})
      EXPECT_EQ(csv_column(r.out, col), csv_column(plain.out, col)) << c.instance << " " << col;
  }
}

TEST(MnkMpi, AJournalCutShortResumesOnOtherRanks) {
  REQUIRE_MPI();
  const std::string args = "mnk solve -i 5x5k4 --all-moves -f csv";
  const fs::path j = temp("j.journal");
  const auto full = mpirun(2, args + " -t 1 --journal " + j.string());
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_EQ(csv_column(full.out, "kernel"), "pns-pieces-mpi");  // the default under mpirun
  const std::string cut = journal_cut_after(slurp(j), 2);
  const fs::path k = temp("cut.journal");
  std::ofstream(k) << cut;
  const auto r = mpirun(3, args + " -t 1 --resume " + k.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("2 of 6 pieces already done"), std::string::npos) << r.err;
  for (const char* col : {"value", "move_values", "verified"})
    EXPECT_EQ(csv_column(r.out, col), csv_column(full.out, col)) << col;
  EXPECT_EQ(slurp(k).substr(0, cut.size()), cut);
}

TEST(MnkMpi, BadInputIsRefusedByEveryRankOnce) {
  REQUIRE_MPI();
  const fs::path j = temp("never.journal");
  expect_refused(mpirun(4, "mnk solve -i 3x3k3 --kernel pns-pieces-mpi --journal " + j.string()),
                 "4 MPI ranks for 3 pieces");
  EXPECT_FALSE(fs::exists(j));
  expect_refused(mpirun(2, "mnk solve -i 3x3k3 --kernel pns"), "runs in one process");
  expect_refused(mpirun(2, "mnk solve -i 3x3k3 --verify 0"), "without mpirun");
}

}  // namespace
