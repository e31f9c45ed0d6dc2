// searchbench gomoku: piped terminal games to their end, records written while playing and
// replayed, a scripted pbrain session through the pbrain-searchbench link, a small match, and bad
// input (exit 2 with one line, never a lost record).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "gomoku/record.hpp"

namespace fs = std::filesystem;
using sb::test::count_lines;
using sb::test::expect_usage_error;
using sb::test::run_cli;
using sb::test::slurp;

namespace {

std::string temp_path(const std::string& name) {
  return (fs::temp_directory_path() / ("sbgomokucli_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

/// Every point of a 9 x 9 board in a fixed order: a human who tries them all.
std::string every_point() {
  std::string s;
  for (char f = 'a'; f <= 'i'; ++f)
    for (int r = 1; r <= 9; ++r) s += std::string(1, f) + std::to_string(r) + "\n";
  return s;
}

}  // namespace

TEST(GomokuCli, TwoHumansPipedToAFive) {
  const std::string rec = temp_path("humans.psq");
  fs::remove(rec);
  // black builds e1..e5 while white plays on the h file; a bad point and an occupied one first
  const auto r =
      run_cli("gomoku play --opponent human --size 9 --black Ann --white Bob --record " + rec,
              "z9\ne1\ne1\nh1\ne2\nh2\ne3\nh3\ne4\nh4\ne5\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("point z9 is off the 9x9 board"), std::string::npos);
  EXPECT_NE(r.out.find("point e1 is occupied by a black stone"), std::string::npos);
  EXPECT_NE(r.out.find("Ann (black) wins with five in a row: e1 e2 e3 e4 e5."), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("(X)"), std::string::npos) << "the last move is marked";
  const sb::gomoku::Record record = sb::gomoku::read_psq(rec);
  EXPECT_EQ(record.moves.size(), 9u);
  EXPECT_EQ(record.result, "black wins");
  EXPECT_EQ(record.reason, "five");
  EXPECT_EQ(record.black, "Ann");
  EXPECT_EQ(record.end_code, 0);
  // replayed: every move drawn, the result at the end
  const auto rp = run_cli("gomoku replay " + rec);
  ASSERT_EQ(rp.exit_code, 0) << rp.err;
  EXPECT_NE(rp.out.find("Move 9: black e5"), std::string::npos);
  EXPECT_NE(rp.out.find("Result: black wins (five), five: e1 e2 e3 e4 e5"), std::string::npos)
      << rp.out;
  // stepping with Enter, stdin ending early: the replay goes on to the end
  const auto st = run_cli("gomoku replay --step " + rec, "\n\n");
  EXPECT_EQ(st.exit_code, 0);
  EXPECT_NE(st.out.find("Result: black wins"), std::string::npos);
  fs::remove(rec);
}

TEST(GomokuCli, AgainstTheComputerToItsEnd) {
  // level 2 is deterministic; the human tries every point in turn (occupied ones are re-asked)
  const std::string rec = temp_path("vs.psq");
  fs::remove(rec);
  const auto r = run_cli("gomoku play --size 9 --level 2 --record " + rec, every_point());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Computer (white) plays "), std::string::npos);
  EXPECT_TRUE(r.out.find("wins with five in a row") != std::string::npos ||
              r.out.find("Draw: the board is full") != std::string::npos)
      << r.out;
  const sb::gomoku::Record record = sb::gomoku::read_psq(rec);
  EXPECT_NE(record.result, "unfinished");
  EXPECT_EQ(record.white, "searchbench-level-2");
  EXPECT_EQ(record.white_level, 2);
  fs::remove(rec);
}

TEST(GomokuCli, ComputerFirstUndoAndEndOfInput) {
  const std::string rec = temp_path("undo.psq");
  fs::remove(rec);
  // the computer (black) takes the centre; undo with one human move pending is refused, then a
  // move, an undo of the pair, and the end of input
  const auto r = run_cli("gomoku play --size 9 --first computer --level 1 --record " + rec,
                         "undo\ne6\nundo\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Computer (black) plays e5 (level-1 rule: centre"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Nothing to take back yet."), std::string::npos);
  EXPECT_NE(r.out.find("Took back 2 moves."), std::string::npos);
  EXPECT_NE(r.out.find("Game stopped (end of input)"), std::string::npos);
  const sb::gomoku::Record record = sb::gomoku::read_psq(rec);
  EXPECT_EQ(record.result, "unfinished");
  EXPECT_EQ(record.reason, "end of input");
  EXPECT_EQ(record.moves.size(), 1u) << "the computer's e5 is left after the undo";
  fs::remove(rec);
}

TEST(GomokuCli, QuitKeepsTheRecord) {
  const std::string rec = temp_path("quit.psq");
  fs::remove(rec);
  const auto r = run_cli("gomoku play --size 9 --level 2 --record " + rec, "e5\nquit\nd4\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const sb::gomoku::Record record = sb::gomoku::read_psq(rec);
  EXPECT_EQ(record.moves.size(), 2u);
  EXPECT_EQ(record.reason, "quit");
  fs::remove(rec);
}

TEST(GomokuCli, ReplayTornAndMalformedRecords) {
  const std::string torn = temp_path("torn.psq"), bad = temp_path("bad.psq");
  {
    std::ofstream(torn) << "Piskvorky 15x15, 0:0, 0\n8,8,100\n9,9,200\n10,1";
    std::ofstream(bad) << "Piskvorky 15x15, 0:0, 0\n8,8,100\nx,y,z\nA\nB\nC\n";
  }
  const auto t = run_cli("gomoku replay " + torn);
  EXPECT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.err.find("torn last line (no line end) dropped: '10,1'"), std::string::npos) << t.err;
  EXPECT_NE(t.out.find("Move 2: white i7"), std::string::npos) << "9,9 is x 9, y 9 from the top";
  const auto b = run_cli("gomoku replay " + bad);
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_EQ(count_lines(b.err), 1) << b.err;
  EXPECT_NE(b.err.find(bad + ":5: expected the end code"), std::string::npos) << b.err;
  const auto missing = run_cli("gomoku replay " + temp_path("missing.psq"));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(count_lines(missing.err), 1);
  fs::remove(torn);
  fs::remove(bad);
}

TEST(GomokuCli, ReplayGomocupArchiveRecord) {
  // a game as Gomocup publishes it (CR LF line ends, the tournament line last)
  const std::string rec = temp_path("gomocup.psq");
  {
    std::ofstream(rec, std::ios::binary)
        << "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n8,9,120\r\n9,8,130\r\n9,9,140\r\n"
           "10,8,150\r\n10,9,160\r\n11,8,170\r\n11,9,180\r\n12,8,190\r\nRAPFI25.zip\r\n"
           "JAX25.zip\r\n-1\r\n0,Freestyle15_1\r\n";
  }
  const auto r = run_cli("gomoku replay " + rec);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Move 9: black l8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("black wins"), std::string::npos) << r.out;
  fs::remove(rec);
}

TEST(GomokuCli, PbrainThroughTheLink) {
  const fs::path link = fs::path(SEARCHBENCH_CLI).parent_path() / "pbrain-searchbench";
  ASSERT_TRUE(fs::exists(link)) << link;
  const std::string dir = temp_path("pb");
  fs::create_directories(dir);
  {
    std::ofstream(dir + "/in") << "START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nABOUT\n"
                                  "TURN 99,99\nSTART 0\nBOARD\n1,1,1\nDONE\nTAKEBACK 1,1\nRESTART\n"
                                  "BOARD\n7,7,2\n8,7,2\n9,7,2\n10,7,2\n6,7,1\n0,0,1\n0,14,1\nDONE\n"
                                  "END\n";
  }
  const std::string cmd =
      link.string() + " --level 2 <" + dir + "/in >" + dir + "/out 2>" + dir + "/err";
  const int status = std::system(cmd.c_str());
  ASSERT_EQ(WEXITSTATUS(status), 0);
  std::vector<std::string> lines;
  {
    std::ifstream in(dir + "/out");
    std::string l;
    while (std::getline(in, l))
      if (l.rfind("DEBUG", 0) != 0 && l.rfind("MESSAGE", 0) != 0) lines.push_back(l);
  }
  ASSERT_EQ(lines.size(), 10u) << slurp(dir + "/out");
  EXPECT_EQ(lines[0], "OK");
  EXPECT_EQ(lines[1], "7,7");
  EXPECT_TRUE(std::regex_match(lines[2], std::regex("[0-9]+,[0-9]+")));
  EXPECT_EQ(lines[3].rfind("name=\"searchbench\"", 0), 0u);
  EXPECT_EQ(lines[4], "ERROR TURN 99,99: the point is off the 15x15 board");
  EXPECT_EQ(lines[5], "ERROR unsupported size 0x0 (5 to 26 per side)");
  EXPECT_EQ(lines[6],
            "ERROR BOARD has 1 own and 0 opponent stones: not a position with this "
            "brain to move");
  EXPECT_EQ(lines[7], "ERROR TAKEBACK 1,1: there is no stone on that point");
  EXPECT_EQ(lines[8], "OK");
  EXPECT_EQ(lines[9], "11,7") << "the opponent's four 7..10 on row 7 (6,7 taken): block 11,7";
  fs::remove_all(dir);
}

TEST(GomokuCli, SmallMatchWritesOneRowPerGame) {
  const std::string out = temp_path("match.csv"), recs = temp_path("match_records");
  fs::remove(out);
  fs::remove_all(recs);
  const auto r = run_cli(
      "gomoku match --black 2 --white 1 --games 4 --size 9 --no-openings "
      "--records " +
      recs + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("level 2 vs level 1: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("in 4 games, score"), std::string::npos);
  const std::string csv = slurp(out);
  EXPECT_EQ(count_lines(csv), 5);
  EXPECT_EQ(csv.rfind("game,opening,a_level,b_level,black_level,white_level,result", 0), 0u);
  EXPECT_FALSE(fs::exists(out + ".part"));
  EXPECT_TRUE(fs::exists(recs + "/game0001.psq"));
  EXPECT_TRUE(fs::exists(recs + "/game0004.psq"));
  fs::remove(out);
  fs::remove_all(recs);
}

TEST(GomokuCli, BadInputExitsTwoWithOneLine) {
  const std::string rec = temp_path("exists.psq");
  { std::ofstream(rec) << "keep me\n"; }
  const std::vector<std::string> bad = {
      "gomoku play --rule renju",
      "gomoku play --size 4",
      "gomoku play --size 27",
      "gomoku play --rows 9",
      "gomoku play --level 0",
      "gomoku play --level 4",
      "gomoku play --first nobody",
      "gomoku play --time-per-move nan",
      "gomoku play --time-per-move -1",
      "gomoku play --record " + rec,
      "gomoku play --record /nonexistent/dir/x.psq",
      "gomoku match --black 3 --white 1 --out /nonexistent/dir/x.csv",
      "gomoku match --black 3 --white 1 --openings /nonexistent/o.txt --out x.csv",
      "gomoku match --black 3 --out x.csv",
      "gomoku solve --moves \"h8 h8\"",
      "gomoku solve --moves \"a1 b1 a2 b2 a3 b3 a4 b4 a5\"",
      "gomoku solve -i vcf99",
      "gomoku solve -i 15x15:h8/d0",
      "gomoku solve -i vcf01 -k nosuch",
      "gomoku solve -i vcf01 --moves h8",
      "gomoku replay",
      "gomoku solve -i \"\"",  // an empty value is refused, not read as "not given"
      "gomoku solve -i vcf01 --max-memory \"\"",
      "gomoku solve -i vcf01 --max-memory 1000000T",  // more than the physical memory
      "gomoku play --max-memory 1000000T",
      "gomoku play --record \"\"",
      "gomoku match --black 1 --white 1 --openings \"\" --out x.csv",
      // endless inputs are refused at a size cap, not read into memory
      "gomoku replay /dev/zero",
      "gomoku match --black 1 --white 1 --openings /dev/zero --out x.csv",
  };
  for (const auto& args : bad) {
    const auto r = run_cli(args, "h8\n");
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("searchbench: error: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_EQ(slurp(rec), "keep me\n") << "an existing record is never overwritten";
  fs::remove(rec);
}

TEST(GomokuCli, SolveRunsOneKernelAndVerifies) {
  const auto r = run_cli("gomoku solve --moves \"f8 a1 g8 a3 h8 a5\" -k vcf");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("win       = yes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified  = pass"), std::string::npos) << r.out;
  const auto c = run_cli("gomoku solve -i vcf03 -k vct -f csv");
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(count_lines(c.out), 2);
  EXPECT_NE(c.out.find("\ngomoku,vct,serial,vcf03,1,1,1,"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find(",pass,"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find(",15x15,freestyle,"), std::string::npos) << c.out;
  const auto e = run_cli("gomoku solve -i mid02/d3 -k alphabeta -f json");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.out.find("\"instance\":\"mid02/d3\""), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("\"depth\":3"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("\"verified\":\"na\""), std::string::npos) << e.out;
}
