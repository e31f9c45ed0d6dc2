// The journal format and writer (src/core/journal.hpp): round trip, damaged and cut-short lines,
// foreign journals, and the rules that a journal is never replaced or shared by two runs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_runner.hpp"
#include "core/journal.hpp"

namespace {

namespace fs = std::filesystem;
namespace journal = sb::journal;
using sb::Subtotals;

journal::Identity identity(const std::string& instance = "12") {
  journal::Identity id;
  id.problem = "nqueens";
  id.instance = instance;
  id.kernel = "bitboard-sym-tbb";
  id.scheme = "bitboard-sym";
  id.count = 5;
  id.hash = 0x0123456789abcdefULL;
  id.fields = {"total", "unique", "nodes"};
  id.base.v = {0, 0, 42, 0};
  return id;
}

Subtotals sub(std::uint64_t t, std::uint64_t u, std::uint64_t n) {
  Subtotals s;
  s.v = {t, u, n, 0};
  return s;
}

std::string sample() {
  const auto id = identity();
  return journal::header_text(id, "searchbench nqueens count -n 12 --resume J") +
         journal::checked_line("run started=x") + journal::piece_line(id, 3, sub(8, 1, 100), 0.5) +
         journal::piece_line(id, 0, sub(16, 2, 200), 1e-4);
}

fs::path temp(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("sbjournal_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path p = dir / name;
  fs::remove(p);
  return p;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

TEST(JournalFormat, RoundTrip) {
  const auto c = journal::parse(sample(), "J");
  EXPECT_EQ(c.id.problem, "nqueens");
  EXPECT_EQ(c.id.instance, "12");
  EXPECT_EQ(c.id.kernel, "bitboard-sym-tbb");
  EXPECT_EQ(c.id.scheme, "bitboard-sym");
  EXPECT_EQ(c.id.count, 5u);
  EXPECT_EQ(c.id.hash, 0x0123456789abcdefULL);
  EXPECT_EQ(c.id.base, sub(0, 0, 42));
  ASSERT_EQ(c.pieces.size(), 2u);
  EXPECT_EQ(c.pieces[0].id, 3u);
  EXPECT_EQ(c.pieces[0].sub, sub(8, 1, 100));
  EXPECT_EQ(c.pieces[1].id, 0u);
  EXPECT_DOUBLE_EQ(c.seconds[0], 0.5);
  EXPECT_EQ(c.runs, 1u);
  EXPECT_EQ(c.damaged, 0u);
  EXPECT_FALSE(c.torn_tail);
  EXPECT_NO_THROW(journal::check_identity(c.id, identity(), "J"));
}

TEST(JournalFormat, PlainTextAPersonCanRead) {
  const std::string line = journal::piece_line(identity(), 3, sub(8, 1, 100), 0.5);
  EXPECT_EQ(line.substr(0, 46), "piece 3 total=8 unique=1 nodes=100 seconds=0.5");
  EXPECT_EQ(line.size(), 46 + 7 + 16 + 1u);  // " check=" and 16 hex digits, newline
}

TEST(JournalFormat, CutShortLastLineIsIgnored) {
  const std::string full = sample();
  // Every cut inside the last line: that piece is dropped, the other one kept.
  const auto last = full.rfind("piece 0");
  for (std::size_t cut = last; cut + 1 < full.size(); ++cut) {
    const auto c = journal::parse(full.substr(0, cut), "J");
    ASSERT_EQ(c.pieces.size(), 1u) << cut;
    EXPECT_EQ(c.pieces[0].id, 3u);
    EXPECT_EQ(c.torn_tail, cut > last) << cut;
    EXPECT_EQ(c.damaged, cut > last ? 1u : 0u) << cut;
  }
  // Only the newline missing: the line is complete and its check holds.
  EXPECT_EQ(journal::parse(full.substr(0, full.size() - 1), "J").pieces.size(), 2u);
}

TEST(JournalFormat, DamagedLinesAreIgnoredDuplicatesMustAgree) {
  std::string t = sample();
  const auto id = identity();
  // A torn line that a resume ended with a newline, then more records.
  t += "piece 4 total=1 uni\n" + journal::piece_line(id, 4, sub(1, 1, 7), 0.1);
  // A flipped digit: the check fails.
  std::string bad = journal::piece_line(id, 2, sub(5, 1, 9), 0.1);
  bad[bad.find("total=5") + 6] = '6';
  t += bad;
  t += journal::piece_line(id, 3, sub(8, 1, 100), 0.7);  // the same piece again, agreeing
  auto c = journal::parse(t, "J");
  EXPECT_EQ(c.pieces.size(), 3u);
  EXPECT_EQ(c.damaged, 2u);
  t += journal::piece_line(id, 3, sub(8, 2, 100), 0.7);  // disagreeing
  EXPECT_THROW(journal::parse(t, "J"), std::invalid_argument);
}

TEST(JournalFormat, ForeignOrBrokenJournalsAreRefused) {
  EXPECT_THROW(journal::parse("", "J"), std::invalid_argument);
  EXPECT_THROW(journal::parse("hello\n", "J"), std::invalid_argument);
  EXPECT_THROW(journal::parse("searchbench-journal 2\n", "J"), std::invalid_argument);
  std::string t = sample();
  EXPECT_THROW(journal::parse(t.substr(0, t.find("fields")), "J"), std::invalid_argument);
  // A record with a correct check but an id out of range: the header was edited (its count
  // lowered), and the refusal says so.
  t += journal::piece_line(identity(), 5, sub(1, 1, 1), 0);
  try {
    journal::parse(t, "J");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("its header says 5 pieces"), std::string::npos)
        << e.what();
  }

  const auto want = identity();
  auto other = want;
  other.instance = "13";
  try {
    journal::check_identity(other, want, "J");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("instance 13"), std::string::npos) << e.what();
  }
  other = want;
  other.kernel = "bitboard-sym-omp";
  EXPECT_THROW(journal::check_identity(other, want, "J"), std::invalid_argument);
  other = want;
  other.hash ^= 1;
  EXPECT_THROW(journal::check_identity(other, want, "J"), std::invalid_argument);
  other = want;
  other.base.v[2] = 43;
  EXPECT_THROW(journal::check_identity(other, want, "J"), std::invalid_argument);
}

TEST(JournalWriter, CreateAppendResume) {
  const auto p = temp("a.journal");
  const auto id = identity();
  {
    auto w = journal::Writer::create(p, id, "hint");
    w->add(journal::piece_line(id, 1, sub(1, 1, 1), 0));
    w->add(journal::piece_line(id, 2, sub(2, 1, 1), 0));
    // Never replaced, and one run at a time.
    EXPECT_THROW(journal::Writer::create(p, id, "hint"), std::invalid_argument);
    journal::Contents c;
    EXPECT_THROW(journal::Writer::resume(p, id, c), std::invalid_argument);
    w->close();
  }
  const std::string before = sb::test::slurp(p);
  EXPECT_EQ(journal::parse(before, "J").pieces.size(), 2u);
  // A write cut short: resume ends the line and appends after it, removing nothing.
  write(p, before + "piece 3 tot");
  journal::Contents c;
  {
    auto w = journal::Writer::resume(p, id, c);
    EXPECT_TRUE(c.torn_tail);
    EXPECT_EQ(c.pieces.size(), 2u);
    w->add(journal::piece_line(id, 3, sub(3, 1, 1), 0));
    w->close();
  }
  const std::string after = sb::test::slurp(p);
  EXPECT_EQ(after.substr(0, before.size() + 11), before + "piece 3 tot");
  EXPECT_EQ(journal::parse(after, "J").pieces.size(), 3u);
  // Another run's journal: refused, untouched.
  EXPECT_THROW(journal::Writer::resume(p, identity("13"), c), std::invalid_argument);
  EXPECT_EQ(sb::test::slurp(p), after);
  EXPECT_THROW(journal::Writer::resume(temp("missing"), id, c), std::invalid_argument);
  fs::remove_all(p.parent_path());
}

}  // namespace
