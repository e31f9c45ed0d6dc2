// Tests of `searchbench mnk solve`: text, CSV and JSON output, the move-value board, the check
// against published values, and bad input (one line on stderr, nothing on stdout, exit 2).
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
using sb::test::expect_usage_error;
using sb::test::run_cli;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

}  // namespace

TEST(MnkCli, TextWithMoveValues) {
  const auto r = run_cli("mnk solve --board 3x3 -k 3 --kernel alphabeta-tt --all-moves");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("value     = draw"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  3  D D D\n  2  D D D\n  1  D D D\n     a b c"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("verified  = pass"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pv        = "), std::string::npos);
  // After a1 by black and b1 by white, black wins (forks): W cells, X and O stones.
  const auto w = run_cli("mnk solve --board 3x3 -k 3 --moves \"a1 b1\" --kernel pns --all-moves");
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_NE(w.out.find("value     = first player wins"), std::string::npos) << w.out;
  EXPECT_NE(w.out.find("  1  X O "), std::string::npos) << w.out;
  EXPECT_NE(w.out.find("W"), std::string::npos);
  EXPECT_NE(w.out.find("verified  = na"), std::string::npos) << w.out;
}

TEST(MnkCli, CsvColumns) {
  const auto r = run_cli("mnk solve --board 4x4 -k 4 --kernel pns -f csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split(r.out, '\n');
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0] + "\n", sb::csv_line(sb::bench::csv_columns(*sb::find_problem("mnk"))));
  EXPECT_EQ(lines[1].rfind("mnk,pns,serial,4x4k4:value-only,1,1,1,", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find(",pass,"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find(",4x4,4,freestyle,,draw,"), std::string::npos) << lines[1];
  const auto s = run_cli("mnk solve -i 5x5k4-standard:c3 --kernel pns -f csv --all-moves");
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_NE(s.out.find("\nmnk,pns,serial,5x5k4-standard:c3,1,1,1,"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find(",5x5,4,standard,c3,"), std::string::npos) << s.out;
}

TEST(MnkCli, Json) {
  const auto r = run_cli("mnk solve -i 15x15k5:h8,a1,i8,a2,j8,a3 --kernel pns -f json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["problem"], "mnk");
  EXPECT_EQ(j["board"], "15x15");
  EXPECT_EQ(j["k"], 5);
  EXPECT_EQ(j["rule"], "freestyle");
  EXPECT_EQ(j["moves"], "h8 a1 i8 a2 j8 a3");
  EXPECT_EQ(j["value"], "first");  // an open three with black to move: k8 or g8 makes an open four
  EXPECT_EQ(j["verified"], "na");
  // without --all-moves the instance asks for the value only, and no move values are given
  EXPECT_EQ(j["instance"], "15x15k5:h8,a1,i8,a2,j8,a3:value-only");
  EXPECT_TRUE(j["move_value_counts"].is_null());
  EXPECT_GT(j["nodes"].get<long long>(), 0);
  const auto pv = split(j["pv"].get<std::string>(), ' ');
  EXPECT_EQ(pv.size() % 2, 1u);  // the first player's moves and the replies, ending in a five
  // The instance column is accepted back by -i.
  const auto again =
      run_cli("mnk solve -i 15x15k5:h8,a1,i8,a2,j8,a3:value-only --kernel pns -f json");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["instance"], j["instance"]);
  const auto k = run_cli("mnk solve --board 7x6 -k 4 --kernel pns -f json");  // Connect-4 board
  ASSERT_EQ(k.exit_code, 0) << k.err;
  EXPECT_EQ(nlohmann::json::parse(k.out)["value"], "first");
}

// The value of every move (with --all-moves) and the published value, in the CSV and the JSON as
// the bench CSV has them. 3 x 3, k = 3 (tic-tac-toe) is a draw and so is every first move (each
// leaves a drawn game: the text test's board of D).
TEST(MnkCli, MoveValuesAndReferenceColumns) {
  std::string draws;
  for (const char* p : {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}) {
    if (!draws.empty()) draws += ' ';
    draws += p;
    draws += ":draw";
  }
  const auto r = run_cli("mnk solve --board 3x3 -k 3 --kernel alphabeta --all-moves -f csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split(r.out, '\n');
  ASSERT_EQ(lines.size(), 2u) << r.out;
  const auto names = split(lines[0], ',');
  ASSERT_GE(names.size(), 2u);
  EXPECT_EQ(names[names.size() - 2], "move_values");
  EXPECT_EQ(names.back(), "reference");
  // the last two fields: move values (no commas), then the reference (quoted: it has commas)
  EXPECT_NE(lines[1].find("," + draws + ",\"draw: "), std::string::npos) << lines[1];
  auto j = nlohmann::json::parse(
      run_cli("mnk solve --board 3x3 -k 3 --kernel alphabeta --all-moves -f json").out);
  EXPECT_EQ(j["move_values"], draws);
  EXPECT_EQ(j["reference"].get<std::string>().rfind("draw: ", 0), 0u) << j["reference"];
  // After a1 (black) and b1 (white) black wins (the text test); not an empty board: no reference.
  j = nlohmann::json::parse(
      run_cli("mnk solve --board 3x3 -k 3 --moves \"a1 b1\" --kernel pns --all-moves -f json").out);
  EXPECT_EQ(j["value"], "first");
  EXPECT_NE(j["move_values"].get<std::string>().find(":first"), std::string::npos);
  EXPECT_EQ(j["move_values"].get<std::string>().find("a1:"), std::string::npos);  // occupied
  EXPECT_TRUE(j["reference"].is_null());
  // Without --all-moves: no move values.
  j = nlohmann::json::parse(run_cli("mnk solve --board 3x3 -k 3 --kernel pns -f json").out);
  EXPECT_TRUE(j["move_values"].is_null());
  EXPECT_EQ(j["reference"].get<std::string>().rfind("draw: ", 0), 0u) << j["reference"];
}

TEST(MnkCli, BadInputExits2) {
  expect_usage_error("mnk solve --board 7x7 -k 0", "k must be at least 1");
  expect_usage_error("mnk solve --board 7x7 -k -3", "k must be at least 1");
  expect_usage_error("mnk solve --board 7x7 -k 8", "larger than both sides");
  // -k is the game's k; a kernel there (as -k means in other commands) is named as the mistake
  expect_usage_error("mnk solve --board 5x5 -k 4 -k pns", "give a kernel with --kernel");
  expect_usage_error("mnk solve --board 5x5 -k 4x", "must be an integer");
  expect_usage_error("mnk solve --board 27x27 -k 5", "at most 26 columns");
  expect_usage_error("mnk solve --board 5x30 -k 5", "at most 26");
  expect_usage_error("mnk solve --board 7x7 -k 5 --moves \"d4 h8\"", "off the 7x7 board");
  expect_usage_error("mnk solve --board 7x7 -k 5 --moves \"d4 d4\"", "occupied");
  expect_usage_error("mnk solve --board 7x7 -k 5 --moves \"d4 zz\"", "not a point");
  expect_usage_error("mnk solve --board 3x3 -k 3 --moves \"a1 b1 a2 b2 a3\"", "already won");
  expect_usage_error("mnk solve --board 3x3 -k 3 --moves \"a1 b1 a2 b2 a3 c3\"", "game is over");
  expect_usage_error("mnk solve --board 7x7", "-k");
  expect_usage_error("mnk solve -k 5", "--board");
  expect_usage_error("mnk solve --board 7 -k 5", "not a board size");
  expect_usage_error("mnk solve --board 7x7 -k 5 --rule renju", "unknown rule");
  expect_usage_error("mnk solve --board 7x7 -k 5 --kernel fast", "unknown mnk kernel");
  expect_usage_error("mnk solve --board 4x4 -k 4 --kernel minimax", "at most 12 empty cells");
  expect_usage_error("mnk solve --board 3x3 -k 3 -t 0");
  expect_usage_error("mnk solve --board 3x3 -k 3 -f xml");
  expect_usage_error("mnk solve --board 3x3 -k 3 --max-memory 10K", "at least 1M");
  expect_usage_error("mnk solve --board 3x3 -k 3 --max-memory 1000000T", "physical memory");
  expect_usage_error("mnk solve -i 3x3k3 --board 3x3", "either --instance");
  expect_usage_error("mnk solve -i 3x3k3 --rule standard", "either --instance");  // was ignored
  expect_usage_error("mnk solve -i 3x3k4", "larger than both sides");
  expect_usage_error("mnk solve -i 3x3k3:value-only --all-moves", "asks for the value only");
  expect_usage_error("mnk solve --board 3x3 -k 3 extra");
}
