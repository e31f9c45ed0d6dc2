// searchbench gomoku: piped terminal games to their end, records written while playing and
// replayed, a scripted pbrain session through the pbrain-searchbench link, a small match, and bad
// input (exit 2 with one line, never a lost record).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
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
  // A header with an escape and a carriage return: quoted with '?' for each, one line.
  const std::string raw = temp_path("raw.psq");
  std::ofstream(raw) << "Pisk\x1b[31mRED\rover\n";
  const auto e = run_cli("gomoku replay " + raw);
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_EQ(count_lines(e.err), 1) << e.err;
  EXPECT_NE(e.err.find("'Pisk?[31mRED?over'"), std::string::npos) << e.err;
  fs::remove(torn);
  fs::remove(bad);
  fs::remove(raw);
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
    std::ofstream(dir + "/in")
        << "START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nABOUT\n"
           "TURN 99,99\nSTART 0\nSTART 15\nBOARD\n1,1,1\nDONE\nTAKEBACK 1,1\nRESTART\n"
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
  ASSERT_EQ(lines.size(), 11u) << slurp(dir + "/out");
  EXPECT_EQ(lines[0], "OK");
  EXPECT_EQ(lines[1], "7,7");
  EXPECT_TRUE(std::regex_match(lines[2], std::regex("[0-9]+,[0-9]+")));
  EXPECT_EQ(lines[3].rfind("name=\"searchbench\"", 0), 0u);
  EXPECT_EQ(lines[4], "ERROR TURN 99,99: the point is off the 15x15 board");
  EXPECT_EQ(lines[5], "ERROR unsupported size 0x0 (5 to 26 per side)");
  EXPECT_EQ(lines[6], "OK");  // a failed START leaves no board: a new one
  EXPECT_EQ(lines[7],
            "ERROR BOARD has 1 own and 0 opponent stones: not a position with this "
            "brain to move");
  EXPECT_EQ(lines[8], "ERROR TAKEBACK 1,1: there is no stone on that point");
  EXPECT_EQ(lines[9], "OK");
  EXPECT_EQ(lines[10], "11,7") << "the opponent's four 7..10 on row 7 (6,7 taken): block 11,7";
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
  // A finished match, an interrupted one's games and existing records are never written over,
  // and a refusal leaves no file behind.
  const std::string again = "gomoku match --black 2 --white 1 --games 1 --size 9 --no-openings ";
  auto refused = run_cli(again + "--out " + out);
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("exists (a finished match)"), std::string::npos) << refused.err;
  EXPECT_EQ(count_lines(slurp(out)), 5);
  const std::string other = temp_path("match2.csv");
  fs::remove(other);
  { std::ofstream(other + ".part") << "game\n"; }
  refused = run_cli(again + "--out " + other);
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("interrupted match"), std::string::npos) << refused.err;
  EXPECT_EQ(slurp(other + ".part"), "game\n");
  fs::remove(other + ".part");
  refused = run_cli(again + "--records " + recs + " --out " + other);
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_EQ(count_lines(refused.err), 1) << refused.err;
  EXPECT_FALSE(fs::exists(other + ".part"));
  EXPECT_FALSE(fs::exists(other));
  fs::remove(out);
  fs::remove_all(recs);
}

// ---- matches against pbrain engines run as child processes ------------------------------------

namespace {

/// The rows of a CSV file as fields (quoted fields with "" inside, no line breaks in fields).
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        f.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        f.emplace_back();
      } else {
        f.back() += c;
      }
    }
    rows.push_back(f);
  }
  return rows;
}

/// The field `name` of every data row.
std::vector<std::string> column(const std::vector<std::vector<std::string>>& rows,
                                const std::string& name) {
  std::vector<std::string> out;
  const auto& h = rows.at(0);
  const std::size_t k = std::find(h.begin(), h.end(), name) - h.begin();
  for (std::size_t i = 1; i < rows.size(); ++i) out.push_back(k < rows[i].size() ? rows[i][k] : "");
  return out;
}

std::string write_script(const std::string& path, const std::string& text) {
  { std::ofstream(path) << text; }
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

}  // namespace

TEST(GomokuCli, MatchBetweenOurEnginesOverPipesReplaysTheLevelsGames) {
  // Level 2 is deterministic: run as two pbrain child processes it must play exactly the games
  // it plays inside the match process, move for move.
  const std::string dir = temp_path("pipes");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string engine = std::string(SEARCHBENCH_CLI) + " gomoku pbrain --level 2";
  const auto piped = run_cli("gomoku match --black-engine \"" + engine + "\" --white-engine \"" +
                             engine + "\" --games 2 --size 9 --no-openings --records " + dir +
                             "/piped --log " + dir + "/log --out " + dir + "/piped.csv");
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  const auto local = run_cli(
      "gomoku match --black 2 --white 2 --games 2 --size 9 --no-openings "
      "--records " +
      dir + "/local --out " + dir + "/local.csv");
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const auto rows = csv_rows(slurp(dir + "/piped.csv"));
  ASSERT_EQ(rows.size(), 3u);
  for (const auto& reason : column(rows, "reason"))
    EXPECT_TRUE(reason == "five" || reason == "full board") << reason;
  for (const auto& p : column(rows, "black_player"))
    EXPECT_EQ(p, "searchbench gomoku pbrain --level 2");
  for (const auto& d : column(rows, "detail")) EXPECT_EQ(d, "");
  EXPECT_EQ(column(rows, "result"), column(csv_rows(slurp(dir + "/local.csv")), "result"));
  for (const char* game : {"/game0001.psq", "/game0002.psq"}) {
    const sb::gomoku::Record a = sb::gomoku::read_psq(dir + "/piped" + game);
    const sb::gomoku::Record b = sb::gomoku::read_psq(dir + "/local" + game);
    ASSERT_EQ(a.moves.size(), b.moves.size()) << game;
    for (std::size_t i = 0; i < a.moves.size(); ++i) EXPECT_EQ(a.moves[i].cell, b.moves[i].cell);
    EXPECT_EQ(a.result, b.result);
    EXPECT_EQ(a.end_code, 0);
    EXPECT_EQ(a.black, "searchbench gomoku pbrain --level 2");
  }
  // the protocol as the judge speaks it: START, the INFO lines, BEGIN, then BOARD for the other
  // engine's first move, TURN afterwards, END
  const std::string log = slurp(dir + "/log");
  for (const char* line :
       {"black searchbench gomoku pbrain --level 2 > START 9\n", "> INFO timeout_turn 1000\n",
        "> INFO timeout_match 0\n", "> INFO rule 0\n", "> INFO game_type 1\n",
        "> INFO time_left 2147483647\n",
        "game 1 black searchbench gomoku "
        "pbrain --level 2 > BEGIN\n",
        "game 1 white searchbench gomoku pbrain --level 2 > BOARD\n", "> DONE\n", "> TURN ",
        "> END\n", "< DEBUG "})
    EXPECT_NE(log.find(line), std::string::npos) << line;
  fs::remove_all(dir);
}

TEST(GomokuCli, MatchStopsTheEngineNotOnMove) {
  if (!fs::exists("/usr/bin/python3") || !fs::exists("/proc/self/stat"))
    GTEST_SKIP() << "needs /usr/bin/python3 and /proc";
  // Two small engines that play the first empty point; on each move each one reads the state of
  // the other's process from /proc (T: stopped) and writes some lines the judge must pass over.
  const std::string dir = temp_path("stopped");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string engine = write_script(dir + "/first-empty.py", R"py(#!/usr/bin/python3
import os, sys
me, other, folder = sys.argv[1], sys.argv[2], sys.argv[3]
size, stones = 0, set()
def answer():
    try:
        pid = open(os.path.join(folder, other + ".pid")).read()
        state = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()[0]
    except OSError:
        state = "gone"
    with open(os.path.join(folder, me + ".states"), "a") as f:
        f.write(state + "\n")
    for kind in ("MESSAGE", "DEBUG", "UNKNOWN", "ERROR"):
        print(kind + " a line the judge passes over")
    for y in range(size):
        for x in range(size):
            if (x, y) not in stones:
                stones.add((x, y))
                print("%d,%d" % (x, y), flush=True)
                return
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0].upper()
    if cmd == "START":
        size = int(words[1])
        with open(os.path.join(folder, me + ".pid"), "w") as f:
            f.write(str(os.getpid()))
        print("OK", flush=True)
    elif cmd == "TURN":
        stones.add(tuple(int(v) for v in words[1].split(",")))
        answer()
    elif cmd in ("BEGIN", "DONE"):
        answer()
    elif cmd.count(",") == 2:
        stones.add(tuple(int(v) for v in cmd.split(",")[:2]))
    elif cmd == "END":
        break
)py");
  const std::string out = dir + "/m.csv";
  const auto r = run_cli(
      "gomoku match --black-engine \"" + engine + " a b " + dir + "\" --white-engine \"" + engine +
      " b a " + dir + "\" --games 2 --size 9 --no-openings --records " + dir + "/rec --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = csv_rows(slurp(out));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(column(rows, "reason"), (std::vector<std::string>{"five", "five"}));
  for (const char* me : {"/a.states", "/b.states"}) {
    const std::string states = slurp(dir + me);
    EXPECT_GE(count_lines(states), 10) << me;
    EXPECT_EQ(states.find_first_not_of("T\n"), std::string::npos)
        << me << ": the other engine was running: " << states;
  }
  EXPECT_EQ(sb::gomoku::read_psq(dir + "/rec/game0002.psq").end_code, 0);
  fs::remove_all(dir);
}

TEST(GomokuCli, AnEngineThatMisbehavesLosesThatGameAndTheMatchGoesOn) {
  const std::string dir = temp_path("misbehave");
  fs::remove_all(dir);
  fs::create_directories(dir);
  // engines in sh: each answers START with OK and every move request (BEGIN, TURN, DONE ending
  // BOARD) with `reply`; END ends them
  auto engine = [&](const std::string& name, const std::string& start, const std::string& reply) {
    return write_script(dir + "/" + name,
                        "#!/bin/sh\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n"
                        "    START) " +
                            start +
                            " ;;\n"
                            "    BEGIN|TURN|DONE) " +
                            reply +
                            " ;;\n"
                            "    END) exit 0 ;;\n  esac\ndone\n");
  };
  struct Case {
    std::string engine, reason, detail;
  };
  const std::vector<Case> cases = {
      {engine("occupied", "echo OK", "echo 4,4"), "illegal move", "answered '4,4': point "},
      {engine("off-board", "echo OK", "echo 9,0"), "illegal move", "off the 9x9 board"},
      {engine("unreadable", "echo OK", "echo ERROR no idea; echo my move"), "illegal move",
       "answered 'my move' (not a move x,y)"},
      {engine("late", "echo OK", "sleep 3; echo 0,0"), "timeout",
       "no move within 0.400 s (0.300 s + tolerance 0.100 s)"},
      {engine("exits", "echo OK", "exit 3"), "crash", "exited with status 3"},
      {engine("refuses", "echo ERROR no such board", "echo 0,0"), "start failed",
       "answered START with 'ERROR no such board'"},
  };
  for (const Case& c : cases) {
    const std::string out = dir + "/" + fs::path(c.engine).filename().string() + ".csv";
    const auto t0 = std::chrono::steady_clock::now();
    const auto r =
        run_cli("gomoku match --black 2 --white-engine " + c.engine +
                " --games 2 --size 9 --no-openings --time-per-move 0.3 --tolerance "
                "0.1 --records " +
                dir + "/rec-" + fs::path(c.engine).filename().string() + " --out " + out);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_EQ(r.exit_code, 0) << c.engine << ": " << r.err;
    EXPECT_LT(seconds, 2.5) << c.engine << ": a late engine is not waited for";
    EXPECT_NE(r.out.find("level 2 vs " + fs::path(c.engine).filename().string() +
                         ": +2 =0 -0 in 2 games"),
              std::string::npos)
        << r.out;
    const auto rows = csv_rows(slurp(out));
    ASSERT_EQ(rows.size(), 3u) << c.engine;
    EXPECT_EQ(column(rows, "result"), (std::vector<std::string>{"1-0", "0-1"})) << c.engine;
    for (const auto& reason : column(rows, "reason")) EXPECT_EQ(reason, c.reason) << c.engine;
    for (const auto& d : column(rows, "detail"))
      EXPECT_NE(d.find(c.detail), std::string::npos) << c.engine << ": " << d;
    const sb::gomoku::Record rec = sb::gomoku::read_psq(
        dir + "/rec-" + fs::path(c.engine).filename().string() + "/game0002.psq");
    EXPECT_EQ(rec.result, "white wins");
    EXPECT_EQ(rec.reason, c.reason);
  }
  fs::remove_all(dir);
}

TEST(GomokuCli, BadInputExitsTwoWithOneLine) {
  const std::string rec = temp_path("exists.psq");
  { std::ofstream(rec) << "keep me\n"; }
  const std::string dir = temp_path("out-is-a-directory");
  fs::create_directories(dir);
  const std::vector<std::string> bad = {
      "gomoku play --rule renju",
      "gomoku play --size 4",
      "gomoku play --size 27",
      "gomoku play --rows 9",
      "gomoku play --level 0",
      "gomoku play --level 5",
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
      "gomoku match --black 1 --white-engine /nonexistent/pbrain-x --out x.csv",
      "gomoku match --black 1 --white-engine no-such-pbrain-engine-in-path --out x.csv",
      "gomoku match --black 1 --white-engine \"'unclosed\" --out x.csv",
      "gomoku match --black 1 --black-engine /bin/true --white 1 --out x.csv",
      "gomoku match --white 1 --out x.csv",
      "gomoku match --black 1 --white 1 --tolerance -1 --out x.csv",
      "gomoku match --black 1 --white 1 --time-per-game 0 --out x.csv",
      // a log with no engine to record; a log that cannot be written
      "gomoku match --black 1 --white 1 --log " + temp_path("m.log") + " --out " +
          temp_path("log.csv"),
      "gomoku match --black 1 --white-engine /bin/true --log /nonexistent/dir/m.log --out " +
          temp_path("log.csv"),
      "gomoku match --black 1 --white-engine /bin/true --log " + rec + " --out " +
          temp_path("log.csv"),  // an existing file (the record kept below)
      "gomoku match --black 1 --white-engine /bin/true --log " + temp_path("same.csv") + " --out " +
          temp_path("same.csv"),
      "gomoku match --black 1 --white-engine /bin/true --log " + dir + " --out " +
          temp_path("log.csv"),  // a folder
      // an output that cannot take the result is refused before any game or opening is made
      "gomoku match --black 1 --white 1 --games 1 --out \"\"",
      "gomoku match --black 1 --white 1 --games 1 --out " + dir,
      "gomoku openings --count 1 --out \"\"",
      "gomoku openings --count 1 --out " + dir,
      "gomoku openings --count 1 --out /nonexistent/dir/o.txt",
      "gomoku solve -i vcf01/d100",
      // the committed openings are made for 15x15: a 9x9 match needs others or none
      "gomoku match --black 1 --white 1 --size 9 --out x.csv",
  };
  for (const auto& args : bad) {
    const auto r = run_cli(args, "h8\n");
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("searchbench: error: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_EQ(slurp(rec), "keep me\n") << "an existing record is never overwritten";
  EXPECT_FALSE(fs::exists(temp_path("log.csv.part"))) << "nothing partial is left behind";
  EXPECT_FALSE(fs::exists(".part")) << "nothing partial is left behind";
  EXPECT_FALSE(fs::exists(dir + ".part")) << "nothing partial is left behind";
  EXPECT_TRUE(fs::is_empty(dir));
  const auto small = run_cli("gomoku match --black 1 --white 1 --size 9 --out x.csv");
  EXPECT_NE(small.err.find("--no-openings"), std::string::npos) << small.err;
  const auto deep = run_cli("gomoku solve -i vcf01/d100");
  EXPECT_NE(deep.err.find("depth 100 is outside 1.."), std::string::npos) << deep.err;
  fs::remove(rec);
  fs::remove_all(dir);
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
