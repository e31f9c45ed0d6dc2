// Test positions for the tsume kernels' unit tests: suite puzzles (src/tsume's suite, by name),
// positions a few random check-evasion pairs away from them, and the attacker positions along
// their main lines (found by the andor kernel), so that short mates and failures both occur.
#pragma once

#include <random>
#include <vector>

#include "tsume/tsume.hpp"

namespace sb::tsume::test {

// classic-3, interpose-none, interpose-pawn, uchifuzume-nomate, head-gold, jisaku-10,
// muso-077, zuko-050, zuko-085, and one position without any check
inline const char* const kSuiteRoots[] = {
    "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
    "7lk/7p1/9/9/9/9/9/9/9 b R 1",
    "7lk/7p1/9/9/9/9/9/9/9 b Rr2b4g4s4n3l17p 1",
    "7nk/9/7G1/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1",
    "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
    "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1",
    "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1",
    "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1",
    "4nS3/3g1n3/3pk1p+b1/5R3/3bN1S2/4N4/9/9/9 b R3P3g2s4l13p 1",
    "8k/9/9/9/9/9/9/9/K8 b 2L2r2b4g4s4n2l18p 1",
};
// puzzles whose main line andor finds quickly: classic-3, jisaku-10, muso-077
inline const char* const kMainLineRoots[] = {
    "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
    "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1",
    "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1",
};

/// Attacker-to-move positions: the roots, `walks` positions per root reached by 1-4 random
/// (check, evasion) pairs, and every attacker position on the main lines.
inline std::vector<Position> test_positions(Interpositions rule, int walks, unsigned seed) {
  std::vector<Position> out;
  std::mt19937_64 rng(seed);
  for (const char* s : kSuiteRoots) {
    const Position root = parse_sfen(s);
    out.push_back(root);
    for (int walk = 0; walk < walks; ++walk) {
      Position pos = root;
      bool ok = true;
      for (int k = 0; k <= walk % 4 && ok; ++k) {
        Move buf[kMaxMoves];
        int n = generate_checks(pos, buf);
        if (n == 0) break;
        Undo u;
        pos.do_move(buf[rng() % n], u);
        n = generate_evasions(pos, buf, rule);
        ok = n > 0;
        if (ok) pos.do_move(buf[rng() % n], u);
      }
      if (ok) out.push_back(pos);
    }
  }
  for (const char* s : kMainLineRoots) {
    Params p;
    p.root = parse_sfen(s);
    p.interpositions = rule;
    const Result r = andor(p);
    Position pos = p.root;
    for (std::size_t i = 0; i + 1 < r.main_line.size(); i += 2) {
      Undo u;
      pos.do_move(r.main_line[i], u);
      pos.do_move(r.main_line[i + 1], u);
      out.push_back(pos);
    }
  }
  return out;
}

}  // namespace sb::tsume::test
