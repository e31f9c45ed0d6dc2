// The journalled m,n,k solve: pns-pieces and alphabeta-tt-pieces (one piece per class of first
// moves under the board symmetries that fix the position, each on its own table) against the
// published values and every move's value as the plain solves find it; a resume
// from some finished pieces; and through the CLI (`mnk solve --journal / --resume / --verify`): a
// journal cut short and damaged is completed to the same answer, foreign journals are refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_expect.hpp"
#include "cli_runner.hpp"
#include "mnk/mnk.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace mnk = sb::mnk;
using sb::test::csv_column;
using sb::test::expect_refused;
using sb::test::run_cli;
using sb::test::slurp;

mnk::Params params(const std::string& instance, int threads) {
  mnk::Params p;
  p.instance = mnk::parse_instance(instance);
  p.threads = threads;
  p.all_moves = true;
  p.max_memory = 64ull << 20;
  return p;
}

// Small boards and openings: the value and every move's value agree with the plain solves of
// alphabeta-tt and pns (whole position, one table), and with the published value of the empty
// board.
TEST(MnkJournal, PiecesMatchPlainSolvesAndPublishedValues) {
  for (const char* inst :
       {"3x3k3", "4x3k3", "4x4k3", "4x4k4", "3x3k3:b2", "4x4k4:a1,b2", "5x4k4", "4x4k3-standard"})
    for (int threads : {1, 2}) {
      const auto want = mnk::alphabeta_tt(params(inst, 1));
      EXPECT_EQ(mnk::pns(params(inst, 1)).move_values, want.move_values) << inst;
      for (auto* kernel : {mnk::pns_pieces, mnk::alphabeta_tt_pieces}) {
        const auto r = kernel(params(inst, threads));
        EXPECT_EQ(r.value, want.value) << inst << " threads " << threads;
        EXPECT_EQ(r.move_values, want.move_values) << inst << " threads " << threads;
        const auto x = mnk::parse_instance(inst);
        EXPECT_EQ(mnk::verify(x, r, true), mnk::verify(x, want, true)) << inst;
      }
    }
}

// 5 x 5 with k = 4 (a draw, Lee): every move's value as pns finds it without pieces.
TEST(MnkJournal, FiveByFiveKFour) {
  const auto want = mnk::pns(params("5x5k4", 1));
  for (int threads : {1, 2}) {
    const auto r = mnk::pns_pieces(params("5x5k4", threads));
    EXPECT_EQ(r.value, mnk::Value::kDraw);
    EXPECT_EQ(r.move_values, want.move_values);
  }
}

// Pieces are the move classes under the symmetries that fix the position.
TEST(MnkJournal, OnePiecePerMoveClass) {
  EXPECT_EQ(mnk::first_move_classes(mnk::parse_instance("5x5k4")).size(), 6u);  // 8 symmetries
  EXPECT_EQ(mnk::first_move_classes(mnk::parse_instance("5x4k4")).size(), 6u);  // 4 symmetries
  EXPECT_EQ(mnk::first_move_classes(mnk::parse_instance("5x5k4:c3")).size(), 5u);
  EXPECT_EQ(mnk::first_move_classes(mnk::parse_instance("5x5k4:a1")).size(), 14u);  // diagonal
  EXPECT_EQ(mnk::first_move_classes(mnk::parse_instance("5x5k4:a2")).size(), 24u);  // none
}

// A resume: the pieces already finished are not solved again, and the answer is the same.
TEST(MnkJournal, ResumeSkipsFinishedPieces) {
  const auto inst = mnk::parse_instance("5x4k4");
  const auto list = mnk::first_move_pieces(inst, mnk::pns, 64ull << 20);
  std::vector<sb::Subtotals> all(list.count);
  for (std::uint64_t id = 0; id < list.count; ++id) list.solve(&id, 1, &all[id]);
  for (int threads : {1, 2}) {
    sb::PieceHooks hooks;
    for (std::uint64_t id = 1; id < list.count; id += 2) hooks.finished.push_back({id, all[id]});
    std::mutex mu;
    std::set<std::uint64_t> solved;
    hooks.on_piece = [&](std::uint64_t id, const sb::Subtotals& s, double) {
      std::lock_guard lock(mu);
      solved.insert(id);
      EXPECT_EQ(s, all[id]);
    };
    auto p = params("5x4k4", threads);
    p.pieces = &hooks;
    const auto r = mnk::pns_pieces(p);
    EXPECT_EQ(solved.size(), list.count - hooks.finished.size());
    for (std::uint64_t id : solved) EXPECT_EQ(id % 2, 0u);
    const auto want = mnk::alphabeta_tt(params("5x4k4", 1));
    EXPECT_EQ(r.value, want.value);
    EXPECT_EQ(r.move_values, want.move_values);
  }
}

// pns-reply-pieces ("does the move win?" per first-move class, "does the reply win?" per class of
// replies to it): the value and every
// first move's value as alphabeta-tt finds them on the whole position, on 1 and 2 threads, also
// on boards where a first move wins at once or fills the board (pieces of the move alone).
TEST(MnkJournal, ReplyPiecesMatchPlainSolves) {
  for (const char* inst : {"3x3k3", "4x3k3", "4x4k3", "4x4k4", "3x3k3:b2", "4x4k4:a1,b2", "5x4k4",
                           "4x4k3-standard", "3x3k3:a1,b1,a2,c3", "3x3k3:b3,a3,a2,c3,b2,c2,c1,b1"})
    for (int threads : {1, 2}) {
      const auto want = mnk::alphabeta_tt(params(inst, 1));
      const auto r = mnk::pns_reply_pieces(params(inst, threads));
      EXPECT_EQ(r.value, want.value) << inst << " threads " << threads;
      EXPECT_EQ(r.move_values, want.move_values) << inst << " threads " << threads;
      const auto x = mnk::parse_instance(inst);
      EXPECT_EQ(mnk::verify(x, r, true), mnk::verify(x, want, true)) << inst;
    }
}

// The reply pieces: per first-move class its own piece and one per class of replies under the
// symmetries that fix the position after it (5 x 5: after c3 5 classes, after a1 14, ...); a
// resume from half of them gives the same values.
TEST(MnkJournal, ReplyPiecesAreTheReplyClassesAndResume) {
  const auto inst = mnk::parse_instance("5x5k4");
  std::uint64_t want = 0;
  for (const auto& c : mnk::first_move_classes(inst)) {
    auto after = inst;
    after.moves.push_back(c[0]);
    want += 1 + mnk::first_move_classes(after).size();
  }
  const auto list = mnk::reply_pieces(inst, 64ull << 20);
  EXPECT_EQ(list.count, want);
  EXPECT_EQ(list.scheme, "mnk-replies");
  EXPECT_NE(list.hash, mnk::first_move_pieces(inst, mnk::pns, 64ull << 20).hash);
  const auto small = mnk::parse_instance("5x4k4");
  const auto small_list = mnk::reply_pieces(small, 64ull << 20);
  std::vector<sb::Subtotals> all(small_list.count);
  for (std::uint64_t id = 0; id < small_list.count; ++id) small_list.solve(&id, 1, &all[id]);
  const auto plain = mnk::alphabeta_tt(params("5x4k4", 1));
  for (int threads : {1, 2}) {
    sb::PieceHooks hooks;
    for (std::uint64_t id = 0; id < small_list.count; id += 2)
      hooks.finished.push_back({id, all[id]});
    std::mutex mu;
    std::set<std::uint64_t> solved;
    hooks.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) {
      std::lock_guard lock(mu);
      solved.insert(id);
      EXPECT_EQ(t, all[id]) << id;
    };
    auto p = params("5x4k4", threads);
    p.pieces = &hooks;
    const auto r = mnk::pns_reply_pieces(p);
    EXPECT_EQ(solved.size(), small_list.count / 2);
    for (std::uint64_t id : solved) EXPECT_EQ(id % 2, 1u);
    EXPECT_EQ(r.value, plain.value);
    EXPECT_EQ(r.move_values, plain.move_values);
  }
}

// 5 x 5 with k = 4 (a draw, Lee): every move's value as pns finds it without pieces.
TEST(MnkJournal, ReplyPiecesFiveByFiveKFour) {
  const auto want = mnk::pns(params("5x5k4", 1));
  const auto r = mnk::pns_reply_pieces(params("5x5k4", 2));
  EXPECT_EQ(r.value, mnk::Value::kDraw);
  EXPECT_EQ(r.move_values, want.move_values);
}

// pns-refutation-pieces ("does the move win?" through one chosen reply, per class of third moves;
// the whole question only when the reply is refuted): the value and every first move's value as
// alphabeta-tt finds them, on 1 and 2 threads, on drawn boards (every reply holds), won boards
// (the chosen reply is refuted and the deferred whole question asked) and boards where a move
// wins at once or fills the board.
TEST(MnkJournal, RefutationPiecesMatchPlainSolves) {
  for (const char* inst :
       {"3x3k3", "4x3k3", "4x4k3", "4x4k4", "3x3k3:b2", "4x4k4:a1,b2", "5x4k4", "4x4k3-standard",
        "3x3k3:a1,b1,a2,c3", "3x3k3:b3,a3,a2,c3,b2,c2,c1,b1", "1x2k2", "5x4k3"})
    for (int threads : {1, 2}) {
      const auto want = mnk::alphabeta_tt(params(inst, 1));
      const auto r = mnk::pns_refutation_pieces(params(inst, threads));
      EXPECT_EQ(r.value, want.value) << inst << " threads " << threads;
      EXPECT_EQ(r.move_values, want.move_values) << inst << " threads " << threads;
    }
}

// The refutation pieces of 5 x 5 with k = 4: per first-move class the third-move classes after
// its chosen reply and a deferred whole question, then its reply classes. A run journals every
// piece, the ones not needed with value 0; a resume from any part of that journal, or from
// every piece solved outright (needed or not), gives the same values, and solves only pieces
// not given.
TEST(MnkJournal, RefutationPiecesPlanAndResume) {
  const auto inst = mnk::parse_instance("5x5k4");
  std::uint64_t want = 0;
  for (const auto& c : mnk::first_move_classes(inst)) {
    auto after = inst;
    after.moves.push_back(c[0]);
    const auto replies = mnk::first_move_classes(after);
    want += replies.size();
    bool found = false;  // the chosen reply: a neighbour of c (on 5 x 5 every move has one)
    for (int d : {-6, -4, 4, 6, -5, -1, 1, 5})
      for (const auto& rc : replies)
        if (!found && rc[0] == c[0] + d && std::abs(rc[0] % 5 - c[0] % 5) <= 1) {
          auto after2 = after;
          after2.moves.push_back(rc[0]);
          want += mnk::first_move_classes(after2).size() + 1;
          found = true;
        }
    EXPECT_TRUE(found) << c[0];
  }
  const auto list = mnk::refutation_pieces(inst, 64ull << 20);
  EXPECT_EQ(list.count, want);
  EXPECT_EQ(list.scheme, "mnk-refutations");
  EXPECT_NE(list.hash, mnk::reply_pieces(inst, 64ull << 20).hash);

  for (const char* text : {"5x4k4", "4x4k3"}) {
    const auto small = mnk::parse_instance(text);
    const auto small_list = mnk::refutation_pieces(small, 64ull << 20);
    const auto plain = mnk::alphabeta_tt(params(text, 1));
    std::vector<sb::Subtotals> run(small_list.count), outright(small_list.count);
    sb::PieceHooks record;
    record.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) { run[id] = t; };
    auto p = params(text, 1);
    p.pieces = &record;
    mnk::pns_refutation_pieces(p);
    std::size_t skipped = 0;
    for (std::uint64_t id = 0; id < small_list.count; ++id) {
      small_list.solve(&id, 1, &outright[id]);
      if (run[id].v[0] == 0)
        ++skipped;
      else
        EXPECT_EQ(run[id], outright[id]) << text << " piece " << id;
    }
    // 4x4k3: third moves after a refuted reply; 5x4k4 (a draw): every reply (strategy stealing)
    EXPECT_GT(skipped, 0u) << text;
    for (int threads : {1, 2})
      for (int part : {0, 1, 2}) {
        sb::PieceHooks hooks;
        for (std::uint64_t id = 0; id < small_list.count; ++id)
          if (part == 2 || (part == 0 && id < small_list.count / 2) || (part == 1 && id % 2 == 1))
            hooks.finished.push_back({id, part == 2 ? outright[id] : run[id]});
        std::mutex mu;
        std::set<std::uint64_t> solved;
        hooks.on_piece = [&](std::uint64_t id, const sb::Subtotals&, double) {
          std::lock_guard lock(mu);
          solved.insert(id);
        };
        auto q = params(text, threads);
        q.pieces = &hooks;
        const auto r = mnk::pns_refutation_pieces(q);
        EXPECT_EQ(solved.size() + hooks.finished.size(), small_list.count) << text << part;
        EXPECT_EQ(r.value, plain.value) << text << " part " << part << " threads " << threads;
        EXPECT_EQ(r.move_values, plain.move_values) << text << " part " << part;
      }
  }
}

// The refutation pieces' estimated work (for the time left on stderr). The list's prior: a piece
// expected not to be needed (a deferred question; a reply piece where strategy stealing leaves
// every reply unneeded) weighs 0, the others alike. In a run the estimate is in nodes, from the
// pieces' measured sizes: at the end of a run the work planned and the work done are both the
// nodes of every piece (also on a resumed run, and when pieces weighed 0 were needed after all:
// 4x4k3 is a first-player win, so the replies to its winning first move were needed).
TEST(MnkJournal, RefutationPiecesEstimatedWork) {
  for (const char* text : {"5x4k4", "4x4k3"}) {
    const auto list = mnk::refutation_pieces(mnk::parse_instance(text), 64ull << 20);
    ASSERT_EQ(list.work.size(), list.count) << text;
    std::uint64_t heavy = 0, zero = 0;
    for (std::uint64_t w : list.work) {
      if (w == 0) {
        ++zero;
      } else {
        if (heavy == 0) heavy = w;
        EXPECT_EQ(w, heavy) << text;
      }
    }
    EXPECT_GT(zero, 0u) << text;
    EXPECT_GT(heavy, 0u) << text;
    std::vector<sb::Subtotals> run(list.count);
    for (int threads : {1, 2}) {
      sb::Progress progress;
      sb::PieceHooks record;
      record.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) { run[id] = t; };
      auto p = params(text, threads);
      p.progress = &progress;
      p.pieces = &record;
      const auto r = mnk::pns_refutation_pieces(p);
      std::uint64_t nodes = 0;
      for (const auto& t : run) nodes += t.v[2];
      EXPECT_EQ(nodes, r.nodes) << text << threads;
      EXPECT_EQ(progress.work_total.load(), nodes) << text << threads;
      EXPECT_EQ(progress.work_done.load(), nodes) << text << threads;
    }
    // Resumed from either half of the last run's pieces: the work done ends at the work planned,
    // the nodes of every piece.
    for (int threads : {1, 2})
      for (int part : {0, 1}) {
        sb::PieceHooks hooks;
        for (std::uint64_t id = 0; id < list.count; ++id)
          if ((id < list.count / 2) == (part == 0)) hooks.finished.push_back({id, run[id]});
        std::vector<sb::Subtotals> now = run;
        hooks.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) { now[id] = t; };
        sb::Progress progress;
        auto p = params(text, threads);
        p.progress = &progress;
        p.pieces = &hooks;
        mnk::pns_refutation_pieces(p);
        std::uint64_t nodes = 0;
        for (const auto& t : now) nodes += t.v[2];
        EXPECT_EQ(progress.work_done.load(), progress.work_total.load())
            << text << " threads " << threads << " part " << part;
        EXPECT_EQ(progress.work_total.load(), nodes)
            << text << " threads " << threads << " part " << part;
      }
  }
}

// The order a run takes the refutation pieces in: a permutation of the ids; the first moves'
// questions one of each first move in turn (at any point no first move has two more of them
// taken than another that still has some left), then the other pieces in id order.
TEST(MnkJournal, RefutationPiecesTakeTheFirstMovesInTurn) {
  for (const char* text : {"5x4k4", "4x4k3", "5x5k4"}) {
    const auto inst = mnk::parse_instance(text);
    const auto list = mnk::refutation_pieces(inst, 64ull << 20);
    ASSERT_EQ(list.order.size(), list.count) << text;
    std::set<std::uint64_t> distinct(list.order.begin(), list.order.end());
    ASSERT_EQ(distinct.size(), list.count) << text;
    ASSERT_EQ(*distinct.rbegin(), list.count - 1) << text;
    // each piece's first move and kind from its cell subtotal (cells * (cells + 1) + ...: a
    // third-move piece; below cells: a first move's own piece), read from a run's journal
    std::vector<sb::Subtotals> sub(list.count);
    sb::PieceHooks record;
    record.on_piece = [&](std::uint64_t id, const sb::Subtotals& t, double) { sub[id] = t; };
    auto p = params(text, 1);
    p.pieces = &record;
    mnk::pns_refutation_pieces(p);
    const std::uint64_t cells = static_cast<std::uint64_t>(inst.cells());
    auto first_of = [&](std::uint64_t id) -> std::int64_t {
      const std::uint64_t c = sub[id].v[1];
      if (c < cells) return static_cast<std::int64_t>(c);
      if (c >= cells * (cells + 1))
        return static_cast<std::int64_t>((c - cells * (cells + 1)) / (cells * cells));
      return -1;  // a reply piece (or a deferred question: its cell is its first move, but it comes
                  // later)
    };
    std::map<std::int64_t, std::uint64_t> total, taken;
    std::uint64_t questions = 0;
    for (std::uint64_t id = 0; id < list.count; ++id) {
      const std::int64_t f = first_of(id);
      if (f >= 0 && (sub[id].v[1] >= cells * (cells + 1) || list.work[id] > 0))
        ++total[f], ++questions;
    }
    EXPECT_GT(total.size(), 1u) << text;
    for (std::uint64_t k = 0; k < list.count; ++k) {
      const std::uint64_t id = list.order[k];
      if (k < questions) {
        const std::int64_t f = first_of(id);
        ASSERT_TRUE(total.count(f)) << text << " position " << k;
        ++taken[f];
        for (const auto& [g, n] : total) {
          if (taken[g] < n) {
            EXPECT_LE(taken[f], taken[g] + 1) << text << " position " << k;
          }
        }
      } else if (k > questions) {
        EXPECT_LT(list.order[k - 1], id) << text << " position " << k;
      }
    }
  }
}

fs::path temp_dir() {
  return sb::test::process_temp_dir("mnk_journal");
}

fs::path temp(const std::string& name) {
  return sb::test::fresh_temp_path("mnk_journal", name);
}

// Through the CLI: a journalled solve of 5x5k4, a journal cut after some pieces (one damaged, one
// cut short) resumed to the same values, --verify of a piece by the other kernel, refusals.
TEST(MnkJournal, CliJournalResumeVerifyAndRefusals) {
  const std::string inst = "-i 5x4k4 --all-moves -f csv";
  const auto plain = run_cli("mnk solve " + inst + " --kernel alphabeta-tt");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  for (int threads : {1, 2}) {
    const fs::path j = temp("m" + std::to_string(threads) + ".journal");
    const std::string t = " -t " + std::to_string(threads);
    const auto full = run_cli("mnk solve " + inst + t + " --journal " + j.string());
    ASSERT_EQ(full.exit_code, 0) << full.err;
    EXPECT_EQ(csv_column(full.out, "kernel"), "pns-pieces");
    EXPECT_EQ(csv_column(full.out, "verified"), "pass");
    for (const char* c : {"value", "move_values"})
      EXPECT_EQ(csv_column(full.out, c), csv_column(plain.out, c)) << c;
    const std::string text = slurp(j);
    EXPECT_NE(text.find("\nresult value=draw best="), std::string::npos) << text;

    std::istringstream in(text);
    std::string cut;
    int pieces = 0;
    for (std::string l; std::getline(in, l);) {
      if (l.rfind("result ", 0) == 0) break;
      if (l.rfind("piece ", 0) == 0 && ++pieces == 3) {
        cut += l.substr(0, l.size() - 5);  // cut short by a kill
        break;
      }
      if (pieces == 1 && l.rfind("piece ", 0) == 0) l[l.find("cell=") + 5] ^= 1;  // damaged
      cut += l + "\n";
    }
    const fs::path k = temp("k" + std::to_string(threads) + ".journal");
    std::ofstream(k) << cut;
    const auto resumed = run_cli("mnk solve " + inst + t + " --resume " + k.string());
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("1 of 6 pieces already done"), std::string::npos) << resumed.err;
    for (const char* c : {"value", "move_values", "verified"})
      EXPECT_EQ(csv_column(resumed.out, c), csv_column(full.out, c)) << c;
    const std::string after = slurp(k);
    EXPECT_EQ(after.substr(0, cut.size()), cut);
    EXPECT_NE(after.find("\nresult value=draw best="), std::string::npos);

    // Every piece re-proved by the other kernel (a second route) agrees with the journal.
    for (int piece = 0; piece < 6; ++piece) {
      const auto v =
          run_cli("mnk solve -i 5x4k4 --all-moves --kernel alphabeta-tt-pieces --verify " +
                  std::to_string(piece) + " --resume " + k.string());
      EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
      EXPECT_NE(v.out.find("verified  = pass"), std::string::npos) << v.out;
    }
    EXPECT_EQ(slurp(k), after);  // only read
    // nodes_per_s counts this run's pieces only: resumed once more, the finished journal is put
    // together without a search, so its speed is 0 however many nodes its pieces took.
    const auto again = run_cli("mnk solve " + inst + t + " --resume " + k.string());
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(csv_column(again.out, "nodes"), csv_column(resumed.out, "nodes"));
    EXPECT_EQ(csv_column(again.out, "nodes_per_s"), "0");
  }
  const fs::path j = temp_dir() / "m1.journal";
  const std::string before = slurp(j);
  expect_refused(run_cli("mnk solve -i 5x4k4:a1 --resume " + j.string()),
                 "belongs to mnk instance");
  expect_refused(
      run_cli("mnk solve -i 5x4k4 --all-moves --kernel alphabeta-tt-pieces --resume " + j.string()),
      "written by kernel pns-pieces");
  expect_refused(run_cli("mnk solve -i 5x4k4 --resume " + j.string()),
                 "not 5x4k4:value-only");  // the question is part of the instance
  expect_refused(run_cli("queens-game solve -n 5 --resume " + j.string()), "not queens-game");
  expect_refused(run_cli("mnk solve -i 5x4k4 --all-moves --verify 6 --resume " + j.string()),
                 "out of range");
  // --verify says which question differs before which piece list does
  expect_refused(run_cli("mnk solve -i 5x4k4 --verify 0 --resume " + j.string()),
                 "verify it with the instance and options of its run");
  expect_refused(run_cli("queens-game solve -n 5 --verify 0 --resume " + j.string()),
                 "is a mnk journal, not queens-game");
  expect_refused(
      run_cli("mnk solve -i 5x4k4 --all-moves --verify 0 --resume " + temp_dir().string()),
      "is a directory");
  expect_refused(run_cli("mnk solve -i 5x4k4 --journal " + j.string()), "already exists");
  EXPECT_EQ(slurp(j), before);
}

// Through the CLI, pns-reply-pieces: a journalled solve gives the plain values; --verify of a
// reply piece by the same kernel passes (named or taken from the journal), by pns-pieces (another
// piece list) is refused naming the kernel to use.
TEST(MnkJournal, CliReplyPiecesJournalAndVerify) {
  const std::string inst = "-i 5x4k4 --all-moves -f csv";
  const auto plain = run_cli("mnk solve " + inst + " --kernel alphabeta-tt");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const fs::path j = temp("reply.journal");
  const auto full =
      run_cli("mnk solve " + inst + " -t 2 --kernel pns-reply-pieces --journal " + j.string());
  ASSERT_EQ(full.exit_code, 0) << full.err;
  for (const char* c : {"value", "move_values", "verified"})
    EXPECT_EQ(csv_column(full.out, c), csv_column(plain.out, c)) << c;
  const std::string text = slurp(j);
  EXPECT_NE(text.find("\npieces mnk-replies "), std::string::npos) << text;
  const auto v = run_cli(
      "mnk solve -i 5x4k4 --all-moves --kernel pns-reply-pieces --verify 7 "
      "--resume " +
      j.string());
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("verified  = pass"), std::string::npos) << v.out;
  // Without --kernel the journal's own kernel proves the piece again.
  const auto own = run_cli("mnk solve -i 5x4k4 --all-moves --verify 7 --resume " + j.string());
  EXPECT_EQ(own.exit_code, 0) << own.out << own.err;
  EXPECT_NE(own.out.find("kernel pns-reply-pieces"), std::string::npos) << own.out;
  EXPECT_NE(own.out.find("verified  = pass"), std::string::npos) << own.out;
  expect_refused(run_cli("mnk solve -i 5x4k4 --all-moves --kernel pns-pieces --verify 7 --resume " +
                         j.string()),
                 "verify it with --kernel pns-reply-pieces");
  expect_refused(run_cli("mnk solve -i 3x3k3:b3,a3,a2,c3,b2,c2,c1,b1,a1 --kernel pns-reply-pieces "
                         "--verify 0"),
                 "has no pieces");  // a full board
  EXPECT_EQ(slurp(j), text);
}

/// The id of the first piece line of journal `text` recorded as not needed (value=0), or as
/// solved when not_needed is false; empty when there is none.
std::string first_piece(const std::string& text, bool not_needed) {
  std::istringstream lines(text);
  for (std::string l; std::getline(lines, l);)
    if (l.rfind("piece ", 0) == 0 && (l.find(" value=0 ") != std::string::npos) == not_needed)
      return l.substr(6, l.find(' ', 6) - 6);
  return "";
}

// Through the CLI, pns-refutation-pieces: a journalled solve gives the plain values, and its
// journal says which pieces were not needed (value 0); --verify re-proves a third-move piece; a
// verify of a piece not needed in the run says so and proves it; pns-reply-pieces (another
// list) is refused naming the kernel.
TEST(MnkJournal, CliRefutationPiecesJournalAndVerify) {
  const std::string inst = "-i 4x4k3 --all-moves -f csv";
  const auto plain = run_cli("mnk solve " + inst + " --kernel alphabeta-tt");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const fs::path j = temp("refutation.journal");
  const auto full =
      run_cli("mnk solve " + inst + " -t 2 --kernel pns-refutation-pieces --journal " + j.string());
  ASSERT_EQ(full.exit_code, 0) << full.err;
  for (const char* c : {"value", "move_values", "verified"})
    EXPECT_EQ(csv_column(full.out, c), csv_column(plain.out, c)) << c;
  const std::string text = slurp(j);
  EXPECT_NE(text.find("\npieces mnk-refutations "), std::string::npos) << text;
  // Which pieces a run solves depends on timing: take them from the journal.
  const std::string solved = first_piece(text, false);
  ASSERT_FALSE(solved.empty()) << text;
  const auto v = run_cli("mnk solve -i 4x4k3 --all-moves --kernel pns-refutation-pieces --verify " +
                         solved + " --resume " + j.string());
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("verified  = pass"), std::string::npos) << v.out;
  const std::string skipped = first_piece(text, true);
  ASSERT_FALSE(skipped.empty()) << text;
  const auto na =
      run_cli("mnk solve -i 4x4k3 --all-moves --kernel pns-refutation-pieces --verify " + skipped +
              " --resume " + j.string());
  EXPECT_EQ(na.exit_code, 1) << na.out << na.err;
  EXPECT_NE(na.out.find("not needed in the run"), std::string::npos) << na.out;
  EXPECT_NE(na.out.find("verified  = na"), std::string::npos) << na.out;
  // The same two as one CSV record each (-f csv); the kernel is the journal's.
  const auto v_csv = run_cli("mnk solve -i 4x4k3 --all-moves -f csv --verify " + solved +
                             " --resume " + j.string());
  EXPECT_EQ(v_csv.exit_code, 0) << v_csv.out << v_csv.err;
  EXPECT_EQ(csv_column(v_csv.out, "kernel"), "pns-refutation-pieces") << v_csv.out;
  EXPECT_EQ(csv_column(v_csv.out, "journal_record"), "solved") << v_csv.out;
  EXPECT_EQ(csv_column(v_csv.out, "journal_value"), csv_column(v_csv.out, "value")) << v_csv.out;
  EXPECT_EQ(csv_column(v_csv.out, "verified"), "pass") << v_csv.out;
  const auto na_csv = run_cli("mnk solve -i 4x4k3 --all-moves -f csv --verify " + skipped +
                              " --resume " + j.string());
  EXPECT_EQ(na_csv.exit_code, 1) << na_csv.out << na_csv.err;
  EXPECT_EQ(csv_column(na_csv.out, "journal_record"), "not needed") << na_csv.out;
  EXPECT_EQ(csv_column(na_csv.out, "journal_value"), "") << na_csv.out;  // a placeholder
  EXPECT_EQ(csv_column(na_csv.out, "verified"), "na") << na_csv.out;
#ifdef SEARCHBENCH_WITH_TBB  // without oneTBB the kernel runs on one thread, with all of 1M
  // A table budget too small for each thread's piece: one line, exit 2, no journal left.
  const fs::path small = temp("small.journal");
  expect_refused(run_cli("mnk solve -i 4x4k3 --kernel pns-refutation-pieces -t 2 --max-memory 1M "
                         "--journal " +
                         small.string()),
                 "less than 1 MiB for each piece");
  EXPECT_FALSE(fs::exists(small));
#endif
  expect_refused(run_cli("mnk solve -i 4x4k3 --all-moves --kernel pns-reply-pieces --verify 1 "
                         "--resume " +
                         j.string()),
                 "verify it with --kernel pns-refutation-pieces");
  EXPECT_EQ(slurp(j), text);
}

}  // namespace
