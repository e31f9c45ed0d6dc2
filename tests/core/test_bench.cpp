// Tests of the benchmark harness: the plan and schema (src/bench.hpp) directly, and
// `searchbench bench` end to end through the CLI binary (SEARCHBENCH_CLI).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/bench.hpp"
#include "nqueens/nqueens.hpp"
#include "nqueens/problem.hpp"
#include "queens_game/problem.hpp"
#include "temp_dir.hpp"

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
class TempDir : public sb::test::TempDir {
 public:
  TempDir() : sb::test::TempDir("bench") {}
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

const std::string kCommon =
    "problem,kernel,backend,instance,threads,ranks,rep,wall_s,nodes,nodes_per_s,verified,git_sha,"
    "host,cpu_model,compiler,flags,timestamp_utc";
const std::string kHeader = kCommon + ",n,total,unique";  // nqueens
const std::string kGameHeader =
    kCommon +
    ",n,rows,cols,play,winner,winning_first_moves,grundy,positions,winning_squares,move_grundy";

/// Column index by name in a parsed CSV's header row.
int col(const std::vector<std::vector<std::string>>& rows, const std::string& name) {
  const auto& h = rows.at(0);
  const auto it = std::find(h.begin(), h.end(), name);
  if (it == h.end()) throw std::runtime_error("no column " + name);
  return static_cast<int>(it - h.begin());
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& c : v) out += (out.empty() ? "" : ",") + c;
  return out;
}

const sb::Problem& nq() {
  return sb::nqueens::problem();
}

sb::bench::Cell cell(const sb::Problem& p, const char* kernel, const char* instance, int t) {
  return {&p, p.find_kernel(kernel), p.parse(instance), t};
}

}  // namespace

// ---- the library -------------------------------------------------------------------------------

TEST(BenchLib, HeaderIsTheDocumentedSchema) {
  EXPECT_EQ(joined(sb::bench::csv_columns(sb::nqueens::problem())), kHeader);
  EXPECT_EQ(joined(sb::bench::csv_columns(sb::queens_game::problem())), kGameHeader);
  // Every problem's file starts with the same common and provenance columns.
  for (const sb::Problem* p : sb::problems())
    EXPECT_EQ(joined(sb::bench::csv_columns(*p)).substr(0, kCommon.size()), kCommon) << p->name;
}

TEST(BenchLib, ParseRange) {
  using sb::bench::parse_range;
  EXPECT_EQ(parse_range("4..12").lo, 4);
  EXPECT_EQ(parse_range("4..12").hi, 12);
  EXPECT_EQ(parse_range("7").lo, 7);
  EXPECT_EQ(parse_range("7").hi, 7);
  EXPECT_EQ(parse_range(" 5..5 ").hi, 5);
  EXPECT_EQ(parse_range("010").lo, 10);  // decimal, as everywhere
  for (const char* bad :
       {"", " ", "12..4", "a..b", "4..", "..4", "0..3", "4-8", "3.5", "4..2000", "0x10", "+4"})
    EXPECT_THROW(parse_range(bad), std::invalid_argument) << "'" << bad << "'";
  // digits too many for a number: out of range, not unreadable
  for (const char* big : {"99999999999999999999", "4..99999999999999999999"}) {
    try {
      (void)parse_range(big);
      ADD_FAILURE() << big;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), std::string("--n: '") + big + "' is outside 1..1000");
    }
  }
}

TEST(BenchLib, ParseThreads) {
  using sb::bench::parse_threads;
  EXPECT_EQ(parse_threads("4,1,2,2"), (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(parse_threads("3"), (std::vector<int>{3}));
  EXPECT_EQ(parse_threads("08"), (std::vector<int>{8}));
  for (const char* bad : {"", "0", "-1", "1,,2", "1,x", "two", "99999", "0x2"})
    EXPECT_THROW(parse_threads(bad), std::invalid_argument) << "'" << bad << "'";
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
  ASSERT_EQ(plan.problems.size(), 1u);
  EXPECT_EQ(plan.problems[0]->name, "nqueens");
  int bitboard_cells = 0;
  for (const auto& c : plan.cells) {
    if (c.kernel->name == "bitboard") {
      ++bitboard_cells;
      EXPECT_EQ(c.threads, 1);
    }
    if (c.kernel->name == "naive-bitparallel") {
      EXPECT_EQ(c.instance.name, "8");
    }
  }
  EXPECT_EQ(bitboard_cells, 3);
  bool cap = false, range = false;
  for (const auto& s : plan.skipped) {
    if (s.cell.instance.name == "9") cap = cap || s.reason.find("cap") != std::string::npos;
    if (s.cell.instance.name == "10") range = range || s.reason.find("range") != std::string::npos;
  }
  EXPECT_TRUE(cap);
  EXPECT_TRUE(range);

  req.budget_s = 0;  // no limit: the cap no longer applies, the kernel's range still does
  const auto unlimited = sb::bench::make_plan(req);
  int naive9 = 0;
  for (const auto& c : unlimited.cells)
    naive9 += c.kernel->name == "naive-bitparallel" && c.instance.name == "9";
  EXPECT_EQ(naive9,
            nq().find_kernel("naive-bitparallel")->parallel() ? 2 : 1);  // serial without oneTBB

  req.kernels = {"no-such-kernel"};
  EXPECT_THROW(sb::bench::make_plan(req), std::invalid_argument);
}

TEST(BenchLib, PlanCoversEveryProblemAndTakesInstances) {
  sb::bench::Request req;
  req.suite = sb::bench::find_suite("quick");
  req.n = sb::bench::Range{4, 5};
  auto plan = sb::bench::make_plan(req);
  std::size_t with_n = 0;  // --n applies to the problems that define from_n (not tsume)
  for (const sb::Problem* p : sb::problems()) with_n += static_cast<bool>(p->from_n);
  EXPECT_EQ(plan.problems.size(), with_n);
  // the problems left out are named in a note
  ASSERT_EQ(plan.notes.size(), 1u);
  EXPECT_NE(plan.notes[0].find("tsume"), std::string::npos) << plan.notes[0];
  EXPECT_EQ(plan.notes[0].rfind("--n gives the sizes of nqueens, queens-game only: ", 0), 0u)
      << plan.notes[0];
  req.n.reset();
  plan = sb::bench::make_plan(req);
  EXPECT_EQ(plan.problems.size(), sb::problems().size());
  req.n.reset();
  req.instances = {"6x7", "5x5:misere"};
  plan = sb::bench::make_plan(req);
  ASSERT_EQ(plan.problems.size(), 1u);
  EXPECT_EQ(plan.problems[0]->name, "queens-game");
  EXPECT_EQ(plan.cells.front().instance.name, "6x7");
  req.instances = {"6x7", "6x7", "5x5:misere"};  // a repeat is one cell
  plan = sb::bench::make_plan(req);
  std::size_t six_by_seven = 0;
  for (const auto& c : plan.cells)
    six_by_seven += c.instance.name == "6x7" && c.kernel->name == "memo" && c.threads == 1;
  EXPECT_EQ(six_by_seven, 1u);
  req.instances = {"nonsense"};
  EXPECT_THROW(sb::bench::make_plan(req), std::invalid_argument);
  // A suite without instances of a problem asked for by name: said so, not an empty plan.
  sb::bench::Request lone;
  lone.suite = sb::bench::find_suite("long");
  lone.problems = {sb::find_problem("nqueens")};
  try {
    (void)sb::bench::make_plan(lone);
    ADD_FAILURE() << "an empty plan";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("the long suite has no nqueens instance (it covers ", 0),
              0u)
        << e.what();
  }
  // A kernel named whose range and cap leave it no instance of the suite: a note says so.
  lone.problems = {sb::find_problem("tsume")};
  lone.kernels = {"andor"};
  const auto none = sb::bench::make_plan(lone);
  EXPECT_TRUE(none.cells.empty());
  ASSERT_EQ(none.notes.size(), 1u);
  EXPECT_EQ(none.notes[0].rfind("the long suite has no tsume instance within andor's range", 0), 0u)
      << none.notes[0];
  req.instances = {"6"};
  req.n = sb::bench::Range{4, 5};
  EXPECT_THROW(sb::bench::make_plan(req), std::invalid_argument);  // --n and --instances
}

TEST(BenchLib, SizeAProblemCannotHoldIsSkippedNotAnError) {
  // --n 19..20: the queens game holds 19 x 19 (361 squares) but not 20 x 20 (400); its 20 x 20
  // cells are skipped with the board's reason, and N-queens' n = 20 is planned as usual.
  const sb::Problem* qg = nullptr;
  for (const sb::Problem* p : sb::problems())
    if (p->name == "queens-game") qg = p;
  ASSERT_NE(qg, nullptr);
  EXPECT_THROW(qg->parse("20x20"), std::invalid_argument);
  sb::bench::Request req;
  req.suite = sb::bench::find_suite("quick");
  req.n = sb::bench::Range{19, 20};
  req.budget_s = 0;  // no caps: every skip below is the board's
  req.threads = {1};
  const auto plan = sb::bench::make_plan(req);
  std::size_t qg19 = 0, qg20 = 0, nq20 = 0;
  for (const auto& c : plan.cells) {
    qg19 += c.problem == qg && c.instance.name == "19x19";
    EXPECT_FALSE(c.problem == qg && c.instance.name == "20x20");
    nq20 += c.problem->name == "nqueens" && c.instance.name == "20";
  }
  for (const auto& s : plan.skipped)
    if (s.cell.problem == qg) {
      ++qg20;
      EXPECT_EQ(s.cell.instance.name, "20x20");
      EXPECT_EQ(s.reason, "a 20 x 20 board has more than 368 squares, the supported maximum");
    }
  EXPECT_GT(qg19, 0u);
  EXPECT_EQ(qg20, qg19);  // every kernel that runs 19 x 19 skips 20 x 20
  EXPECT_GT(nq20, 0u);
}

TEST(BenchLib, FormerKernelNameIsPlannedUnderItsNewName) {
  sb::bench::Request req;
  req.suite = sb::bench::find_suite("quick");
  req.kernels = {"naive-seed"};  // naive-full-check's former name, still accepted
  req.n = sb::bench::Range{5, 6};
  req.threads = {1};
  const auto plan = sb::bench::make_plan(req);
  ASSERT_EQ(plan.cells.size(), 2u);
  for (const auto& c : plan.cells) EXPECT_EQ(c.kernel->name, "naive-full-check");
}

TEST(BenchLib, CostModelScalesNaiveByPlacements) {
  ASSERT_NE(nq().find_kernel("naive-full-check"), nullptr);
  ASSERT_NE(nq().find_kernel("backtrack-rows"), nullptr);
  sb::bench::CostModel m;
  EXPECT_FALSE(m.estimate(cell(nq(), "naive-full-check", "8", 1)).has_value());
  m.record(cell(nq(), "naive-full-check", "7", 1), 0.1);
  const double ratio = sb::nqueens::placements(8) / sb::nqueens::placements(7);
  EXPECT_NEAR(*m.estimate(cell(nq(), "naive-full-check", "8", 1)), 0.1 * ratio, 1e-9);
  // Another thread count: unknown, except for the progress line.
  EXPECT_FALSE(m.estimate(cell(nq(), "naive-full-check", "8", 2)).has_value());
  EXPECT_NEAR(*m.rough_estimate(cell(nq(), "naive-full-check", "8", 2)), 0.1 * ratio, 1e-9);
  m.record(cell(nq(), "backtrack-rows", "10", 1), 0.01);
  m.record(cell(nq(), "backtrack-rows", "11", 1), 0.1);  // growth 10 per n
  EXPECT_NEAR(*m.estimate(cell(nq(), "backtrack-rows", "13", 1)), 10.0, 1e-9);
  m.record(cell(nq(), "naive-bitparallel", "7", 1), 0.01);  // the same placements: C(n^2, n)
  EXPECT_NEAR(*m.estimate(cell(nq(), "naive-bitparallel", "8", 1)), 0.01 * ratio, 1e-9);
  // Without a work function, the progress line prefers the same size measured at another thread
  // count to an extrapolation across sizes; with one, the extrapolation at its own thread count.
  ASSERT_FALSE(nq().find_kernel("backtrack-rows")->work);
  m.record(cell(nq(), "backtrack-rows", "10", 2), 0.004);
  EXPECT_NEAR(*m.estimate(cell(nq(), "backtrack-rows", "11", 2)), 0.012, 1e-9);  // min_growth 3
  EXPECT_NEAR(*m.rough_estimate(cell(nq(), "backtrack-rows", "11", 2)), 0.1, 1e-9);
  m.record(cell(nq(), "naive-full-check", "7", 2), 0.06);
  EXPECT_NEAR(*m.rough_estimate(cell(nq(), "naive-full-check", "8", 2)), 0.06 * ratio, 1e-9);
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
    EXPECT_EQ(row[col(rows, "problem")], "nqueens");
    EXPECT_EQ(row[col(rows, "kernel")], "bitboard");
    EXPECT_EQ(row[col(rows, "backend")], "serial");
    const int n = std::stoi(row[col(rows, "n")]);
    EXPECT_EQ(n, 4 + static_cast<int>(i - 1) / 2);
    EXPECT_EQ(row[col(rows, "threads")], "1");
    EXPECT_EQ(row[col(rows, "ranks")], "1");
    EXPECT_EQ(row[col(rows, "rep")], std::to_string(1 + (i - 1) % 2));
    EXPECT_GT(std::stod(row[col(rows, "wall_s")]), 0.0);
    EXPECT_GT(std::stoull(row[col(rows, "nodes")]), 0u);
    EXPECT_GT(std::stod(row[col(rows, "nodes_per_s")]), 0.0);
    EXPECT_EQ(row[col(rows, "verified")], "pass");
    EXPECT_EQ(row[col(rows, "total")], n == 4 ? "2" : n == 5 ? "10" : "4");
    EXPECT_EQ(row[col(rows, "unique")], n == 4 ? "1" : n == 5 ? "2" : "1");
    EXPECT_EQ(row[col(rows, "instance")], std::to_string(n));
    EXPECT_FALSE(row[col(rows, "git_sha")].empty());
    EXPECT_FALSE(row[col(rows, "host")].empty());
    EXPECT_FALSE(row[col(rows, "compiler")].empty());
    EXPECT_EQ(row[col(rows, "timestamp_utc")].size(), 20u);  // 2026-01-01T00:00:00Z
  }

  const auto env_path = dir.path() / "env.json";
  ASSERT_TRUE(fs::exists(env_path));
  const auto env = nlohmann::json::parse(slurp(env_path));
  for (const char* key : {"tbb_version", "openmp_version", "compiler", "hardware_threads",
                          "build_type", "flags", "git_sha", "host", "cpu_model", "os", "command"})
    EXPECT_TRUE(env.contains(key)) << key;
  EXPECT_EQ(env["rows"], 6);
  EXPECT_NE(env["command"].get<std::string>().find("--kernels bitboard"), std::string::npos);
  EXPECT_EQ(env["csv"]["nqueens"], "tiny.csv");
  // No temporary or partial files left behind.
  for (const auto& e : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << e.path();
    EXPECT_EQ(e.path().string().find(".part"), std::string::npos) << e.path();
  }
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

  // --out and --env one file by two spellings: refused.
  r = bench(dir, "--kernels bitboard --n 4 --out '" + (dir.path() / "." / "same.csv").string() +
                     "' --env '" + (dir.path() / "same.csv").string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--env and --out name the same file"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "same.csv"));
  // --env on the CSV's .part, --out on the record: refused too.
  for (const std::string& args : {"--out '" + (dir.path() / "p.csv").string() + "' --env '" +
                                      (dir.path() / "p.csv.part").string() + "'",
                                  "--out '" + (dir.path() / "env.json.part").string() + "'"}) {
    r = bench(dir, "--kernels bitboard --n 4 " + args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find("--env and --out name the same file"), std::string::npos) << r.err;
  }

  // The CSV is writable but env.json is not: no CSV either.
  const auto csv = dir.path() / "ok.csv";
  r = bench(dir,
            "--kernels bitboard --n 4 --env /nonexistent/env.json --out '" + csv.string() + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot write '/nonexistent/env.json': "), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(csv));
}

TEST(BenchCli, AFifoIsNeverReplacedAndALinkIsWrittenThrough) {
  TempDir dir;
  // A rename onto a FIFO (or a device such as /dev/null) would replace it: refused, untouched.
  const auto fifo = dir.path() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  auto r = bench(dir, "--kernels bitboard --n 4 --reps 1 --warmup 0 --out '" + fifo.string() + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_FALSE(fs::exists(dir.path() / "env.json"));

  // A symbolic link to a CSV: the target gets the results, the link stays a link; a target
  // that is there already is a finished result, never written over.
  const auto target = dir.path() / "real.csv";
  const auto link = dir.path() / "link.csv";
  fs::create_symlink("real.csv", link);  // relative, and dangling until the run writes it
  std::ofstream(target) << "old\n";
  r = bench(dir, "--kernels bitboard --n 4 --reps 1 --warmup 0 --out '" + link.string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("exists, a finished run's results"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(target), "old\n");
  fs::remove(target);
  r = bench(dir, "--kernels bitboard --n 4 --reps 1 --warmup 0 --out '" + link.string() + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  std::ifstream in(target);
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first.rfind("problem,kernel,", 0), 0u) << first;
}

TEST(BenchCli, BadUsageExitsTwo) {
  TempDir dir;
  const std::string out = " --out '" + (dir.path() / "x.csv").string() + "'";
  for (const std::string args :
       {"--kernels bitboard --n 6..4", "--kernels bitboard --n ''", "--kernels bitboard --n x",
        "--kernels bitboard --n 4.. ", "--kernels no-such-kernel --n 4",
        "--kernels bitboard --n 4 --threads 0", "--kernels bitboard --n 4 --threads 1,x",
        "--kernels bitboard --n 4 --threads ''", "--kernels bitboard --n 4 --reps 0",
        "--kernels plain --problem nqueens --n 4", "--suite huge --n 4", "--kernels ''",
        // integers are decimal everywhere; floating-point options refuse NaN and infinity
        "--kernels bitboard --n 4 --reps 0x10", "--kernels bitboard --n 4 --warmup 1e2",
        "--kernels bitboard --n 4 --reps -1", "--kernels bitboard --n 4 --budget nan",
        "--kernels bitboard --n 4 --budget inf", "--kernels bitboard --n 4 --budget 0x1p3",
        "--kernels bitboard --n 4 --budget -1", "--problem chess --n 4",
        "--kernels bitboard --instances 5x5", "--kernels bitboard --n 4 --instances 5",
        // several problems need a directory, not one CSV file
        "--n 4 --kernels bitboard,memo"}) {
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
  EXPECT_EQ(rows[1][col(rows, "verified")], "fail");
  EXPECT_EQ(rows[2][col(rows, "verified")], "fail");
}

TEST(BenchCli, SkippedCellsAreReportedNeverDroppedSilently) {
  TempDir dir;
  const auto csv = dir.path() / "skip.csv";
  // Every cell skipped (n = 16 above the quick suite's cap for backtrack-squares, n = 17 out of
  // its range): one line naming the kernel's first skipped cell and its reason, exit 2, no file.
  auto r = bench(dir, "--kernels backtrack-squares --n 16..17 --out '" + csv.string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("nothing to run: every requested cell is skipped: "
                       "nqueens/backtrack-squares 16 threads=1: above the quick suite's cap"),
            std::string::npos)
      << r.err;
  // n = 17's reason is of another kind (the kernel's range, not the cap): said so.
  EXPECT_NE(r.err.find("(and 1 more cell of nqueens/backtrack-squares, for another reason)"),
            std::string::npos)
      << r.err;
  // Reasons of one kind (the board's size, in words that name it) are not told apart.
  r = bench(dir, "--problem queens-game --kernels plain --n 20..21 --out '" + csv.string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err,
            "searchbench: error: nothing to run: every requested cell is skipped: "
            "queens-game/plain 20x20 threads=1: a 20 x 20 board has more than 368 squares, the "
            "supported maximum (and 1 more cell of queens-game/plain)\n");
  // Each kernel once (the first four), then how many cells of the others.
  r = bench(dir,
            "--kernels naive-full-check,naive-bitparallel,backtrack-squares,bitboard,constellation "
            "--n 22..23 --out '" +
                csv.string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  for (const char* k :
       {"naive-full-check 22", "naive-bitparallel 22", "backtrack-squares 22", "bitboard 22"})
    EXPECT_NE(r.err.find(std::string("nqueens/") + k + " threads=1: "), std::string::npos) << k;
  EXPECT_NE(r.err.find("; and 2 cells of 1 other kernel (--dry-run lists them)"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(csv));
  // Some cells skipped: the others run, the skipped one is reported and has no row.
  r = bench(dir, "--kernels backtrack-squares --n 7..11 --reps 1 --warmup 0 --out '" +
                     csv.string() + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("skip nqueens/backtrack-squares 11 threads=1: above the quick suite's cap"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(parse_csv(slurp(csv)).size(), 5u);  // the header and n = 7, 8, 9, 10
  // The last cell's line says that nothing is left (the skipped n = 11 is not counted).
  EXPECT_NE(r.err.find("[4/4] nqueens/backtrack-squares 10 threads=1: median"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("elapsed, nothing left to run\n"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("0.0 us left"), std::string::npos) << r.err;
  // Above the full suite's cap too: the hint is the budget alone.
  r = bench(dir, "--problem queens-game --kernels memo-sym --instances 2x152 --suite full --out '" +
                     (dir.path() / "q.csv").string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("above the full suite's cap for memo-sym"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("use --budget SECONDS instead of the caps"), std::string::npos) << r.err;

  // The budget: a cell whose estimate (from the smaller n) exceeds it is skipped, with a line.
  fs::remove(csv);  // the run before is finished: its files are never written over
  fs::remove(dir.path() / "env.json");
  r = bench(dir, "--kernels backtrack-rows --n 4..13 --reps 1 --warmup 0 --budget 0.001 --out '" +
                     csv.string() + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("nqueens/backtrack-rows 13 threads=1: skip: estimated"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("exceeds the budget of 1.00 ms set by --budget"), std::string::npos)
      << r.err;
  const auto env = nlohmann::json::parse(slurp(dir.path() / "env.json"));
  EXPECT_FALSE(env["skipped"].empty());
}

TEST(BenchCli, DryRunListsThePlanAndRunsNothing) {
  TempDir dir;
  const auto r = bench(dir, "--suite quick --dry-run");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("run  nqueens/naive-bitparallel 8 threads=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("run  nqueens/naive-full-check 7 threads=1"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("naive-full-check 8 "), std::string::npos) << r.out;  // estimated, not run
#ifdef SEARCHBENCH_WITH_TBB
  EXPECT_NE(r.out.find("run  nqueens/bitboard-sym-tbb 16 threads=2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("run  nqueens/constellation-tbb 17 threads=2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("run  queens-game/memo-sym-tbb 11x11 threads=2"), std::string::npos)
      << r.out;
#endif
  EXPECT_EQ(r.out.find("naive-bitparallel 9"), std::string::npos) << r.out;
}

/// The "run" lines of a dry run's plan, in order.
std::vector<std::string> planned_runs(const std::string& out) {
  std::vector<std::string> runs;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("run  ", 0) == 0) runs.push_back(line.substr(5));
  return runs;
}

// An instance is given whole, never cut at its commas (a position lists its moves with them):
// --instances takes a list separated by ';' and may be repeated.
TEST(BenchCli, InstancesAreGivenWhole) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"--instances '15x15k5-standard:h8,i9,j10'",
       {"mnk/pns 15x15k5-standard:h8,i9,j10 threads=1"}},
      {"--instances '15x15k5-standard:h8,i9,j10; 4x4k3:b2,c3'",
       {"mnk/pns 15x15k5-standard:h8,i9,j10 threads=1", "mnk/pns 4x4k3:b2,c3 threads=1"}},
      {"--instances 3x3k3 --instances '4x4k3:b2,c3;5x4k4' --instances 15x15k5:h8,i9",
       {"mnk/pns 3x3k3 threads=1", "mnk/pns 4x4k3:b2,c3 threads=1", "mnk/pns 5x4k4 threads=1",
        "mnk/pns 15x15k5:h8,i9 threads=1"}},
  };
  for (const auto& [instances, expected] : cases) {
    TempDir dir;
    const auto r =
        bench(dir, "--problem mnk " + instances + " --kernels pns --dry-run --out x.csv");
    ASSERT_EQ(r.code, 0) << instances << ": " << r.err;
    EXPECT_EQ(planned_runs(r.out), expected) << instances << ": " << r.out;
  }
}

TEST(BenchCli, QueensGameRowsCarryTheGameValues) {
  TempDir dir;
  const auto csv = dir.path() / "game.csv";
  const auto r = bench(dir,
                       "--kernels memo-sym --instances '3x3;4x4;3x5:misere' --reps 1 --warmup 0 "
                       "--out '" +
                           csv.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = parse_csv(slurp(csv));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(joined(rows[0]), kGameHeader);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    EXPECT_EQ(row[col(rows, "problem")], "queens-game");
    EXPECT_TRUE(row[col(rows, "winner")] == "first" || row[col(rows, "winner")] == "second");
    EXPECT_FALSE(row[col(rows, "winning_first_moves")].empty());  // every first move classified
    EXPECT_FALSE(row[col(rows, "positions")].empty());
    // the winning squares by name, as many as counted; no Grundy values asked for
    const std::string squares = row[col(rows, "winning_squares")];
    const auto named = squares.empty() ? 0 : std::count(squares.begin(), squares.end(), ' ') + 1;
    EXPECT_EQ(std::to_string(named), row[col(rows, "winning_first_moves")]) << squares;
    EXPECT_EQ(row[col(rows, "move_grundy")], "");
    // Every board of at most 36 squares is checked by the independent checker, misere included.
    EXPECT_EQ(row[col(rows, "verified")], "pass") << row[col(rows, "instance")];
  }
  EXPECT_EQ(rows[1][col(rows, "instance")], "3x3");
  EXPECT_EQ(rows[1][col(rows, "n")], "3");
  // 3 x 3: the centre attacks every square and wins; a corner or an edge square leaves two free
  // squares that attack each other, so the reply wins.
  EXPECT_EQ(rows[1][col(rows, "winning_squares")], "b2");
  EXPECT_EQ(rows[3][col(rows, "instance")], "3x5:misere");
  EXPECT_EQ(rows[3][col(rows, "n")], "");
  EXPECT_EQ(rows[3][col(rows, "rows")], "3");
  EXPECT_EQ(rows[3][col(rows, "cols")], "5");
  EXPECT_EQ(rows[3][col(rows, "play")], "misere");
}

// What a game run answers is part of its instance: ":value-only" stops at the first winning move
// (queens game) or at the position's value (m,n,k), and leaves the per-move columns empty.
TEST(BenchCli, ValueOnlyInstancesOfTheGames) {
  TempDir dir;
  const auto out = dir.path() / "run";
  const auto r = bench(dir,
                       "--problem queens-game,mnk --kernels memo-sym,pns --instances "
                       "'5x5:value-only;5x5;4x4k3:value-only;4x4k3' --reps 1 --warmup 0 --out '" +
                           out.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto qg = parse_csv(slurp(out / "queens-game.csv"));
  ASSERT_EQ(qg.size(), 3u);
  for (std::size_t i = 1; i < qg.size(); ++i) {
    const bool value_only = qg[i][col(qg, "instance")] == "5x5:value-only";
    EXPECT_EQ(qg[i][col(qg, "winning_first_moves")].empty(), value_only);
    EXPECT_EQ(qg[i][col(qg, "winner")], "first");  // odd n: the centre wins (Jenrich)
    EXPECT_EQ(qg[i][col(qg, "verified")], "pass");
  }
  const auto mn = parse_csv(slurp(out / "mnk.csv"));
  ASSERT_EQ(mn.size(), 3u);
  for (std::size_t i = 1; i < mn.size(); ++i) {
    const bool value_only = mn[i][col(mn, "instance")] == "4x4k3:value-only";
    EXPECT_EQ(mn[i][col(mn, "move_value_counts")].empty(), value_only);
    EXPECT_EQ(mn[i][col(mn, "value")], "first");  // 4,4,3 is a first-player win
  }
  EXPECT_NE(bench(dir,
                  "--problem mnk --kernels pns --instances '4x4k3:all-moves' --dry-run "
                  "--out '" +
                      (dir.path() / "x.csv").string() + "'")
                .code,
            0);
}

// The instance a game's single run prints says what it answered (every move classified, or with
// ":value-only" the value alone): given back to bench, it gives the same result columns.
TEST(BenchCli, AGameRunsInstanceReproducesItInBench) {
  TempDir dir;
  const auto single_csv = dir.path() / "single.csv", bench_csv = dir.path() / "bench.csv";
  for (const auto& [problem, command, kernel] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"queens-game", "queens-game solve -n 5 -k memo", "memo"},
           {"queens-game", "queens-game solve -n 5 -k memo --all-moves", "memo"},
           {"mnk", "mnk solve --board 4x3 -k 3 --kernel alphabeta", "alphabeta"},
           {"mnk", "mnk solve --board 4x3 -k 3 --kernel alphabeta --all-moves", "alphabeta"}}) {
    std::string cmd = "'";  // built by append: GCC 12 warns falsely (-Wrestrict) on one sum
    cmd.append(SEARCHBENCH_CLI).append("' ").append(command).append(" -f csv >'");
    cmd.append(single_csv.string()).append("'");
    ASSERT_EQ(std::system(cmd.c_str()), 0) << command;
    const auto one = parse_csv(slurp(single_csv));
    ASSERT_EQ(one.size(), 2u) << command;
    const std::string instance = one[1][col(one, "instance")];
    fs::remove(bench_csv);  // the last pair's run is finished: its files are never written over
    fs::remove(dir.path() / "env.json");
    const auto r =
        bench(dir, "--problem " + problem + " --kernels " + kernel + " --instances '" + instance +
                       "' --reps 1 --warmup 0 --out '" + bench_csv.string() + "'");
    ASSERT_EQ(r.code, 0) << instance << ": " << r.err;
    const auto rows = parse_csv(slurp(bench_csv));
    ASSERT_EQ(rows.size(), 2u) << instance;
    EXPECT_EQ(rows[1][col(rows, "instance")], instance);
    for (const auto& c : sb::find_problem(problem)->columns)
      EXPECT_EQ(rows[1][col(rows, c)], one[1][col(one, c)]) << command << ": " << c;
  }
}

TEST(BenchCli, SeveralProblemsWriteOneCsvEachIntoADirectory) {
  TempDir dir;
  const auto out = dir.path() / "run";
  const auto r = bench(
      dir, "--kernels bitboard,memo --n 4..5 --reps 1 --warmup 0 --out '" + out.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto nq_rows = parse_csv(slurp(out / "nqueens.csv"));
  const auto game_rows = parse_csv(slurp(out / "queens-game.csv"));
  ASSERT_EQ(nq_rows.size(), 3u);
  ASSERT_EQ(game_rows.size(), 3u);
  EXPECT_EQ(joined(nq_rows[0]), kHeader);
  EXPECT_EQ(joined(game_rows[0]), kGameHeader);
  EXPECT_EQ(game_rows[2][col(game_rows, "instance")], "5x5");
  const auto env = nlohmann::json::parse(slurp(out / "env.json"));
  EXPECT_EQ(env["csv"]["queens-game"], "queens-game.csv");
}

TEST(BenchCli, IntegerOptionsAreDecimal) {
  TempDir dir;
  const auto csv = dir.path() / "dec.csv";
  // "010" is ten, never octal eight, as -n 010 is ten.
  const auto r =
      bench(dir, "--kernels bitboard --n 4 --reps 010 --warmup 00 --out '" + csv.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(parse_csv(slurp(csv)).size(), 11u);
}

TEST(BenchCli, AnOutputNameThatIsNotUtf8KeepsTheResults) {
  TempDir dir;
  // A legal Linux file name with bytes that are not UTF-8.
  const std::string name = std::string("r\xff\xfe") + ".csv";
  const auto csv = dir.path() / name;
  const auto r =
      bench(dir, "--kernels bitboard --n 4 --reps 1 --warmup 0 --out '" + csv.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(parse_csv(slurp(csv)).size(), 2u);
  const auto env = nlohmann::json::parse(slurp(dir.path() / "env.json"));  // valid JSON
  EXPECT_EQ(env["rows"], 1);
}

TEST(BenchCli, ThreadsColumnIsWhatTheKernelRanWith) {
#ifndef SEARCHBENCH_WITH_OPENMP
  GTEST_SKIP() << "built without OpenMP";
#else
  TempDir dir;
  const auto csv = dir.path() / "omp.csv";
  // OpenMP may give fewer threads than asked (here: at most one); the row says what it got.
  const auto r = bench(dir,
                       "--kernels bitboard-sym-omp --n 8 --threads 2 --reps 1 --warmup 0 --out '" +
                           csv.string() + "'",
                       "OMP_THREAD_LIMIT=1");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = parse_csv(slurp(csv));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][col(rows, "threads")], "1");
#endif
}

// ---- an interrupted run, resumed ------------------------------------------------------------

/// The rows of a CSV without what changes from run to run (wall_s, nodes_per_s, timestamp_utc).
std::vector<std::string> rows_apart_from_timings(const fs::path& csv) {
  const auto rows = parse_csv(slurp(csv));
  std::vector<std::string> out;
  if (rows.empty()) return out;
  const std::vector<int> timing = {col(rows, "wall_s"), col(rows, "nodes_per_s"),
                                   col(rows, "timestamp_utc")};
  for (const auto& row : rows) {
    std::string line;
    for (int i = 0; i < static_cast<int>(row.size()); ++i)
      if (std::find(timing.begin(), timing.end(), i) == timing.end()) line += row[i] + "|";
    out.push_back(line);
  }
  return out;
}

/// The names in directory d.
std::vector<std::string> names_in(const fs::path& d) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(d)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

const std::string kTwoProblems = "--kernels bitboard,memo --n 4..7 --reps 2 --warmup 0";
constexpr const char* kStop = "SEARCHBENCH_TEST_STOP_IN_CELL";

// Killed (SIGKILL) in the third cell, after its rows reached the CSV but before they were
// recorded as whole: the two finished cells are kept and never measured again, the third and
// the rest are, and the files end as an uninterrupted run's, apart from the timings.
TEST(BenchResume, AKilledRunResumesToTheRowsOfAnUninterruptedRun) {
  TempDir dir;
  const auto whole = dir.path() / "whole", cut = dir.path() / "cut";
  ASSERT_EQ(bench(dir, kTwoProblems + " --out '" + whole.string() + "'").code, 0);

  auto r = bench(dir, kTwoProblems + " --out '" + cut.string() + "'", std::string(kStop) + "=3");
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(names_in(cut), (std::vector<std::string>{"env.json.part", "nqueens.csv.part",
                                                     "queens-game.csv.part"}));
  // The header, the two finished cells and the third's rows, not yet recorded as whole.
  EXPECT_EQ(parse_csv(slurp(cut / "nqueens.csv.part")).size(), 1u + 3 * 2);
  const auto record = nlohmann::json::parse(slurp(cut / "env.json.part"));
  ASSERT_EQ(record["finished"].size(), 2u);
  EXPECT_EQ(record["finished"][1]["label"], "nqueens/bitboard 5 threads=1");
  // The two finished cells' rows as they are now: a resumed run keeps them byte for byte.
  const std::string kept =
      slurp(cut / "nqueens.csv.part").substr(0, record["finished"][1]["end"].get<std::size_t>());
  // A stop in the middle of a write leaves a line cut short: dropped as well.
  std::ofstream(cut / "nqueens.csv.part", std::ios::app) << "nqueens,bitboa";

  // A finished file of the same name (here made by hand) is never written over by the resume.
  std::ofstream(cut / "queens-game.csv") << "keep me\n";
  r = bench(dir, "--resume '" + cut.string() + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("queens-game.csv' exists, a finished run's file, which the resumed run"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(cut / "queens-game.csv"), "keep me\n");
  fs::remove(cut / "queens-game.csv");

  r = bench(dir, "--resume '" + cut.string() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("2 of 8 cells finished before"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("[1/8]"), std::string::npos) << "measured again: " << r.err;
  EXPECT_EQ(r.err.find("[2/8]"), std::string::npos) << "measured again: " << r.err;
  EXPECT_NE(r.err.find("[3/8] nqueens/bitboard 6"), std::string::npos) << r.err;
  EXPECT_EQ(names_in(cut),
            (std::vector<std::string>{"env.json", "nqueens.csv", "queens-game.csv"}));
  EXPECT_EQ(slurp(cut / "nqueens.csv").substr(0, kept.size()), kept);
  for (const char* csv : {"nqueens.csv", "queens-game.csv"}) {
    const auto want = rows_apart_from_timings(whole / csv);
    EXPECT_EQ(want.size(), 1u + 4 * 2) << csv;
    EXPECT_EQ(rows_apart_from_timings(cut / csv), want) << csv;
  }
  const auto env = nlohmann::json::parse(slurp(cut / "env.json"));
  EXPECT_EQ(env["rows"], 16);
  EXPECT_EQ(env["cells_run"], 8);
  EXPECT_EQ(env["verified"]["pass"], 16);
  EXPECT_NE(env["command"].get<std::string>().find("--n 4..7"), std::string::npos);
  ASSERT_EQ(env["resumed"].size(), 1u);
  EXPECT_NE(env["resumed"][0]["command"].get<std::string>().find("--resume"), std::string::npos);
}

// Ctrl-C (SIGINT) keeps the files and says how to go on; a .part whose last recorded line was
// cut (a damaged file) loses that cell, which is measured again. One CSV file, resumed by the
// name of its .part.
TEST(BenchResume, AnInterruptedRunWithADamagedLastLineMeasuresThatCellAgain) {
  TempDir dir;
  const std::string plan = "--kernels bitboard --n 4..7 --reps 3 --warmup 1";
  const auto whole = dir.path() / "whole.csv";
  const auto sub = dir.path() / "sub";
  fs::create_directories(sub);
  const auto csv = sub / "q.csv";
  ASSERT_EQ(bench(dir, plan + " --out '" + whole.string() + "'").code, 0);

  auto r = bench(dir, plan + " --out '" + csv.string() + "'", std::string(kStop) + "=2:INT");
  EXPECT_EQ(r.code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--resume '" + csv.string() + "'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(csv));
  ASSERT_TRUE(fs::exists(sub / "env.json.part"));
  const auto record = nlohmann::json::parse(slurp(sub / "env.json.part"));
  ASSERT_EQ(record["finished"].size(), 1u);
  // Another run beside it would share its record (env.json.part): refused, naming this run.
  const auto other = bench(dir, plan + " --out '" + (sub / "other.csv").string() + "'");
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.err.find("--resume " + csv.string()), std::string::npos) << other.err;
  EXPECT_FALSE(fs::exists(sub / "other.csv.part"));
  // Cut the one finished cell's last line short.
  fs::resize_file(fs::path(csv.string() + ".part"),
                  record["finished"][0]["end"].get<std::uintmax_t>() - 3);

  r = bench(dir, "--resume '" + csv.string() + ".part'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("0 of 4 cells finished before"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[1/4] nqueens/bitboard 4"), std::string::npos) << r.err;
  EXPECT_EQ(rows_apart_from_timings(csv), rows_apart_from_timings(whole));
  EXPECT_EQ(names_in(sub), (std::vector<std::string>{"env.json", "q.csv"}));
}

// A resume is refused, one line and exit 2, when the plan, the build or the machine differs, and
// the interrupted run's files are left as they were; so is a new run over them.
TEST(BenchResume, AnotherPlanBuildOrMachineIsRefusedAndTheFilesAreKept) {
  TempDir dir;
  const auto cut = dir.path() / "cut";
  const std::string out = " --out '" + cut.string() + "'";
  EXPECT_NE(bench(dir, kTwoProblems + out, std::string(kStop) + "=3").code, 0);
  const std::string before = slurp(cut / "nqueens.csv.part");
  const std::string record_text = slurp(cut / "env.json.part");

  const auto refused = [&](const std::string& args, const std::string& why) {
    const auto r = bench(dir, args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
    EXPECT_EQ(slurp(cut / "nqueens.csv.part"), before) << args;
  };
  const std::string resume = "--resume '" + cut.string() + "'";
  refused(resume + " --reps 3", "the plan differs (reps: recorded 2, now 3)");
  refused(resume + " --n 4..8", "the plan differs (cell 5: recorded");
  refused(resume + " --budget 5", "the plan differs (budget_s");
  refused(kTwoProblems + out, "an interrupted run; carry it on with --resume");
  refused("--resume '" + (dir.path() / "nothing").string() + "'", "no record");
  refused(resume + out, "--out");

  // The same record from another build, or another machine.
  for (const auto& [key, why] : std::vector<std::pair<std::string, std::string>>{
           {"git_sha", "the build differs (git_sha"},
           {"flags", "the build differs (flags"},
           {"cpu_model", "the machine differs (cpu_model"}}) {
    auto j = nlohmann::ordered_json::parse(record_text);
    j[key] = "something else";
    std::ofstream(cut / "env.json.part") << j.dump(2);
    refused(resume, why);
  }
  std::ofstream(cut / "env.json.part") << record_text;
  auto j = nlohmann::ordered_json::parse(record_text);
  j["hardware_threads"] = j["hardware_threads"].get<int>() + 1;
  std::ofstream(cut / "env.json.part") << j.dump(2);
  refused(resume, "the machine differs (hardware_threads");

  // A run still writing the files (here: the test holds their lock) is never cut short.
  std::ofstream(cut / "env.json.part") << record_text;
  {
    const int fd = ::open((cut / "nqueens.csv.part").c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX), 0);
    refused(resume, "nqueens.csv.part' is in use by another run");
    ::close(fd);
  }

  // The plan given again in full, as first typed, is the same plan: the run carries on.
  std::ofstream(cut / "env.json.part") << record_text;
  const auto r = bench(dir, kTwoProblems + " " + resume);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(parse_csv(slurp(cut / "nqueens.csv")).size(), 1u + 4 * 2);
}
