// The gomoku engine's entry points (engine.hpp): forced moves, threat searches, iterative
// deepening with lazy SMP on oneTBB (every thread searches the same root on its own board, all
// share one transposition table; the main thread's result is played).
#include "gomoku/engine.hpp"

#include <memory>
#include <stdexcept>

#include "gomoku/engine_impl.hpp"
#include "gomoku/pattern_search.hpp"

#ifdef SEARCHBENCH_WITH_TBB
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>
#endif

namespace sb::gomoku {

namespace {

using detail::Clock;
using detail::Searcher;
using detail::Shared;
using detail::TT;

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void require_ongoing(const Game& g) {
  if (g.over())
    throw std::invalid_argument(std::string("the game is over (") + outcome_name(g.outcome()) +
                                "): there is no move to choose");
}

/// The forced cases every level plays: a five of its own, else a block of the opponent's five.
/// Returns true with the move in *ch.
template <int W>
bool forced(Searcher<W>& s, Choice* ch) {
  auto& b = s.board();
  const int me = b.to_move(), op = me ^ 1;
  if (b.has_five_point(me)) {
    ch->move = b.any_five_point(me);
    ch->reason = "five";
    ch->score = kWin - 1;
    ch->line = {ch->move};
    return true;
  }
  const int nf = b.count_five_points(op);
  if (nf >= 1) {
    ch->move = b.any_five_point(op);
    ch->reason = nf >= 2 ? "block five (two fives: lost)" : "block five";
    ch->score = nf >= 2 ? -(kWin - 2) : 0;
    return true;
  }
  return false;
}

/// Scales a node budget down for short thinking times. VcfSearch cannot be interrupted, so its
/// budget must fit the time: 300,000 nodes per second is a low estimate on a busy machine.
std::uint64_t scaled(std::uint64_t budget, double seconds) {
  if (seconds <= 0) return budget;
  const double cap = seconds * 3.0e5;
  return std::max<std::uint64_t>(1000, std::min<double>(static_cast<double>(budget), cap));
}

/// Level 3 (kPattern false: the alpha-beta of engine_impl.hpp) or level 4 (kPattern true: the
/// pattern search of pattern_search.hpp); both share the forced moves, the root VCF/VCT and the
/// final VCT safety check of engine_impl.hpp's Searcher.
template <int W, bool kPattern>
Choice search_impl(const Game& g, const Limits& lim, const std::atomic<bool>* stop, Live* live,
                   bool clocked, bool threats_at_root) {
  // Shares of the time per move: the root VCT, the last alpha-beta iteration started, the
  // alpha-beta stopped; the VCT budget of each move of the safety check, its moves and threes.
  // Level 4 stops its search sooner (70 %) to check more candidates, deeper, against the
  // opponent's VCT.
  struct TimeShares {
    double vct, soft, hard, safety;
    std::uint64_t safety_div;
    int safety_moves, safety_threes;
  };
  static constexpr TimeShares kTime = kPattern ? TimeShares{0.2, 0.45, 0.7, 0.2, 2, 16, 7}
                                               : TimeShares{0.25, 0.35, 0.8, 0.02, 10, 8, 5};
  const auto t0 = Clock::now();
  const mnk::Geometry& geo = g.geometry();
  TT tt(std::max<std::uint64_t>(lim.tt_bytes, 1ull << 20));
  Shared sh;
  sh.start = t0;
  sh.external_stop = stop;
  sh.max_nodes = lim.max_nodes;
  sh.live = live;
  Searcher<W> s(geo, &tt, &sh);
  s.set_position(g.moves());
  Choice ch;
  ch.threads = 1;
  auto finish = [&](Choice c) {
    s.flush();
    c.nodes = sh.nodes.load();
    c.plays += s.plays();
    c.seconds = since(t0);
    return c;
  };
  if (forced(s, &ch)) return finish(ch);
  if (threats_at_root) {
    // VcfSearch has no clock: doubling budgets, the clock checked between them
    std::vector<int> seq;
    bool vcf_win = false;
    const std::uint64_t vcf_cap = scaled(lim.vcf_nodes, clocked ? lim.seconds * 0.2 : 0);
    for (std::uint64_t b = std::min<std::uint64_t>(2000, vcf_cap);; b = std::min(2 * b, vcf_cap)) {
      bool exhausted = false;
      vcf_win = s.vcf(b, &seq, &exhausted);
      if (vcf_win || !exhausted || b >= vcf_cap) break;
      if (clocked && since(t0) > lim.seconds * 0.15) break;
    }
    if (vcf_win) {
      ch.move = seq[0];
      ch.reason = "VCF";
      ch.line = seq;
      ch.score = kWin - static_cast<int>(seq.size()) - 1;
      return finish(ch);
    }
    if (lim.vct) {
      sh.hard_seconds = clocked ? lim.seconds * kTime.vct : 0;
      std::vector<int> line;
      bool exhausted = false;
      if (s.vct(lim.vct_depth, scaled(lim.vct_nodes, clocked ? lim.seconds : 0), &line,
                &exhausted)) {
        ch.move = line[0];
        ch.reason = "VCT";
        ch.line = line;
        ch.score = kWin - static_cast<int>(line.size()) - 1;
        return finish(ch);
      }
      if (stop && stop->load()) {
        // stopped from outside during the VCT: play the best-looking move
        int cells[Searcher<W>::kMaxCells], values[Searcher<W>::kMaxCells];
        s.candidates(cells, values);
        ch.move = cells[0];
        ch.reason = "stopped";
        return finish(ch);
      }
      s.reset_abort();
      sh.stop.store(false);
    }
  }
  sh.hard_seconds = clocked ? lim.seconds * kTime.hard : 0;  // room for the safety check
  const double soft = clocked ? lim.seconds * kTime.soft : 0;

  auto run = [&](auto& m) -> Choice {
    int cells[Searcher<W>::kMaxCells], values[Searcher<W>::kMaxCells];
    int decided = 0;
    const int n = m.root_moves(cells, values, &decided);
    if (n < 0) {
      // decided at the root: a VCF win, or every move loses to the opponent's VCF (then the move
      // of most value, in case the opponent misses it)
      ch.score = decided;
      if (decided > 0) {
        if constexpr (kPattern) {
          ch.move = cells[0];
          ch.line = {ch.move};
          ch.reason = "straight four";
        } else {
          ch.line = s.last_vcf();
          ch.move = ch.line[0];
          ch.reason = "VCF";
        }
      } else {
        int vals[Searcher<W>::kMaxCells];
        m.candidates(cells, vals);
        ch.move = cells[0];
        ch.reason = "lost (opponent's VCF)";
      }
      return finish(ch);
    }
    if (n == 1) {
      ch.move = cells[0];
      ch.reason = "only move";
      return finish(ch);
    }
    std::vector<int> moves(cells, cells + n);
    [[maybe_unused]] const int threads = std::max(1, lim.threads);  // read only with oneTBB
    const int max_depth = lim.max_depth > 0 ? lim.max_depth : 60;

    auto main_loop = [&] {
      for (int d = 1; d <= max_depth; ++d) {
        int completed = 0;
        const int score = m.search_root(d, moves.data(), n, &completed);
        if (m.aborted()) {
          if (completed > 0) ch.move = moves[0];
          break;
        }
        ch.move = moves[0];
        ch.score = score;
        ch.depth = d;
        if (live) {
          live->depth.store(d);
          live->best.store(moves[0]);
          live->score.store(score);
        }
        if (score > kWinThreshold || score < -kWinThreshold) break;
        if (soft > 0 && since(t0) > soft) break;
      }
      if (ch.move < 0) ch.move = moves[0];
      sh.stop.store(true);
    };

#ifdef SEARCHBENCH_WITH_TBB
    if (threads > 1) {
      using M = std::remove_reference_t<decltype(m)>;
      std::vector<std::unique_ptr<M>> helpers;
      for (int i = 1; i < threads; ++i) {
        helpers.push_back(std::make_unique<M>(geo, &tt, &sh));
        helpers.back()->set_position(g.moves());
      }
      tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                                static_cast<std::size_t>(threads));
      tbb::task_arena arena(threads);
      arena.execute([&] {
        tbb::task_group tg;
        for (int i = 1; i < threads; ++i)
          tg.run([&, i] {
            M& h = *helpers[i - 1];
            std::vector<int> mv = moves;
            // a different order of the later root moves per helper, and half of them one ply
            // deeper, so that the threads fill the table with different parts of the tree
            if (mv.size() > 2)
              std::rotate(mv.begin() + 1, mv.begin() + 1 + (i % (n - 1)), mv.end());
            for (int d = 1 + (i & 1); d <= max_depth && !sh.stop.load(); ++d) {
              int completed = 0;
              h.search_root(d, mv.data(), n, &completed);
              if (h.aborted()) break;
            }
            h.flush();
          });
        main_loop();
        tg.wait();
      });
      for (auto& h : helpers) ch.plays += h->plays();
      ch.threads = threads;
    } else {
      main_loop();
    }
#else
    main_loop();
#endif
    ch.reason = "search";
    if (threats_at_root && lim.vct && n > 1) {
      // Safety: the opponent must not win by VCT after the move. Check the moves in the order of
      // the last iteration and play the first that leaves no VCT (the best move when all do).
      s.reset_abort();
      sh.stop.store(false);
      sh.hard_seconds = clocked ? lim.seconds * 0.92 : 0;
      const std::uint64_t budget =
          scaled(lim.vct_nodes / kTime.safety_div, clocked ? lim.seconds * kTime.safety : 0);
      int order[kTime.safety_moves], k = 0;
      order[k++] = ch.move;
      for (int i = 0; i < n && k < kTime.safety_moves; ++i)
        if (moves[i] != ch.move) order[k++] = moves[i];
      for (int i = 0; i < k; ++i) {
        if (clocked && since(t0) > lim.seconds * 0.85) break;
        s.play(order[i]);
        bool exhausted = false;
        const bool lost = s.vct(kTime.safety_threes, budget, nullptr, &exhausted);
        s.undo();
        if (s.aborted()) break;
        if (!lost) {
          if (i > 0) {
            ch.move = order[i];
            ch.reason = "search (avoids the opponent's VCT)";
          }
          break;
        }
      }
    }
    m.play(ch.move);
    ch.line = m.pv_from_tt(11);
    m.undo();
    ch.line.insert(ch.line.begin(), ch.move);
    return finish(ch);
  };
  if constexpr (kPattern) {
    detail::PatternSearcher ps(geo, &tt, &sh);
    ps.set_position(g.moves());
    Choice c = run(ps);
    ps.flush();
    c.nodes = sh.nodes.load();
    c.plays += ps.plays();
    return c;
  } else {
    return run(s);
  }
}

template <int W>
Choice greedy_impl(const Game& g, const Limits& lim) {
  const auto t0 = Clock::now();
  Shared sh;
  sh.start = t0;
  Searcher<W> s(g.geometry(), nullptr, &sh);
  s.set_position(g.moves());
  Choice ch;
  if (!forced(s, &ch)) {
    std::vector<int> seq;
    if (s.vcf(std::min<std::uint64_t>(lim.vcf_nodes, 20000), &seq)) {
      ch.move = seq[0];
      ch.reason = "VCF";
      ch.line = seq;
    } else {
      int cells[Searcher<W>::kMaxCells], values[Searcher<W>::kMaxCells];
      int n = s.candidates(cells, values);
      auto& b = s.board();
      b.pass();
      const bool threat = s.vcf(2000, &seq);
      b.undo();
      if (threat) {
        const int k = s.filter_defences(cells, values, n, seq);
        if (k > 0) n = k;
      }
      ch.move = cells[0];
      ch.reason = threat ? "defence" : "greedy";
    }
  }
  s.flush();
  ch.nodes = sh.nodes.load();
  ch.plays = s.plays();
  ch.seconds = since(t0);
  return ch;
}

}  // namespace

Choice choose_greedy(const Game& g, const Limits& lim) {
  require_ongoing(g);
  return mnk::dispatch_words(g.rules().cells(), [&]<int W>() { return greedy_impl<W>(g, lim); });
}

Choice choose_search(const Game& g, const Limits& lim, const std::atomic<bool>* stop, Live* live) {
  require_ongoing(g);
  return mnk::dispatch_words(g.rules().cells(), [&]<int W>() {
    return search_impl<W, false>(g, lim, stop, live, lim.seconds > 0, true);
  });
}

Choice choose_pattern_search(const Game& g, const Limits& lim, const std::atomic<bool>* stop,
                             Live* live) {
  require_ongoing(g);
  return mnk::dispatch_words(g.rules().cells(), [&]<int W>() {
    return search_impl<W, true>(g, lim, stop, live, lim.seconds > 0, true);
  });
}

Choice search_fixed_depth(const Game& g, int depth, int threads, std::uint64_t tt_bytes,
                          bool pattern) {
  require_ongoing(g);
  if (depth < 1 || depth > 60)
    throw std::invalid_argument("search depth " + std::to_string(depth) + " is outside 1..60");
  Limits lim;
  lim.seconds = 0;
  lim.max_depth = depth;
  lim.threads = threads;
  lim.tt_bytes = tt_bytes;
  lim.vct = false;
  return mnk::dispatch_words(g.rules().cells(), [&]<int W>() {
    return pattern ? search_impl<W, true>(g, lim, nullptr, nullptr, false, false)
                   : search_impl<W, false>(g, lim, nullptr, nullptr, false, false);
  });
}

ThreatResult solve_vcf(const Game& g, std::uint64_t max_nodes) {
  require_ongoing(g);
  return mnk::dispatch_words(g.rules().cells(), [&]<int W>() {
    Shared sh;
    Searcher<W> s(g.geometry(), nullptr, &sh);
    s.set_position(g.moves());
    ThreatResult r;
    r.win = s.vcf(max_nodes, &r.line, &r.exhausted);
    r.nodes = s.nodes();
    return r;
  });
}

ThreatResult solve_vct(const Game& g, int max_threats, std::uint64_t max_nodes) {
  require_ongoing(g);
  return mnk::dispatch_words(g.rules().cells(), [&]<int W>() {
    Shared sh;
    sh.start = Clock::now();
    Searcher<W> s(g.geometry(), nullptr, &sh);
    s.set_position(g.moves());
    ThreatResult r;
    r.win = s.vct(max_threats, max_nodes, &r.line, &r.exhausted);
    r.nodes = s.nodes();
    return r;
  });
}

}  // namespace sb::gomoku
