// dfpn-tbb: several df-pn searchers (dfpn_search.hpp) on one shared transposition table.
//
// Work split: `threads` searchers answer every query together: the root search first, then each
// depth-limited question of the post-search (the minimality proof and the main-line search,
// which take most of the time on long problems). Each searcher is one task of a oneTBB task
// arena of `threads` workers; they share the table (a spin lock per cluster), so a proof or
// disproof one finds is seen by all. Searcher 0 picks children exactly as dfpn does; the others
// add a small random amount to the numbers they compare when choosing the child to descend into
// (never to the numbers they store), so that they spread over different parts of the tree.
// In a long query of the post-search (more than 48 plies: a long mate's "mate within L - 2?"),
// searcher 1 first asks line shortening's questions about the current line
// (line_shortening.hpp), each with a budget of kLineQuestionNodes nodes, then joins the query
// (once per query: not again when the query starts over after the table grew).
// The first searcher to settle a query stops the others. The table starts small, like dfpn's:
// when it wants to grow, the searchers stop, it doubles (its parts shared out among the
// threads), and they start again from what it holds.
// The answers are exact facts, so the mate length equals dfpn's and so does the main line's
// leftover (the line itself may be another of the same length); node and position counts vary
// from run to run.
// Limits: as dfpn; threads 1..kMaxThreads.
#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "dfpn_search.hpp"
#include "dfpn_table.hpp"
#include "line_shortening.hpp"
#include "post_search.hpp"
#include "search_limits.hpp"

namespace sb::tsume {

namespace {

// `threads` searchers on one shared table, kept for the whole run: each query (the root search,
// then every depth-limited question of the post-search) is answered by all of them together, and
// the first to settle it stops the others.
class Team {
 public:
  Team(const Params& p, detail::Table<true>& tt)
      : tt_(tt),
        attacker_(p.root.side_to_move()),
        rule_(p.interpositions),
        arena_(p.threads),
        stop_(false) {
    tt.set_grow_signal(&stop_);
    for (int t = 0; t < p.threads; ++t) {
      // a node limit is shared out: each searcher counts its own nodes
      params_.push_back(std::make_unique<Params>(p));
      if (p.max_nodes) {
        const auto n = static_cast<std::uint64_t>(p.threads);
        params_.back()->max_nodes = (p.max_nodes + n - 1) / n;
      }
      lims_.push_back(std::make_unique<detail::Limits>(*params_.back()));
      searchers_.push_back(std::make_unique<detail::DfPn<true>>(
          tt, *lims_.back(), attacker_, t == 0 ? 0u : 7919u * static_cast<unsigned>(t),
          p.interpositions));
      searchers_.back()->set_stop_flag(&stop_);
    }
  }

  /// As DfPn::solve, by every searcher at once; throws detail::Aborted when a limit stopped them
  /// all before any settled the query. When the table asks to grow, the searchers stop, the
  /// table doubles and they start again (the table keeps what they found).
  detail::Val solve(Position& pos, std::uint16_t r, detail::PathSet& path) {
    {  // a query the table already settles (most of the post-search's) needs no team
      const detail::Val t = tt_.lookup(pos.board_key(), pos.hand(attacker_), r);
      if (t.pn == 0 || t.dn == 0) return t;
    }
    for (bool first = true;; first = false) {
      if (tt_.grow_wanted()) grow();
      bool have = false;
      const detail::Val v = round(pos, r, path, first, have);
      if (have) return v;
      if (!tt_.grow_wanted()) throw detail::Aborted{};
    }
  }

  std::uint64_t nodes() const {
    std::uint64_t n = 0;
    for (const auto& l : lims_) n += l->nodes;
    return n;
  }

 private:
  // doubles the table, its parts shared out among the arena's threads (no searcher runs)
  void grow() {
    const std::uint64_t parts = tt_.grow_parts();
    if (parts == 0) return;
    arena_.execute([&] {
      tbb::parallel_for(std::uint64_t{0}, parts, [&](std::uint64_t i) { tt_.grow_part(i); });
    });
    tt_.grow_finish();
  }

  // One attempt at the query by every searcher; `first` is false when it starts again after the
  // table grew (searcher 1's line shortening then is not asked again: the line has not changed).
  detail::Val round(Position& pos, std::uint16_t r, detail::PathSet& path, bool first, bool& have) {
    stop_.store(false);
    detail::Val val;
    std::mutex mu;
    const int n = static_cast<int>(searchers_.size());
    arena_.execute([&] {
      tbb::parallel_for(
          0, n,
          [&](int t) {
            Position local = pos;
            detail::PathSet local_path = path;
            if (t == 1 && first && path.empty() && detail::DfPn<true>::is_long_query(r))
              helper_shortens_line(pos, r);
            try {
              const detail::Val v = searchers_[t]->solve(local, r, local_path);
              std::lock_guard lock(mu);
              if (!have) have = true, val = v;
            } catch (const detail::Aborted&) {
            }
            stop_.store(true);
          },
          tbb::simple_partitioner());
    });
    return val;
  }

  // Each line-shortening question's node budget. Microcosmos, 1 GiB, 2 threads, 1,525 reached
  // within 60 s (results/2026-12-07_vm_tsume_line_shortening): 20,000 nodes in 15 of 21 runs;
  // 5,000, 50,000 and 100,000 (some runs with the evasions asked too) in 3 of 6, 4 of 5 and 1
  // of 2.
  static constexpr std::uint64_t kLineQuestionNodes = 20000;

  // Searcher 1's line shortening before it joins a long query (line_shortening.hpp): each
  // question is a depth-limited query with its own budget; a spent budget ends the question,
  // any other limit the pass.
  void helper_shortens_line(const Position& root, std::uint16_t r) {
    detail::DfPn<true>& s = *searchers_[1];
    detail::Limits& lim = *lims_[1];
    bool limited = false;
    auto ask = [&](Position& pos, int bound, detail::PathSet& path) {
      lim.set_budget(kLineQuestionNodes);
      bool yes = false;
      try {
        yes = s.solve(pos, static_cast<std::uint16_t>(bound), path).pn == 0;
      } catch (const detail::BudgetSpent&) {
      } catch (const detail::Aborted&) {
        limited = true;
      }
      lim.set_budget(0);
      return yes;
    };
    auto stop = [&] { return limited || stop_.load(std::memory_order_relaxed); };
    detail::shorten_line(tt_, root, attacker_, r + 2, rule_, ask, stop);
  }

  detail::Table<true>& tt_;
  Color attacker_;
  Interpositions rule_;
  tbb::task_arena arena_;
  std::atomic<bool> stop_;
  std::vector<std::unique_ptr<Params>> params_;  // per searcher: its share of the node limit
  std::vector<std::unique_ptr<detail::Limits>> lims_;
  std::vector<std::unique_ptr<detail::DfPn<true>>> searchers_;
};

}  // namespace

Result dfpn_tbb(const Params& p) {
  validate(p, "dfpn-tbb");
  detail::Table<true> tt(table_bytes(p), p.table_memory);
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(p.threads));
  Team team(p, tt);
  Result res;
  res.threads = p.threads;
  res.interpositions = p.interpositions;
  detail::solve_root(
      p, tt,
      [&](Position& pos, std::uint16_t r, detail::PathSet& ps) { return team.solve(pos, r, ps); },
      [&] { return team.nodes(); }, res);
  res.nodes = team.nodes();
  res.positions = tt.positions();
  return res;
}

}  // namespace sb::tsume
#endif
