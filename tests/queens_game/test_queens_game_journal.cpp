// The journalled queens-game solve: memo-sym-pieces (one piece per first-move class, each on its
// own table), memo-sym-reply-pieces (one per class of positions after a first move and a
// reply) and memo-sym-query-pieces (one per question "is such a position + *h lost?") against the
// independent checker (boards up to 36 squares), the published Grundy values (OEIS A344227) and
// memo-sym; a resume from some finished pieces; and through the CLI
// (`queens-game solve --journal / --resume / --verify`): a journal cut short and damaged is
// completed to the same answer, foreign or existing journals are refused (exit 2) untouched.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "core/journal.hpp"
#include "queens_game/checker.hpp"
#include "queens_game/queens_game.hpp"
#include "queens_game/reference.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace qg = sb::queens_game;
using sb::test::csv_column;
using sb::test::expect_refused;
using sb::test::run_cli;
using sb::test::slurp;

qg::Params params(int rows, int cols, int threads, bool grundy, bool move_grundy,
                  bool misere = false) {
  qg::Params p;
  p.rows = rows;
  p.cols = cols;
  p.threads = threads;
  p.grundy = grundy;
  p.move_grundy = move_grundy;
  p.misere = misere;
  p.all_moves = true;
  p.max_memory = 64ull << 20;
  return p;
}

// Boards of at most 36 squares, squares and rectangles: a pieces kernel against the brute-force
// checker (Grundy values, outcomes alone, misere play), 1 and 2 threads.
void expect_matches_checker(qg::Result (*kernel)(const qg::Params&), const char* name) {
  const int boards[][2] = {{1, 1}, {1, 5}, {2, 2}, {2, 7}, {3, 3}, {3, 5}, {4, 4},
                           {4, 6}, {5, 5}, {5, 7}, {6, 4}, {6, 6}, {3, 12}};
  for (const auto& b : boards)
    for (int threads : {1, 2}) {
      const auto a = qg::checker::solve(b[0], b[1], false);
      const auto r = kernel(params(b[0], b[1], threads, true, true));
      const std::string at = std::string(name) + " " + std::to_string(b[0]) + "x" +
                             std::to_string(b[1]) + " threads " + std::to_string(threads);
      EXPECT_EQ(r.first_player_wins, a.first_player_wins) << at;
      EXPECT_EQ(r.winning_first_moves, a.winning_first_moves) << at;
      EXPECT_EQ(r.grundy, a.grundy) << at;
      EXPECT_EQ(r.move_grundy, a.move_grundy) << at;
      const auto o = kernel(params(b[0], b[1], threads, false, false));
      EXPECT_EQ(o.winning_first_moves, a.winning_first_moves) << at;
      const auto m = qg::checker::solve(b[0], b[1], true);
      const auto rm = kernel(params(b[0], b[1], threads, false, false, true));
      EXPECT_EQ(rm.first_player_wins, m.first_player_wins) << at << " misere";
      EXPECT_EQ(rm.winning_first_moves, m.winning_first_moves) << at << " misere";
    }
}

TEST(QueensGameJournal, PiecesMatchTheChecker) {
  expect_matches_checker(qg::memo_sym_pieces, "memo-sym-pieces");
}

// 7 x 7 and 8 x 8: the published Grundy values, and every move's value as memo-sym finds it.
TEST(QueensGameJournal, PiecesMatchPublishedValuesAndMemoSym) {
  for (int n : {7, 8})
    for (int threads : {1, 2}) {
      const auto r = qg::memo_sym_pieces(params(n, n, threads, true, true));
      const auto want = qg::reference::grundy(n);
      ASSERT_TRUE(want.has_value());
      EXPECT_EQ(r.grundy, *want) << n;
      const auto s = qg::memo_sym(params(n, n, 1, true, true));
      EXPECT_EQ(r.move_grundy, s.move_grundy) << n;
      EXPECT_EQ(r.first_player_wins, s.first_player_wins) << n;
    }
  const auto r = qg::memo_sym_pieces(params(5, 8, 2, true, true));
  const auto s = qg::memo_sym(params(5, 8, 1, true, true));
  EXPECT_EQ(r.move_grundy, s.move_grundy);
  EXPECT_EQ(r.grundy, s.grundy);
}

// One piece per class of first moves: 10 on 8 x 8 (8 symmetries), 6 on 4 x 6 (4).
TEST(QueensGameJournal, OnePiecePerFirstMoveClass) {
  EXPECT_EQ(qg::first_move_pieces(8, 8, false, true, 1 << 20).count, 10u);
  EXPECT_EQ(qg::first_move_pieces(4, 6, false, true, 1 << 20).count, 6u);
  std::set<int> all;
  for (const auto& c : qg::first_move_classes(4, 6)) all.insert(c.begin(), c.end());
  EXPECT_EQ(all.size(), 24u);
}

// A resume: the pieces already finished are not solved again, and the answer is the same.
TEST(QueensGameJournal, ResumeSkipsFinishedPieces) {
  for (int threads : {1, 2}) {
    const auto list = qg::first_move_pieces(7, 7, false, true, 64ull << 20);
    std::vector<sb::Subtotals> all(list.count);
    for (std::uint64_t id = 0; id < list.count; ++id) list.solve(&id, 1, &all[id]);
    sb::PieceHooks hooks;
    for (std::uint64_t id = 0; id < list.count; id += 2) hooks.finished.push_back({id, all[id]});
    std::mutex mu;
    std::set<std::uint64_t> solved;
    hooks.on_piece = [&](std::uint64_t id, const sb::Subtotals& s, double) {
      std::lock_guard lock(mu);
      solved.insert(id);
      EXPECT_EQ(s, all[id]) << id;
    };
    auto p = params(7, 7, threads, true, true);
    p.pieces = &hooks;
    const auto r = qg::memo_sym_pieces(p);
    EXPECT_EQ(solved.size(), list.count / 2);
    for (std::uint64_t id : solved) EXPECT_EQ(id % 2, 1u);
    const auto s = qg::memo_sym(params(7, 7, 1, true, true));
    EXPECT_EQ(r.move_grundy, s.move_grundy);
    EXPECT_EQ(r.grundy, s.grundy);
  }
}

// memo-sym-reply-pieces (a piece per class of positions after a first move and a reply) on the
// same boards.
TEST(QueensGameJournal, ReplyPiecesMatchTheChecker) {
  expect_matches_checker(qg::memo_sym_reply_pieces, "memo-sym-reply-pieces");
}

// 8 x 8: the published Grundy value and every first move's value as memo-sym finds it; the
// pieces are more than the first-move classes, and a resume from half of them gives the same.
TEST(QueensGameJournal, ReplyPiecesMatchMemoSymAndResume) {
  const auto want = qg::reference::grundy(8);
  ASSERT_TRUE(want.has_value());
  const auto s = qg::memo_sym(params(8, 8, 1, true, true));
  const auto list = qg::first_move_pieces(8, 8, false, true, 64ull << 20, 2);
  EXPECT_GT(list.count, qg::first_move_pieces(8, 8, false, true, 1 << 20).count);
  std::vector<sb::Subtotals> all(list.count);
  for (std::uint64_t id = 0; id < list.count; ++id) list.solve(&id, 1, &all[id]);
  for (int threads : {1, 2}) {
    sb::PieceHooks hooks;
    for (std::uint64_t id = 0; id < list.count; id += 2) hooks.finished.push_back({id, all[id]});
    std::mutex mu;
    std::set<std::uint64_t> solved;
    hooks.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) {
      std::lock_guard lock(mu);
      solved.insert(id);
      // value and square; nodes and positions depend on what the shared table held
      EXPECT_EQ(t.v[0], all[id].v[0]) << id;
      EXPECT_EQ(t.v[1], all[id].v[1]) << id;
    };
    auto p = params(8, 8, threads, true, true);
    p.pieces = &hooks;
    const auto r = qg::memo_sym_reply_pieces(p);
    EXPECT_EQ(solved.size(), list.count / 2);
    EXPECT_EQ(r.grundy, *want);
    EXPECT_EQ(r.move_grundy, s.move_grundy);
    EXPECT_EQ(r.first_player_wins, s.first_player_wins);
  }
  EXPECT_THROW(qg::first_move_pieces(8, 8, false, true, 1 << 20, 3), std::invalid_argument);
}

// memo-sym-query-pieces (a piece per question "is (position after a first move and a reply) +
// *h lost?", asked heap by heap) on the same boards.
TEST(QueensGameJournal, QueryPiecesMatchTheChecker) {
  expect_matches_checker(qg::memo_sym_query_pieces, "memo-sym-query-pieces");
}

// 5 x 5 (first moves of Grundy value 4: the fallback pieces), 7 x 7 (values 0, 1, 3) and 8 x 8
// (0, 1, 2): every first move's value as memo-sym finds it and the published Grundy value, on 1
// and 2 threads, also resumed from every other piece of a full run (values, not-needed marks
// and all); the pieces of a resumed run are not solved again.
TEST(QueensGameJournal, QueryPiecesMatchMemoSymAndResume) {
  constexpr std::uint64_t kNotNeeded = 1000;
  for (int n : {5, 7, 8}) {
    const auto s = qg::memo_sym(params(n, n, 1, true, true));
    const auto want = qg::reference::grundy(n);
    ASSERT_TRUE(want.has_value());
    const auto list = qg::reply_question_pieces(n, n, false, true, 64ull << 20);
    const auto classes = qg::first_move_classes(n, n).size();
    const auto replies = qg::first_move_pieces(n, n, false, true, 1 << 20, 2).count;
    EXPECT_EQ(list.count, 4 * replies + classes) << n;
    for (int threads : {1, 2}) {
      const std::string at =
          std::to_string(n) + " x " + std::to_string(n) + ", threads " + std::to_string(threads);
      std::vector<sb::Subtotals> all(list.count);
      std::vector<bool> seen(list.count, false);
      std::mutex mu;
      sb::PieceHooks full;
      full.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) {
        std::lock_guard lock(mu);
        EXPECT_FALSE(seen[id]) << at << " piece " << id << " twice";
        seen[id] = true;
        all[id] = t;
      };
      auto p = params(n, n, threads, true, true);
      p.pieces = &full;
      const auto r = qg::memo_sym_query_pieces(p);
      EXPECT_EQ(r.grundy, *want) << at;
      EXPECT_EQ(r.move_grundy, s.move_grundy) << at;
      EXPECT_EQ(r.first_player_wins, s.first_player_wins) << at;
      std::size_t asked = 0, fallbacks = 0;
      for (std::uint64_t id = 0; id < list.count; ++id) {
        EXPECT_TRUE(seen[id]) << at << " piece " << id;
        if (all[id].v[0] == kNotNeeded) continue;
        ++asked;
        if (id >= 4 * replies) ++fallbacks;
        // a question's answer is that of the list's own (ungated) solve
        if (id % 7 == 0) {
          sb::Subtotals one;
          list.solve(&id, 1, &one);
          EXPECT_EQ(one.v[0], all[id].v[0]) << at << " piece " << id;
          EXPECT_EQ(one.v[1], all[id].v[1]) << at << " piece " << id;
        }
      }
      EXPECT_LT(asked, list.count) << at;      // some questions were not needed
      EXPECT_EQ(fallbacks > 0, n == 5) << at;  // 5 x 5's first moves of value 4
      // resumed from every other piece
      sb::PieceHooks half;
      for (std::uint64_t id = 0; id < list.count; id += 2) half.finished.push_back({id, all[id]});
      std::set<std::uint64_t> solved;
      half.on_piece = [&](std::uint64_t id, const sb::Subtotals&, double) {
        std::lock_guard lock(mu);
        solved.insert(id);
      };
      p.pieces = &half;
      const auto resumed = qg::memo_sym_query_pieces(p);
      EXPECT_EQ(resumed.move_grundy, s.move_grundy) << at << " resumed";
      EXPECT_EQ(resumed.grundy, *want) << at << " resumed";
      EXPECT_EQ(solved.size(), list.count / 2) << at;
      for (std::uint64_t id : solved) EXPECT_EQ(id % 2, 1u) << at;
    }
  }
  // A finished piece whose value is no answer of its kind (a journal edited with a valid check)
  // is refused, not waited for.
  {
    const auto list = qg::reply_question_pieces(6, 6, false, true, 1 << 20);
    sb::PieceHooks bad;
    sb::Subtotals s;
    s.v[0] = 7;
    bad.finished.push_back({0, s});
    auto p = params(6, 6, 2, true, true);
    p.pieces = &bad;
    EXPECT_THROW(qg::memo_sym_query_pieces(p), std::invalid_argument);
    bad.finished[0] = {list.count - 1, s};  // a fallback may hold a Grundy value
    EXPECT_EQ(qg::memo_sym_query_pieces(p).move_grundy,
              qg::memo_sym(params(6, 6, 1, true, true)).move_grundy);
  }
  // Outcomes alone and misere play: the reply position's outcome, one piece per reply class.
  EXPECT_EQ(qg::reply_question_pieces(6, 6, true, false, 1 << 20).count,
            qg::first_move_pieces(6, 6, true, false, 1 << 20, 2).count);
  EXPECT_THROW(qg::reply_question_pieces(6, 6, true, true, 1 << 20), std::invalid_argument);
}

fs::path temp_dir() {
  return sb::test::process_temp_dir("queens_game_journal");
}

fs::path temp(const std::string& name) {
  return sb::test::fresh_temp_path("queens_game_journal", name);
}

// Through the CLI: a journalled solve, then a journal cut after some pieces with a damaged and a
// cut-short line, resumed to the same values; refusals; --verify.
TEST(QueensGameJournal, CliJournalResumeAndRefusals) {
  const std::string board = "--rows 5 --cols 7 --grundy --move-grundy -f csv";
  const auto plain = run_cli("queens-game solve " + board + " -k memo-sym");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  for (int threads : {1, 2}) {
    const fs::path j = temp("g" + std::to_string(threads) + ".journal");
    const std::string t = " -t " + std::to_string(threads);
    const auto full = run_cli("queens-game solve " + board + t + " --journal " + j.string());
    ASSERT_EQ(full.exit_code, 0) << full.err;
    EXPECT_EQ(csv_column(full.out, "kernel"), "memo-sym-pieces");
    EXPECT_EQ(csv_column(full.out, "verified"), "pass");
    for (const char* c : {"grundy", "move_grundy", "winner"})
      EXPECT_EQ(csv_column(full.out, c), csv_column(plain.out, c)) << c;
    const std::string text = slurp(j);
    EXPECT_NE(text.find("\nresult grundy=" + csv_column(plain.out, "grundy") + " "),
              std::string::npos)
        << text;

    // An interrupted run: the header, the first pieces (one damaged), the next cut short.
    std::vector<std::string> lines;
    {
      std::istringstream in(text);
      for (std::string l; std::getline(in, l);) lines.push_back(l);
    }
    std::string cut;
    int pieces = 0;
    for (const auto& l : lines) {
      if (l.rfind("piece ", 0) == 0) {
        ++pieces;
        if (pieces == 2) {
          std::string bad = l;
          bad[bad.find("value=") + 6] = bad[bad.find("value=") + 6] == '9' ? '8' : '9';
          cut += bad + "\n";
          continue;
        }
        if (pieces == 4) {
          cut += l.substr(0, l.size() / 2);
          break;
        }
      }
      if (l.rfind("result ", 0) == 0) break;
      cut += l + "\n";
    }
    const fs::path k = temp("k" + std::to_string(threads) + ".journal");
    std::ofstream(k) << cut;
    const auto resumed = run_cli("queens-game solve " + board + t + " --resume " + k.string());
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("2 of 12 pieces already done"), std::string::npos) << resumed.err;
    EXPECT_NE(resumed.err.find("damaged lines ignored"), std::string::npos) << resumed.err;
    for (const char* c : {"grundy", "move_grundy", "winner", "verified"})
      EXPECT_EQ(csv_column(resumed.out, c), csv_column(full.out, c)) << c;
    const std::string after = slurp(k);
    EXPECT_EQ(after.substr(0, cut.size()), cut);  // only appended to
    EXPECT_NE(after.find("\nresult grundy=" + csv_column(plain.out, "grundy") + " "),
              std::string::npos);

    // --verify re-solves one piece and compares it with the journal (-f csv: one record).
    const auto v = run_cli("queens-game solve " + board + " --verify 3 --resume " + k.string());
    EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
    EXPECT_EQ(csv_column(v.out, "piece"), "3") << v.out;
    EXPECT_EQ(csv_column(v.out, "journal_record"), "solved") << v.out;
    EXPECT_EQ(csv_column(v.out, "journal_value"), csv_column(v.out, "value")) << v.out;
    EXPECT_EQ(csv_column(v.out, "verified"), "pass") << v.out;
    EXPECT_EQ(slurp(k), after);  // read only
  }

  // The reply pieces through the CLI: a journal, cut after its header and first pieces, resumed
  // to the same values; its journal is not memo-sym-pieces' (another scheme).
  {
    const fs::path r = temp("r.journal");
    const auto full =
        run_cli("queens-game solve " + board + " -k memo-sym-reply-pieces --journal " + r.string());
    ASSERT_EQ(full.exit_code, 0) << full.err;
    for (const char* c : {"grundy", "move_grundy", "winner"})
      EXPECT_EQ(csv_column(full.out, c), csv_column(plain.out, c)) << c;
    const std::string text = slurp(r);
    std::string cut;
    std::istringstream in(text);
    int pieces = 0;
    for (std::string l; std::getline(in, l) && pieces < 5;) {
      if (l.rfind("result ", 0) == 0) break;
      if (l.rfind("piece ", 0) == 0) ++pieces;
      cut += l + "\n";
    }
    const fs::path k = temp("rk.journal");
    std::ofstream(k) << cut;
    const auto resumed = run_cli("queens-game solve " + board + " --resume " + k.string());
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(csv_column(resumed.out, "kernel"), "memo-sym-reply-pieces");
    EXPECT_NE(resumed.err.find("5 of "), std::string::npos) << resumed.err;
    for (const char* c : {"grundy", "move_grundy", "winner", "verified"})
      EXPECT_EQ(csv_column(resumed.out, c), csv_column(full.out, c)) << c;
    expect_refused(
        run_cli("queens-game solve " + board + " -k memo-sym-pieces --resume " + r.string()),
        "memo-sym-reply-pieces");
  }

  // The question pieces through the CLI: a journal cut after its first pieces and resumed to the
  // same values; --verify of a question answered and of one not needed.
  {
    const fs::path q = temp("q.journal");
    const auto full =
        run_cli("queens-game solve " + board + " -k memo-sym-query-pieces --journal " + q.string());
    ASSERT_EQ(full.exit_code, 0) << full.err;
    for (const char* c : {"grundy", "move_grundy", "winner"})
      EXPECT_EQ(csv_column(full.out, c), csv_column(plain.out, c)) << c;
    const std::string text = slurp(q);
    std::string cut;
    std::istringstream in(text);
    int pieces = 0;
    long long skipped = -1;
    for (std::string l; std::getline(in, l);) {
      if (l.rfind("result ", 0) == 0) break;
      if (l.rfind("piece ", 0) == 0) {
        if (skipped < 0 && l.find("value=1000 ") != std::string::npos)
          skipped = std::stoll(l.substr(6));
        if (++pieces > 5) continue;
      }
      cut += l + "\n";
    }
    ASSERT_GE(skipped, 0) << text;  // 5 x 7 leaves some question not needed
    const fs::path k = temp("qk.journal");
    std::ofstream(k) << cut;
    const auto resumed = run_cli("queens-game solve " + board + " --resume " + k.string());
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(csv_column(resumed.out, "kernel"), "memo-sym-query-pieces");
    EXPECT_NE(resumed.err.find("5 of "), std::string::npos) << resumed.err;
    for (const char* c : {"grundy", "move_grundy", "winner", "verified"})
      EXPECT_EQ(csv_column(resumed.out, c), csv_column(full.out, c)) << c;
    const auto v = run_cli("queens-game solve " + board + " --verify 0 --resume " + q.string());
    EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
    EXPECT_EQ(csv_column(v.out, "verified"), "pass") << v.out;
    const auto nn = run_cli("queens-game solve " + board + " --verify " + std::to_string(skipped) +
                            " --resume " + q.string());
    EXPECT_EQ(nn.exit_code, 1) << nn.out << nn.err;  // nothing to compare
    EXPECT_EQ(csv_column(nn.out, "journal_record"), "not needed") << nn.out;
  }

  // Refusals, each leaving the file as it was.
  const fs::path j = temp_dir() / "g1.journal";
  const std::string before = slurp(j);
  expect_refused(run_cli("queens-game solve " + board + " --journal " + j.string()),
                 "already exists");
  expect_refused(
      run_cli("queens-game solve --rows 7 --cols 5 --grundy --move-grundy --resume " + j.string()),
      "belongs to queens-game instance 5x7:value-only:grundy:move-grundy");
  expect_refused(run_cli("queens-game solve " + board + " --all-moves --resume " + j.string()),
                 "not 5x7:grundy:move-grundy");  // the question is part of the instance
  expect_refused(run_cli("queens-game solve " + board + " -k memo-sym --resume " + j.string()),
                 "does not cut its search into pieces");
  // Given to nqueens: refused as another problem's journal (a build whose default nqueens kernel
  // has no pieces, without oneTBB, refuses that kernel first).
  const auto nq = run_cli("nqueens count -n 8 --resume " + j.string());
  expect_refused(nq,
                 nq.err.find("does not cut") != std::string::npos ? "does not cut" : "not nqueens");
  EXPECT_EQ(slurp(j), before);
  const fs::path junk = temp("junk.journal");
  std::ofstream(junk) << "not a journal\n";
  expect_refused(run_cli("queens-game solve " + board + " --resume " + junk.string()),
                 "not a searchbench journal");
  // A record with a correct check but the wrong fields: refused, not recomputed.
  std::string forged = before.substr(0, before.find("\npiece ") + 1);
  const std::string body = "piece 0 total=1 seconds=1";
  forged += sb::journal::checked_line(body);
  fs::remove(junk);
  std::ofstream(junk) << forged;
  expect_refused(run_cli("queens-game solve " + board + " --resume " + junk.string()),
                 "not a valid record");
}

}  // namespace
