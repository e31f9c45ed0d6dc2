// Makes the committed set of 15 x 15 freestyle gomoku positions in which the player to move wins
// by VCF (victory by continuous fours): tests/mnk/data/vcf15.txt. Method: random games from the
// centre (fixed seeds), each move on an empty cell at most two cells from a stone, until the player
// to move has a VCF of at least `min_fours` fours (VcfSearch, kernels/mnk/threats.hpp) while neither
// side has a five point; that position is kept and the next seed starts. Positions are made by
// this program, so they carry no outside licence.
//
//   cmake --build build --target mnk_vcf_positions
//   build/mnk_vcf_positions [count [min_fours]] > tests/mnk/data/vcf15.txt
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "mnk/board.hpp"
#include "mnk/mnk.hpp"
#include "mnk/threats.hpp"

int main(int argc, char** argv) {
  namespace mnk = sb::mnk;
  const int count = argc > 1 ? std::atoi(argv[1]) : 24;
  const int min_fours = argc > 2 ? std::atoi(argv[2]) : 3;
  const mnk::Geometry g(15, 15, 5, mnk::Rule::kFreestyle);
  mnk::VcfSearch<4> vcf(16);
  std::printf("# 15x15 freestyle gomoku positions where the player to move wins by VCF.\n");
  std::printf(
      "# Made by scripts/mnk/vcf_positions.cpp (random games from the centre, fixed seeds;\n");
  std::printf(
      "# kept when the player to move has a VCF of at least %d fours). Columns: instance,\n",
      min_fours);
  std::printf("# fours in the VCF found, the VCF (attacker and defender moves).\n");
  int found = 0;
  for (unsigned seed = 1; found < count && seed < 100000; ++seed) {
    std::mt19937 rng(seed);
    mnk::Board<4> b(g);
    b.play(g.at(7, 7));
    for (int ply = 1; ply < 80; ++ply) {
      // Cells near the stones.
      std::vector<int> near;
      for (int c = 0; c < g.cells; ++c) {
        if (b.occupied(c)) continue;
        bool ok = false;
        for (int df = -2; df <= 2 && !ok; ++df)
          for (int dr = -2; dr <= 2 && !ok; ++dr) {
            const int x = g.at(g.file(c) + df, g.rank(c) + dr);
            ok = x >= 0 && b.occupied(x);
          }
        if (ok) near.push_back(c);
      }
      b.play(near[rng() % near.size()]);
      if (b.winner() >= 0) break;
      if (b.stone_count() < 10) continue;
      if (b.has_five_point(0) || b.has_five_point(1)) continue;
      std::vector<int> seq;
      if (!vcf.run(b, 2000000, &seq)) continue;
      const int fours = static_cast<int>(seq.size() + 1) / 2;
      if (fours < min_fours) continue;
      mnk::Instance inst;
      inst.m = inst.n = 15, inst.k = 5;
      for (int c : b.moves()) inst.moves.push_back(c);
      std::printf("%s %d %s\n", mnk::format_instance(inst).c_str(), fours,
                  mnk::format_moves(seq, 15, ",").c_str());
      ++found;
      break;
    }
  }
  return found == count ? 0 : 1;
}
