// Tests of the benchmark harness: the plan and schema (src/bench.hpp) directly, and
// `searchbench bench` end to end through the CLI binary (SEARCHBENCH_CLI).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "bench.hpp"
#include "registry.hpp"

namespace fs = std::filesystem;

namespace {

struct Run {
  int code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A fresh directory for one test, removed at the end.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            ("sb_test_bench_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// Runs `searchbench bench ARGS` (with optional environment assignments in front).
Run bench(const TempDir& dir, const std::string& args, const std::string& env = "") {
  const auto out = dir.path() / "stdout.txt";
  const auto err = dir.path() / "stderr.txt";
  const std::string cmd = env + (env.empty() ? "" : " ") + "'" + SEARCHBENCH_CLI + "' bench " +
                          args + " >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  fs::remove(out);
  fs::remove(err);
  return r;
}

/// RFC 4180 records (quoted fields may hold commas and quotes).
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    any = true;
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
    } else if (c == '\n') {
      row.push_back(field);
      field.clear();
      rows.push_back(row);
      row.clear();
      any = false;
    } else {
      field += c;
    }
  }
  if (any) {
    row.push_back(field);
    rows.push_back(row);
  }
  return rows;
}

const std::string kHeader =
    "problem,kernel,backend,n,threads,rep,wall_s,nodes,nodes_per_s,verified,total,unique,rows,"
    "cols,winner,winning_first_moves,positions,git_sha,host,cpu_model,compiler,flags,"
    "timestamp_utc";

int col(const std::string& name) {
  const auto& c = sb::bench::csv_columns();
  return static_cast<int>(std::find(c.begin(), c.end(), name) - c.begin());
}

}  // namespace

// ---- the library -------------------------------------------------------------------------------

TEST(BenchLib, HeaderIsTheDocumentedSchema) {
  std::string joined;
  for (const auto& c : sb::bench::csv_columns()) joined += (joined.empty() ? "" : ",") + c;
  EXPECT_EQ(joined, kHeader);
}

TEST(BenchLib, ParseRange) {
  using sb::bench::parse_range;
  EXPECT_EQ(parse_range("4..12").lo, 4);
  EXPECT_EQ(parse_range("4..12").hi, 12);
  EXPECT_EQ(parse_range("7").lo, 7);
  EXPECT_EQ(parse_range("7").hi, 7);
  EXPECT_EQ(parse_range(" 5..5 ").hi, 5);
  for (const char* bad : {"", " ", "12..4", "a..b", "4..", "..4", "0..3", "4-8", "3.5", "4..2000"})
    EXPECT_THROW(parse_range(bad), std::invalid_argument) << "'" << bad << "'";
}

TEST(BenchLib, ParseThreads) {
  using sb::bench::parse_threads;
  EXPECT_EQ(parse_threads("4,1,2,2"), (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(parse_threads("3"), (std::vector<int>{3}));
  for (const char* bad : {"", "0", "-1", "1,,2", "1,x", "two", "99999"})
    EXPECT_THROW(parse_threads(bad), std::invalid_argument) << "'" << bad << "'";
}

TEST(BenchLib, NaivePlacementsAtEight) {
  EXPECT_DOUBLE_EQ(sb::bench::naive_placements(8), 4426165368.0);
  EXPECT_DOUBLE_EQ(sb::bench::naive_placements(1), 1.0);
}

TEST(BenchLib, PlanSerialKernelsRunAtOneThreadAndSkipsAreListed) {
  sb::bench::Request req;
  req.suite = sb::bench::find_suite("quick");
  req.kernels = {"bitboard", "naive-bitparallel"};
  req.n = sb::bench::Range{8, 10};
  req.threads = {1, 2};
  const auto plan = sb::bench::make_plan(req);
  // Ladder order: naive-bitparallel first; its n = 9 above the quick cap, n = 10 out of range.
  ASSERT_FALSE(plan.cells.empty());
  EXPECT_EQ(plan.cells.front().kernel->name, "naive-bitparallel");
  int bitboard_cells = 0;
  for (const auto& c : plan.cells) {
    if (c.kernel->name == "bitboard") {
      ++bitboard_cells;
      EXPECT_EQ(c.threads, 1);
    }
    if (c.kernel->name == "naive-bitparallel") {
      EXPECT_EQ(c.n, 8);
    }
  }
  EXPECT_EQ(bitboard_cells, 3);
  bool cap = false, range = false;
  for (const auto& s : plan.skipped) {
    if (s.cell.n == 9) cap = cap || s.reason.find("cap") != std::string::npos;
    if (s.cell.n == 10) range = range || s.reason.find("range") != std::string::npos;
  }
  EXPECT_TRUE(cap);
  EXPECT_TRUE(range);

  req.budget_s = 0;  // no limit: the cap no longer applies, the kernel's range still does
  const auto unlimited = sb::bench::make_plan(req);
  int naive9 = 0;
  for (const auto& c : unlimited.cells) naive9 += c.kernel->name == "naive-bitparallel" && c.n == 9;
  EXPECT_EQ(naive9, 2);

  req.kernels = {"no-such-kernel"};
  EXPECT_THROW(sb::bench::make_plan(req), std::invalid_argument);
}

TEST(BenchLib, CostModelScalesNaiveByPlacements) {
  const auto* naive = sb::find_kernel(sb::Problem::kNQueens, "naive-seed");
  const auto* rows = sb::find_kernel(sb::Problem::kNQueens, "backtrack-rows");
  ASSERT_NE(naive, nullptr);
  ASSERT_NE(rows, nullptr);
  sb::bench::CostModel m;
  EXPECT_FALSE(m.estimate({naive, 8, 1}).has_value());
  m.record({naive, 7, 1}, 0.1);
  const double ratio = sb::bench::naive_placements(8) / sb::bench::naive_placements(7);
  EXPECT_NEAR(*m.estimate({naive, 8, 1}), 0.1 * ratio, 1e-9);
  EXPECT_FALSE(m.estimate({naive, 8, 2}).has_value());               // other thread count: unknown
  EXPECT_NEAR(*m.rough_estimate({naive, 8, 2}), 0.1 * ratio, 1e-9);  // ... except for progress
  m.record({rows, 10, 1}, 0.01);
  m.record({rows, 11, 1}, 0.1);  // growth 10 per n
  EXPECT_NEAR(*m.estimate({rows, 13, 1}), 10.0, 1e-9);
  const auto* bitparallel = sb::find_kernel(sb::Problem::kNQueens, "naive-bitparallel");
  ASSERT_NE(bitparallel, nullptr);
  m.record({bitparallel, 7, 1}, 0.01);
  EXPECT_NEAR(*m.estimate({bitparallel, 8, 1}), 0.01 * ratio, 1e-9);
}

TEST(BenchLib, QueensGameVerificationUsesTheMirrorProofOnly) {
  sb::queens_game::Result r;
  r.first_player_wins = true;
  EXPECT_EQ(sb::bench::verify_queens_game(5, r, false, false), "pass");
  EXPECT_EQ(sb::bench::verify_queens_game(4, r, false, false), "na");
  EXPECT_EQ(sb::bench::verify_queens_game(5, r, false, true), "na");
  r.winning_first_moves = {0};
  EXPECT_EQ(sb::bench::verify_queens_game(5, r, true, false), "fail");  // centre 12 missing
  r.winning_first_moves = {0, 12};
  EXPECT_EQ(sb::bench::verify_queens_game(5, r, true, false), "pass");
  r.first_player_wins = false;
  EXPECT_EQ(sb::bench::verify_queens_game(3, r, false, false), "fail");
}

// ---- the command -------------------------------------------------------------------------------

TEST(BenchCli, TinyRunWritesTidyCsvAndEnvJson) {
  TempDir dir;
  const auto csv = dir.path() / "tiny.csv";
  const auto r = bench(dir, "--kernels bitboard --n 4..6 --threads 1 --reps 2 --warmup 1 --out '" +
                                csv.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << "the CSV goes only to the file: " << r.out;
  EXPECT_NE(r.err.find("[3/3]"), std::string::npos) << r.err;  // progress on stderr

  const auto rows = parse_csv(slurp(csv));
  ASSERT_EQ(rows.size(), 1u + 3 * 2);  // header + 3 cells x 2 reps (warm-ups not written)
  std::string header;
  for (const auto& f : rows[0]) header += (header.empty() ? "" : ",") + f;
  EXPECT_EQ(header, kHeader);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    ASSERT_EQ(row.size(), rows[0].size()) << "row " << i;
    EXPECT_EQ(row[col("problem")], "nqueens");
    EXPECT_EQ(row[col("kernel")], "bitboard");
    EXPECT_EQ(row[col("backend")], "serial");
    const int n = std::stoi(row[col("n")]);
    EXPECT_EQ(n, 4 + static_cast<int>(i - 1) / 2);
    EXPECT_EQ(row[col("threads")], "1");
    EXPECT_EQ(row[col("rep")], std::to_string(1 + (i - 1) % 2));
    EXPECT_GT(std::stod(row[col("wall_s")]), 0.0);
    EXPECT_GT(std::stoull(row[col("nodes")]), 0u);
    EXPECT_GT(std::stod(row[col("nodes_per_s")]), 0.0);
    EXPECT_EQ(row[col("verified")], "pass");
    EXPECT_EQ(row[col("total")], n == 4 ? "2" : n == 5 ? "10" : "4");
    EXPECT_EQ(row[col("unique")], n == 4 ? "1" : n == 5 ? "2" : "1");
    EXPECT_EQ(row[col("winner")], "");
    EXPECT_FALSE(row[col("git_sha")].empty());
    EXPECT_FALSE(row[col("host")].empty());
    EXPECT_FALSE(row[col("compiler")].empty());
    EXPECT_EQ(row[col("timestamp_utc")].size(), 20u);  // 2026-01-01T00:00:00Z
  }

  const auto env_path = dir.path() / "env.json";
  ASSERT_TRUE(fs::exists(env_path));
  const auto env = nlohmann::json::parse(slurp(env_path));
  for (const char* key : {"tbb_version", "openmp_version", "compiler", "hardware_threads",
                          "build_type", "flags", "git_sha", "host", "cpu_model", "os", "command"})
    EXPECT_TRUE(env.contains(key)) << key;
  EXPECT_EQ(env["rows"], 6);
  EXPECT_NE(env["command"].get<std::string>().find("--kernels bitboard"), std::string::npos);
  // No temporary files left behind.
  for (const auto& e : fs::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().string().find(".tmp."), std::string::npos) << e.path();
}

TEST(BenchCli, UnwritableOutIsAClearErrorAndLeavesNoFile) {
  TempDir dir;
  auto r = bench(dir, "--kernels bitboard --n 4 --out /nonexistent/dir/x.csv");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot write '/nonexistent/dir/x.csv'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists("/nonexistent/dir/x.csv"));

  // The parent is a regular file: also fails before any work, and leaves nothing.
  std::ofstream(dir.path() / "file") << "x";
  const auto bad = dir.path() / "file" / "x.csv";
  r = bench(dir, "--kernels bitboard --n 4..6 --out '" + bad.string() + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("[1/"), std::string::npos) << "no cell may run: " << r.err;
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    ++entries;
    EXPECT_EQ(e.path().filename(), "file");
  }
  EXPECT_EQ(entries, 1);

  // The CSV is writable but env.json is not: no CSV either.
  const auto csv = dir.path() / "ok.csv";
  r = bench(dir,
            "--kernels bitboard --n 4 --env /nonexistent/env.json --out '" + csv.string() + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_FALSE(fs::exists(csv));
}

TEST(BenchCli, BadUsageExitsTwo) {
  TempDir dir;
  const std::string out = " --out '" + (dir.path() / "x.csv").string() + "'";
  for (const std::string args :
       {"--kernels bitboard --n 6..4", "--kernels bitboard --n ''", "--kernels bitboard --n x",
        "--kernels bitboard --n 4.. ", "--kernels no-such-kernel --n 4",
        "--kernels bitboard --n 4 --threads 0", "--kernels bitboard --n 4 --threads 1,x",
        "--kernels bitboard --n 4 --threads ''", "--kernels bitboard --n 4 --reps 0",
        "--kernels plain --problem nqueens --n 4", "--suite huge --n 4", "--kernels ''"}) {
    const auto r = bench(dir, args + out);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("error"), std::string::npos) << args << "\n" << r.err;
    EXPECT_FALSE(fs::exists(dir.path() / "x.csv")) << args;
  }
  const auto r = bench(dir, "--kernels bitboard --n 4");  // no --out
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
}

TEST(BenchCli, VerificationFailureGivesNonZeroExitAndIsStillWritten) {
  TempDir dir;
  const auto csv = dir.path() / "fail.csv";
  const auto r =
      bench(dir, "--kernels bitboard --n 5..6 --reps 1 --warmup 0 --out '" + csv.string() + "'",
            "SEARCHBENCH_TEST_FORCE_VERIFY_FAIL=1");
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("verification failure"), std::string::npos) << r.err;
  const auto rows = parse_csv(slurp(csv));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1][col("verified")], "fail");
  EXPECT_EQ(rows[2][col("verified")], "fail");
}

TEST(BenchCli, SkippedCellsAreReportedNeverDroppedSilently) {
  TempDir dir;
  const auto csv = dir.path() / "skip.csv";
  // Every cell skipped (n = 16 above the quick suite's cap for backtrack-squares, n = 17 out of
  // its range): each skip reported, exit 2, no file left.
  auto r = bench(dir, "--kernels backtrack-squares --n 16..17 --out '" + csv.string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("skip backtrack-squares n=16 threads=1: above the quick suite's cap"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("skip backtrack-squares n=17 threads=1: out of the kernel's range"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(csv));
  // Some cells skipped: the others run, the skipped one is reported and has no row.
  r = bench(dir, "--kernels backtrack-squares --n 7..11 --reps 1 --warmup 0 --out '" +
                     csv.string() + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("skip backtrack-squares n=11 threads=1: above the quick suite's cap"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(parse_csv(slurp(csv)).size(), 5u);  // the header and n = 7, 8, 9, 10

  // The budget: a cell whose estimate (from the smaller n) exceeds it is skipped, with a line.
  r = bench(dir, "--kernels backtrack-rows --n 4..13 --reps 1 --warmup 0 --budget 0.001 --out '" +
                     csv.string() + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("backtrack-rows n=13 threads=1: skip: estimated"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("budget"), std::string::npos) << r.err;
  const auto env = nlohmann::json::parse(slurp(dir.path() / "env.json"));
  EXPECT_FALSE(env["skipped"].empty());
}

TEST(BenchCli, DryRunListsThePlanAndRunsNothing) {
  TempDir dir;
  const auto r = bench(dir, "--suite quick --dry-run");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("run  naive-bitparallel n=8 threads=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("run  naive-seed n=7 threads=1"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("naive-seed n=8"), std::string::npos) << r.out;  // estimated, not run
  EXPECT_NE(r.out.find("run  bitboard-sym-tbb n=16 threads=2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("run  constellation-tbb n=17 threads=2"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("naive-bitparallel n=9"), std::string::npos) << r.out;
}

TEST(BenchCli, QueensGameRowsCarryTheGameValues) {
  TempDir dir;
  const auto csv = dir.path() / "game.csv";
  const auto r =
      bench(dir, "--kernels memo-sym --n 3..4 --reps 1 --warmup 0 --out '" + csv.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = parse_csv(slurp(csv));
  ASSERT_EQ(rows.size(), 3u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    const int n = std::stoi(row[col("n")]);
    EXPECT_EQ(row[col("problem")], "queens-game");
    EXPECT_EQ(row[col("rows")], std::to_string(n));
    EXPECT_EQ(row[col("cols")], std::to_string(n));
    EXPECT_TRUE(row[col("winner")] == "first" || row[col("winner")] == "second");
    EXPECT_FALSE(row[col("winning_first_moves")].empty());  // every first move classified
    EXPECT_FALSE(row[col("positions")].empty());
    EXPECT_EQ(row[col("total")], "");
    // 3 x 3: the first player wins by the centre-mirror proof; 4 x 4: no reference.
    EXPECT_EQ(row[col("verified")], n == 3 ? "pass" : "na");
  }
}
