// The CLI's N-queens commands and its handling of bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "core/bench.hpp"
#include "core/csv.hpp"

namespace {

using sb::test::count_lines;
using sb::test::csv_column;
using sb::test::expect_usage_error;
using sb::test::run_cli;
using sb::test::run_command;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

TEST(CliList, ShowsEveryKernelBuilt) {
  const auto r = run_cli("list");
  ASSERT_EQ(r.exit_code, 0);
  for (const char* k :
       {"naive-full-check", "naive-bitparallel", "backtrack-squares", "backtrack-rows", "bitboard",
        "bitboard-sym", "constellation", "1..9", "1..32", "queens-game", "memo-sym"})
    EXPECT_NE(r.out.find(k), std::string::npos) << k;
    // A backend that is off is not listed (and its kernels are not built).
#ifdef SEARCHBENCH_WITH_TBB
  EXPECT_NE(r.out.find("bitboard-sym-tbb"), std::string::npos);
  EXPECT_NE(r.out.find("constellation-tbb"), std::string::npos);
#else
  EXPECT_EQ(r.out.find(" tbb "), std::string::npos) << r.out;
#endif
#ifdef SEARCHBENCH_WITH_OPENMP
  EXPECT_NE(r.out.find("bitboard-sym-omp"), std::string::npos);
#else
  EXPECT_EQ(r.out.find("openmp"), std::string::npos) << r.out;
#endif
#ifdef SEARCHBENCH_WITH_MPI
  EXPECT_NE(r.out.find("bitboard-sym-mpi"), std::string::npos);
#else
  EXPECT_EQ(r.out.find(" mpi "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("-mpi"), std::string::npos) << r.out;
#endif
}

TEST(CliCount, CsvHeaderAndRow) {
  const auto r = run_cli("nqueens count -n 8 --kernel bitboard --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split(r.out, '\n');
  ASSERT_EQ(lines.size(), 2u);
  const auto header = split(lines[0], ','), row = split(lines[1], ',');
  ASSERT_EQ(header.size(), row.size());
  auto field = [&](const std::string& name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return row[i];
    ADD_FAILURE() << "no column " << name;
    return std::string();
  };
  EXPECT_EQ(field("kernel"), "bitboard");
  EXPECT_EQ(field("n"), "8");
  EXPECT_EQ(field("threads"), "1");
  EXPECT_EQ(field("ranks"), "1");
  EXPECT_EQ(field("total"), "92");
  EXPECT_EQ(field("unique"), "12");
  EXPECT_EQ(field("verified"), "pass");
  EXPECT_EQ(field("instance"), "8");
  EXPECT_EQ(field("rep"), "1");
  EXPECT_EQ(field("problem"), "nqueens");
  EXPECT_GT(std::stoull(field("nodes")), 0u);
  EXPECT_GE(std::stod(field("wall_s")), 0.0);
}

TEST(CliCount, JsonObject) {
#ifndef SEARCHBENCH_WITH_TBB
  GTEST_SKIP() << "built without oneTBB";
#endif
  const auto r = run_cli("nqueens count -n 10 -k bitboard-sym-tbb -t 2 -f json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["kernel"], "bitboard-sym-tbb");
  EXPECT_EQ(j["n"], 10);
  EXPECT_EQ(j["threads"], 2);
  EXPECT_EQ(j["ranks"], 1);
  EXPECT_EQ(j["total"], 724);
  EXPECT_EQ(j["unique"], 92);
  EXPECT_TRUE(j.contains("nodes"));
  EXPECT_TRUE(j.contains("wall_s"));
  // The keys of the bench CSV, in its order.
  std::vector<std::string> keys;
  const auto ordered = nlohmann::ordered_json::parse(r.out);
  for (auto it = ordered.begin(); it != ordered.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, sb::bench::csv_columns(*sb::find_problem("nqueens")));
}

TEST(CliCount, TextShowsCountsAndRates) {
  const auto r = run_cli("nqueens count -n 6");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* s : {"Q(6)", "= 4", "U(6)", "= 1", "nodes", "nodes/s", "verified = pass"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
}

TEST(CliCount, NaiveKernelsCountEveryPlacement) {
  for (const char* k : {"naive-full-check", "naive-bitparallel"}) {
    const auto r = run_cli(std::string("nqueens count -n 5 -t 2 -f csv -k ") + k);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(",53130,"), std::string::npos) << r.out;  // C(25, 5) placements tested
  }
}

TEST(CliCount, FormerKernelNameRunsUnderItsNewName) {
  // naive-seed, naive-full-check's former name, is still accepted and reported under
  // the new name; `list` shows only the new name as a kernel.
  const auto r = run_cli("nqueens count -n 5 -f csv -k naive-seed");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("nqueens,naive-full-check,"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("nqueens,naive-seed,"), std::string::npos) << r.out;
  const auto list = run_cli("list");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.out.find("\nnqueens      naive-seed "), std::string::npos) << list.out;
  expect_usage_error("nqueens count -n 12 -k naive-seed",
                     "out of range for kernel 'naive-full-check' (1..9)");
}

TEST(CliBadInput, ExitTwoWithOneLine) {
  expect_usage_error("nqueens count -n 0 -k bitboard", "from 1 to 32");
  expect_usage_error("nqueens count -n 9 -k backtrack-squares -t 100000", "1 to 1024");
  expect_usage_error("nqueens count -n 010x");
  expect_usage_error("nqueens count -n 8 -k ''", "known kernels");
  expect_usage_error("nqueens count -n 33 -k bitboard-sym", "1 to 32");
  expect_usage_error("nqueens count -n 12 -k naive-bitparallel", "out of range");
  expect_usage_error("nqueens count -n 8 -k naive", "naive-full-check");  // the list helps
  expect_usage_error("nqueens count -n abc");
  expect_usage_error("nqueens count -n 8 -k nope", "bitboard-sym");  // lists the known ones
  expect_usage_error("nqueens count -n 8 -t 0");
  expect_usage_error("nqueens count -n 8 -t -3");
  expect_usage_error("nqueens count -n 8 -f xml");
  expect_usage_error("nqueens count -n 8 stray");
  expect_usage_error("nqueens count");
  expect_usage_error("nqueens frobnicate -n 8");
  expect_usage_error("");
  expect_usage_error("nqueens solutions -n 0");
  expect_usage_error("nqueens solutions -n 8 --limit 0");
  expect_usage_error("nqueens count -n", "-n: needs a value");
  expect_usage_error("nqueens count -n 8 -n 9", "-n: given more than once");
  expect_usage_error("nqueens count -n 8 a -x b", "unexpected arguments: a -x b");
}

// quadrant-join refuses, before building anything, an n whose tables would not fit in what the
// process may take (here an address-space limit of 1.5 GB against the 2.2 GB of n = 23).
TEST(CliBadInput, QuadrantJoinRefusesTablesThatDoNotFit) {
#ifdef SEARCHBENCH_WITH_TBB
  const std::vector<std::string> kernels = {"quadrant-join", "quadrant-join-tbb"};
#else
  const std::vector<std::string> kernels = {"quadrant-join"};
#endif
  for (const std::string& k : kernels) {
    const auto r = run_command("ulimit -v 1500000; " + std::string(SEARCHBENCH_CLI) +
                               " nqueens count -n 23 -k " + k);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("about 2.2 GB"), std::string::npos) << r.err;
  }
}

// Without -k, count runs constellation's fastest backend below n = 18 and quadrant-join's from 18.
TEST(CliCount, DefaultKernelDependsOnN) {
  const auto small = run_cli("nqueens count -n 12 -t 1 -f csv");
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_EQ(csv_column(small.out, "kernel").rfind("constellation", 0), 0u) << small.out;
  const auto large = run_cli("nqueens count -n 18 -t 1 -f csv");
  ASSERT_EQ(large.exit_code, 0) << large.err;
  EXPECT_EQ(csv_column(large.out, "kernel").rfind("quadrant-join", 0), 0u) << large.out;
  EXPECT_EQ(csv_column(large.out, "total"), "666090624");  // OEIS A000170
}

TEST(CliBadInput, NaiveRefusalStatesThePlacementCount) {
  // C(100, 10) and C(144, 12) computed independently (Python's math.comb).
  expect_usage_error("nqueens count -n 10 -k naive-bitparallel", "C(100, 10) = 17,310,309,456,440");
  expect_usage_error("nqueens count -n 12 -k naive-full-check",
                     "C(144, 12) = 103,619,293,824,707,388");
}

TEST(CliSolutions, AllUniqueFirstAndLimit) {
  auto boards = [](const std::string& out) {
    int n = 0;
    for (const auto& line : split(out, '\n')) n += line.find('Q') != std::string::npos;
    return n / 8;  // 8 ranks with one queen each per board
  };
  const auto all = run_cli("nqueens solutions -n 8");
  ASSERT_EQ(all.exit_code, 0);
  EXPECT_EQ(boards(all.out), 92);
  const auto uniq = run_cli("nqueens solutions -n 8 --unique");
  EXPECT_EQ(boards(uniq.out), 12);
  const auto first = run_cli("nqueens solutions -n 8 --first");
  EXPECT_EQ(first.out,
            "Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n");
  const auto lim = run_cli("nqueens solutions -n 8 --limit 5");
  EXPECT_EQ(boards(lim.out), 5);
  const auto none = run_cli("nqueens solutions -n 3");
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_TRUE(none.out.empty());
}

}  // namespace
