// `searchbench tsume usi`: a USI engine that solves tsume problems (`go mate`), so that shogi
// GUIs (ShogiGUI, Shogidokoro, ShogiHome) can use it as their tsume engine.
//
// Protocol: USI as defined by Shogidokoro ("USIプロトコルとは", shogidokoro.starfree.jp/usi.html):
// usi -> id name / id author / option ... / usiok; isready -> readyok; setoption name N [value V];
// usinewgame; position sfen S [moves ...] | position startpos [moves ...]; go mate <ms> | go mate
// infinite -> checkmate <moves> | checkmate nomate | checkmate timeout; stop; gameover; quit.
// The search runs on its own thread, so stop and quit are read while it searches. A line the
// engine cannot use (unknown command, bad SFEN, illegal move, bad option) is answered with
// `info string <reason>` and the engine keeps running with its previous state.
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "core/limits.hpp"
#include "tsume/tsume.hpp"
#include "tsume/tsume_cli.hpp"

namespace sb::cli::tsume_cli {
namespace {

namespace ts = sb::tsume;

class Engine {
 public:
  explicit Engine(const UsiOptions& o) : kernel_(o.kernel) {
    if (!ts::find_kernel(kernel_)) throw UsageError("unknown tsume kernel '" + kernel_ + "'");
  }
  ~Engine() { join(); }

  int loop() {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!handle(line)) break;
    }
    stop_.store(true);
    join();
    return 0;
  }

 private:
  void say(const std::string& s) {
    std::lock_guard lock(out_mu_);
    std::cout << s << "\n" << std::flush;
  }
  void join() {
    if (worker_.joinable()) worker_.join();
  }

  /// Returns false on quit.
  bool handle(const std::string& line) {
    std::istringstream in(line);
    std::string cmd;
    if (!(in >> cmd)) return true;  // empty line
    // A GUI sends only stop or quit while a search runs; any other command waits for the
    // search to end first, so that a session piped from a file runs in order.
    if (cmd != "stop" && cmd != "quit") join();
    if (cmd == "usi") {
      say("id name searchbench-tsume");
      say("id author searchbench contributors");
      say("option name USI_Hash type spin default 256 min 1 max 65536");
      say("option name Threads type spin default 1 min 1 max " + std::to_string(kMaxThreads));
      std::string combo = "option name Kernel type combo default " + kernel_;
      for (const auto& k : ts::kernels()) combo += std::string(" var ") + k.name;
      say(combo);
      say("usiok");
    } else if (cmd == "isready") {
      say("readyok");
    } else if (cmd == "setoption") {
      setoption(in);
    } else if (cmd == "usinewgame" || cmd == "gameover") {
      // nothing to reset: every search starts with a fresh table
    } else if (cmd == "position") {
      position(in);
    } else if (cmd == "go") {
      go(in);
    } else if (cmd == "stop") {
      stop_.store(true);
    } else if (cmd == "quit") {
      return false;
    } else {
      say("info string unknown command: " + cmd);
    }
    return true;
  }

  void setoption(std::istringstream& in) {
    std::string w, name, value;
    in >> w;
    if (w != "name") return say("info string setoption needs 'name <id> [value <x>]'");
    while (in >> w && w != "value") name += (name.empty() ? "" : " ") + w;
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
    if (searching()) return say("info string setoption ignored while searching");
    if (name == "USI_Hash") {
      const long v = number(1, 65536);
      if (v > 0) hash_mb_ = v;
    } else if (name == "Threads") {
      const long v = number(1, kMaxThreads);
      if (v > 0) threads_ = static_cast<int>(v);
    } else if (name == "Kernel") {
      if (ts::find_kernel(value))
        kernel_ = value;
      else
        say("info string unknown kernel '" + value + "' (" + ts::kernel_names() + ")");
    } else if (name == "USI_Ponder" || name == "USI_OwnBook" || name == "USI_MultiPV") {
      // GUI defaults that do not apply to a tsume engine
    } else {
      say("info string unknown option: " + name);
    }
  }

  void position(std::istringstream& in) {
    if (searching()) return say("info string position ignored while searching");
    std::string w;
    in >> w;
    ts::Position pos;
    std::string rest;
    std::vector<std::string> moves;
    try {
      if (w == "startpos") {
        pos = ts::start_position();
        in >> w;
      } else if (w == "sfen") {
        std::string sfen, t;
        while (in >> t && t != "moves") sfen += (sfen.empty() ? "" : " ") + t;
        w = t == "moves" ? t : "";
        pos = ts::parse_sfen(sfen);
      } else {
        return say("info string position needs 'startpos' or 'sfen <sfen>'");
      }
      if (w == "moves") {
        std::string m;
        while (in >> m) {
          const ts::Move mv = ts::parse_usi_move(pos, m);
          ts::Undo u;
          pos.do_move(mv, u);
        }
      } else if (!w.empty()) {
        return say("info string unexpected '" + w + "' in position (expected 'moves')");
      }
    } catch (const std::invalid_argument& e) {
      return say(std::string("info string ") + e.what());
    }
    pos_ = pos;
    have_pos_ = true;
  }

  void go(std::istringstream& in) {
    std::string w, arg;
    in >> w >> arg;
    if (w != "mate") {
      say("info string this engine only solves tsume: use 'go mate <ms>' or 'go mate infinite'");
      say("bestmove resign");
      return;
    }
    if (searching()) return say("info string already searching");
    std::optional<std::chrono::steady_clock::time_point> deadline;
    if (arg != "infinite") {
      long ms = -1;
      try {
        std::size_t pos = 0;
        ms = std::stol(arg, &pos);
        if (pos != arg.size()) ms = -1;
      } catch (const std::exception&) {
      }
      if (ms < 0)
        return say("info string go mate needs milliseconds or 'infinite', got '" + arg + "'");
      deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    }
    if (!have_pos_) return say("info string no position: send 'position' before 'go mate'");
    join();
    stop_.store(false);
    busy_.store(true);
    ts::Params p;
    p.root = pos_;
    const ts::KernelEntry* k = ts::find_kernel(kernel_);
    p.threads = k->parallel ? threads_ : 1;
    p.max_memory = static_cast<std::uint64_t>(hash_mb_) << 20;
    p.deadline = deadline;
    p.stop = &stop_;
    try {
      ts::validate(p, k->name);
    } catch (const std::invalid_argument& e) {
      busy_.store(false);
      say(std::string("info string ") + e.what());
      return say("checkmate nomate");
    }
    worker_ = std::thread([this, p, k] {
      std::string reply;
      try {
        const auto t0 = std::chrono::steady_clock::now();
        const ts::Result r = k->fn(p);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        say("info time " + std::to_string(static_cast<long long>(s * 1000)) + " nodes " +
            std::to_string(r.nodes) + " nps " +
            std::to_string(static_cast<long long>(s > 0 ? r.nodes / s : 0)));
        if (r.outcome == ts::Outcome::kMate && !r.main_line.empty()) {
          reply = "checkmate";
          for (auto m : r.main_line) reply += " " + ts::usi_move(m);
        } else if (r.outcome == ts::Outcome::kNoMate) {
          reply = "checkmate nomate";
        } else {
          reply = "checkmate timeout";
        }
      } catch (const std::exception& e) {
        say(std::string("info string search failed: ") + e.what());
        reply = "checkmate timeout";
      }
      busy_.store(false);
      say(reply);
    });
  }

  bool searching() const { return busy_.load(); }

  std::mutex out_mu_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> busy_{false};
  ts::Position pos_;
  bool have_pos_ = false;
  std::string kernel_;
  long hash_mb_ = 256;
  int threads_ = 1;
};

}  // namespace

int run_usi(const UsiOptions& o) {
  Engine e(o);
  return e.loop();
}

}  // namespace sb::cli::tsume_cli
