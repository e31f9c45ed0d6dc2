// One schema per problem: a problem command's single run (-f csv, -f json) prints the columns of
// that problem's bench CSV (src/core/bench.hpp), in the same names and order, for every problem
// built in (src/cli/run_output.hpp writes both).
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "core/bench.hpp"
#include "core/csv.hpp"
#include "core/problem.hpp"

namespace {

using sb::test::run_cli;

/// A quick single run of each problem's own command (without the format option).
const std::map<std::string, std::string>& single_runs() {
  static const std::map<std::string, std::string> m = {
      {"nqueens", "nqueens count -n 6 -k bitboard"},
      {"queens-game", "queens-game solve -n 4 -k memo"},
      {"mnk", "mnk solve --board 3x3 -k 3 --kernel pns"},
      {"gomoku", "gomoku solve -i vcf01 -k vcf"},
      {"tsume", "tsume solve --puzzle head-gold -k dfpn"},
  };
  return m;
}

TEST(RunOutput, EveryProblemHasASingleRunHere) {
  for (const sb::Problem* p : sb::problems())
    EXPECT_TRUE(single_runs().count(p->name)) << p->name << ": add its single run above";
}

TEST(RunOutput, CsvHeaderAndJsonKeysAreTheBenchColumns) {
  for (const auto& [name, command] : single_runs()) {
    const sb::Problem* p = sb::find_problem(name);
    ASSERT_NE(p, nullptr) << name;
    const auto columns = sb::bench::csv_columns(*p);
    const auto csv = run_cli(command + " -f csv");
    ASSERT_EQ(csv.exit_code, 0) << command << ": " << csv.err;
    EXPECT_EQ(csv.out.substr(0, csv.out.find('\n') + 1), sb::csv_line(columns)) << command;
    const auto json = run_cli(command + " -f json");
    ASSERT_EQ(json.exit_code, 0) << command << ": " << json.err;
    const auto object = nlohmann::ordered_json::parse(json.out);
    std::vector<std::string> keys;
    for (const auto& item : object.items()) keys.push_back(item.key());
    EXPECT_EQ(keys, columns) << command;
  }
}

}  // namespace
