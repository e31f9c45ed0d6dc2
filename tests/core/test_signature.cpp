// The node-count signature (`searchbench signature`, src/core/signature.hpp): every entry and the
// total are pinned here, so that a change that alters any kernel's search fails this test until
// the new counts are entered on purpose (README.md, "Changing a kernel").
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "cli_runner.hpp"
#include "core/signature.hpp"

namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // problem, kernel, instance

/// The pinned node counts. A kernel that is not built (OFF options) is simply absent.
const std::map<Key, std::uint64_t>& pinned() {
  static const std::map<Key, std::uint64_t> m = {
      {{"nqueens", "naive-full-check", "6"}, 1947792},   // C(36, 6): every placement
      {{"nqueens", "naive-bitparallel", "6"}, 1947792},  // the same placements
      {{"nqueens", "backtrack-squares", "8"}, 924226},
      {{"nqueens", "backtrack-rows", "10"}, 35538},
      {{"nqueens", "bitboard", "11"}, 166925},
      {{"nqueens", "bitboard-sym", "12"}, 223179},
      {{"nqueens", "bitboard-sym-omp", "12"}, 223179},
      {{"nqueens", "bitboard-sym-tbb", "12"}, 223179},
      {{"nqueens", "constellation", "13"}, 685032},
      {{"nqueens", "quadrant-join", "13"}, 417179},
      {{"nqueens", "quadrant-join-tbb", "13"}, 417179},
      {{"nqueens", "constellation-tbb", "13"}, 685032},
      // One rank (Open MPI's singleton, no mpirun): the ranks change the split of the work,
      // never the search, so one is enough to pin it (tests/nqueens/test_nqueens_mpi.cpp
      // checks 1..3 ranks).
      {{"nqueens", "bitboard-sym-mpi", "12"}, 223179},
      {{"nqueens", "constellation-mpi", "13"}, 685032},
      {{"nqueens", "quadrant-join-mpi", "13"}, 417179},
      {{"queens-game", "plain", "4x4"}, 200},
      {{"queens-game", "plain", "5x5"}, 717},
      {{"queens-game", "memo", "6x6"}, 1789},
      {{"queens-game", "memo", "7x7"}, 4789},
      {{"queens-game", "memo", "5x6:misere"}, 764},
      {{"queens-game", "memo-sym", "7x7"}, 904},
      {{"queens-game", "memo-sym", "8x8:grundy"}, 9484},
      {{"queens-game", "memo-sym", "5x6:misere"}, 204},
      {{"tsume", "andor", "head-gold"}, 6},
      {{"tsume", "andor", "classic-3"}, 179},
      {{"tsume", "andor", "jisaku-10"}, 29683},
      {{"tsume", "andor", "uchifuzume-nomate"}, 37},
      {{"tsume", "andor-tt", "head-gold"}, 6},
      {{"tsume", "andor-tt", "classic-3"}, 87},
      {{"tsume", "andor-tt", "jisaku-10"}, 4103},
      {{"tsume", "andor-tt", "uchifuzume-nomate"}, 36},
      {{"tsume", "dfpn", "head-gold"}, 6},
      {{"tsume", "dfpn", "classic-3"}, 201},
      {{"tsume", "dfpn", "jisaku-10"}, 3580},
      {{"tsume", "dfpn", "interpose-pawn"}, 296},
      {{"tsume", "dfpn", "repetition"}, 239},
      // a fixed node budget on long mates: the positions written and the nodes at each mate
      // length established within it (src/tsume/problem.hpp, signature_count)
      {{"tsume", "dfpn", "zuko-001:nodes=500000"}, 238070},
      {{"tsume", "dfpn", "zuko-100:nodes=500000"}, 182687},
      {{"mnk", "minimax", "3x3k3"}, 549946},  // every move to the end: the whole tic-tac-toe tree
      {{"mnk", "alphabeta", "4x3k3"}, 13764},
      {{"mnk", "alphabeta", "4x4k3"}, 30265},
      {{"mnk", "alphabeta-tt", "4x4k4"}, 30379},
      {{"mnk", "alphabeta-tt", "5x4k4"}, 517443},
      {{"mnk", "pns", "5x5k4"}, 193240},
      {{"mnk", "pns", "6x6k5"}, 804},
      {{"mnk", "pns", "15x15k5:h8,i9,i11,f9,j6,h4,h6,h11,k4,g6,g4,d9,i6,b8,k5,e11"}, 167574},
      // a position of the 8,8,5 proof (src/mnk/problem.hpp, k885Seventh)
      {{"mnk", "pns", "8x8k5:c3,d4,f6,e5,f3,d5,c6:value-only"}, 214592},
      {{"gomoku", "vcf", "vcf03"}, 177},
      {{"gomoku", "vcf", "vcf08"}, 38},
      {{"gomoku", "vcf", "vcf10"}, 151},
      {{"gomoku", "vcf", "vcf16"}, 60},
      {{"gomoku", "vct", "vcf03"}, 178},
      {{"gomoku", "vct", "vcf10"}, 152},
      {{"gomoku", "vct", "mid05"}, 89542},
      {{"gomoku", "alphabeta", "mid01/d4"}, 14045},
      {{"gomoku", "alphabeta", "mid02/d4"}, 2326},
      {{"gomoku", "alphabeta", "mid03/d4"}, 3262},
      {{"gomoku", "alphabeta", "mid04/d4"}, 7254},
      {{"gomoku", "alphabeta", "mid05/d4"}, 7779},
      {{"gomoku", "alphabeta", "mid06/d4"}, 13612},
      {{"gomoku", "alphabeta", "mid07/d4"}, 3330},
      {{"gomoku", "alphabeta", "mid08/d4"}, 15054},
      {{"gomoku", "pattern", "mid01"}, 64154},
      {{"gomoku", "pattern", "mid02"}, 17560},
      {{"gomoku", "pattern", "mid03"}, 78594},
      {{"gomoku", "pattern", "mid04"}, 48067},
      {{"gomoku", "pattern", "mid05"}, 32921},
      {{"gomoku", "pattern", "mid06"}, 29637},
      {{"gomoku", "pattern", "mid07"}, 27632},
      {{"gomoku", "pattern", "mid08"}, 51980},
  };
  return m;
}

/// The total of the default build (every kernel built).
constexpr std::uint64_t kFullBuildTotal = 11925201;

TEST(Signature, EveryEntryIsPinnedAndVerified) {
  const auto entries = sb::run_signature();
  ASSERT_FALSE(entries.empty());
  std::uint64_t total = 0;
  for (const auto& e : entries) {
    const Key key{e.problem->name, e.kernel->name, e.instance};
    const auto it = pinned().find(key);
    ASSERT_NE(it, pinned().end()) << "unpinned signature entry " << e.problem->name << " "
                                  << e.kernel->name << " " << e.instance << ": " << e.nodes
                                  << " nodes (add it to tests/core/test_signature.cpp on purpose)";
    EXPECT_EQ(e.nodes, it->second)
        << e.problem->name << " " << e.kernel->name << " " << e.instance << ": the search changed";
    EXPECT_NE(e.verified, sb::Verdict::kFail) << e.kernel->name << " " << e.instance;
    total += e.nodes;
  }
  if (entries.size() == pinned().size()) {
    EXPECT_EQ(total, kFullBuildTotal);
  }
}

TEST(Signature, CommandPrintsTheTotal) {
  const auto r = sb::test::run_cli("signature");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::uint64_t total = 0;
  for (const auto& e : sb::run_signature()) total += e.nodes;
  EXPECT_NE(r.out.find("Nodes searched: " + std::to_string(total) + "\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.err.find("nodes/s"), std::string::npos) << r.err;  // timing only on stderr
  // and per kernel, for speed comparisons between builds
  EXPECT_NE(r.err.find("signature: gomoku alphabeta: 8 runs, 66662 nodes in "), std::string::npos)
      << r.err;
}

}  // namespace
