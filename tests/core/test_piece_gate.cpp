// PieceGate (src/core/piece_gate.hpp): a waiting piece returns once the value it needs is set by
// another thread, and every waiting piece throws the failure of a piece that threw.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/piece_gate.hpp"

namespace {

// Three pieces wait for the value of "piece 0", which another thread sets later; each returns
// the need the rule gives for it (1 for odd ids, 0 for even ones).
TEST(PieceGate, WaitReturnsOnceTheValueIsKnown) {
  sb::PieceGate gate;
  int value = -1;  // guarded by the gate
  std::vector<int> need(3, -2);
  std::vector<std::thread> waiting;
  for (int id = 0; id < 3; ++id)
    waiting.emplace_back([&, id] {
      need[static_cast<std::size_t>(id)] =
          gate.wait([&] { return value < 0 ? -1 : (id + value) % 2; });
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  gate.locked([&] { EXPECT_EQ(value, -1); });
  gate.update([&] { value = 1; });
  for (auto& t : waiting) t.join();
  EXPECT_EQ(need, (std::vector<int>{1, 0, 1}));
  EXPECT_EQ(gate.wait([] { return 0; }), 0);  // known at once: no wait
}

// A piece that throws inside guard: the exception reaches its caller, and every piece waiting
// on a value that will never come throws it too, as does a later wait.
TEST(PieceGate, AFailureWakesEveryWaitingPiece) {
  sb::PieceGate gate;
  std::atomic<int> thrown{0};
  std::vector<std::thread> waiting;
  for (int i = 0; i < 2; ++i)
    waiting.emplace_back([&] {
      try {
        gate.wait([] { return -1; });
      } catch (const std::runtime_error& e) {
        if (std::string(e.what()) == "piece failed") ++thrown;
      }
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_THROW(gate.guard([] { throw std::runtime_error("piece failed"); }), std::runtime_error);
  for (auto& t : waiting) t.join();
  EXPECT_EQ(thrown.load(), 2);
  EXPECT_THROW(gate.wait([] { return 1; }), std::runtime_error);
  int ran = 0;
  gate.guard([&] { ++ran; });  // a piece that does not throw: nothing recorded, nothing thrown
  EXPECT_EQ(ran, 1);
}

}  // namespace
