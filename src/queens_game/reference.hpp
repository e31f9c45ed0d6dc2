// Published values of the queens game on n x n boards, used to verify the kernels.
#pragma once

#include <optional>

namespace sb::queens_game::reference {

/// Sprague-Grundy value of the empty n x n board under normal play, for 1 <= n <= 13; nullopt
/// otherwise. Source: OEIS A344227 (terms 1-10 from H. Noon, "Surreal Numbers and the N-Queens
/// Game", Bennington College, 2002; terms 11-13 from Max Fan's Node-Kayles calculator).
std::optional<int> grundy(int n);

/// Whether the first player wins the empty n x n board under normal play, where published:
/// every odd n (T. Jenrich, "Successful strategies for a queens placing game on an n x n chess
/// board", arXiv:1312.5135, 2014: the centre, then the point reflection of every reply), n = 2,
/// 4, 6, 8 (first player) and 10 (second) (H. Noon and G. Van Brummelen, "The Non-Attacking
/// Queens Game", College Math. J. 37 (2006) 223-227; Jenrich), and n = 12, 14, 16 (second
/// player; Jenrich's program QPGAME3). nullopt for the even n above 16.
std::optional<bool> first_player_wins(int n);

}  // namespace sb::queens_game::reference
