// Tests of the tsume-shogi problem: move generation (perft from the start position against the
// published counts), each rule on a small position, SFEN refusals, and the kernels against each
// other and the suite; main lines are checked independently by fresh dfpn runs along them.
#include <gtest/gtest.h>
#include <iconv.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tsume/dfpn_search.hpp"
#include "tsume/dfpn_table.hpp"
#include "tsume/problem.hpp"
#include "tsume/tsume.hpp"

using namespace sb::tsume;

namespace {

std::vector<std::string> usi_moves(const Position& pos, bool checks_only) {
  Move buf[kMaxMoves];
  const int n = checks_only ? generate_checks(pos, buf) : generate_legal(pos, buf);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(usi_move(buf[i]));
  return out;
}
bool has(const std::vector<std::string>& v, const std::string& m) {
  return std::find(v.begin(), v.end(), m) != v.end();
}

Result run(const std::function<Result(const Params&)>& k, const std::string& sfen,
           int threads = 1) {
  Params p;
  p.root = parse_sfen(sfen);
  p.threads = threads;
  p.max_memory = 64ull << 20;
  return k(p);
}

// Minimal mate length of pos (attacker to move) by dfpn, or -1 (no mate, or not settled).
int minimal_mate(const Position& pos) {
  Params p;
  p.root = pos;
  p.max_memory = 64ull << 20;
  const Result r = dfpn(p);
  return r.outcome == Outcome::kMate && r.length_proven ? r.mate_length : -1;
}

// An independent check of a main line of length len from root (attacker to move), by fresh dfpn
// runs on the positions along it: every attacker position with r plies left has minimal mate r
// (the attacker plays shortest), and every defender position with r plies left has an evasion
// lasting r - 1 plies and none lasting longer (the defender plays longest; the one played lasts
// r - 1). Returns "" or what is wrong.
std::string check_main_line(const Position& root, const std::vector<Move>& line, int len) {
  if (static_cast<int>(line.size()) != len) return "length";
  Position pos = root;
  for (int i = 0; i < len; ++i) {
    const int r = len - i;
    if (i % 2 == 0) {
      if (minimal_mate(pos) != r) return "ply " + std::to_string(i + 1) + ": attacker not shortest";
    } else {
      Move buf[kMaxMoves];
      const int n = generate_evasions(pos, buf, Interpositions::kAll);
      for (int j = 0; j < n; ++j) {
        Position child = pos;
        Undo u;
        child.do_move(buf[j], u);
        const int m = minimal_mate(child);
        if (m < 0 || m > r - 1) return "ply " + std::to_string(i + 1) + ": a longer defence";
        if (buf[j] == line[i] && m != r - 1)
          return "ply " + std::to_string(i + 1) + ": defender not longest";
      }
    }
    Undo u;
    pos.do_move(line[i], u);
  }
  return is_checkmate(pos) ? "" : "no mate at the end";
}

}  // namespace

// Published shogi perft from the start position (qiita.com/ak11/items/8bd5f2bb0f5b014143c8,
// "将棋でPerftしてみたまとめ", confirmed in the talkchess.com "Shogi Perft numbers" thread):
// 30, 900, 25,470, 719,731, 19,861,490, 547,581,517.
TEST(TsumePerft, StartPosition) {
  Position pos = start_position();
  const std::uint64_t expected[] = {1, 30, 900, 25470, 719731, 19861490};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

// Depth 6 takes 10-20 s on 2 cores, too long for every CI build: it runs only when the
// environment variable SEARCHBENCH_LONG_TESTS is set (see README, "The two commands").
TEST(TsumePerft, StartPositionDepth6) {
  const char* long_tests = std::getenv("SEARCHBENCH_LONG_TESTS");
  if (long_tests == nullptr || *long_tests == '\0' || std::string(long_tests) == "0")
    GTEST_SKIP() << "perft depth 6: set SEARCHBENCH_LONG_TESTS=1 to run it";
  Position pos = start_position();
  EXPECT_EQ(perft(pos, 6), 547581517u);
}

// The sliding attacks (a file table, and the obstruction difference along ranks and diagonals)
// against a square-by-square walk of each ray, on every square with random occupancies of every
// density.
TEST(TsumeMoveGen, SliderAttacksEqualRayWalk) {
  auto walk = [](int s, Bitboard occ, std::initializer_list<std::pair<int, int>> dirs) {
    Bitboard out = 0;
    for (const auto& [df, dr] : dirs)
      for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 9 && r >= 0 && r < 9;
           f += df, r += dr) {
        out |= bb_of(square(f, r));
        if (occ & bb_of(square(f, r))) break;
      }
    return out;
  };
  std::mt19937_64 rng(20261207);
  for (int trial = 0; trial < 400; ++trial) {
    Bitboard occ = 0;
    const int density = trial % 8;  // 0: empty board ... 7: most squares occupied
    for (int s = 0; s < kSquares; ++s)
      if (static_cast<int>(rng() % 8) < density) occ |= bb_of(s);
    for (int s = 0; s < kSquares; ++s) {
      ASSERT_EQ(rook_attacks(s, occ), walk(s, occ, {{0, -1}, {0, 1}, {1, 0}, {-1, 0}})) << s;
      ASSERT_EQ(bishop_attacks(s, occ), walk(s, occ, {{1, -1}, {-1, 1}, {1, 1}, {-1, -1}})) << s;
      ASSERT_EQ(lance_attacks(kBlack, s, occ), walk(s, occ, {{0, -1}})) << s;
      ASSERT_EQ(lance_attacks(kWhite, s, occ), walk(s, occ, {{0, 1}})) << s;
    }
  }
}

// The direct check generator against the slow reference (every legal move filtered by
// gives_check): same moves in the same order, on the positions of random games from the start
// position and from every puzzle of the suite (both kings, pins, discovered checks, promotions,
// drops).
TEST(TsumeMoveGen, DirectChecksEqualFilteredLegalMoves) {
  std::vector<std::string> starts = {
      "startpos",
      "4k4/9/4N4/9/4R4/9/9/9/4K4 b G2S 1",     // knight discovers the rook's check
      "k8/9/2S6/3B5/4r4/9/4S4/9/4K4 b GNL 1",  // silver discovers; another silver pinned
      "4k4/4l4/9/4S4/9/4L4/9/9/4K4 b BP 1",    // lance behind a silver
      "1k7/9/1P7/9/1R7/9/9/9/9 b P 1"};        // pawn in front (uchifuzume, nifu)
  for (const auto& p : puzzles()) starts.push_back(p.sfen);
  std::uint64_t rng = 0x2545F4914F6CDD1Dull;
  auto next = [&rng] {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
  };
  long positions = 0, checks = 0;
  for (const auto& sfen : starts)
    for (int game = 0; game < 40; ++game) {
      Position pos = parse_sfen(sfen);
      for (int ply = 0; ply < 60; ++ply) {
        Move a[kMaxMoves], b[kMaxMoves], all[kMaxMoves];
        const int na = generate_checks(pos, a), nb = generate_checks_filtered(pos, b);
        ASSERT_EQ(std::vector<Move>(a, a + na), std::vector<Move>(b, b + nb)) << format_sfen(pos);
        ++positions, checks += na;
        const int n = generate_legal(pos, all);
        if (n == 0) break;
        // prefer checks half of the time, so that games stay in tsume-like positions
        const Move m = (na && (next() & 1)) ? a[next() % na] : all[next() % n];
        Undo u;
        pos.do_move(m, u);
      }
    }
  EXPECT_GT(positions, 10000);
  EXPECT_GT(checks, 10000);
}

namespace {
// Legal moves by brute force, independent of the generator: every move each piece makes on the
// board (attacks_from) and every drop onto an empty square, less those that break a rule (dead
// piece, nifu, uchifuzume) or leave the mover's king attacked (found by playing the move).
std::vector<std::uint16_t> brute_force_legal(Position& pos, bool test_uchifuzume = true) {
  const Color us = pos.side_to_move();
  auto dead = [us](PieceType t, int to) {  // could never move again from `to`
    const int ahead = us == kBlack ? rank_of(to) : 8 - rank_of(to);
    return ((t == kPawn || t == kLance) && ahead == 0) || (t == kKnight && ahead <= 1);
  };
  std::vector<Move> cand;
  const Bitboard occ = pos.occupied();
  for (int from = 0; from < kSquares; ++from) {
    const Piece p = pos.piece_on(from);
    if (!p || color_of(p) != us) continue;
    const PieceType t = type_of(p);
    for (int to = 0; to < kSquares; ++to) {
      if (!(attacks_from(us, t, from, occ) & bb_of(to)) || (pos.pieces(us) & bb_of(to))) continue;
      if (promotable(t) && (promotion_zone(us) & (bb_of(from) | bb_of(to))))
        cand.push_back(Move::normal(from, to, true));
      if (!dead(t, to)) cand.push_back(Move::normal(from, to, false));
    }
  }
  for (int ti = kPawn; ti <= kGold; ++ti) {
    const auto t = static_cast<PieceType>(ti);
    if (!hand_count(pos.hand(us), t)) continue;
    for (int to = 0; to < kSquares; ++to) {
      if ((occ & bb_of(to)) || dead(t, to)) continue;
      bool nifu = false;
      for (int r = 0; r < 9; ++r) {
        const Piece q = pos.piece_on(square(file_of(to), r));
        nifu |= q && color_of(q) == us && type_of(q) == kPawn;
      }
      if (t == kPawn && nifu) continue;
      cand.push_back(Move::drop(t, to));
    }
  }
  std::vector<std::uint16_t> out;
  for (const Move m : cand) {
    Undo u;
    pos.do_move(m, u);
    const int k = pos.king_square(us);
    bool legal = k < 0 || !pos.attackers_to(~us, k);
    if (legal && test_uchifuzume && m.is_drop() && m.dropped() == kPawn && pos.in_check())
      legal = !brute_force_legal(pos, false).empty();  // a pawn drop may not mate
    pos.undo_move(m, u);
    if (legal) out.push_back(m.v);
  }
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

// The legal move generator (evasions at the defender's nodes) against the brute force above, on
// random games from the start position and from every puzzle of the suite, half of their moves
// checks so that many positions are in check (contact and distant checks, double checks, pins).
TEST(TsumeMoveGen, LegalMovesEqualBruteForce) {
  std::vector<std::string> starts = {"startpos", "4k4/9/4N4/9/4R4/9/9/9/4K4 b G2S 1",
                                     "1k7/9/1P7/9/1R7/9/9/9/9 b P 1"};
  for (const auto& p : puzzles()) starts.push_back(p.sfen);
  std::mt19937_64 rng(7);
  long positions = 0, in_check = 0;
  for (const auto& sfen : starts)
    for (int game = 0; game < 6; ++game) {
      Position pos = parse_sfen(sfen);
      for (int ply = 0; ply < 40; ++ply) {
        Move all[kMaxMoves], chk[kMaxMoves];
        const int n = generate_legal(pos, all);
        std::vector<std::uint16_t> got;
        for (int i = 0; i < n; ++i) got.push_back(all[i].v);
        std::sort(got.begin(), got.end());
        ASSERT_EQ(got, brute_force_legal(pos)) << format_sfen(pos);
        ++positions, in_check += pos.in_check();
        if (n == 0) break;
        const int nc = pos.king_square(~pos.side_to_move()) >= 0 ? generate_checks(pos, chk) : 0;
        const Move m = (nc && (rng() & 1)) ? chk[rng() % nc] : all[rng() % n];
        Undo u;
        pos.do_move(m, u);
      }
    }
  EXPECT_GT(positions, 5000);
  EXPECT_GT(in_check, 1000);
}

TEST(TsumeRules, UchifuzumeDropRefusedPawnMoveAllowed) {
  // White king 1a, its knight on 2a; a Black gold on 2c guards 1b and 2b: P*1b would mate.
  const Position drop = parse_sfen("7nk/9/7G1/9/9/9/9/9/9 b P 1");
  EXPECT_FALSE(has(usi_moves(drop, false), "P*1b"));
  EXPECT_FALSE(has(usi_moves(drop, true), "P*1b"));
  // The same mate by a pawn *move* is legal, and it mates.
  Position move = parse_sfen("7nk/9/7GP/9/9/9/9/9/9 b - 1");
  EXPECT_TRUE(has(usi_moves(move, true), "1c1b"));
  Undo u;
  move.do_move(parse_usi_move(move, "1c1b"), u);
  EXPECT_TRUE(is_checkmate(move));
  // A pawn drop that checks without mating stays legal (the king takes it).
  const Position free_king = parse_sfen("8k/9/9/9/9/9/9/9/9 b P 1");
  EXPECT_TRUE(has(usi_moves(free_king, true), "P*1b"));
}

TEST(TsumeRules, Nifu) {
  const Position pos = parse_sfen("4k4/9/9/9/9/4P4/9/9/9 b P 1");
  const auto moves = usi_moves(pos, false);
  for (char r = 'b'; r <= 'i'; ++r) EXPECT_FALSE(has(moves, std::string("P*5") + r));
  EXPECT_TRUE(has(moves, "P*4e"));
  EXPECT_THROW(parse_sfen("4k4/9/9/4P4/9/4P4/9/9/9 b - 1"), std::invalid_argument);
}

TEST(TsumeRules, DeadPieceDrops) {
  const Position pos = parse_sfen("4k4/9/9/9/9/9/9/9/9 b PLN 1");
  const auto moves = usi_moves(pos, false);
  for (char f = '1'; f <= '9'; ++f) {
    const std::string a = std::string(1, f) + "a", b = std::string(1, f) + "b";
    EXPECT_FALSE(has(moves, "P*" + a));
    EXPECT_FALSE(has(moves, "L*" + a));
    EXPECT_FALSE(has(moves, "N*" + a));
    EXPECT_FALSE(has(moves, "N*" + b));
  }
  EXPECT_TRUE(has(moves, "N*1c"));
  EXPECT_TRUE(has(moves, "L*1b"));
}

TEST(TsumeRules, ForcedAndOptionalPromotion) {
  // Pawn 2b -> 2a and knight 8d -> 7b must promote; silver 4d -> 4c may promote or not.
  const Position pos = parse_sfen("k8/7P1/9/1N3S3/9/9/9/9/8K b - 1");
  const auto moves = usi_moves(pos, false);
  EXPECT_TRUE(has(moves, "2b2a+"));
  EXPECT_FALSE(has(moves, "2b2a"));
  EXPECT_TRUE(has(moves, "8d7b+"));
  EXPECT_FALSE(has(moves, "8d7b"));
  EXPECT_TRUE(has(moves, "4d4c+"));
  EXPECT_TRUE(has(moves, "4d4c"));
  EXPECT_FALSE(has(moves, "4d5e+"));  // outside the zone
}

TEST(TsumeRules, DefenderDropsOnlyWhatItHolds) {
  // Rook check down file 1 against the king on 1a (2a, 2b blocked by its own pieces): with an
  // empty hand the defender is mated at once; with a pawn in hand it can interpose.
  Position none = parse_sfen("7lk/7p1/9/9/9/9/9/9/9 b R 1");
  Undo u;
  none.do_move(parse_usi_move(none, "R*1e"), u);
  EXPECT_TRUE(is_checkmate(none));
  Position pawn = parse_sfen("7lk/7p1/9/9/9/9/9/9/9 b Rp 1");
  pawn.do_move(parse_usi_move(pawn, "R*1e"), u);
  EXPECT_FALSE(is_checkmate(pawn));
  const auto ev = usi_moves(pawn, false);
  EXPECT_TRUE(has(ev, "P*1c"));
  EXPECT_FALSE(has(ev, "G*1c"));
  for (Kernel k : {andor, andor_tt, dfpn}) {
    const Result r = run(k, "7lk/7p1/9/9/9/9/9/9/9 b R 1");
    EXPECT_EQ(r.outcome, Outcome::kMate);
    EXPECT_EQ(r.mate_length, 1);
  }
}

TEST(TsumeRules, FutileInterpositions) {
  // Rook on 1i checks the king on 1a along file 1 (1e2d discovers it); 2a and 2b are the
  // defender's own pieces, and the silver on 2c guards 1b. White holds two lances, a silver on
  // 2g guarding 1h and 1f, and a gold on 2e guarding 1e (and able to move there).
  Position pos = parse_sfen("7lk/7p1/7S1/9/7gS/9/7s1/9/8R b 2l 1");
  Undo u;
  pos.do_move(parse_usi_move(pos, "1e2d"), u);
  ASSERT_TRUE(pos.in_check());
  std::vector<std::string> futile, counted;
  Move buf[kMaxMoves];
  const int n = generate_legal(pos, buf);
  for (int i = 0; i < n; ++i)
    (is_futile_interposition(pos, buf[i]) ? futile : counted).push_back(usi_move(buf[i]));
  // futile: unguarded drops away from the king; counted: next to the king, guarded squares,
  // board moves
  EXPECT_EQ(futile, (std::vector<std::string>{"L*1c", "L*1d", "L*1g"}));
  for (const char* m : {"L*1b", "L*1e", "L*1f", "L*1h", "2e1e"}) EXPECT_TRUE(has(counted, m)) << m;
  Move ev[kMaxMoves];
  EXPECT_EQ(generate_evasions(pos, ev, Interpositions::kAll), n);
  EXPECT_EQ(generate_evasions(pos, ev, Interpositions::kNoFutile), n - 3);
  Position quiet = start_position();  // White to move, not in check: no interposition at all
  quiet.do_move(parse_usi_move(quiet, "7g7f"), u);
  EXPECT_FALSE(is_futile_interposition(quiet, Move::drop(kPawn, square(4, 4))));

  // 1e2d: every legal interposition counted, White drops a lance far away (1d), the rook takes
  // it, the second lance goes to 1c and Black mates with the captured lance on 1b: 5 plies.
  // Without futile interpositions the only reply is L*1b, then 1i1b+ mates: 3 plies.
  const std::string sfen = "7lk/7p1/7S1/9/8S/9/9/9/8R b 2l 1";
  for (const auto& k : kernels()) {
    Params p;
    p.root = parse_sfen(sfen);
    p.max_memory = 64ull << 20;
    Result r = k.typed.fn(p);
    EXPECT_EQ(r.mate_length, 5) << k.typed.name;
    EXPECT_TRUE(r.length_proven) << k.typed.name;
    p.interpositions = Interpositions::kNoFutile;
    r = k.typed.fn(p);
    EXPECT_EQ(r.mate_length, 3) << k.typed.name;
    EXPECT_TRUE(r.length_proven) << k.typed.name;
    std::vector<std::string> line;
    for (Move m : r.main_line) line.push_back(usi_move(m));
    EXPECT_EQ(line, (std::vector<std::string>{"1e2d", "L*1b", "1i1b+"})) << k.typed.name;
  }
}

TEST(TsumeRules, PerpetualCheckIsNoMate) {
  // (the full-width andor kernels cannot exhaust this tree in test time)
  const std::string sfen = "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1";
  for (const auto& k : kernels()) {
    if (k.typed.name.rfind("andor", 0) == 0) continue;
    const Result r = run(k.typed.fn, sfen, 2);
    EXPECT_EQ(r.outcome, Outcome::kNoMate) << k.typed.name;
  }
}

TEST(TsumeSfen, RoundTrip) {
  for (const auto& p : puzzles()) EXPECT_EQ(format_sfen(parse_sfen(p.sfen)), p.sfen) << p.name;
  EXPECT_EQ(format_sfen(start_position()),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

TEST(TsumeSfen, MissingHandsFieldIsNamed) {
  // three fields whose third is a number: the hands were left out, not a bad hand text
  try {
    parse_sfen("4k4/9/9/9/9/9/9/9/8K w 1");
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("hands field is missing"), std::string::npos) << e.what();
  }
}

TEST(TsumeSfen, BadInputOneLine) {
  const char* bad[] = {
      "4k4/9/9/9/9/9/9/9/9 b X 1",      // unknown hand letter
      "4x4/9/9/9/9/9/9/9/9 b - 1",      // unknown piece
      "4k5/9/9/9/9/9/9/9/9 b - 1",      // rank too long
      "4k3/9/9/9/9/9/9/9/9 b - 1",      // rank too short
      "4k4/9/9/9/9/9/9/9 b - 1",        // 8 ranks
      "4k4/9/9/9/9/9/9/9/9 b 19P 1",    // too many pawns
      "4k4/9/9/9/9/9/9/9/9 b 3R 1",     // too many rooks
      "4k4/9/9/9/9/9/9/9/9 b 2Rr 1",    // 3 rooks over both hands
      "P3k4/9/9/9/9/9/9/9/9 b - 1",     // pawn on the last rank
      "N3k4/9/9/9/9/9/9/9/9 b - 1",     // knight on rank 1
      "4k4/N8/9/9/9/9/9/9/9 b - 1",     // knight on rank 2
      "4k4/9/9/9/9/9/9/9/8p b - 1",     // white pawn on rank 9
      "4k4/9/9/4P4/9/4P4/9/9/9 b - 1",  // nifu
      "9/9/9/9/9/9/9/9/4K4 b - 1",      // no defending king
      "4k4/4R4/9/9/9/9/9/9/9 b - 1",    // the attacker could capture the king
      "4k4/9/9/9/9/9/9/9/9 x - 1",      // side to move
      "4k4/9/9/9/9/9/9/9/9 b - 0",      // move number
      "4k4/9/9/9/9/9/9/9/9",            // missing fields
      "4kk3/9/9/9/9/9/9/9/9 b - 1",     // two kings of one side
      "4+k4/9/9/9/9/9/9/9/9 b - 1",     // promoted king
      "4k4/9/9/9/9/9/9/9/8K w 1",       // hands field missing before the move number
      "4k4/9/9/9/9/9/9/9/9 b 2G2G 1",   // a hand letter twice
      "4k4/9/9/9/9/9/9/9/9 b GG 1",     // the same without counts
      "4k4/9/9/9/9/9/9/9/9 b 02G 1",    // a count with a leading zero
  };
  for (const char* s : bad) {
    try {
      parse_sfen(s);
      ADD_FAILURE() << "accepted: " << s;
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_EQ(what.rfind("SFEN: ", 0), 0u) << what;
    }
  }
}

TEST(TsumeKif, ArticleDiagram) {
  // The board diagram of jisaku-10 as the article 詰め将棋ルーチン製作 prints it: 'v' marks the
  // defender, 持ち駒 lines the hands; the defender's empty hand line means "the rest".
  const std::string kif =
      "持ち駒\n"
      "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
      "+---------------------------+\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・v玉 | 一 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・ | 二 |\n"
      "| ・ ・ ・ と ・v歩 ・ ・ ・ | 三 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ 歩 ・ | 四 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・ | 五 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・ | 六 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・ | 七 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・ | 八 |\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・ | 九 |\n"
      "+---------------------------+\n"
      "持ち駒 香 金二\n";
  EXPECT_EQ(format_sfen(parse_kif(kif)), "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
  // our own diagram reads back
  const Position p =
      parse_sfen("4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1");
  EXPECT_EQ(format_sfen(parse_kif(format_bod(p))), format_sfen(p));
  EXPECT_THROW(parse_kif("| ・ ・ |\n"), std::invalid_argument);
}

// A .kif file in Shift_JIS (CP932), as most KIF files in the wild are, reads the same.
TEST(TsumeKif, ShiftJis) {
  const Position p = parse_sfen("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
  std::string utf8 = format_bod(p);
  iconv_t cd = iconv_open("CP932", "UTF-8");
  ASSERT_NE(cd, reinterpret_cast<iconv_t>(-1));
  std::string out(utf8.size() * 2, '\0');
  char* ip = utf8.data();
  char* op = out.data();
  std::size_t il = utf8.size(), ol = out.size();
  ASSERT_NE(iconv(cd, &ip, &il, &op, &ol), static_cast<std::size_t>(-1));
  iconv_close(cd);
  out.resize(out.size() - ol);
  ASSERT_NE(out, format_bod(p));  // really converted
  EXPECT_EQ(format_sfen(parse_kif(out)), format_sfen(p));
}

// Found by fuzzing (tests/fuzz/fuzz_kif.cpp): a hand count of many digits overflowed an int
// (undefined behaviour) before it was refused; it is refused as a bad count at once.
TEST(TsumeKif, LongHandCountIsRefused) {
  std::ifstream f(
      std::string(SEARCHBENCH_SOURCE_DIR) + "/tests/tsume/data/hand-count-overflow-sjis.kif",
      std::ios::binary);
  ASSERT_TRUE(f);
  std::stringstream fuzzed;
  fuzzed << f.rdbuf();
  EXPECT_THROW(parse_kif(fuzzed.str()), std::invalid_argument);
  const std::string board =
      "+---------------------------+\n"
      "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
      "| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九\n"
      "+---------------------------+\n";
  EXPECT_EQ(format_sfen(parse_kif("後手の持駒：なし\n" + board + "先手の持駒：金　歩十七\n")),
            "4k4/9/4P4/9/9/9/9/9/8K b G17P 1");
  for (const char* hand : {"歩１２３４５６７８９０１", "歩98765432109", "歩十十十十十十十十十十",
                           "金二十十十十十十十十十"}) {
    std::string why;
    try {
      parse_kif("後手の持駒：なし\n" + board + "先手の持駒：" + hand + "\n");
    } catch (const std::invalid_argument& e) {
      why = e.what();
    }
    EXPECT_NE(why.find("bad count"), std::string::npos) << hand << ": " << why;
  }
}

TEST(TsumeKif, MoveText) {
  Position pos = parse_sfen("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
  const char* line[] = {"L*1c", "1a2a", "1c1b+", "2a3a", "1b2b", "3a2b", "G*2c", "2b1a", "G*1b"};
  const char* kif[] = {"１三香打",   "２一玉(11)", "１二香成(13)", "３一玉(21)", "２二成香(12)",
                       "同　玉(31)", "２三金打",   "１一玉(22)",   "１二金打"};
  int prev = -1;
  for (int i = 0; i < 9; ++i) {
    const Move m = parse_usi_move(pos, line[i]);
    EXPECT_EQ(kif_move(pos, m, prev), kif[i]);
    prev = m.to();
    Undo u;
    pos.do_move(m, u);
  }
  EXPECT_TRUE(is_checkmate(pos));
  EXPECT_THROW(parse_usi_move(pos, "7g7f"), std::invalid_argument);
  EXPECT_THROW(parse_usi_move(pos, "zz"), std::invalid_argument);
}

// The 9-move jisaku-10 and the head-gold mate with every kernel: same length, a main line
// that mates, the attacker's hand empty at the end.
TEST(TsumeKernels, Jisaku10AndHeadGold) {
  const std::pair<const char*, int> cases[] = {
      {"8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1", 9},
      {"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", 1}};
  for (const auto& [sfen, len] : cases)
    for (const auto& k : kernels()) {
      const Result r = run(k.typed.fn, sfen, 2);
      ASSERT_EQ(r.outcome, Outcome::kMate) << k.typed.name << " " << sfen;
      EXPECT_EQ(r.mate_length, len) << k.typed.name;
      EXPECT_TRUE(r.length_proven) << k.typed.name;
      ASSERT_EQ(static_cast<int>(r.main_line.size()), len) << k.typed.name;
      Position pos = parse_sfen(sfen);
      for (Move m : r.main_line) {
        Undo u;
        pos.do_move(m, u);
      }
      EXPECT_TRUE(is_checkmate(pos)) << k.typed.name;
      EXPECT_EQ(leftover_after(parse_sfen(sfen), r.main_line), 0) << k.typed.name;
    }
}

// Every kernel on every puzzle of the suite marked for CI: the suite's answer, and all kernels
// agree with each other (length; for the df-pn kernels the main line's leftover, and a line of
// their own passes the independent check).
TEST(TsumeKernels, QuickSuiteAllKernelsAgree) {
  int n = 0;
  for (const auto& p : puzzles()) {
    if (!p.quick_dfpn) continue;
    ++n;
    std::vector<Move> dfpn_line;
    for (const auto& k : kernels()) {
      if (!p.quick && k.typed.name.rfind("andor", 0) == 0) continue;
      Params prm;
      prm.root = parse_sfen(p.sfen);
      prm.threads = 2;
      prm.max_memory = 64ull << 20;
      const Result r = k.typed.fn(prm);
      const Instance inst{p.name, prm.root};
      EXPECT_EQ(verify(inst, r), "pass")
          << k.typed.name << " " << p.name << " length " << r.mate_length;
      if (k.typed.name == "dfpn") {
        dfpn_line = r.main_line;
        if (r.outcome == Outcome::kMate) {
          EXPECT_EQ(check_main_line(prm.root, r.main_line, r.mate_length), "") << p.name;
        }
      }
      if (k.typed.name == "dfpn-tbb") {
        // Another line of the same length and leftover is as good (the main-line search tries
        // what the shared table already knows first): then check it independently.
        EXPECT_EQ(leftover_after(prm.root, r.main_line), leftover_after(prm.root, dfpn_line))
            << p.name;
        if (r.main_line != dfpn_line) {
          EXPECT_EQ(check_main_line(prm.root, r.main_line, r.mate_length), "") << p.name;
        }
      }
    }
  }
  EXPECT_GE(n, 5);
}

// The main-line checker used above accepts jisaku-10's line and refuses a line in which
// the defender gives up early or the attacker dawdles.
TEST(TsumeKernels, MainLineChecker) {
  const Position root = parse_sfen("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
  Params p;
  p.root = root;
  p.max_memory = 64ull << 20;
  const Result r = dfpn(p);
  ASSERT_EQ(r.mate_length, 9);
  EXPECT_EQ(check_main_line(root, r.main_line, 9), "");
  // A line in which the defender's first reply is a short one (mated sooner than 7 plies), the
  // rest played out: the checker refuses it.
  Position after = root;
  Undo u;
  after.do_move(r.main_line[0], u);
  Move buf[kMaxMoves];
  const int n = generate_evasions(after, buf, Interpositions::kAll);
  bool found = false;
  for (int j = 0; j < n && !found; ++j) {
    Position child = after;
    Undo cu;
    child.do_move(buf[j], cu);
    p.root = child;
    const Result rc = dfpn(p);
    if (rc.outcome != Outcome::kMate || rc.mate_length >= 7) continue;
    found = true;
    std::vector<Move> line{r.main_line[0], buf[j]};
    line.insert(line.end(), rc.main_line.begin(), rc.main_line.end());
    EXPECT_NE(check_main_line(root, line, static_cast<int>(line.size())), "");
  }
  EXPECT_TRUE(found);
}

// Progress::bound during a search: the df-pn kernels publish the shortest mate proved (the
// puzzle jisaku-10: 9 at the end), the full-width kernels the longest length excluded (7: no mate
// within 7 plies, then the mate in 9 is found).
TEST(TsumeKernels, ProgressBound) {
  for (const auto& k : kernels()) {
    sb::Progress progress;
    Params p;
    p.root = parse_sfen("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
    p.max_memory = 64ull << 20;
    p.progress = &progress;
    const Result r = k.typed.fn(p);
    ASSERT_EQ(r.mate_length, 9) << k.typed.name;
    EXPECT_EQ(progress.bound.load(), k.deepens ? 7u : 9u) << k.typed.name;
    EXPECT_LE(progress.done.load(), r.nodes) << k.typed.name;  // added every 1,024 nodes
  }
}

// Params::max_length with every kernel: jisaku-10 (9 plies) has no mate within 7 or 8
// (kUnknown, no_mate_within 7, not stopped) and is mated in 9 within 9 or 10; the repetition
// position is no mate at all, which a kernel may prove outright or only within the length.
TEST(TsumeKernels, MaxLength) {
  const char* jisaku10 = "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1";
  for (const auto& k : kernels()) {
    for (int max_length : {7, 8, 9, 10}) {
      Params p;
      p.root = parse_sfen(jisaku10);
      p.max_memory = 64ull << 20;
      p.max_length = max_length;
      const Result r = k.typed.fn(p);
      EXPECT_FALSE(r.stopped) << k.typed.name << " " << max_length;
      if (max_length < 9) {
        EXPECT_EQ(r.outcome, Outcome::kUnknown) << k.typed.name << " " << max_length;
        EXPECT_EQ(r.no_mate_within, 7) << k.typed.name << " " << max_length;
        EXPECT_EQ(verify(Instance{"", p.root}, r), "na") << k.typed.name;
      } else {
        EXPECT_EQ(r.outcome, Outcome::kMate) << k.typed.name << " " << max_length;
        EXPECT_EQ(r.mate_length, 9) << k.typed.name << " " << max_length;
        EXPECT_TRUE(r.length_proven) << k.typed.name;
        EXPECT_EQ(r.no_mate_within, 0) << k.typed.name;
        EXPECT_EQ(r.main_line.size(), 9u) << k.typed.name;
      }
    }
    Params p;
    p.root = parse_sfen("6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1");
    p.max_memory = 64ull << 20;
    p.max_length = 5;
    const Result r = k.typed.fn(p);
    EXPECT_TRUE(r.outcome == Outcome::kNoMate ||
                (r.outcome == Outcome::kUnknown && r.no_mate_within == 5))
        << k.typed.name;
  }
  // "no mate within N" contradicts an expected mate of N plies or fewer
  Result r;
  r.no_mate_within = 9;
  const Instance jisaku10_inst{"", parse_sfen(jisaku10)};
  EXPECT_EQ(verify(jisaku10_inst, r), "fail");
  r.no_mate_within = 7;
  EXPECT_EQ(verify(jisaku10_inst, r), "na");
  // the suite's lengths count every interposition: a search without futile ones is not compared
  r.no_mate_within = 9;
  r.interpositions = Interpositions::kNoFutile;
  EXPECT_EQ(verify(jisaku10_inst, r), "na");
  r.interpositions = Interpositions::kAll;
  Params p;
  p.root = parse_sfen(jisaku10);
  p.max_length = kMaxLength + 1;
  EXPECT_THROW(dfpn(p), std::invalid_argument);
}

// The positions `plies` plies (even) from pos along checks and evasions, pos included.
void attacker_positions(Position& pos, int plies, std::vector<std::pair<Position, int>>& out,
                        int ply = 0) {
  if (ply % 2 == 0) out.emplace_back(pos, ply);
  if (ply == plies) return;
  Move buf[kMaxMoves];
  const int n =
      ply % 2 == 0 ? generate_checks(pos, buf) : generate_evasions(pos, buf, Interpositions::kAll);
  for (int i = 0; i < n; ++i) {
    Undo u;
    pos.do_move(buf[i], u);
    attacker_positions(pos, plies, out, ply + 1);
    pos.undo_move(buf[i], u);
  }
}

// Searches root for a mate within len plies with a df-pn searcher on its own table, then asks
// that table about the root and the attacker positions two plies in, each with one to three
// more pieces in the attacker's hand (taken from the defender's): every disproof it gives for
// such a hand (found under a disproof hand) must hold by andor's exhaustive search. Returns the
// number of disproofs checked.
int check_table_disproofs(const Position& root, int len) {
  using namespace sb::tsume::detail;
  Params prm;
  prm.root = root;
  Table<false> tt(64ull << 20);
  Limits lim(prm);
  const Color atk = root.side_to_move();
  DfPn<false> s(tt, lim, atk, 0, Interpositions::kAll);
  Position pos = root;
  PathSet path;
  s.solve(pos, static_cast<std::uint16_t>(len), path);
  std::vector<std::pair<Position, int>> at;
  attacker_positions(pos, 2, at);
  int checked = 0;
  for (const auto& [q, ply] : at) {
    const int r = len - ply;
    for (int t = kPawn; t <= kGold; ++t) {
      const auto pt = static_cast<PieceType>(t);
      for (int more = 1; more <= std::min(3, hand_count(q.hand(~atk), pt)); ++more) {
        Position v = q;
        v.set_hand(atk, q.hand(atk) + more * hand_one(pt));
        v.set_hand(~atk, q.hand(~atk) - more * hand_one(pt));
        const Val tv = tt.lookup(v.board_key(), v.hand(atk), static_cast<std::uint16_t>(r));
        if (tv.dn != 0 || tv.pn == 0) continue;
        Params p;
        p.root = v;
        p.max_length = r;
        ++checked;
        EXPECT_NE(andor(p).outcome, Outcome::kMate)
            << "disproved within " << r << " by the table, but mated: " << format_sfen(v);
      }
    }
  }
  return checked;
}

// Disproof hands: dfpn stores a disproof under the largest attacker hand it holds for, so that
// it also refutes the same board with more pieces in hand. Checked against andor (full width, no
// table, so no hand reasoning at all): positions a few random plies into the suite's puzzles, each
// with the attacker's hand as it is, with one more piece of each type the defender holds and
// with one fewer of each type the attacker holds; both kernels must agree on "mated within
// kLen plies" and on the length.
TEST(TsumeKernels, DisproofHandsAgreeWithFullWidth) {
  constexpr int kLen = 7;
  std::mt19937_64 rng(20261201);
  int compared = 0, mated = 0, not_mated = 0, checked_disproofs = 0;
  // the suite, and positions whose only answers to some checks are drops of the defender's one
  // bishop, rook or gold (the disproof must not extend to a hand that takes that piece)
  std::vector<std::pair<std::string, std::string>> starts;
  for (const auto& prob : puzzles()) starts.emplace_back(prob.name, prob.sfen);
  for (const char* sfen : {"7lk/7p1/9/9/9/9/9/9/9 b Rb 1", "7lk/7p1/9/9/9/9/9/9/9 b Rr 1",
                           "7lk/7p1/9/9/9/9/9/9/9 b RGg 1", "6slk/6pp1/9/9/9/9/9/9/9 b Rb 1"})
    starts.emplace_back("made", sfen);
  for (const auto& [name, sfen] : starts) {
    const Position root = parse_sfen(sfen);
    for (int walk = 0; walk < 4; ++walk) {
      Position pos = root;
      bool ok = true;
      for (int i = 0; i < 2 * walk && ok; ++i) {
        Move buf[kMaxMoves];
        const int n = i % 2 == 0 ? generate_checks(pos, buf)
                                 : generate_evasions(pos, buf, Interpositions::kAll);
        if (n == 0) {
          ok = false;
        } else {
          Undo u;
          pos.do_move(buf[rng() % static_cast<unsigned>(n)], u);
        }
      }
      if (!ok) continue;
      const Color atk = pos.side_to_move();
      std::vector<Position> variants{pos};
      for (int t = kPawn; t <= kGold; ++t) {
        const auto pt = static_cast<PieceType>(t);
        for (const Color from : {~atk, atk}) {
          if (!hand_count(pos.hand(from), pt)) continue;
          Position v = pos;
          v.set_hand(from, pos.hand(from) - hand_one(pt));
          v.set_hand(~from, pos.hand(~from) + hand_one(pt));
          variants.push_back(v);
        }
      }
      for (const Position& v : variants) {
        Params prm;
        prm.root = v;
        prm.max_memory = 64ull << 20;
        prm.max_length = kLen;
        try {
          validate(prm, "dfpn");
        } catch (const std::invalid_argument&) {
          continue;
        }
        for (const int len : {1, 3, kLen}) checked_disproofs += check_table_disproofs(v, len);
        const Result a = andor(prm), d = dfpn(prm);
        ++compared;
        const std::string at = name + " " + format_sfen(v);
        ASSERT_EQ(a.outcome == Outcome::kMate, d.outcome == Outcome::kMate) << at;
        if (a.outcome == Outcome::kMate) {
          ++mated;
          EXPECT_EQ(a.mate_length, d.mate_length) << at;
        } else {
          ++not_mated;
          // no mate at all, or none within kLen plies (a kernel may prove either)
          EXPECT_TRUE(d.outcome == Outcome::kNoMate || d.no_mate_within == kLen) << at;
        }
      }
    }
  }
  EXPECT_GE(compared, 300);
  EXPECT_GE(checked_disproofs, 300);
  EXPECT_GE(mated, 30);
  EXPECT_GE(not_mated, 30);
  std::printf(
      "[ info     ] %d positions, %d mated within %d plies, %d not; %d table disproofs "
      "for larger hands confirmed\n",
      compared, mated, kLen, not_mated, checked_disproofs);
}

TEST(TsumeKernels, LimitsGiveUnknown) {
  Params p;
  p.root = parse_sfen("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
  p.max_nodes = 50;
  for (const auto& k : kernels()) {
    p.threads = k.parallel() ? 2 : 1;
    const Result r = k.typed.fn(p);
    EXPECT_TRUE(r.stopped) << k.typed.name;
    EXPECT_NE(verify(Instance{"", p.root}, r), "fail");
    // the node limit is exact with one thread; dfpn-tbb gives each searcher half of it
    EXPECT_LE(r.nodes, k.parallel() ? 51u : 50u) << k.typed.name;
    EXPECT_GE(r.nodes, 2u) << k.typed.name;
  }
  p.max_nodes = 0;
  p.threads = 0;
  EXPECT_THROW(dfpn(p), std::invalid_argument);
}

// A limit that stops the post-search of a mate whose table has lost entries (1 MiB for a
// 47-ply problem that writes millions) still reports the mate's line: one of the length found
// that ends in mate (read by looking past the lost positions; before, none was read), else a
// mating line.
TEST(TsumeKernels, AStoppedPostSearchReportsALineThatMates) {
  const Instance x = parse_instance("muso-002");
  for (std::uint64_t nodes : {1'000'000ull, 2'000'000ull}) {
    Params p;
    p.root = x.position;
    p.max_memory = 1ull << 20;
    p.max_nodes = nodes;
    const Result r = dfpn(p);
    ASSERT_EQ(r.outcome, Outcome::kMate) << nodes;
    ASSERT_TRUE(r.stopped) << nodes;
    EXPECT_FALSE(r.length_proven) << nodes;
    EXPECT_GE(r.mate_length, 47) << nodes;  // the suite's length
    const std::vector<Move>& line = r.main_line.empty() ? r.mating_line : r.main_line;
    ASSERT_FALSE(line.empty()) << nodes;
    if (!r.main_line.empty()) {
      EXPECT_EQ(static_cast<int>(r.main_line.size()), r.mate_length);
    }
    Position pos = x.position;
    for (Move m : line) {  // each move a check or an evasion the rules allow
      Move buf[kMaxMoves];
      const int n = pos.side_to_move() == x.position.side_to_move()
                        ? generate_checks(pos, buf)
                        : generate_evasions(pos, buf, Interpositions::kAll);
      ASSERT_NE(std::find(buf, buf + n, m), buf + n) << nodes << " " << usi_move(m);
      Undo u;
      pos.do_move(m, u);
    }
    EXPECT_NE(pos.side_to_move(), x.position.side_to_move()) << nodes;
    EXPECT_TRUE(pos.in_check()) << nodes;
    EXPECT_FALSE(has_evasion(pos, Interpositions::kAll)) << nodes;
  }
}

TEST(TsumeSuite, WellFormed) {
  ASSERT_FALSE(puzzles().empty());
  for (const auto& p : puzzles()) {
    EXPECT_FALSE(p.source.empty()) << p.name;
    EXPECT_FALSE(p.checked.empty()) << p.name;
    if (p.expected >= 0) {
      EXPECT_EQ(p.expected % 2, 1) << p.name;
    }
    EXPECT_EQ(parse_instance(p.name).position.key(), parse_sfen(p.sfen).key());
    // given by its SFEN, a suite position is named as the suite names it
    EXPECT_EQ(format_instance(parse_instance(p.sfen)), p.name);
  }
}

// One registry: the kernels tsume's own commands run are problem().kernels, same names, same
// order, same backends; an unknown name is refused naming the known ones.
TEST(TsumeKernels, OneRegistry) {
  const auto& erased = problem().kernels;
  ASSERT_EQ(kernels().size(), erased.size());
  for (std::size_t i = 0; i < erased.size(); ++i) {
    EXPECT_EQ(kernels()[i].typed.name, erased[i].name);
    EXPECT_EQ(kernels()[i].parallel(), erased[i].parallel()) << erased[i].name;
    EXPECT_EQ(&kernel(erased[i].name), &kernels()[i]);
  }
  try {
    kernel("nope");
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(problem().kernel_names()), std::string::npos) << e.what();
  }
}

// The long set (CI class "long"): each member has the source's length and KomoringHeights' answer
// recorded in the suite file ("KomoringHeights 1.1.0: mate N" in `checked`), which must be the
// suite's length under our rules, never shorter than the source's (our rules count every
// interposition); the bench suite `long` runs exactly these, each under the node budget, and the
// quick and full suites none of them.
TEST(TsumeLongSet, MembersAndTheirSecondSource) {
  std::set<std::string> members;
  for (const auto& p : puzzles()) {
    if (!p.long_set) continue;
    members.insert(p.name);
    EXPECT_FALSE(p.quick_dfpn) << p.name;
    ASSERT_GT(p.published, 0) << p.name;
    EXPECT_GE(p.expected, p.published) << p.name;
    const std::string tag = "KomoringHeights 1.1.0: mate ";
    const auto at = p.checked.find(tag);
    ASSERT_NE(at, std::string::npos) << p.name;
    EXPECT_EQ(std::atoi(p.checked.c_str() + at + tag.size()), p.expected) << p.name;
  }
  for (const char* name : {"zuko-001", "muso-100", "zuko-100", "microcosmos"})
    EXPECT_TRUE(members.count(name)) << name;
  std::set<std::string> bench_long;
  for (const auto& text : problem().suite("long")) {
    const Instance x = parse_instance(text);
    EXPECT_EQ(x.max_nodes, kLongNodes) << text;
    bench_long.insert(x.name);
  }
  EXPECT_EQ(bench_long, members);
  for (const char* suite : {"quick", "full"})
    for (const auto& text : problem().suite(suite))
      EXPECT_FALSE(members.count(parse_instance(text).name)) << suite << " " << text;
}

// 将棋図巧 第1番 (69 plies), the long set's shortest member: its source's main line (Open Tsume's
// record, CC0-1.0: collections/edo/zukou/problems/001.json) is legal, every attacker move a check,
// mate after the published 69 plies, which our rules and KomoringHeights agree on (the suite's
// expected length); dfpn proves the last 33 plies of it minimal, a tail that runs in a fraction
// of a second, and (Zuko001Whole) the whole problem.
TEST(TsumeLongSet, Zuko001SourceLineAndItsTail) {
  const std::vector<std::string> line = {
      "S*5d",  "6e7e", "7i8g", "7e8f", "5g6f",  "3f6f", "5a9e+", "8f7f", "P*7g", "6f7g",
      "9e7g",  "7f8e", "R*1e", "R*2e", "1e2e",  "1f2e", "7g9e",  "8e7f", "R*2f", "R*3f",
      "2f3f",  "2e3f", "9e7g", "7f8e", "R*3e",  "R*4e", "3e4e",  "3f4e", "7g9e", "8e7f",
      "R*4f",  "R*5f", "4f5f", "4e5f", "9e7g",  "7f8e", "R*8d",  "8e8d", "7g9e", "8d8c",
      "9b8b",  "8a8b", "8g7e", "7d7e", "P*8d",  "8c9b", "S*8a",  "9b9a", "7b8b", "9a8b",
      "7a7b",  "8b9a", "P*9b", "5f9b", "8a9b+", "9a9b", "B*7d",  "9b9a", "7b8b", "9a8b",
      "8d8c+", "8b7a", "9e6b", "7a6b", "5d6c+", "6b6a", "8c7b",  "6a5a", "6c5b"};
  const Puzzle* p = find_puzzle("zuko-001");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(static_cast<int>(line.size()), p->published);
  EXPECT_EQ(p->expected, p->published);
  Position pos = parse_sfen(p->sfen);
  const Color attacker = pos.side_to_move();
  Position tail;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (i == line.size() - 33) tail = pos;
    const Move m = parse_usi_move(pos, line[i]);
    if (pos.side_to_move() == attacker) {
      EXPECT_TRUE(has(usi_moves(pos, true), line[i])) << "ply " << i + 1 << " is not a check";
    }
    Undo u;
    pos.do_move(m, u);
  }
  EXPECT_TRUE(is_checkmate(pos));
  Params prm;
  prm.root = tail;
  prm.max_memory = 64ull << 20;
  const Result r = dfpn(prm);
  ASSERT_EQ(r.outcome, Outcome::kMate);
  EXPECT_TRUE(r.length_proven);
  EXPECT_EQ(r.mate_length, 33);
  EXPECT_EQ(check_main_line(tail, r.main_line, 33), "");
}

// The whole of 将棋図巧 第1番: dfpn finds and proves the published 69 plies minimal, with a main
// line that mates in 69 (about 13 M nodes, seconds; the long mate that guards the interposition
// handling, which took dfpn 100 M nodes before interpositions on one square were counted once).
TEST(TsumeLongSet, Zuko001Whole) {
  const Puzzle* p = find_puzzle("zuko-001");
  ASSERT_NE(p, nullptr);
  Params prm;
  prm.root = parse_sfen(p->sfen);
  prm.max_memory = 256ull << 20;
  const Result r = dfpn(prm);
  ASSERT_EQ(r.outcome, Outcome::kMate);
  EXPECT_TRUE(r.length_proven);
  EXPECT_EQ(r.mate_length, p->published);
  // the main line replayed: legal, every attacker move a check, mate at its end (minimality of
  // every ply, as check_main_line tests it, would take minutes here)
  ASSERT_EQ(static_cast<int>(r.main_line.size()), p->published);
  Position pos = prm.root;
  const Color attacker = pos.side_to_move();
  for (std::size_t i = 0; i < r.main_line.size(); ++i) {
    const std::string usi = usi_move(r.main_line[i]);
    ASSERT_TRUE(has(usi_moves(pos, pos.side_to_move() == attacker), usi)) << "ply " << i + 1;
    Undo u;
    pos.do_move(r.main_line[i], u);
  }
  EXPECT_TRUE(is_checkmate(pos));
}

// Result::mates_found and Result::proved, on problems where dfpn's first mate is longer than the
// minimum (zuko-036: 13 plies, muso-032: 35) and one where it is not: the lengths only get
// shorter, the node counts and times only grow, the last is the length reported and the proof of
// minimality comes after it; known_length_found picks the suite's length. The andor kernels
// record their one (shortest) mate.
TEST(TsumeLongSet, MatesFoundAndKnownLength) {
  for (const char* name : {"zuko-036", "muso-032", "jisaku-10"}) {
    const Puzzle* p = find_puzzle(name);
    ASSERT_NE(p, nullptr);
    Params prm;
    prm.root = parse_sfen(p->sfen);
    prm.max_memory = 64ull << 20;
    const Result r = dfpn(prm);
    ASSERT_EQ(r.outcome, Outcome::kMate) << name;
    ASSERT_FALSE(r.mates_found.empty()) << name;
    if (std::string(name) != "jisaku-10") {
      EXPECT_GT(r.mates_found.size(), 1u) << name;
    }
    for (std::size_t i = 1; i < r.mates_found.size(); ++i) {
      EXPECT_LT(r.mates_found[i].length, r.mates_found[i - 1].length) << name;
      EXPECT_GE(r.mates_found[i].nodes, r.mates_found[i - 1].nodes) << name;
      EXPECT_GE(r.mates_found[i].seconds, r.mates_found[i - 1].seconds) << name;
    }
    EXPECT_EQ(r.mates_found.back().length, r.mate_length) << name;
    ASSERT_TRUE(r.length_proven) << name;
    EXPECT_EQ(r.proved.length, r.mate_length) << name;
    EXPECT_GE(r.proved.nodes, r.mates_found.back().nodes) << name;
    EXPECT_LE(r.proved.nodes, r.nodes) << name;
    const MateFound* k = known_length_found(Instance{p->name, prm.root}, r);
    ASSERT_NE(k, nullptr) << name;
    EXPECT_EQ(k->length, p->expected) << name;
  }
  Params ap;
  ap.root = parse_sfen(find_puzzle("jisaku-10")->sfen);
  const Result a = andor(ap);
  ASSERT_EQ(a.mates_found.size(), 1u);
  EXPECT_EQ(a.mates_found[0].length, 9);
  EXPECT_LE(a.mates_found[0].nodes, a.nodes);  // the main line is read after the mate
  EXPECT_EQ(a.proved.length, 9);
}

// `<puzzle or SFEN>:nodes=N`: a fixed node budget that every run of the instance spends exactly
// (one thread) and that the canonical text keeps; anything else after a ':' is refused.
TEST(TsumeLongSet, NodeBudgetInstances) {
  const Instance x = parse_instance("zuko-100:nodes=20000");
  EXPECT_EQ(x.name, "zuko-100");
  EXPECT_EQ(x.max_nodes, 20000u);
  EXPECT_EQ(format_instance(x), "zuko-100:nodes=20000");
  EXPECT_EQ(parse_instance("jisaku-10").max_nodes, 0u);
  const std::string sfen = "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1";  // jisaku-10
  EXPECT_EQ(format_instance(parse_instance(sfen + ":nodes=7")), "jisaku-10:nodes=7");
  const std::string other = "4k4/9/4P4/9/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1";  // not in the suite
  EXPECT_EQ(format_instance(parse_instance(other + ":nodes=7")), other + ":nodes=7");
  for (const char* bad : {"zuko-100:nodes=", "zuko-100:nodes=0", "zuko-100:nodes=1x",
                          "zuko-100:n=5", "zuko-100:", "zuko-100:nodes=-3"})
    EXPECT_THROW(parse_instance(bad), std::invalid_argument) << bad;
  const sb::Problem& pr = problem();
  const sb::KernelInfo* k = pr.find_kernel("dfpn");
  ASSERT_NE(k, nullptr);
  const sb::Instance in = pr.parse("zuko-100:nodes=20000");
  sb::RunSettings s;
  s.max_memory = 64ull << 20;
  const sb::Outcome o = k->run(in, s);
  EXPECT_EQ(o.nodes, 20000u);
  const auto& r = *static_cast<const Result*>(o.result.get());
  EXPECT_TRUE(r.stopped);
  // the signature counts what the search reached within the budget
  std::uint64_t reached = r.positions;
  for (const MateFound& m : r.mates_found) reached += m.nodes;
  ASSERT_TRUE(pr.signature_count);
  EXPECT_EQ(pr.signature_count(in, o), reached);
  EXPECT_EQ(pr.signature_count(pr.parse("jisaku-10"), k->run(pr.parse("jisaku-10"), s)),
            k->run(pr.parse("jisaku-10"), s).nodes);
}
