// The manager's side of the brain protocol (pbrain_referee.hpp).
#include "gomoku/pbrain_referee.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "core/child_process.hpp"
#include "core/echo_text.hpp"

namespace sb::gomoku {

namespace {

using Clock = std::chrono::steady_clock;

std::string first_word_upper(const std::string& line) {
  std::size_t a = 0;
  while (a < line.size() && std::isspace(static_cast<unsigned char>(line[a]))) ++a;
  std::string w;
  for (std::size_t i = a; i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]));
       ++i)
    w += static_cast<char>(std::toupper(static_cast<unsigned char>(line[i])));
  return w;
}

/// "x,y" with optional blanks around each number (non-negative, at most 6 digits).
bool parse_xy(const std::string& line, int* x, int* y) {
  std::size_t i = 0;
  auto blanks = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  };
  auto number = [&](int* v) {
    blanks();
    const std::size_t a = i;
    long n = 0;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])) && i - a < 6)
      n = n * 10 + (line[i++] - '0');
    if (i == a) return false;
    *v = static_cast<int>(n);
    blanks();
    return true;
  };
  if (!number(x) || i >= line.size() || line[i] != ',') return false;
  ++i;
  return number(y) && i == line.size();
}

std::string seconds_text(std::int64_t ms) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f s", static_cast<double>(ms) / 1000.0);
  return b;
}

}  // namespace

EngineCommand EngineCommand::parse(const std::string& command) {
  EngineCommand c;
  c.argv = split_command(command);
  const std::string found = find_program(c.argv[0]);
  if (found.empty())
    throw std::invalid_argument("cannot run the engine '" + echo_text(command) + "': no program '" +
                                echo_text(c.argv[0]) + "'" +
                                (c.argv[0].find('/') == std::string::npos ? " in PATH" : ""));
  const std::filesystem::path abs = std::filesystem::absolute(found).lexically_normal();
  c.argv[0] = abs.string();
  c.dir = abs.parent_path().string();
  c.name = abs.filename().string();
  for (std::size_t i = 1; i < c.argv.size(); ++i) c.name += " " + c.argv[i];
  c.name = echo_text(c.name);
  return c;
}

PbrainEngine::PbrainEngine(const EngineCommand& command, const RefereeLimits& limits,
                           std::function<void(const std::string&)> log)
    : command_(command), limits_(limits), log_(std::move(log)) {}

PbrainEngine::~PbrainEngine() = default;

void PbrainEngine::send(const std::string& line) {
  if (log_) log_("> " + line);
  if (!broken_ && !process_->write_line(line)) broken_ = true;
}

EngineMove PbrainEngine::lost(const std::string& forfeit, const std::string& detail,
                              std::int64_t ms) {
  EngineMove m;
  m.forfeit = forfeit;
  m.ms = ms;
  m.detail = detail;
  if (log_) log_("forfeit: " + forfeit + ": " + detail);
  if (process_) process_->kill();
  return m;
}

EngineMove PbrainEngine::start(const Rules& rules) {
  try {
    process_ = std::make_unique<ChildProcess>(command_.argv, command_.dir);
  } catch (const std::runtime_error& e) {
    return lost("start failed", e.what());
  }
  const auto t0 = Clock::now();
  send(rules.cols == rules.rows
           ? "START " + std::to_string(rules.cols)
           : "RECTSTART " + std::to_string(rules.cols) + "," + std::to_string(rules.rows));
  const std::int64_t limit = std::max(limits_.start_ms, limits_.turn_ms) + limits_.tolerance_ms;
  const auto deadline = t0 + std::chrono::milliseconds(limit);
  std::string line;
  for (;;) {
    const ChildProcess::Read r = process_->read_line(&line, deadline);
    if (r == ChildProcess::Read::kTimeout)
      return lost("timeout", "no OK to START within " + seconds_text(limit));
    if (r == ChildProcess::Read::kClosed) {
      process_->finish(std::chrono::milliseconds(200));
      return lost("crash", "the engine " + process_->exit_text() + " before answering START");
    }
    if (log_) log_("< " + line);
    const std::string w = first_word_upper(line);
    if (w == "OK") break;
    if (w == "ERROR" || w == "UNKNOWN")
      return lost("start failed", "answered START with '" + echo_text(line) + "'");
    // MESSAGE, DEBUG and anything else before OK: ignored
  }
  send("INFO timeout_turn " + std::to_string(limits_.turn_ms));
  send("INFO timeout_match " + std::to_string(limits_.match_ms));
  send("INFO max_memory " + std::to_string(limits_.max_memory));
  send("INFO game_type 1");
  send(std::string("INFO rule ") + (rules.rule == mnk::Rule::kStandard ? "1" : "0"));
  process_->suspend();
  known_ = -1;
  used_ms_ = 0;
  return {};
}

EngineMove PbrainEngine::move(const Game& g) {
  const std::int64_t left =
      limits_.match_ms > 0 ? limits_.match_ms - used_ms_ : std::int64_t{2147483647};
  process_->resume();
  const auto t0 = Clock::now();
  send("INFO time_left " + std::to_string(left));
  const int n = g.moves_played();
  if (n == 0) {
    send("BEGIN");
  } else if (known_ >= 0 && n == known_ + 1) {
    const int c = g.last_move();
    send("TURN " + std::to_string(g.x_of(c)) + "," + std::to_string(g.y_of(c)));
  } else {
    send("BOARD");
    const int me = g.to_move();
    for (int i = 0; i < n; ++i) {
      const int c = g.moves()[i];
      const int colour = i % 2 == 0 ? kBlack : kWhite;
      send(std::to_string(g.x_of(c)) + "," + std::to_string(g.y_of(c)) + "," +
           (colour == me ? "1" : "2"));
    }
    send("DONE");
  }
  const std::int64_t limit = std::min(limits_.turn_ms, left) + limits_.tolerance_ms;
  const auto deadline = t0 + std::chrono::milliseconds(std::max<std::int64_t>(limit, 0));
  std::string line;
  for (;;) {
    const ChildProcess::Read r = process_->read_line(&line, deadline);
    const std::int64_t ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    if (r == ChildProcess::Read::kTimeout) {
      used_ms_ += ms;
      return lost("timeout",
                  "no move within " + seconds_text(limit) + " (" +
                      seconds_text(std::min(limits_.turn_ms, left)) + " + tolerance " +
                      seconds_text(limits_.tolerance_ms) + ")" +
                      (last_complaint_.empty() ? "" : "; it said '" + last_complaint_ + "'"),
                  ms);
    }
    if (r == ChildProcess::Read::kClosed) {
      process_->finish(std::chrono::milliseconds(200));
      return lost("crash",
                  "the engine " + process_->exit_text() + " instead of moving" +
                      (last_complaint_.empty() ? "" : "; it said '" + last_complaint_ + "'"),
                  ms);
    }
    if (log_) log_("< " + line);
    const std::string w = first_word_upper(line);
    if (w == "MESSAGE" || w == "DEBUG" || w == "SUGGEST" || w == "OK") continue;
    if (w == "ERROR" || w == "UNKNOWN") {
      last_complaint_ = echo_text(line);
      continue;
    }
    used_ms_ += ms;
    int x = 0, y = 0;
    if (!parse_xy(line, &x, &y))
      return lost("illegal move", "answered '" + echo_text(line) + "' (not a move x,y)", ms);
    const int c = g.cell_at_xy(x, y);
    if (c < 0)
      return lost("illegal move",
                  "answered '" + echo_text(line) + "': off the " + std::to_string(g.rules().cols) +
                      "x" + std::to_string(g.rules().rows) + " board",
                  ms);
    const std::string why = g.why_illegal(c);
    if (!why.empty()) return lost("illegal move", "answered '" + echo_text(line) + "': " + why, ms);
    process_->suspend();
    known_ = n + 1;
    EngineMove m;
    m.cell = c;
    m.ms = ms;
    return m;
  }
}

void PbrainEngine::end() {
  if (!process_) return;
  if (!process_->exited()) {
    process_->resume();
    send("END");
    process_->finish(std::chrono::milliseconds(1000));
  }
  process_.reset();
}

}  // namespace sb::gomoku
