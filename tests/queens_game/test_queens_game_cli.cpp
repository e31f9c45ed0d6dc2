// Tests of `searchbench queens-game`: solve output formats, bad input (exit 2), and `play` driven
// by moves piped from a file (illegal moves refused without ending the game, quit and end of
// input).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Run {
  int code;
  std::string out;
};

/// Runs the CLI with `args` (stdin from `input` when not empty), capturing stdout + stderr.
Run run(const std::string& args, const std::string& input = "") {
  std::string cmd = std::string(SEARCHBENCH_CLI) + " " + args;
  if (!input.empty()) {
    // One file per process and call: ctest runs the tests of this file in parallel processes.
    static int calls = 0;
    const std::string path = ::testing::TempDir() + "qg_moves_" + std::to_string(::getpid()) + "_" +
                             std::to_string(calls++) + ".txt";
    std::ofstream(path) << input;
    cmd += " < " + path + " 2>&1; rc=$?; rm -f " + path + "; exit $rc";
  } else {
    cmd += " < /dev/null 2>&1";
  }
  Run r{-1, ""};
  FILE* f = ::popen(cmd.c_str(), "r");
  if (f == nullptr) return r;
  std::array<char, 4096> buf;
  std::size_t got;
  while ((got = std::fread(buf.data(), 1, buf.size(), f)) > 0) r.out.append(buf.data(), got);
  const int st = ::pclose(f);
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

/// The fields of a CSV line without quoted commas (the queens-game columns have none).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::string f;
  std::istringstream in(line);
  while (std::getline(in, f, ',')) out.push_back(f);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

/// The value of column `name` in CSV output of a header and one row.
std::string column(const std::string& csv, const std::string& name) {
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  const auto names = fields(header), values = fields(row);
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    if (names[i] == name) return values[i];
  ADD_FAILURE() << "no column " << name << " in " << csv;
  return "";
}

/// Square s = r * n + c of an n x n board (n <= 26) as written in the output: file, rank.
std::string square(int s, int n) {
  return std::string(1, static_cast<char>('a' + s % n)) + std::to_string(s / n + 1);
}

int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(QueensGameCli, SolveText) {
  const auto r = run("queens-game solve -n 8 -k memo-sym --all-moves --grundy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("winner    = first player"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("winning first moves = "), std::string::npos);
  EXPECT_NE(r.out.find("grundy    = "), std::string::npos);
  EXPECT_GT(count(r.out, "W"), 0);
}

// A position after queens: --moves (names separated by spaces or commas), the player to move
// called "first"; the CSV's instance carries ':after=' and the checker verifies it; bad moves,
// --all-moves, a journal or a piece kernel with --moves are one line and exit 2.
TEST(QueensGameCli, SolveAPositionAfterMoves) {
  const auto t = run("queens-game solve -n 6 --moves \"c3 a2\" --grundy -k memo-sym");
  EXPECT_EQ(t.code, 0) << t.out;
  EXPECT_NE(t.out.find("6 x 6 board after c3 a2,"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("verified  = pass"), std::string::npos) << t.out;
  const auto j = run("queens-game solve -n 6 --moves c3,a2 --grundy -k memo -f json");
  EXPECT_EQ(j.code, 0) << j.out;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["instance"], "6x6:grundy:after=c3,a2");
  EXPECT_EQ(doc["verified"], "pass");
  // one queen: the empty board's move-grundy value of that square
  const auto e = run("queens-game solve -n 6 --move-grundy -k memo-sym -f csv");
  const auto one = run("queens-game solve -n 6 --moves d2 --grundy -k memo -f csv");
  EXPECT_NE(column(e.out, "move_grundy").find("d2:" + column(one.out, "grundy") + " "),
            std::string::npos)
      << e.out << one.out;
  for (const char* bad : {"--moves \"c3 c4\"", "--moves z1", "--moves ,", "--moves c3 --all-moves",
                          "--moves c3 --move-grundy", "--moves c3 --journal /nonexistent/j",
                          "--moves c3 -k memo-sym-pieces", "--moves c3 -k memo-sym-query-pieces"}) {
    const auto b = run(std::string("queens-game solve -n 6 ") + bad);
    EXPECT_EQ(b.code, 2) << bad << ": " << b.out;
    EXPECT_EQ(count(b.out, "\n"), 1) << bad << ": " << b.out;
  }
}

// Beyond z the files are aa, ab, ... (as the CSV names the squares): the board's labels write
// them in two rows, the first letter above the second.
TEST(QueensGameCli, BoardLabelsBeyondZ) {
  const auto r = run("queens-game solve --rows 1 --cols 28 --all-moves");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::string first = "    " + std::string(2 * 26, ' ') + " a a\n";
  std::string second = "    ";
  for (char c = 'a'; c <= 'z'; ++c) second += std::string(" ") + c;
  second += " a b\n";
  EXPECT_NE(r.out.find(first + second), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('?'), std::string::npos) << r.out;
}

TEST(QueensGameCli, SolveCsvColumns) {
  auto r = run("queens-game solve --rows 4 --cols 6 -k memo --format csv");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("problem,kernel,backend,instance,threads,ranks,rep,wall_s,nodes,", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find(",n,rows,cols,play,winner,winning_first_moves,grundy,positions,winning_"
                       "squares,move_grundy\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nqueens-game,memo,serial,4x6:value-only,1,1,1,"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(",,4,6,normal,second,,,"), std::string::npos) << r.out;
  r = run("queens-game solve -n 5 -k plain --all-moves --grundy --format csv");
  EXPECT_NE(r.out.find(",5,5,5,normal,first,5,3,"), std::string::npos) << r.out;
  r = run("queens-game solve -n 6 -k memo-sym --misere --format json");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("\"play\":\"misere\""), std::string::npos) << r.out;
}

/// Whether this build has `kernel` (memo-sym-tbb is not built without oneTBB).
bool built(const std::string& kernel) {
  return run("list").out.find(" " + kernel + " ") != std::string::npos;
}

TEST(QueensGameCli, MoveGrundyValues) {
  // 6 x 6: the 8 squares next to the corners on the edges leave a position of value 2, every
  // other first move one of value 0 (checked against the independent checker: verified).
  auto r = run("queens-game solve -n 6 -k memo-sym --move-grundy --grundy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("grundy value after each first move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  6  0 2 0 0 2 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified  = pass"), std::string::npos) << r.out;
  if (!built("memo-sym-tbb")) GTEST_SKIP() << "the rest needs memo-sym-tbb (built without oneTBB)";
  r = run("queens-game solve -n 6 -k memo-sym-tbb -t 2 --move-grundy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("  1  0 2 0 0 2 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified  = pass"), std::string::npos) << r.out;
}

// The winning first moves by name and the Grundy value after every first move, in the CSV and
// the JSON, as the bench CSV has them. 6 x 6 (see MoveGrundyValues): the 8 squares next to the
// corners on the edges have value 2, every other square 0, so those others are the winning moves.
TEST(QueensGameCli, WinningSquaresAndMoveGrundyColumns) {
  const auto next_to_corner = [](int s) {
    const int r = s / 6, c = s % 6;
    return ((r == 0 || r == 5) && (c == 1 || c == 4)) || ((c == 0 || c == 5) && (r == 1 || r == 4));
  };
  std::string wins, values;
  for (int s = 0; s < 36; ++s) {
    if (!values.empty()) values += ' ';
    values += square(s, 6);
    values += next_to_corner(s) ? ":2" : ":0";
    if (next_to_corner(s)) continue;
    if (!wins.empty()) wins += ' ';
    wins += square(s, 6);
  }
  auto r = run("queens-game solve -n 6 -k memo-sym --all-moves --move-grundy -f csv");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(column(r.out, "winning_first_moves"), "28") << r.out;
  EXPECT_EQ(column(r.out, "winning_squares"), wins) << r.out;
  EXPECT_EQ(column(r.out, "move_grundy"), values) << r.out;
  EXPECT_EQ(column(r.out, "verified"), "pass") << r.out;
  r = run("queens-game solve -n 6 -k memo --all-moves --move-grundy -f json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["winning_squares"], wins);
  EXPECT_EQ(j["move_grundy"], values);
  // Not asked for: empty in the CSV, null in the JSON.
  r = run("queens-game solve -n 6 -k memo -f csv");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(column(r.out, "winning_squares"), "") << r.out;
  EXPECT_EQ(column(r.out, "move_grundy"), "") << r.out;
  r = run("queens-game solve -n 6 -k memo -f json");
  ASSERT_EQ(r.code, 0) << r.out;
  j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["winning_squares"].is_null()) << r.out;
  EXPECT_TRUE(j["move_grundy"].is_null()) << r.out;
  // 5 x 5: the centre wins (Jenrich's mirror strategy on odd boards).
  r = run("queens-game solve -n 5 -k plain --all-moves -f csv");
  ASSERT_EQ(r.code, 0) << r.out;
  std::vector<std::string> named;
  std::istringstream words(column(r.out, "winning_squares"));
  for (std::string w; words >> w;) named.push_back(w);
  EXPECT_EQ(named.size(), 5u) << r.out;  // as many as counted (the 5 x 5 row of SolveCsvColumns)
  EXPECT_NE(std::find(named.begin(), named.end(), "c3"), named.end()) << r.out;
}

TEST(QueensGameCli, TinyMaxMemoryStillVerified) {
  // 128 KiB holds about 5,000 positions; 12 x 12 with every first move and the Grundy value
  // stores about 16,000 with room: replaced entries are recomputed, the answer stays exact.
  const std::string kernel = built("memo-sym-tbb") ? "memo-sym-tbb -t 2" : "memo-sym";
  const auto r =
      run("queens-game solve -n 12 -k " + kernel + " --all-moves --grundy --max-memory 128K");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("winner    = second player"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("grundy    = 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified  = pass"), std::string::npos) << r.out;
}

TEST(QueensGameCli, BadInputExits2) {
  for (const char* args : {"queens-game solve -n 0",
                           "queens-game solve -n 20",
                           "queens-game solve -n -3",
                           "queens-game solve --rows 2 --cols 200",
                           "queens-game solve -n 5 -k nosuch",
                           "queens-game solve -n 5 -t 0",
                           "queens-game solve -n 5 --grundy --misere",
                           "queens-game solve -n 5 --move-grundy --misere",
                           "queens-game solve",
                           "queens-game solve -n 5 --max-memory 12Q",
                           "queens-game solve -n 5 --max-memory 100",
                           "queens-game solve -n 5 --max-memory 1000000T",
                           "queens-game play -n 0",
                           "queens-game play -n 40",
                           "queens-game play --first nobody",
                           "queens-game solve -n 5 --max-memory 99999999999G",
                           "queens-game solve -n 5 --max-memory inf",
                           "queens-game solve -n 5 --max-memory ''",
                           "queens-game play -n 5 --max-memory ''",
                           "queens-game play -n 5 --max-memory 1000000T",
                           "queens-game solve -n 5 -t 100000",
                           "queens-game solve --rows 3",
                           "queens-game solve -n 0x5",
                           "queens-game solve -n 5 -k ''"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("error"), std::string::npos) << args << "\n" << r.out;
  }
}

TEST(QueensGameCli, PlayPipedRunsToTheEnd) {
  // Bad moves first (garbage, off the board, then an attacked square), then every square in
  // order: illegal ones are refused and the game goes on until nobody can move.
  std::string moves = "hello\nz9\nc04\n b 2\n a1 \nA2\n";
  for (int r = 1; r <= 5; ++r)
    for (char c = 'a'; c <= 'e'; ++c) moves += std::string(1, c) + std::to_string(r) + "\n";
  const auto r = run("queens-game play -n 5", moves);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("'hello' is not a square"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'c04' is not a square"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'z9' is not a square of the 5 x 5 board: a file a..e and a rank 1..5"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("'b 2' is not a square"), std::string::npos) << r.out;  // as typed
  EXPECT_NE(r.out.find("illegal move a2"), std::string::npos) << r.out;  // A2: upper case read
  EXPECT_NE(r.out.find("No free square left"), std::string::npos) << r.out;
  EXPECT_GE(count(r.out, "Computer plays"), 1);
  EXPECT_NE(r.out.find("     a b c d e"), std::string::npos) << r.out;
}

TEST(QueensGameCli, PlayOnLargeBoardsSaysTheComputerMayTakeLong) {
  // From 14 x 14 a note (stderr) says that the computer's moves may take long; not below.
  auto r = run("queens-game play -n 14", "q\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("searchbench queens-game play: the computer plays perfectly; on 14 x 14 "
                        "its first moves may take minutes to hours (Ctrl-C stops the game)\n",
                        0),
            0u)
      << r.out;
  r = run("queens-game play -n 13", "q\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("plays perfectly"), std::string::npos) << r.out;
}

TEST(QueensGameCli, PlayComputerFirstWinsEightByEight) {
  // The first player wins 8 x 8, so the computer moving first must win whatever is typed.
  std::string moves;
  for (int r = 1; r <= 8; ++r)
    for (char c = 'a'; c <= 'h'; ++c) moves += std::string(1, c) + std::to_string(r) + "\n";
  const auto r = run("queens-game play -n 8 --first computer", moves);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("you lose, the computer wins"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "it is lost with perfect play"), 0) << r.out;
}

TEST(QueensGameCli, PlayQuitAndEndOfInput) {
  auto r = run("queens-game play -n 6", "c3\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("You play c3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game abandoned"), std::string::npos);
  r = run("queens-game play -n 6", "b2\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("End of input"), std::string::npos) << r.out;
  r = run("queens-game play -n 4");
  EXPECT_EQ(r.code, 0) << r.out;
}
