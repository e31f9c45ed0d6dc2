// dfpn-tbb: several df-pn searchers (dfpn_core.hpp) on one shared transposition table.
//
// Work split: `threads` searchers start together from the root, each as one task of a oneTBB task
// arena of `threads` workers; they share the table (a spin lock per cluster), so a proof or
// disproof one finds is seen by all. Searcher 0 picks children exactly as dfpn does; the others
// add a small random amount to the numbers they compare when choosing the child to descend into
// (never to the numbers they store), so that they spread over different parts of the tree. The
// first searcher to settle the root stops the others. The post-search (minimal length, main line)
// then runs on one thread over the shared table; its answers are exact facts, so the mate length
// equals dfpn's, and so does the main line's leftover (the line itself may be another of the same
// length, since the main-line search tries first what the table knows); node and position counts
// vary from run to run.
// Limits: as dfpn; threads 1..kMaxThreads.
#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <mutex>

#include "dfpn_core.hpp"

namespace sb::tsume {

Result dfpn_tbb(const Params& p) {
  validate(p, "dfpn-tbb");
  detail::Table<true> tt(table_bytes(p));
  const Color atk = p.root.side_to_move();
  std::atomic<bool> done{false};
  std::atomic<std::uint64_t> nodes{0};
  std::mutex mu;
  bool have = false, aborted = false;
  detail::Val root_val;
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(p.threads));
  tbb::task_arena arena(p.threads);
  arena.execute([&] {
    tbb::parallel_for(
        0, p.threads,
        [&](int t) {
          detail::Limits lim(p);
          detail::DfPn<true> s(tt, lim, atk, t == 0 ? 0u : 7919u * static_cast<unsigned>(t),
                               p.interpositions);
          s.set_stop_flag(&done);
          Position root = p.root;
          detail::PathSet path;
          try {
            const detail::Val v = s.solve(root, detail::kRInf, path);
            std::lock_guard lock(mu);
            if (!have) have = true, root_val = v;
            done.store(true);
          } catch (const detail::Aborted&) {
            if (!done.load()) {
              std::lock_guard lock(mu);
              aborted = true;
            }
            done.store(true);
          }
          nodes.fetch_add(lim.nodes);
        },
        tbb::simple_partitioner());
  });
  Result res;
  res.threads = p.threads;
  detail::Limits lim(p);
  lim.nodes = nodes.load();
  if (!have || aborted) {
    res.outcome = Outcome::kUnknown;
    res.stopped = true;
  } else {
    detail::DfPn<true> s(tt, lim, atk, 0, p.interpositions);
    try {
      detail::post_search(p, tt, s, root_val, res);
    } catch (const detail::Aborted&) {
      res.stopped = true;
    }
  }
  res.nodes = lim.nodes;
  res.positions = tt.positions();
  return res;
}

}  // namespace sb::tsume
#endif
