// The Gomocup / Piskvork brain protocol loop (pbrain.hpp).
#include "gomoku/pbrain.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/echo_text.hpp"
#include "gomoku/players.hpp"

namespace sb::gomoku {

double pbrain_move_seconds(long long turn_ms, long long left_ms, int empty_cells,
                           double default_seconds) {
  (void)empty_cells;
  double s = default_seconds;
  if (turn_ms == 0) s = 0.02;
  if (turn_ms > 0) s = static_cast<double>(turn_ms) / 1000.0;
  if (left_ms != kNotSent && left_ms < 2147483647LL) {
    const double share = std::max(0.0, static_cast<double>(left_ms)) / 1000.0 / 20.0;
    s = std::min(s, share);
  }
  s = s * 0.9 - 0.03;
  return std::max(s, 0.005);
}

unsigned long long pbrain_table_bytes(unsigned long long max_memory) {
  const unsigned long long cap = 256ull << 20, floor = 1ull << 20;
  if (max_memory == 0) return cap;
  const unsigned long long half = max_memory / 2;
  const unsigned long long t = half > (16ull << 20) ? half - (16ull << 20) : 0;
  return std::clamp(t, floor, cap);
}

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

/// Reads a non-negative decimal integer (at most 9 digits); false otherwise.
bool number(const std::string& t, long long* v) {
  const std::string s = trim(t);
  if (s.empty() || s.size() > 9) return false;
  long long x = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    x = x * 10 + (c - '0');
  }
  *v = x;
  return true;
}

/// Reads a signed decimal integer (time_left may be negative); false otherwise.
bool signed_number(const std::string& t, long long* v) {
  const std::string s = trim(t);
  if (!s.empty() && s[0] == '-') {
    long long x;
    if (!number(s.substr(1), &x)) return false;
    *v = -x;
    return true;
  }
  if (s.size() > 18) return false;
  long long x = 0;
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    x = x * 10 + (c - '0');
  }
  *v = x;
  return true;
}

/// Splits "a,b" or "a,b,c" into numbers; false on anything else.
bool numbers(const std::string& t, int count, long long* out) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : t) {
    if (c == ',') {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  if (static_cast<int>(parts.size()) != count) return false;
  for (int i = 0; i < count; ++i)
    if (!number(parts[i], &out[i])) return false;
  return true;
}

class Brain {
 public:
  Brain(std::istream& in, std::ostream& out, const PbrainOptions& o) : in_(in), out_(out), o_(o) {}

  int run() {
    std::string line;
    while (next_line(&line)) {
      if (!guarded(line)) return 0;
      // a command that arrived inside BOARD (missing DONE) is carried out after the error
      while (!pending_.empty()) {
        const std::string p = std::move(pending_);
        pending_.clear();
        if (!guarded(p)) return 0;
      }
    }
    return 0;
  }

 private:
  bool next_line(std::string* line) {
    // A failed write means the manager is gone: stop reading (the caller reports the error).
    while (out_ && std::getline(in_, *line)) {
      while (!line->empty() && (line->back() == '\r' || line->back() == '\n')) line->pop_back();
      if (!trim(*line).empty()) return true;
    }
    return false;
  }

  void reply(const std::string& s) {
    out_ << s << "\n";
    out_.flush();
  }
  void error(const std::string& s) { reply("ERROR " + s); }

  /// dispatch, answering ERROR for anything that fails inside it: the brain never exits on a
  /// line it cannot carry out.
  bool guarded(const std::string& line) {
    try {
      return dispatch(line);
    } catch (const std::exception& e) {
      error(echo_text(e.what()));
    }
    return true;
  }

  /// Returns false on END.
  bool dispatch(const std::string& raw) {
    const std::string line = trim(raw);
    const std::size_t sp = line.find_first_of(" \t");
    const std::string cmd = upper(line.substr(0, sp));
    const std::string arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
    if (cmd == "END") return false;
    // The manager asks for a new game: the old board is gone, whether or not this one starts.
    if (cmd == "START" || cmd == "RECTSTART") game_.reset();
    const auto got = [&] {
      return arg.empty() ? std::string() : " (got '" + echo_text(arg) + "')";
    };
    if (cmd == "START") {
      long long n;
      if (!number(arg, &n)) return error("START needs one board size, e.g. START 15" + got()), true;
      start(static_cast<int>(n), static_cast<int>(n));
    } else if (cmd == "RECTSTART") {
      long long wh[2];
      if (!numbers(arg, 2, wh))
        return error("RECTSTART needs width,height, e.g. RECTSTART 20,15" + got()), true;
      start(static_cast<int>(wh[0]), static_cast<int>(wh[1]));
    } else if (cmd == "RESTART") {
      if (!game_) return error("RESTART: no board: send START first"), true;
      game_ = std::make_unique<Game>(rules_);
      player_->new_game();
      reply("OK");
    } else if (cmd == "BEGIN") {
      if (!ready()) return true;
      if (game_->moves_played() != 0)
        return error("BEGIN on a board that is not empty (use BOARD to set a position)"), true;
      think();
    } else if (cmd == "TURN") {
      if (!ready()) return true;
      long long xy[2];
      if (!numbers(arg, 2, xy)) return error("TURN needs x,y, e.g. TURN 7,7"), true;
      const int c = cell(xy[0], xy[1]);
      if (c < 0)
        return error("TURN " + echo_text(arg) + ": the point is off the " + size_text() + " board"),
               true;
      const std::string why = game_->why_illegal(c);
      if (!why.empty()) return error("TURN " + echo_text(arg) + ": " + why), true;
      game_->play(c);
      if (game_->over())
        return error("the game is over after TURN " + echo_text(arg) + " (" +
                     outcome_name(game_->outcome()) + ")"),
               true;
      think();
    } else if (cmd == "BOARD") {
      board();
    } else if (cmd == "TAKEBACK") {
      if (!game_) return error("TAKEBACK: no board: send START first"), true;
      long long xy[2];
      if (!numbers(arg, 2, xy)) return error("TAKEBACK needs x,y"), true;
      const int c = cell(xy[0], xy[1]);
      if (c < 0)
        return error("TAKEBACK " + echo_text(arg) + ": the point is off the " + size_text() +
                     " board"),
               true;
      if (game_->at(c) < 0)
        return error("TAKEBACK " + echo_text(arg) + ": there is no stone on that point"), true;
      if (c == game_->last_move()) {  // the usual case; also ends a five the last move made
        game_->undo();
        return reply("OK"), true;
      }
      // rebuild: the remaining stones, colours kept, alternating again in their order
      std::vector<int> black, white;
      for (std::size_t i = 0; i < game_->moves().size(); ++i) {
        const int m = game_->moves()[i];
        if (m == c) continue;
        (i % 2 == 0 ? black : white).push_back(m);
      }
      if (!(black.size() == white.size() || black.size() == white.size() + 1))
        return error("TAKEBACK " + echo_text(arg) +
                     ": removing that stone leaves an impossible position"),
               true;
      const std::string why = set_position(black, white);
      if (!why.empty())
        return error("TAKEBACK " + echo_text(arg) + ": " + why + "; not taken back"), true;
      reply("OK");
    } else if (cmd == "PLAY") {
      if (!ready()) return true;
      long long xy[2];
      if (!numbers(arg, 2, xy)) return error("PLAY needs x,y"), true;
      const int c = cell(xy[0], xy[1]);
      if (c < 0) return error("PLAY " + echo_text(arg) + ": the point is off the board"), true;
      const std::string why = game_->why_illegal(c);
      if (!why.empty()) return error("PLAY " + echo_text(arg) + ": " + why), true;
      game_->play(c);
      reply(std::to_string(game_->x_of(c)) + "," + std::to_string(game_->y_of(c)));
    } else if (cmd == "INFO") {
      info(arg);
    } else if (cmd == "ABOUT") {
      reply("name=\"" + o_.name + "\", version=\"" + o_.version +
            "\", author=\"searchbench contributors\", country=\"-\"");
    } else if (cmd == "SWAP2BOARD") {
      std::string l;
      while (next_line(&l) && upper(trim(l)) != "DONE") {
      }
      reply("UNKNOWN SWAP2BOARD (the swap2 opening rule) is not supported");
    } else {
      reply("UNKNOWN command '" + echo_text(cmd) + "'");
    }
    return true;
  }

  std::string size_text() const {
    return std::to_string(rules_.cols) + "x" + std::to_string(rules_.rows);
  }

  int cell(long long x, long long y) const {
    if (x < 0 || y < 0 || x >= rules_.cols || y >= rules_.rows) return -1;
    return game_->cell_at_xy(static_cast<int>(x), static_cast<int>(y));
  }

  void start(int w, int h) {
    if (w < kMinSide || h < kMinSide || w > kMaxSide || h > kMaxSide) {
      error("unsupported size " + std::to_string(w) + "x" + std::to_string(h) + " (" +
            std::to_string(kMinSide) + " to " + std::to_string(kMaxSide) + " per side)");
      return;
    }
    rules_.cols = w;
    rules_.rows = h;
    game_ = std::make_unique<Game>(rules_);
    PlayerOptions po;
    po.level = o_.level;
    po.seconds = o_.default_seconds;
    po.threads = o_.threads;
    po.tt_bytes = pbrain_table_bytes(max_memory_);
    player_ = make_player(po);
    reply("OK");
  }

  /// A board exists and no INFO asked for something unsupported; else answers ERROR.
  bool ready() {
    if (!game_) {
      error("no board: send START first");
      return false;
    }
    if (!unsupported_.empty()) {
      error(unsupported_);
      return false;
    }
    return true;
  }

  void info(const std::string& arg) {
    const std::size_t sp = arg.find_first_of(" \t");
    const std::string key = arg.substr(0, sp);
    const std::string value = sp == std::string::npos ? "" : trim(arg.substr(sp + 1));
    long long v = 0;
    const bool ok = signed_number(value, &v);
    if (key == "timeout_turn") {
      if (ok && v >= 0) turn_ms_ = v;
    } else if (key == "time_left") {
      if (ok) left_ms_ = v;
    } else if (key == "timeout_match") {
      if (ok && v >= 0) match_ms_ = v;
    } else if (key == "max_memory") {
      if (ok && v >= 0) {
        max_memory_ = static_cast<unsigned long long>(v);
        if (player_) player_->set_tt_bytes(pbrain_table_bytes(max_memory_));
      }
    } else if (key == "rule") {
      if (ok && v >= 0) {
        const bool exact = (v & 1) != 0;
        rules_.rule = exact ? mnk::Rule::kStandard : mnk::Rule::kFreestyle;
        unsupported_.clear();
        if (v & 2)
          unsupported_ = "INFO rule " + echo_text(value) + ": the continuous game is not supported";
        if (v & 4)
          unsupported_ = "INFO rule " + echo_text(value) + ": the renju rule is not supported";
        if (v & 8)
          unsupported_ = "INFO rule " + echo_text(value) + ": the caro rule is not supported";
        if (game_ && game_->rules().rule != rules_.rule) {
          // the rule applies to the game on the board: replay its moves under the new rule
          const std::vector<int> moves = game_->moves();
          game_ = std::make_unique<Game>(rules_);
          for (int m : moves)
            if (!game_->over()) game_->play(m);
        }
      }
    }
    // game_type, folder, evaluate and unknown keys: nothing to do
  }

  /// Sets the position of the given stones (black's and white's, in their order), judged as a
  /// whole so that the order of the stones does not matter: "" when set, else why not (a five on
  /// the board, or, under the standard rule, no order of play reaches it without an earlier five
  /// in this order); the board is then left as it was.
  std::string set_position(const std::vector<int>& black, const std::vector<int>& white) {
    const int five = fives(black, white);
    if (five != 0)
      return std::string("the position is already decided (") +
             (five == 3   ? "both colours have five in a row"
              : five == 1 ? "black wins: five in a row"
                          : "white wins: five in a row") +
             ")";
    auto g = std::make_unique<Game>(rules_);
    for (std::size_t i = 0; i < black.size(); ++i) {
      for (const std::vector<int>* side : {&black, &white}) {
        if (i >= side->size()) continue;
        if (g->over())
          return "the stones cannot be played in their order without an earlier five in a row";
        g->play((*side)[i]);
      }
    }
    game_ = std::move(g);
    return "";
  }

  /// Which colours have a winning row (five, or under freestyle more) on the board made of the
  /// given stones: bit 0 black, bit 1 white.
  int fives(const std::vector<int>& black, const std::vector<int>& white) const {
    const int m = rules_.cols, n = rules_.rows;
    std::vector<int> colour(static_cast<std::size_t>(rules_.cells()), -1);
    for (int c : black) colour[c] = kBlack;
    for (int c : white) colour[c] = kWhite;
    int found = 0;
    for (int r = 0; r < n; ++r)
      for (int f = 0; f < m; ++f) {
        const int p = colour[r * m + f];
        if (p < 0) continue;
        for (int d = 0; d < 4; ++d) {
          const int df = mnk::kDirFile[d], dr = mnk::kDirRank[d];
          const int pf = f - df, pr = r - dr;  // count each run once, from its first stone
          if (pf >= 0 && pr >= 0 && pf < m && pr < n && colour[pr * m + pf] == p) continue;
          int len = 0;
          for (int ff = f, rr = r;
               ff >= 0 && rr >= 0 && ff < m && rr < n && colour[rr * m + ff] == p;
               ff += df, rr += dr)
            ++len;
          if (rules_.rule == mnk::Rule::kStandard ? len == kFive : len >= kFive) found |= 1 << p;
        }
      }
    return found;
  }

  void board() {
    std::vector<int> own, opp;
    std::string problem;
    std::string l;
    bool done = false;
    std::vector<char> seen(static_cast<std::size_t>(rules_.cells()), 0);
    while (next_line(&l)) {
      const std::string t = trim(l);
      const std::string u = upper(t);
      if (u == "DONE") {
        done = true;
        break;
      }
      long long f[3];
      if (!numbers(t, 3, f)) {
        const std::string word = u.substr(0, u.find_first_of(" \t"));
        static const char* kCommands[] = {"START", "RECTSTART", "RESTART",  "BEGIN",
                                          "TURN",  "BOARD",     "TAKEBACK", "PLAY",
                                          "INFO",  "ABOUT",     "END"};
        if (std::find_if(std::begin(kCommands), std::end(kCommands),
                         [&](const char* c) { return word == c; }) != std::end(kCommands)) {
          error("BOARD not ended by DONE (got '" + echo_text(t) + "'); position not set");
          pending_ = t;
          return;
        }
        if (problem.empty()) problem = "BOARD line '" + echo_text(t) + "' is not x,y,field";
        continue;
      }
      if (!game_) continue;
      if (f[0] >= rules_.cols || f[1] >= rules_.rows) {
        if (problem.empty())
          problem =
              "BOARD line '" + echo_text(t) + "': the point is off the " + size_text() + " board";
        continue;
      }
      if (f[2] < 1 || f[2] > 3) {
        if (problem.empty()) problem = "BOARD line '" + echo_text(t) + "': field must be 1, 2 or 3";
        continue;
      }
      if (f[2] == 3) {
        if (problem.empty())
          problem = "BOARD line '" + echo_text(t) + "': field 3 (continuous game) is not supported";
        continue;
      }
      const int c = cell(f[0], f[1]);
      if (seen[c]) {
        if (problem.empty())
          problem = "BOARD line '" + echo_text(t) + "': the point is given twice";
        continue;
      }
      seen[c] = 1;
      (f[2] == 1 ? own : opp).push_back(c);
    }
    if (!done) return;  // end of input inside BOARD
    if (!ready()) return;
    if (!problem.empty()) return error(problem);
    // we are to move: equal counts (we are black) or one more opponent stone (we are white)
    std::vector<int> black, white;
    if (own.size() == opp.size()) {
      black = own, white = opp;
    } else if (opp.size() == own.size() + 1) {
      black = opp, white = own;
    } else {
      return error("BOARD has " + std::to_string(own.size()) + " own and " +
                   std::to_string(opp.size()) +
                   " opponent stones: not a position with this brain to move");
    }
    const std::string why = set_position(black, white);
    if (!why.empty()) return error("BOARD: " + why + "; position not set");
    if (game_->over())
      return error(std::string("the position is already decided (") +
                   outcome_name(game_->outcome()) + ")");
    think();
  }

  void think() {
    const int empty = rules_.cells() - game_->moves_played();
    const double secs = pbrain_move_seconds(turn_ms_, left_ms_, empty, o_.default_seconds);
    player_->set_seconds(secs);
    const Choice c = player_->choose(*game_);
    char buf[256];
    std::snprintf(buf, sizeof buf, "DEBUG %s depth %d score %d nodes %llu time %.3f s of %.3f s",
                  c.reason.c_str(), c.depth, c.score, static_cast<unsigned long long>(c.nodes),
                  c.seconds, secs);
    std::string pv;
    for (std::size_t i = 0; i < c.line.size() && i < 10; ++i) {
      pv += ' ';
      pv += std::to_string(game_->x_of(c.line[i]));
      pv += ',';
      pv += std::to_string(game_->y_of(c.line[i]));
    }
    out_ << buf;
    if (!pv.empty()) out_ << " pv" << pv;
    out_ << "\n";
    if (c.score > kWinThreshold) out_ << "MESSAGE forced win found (" << c.reason << ")\n";
    game_->play(c.move);
    reply(std::to_string(game_->x_of(c.move)) + "," + std::to_string(game_->y_of(c.move)));
  }

 private:
  std::string pending_;
  std::istream& in_;
  std::ostream& out_;
  PbrainOptions o_;
  Rules rules_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Player> player_;
  long long turn_ms_ = kNotSent, left_ms_ = kNotSent, match_ms_ = kNotSent;
  unsigned long long max_memory_ = 0;
  std::string unsupported_;
};

}  // namespace

int run_pbrain(std::istream& in, std::ostream& out, const PbrainOptions& o) {
  Brain b(in, out, o);
  return b.run();
}

}  // namespace sb::gomoku
