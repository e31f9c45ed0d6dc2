// The MPI kernel under mpirun: 1, 2 and 3 ranks (oversubscribed on a small machine) give the
// published Q(n), U(n) and bitboard-sym's node count; rank 0 alone prints; bad input is refused
// by every rank alike; a job killed (one rank, or mpirun itself) resumes from its journal to
// the exact counts. Skipped when built without MPI.
// The launcher: tests/core/mpi_launcher.hpp.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "core/journal.hpp"
#include "mpi_launcher.hpp"
#include "nqueens/quadrant_join.hpp"
#include "nqueens/reference.hpp"
#include "nqueens/sym_search.hpp"

namespace {

namespace fs = std::filesystem;
using sb::test::expect_refused;
using sb::test::launcher;
using sb::test::mpirun;
using sb::test::run_command;
using sb::test::slurp;

fs::path temp(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("sbmpi_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path p = dir / name;
  fs::remove_all(p);
  return p;
}

std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> row;
    std::string f;
    std::istringstream ss(line);
    while (std::getline(ss, f, ',')) row.push_back(f);
    rows.push_back(row);
  }
  return rows;
}

std::size_t col(const std::vector<std::vector<std::string>>& rows, const std::string& name) {
  for (std::size_t i = 0; i < rows.at(0).size(); ++i)
    if (rows[0][i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// Every n = 8..15 on `ranks` ranks in one mpirun (bench runs the MPI kernel collectively):
// Q(n), U(n) published, nodes those of the serial bitboard-sym, ranks recorded.
void ranks_agree(int ranks) {
  const auto out = temp("ranks" + std::to_string(ranks) + ".csv");
  const auto r = mpirun(ranks,
                        "bench --kernels bitboard-sym-mpi --n 8..15 --threads 1,2 --reps 1 "
                        "--warmup 0 --budget 0 --out " +
                            out.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  const auto rows = read_csv(slurp(out));
  ASSERT_EQ(rows.size(), 1u + 8 * 2);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const int n = std::stoi(rows[i][col(rows, "n")]);
    EXPECT_EQ(rows[i][col(rows, "ranks")], std::to_string(ranks));
    EXPECT_EQ(rows[i][col(rows, "total")],
              std::to_string(*sb::nqueens::reference::total_solutions(n)));
    EXPECT_EQ(rows[i][col(rows, "unique")],
              std::to_string(*sb::nqueens::reference::unique_solutions(n)));
    EXPECT_EQ(rows[i][col(rows, "nodes")], std::to_string(sb::nqueens::sym::solve_all(n).nodes));
    EXPECT_EQ(rows[i][col(rows, "verified")], "pass");
  }
  // One count: rank 0 alone prints its one result.
  const auto c = mpirun(ranks, "nqueens count -n 13 -k bitboard-sym-mpi -t 2 -f csv");
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const auto crow = read_csv(c.out);
  ASSERT_EQ(crow.size(), 2u) << c.out;
  EXPECT_EQ(crow[1][col(crow, "ranks")], std::to_string(ranks));
  EXPECT_EQ(crow[1][col(crow, "threads")], "2");
  EXPECT_EQ(crow[1][col(crow, "total")], "73712");
  fs::remove_all(out.parent_path());
}

TEST(Mpi, OneRank) {
  REQUIRE_MPI();
  ranks_agree(1);
}
TEST(Mpi, TwoRanks) {
  REQUIRE_MPI();
  ranks_agree(2);
}
TEST(Mpi, ThreeRanks) {
  REQUIRE_MPI();
  ranks_agree(3);
}

// quadrant-join's pieces on 2 ranks: Q(n), U(n) published, nodes those of the serial kernel.
TEST(Mpi, QuadrantJoinOnTwoRanks) {
  REQUIRE_MPI();
  const auto out = temp("quadrant.csv");
  const auto r = mpirun(2,
                        "bench --kernels quadrant-join-mpi --n 4..14 --threads 1 --reps 1 "
                        "--warmup 0 --budget 0 --out " +
                            out.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = read_csv(slurp(out));
  ASSERT_EQ(rows.size(), 1u + 11);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const int n = std::stoi(rows[i][col(rows, "n")]);
    EXPECT_EQ(rows[i][col(rows, "ranks")], "2");
    EXPECT_EQ(rows[i][col(rows, "total")],
              std::to_string(*sb::nqueens::reference::total_solutions(n)));
    EXPECT_EQ(rows[i][col(rows, "unique")],
              std::to_string(*sb::nqueens::reference::unique_solutions(n)));
    const auto serial = sb::nqueens::quadrants::count(n, sb::nqueens::quadrants::best_engine());
    EXPECT_EQ(rows[i][col(rows, "nodes")], std::to_string(serial.nodes)) << n;
  }
  fs::remove_all(out.parent_path());
}

TEST(Mpi, WithoutMpirunOneRank) {  // Open MPI's singleton
  REQUIRE_MPI();
  const auto r = sb::test::run_cli("nqueens count -n 10 -k bitboard-sym-mpi -t 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1 rank x 2 threads"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Q(10)    = 724"), std::string::npos) << r.out;
}

TEST(Mpi, BadInputIsRefusedByEveryRankOnce) {
  REQUIRE_MPI();
  const auto j = temp("never");
  expect_refused(mpirun(3, "nqueens count -n 4 -k bitboard-sym-mpi --journal " + j.string()),
                 "3 MPI ranks for 1 piece at n = 4");
  EXPECT_FALSE(fs::exists(j));  // refused before any journal is created
  // n = 1 leaves no piece: rank 0 alone adds up the known part, so one rank is the most.
  expect_refused(mpirun(2, "nqueens count -n 1 -k bitboard-sym-mpi"),
                 "2 MPI ranks for 0 pieces at n = 1: use at most 1 rank");
  const auto one = mpirun(1, "nqueens count -n 1 -k bitboard-sym-mpi -f csv");
  EXPECT_EQ(one.exit_code, 0) << one.err;
  const auto rows = read_csv(one.out);
  ASSERT_EQ(rows.size(), 2u) << one.out;
  EXPECT_EQ(rows[1][col(rows, "total")], "1");  // Q(1) = 1 (OEIS A000170)
  expect_refused(mpirun(2, "nqueens count -n 10 -k bitboard"), "runs in one process");
  expect_refused(mpirun(2, "nqueens count -n 10 -k bitboard-sym-mpi -t 5000"), "1 to 1024");
  expect_refused(mpirun(2, "list"), "runs in one process");
}

TEST(Mpi, BadJournalOrBenchIsRefusedByEveryRankOnce) {
  REQUIRE_MPI();
  const auto csv = temp("x.csv");
  // bitboard-sym: a one-process kernel that every build has (oneTBB and OpenMP may be off).
  expect_refused(mpirun(2, "bench --kernels bitboard-sym --n 8 --out " + csv.string()),
                 "MPI kernels only");
  EXPECT_FALSE(fs::exists(csv));
  // A journal that is not this run's: rank 0 finds it, every rank stops, nothing is touched.
  const auto j = temp("j11");
  ASSERT_EQ(mpirun(2, "nqueens count -n 11 -k bitboard-sym-mpi --journal " + j.string()).exit_code,
            0);
  const std::string text = slurp(j);
  expect_refused(mpirun(2, "nqueens count -n 12 -k bitboard-sym-mpi --resume " + j.string()),
                 "instance 11");
  expect_refused(mpirun(2, "nqueens count -n 11 -k bitboard-sym-mpi --journal " + j.string()),
                 "already exists");
  EXPECT_EQ(slurp(j), text);
  fs::remove_all(j.parent_path());
}

// True while process pid exists and is not a zombie.
bool alive(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return false;
  const auto close = stat.rfind(')');
  return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

// The pids of mpirun's children that run searchbench (the ranks), from /proc.
std::vector<pid_t> ranks_of(pid_t mpirun_pid) {
  std::vector<pid_t> out;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(e.path() / "stat");
    std::string stat;
    std::getline(in, stat);
    const auto close = stat.rfind(')');
    if (close == std::string::npos || stat.find("(searchbench)") == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    char state;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == mpirun_pid) out.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return out;
}

// Starts a journaled n = 17 job on `ranks` ranks, kills one rank (or mpirun) with SIGKILL once
// 200 pieces are recorded, and resumes it on `resume_ranks` ranks. (n = 16, under 1 s of work,
// sometimes finished every piece before the kill landed on a loaded machine.)
void kill_and_resume(int ranks_at_start, bool kill_a_rank, int resume_ranks) {
  const int n = 17;
  const auto j = temp(kill_a_rank ? "rank" : "mpirun");
  const std::string args = "nqueens count -n " + std::to_string(n) + " -k bitboard-sym-mpi -t 1";
  const pid_t pid = sb::test::start_background(launcher(ranks_at_start) + " " + args +
                                               " --journal " + j.string());
  const auto t0 = std::chrono::steady_clock::now();
  int status = 0;
  while (sb::test::count_lines_starting(j, "piece ") < 200) {
    ASSERT_NE(::waitpid(pid, &status, WNOHANG), pid) << "the job ended before it was killed";
    ASSERT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(60));
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const auto ranks = ranks_of(pid);
  ASSERT_EQ(ranks.size(), static_cast<std::size_t>(ranks_at_start));
  ::kill(kill_a_rank ? ranks.back() : pid, SIGKILL);
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  // The other ranks end with the job (after mpirun's death: they check their launcher while
  // they poll). Until then rank 0 holds the journal's lock, and a resume would be refused as
  // "in use".
  for (pid_t rank : ranks) {
    for (int i = 0; i < 1000 && alive(rank); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(alive(rank)) << "rank process " << rank << " outlived the job";
  }
  const std::string before = slurp(j);
  const auto done = sb::journal::parse(before, j.string());
  EXPECT_LT(done.pieces.size(), done.id.count);
  const auto r = mpirun(resume_ranks, args + " -f csv --resume " + j.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = read_csv(r.out);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][col(rows, "total")],
            std::to_string(*sb::nqueens::reference::total_solutions(n)));
  EXPECT_EQ(rows[1][col(rows, "unique")],
            std::to_string(*sb::nqueens::reference::unique_solutions(n)));
  EXPECT_EQ(rows[1][col(rows, "nodes")], std::to_string(sb::nqueens::sym::solve_all(n).nodes));
  EXPECT_EQ(rows[1][col(rows, "verified")], "pass");
  const std::string after = slurp(j);
  EXPECT_EQ(after.substr(0, before.size()), before);
  EXPECT_EQ(sb::journal::parse(after, j.string()).pieces.size(), done.id.count);
  fs::remove_all(j.parent_path());
}

TEST(Mpi, KilledRankResumesExactly) {
  REQUIRE_MPI();
  kill_and_resume(2, true, 3);
}

TEST(Mpi, KilledMpirunResumesExactly) {
  REQUIRE_MPI();
  // One rank: it solves while its main thread only watches the launcher.
  kill_and_resume(1, false, 2);
}

}  // namespace
