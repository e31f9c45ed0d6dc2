// Tests of the m,n,k kernels against an independent exhaustive minimax written here (its own
// board, its own win test by run lengths, a memo of every position, no pruning, no symmetry):
// every board of up to 12 cells and 4 x 4, every k <= 4, both rules, the value, the value of
// every move and the validity of the principal variation; random legal positions on larger
// boards; the published values that fit CI; thread-count independence of pns-tbb; a tiny table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "mnk/mnk.hpp"
#include "mnk/problem.hpp"

namespace mnk = sb::mnk;

namespace {

/// Exhaustive minimax with a memo. Cells r * m + f; stones 0 (first) and 1 (second).
class Reference {
 public:
  Reference(int m, int n, int k, bool standard) : m_(m), n_(n), k_(k), standard_(standard) {
    // With no line longer than k an overline cannot arise: both rules are the same game.
    if (std::max(m, n) <= k) standard_ = false;
    if (m * n <= 16) {
      dense_.assign(pow3(m * n), 0);
      for (int c = 0; c < m * n; ++c) pow3_.push_back(pow3(c));
    }
  }

  /// True when the stone of p just placed on c makes a winning row (run lengths).
  bool wins(const std::vector<int>& s, int c, int p) const {
    const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    const int f0 = c % m_, r0 = c / m_;
    for (int d = 0; d < 4; ++d) {
      int len = 1;
      for (int sgn = -1; sgn <= 1; sgn += 2)
        for (int f = f0 + sgn * df[d], r = r0 + sgn * dr[d];
             f >= 0 && f < m_ && r >= 0 && r < n_ && s[r * m_ + f] == p;
             f += sgn * df[d], r += sgn * dr[d])
          ++len;
      if (standard_ ? len == k_ : len >= k_) return true;
    }
    return false;
  }

  /// Value for the player to move (stone counts decide who), -1, 0 or +1. s[c] = -1 empty.
  int value(std::vector<int>& s) {
    int stones = 0;
    for (int x : s) stones += x >= 0;
    const int p = stones % 2;
    if (!dense_.empty()) {
      std::size_t idx = 0;
      for (int c = static_cast<int>(s.size()) - 1; c >= 0; --c) idx = idx * 3 + (s[c] + 1);
      return dense(s, idx, p);
    }
    std::uint64_t a = 0, b = 0;
    for (std::size_t c = 0; c < s.size(); ++c) {
      if (s[c] == 0) a |= 1ull << c;
      if (s[c] == 1) b |= 1ull << c;
    }
    const auto it = map_.find(Key{a, b});
    if (it != map_.end()) return it->second;
    const int v = search(s, p);
    map_[Key{a, b}] = static_cast<std::int8_t>(v);
    return v;
  }

 private:
  struct Key {
    std::uint64_t a, b;
    bool operator==(const Key& o) const { return a == o.a && b == o.b; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<std::uint64_t>()(k.a * 0x9E3779B97F4A7C15ull ^ k.b);
    }
  };
  static std::size_t pow3(int e) {
    std::size_t r = 1;
    while (e-- > 0) r *= 3;
    return r;
  }
  /// The dense memo's search, the position's base-3 index carried along.
  int dense(std::vector<int>& s, std::size_t idx, int p) {
    std::int8_t& slot = dense_[idx];
    if (slot != 0) return slot - 2;
    int best = -2;
    for (std::size_t c = 0; c < s.size() && best < 1; ++c) {
      if (s[c] >= 0) continue;
      s[c] = p;
      const int v =
          wins(s, static_cast<int>(c), p) ? 1 : -dense(s, idx + (p + 1) * pow3_[c], 1 - p);
      s[c] = -1;
      best = std::max(best, v);
    }
    if (best == -2) best = 0;  // a full board is a draw
    slot = static_cast<std::int8_t>(best + 2);
    return best;
  }
  int search(std::vector<int>& s, int p) {
    int best = -2;
    for (std::size_t c = 0; c < s.size() && best < 1; ++c) {
      if (s[c] >= 0) continue;
      s[c] = p;
      const int v = wins(s, static_cast<int>(c), p) ? 1 : -value(s);
      s[c] = -1;
      best = std::max(best, v);
    }
    return best == -2 ? 0 : best;  // a full board is a draw
  }

  int m_, n_, k_;
  bool standard_;
  std::vector<std::int8_t> dense_;
  std::vector<std::size_t> pow3_;
  std::unordered_map<Key, std::int8_t, KeyHash> map_;
};

mnk::Value seat(int mover_value, int mover) {
  const int v = mover == 0 ? mover_value : -mover_value;
  return v > 0 ? mnk::Value::kFirst : v < 0 ? mnk::Value::kSecond : mnk::Value::kDraw;
}

/// The reference's value and move values of an instance.
struct Expected {
  mnk::Value value;
  std::vector<mnk::MoveValue> moves;
};

Expected expected(Reference& ref, const mnk::Instance& i) {
  std::vector<int> s(i.cells(), -1);
  for (std::size_t j = 0; j < i.moves.size(); ++j) s[i.moves[j]] = static_cast<int>(j % 2);
  const int me = static_cast<int>(i.moves.size() % 2);
  Expected e{seat(ref.value(s), me), {}};
  for (int c = 0; c < i.cells(); ++c) {
    if (s[c] >= 0) continue;
    s[c] = me;
    const int v = ref.wins(s, c, me) ? 1 : -ref.value(s);
    s[c] = -1;
    e.moves.push_back({c, seat(v, me)});
  }
  return e;
}

/// Checks that the principal variation is legal and keeps the value at every step, ending in a
/// win of the winner or, for a draw, in a position that the reference also calls a draw.
void expect_valid_pv(Reference& ref, const mnk::Instance& i, const mnk::Result& r,
                     const std::string& what) {
  std::vector<int> s(i.cells(), -1);
  for (std::size_t j = 0; j < i.moves.size(); ++j) s[i.moves[j]] = static_cast<int>(j % 2);
  int p = static_cast<int>(i.moves.size() % 2);
  bool won = false;
  for (std::size_t j = 0; j < r.pv.size(); ++j) {
    const int c = r.pv[j];
    ASSERT_TRUE(c >= 0 && c < i.cells() && s[c] < 0) << what << ": illegal pv move " << j;
    ASSERT_FALSE(won) << what << ": pv goes on after a win";
    s[c] = p;
    if (ref.wins(s, c, p)) {
      won = true;
      EXPECT_EQ(r.value, p == 0 ? mnk::Value::kFirst : mnk::Value::kSecond) << what;
    } else {
      std::vector<int> t = s;
      EXPECT_EQ(seat(ref.value(t), 1 - p), r.value) << what << ": pv move " << j << " loses value";
    }
    p = 1 - p;
  }
  if (!won) {
    EXPECT_EQ(r.value, mnk::Value::kDraw) << what << ": pv ends without the win";
  }
}

std::string name(const mnk::Instance& i) {
  return mnk::format_instance(i);
}

/// A kernel as the tests call it: its typed function.
struct Kernel {
  std::string name;
  bool parallel;
  mnk::Kernel run;
};

/// Every kernel built, in the problem's ladder order (checked against its registration).
const std::vector<Kernel>& all_kernels() {
  static const std::vector<Kernel> v = {
      {"minimax", false, mnk::minimax},
      {"alphabeta", false, mnk::alphabeta},
      {"alphabeta-tt", false, mnk::alphabeta_tt},
#ifdef SEARCHBENCH_WITH_TBB
      {"alphabeta-tt-pieces", true, mnk::alphabeta_tt_pieces},
      {"pns-refutation-pieces", true, mnk::pns_refutation_pieces},
      {"pns-reply-pieces", true, mnk::pns_reply_pieces},
      {"pns-pieces", true, mnk::pns_pieces},
#else
      {"alphabeta-tt-pieces", false, mnk::alphabeta_tt_pieces},
      {"pns-refutation-pieces", false, mnk::pns_refutation_pieces},
      {"pns-reply-pieces", false, mnk::pns_reply_pieces},
      {"pns-pieces", false, mnk::pns_pieces},
#endif
      {"pns", false, mnk::pns},
#ifdef SEARCHBENCH_WITH_TBB
      {"pns-tbb", true, mnk::pns_tbb},
#endif
#ifdef SEARCHBENCH_WITH_MPI  // one rank here (Open MPI's singleton); ranks: test_mnk_mpi.cpp
      {"alphabeta-tt-pieces-mpi", true, mnk::alphabeta_tt_pieces_mpi},
      {"pns-reply-pieces-mpi", true, mnk::pns_reply_pieces_mpi},
      {"pns-pieces-mpi", true, mnk::pns_pieces_mpi},
#endif
  };
  return v;
}

const Kernel* find_kernel(const std::string& name) {
  for (const auto& k : all_kernels())
    if (k.name == name) return &k;
  return nullptr;
}

/// Kernels that can take instance i in reasonable time in a test.
std::vector<const Kernel*> kernels_for(const mnk::Instance& i) {
  std::vector<const Kernel*> out;
  for (const auto& k : all_kernels()) {
    if (k.name == "minimax" && i.empty_cells() > 9) continue;
    if (k.name == "alphabeta" && i.empty_cells() > 16) continue;
    // One solve per first-move class, each from scratch: small boards only (test_mnk_journal).
    if (k.name.find("-pieces") != std::string::npos && i.empty_cells() > 25) continue;
    out.push_back(&k);
  }
  return out;
}

void check_instance(Reference& ref, const mnk::Instance& i, bool all_moves = true,
                    bool skip_alphabeta = false) {
  const Expected e = expected(ref, i);
  for (const auto* k : kernels_for(i)) {
    if (skip_alphabeta && k->name == "alphabeta") continue;
    mnk::Params p;
    p.instance = i;
    p.threads = k->parallel ? 2 : 1;
    // plain alpha-beta with every move on 4 x 4 takes seconds; its root value is enough there.
    p.all_moves = all_moves && !(k->name == "alphabeta" && i.empty_cells() > 12);
    const mnk::Result r = k->run(p);
    const std::string what = std::string(k->name) + " " + name(i);
    EXPECT_EQ(r.value, e.value) << what;
    if (p.all_moves) {
      EXPECT_EQ(r.move_values, e.moves) << what;
    }
    expect_valid_pv(ref, i, r, what);
    EXPECT_GT(r.nodes, 0u) << what;
    EXPECT_EQ(r.threads, p.threads) << what;
  }
}

}  // namespace

// Every board of up to 12 cells, every k <= 4, both rules, from the empty board.
TEST(MnkKernels, EveryBoardUpTo12Cells) {
  for (int m = 1; m <= 12; ++m)
    for (int n = 1; m * n <= 12; ++n)
      for (int k = 1; k <= std::min(4, std::max(m, n)); ++k)
        for (bool standard : {false, true}) {
          mnk::Instance i;
          i.m = m, i.n = n, i.k = k;
          i.rule = standard ? mnk::Rule::kStandard : mnk::Rule::kFreestyle;
          Reference ref(m, n, k, standard);
          check_instance(ref, i);
        }
}

// 4 x 4 with every k <= 4 and both rules (the reference memo holds all 3^16 positions). Plain
// alphabeta needs 3 * 10^7 nodes on 4 x 4 with k = 4; it is checked there by PublishedValues.
void four_by_four(int k) {
  std::unique_ptr<Reference> ref;
  for (bool st : {false, true}) {
    // With k = 4 on 4 x 4 no overline can arise: the freestyle memo serves both rules.
    if (!ref || k < 4) ref = std::make_unique<Reference>(4, 4, k, st);
    mnk::Instance i;
    i.m = i.n = 4, i.k = k;
    i.rule = st ? mnk::Rule::kStandard : mnk::Rule::kFreestyle;
    check_instance(*ref, i, true, k == 4);
  }
}
TEST(MnkKernels, FourByFourK1K2) {
  four_by_four(1);
  four_by_four(2);
}
TEST(MnkKernels, FourByFourK3) {
  four_by_four(3);
}
TEST(MnkKernels, FourByFourK4) {
  four_by_four(4);
}

// Random legal positions (no win yet) on larger boards, with 8 to 12 empty cells.
TEST(MnkKernels, RandomPositions) {
  struct Shape {
    int m, n, k;
    bool standard;
  };
  const Shape shapes[] = {{5, 4, 4, false}, {5, 5, 4, false}, {5, 5, 3, true}, {6, 5, 4, false},
                          {6, 6, 5, false}, {6, 6, 4, true},  {7, 5, 5, true}, {4, 7, 4, false}};
  std::mt19937 rng(20261130);
  int checked = 0;
  for (const Shape& sh : shapes) {
    Reference ref(sh.m, sh.n, sh.k, sh.standard);
    for (int rep = 0; rep < 5; ++rep) {
      mnk::Instance i;
      i.m = sh.m, i.n = sh.n, i.k = sh.k;
      i.rule = sh.standard ? mnk::Rule::kStandard : mnk::Rule::kFreestyle;
      const int target = i.cells() - 8 - static_cast<int>(rng() % 5);
      std::vector<int> cells(i.cells());
      for (int c = 0; c < i.cells(); ++c) cells[c] = c;
      for (int attempt = 0; attempt < 1000 && static_cast<int>(i.moves.size()) < target;) {
        std::shuffle(cells.begin(), cells.end(), rng);
        i.moves.clear();
        for (int c : cells) {
          if (static_cast<int>(i.moves.size()) == target) break;
          i.moves.push_back(c);
          if (mnk::winner_after(i) >= 0) {  // keep the position open: try another cell
            i.moves.pop_back();
          }
        }
        ++attempt;
      }
      ASSERT_EQ(static_cast<int>(i.moves.size()), target) << name(i);
      check_instance(ref, i);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 40);
}

// Published values that fit CI (src/mnk/reference.cpp): verified "pass" by every fast kernel.
TEST(MnkKernels, PublishedValues) {
  const char* cases[] = {"3x3k3", "4x3k3", "4x4k4", "5x4k4", "5x5k4", "6x5k4", "6x6k5"};
  for (const char* text : cases) {
    const mnk::Instance i = mnk::parse_instance(text);
    for (const auto& k : all_kernels()) {
      if (k.name == "minimax" && i.cells() > 9) continue;
      if (k.name == "alphabeta" && i.cells() > 16) continue;
      if (k.name == "alphabeta-tt" && i.cells() > 30) continue;
      if (k.name.find("-pieces") != std::string::npos && i.cells() > 25)
        continue;  // test_mnk_journal
      mnk::Params p;
      p.instance = i;
      p.threads = k.parallel ? 2 : 1;
      const mnk::Result r = k.run(p);
      EXPECT_EQ(mnk::verify(i, r, false), sb::Verdict::kPass) << k.name << " " << text;
      const auto ref = mnk::reference_value(i.m, i.n, i.k, i.rule);
      ASSERT_TRUE(ref.has_value()) << text;
      EXPECT_EQ(r.value, ref->value) << k.name << " " << text;
    }
  }
}

// 6 x 6 with k = 5 and the value of every first move (each a draw), by the proof-number kernels.
TEST(MnkKernels, SixBySixFiveMoveValues) {
  const mnk::Instance i = mnk::parse_instance("6x6k5");
  for (const char* kn : {"pns", "pns-tbb"}) {
    const auto* k = find_kernel(kn);
    if (k == nullptr) continue;
    mnk::Params p;
    p.instance = i;
    p.all_moves = true;
    p.threads = k->parallel ? 2 : 1;
    const mnk::Result r = k->run(p);
    EXPECT_EQ(r.value, mnk::Value::kDraw);
    ASSERT_EQ(r.move_values.size(), 36u);
    for (const auto& mv : r.move_values) EXPECT_EQ(mv.value, mnk::Value::kDraw) << kn;
  }
}

// pns-tbb: the same values for 1, 2 and 3 threads, and the thread count it reports.
TEST(MnkKernels, ParallelThreadCounts) {
  const auto* k = find_kernel("pns-tbb");
  if (k == nullptr) GTEST_SKIP() << "built without oneTBB";
  for (const char* text : {"5x5k4", "6x5k4", "5x5k4:c3,b2", "6x6k5:c3,d4,c4"}) {
    const mnk::Instance i = mnk::parse_instance(text);
    mnk::Params p;
    p.instance = i;
    p.all_moves = !i.moves.empty();  // every first move of 6 x 5 takes seconds
    mnk::Params ps = p;
    const mnk::Result serial = mnk::pns(ps);
    for (int t : {1, 2, 3}) {
      p.threads = t;
      const mnk::Result r = k->run(p);
      EXPECT_EQ(r.value, serial.value) << text << " t=" << t;
      EXPECT_EQ(r.move_values, serial.move_values) << text << " t=" << t;
      EXPECT_EQ(r.threads, t);
    }
  }
}

// The smallest table budget still gives exact answers (entries are replaced, never overflow).
TEST(MnkKernels, TinyTableStaysExact) {
  for (const char* kn : {"alphabeta-tt", "pns"}) {
    mnk::Params p;
    p.instance = mnk::parse_instance("5x5k4");
    p.max_memory = 1ull << 20;
    const mnk::Result r = find_kernel(kn)->run(p);
    EXPECT_EQ(r.value, mnk::Value::kDraw) << kn;
  }
  mnk::Params p;
  p.instance = mnk::parse_instance("5x5k4");
  p.max_memory = 1000;
  EXPECT_THROW(mnk::pns(p), mnk::OutOfMemory);
}

// The kernels the tests call are the problem's registered kernels, in ladder order.
TEST(MnkKernels, RegistrationMatches) {
  const auto& reg = mnk::problem().kernels;
  ASSERT_EQ(reg.size(), all_kernels().size());
  for (std::size_t i = 0; i < reg.size(); ++i) {
    EXPECT_EQ(reg[i].name, all_kernels()[i].name);
    EXPECT_EQ(reg[i].parallel(), all_kernels()[i].parallel);
  }
  // The default: the last one-process kernel (an MPI kernel is never the default).
  const auto last = std::find_if(all_kernels().rbegin(), all_kernels().rend(),
                                 [](const Kernel& k) { return !k.name.ends_with("-mpi"); });
  EXPECT_EQ(mnk::problem().default_kernel().name, last->name);
}

// pns_wins (the question of pns-reply-pieces' pieces): "does this player win?" for either player
// agrees with alphabeta-tt's value, and counts its nodes.
TEST(MnkKernels, PnsWinsAnswersEachPlayersQuestion) {
  for (const char* inst : {"3x3k3", "4x3k3", "4x4k3", "3x3k3:b2", "3x3k3:a1,b2", "4x4k4:a1,b2",
                           "5x4k4", "4x4k3-standard", "3x3k3:a1,b1,a2,c3"}) {
    mnk::Params p;
    p.instance = mnk::parse_instance(inst);
    p.max_memory = 64ull << 20;
    const auto want = mnk::alphabeta_tt(p).value;
    for (int player : {0, 1}) {
      mnk::Result stats;
      EXPECT_EQ(mnk::pns_wins(p, player, stats),
                want == (player == 0 ? mnk::Value::kFirst : mnk::Value::kSecond))
          << inst << " player " << player;
      EXPECT_GT(stats.nodes, 0u) << inst;
    }
  }
}

// Invalid parameters are refused with std::invalid_argument.
TEST(MnkKernels, BadParams) {
  mnk::Params p;
  p.instance = mnk::parse_instance("3x3k3");
  p.threads = 0;
  EXPECT_THROW(mnk::pns(p), std::invalid_argument);
  p.threads = 1;
  p.instance.k = 9;
  EXPECT_THROW(mnk::alphabeta(p), std::invalid_argument);
  p.instance = mnk::parse_instance("4x4k4");
  EXPECT_THROW(mnk::minimax(p), std::invalid_argument);  // 16 empty cells
  p.instance.moves = {0, 1, 0};
  EXPECT_THROW(mnk::pns(p), std::invalid_argument);  // occupied
}
