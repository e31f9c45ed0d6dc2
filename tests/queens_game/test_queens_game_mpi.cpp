// The queens-game solve on MPI ranks (memo-sym-pieces-mpi under mpirun): 1, 2 and 3 ranks give
// the values of memo-sym run in one process (normal play with Grundy values, and misere play),
// rank 0 alone prints; a journal cut short is resumed on another number of ranks (or in one
// process) to the same values; bad input is refused by every rank alike, once. Skipped when built
// without MPI.
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
  return sb::test::fresh_temp_path("queens_game_mpi", name);
}

TEST(QueensGameMpi, RanksGiveTheValuesOfOneProcess) {
  REQUIRE_MPI();
  struct Case {
    const char* board;
    const char* columns[3];
  };
  for (const Case& c :
       {Case{"--rows 5 --cols 7 --grundy --move-grundy", {"grundy", "move_grundy", "winner"}},
        Case{"-n 6 --misere --all-moves", {"winner", "winning_squares", "play"}}}) {
    const std::string args = std::string("queens-game solve ") + c.board + " -f csv";
    const auto plain = run_cli(args + " -k memo-sym");
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    for (int ranks : {1, 2, 3}) {
      const int threads = ranks == 2 ? 2 : 1;
      const auto r = mpirun(ranks, args + " -k memo-sym-pieces-mpi -t " + std::to_string(threads));
      ASSERT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(count_lines(r.out), 2) << "rank 0 alone prints: " << r.out;
      EXPECT_EQ(csv_column(r.out, "ranks"), std::to_string(ranks));
      EXPECT_EQ(csv_column(r.out, "threads"), std::to_string(threads));
      EXPECT_EQ(csv_column(r.out, "verified"), csv_column(plain.out, "verified"));
      for (const char* col : c.columns)
        EXPECT_EQ(csv_column(r.out, col), csv_column(plain.out, col)) << c.board << " " << col;
    }
  }
  // Under mpirun with several ranks, --journal picks the MPI kernel by itself.
  const fs::path j = temp("default.journal");
  const auto d = mpirun(2, "queens-game solve -n 5 --grundy -f csv --journal " + j.string());
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(csv_column(d.out, "kernel"), "memo-sym-pieces-mpi");
  EXPECT_EQ(csv_column(d.out, "grundy"), "3");  // OEIS A344227: a(5) = 3
}

// A journal written on 2 ranks, cut after two pieces (as a kill leaves it), resumed on 3 ranks
// and, cut again, in one process (without -k: the journal's kernel is picked): the same values,
// the file only appended to.
TEST(QueensGameMpi, AJournalCutShortResumesOnOtherRanks) {
  REQUIRE_MPI();
  const std::string args = "queens-game solve -n 7 --grundy --move-grundy -f csv";
  const fs::path j = temp("g7.journal");
  const auto full = mpirun(2, args + " -t 1 --journal " + j.string());
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_EQ(csv_column(full.out, "kernel"), "memo-sym-pieces-mpi");
  EXPECT_EQ(csv_column(full.out, "grundy"), "2");  // OEIS A344227: a(7) = 2
  const std::string cut = journal_cut_after(slurp(j), 2);
  for (int ranks : {3, 1}) {
    const fs::path k = temp("cut" + std::to_string(ranks) + ".journal");
    std::ofstream(k) << cut;
    const auto r = ranks == 1 ? run_cli(args + " --resume " + k.string())
                              : mpirun(ranks, args + " -t 1 --resume " + k.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(csv_column(r.out, "kernel"), "memo-sym-pieces-mpi");
    EXPECT_NE(r.err.find("2 of 10 pieces already done"), std::string::npos) << r.err;
    for (const char* col : {"grundy", "move_grundy", "winner", "verified"})
      EXPECT_EQ(csv_column(r.out, col), csv_column(full.out, col)) << ranks << " " << col;
    const std::string after = slurp(k);
    EXPECT_EQ(after.substr(0, cut.size()), cut);
    EXPECT_NE(after.find(" ranks=" + std::to_string(ranks) + " "), std::string::npos) << after;
    EXPECT_NE(after.find("\nresult grundy=2 "), std::string::npos) << after;
  }
}

TEST(QueensGameMpi, BadInputIsRefusedByEveryRankOnce) {
  REQUIRE_MPI();
  const fs::path j = temp("never.journal");
  expect_refused(mpirun(2, "queens-game solve -n 1 -k memo-sym-pieces-mpi --journal " + j.string()),
                 "2 MPI ranks for 1 piece of 1x1");
  EXPECT_FALSE(fs::exists(j));  // refused before any journal is created
  expect_refused(mpirun(2, "queens-game solve -n 5 -k memo-sym"), "runs in one process");
  expect_refused(mpirun(2, "queens-game solve -n 5 --verify 0"), "without mpirun");
  expect_refused(mpirun(2, "queens-game play -n 5"), "runs in one process");
  // Another board's journal: rank 0 finds it, every rank stops, the file is untouched.
  const fs::path g5 = temp("g5.journal");
  ASSERT_EQ(run_cli("queens-game solve -n 5 --journal " + g5.string()).exit_code, 0);
  const std::string before = slurp(g5);
  expect_refused(mpirun(2, "queens-game solve -n 6 -k memo-sym-pieces-mpi --resume " + g5.string()),
                 "instance");
  EXPECT_EQ(slurp(g5), before);
}

}  // namespace
