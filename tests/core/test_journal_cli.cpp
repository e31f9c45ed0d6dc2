// Journal and resume through the CLI (`nqueens count --journal / --resume`): a finished journal
// holds the answer, a killed run resumes to exactly the right counts, a cut-short last line is
// computed again, and foreign or unreadable journals are refused (exit 2) without being touched.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "core/journal.hpp"
#include "nqueens/problem.hpp"
#include "nqueens/reference.hpp"
#include "nqueens/sym_search.hpp"

namespace {

namespace fs = std::filesystem;
using sb::test::expect_refused;
using sb::test::run_cli;
using sb::test::slurp;

// A single-process kernel that keeps journals, or "" when none is built.
std::string journal_kernel() {
  for (const char* k : {"bitboard-sym-tbb", "bitboard-sym-omp"})
    if (sb::nqueens::problem().find_kernel(k)) return k;
  return "";
}

#define REQUIRE_JOURNAL_KERNEL()                                                      \
  const std::string kernel = journal_kernel();                                        \
  if (kernel.empty()) GTEST_SKIP() << "no single-process piece kernel in this build"; \
  do {                                                                                \
  } while (0)

fs::path temp(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("sbjcli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path p = dir / name;
  fs::remove_all(p);
  return p;
}

// Q(n), U(n) and nodes of a count's CSV output.
struct Counts {
  std::string total, unique, nodes, verified;
};
Counts counts_of(const std::string& csv) {
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  auto split = [](const std::string& s) {
    std::vector<std::string> v;
    std::string f;
    std::istringstream ss(s);
    while (std::getline(ss, f, ',')) v.push_back(f);
    return v;
  };
  const auto h = split(header), r = split(row);
  Counts c;
  for (std::size_t i = 0; i < h.size() && i < r.size(); ++i) {
    if (h[i] == "total") c.total = r[i];
    if (h[i] == "unique") c.unique = r[i];
    if (h[i] == "nodes") c.nodes = r[i];
    if (h[i] == "verified") c.verified = r[i];
  }
  return c;
}

void expect_exact(const Counts& c, int n) {
  EXPECT_EQ(c.total, std::to_string(*sb::nqueens::reference::total_solutions(n)));
  EXPECT_EQ(c.unique, std::to_string(*sb::nqueens::reference::unique_solutions(n)));
  EXPECT_EQ(c.nodes, std::to_string(sb::nqueens::sym::solve_all(n).nodes));
  EXPECT_EQ(c.verified, "pass");
}

TEST(JournalCli, AFinishedJournalListsTheSubtotalsOfTheAnswer) {
  REQUIRE_JOURNAL_KERNEL();
  const auto j = temp("j12");
  const auto r =
      run_cli("nqueens count -n 12 -k " + kernel + " -t 2 -f csv --journal " + j.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_exact(counts_of(r.out), 12);
  const auto c = sb::journal::parse(slurp(j), j.string());
  EXPECT_EQ(c.id.kernel, kernel);
  EXPECT_EQ(c.id.instance, "12");
  ASSERT_EQ(c.pieces.size(), c.id.count);
  sb::Subtotals sum = c.id.base;
  for (const auto& p : c.pieces) sum += p.sub;
  EXPECT_EQ(sum.v[0], 14200u);  // Q(12)
  EXPECT_EQ(sum.v[1], 1787u);   // U(12)
  EXPECT_EQ(c.damaged, 0u);
  EXPECT_NE(slurp(j).find("\nresult total=14200 unique=1787 "), std::string::npos);
  // Resuming a finished journal computes nothing and gives the answer again.
  const auto again = run_cli("nqueens count -n 12 -k " + kernel + " -f csv --resume " + j.string());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  expect_exact(counts_of(again.out), 12);
  EXPECT_EQ(sb::journal::parse(slurp(j), j.string()).pieces.size(), c.id.count);
  EXPECT_NE(again.err.find(std::to_string(c.id.count) + " of " + std::to_string(c.id.count)),
            std::string::npos)
      << again.err;
  fs::remove_all(j.parent_path());
}

TEST(JournalCli, AJournalIsNeverOverwritten) {
  REQUIRE_JOURNAL_KERNEL();
  const auto j = temp("exists");
  std::ofstream(j) << "precious\n";
  expect_refused(run_cli("nqueens count -n 10 -k " + kernel + " --journal " + j.string()),
                 "already exists");
  EXPECT_EQ(slurp(j), "precious\n");
  // an empty file is no journal: neither started nor resumed, and the line says what to do
  const auto e = temp("empty");
  std::ofstream(e).flush();
  expect_refused(run_cli("nqueens count -n 10 -k " + kernel + " --journal " + e.string()),
                 "already exists and is empty");
  expect_refused(run_cli("nqueens count -n 10 -k " + kernel + " --resume " + e.string()),
                 "is empty, not a searchbench journal: remove it");
  EXPECT_TRUE(fs::exists(e));
  EXPECT_EQ(fs::file_size(e), 0u);
  fs::remove_all(j.parent_path());
}

// Starts a journaled n = 16 run, kills it with `sig` once 200 pieces are recorded, resumes it
// (without -k: the journal's kernel is picked) and checks the counts. SIGKILL ends it at once;
// SIGINT (Ctrl-C) makes it say how to continue and exit 130.
void kill_and_resume(const std::string& kernel, int sig) {
  const auto j = temp("killed" + std::to_string(sig));
  const auto err = temp("killed" + std::to_string(sig) + ".err");
  const std::string args = "nqueens count -n 16 -k " + kernel + " -t 2";
  const pid_t pid = sb::test::start_background(
      std::string(SEARCHBENCH_CLI) + " " + args + " --journal " + j.string(), err.string());
  const auto t0 = std::chrono::steady_clock::now();
  int status = 0;
  bool exited = false;
  while (sb::test::count_lines_starting(j, "piece ") < 200) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      break;
    }
    ASSERT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(60));
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_FALSE(exited) << "the run ended before it could be interrupted";
  ::kill(pid, sig);
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  if (sig == SIGINT) {
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
    const std::string said = slurp(err);
    EXPECT_NE(said.find("interrupted; every finished piece is kept in the journal " + j.string() +
                        ": continue with `searchbench nqueens count -n 16 -k " + kernel +
                        " -t 2 --resume " + j.string() + "`"),
              std::string::npos)
        << said;
  } else {
    EXPECT_TRUE(WIFSIGNALED(status)) << "signal " << sig;
  }
  const std::string before = slurp(j);
  const auto done = sb::journal::parse(before, j.string());
  EXPECT_LT(done.pieces.size(), done.id.count) << "killed after the last piece";
  const auto r = run_cli("nqueens count -n 16 -t 2 -f csv --resume " + j.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_exact(counts_of(r.out), 16);
  const std::string after = slurp(j);
  EXPECT_EQ(after.substr(0, before.size()), before);  // only appended to
  const auto c = sb::journal::parse(after, j.string());
  EXPECT_EQ(c.pieces.size(), c.id.count);
  fs::remove_all(j.parent_path());
}

TEST(JournalCli, KilledRunResumesExactly) {
  REQUIRE_JOURNAL_KERNEL();
  kill_and_resume(kernel, SIGKILL);
}

TEST(JournalCli, InterruptedRunResumesExactly) {  // Ctrl-C
  REQUIRE_JOURNAL_KERNEL();
  kill_and_resume(kernel, SIGINT);
}

TEST(JournalCli, CutShortLastLineIsComputedAgain) {
  REQUIRE_JOURNAL_KERNEL();
  const auto j = temp("torn");
  ASSERT_EQ(run_cli("nqueens count -n 13 -k " + kernel + " --journal " + j.string()).exit_code, 0);
  // Drop the result line and cut the last piece line in the middle, as a kill during the write
  // would.
  std::string text = slurp(j);
  text.resize(text.rfind("result "));
  text.resize(text.rfind("piece ") + 20);
  { std::ofstream(j, std::ios::binary | std::ios::trunc) << text; }
  const auto before = sb::journal::parse(text, j.string());
  ASSERT_TRUE(before.torn_tail);
  ASSERT_EQ(before.pieces.size() + 1, before.id.count);
  const auto r = run_cli("nqueens count -n 13 -k " + kernel + " -f csv --resume " + j.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_exact(counts_of(r.out), 13);
  EXPECT_NE(r.err.find("cut short"), std::string::npos) << r.err;
  const std::string after = slurp(j);
  EXPECT_EQ(after.substr(0, text.size()), text);
  const auto c = sb::journal::parse(after, j.string());
  EXPECT_EQ(c.pieces.size(), c.id.count);
  EXPECT_EQ(c.damaged, 1u);
  fs::remove_all(j.parent_path());
}

TEST(JournalCli, ForeignUnreadableOrBrokenJournalsAreRefusedUntouched) {
  REQUIRE_JOURNAL_KERNEL();
  const auto j = temp("j11");
  ASSERT_EQ(run_cli("nqueens count -n 11 -k " + kernel + " --journal " + j.string()).exit_code, 0);
  const std::string text = slurp(j);
  expect_refused(run_cli("nqueens count -n 12 -k " + kernel + " --resume " + j.string()),
                 "instance 11");
  for (const auto& other : sb::nqueens::problem().kernels)
    if (other.pieces && other.name != kernel && !other.distributed())
      expect_refused(run_cli("nqueens count -n 11 -k " + other.name + " --resume " + j.string()),
                     "written by kernel " + kernel);
  EXPECT_EQ(slurp(j), text);
  const auto txt = temp("notes.txt");
  std::ofstream(txt) << "shopping list\n";
  expect_refused(run_cli("nqueens count -n 11 -k " + kernel + " --resume " + txt.string()),
                 "not a searchbench journal");
  EXPECT_EQ(slurp(txt), "shopping list\n");
  expect_refused(
      run_cli("nqueens count -n 11 -k " + kernel + " --resume " + temp("absent").string()),
      "cannot read journal");
  expect_refused(
      run_cli("nqueens count -n 11 -k " + kernel + " --resume " + j.parent_path().string()),
      "journal");
  expect_refused(
      run_cli("nqueens count -n 11 -k " + kernel + " --journal " + j.parent_path().string()),
      "is a directory");
  // without -k the journal is read for its kernel first: a directory is still refused (exit 2)
  expect_refused(run_cli("nqueens count -n 11 --resume " + j.parent_path().string()), "journal");
  expect_refused(run_cli("nqueens count -n 11 -k " + kernel + " --journal " + temp("x").string() +
                         " --resume " + j.string()),
                 "different files");
  // --journal and --resume naming one file not yet there: the missing file is the complaint
  const auto absent = temp("absent-both");
  expect_refused(run_cli("nqueens count -n 11 -k " + kernel + " --journal " + absent.string() +
                         " --resume " + absent.string()),
                 "cannot read journal");
  // A kernel that does not cut its search into pieces keeps no journal (and creates no file);
  // the refusal is the only line, also when -t would have drawn a note about a serial kernel.
  const auto none = temp("none");
  expect_refused(run_cli("nqueens count -n 10 -k bitboard --journal " + none.string()),
                 "does not cut its search into pieces");
  expect_refused(run_cli("nqueens count -n 10 -k bitboard -t 2 --journal " + none.string()),
                 "does not cut its search into pieces");
  EXPECT_FALSE(fs::exists(none));
  // A refused instance creates no journal either.
  expect_refused(run_cli("nqueens count -n 33 -k " + kernel + " --journal " + none.string()),
                 "1 to 32");
  EXPECT_FALSE(fs::exists(none));
  fs::remove_all(j.parent_path());
}

}  // namespace
