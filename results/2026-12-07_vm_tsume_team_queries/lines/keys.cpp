#include <fstream>
#include <iostream>
#include <sstream>
#include "tsume/shogi.hpp"
using namespace sb::tsume;
// usage: keys SFEN < line ; prints one key per ply (0 = root)
int main(int, char** argv) {
  Position pos = parse_sfen(argv[1]);
  std::string tok;
  std::cout << pos.key() << "\n";
  while (std::cin >> tok) {
    Move m = parse_usi_move(pos, tok);
    Undo u;
    pos.do_move(m, u);
    std::cout << pos.key() << "\n";
  }
}
