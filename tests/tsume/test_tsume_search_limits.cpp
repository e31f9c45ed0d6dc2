// Tests of the tsume kernels' search limits (kernels/tsume/search_limits.hpp): the node limit
// stops a search at exactly that count, in Limits and in every single-threaded kernel; the stop
// flag within 1024 nodes; the progress count; a question's budget (BudgetSpent) within 1024.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>

#include "tsume/search_limits.hpp"

using namespace sb::tsume;

namespace {

// counts until Limits throws Aborted; the node count then
std::uint64_t count_until_aborted(detail::Limits& lim, std::uint64_t most) {
  try {
    for (std::uint64_t i = 0; i < most; ++i) lim.count();
  } catch (const detail::Aborted&) {
    return lim.nodes;
  }
  return 0;
}

}  // namespace

TEST(TsumeSearchLimits, TheNodeLimitIsExact) {
  for (std::uint64_t n : {1ull, 2ull, 1023ull, 1024ull, 1025ull, 2048ull, 5000ull, 123457ull}) {
    Params p;
    p.max_nodes = n;
    detail::Limits lim(p);
    EXPECT_EQ(count_until_aborted(lim, 10 * n), n) << n;
  }
  Params p;  // no limit: never stops
  detail::Limits lim(p);
  EXPECT_EQ(count_until_aborted(lim, 200000), 0u);
  EXPECT_EQ(lim.nodes, 200000u);
}

TEST(TsumeSearchLimits, TheStopFlagAndTheProgressCountAreSeenEvery1024Nodes) {
  std::atomic<bool> stop{false};
  sb::Progress progress;
  Params p;
  p.stop = &stop;
  p.progress = &progress;
  detail::Limits lim(p);
  for (int i = 0; i < 3000; ++i) lim.count();
  EXPECT_EQ(progress.done.load(), 2048u);  // reported at 1024 and 2048
  stop.store(true);
  EXPECT_EQ(count_until_aborted(lim, 5000), 3072u);  // the next look after 3000
  EXPECT_EQ(progress.done.load(), 3072u);
}

TEST(TsumeSearchLimits, AQuestionsBudgetThrowsBudgetSpentWithin1024Nodes) {
  Params p;
  p.max_nodes = 100000;
  detail::Limits lim(p);
  for (int i = 0; i < 500; ++i) lim.count();
  lim.set_budget(3000);  // from 500: spent at 3500, seen at the next look, 4096
  std::uint64_t at = 0;
  try {
    for (int i = 0; i < 10000; ++i) lim.count();
  } catch (const detail::BudgetSpent&) {
    at = lim.nodes;
  }
  EXPECT_EQ(at, 4096u);
  lim.set_budget(0);  // cleared: counting goes on to the node limit, which is an Aborted only
  bool spent = false, aborted = false;
  try {
    for (int i = 0; i < 200000; ++i) lim.count();
  } catch (const detail::BudgetSpent&) {
    spent = true;
  } catch (const detail::Aborted&) {
    aborted = true;
  }
  EXPECT_FALSE(spent);
  EXPECT_TRUE(aborted);
  EXPECT_EQ(lim.nodes, 100000u);
  // a spent budget unwinds a search as any limit does: it is an Aborted
  Params none;
  detail::Limits unlimited(none);
  unlimited.set_budget(1);
  EXPECT_THROW(
      {
        for (int i = 0; i < 2000; ++i) unlimited.count();
      },
      detail::Aborted);
  EXPECT_EQ(unlimited.nodes, 1024u);
}

TEST(TsumeSearchLimits, EveryKernelStopsAtExactlyTheNodeLimit) {
  // jisaku-10 (mate in 9) needs tens of thousands of nodes from every kernel
  Params p;
  p.root = parse_sfen("8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1");
  p.max_memory = 16ull << 20;
  for (std::uint64_t n : {1ull, 100ull, 1024ull, 3001ull}) {
    p.max_nodes = n;
    for (auto* kernel : {andor, andor_tt, dfpn}) {
      const Result r = kernel(p);
      EXPECT_TRUE(r.stopped) << n;
      EXPECT_EQ(r.nodes, n);
    }
  }
}
