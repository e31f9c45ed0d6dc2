// `searchbench tsume usi`: a USI engine that solves tsume problems (`go mate`), so that shogi
// GUIs (ShogiGUI, Shogidokoro, ShogiHome) can use it as their tsume engine.
//
// Protocol: USI as defined by Shogidokoro ("USIプロトコルとは", shogidokoro.starfree.jp/usi.html):
// usi -> id name / id author / option ... / usiok; isready -> readyok; setoption name N [value V];
// usinewgame; position sfen S [moves ...] | position startpos [moves ...]; go mate <ms> | go mate
// infinite -> info time T nodes N score mate L (df-pn kernels: each mate length L established, in
// plies) ... -> checkmate <moves> | checkmate nomate | checkmate timeout; stop; gameover; quit.
// At isready (while no search runs) the df-pn table's memory, USI_Hash MiB, is made ready: its
// pages touched once and kept, the last search's entries cleared, so that no search pays for it.
// The search runs on its own thread and input is read all the time: stop acts at once, and so
// does quit during a search; isready and bad lines are answered at once while a search runs;
// usi, setoption, usinewgame, position, go and a quit read while no search runs (or within 100 ms
// of the last go, as in a piped file) are queued until
// the search has answered (so a session piped from a file runs in order; a queued quit stops only
// `go mate infinite`). At the end of input the queued lines run, the last search goes on to its end
// or time limit and answers, and the engine exits. A line the engine cannot use (unknown command,
// bad SFEN, illegal move, bad option) is answered with `info string <reason>` and the engine keeps
// running with its previous state, except that a rejected `position` clears the position (a
// following `go` is refused, never answered for an older position). A search that fails is answered
// `checkmate timeout`. A mate found but a limit reached before its main line was read is
// answered with the line the table still shows: of the length last sent, or else one that mates
// (after an `info string` saying so); `checkmate timeout` only where the table shows none.
//
// Option defaults are the engine's to choose (USI only names the options): Kernel is the tsume
// problem's default kernel and Threads every core, as for every searchbench command.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <istream>
#include <mutex>
#include <new>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "cli/commands.hpp"
#include "core/echo_text.hpp"
#include "core/limits.hpp"
#include "core/memory.hpp"
#include "core/sysinfo.hpp"
#include "tsume/problem.hpp"
#include "tsume/table_memory.hpp"
#include "tsume/tsume.hpp"
#include "tsume/usi.hpp"

namespace sb::tsume {
namespace {

using cli::UsageError;

// Internal test hook, not a user option: when this environment variable is "1", every search
// throws before it starts, so that tests/tsume/test_tsume_cli.cpp can check the answer to a failed
// search (`info string search failed: ...`, then `checkmate timeout`, never `nomate`) and that
// the engine keeps running.
constexpr const char* kForceSearchFailEnv = "SEARCHBENCH_TEST_FORCE_SEARCH_FAIL";

namespace ts = sb::tsume;

class Engine {
 public:
  Engine(const UsiOptions& o, std::istream& in, std::ostream& out)
      : in_(in),
        out_(out),
        kernel_(o.kernel.empty() ? ts::problem().default_kernel().name : o.kernel) {
    if (!ts::problem().find_kernel(kernel_))
      throw UsageError("unknown tsume kernel '" + kernel_ +
                       "'; known kernels: " + ts::problem().kernel_names());
  }
  ~Engine() {
    stop_.store(true);
    join();
  }

  /// Reads the input on this thread and hands the lines that need the engine idle (usi,
  /// setoption, usinewgame, position, go) to a dispatcher thread that runs them in order, each
  /// after the running search has answered. `stop` acts at once (it also ends a search whose `go`
  /// was read before it but is still queued); while a search runs, `quit` stops it and exits
  /// (queued lines are dropped) and every other line (isready, bad lines) is answered at once;
  /// otherwise lines run in order, a quit too (after the search of the go before it answers). At
  /// the end of input the queued lines run and the last search answers (at its end or time limit)
  /// before this returns.
  int loop() {
    std::thread dispatcher([this] {
      for (;;) {
        std::optional<Item> item = pop();
        if (!item || quit_.load()) break;  // end of input or quit
        handle(item->line, item->seq, true);
        if (quit_.load()) break;
      }
      join();  // at the end of input the search runs on; on quit it was stopped
    });
    std::string line;
    std::uint64_t seq = 0;
    std::chrono::steady_clock::time_point go_read_at{};  // when the last `go` was read
    while (std::getline(in_, line)) {
      if (output_lost_.load()) {  // the GUI is gone: stop as on quit (main reports the error)
        stop_seq_.store(seq + 1);
        stop_.store(true);
        quit_.store(true);
        break;
      }
      if (!line.empty() && line.back() == '\r') line.pop_back();
      ++seq;
      std::istringstream in(line);
      std::string cmd;
      in >> cmd;
      if (cmd == "stop") {
        stop_seq_.store(seq);
        stop_.store(true);
        continue;
      }
      if (cmd == "quit") {  // nothing after quit is read
        // Queued, in order after the queued lines, while no search runs, and also when it came
        // in the same burst of input as the last `go` (a piped session): the dispatcher may
        // have started that search just before this line was read, and whether the search is
        // answered must not depend on that race.
        const bool same_burst = std::chrono::steady_clock::now() - go_read_at < kBurst;
        if (!busy_.load() || same_burst) {
          push(Item{seq, line});
          break;
        }
        stop_seq_.store(seq);  // during a search: stop it and drop the queued lines
        stop_.store(true);
        quit_.store(true);
        break;
      }
      if (!needs_idle(cmd) && busy_.load()) {
        handle(line, seq, false);  // isready, gameover, bad lines: answered at once
        continue;
      }
      if (cmd == "go") go_read_at = std::chrono::steady_clock::now();
      push(Item{seq, line});
    }
    push(std::nullopt);  // end of input (or quit)
    dispatcher.join();
    return 0;
  }

 private:
  struct Item {
    std::uint64_t seq;  ///< 1-based line number
    std::string line;
  };
  static bool needs_idle(const std::string& cmd) {
    return cmd == "usi" || cmd == "setoption" || cmd == "usinewgame" || cmd == "position" ||
           cmd == "go";
  }
  void push(std::optional<Item> item) {
    {
      std::lock_guard lock(q_mu_);
      queue_.push_back(std::move(item));
    }
    q_cv_.notify_all();
  }
  std::optional<Item> pop() {
    std::unique_lock lock(q_mu_);
    q_cv_.wait(lock, [&] { return !queue_.empty(); });
    std::optional<Item> item = std::move(queue_.front());
    queue_.pop_front();
    return item;
  }
  void say(const std::string& s) {
    const std::string line = s.rfind("info string ", 0) == 0 ? echo_text(s) : s;
    std::lock_guard lock(out_mu_);
    out_ << line << "\n" << std::flush;
    if (!out_) output_lost_.store(true);
  }
  void join() {
    if (worker_.joinable()) worker_.join();
  }

  /// Handles line number `seq` (stop and quit are handled by the reader). Commands that need the
  /// engine idle wait for the running search to answer first. `dispatcher`: called on the
  /// dispatcher thread (no search can start meanwhile), not on the reader during a search.
  void handle(const std::string& line, std::uint64_t seq, bool dispatcher) {
    std::istringstream in(line);
    std::string cmd;
    if (!(in >> cmd)) return;  // empty line
    if (needs_idle(cmd)) {
      join();
      if (quit_.load()) return;
    }
    if (cmd == "usi") {
      say("id name searchbench-tsume");
      say("id author searchbench contributors");
      say("option name USI_Hash type spin default 256 min 1 max " + std::to_string(kMaxHashMb));
      say("option name Threads type spin default " + std::to_string(threads_) + " min 1 max " +
          std::to_string(kMaxThreads));
      std::string combo = "option name Kernel type combo default " + kernel_;
      for (const auto& k : ts::problem().kernels) combo += " var " + k.name;
      say(combo);
      say("option name Interpositions type combo default all var all var no-futile");
      say("usiok");
    } else if (cmd == "isready") {
      // As KomoringHeights and other USI engines do: the table is made ready here, before any
      // clock runs (its pages touched once, or the last search's entries cleared), unless a
      // search is using it.
      if (dispatcher && !busy_.load()) {
        join();
        prepare_table();
      }
      say("readyok");
    } else if (cmd == "setoption") {
      setoption(in);
    } else if (cmd == "usinewgame" || cmd == "gameover") {
      // nothing to reset: every search starts with a fresh table
    } else if (cmd == "position") {
      position(in);
    } else if (cmd == "go") {
      go(in, seq);
    } else if (cmd == "quit") {
      // a quit read while no search ran, queued in order: the search started by the `go`
      // before it answers first (at its end or time limit), except `go mate infinite`, which
      // it stops
      if (infinite_.load()) stop_.store(true);
      join();
      quit_.store(true);
    } else {
      say("info string unknown command: " + cmd);
    }
  }

  /// The table memory for the next search: USI_Hash MiB, every page touched, all zero. If it
  /// cannot be had, each search maps its own table as `tsume solve` does.
  void prepare_table() {
    const std::size_t want = hash_bytes();
    try {
      if (memory_.bytes() != want) {
        memory_ = ts::TableMemory();  // the old block goes before the new one is mapped
        memory_ = ts::TableMemory(want);
        memory_.touch();
      } else {
        memory_.clear();
      }
    } catch (const std::bad_alloc&) {
      memory_ = ts::TableMemory();
      say("info string could not reserve the table (USI_Hash " + std::to_string(hash_mb_) +
          " MiB) at isready; each search maps its own");
    }
  }

  /// USI_Hash in bytes: the table's budget and the size of the memory kept for it.
  std::size_t hash_bytes() const { return static_cast<std::size_t>(hash_mb_) << 20; }

  void setoption(std::istringstream& in) {
    std::string w, name, value;
    in >> w;
    if (w != "name") return say("info string setoption needs 'name <id> [value <x>]'");
    while (in >> w && w != "value") name += (name.empty() ? "" : " ") + w;
    if (name.empty()) return say("info string setoption needs 'name <id> [value <x>]'");
    std::getline(in >> std::ws, value);
    auto number = [&](long lo, long hi) -> long {
      try {
        std::size_t pos = 0;
        const long v = std::stol(value, &pos);
        if (pos == value.size() && v >= lo && v <= hi) return v;
      } catch (const std::exception&) {
      }
      say("info string option " + name + " needs an integer from " + std::to_string(lo) + " to " +
          std::to_string(hi) + ", got '" + value + "'");
      return -1;
    };
    if (name == "USI_Hash") {
      const long v = number(1, kMaxHashMb);
      if (v > 0) {
        // The table may use at most half of this machine's memory (the rest is the system's).
        const long cap = std::max<long>(1, static_cast<long>(physical_memory() >> 21));
        hash_mb_ = std::min(v, cap);
        if (v > cap)
          say("info string USI_Hash " + std::to_string(v) + " MiB is more than half the physical " +
              "memory (" + std::to_string(physical_memory() >> 20) + " MiB); using " +
              std::to_string(cap) + " MiB");
      }
    } else if (name == "Threads") {
      const long v = number(1, kMaxThreads);
      if (v > 0) threads_ = static_cast<int>(v);
    } else if (name == "Kernel") {
      if (ts::problem().find_kernel(value))
        kernel_ = value;
      else
        say("info string unknown kernel '" + value + "' (" + ts::problem().kernel_names() + ")");
    } else if (name == "Interpositions") {
      if (const auto rule = ts::parse_interpositions(value))
        interpositions_ = *rule;
      else
        say("info string option Interpositions is 'all' or 'no-futile', got '" + value + "'");
    } else if (name == "USI_Ponder" || name == "USI_OwnBook" || name == "USI_MultiPV") {
      // GUI defaults that do not apply to a tsume engine
    } else {
      say("info string unknown option: " + name);
    }
  }

  void position(std::istringstream& in) {
    // A rejected position leaves no position at all, so that the next `go` is refused rather
    // than answered for an earlier position the GUI no longer shows.
    have_pos_ = false;
    std::string w;
    in >> w;
    ts::Position pos;
    try {
      if (w == "startpos") {
        pos = ts::start_position();
        if (!(in >> w)) w.clear();  // `position startpos` alone
      } else if (w == "sfen") {
        std::string sfen, t;
        while (in >> t && t != "moves") sfen += (sfen.empty() ? "" : " ") + t;
        w = t == "moves" ? t : "";
        pos = ts::parse_sfen(sfen);
      } else {
        return say("info string position needs 'startpos' or 'sfen <sfen>'");
      }
      if (w == "moves") {
        // the SFEN checks also apply to the position after the moves (they can end with the
        // side that has no king to move, e.g. after an attacker's move when only the defender
        // has a king)
        std::string moves;
        std::getline(in, moves);
        pos = ts::play_usi_moves(pos, moves);
      } else if (!w.empty()) {
        return say("info string unexpected '" + w + "' in position (expected 'moves')");
      }
    } catch (const std::invalid_argument& e) {
      return say(std::string("info string ") + e.what());
    }
    pos_ = pos;
    have_pos_ = true;
  }

  void go(std::istringstream& in, std::uint64_t seq) {
    std::string w, arg, extra;
    in >> w >> arg >> extra;
    if (w != "mate") {
      say("info string this engine only solves tsume: use 'go mate <ms>' or 'go mate infinite'");
      say("bestmove resign");
      return;
    }
    if (!extra.empty())
      return say("info string go mate takes one argument (milliseconds or 'infinite'), got '" +
                 extra + "' after '" + arg + "'");
    std::optional<std::chrono::steady_clock::time_point> deadline;
    if (arg != "infinite") {
      const bool digits =
          !arg.empty() && arg.size() <= 40 &&
          std::all_of(arg.begin(), arg.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
      if (!digits)
        return say("info string go mate needs milliseconds or 'infinite', got '" + arg + "'");
      // Times beyond kMaxTimeMs (about 31 years; the clock would overflow near 292 years) are
      // treated as infinite.
      const std::size_t nz = std::min(arg.find_first_not_of('0'), arg.size());
      const std::string_view sig = std::string_view(arg).substr(nz);
      if (sig.size() <= 12 && std::stoll(std::string(sig.empty() ? "0" : sig)) <= kMaxTimeMs)
        deadline = std::chrono::steady_clock::now() +
                   std::chrono::milliseconds(std::stoll(std::string(sig.empty() ? "0" : sig)));
    }
    if (!have_pos_) return say("info string no position: send 'position' before 'go mate'");
    join();
    infinite_.store(!deadline);
    stop_.store(false);
    if (stop_seq_.load() > seq) stop_.store(true);  // a stop read after this go, before it ran
    ts::Params p;
    p.root = pos_;
    const ts::KernelEntry* k = &ts::kernel(kernel_);
    p.threads = k->parallel() ? threads_ : 1;
    p.max_memory = hash_bytes();
    p.deadline = deadline;
    p.stop = &stop_;
    p.interpositions = interpositions_;
    // The table prepared at isready, if it has USI_Hash's size (else it is released, so that the
    // search's own table is not mapped beside it); cleared here if no isready came since the
    // last search.
    if (memory_.bytes() == hash_bytes()) {
      memory_.clear();
      p.table_memory = &memory_;
    } else {
      memory_ = ts::TableMemory();
    }
    try {
      ts::validate(p, k->typed.name.c_str());
    } catch (const std::invalid_argument& e) {
      // No search ran, so no claim is made: timeout, never nomate.
      say(std::string("info string ") + e.what());
      return say("checkmate timeout");
    }
    busy_.store(true);
    worker_ = std::thread([this, p, k]() mutable {
      std::string reply;
      try {
        const auto t0 = std::chrono::steady_clock::now();
        // each mate length the search establishes, as it is found (df-pn kernels): plies in
        // `score mate`, time in ms since the search started
        p.on_mate_found = [this, t0](const ts::MateFound& m) {
          const double s =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          say("info time " + std::to_string(static_cast<long long>(s * 1000)) + " nodes " +
              std::to_string(m.nodes) + " score mate " + std::to_string(m.length));
        };
        if (const char* f = std::getenv(kForceSearchFailEnv); f && std::string_view(f) == "1")
          throw std::runtime_error(std::string("forced by ") + kForceSearchFailEnv);
        const ts::Result r = k->typed.fn(p);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        say("info time " + std::to_string(static_cast<long long>(s * 1000)) + " nodes " +
            std::to_string(r.nodes) + " nps " +
            std::to_string(static_cast<long long>(s > 0 ? r.nodes / s : 0)));
        if (r.outcome == ts::Outcome::kMate && !r.main_line.empty()) {
          reply = "checkmate " + ts::usi_line(r.main_line);
        } else if (r.outcome == ts::Outcome::kMate && !r.mating_line.empty()) {
          // the limit stopped the post-search before the main line could be read: a line that
          // mates, its length said beside it (its defence is not proved the longest)
          say("info string the search stopped before the main line was read: a mating line of " +
              std::to_string(r.mating_line.size()) + " plies follows (mate in " +
              std::to_string(r.mate_length) + " found; the defence is not proved the longest)");
          reply = "checkmate " + ts::usi_line(r.mating_line);
        } else if (r.outcome == ts::Outcome::kNoMate) {
          reply = "checkmate nomate";
        } else {
          reply = "checkmate timeout";
        }
      } catch (const std::exception& e) {
        say(std::string("info string search failed: ") + e.what());
        reply = "checkmate timeout";
      }
      say(reply);
      busy_.store(false);
    });
  }

  // Lines read within this time of a `go` came with it in one burst (a file piped in), not
  // from a GUI or a person reacting to the search.
  static constexpr std::chrono::milliseconds kBurst{100};
  static constexpr long kMaxHashMb = 65536;
  static constexpr long long kMaxTimeMs = 1'000'000'000'000;  // about 31.7 years

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mu_;
  std::mutex q_mu_;
  std::condition_variable q_cv_;
  std::deque<std::optional<Item>> queue_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> busy_{false};  ///< a search runs
  std::atomic<bool> quit_{false};
  std::atomic<bool> output_lost_{false};    ///< a write to stdout failed
  std::atomic<bool> infinite_{false};       ///< the last search started has no time limit
  std::atomic<std::uint64_t> stop_seq_{0};  ///< line number of the last stop or quit
  ts::Position pos_;
  bool have_pos_ = false;
  std::string kernel_;
  long hash_mb_ = 256;
  int threads_ = sysinfo::hardware_threads();  ///< option Threads: every core, as every command
  ts::Interpositions interpositions_ = ts::Interpositions::kAll;  ///< option Interpositions
  ts::TableMemory memory_;  ///< the df-pn table's memory, made ready at isready
};

}  // namespace

int run_usi(const UsiOptions& o, std::istream& in, std::ostream& out) {
  Engine e(o, in, out);
  return e.loop();
}

}  // namespace sb::tsume
