// Piskvork .psq records: text, parsing with line-numbered errors, and the writer that keeps the
// file valid while a game is played (record.hpp).
#include "gomoku/record.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>

#include "core/text_file.hpp"

namespace sb::gomoku {

namespace {

bool parse_int(std::string_view t, std::int64_t* v);
bool parse_move_line(std::string_view l, std::int64_t* x, std::int64_t* y, std::int64_t* t,
                     bool* has_t);
bool gomocup_rule_line(std::string_view l, std::string* tournament);

std::string name_line(const std::string& name, int level) {
  // Piskvork's convention: a human is "homo-..."; a computer is its brain's name. A name that
  // reads as a move ("9,0"), the end code ("90"), a rule line ("rule: x") or Gomocup's
  // tournament line ("0,Standard15_1") is put in parentheses there, or the line would be read as
  // one; the "black:" / "white:" lines keep the name as it is.
  const std::string s = level == 0 ? "homo-" + name : name;
  std::int64_t x = 0, y = 0, t = 0;
  bool has_t = false;
  std::string tournament;
  const bool misread = parse_move_line(s, &x, &y, &t, &has_t) || parse_int(s, &x) ||
                       s.rfind("rule: ", 0) == 0 || gomocup_rule_line(s, &tournament);
  return misread ? "(" + s + ")" : s;
}

std::string trailer(const Record& r) {
  std::string s;
  s += name_line(r.black, r.black_level) + "\n";
  s += name_line(r.white, r.white_level) + "\n";
  s += std::to_string(r.end_code) + "\n";
  s += "searchbench-record: 1\n";
  s += "rule: " + std::string(mnk::rule_name(r.rules.rule)) + "\n";
  s += "black: " + r.black + "\n";
  s += "white: " + r.white + "\n";
  if (!r.start.empty()) s += "start: " + r.start + "\n";
  if (!r.end.empty()) s += "end: " + r.end + "\n";
  s += "result: " + r.result + "\n";
  if (!r.reason.empty()) s += "reason: " + r.reason + "\n";
  return s;
}

std::string header(const Record& r) {
  return "Piskvorky " + std::to_string(r.rules.cols) + "x" + std::to_string(r.rules.rows) + ", " +
         std::to_string(r.black_level) + ":" + std::to_string(r.white_level) + ", 0\n";
}

std::string move_line(const Rules& rules, int cell, std::int64_t ms) {
  const int x = cell % rules.cols, y = rules.rows - 1 - cell / rules.cols;
  return std::to_string(x + 1) + "," + std::to_string(y + 1) + "," + std::to_string(ms) + "\n";
}

/// Names may not hold line breaks (they would end the line); other characters pass.
std::string clean_name(const std::string& n) {
  std::string s;
  for (char c : n) s += (c == '\n' || c == '\r') ? ' ' : c;
  return s;
}

bool parse_int(std::string_view t, std::int64_t* v) {
  if (t.empty() || t.size() > 18) return false;
  std::size_t i = 0;
  bool neg = false;
  if (t[0] == '-' || t[0] == '+') neg = t[0] == '-', i = 1;
  if (i == t.size()) return false;
  std::int64_t x = 0;
  for (; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
    x = x * 10 + (t[i] - '0');
  }
  *v = neg ? -x : x;
  return true;
}

/// "x,y" or "x,y,t" with integers; false otherwise.
bool parse_move_line(std::string_view l, std::int64_t* x, std::int64_t* y, std::int64_t* t,
                     bool* has_t) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= l.size(); ++i)
    if (i == l.size() || l[i] == ',') {
      parts.push_back(l.substr(start, i - start));
      start = i + 1;
    }
  if (parts.size() < 2 || parts.size() > 3) return false;
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
  };
  if (!parse_int(trim(parts[0]), x) || !parse_int(trim(parts[1]), y)) return false;
  *has_t = parts.size() == 3;
  *t = 0;
  if (*has_t && !parse_int(trim(parts[2]), t)) return false;
  return true;
}

/// Gomocup's published records end with a line "number,tournament" such as "0,Freestyle15_1"
/// (the tournament names the rule and board size); true for such a line, with the name.
bool gomocup_rule_line(std::string_view l, std::string* tournament) {
  const std::size_t comma = l.find(',');
  if (comma == std::string_view::npos || comma + 1 >= l.size()) return false;
  std::int64_t n = 0;
  if (!parse_int(l.substr(0, comma), &n)) return false;
  const std::string_view name = l.substr(comma + 1);
  if (!std::isalpha(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  *tournament = std::string(name);
  return true;
}

void write_all(int fd, const std::string& s, off_t at) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t w = ::pwrite(fd, s.data() + done, s.size() - done, at + static_cast<off_t>(done));
    if (w < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("cannot write the game record: ") +
                               std::strerror(errno));
    }
    done += static_cast<std::size_t>(w);
  }
}

}  // namespace

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string format_psq(const Record& r) {
  std::string s = header(r);
  for (const auto& m : r.moves) s += move_line(r.rules, m.cell, m.ms);
  return s + trailer(r);
}

Record parse_psq(std::string_view text, const std::string& name) {
  Record r;
  // split into lines; a last line without its newline is torn
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      r.warnings.push_back(name + ":" + std::to_string(lines.size() + 1) +
                           ": torn last line (no line end) dropped: '" +
                           std::string(text.substr(start)) + "'");
      break;
    }
    std::string l(text.substr(start, nl - start));
    // CR LF, and "\r\r\n" (a CR LF file through a text-mode conversion): no '\r' stays at the
    // end of a line, so a name read is a name written back
    while (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(l);
    start = nl + 1;
  }
  auto fail = [&](std::size_t i, const std::string& why) {
    return RecordError(name + ":" + std::to_string(i + 1) + ": " + why);
  };
  if (lines.empty()) throw fail(0, "empty record (expected the header 'Piskvorky WxH, L:L, 0')");
  // header
  {
    const std::string& h = lines[0];
    int w = 0, hh = 0, l1 = 0, l2 = 0, first = 0;
    char tail = 0;
    if (std::sscanf(h.c_str(), "Piskvorky %dx%d, %d:%d, %d%c", &w, &hh, &l1, &l2, &first, &tail) !=
            5 ||
        (first != 0 && first != 1))
      throw fail(0, "not a Piskvork record header (expected 'Piskvorky WxH, L:L, 0'): '" + h + "'");
    r.rules.cols = w;
    r.rules.rows = hh;
    try {
      validate(r.rules);
    } catch (const std::invalid_argument& e) {
      throw fail(0, e.what());
    }
    r.black_level = first == 0 ? l1 : l2;
    r.white_level = first == 0 ? l2 : l1;
    if (first == 1) r.warnings.push_back(name + ":1: player 1 moved first; names swapped");
    // the rule comes from the searchbench line "rule: ..." or Gomocup's tournament line
    // ("0,Freestyle15_1"); read them first (the searchbench line wins when both are there)
    bool rule_line = false;
    for (std::size_t i = 1; i < lines.size(); ++i)
      if (lines[i].rfind("rule: ", 0) == 0) {
        try {
          r.rules.rule = mnk::parse_rule(lines[i].substr(6));
        } catch (const std::invalid_argument& e) {
          throw fail(i, e.what());
        }
        rule_line = true;
      }
    for (std::size_t i = 1; i < lines.size() && !rule_line; ++i) {
      std::string tournament;
      if (!gomocup_rule_line(lines[i], &tournament)) continue;
      std::string lower;
      for (char c : tournament)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      auto starts = [&](const char* p) { return lower.rfind(p, 0) == 0; };
      if (starts("freestyle") || starts("fastgame"))
        r.rules.rule = mnk::Rule::kFreestyle;
      else if (starts("standard"))
        r.rules.rule = mnk::Rule::kStandard;
      else if (starts("renju") || starts("caro"))
        throw fail(i, "Gomocup tournament '" + tournament + "' is played under the " +
                          (starts("renju") ? "renju" : "caro") +
                          " rule, which searchbench does not have (rules: freestyle, standard)");
      else
        throw fail(i, "unknown Gomocup tournament '" + tournament +
                          "' (known: Freestyle..., Fastgame..., Standard...); its rule is unknown");
      break;
    }
    // moves
    Game g(r.rules);
    std::size_t i = 1;
    for (; i < lines.size(); ++i) {
      std::int64_t x, y, t;
      bool has_t;
      if (!parse_move_line(lines[i], &x, &y, &t, &has_t)) break;
      if (x < 1 || y < 1 || x > r.rules.cols || y > r.rules.rows)
        throw fail(i, "move " + std::to_string(x) + "," + std::to_string(y) + " is off the " +
                          std::to_string(r.rules.cols) + "x" + std::to_string(r.rules.rows) +
                          " board (x 1.." + std::to_string(r.rules.cols) + ", y 1.." +
                          std::to_string(r.rules.rows) + ")");
      const int cell = g.cell_at_xy(static_cast<int>(x - 1), static_cast<int>(y - 1));
      const std::string why = g.why_illegal(cell);
      if (!why.empty())
        throw fail(i, "move " + std::to_string(x) + "," + std::to_string(y) + " (" + g.point(cell) +
                          "): " + why);
      if (t < 0) throw fail(i, "negative move time " + std::to_string(t));
      g.play(cell);
      r.moves.push_back({cell, t});
    }
    // trailer: [name, name,] end code, searchbench lines; trailing empty lines ignored
    std::size_t end = lines.size();
    while (end > i && lines[end - 1].empty()) --end;
    if (i < end) {
      std::int64_t code = 0;
      std::size_t j = i;
      if (!parse_int(lines[j], &code)) {
        if (j + 1 >= end) {
          // one name and nothing more: Piskvork's names end early; keep it
          r.black = lines[j];
          j = end;
        } else {
          std::string n0 = lines[j], n1 = lines[j + 1];
          if (first == 1) std::swap(n0, n1);
          auto strip = [](const std::string& s) {
            return s.rfind("homo-", 0) == 0 ? s.substr(5) : s;
          };
          r.black = strip(n0);
          r.white = strip(n1);
          j += 2;
          if (j < end) {
            if (!parse_int(lines[j], &code))
              throw fail(j, "expected the end code (an integer) after the two names, got '" +
                                lines[j] + "'");
            r.end_code = static_cast<int>(code);
            ++j;
          }
        }
      } else {
        r.end_code = static_cast<int>(code);
        ++j;
      }
      for (; j < end; ++j) {
        const std::string& l = lines[j];
        std::string tournament;
        if (gomocup_rule_line(l, &tournament)) continue;  // read above
        const std::size_t colon = l.find(": ");
        if (colon == std::string::npos || colon == 0)
          throw fail(j, "expected a 'key: value' line after the end code, got '" + l + "'");
        const std::string key = l.substr(0, colon), value = l.substr(colon + 2);
        if (key == "black")
          r.black = value;
        else if (key == "white")
          r.white = value;
        else if (key == "start")
          r.start = value;
        else if (key == "end")
          r.end = value;
        else if (key == "result")
          r.result = value;
        else if (key == "reason")
          r.reason = value;
        // rule: read above; searchbench-record and unknown keys: ignored
      }
    }
    // the result must agree with the moves when the game ended on the board
    const std::string actual = g.over() ? outcome_name(g.outcome()) : "";
    if (!actual.empty() && r.result == "unfinished") r.result = actual;
    if (!actual.empty() && r.result != actual)
      throw fail(lines.size() - 1,
                 "result '" + r.result + "' disagrees with the moves (" + actual + ")");
  }
  return r;
}

Record read_psq(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RecordError(path + ": cannot open the record: " + std::strerror(errno));
  std::string text;  // a record of a 20x20 game is a few kilobytes
  if (!read_capped(in, std::size_t{1} << 20, text))
    throw RecordError(path + ": larger than 1 MiB, not a game record");
  if (in.bad()) throw RecordError(path + ": cannot read the record");
  return parse_psq(text, path);
}

Game replay_game(const Record& r) {
  Game g(r.rules);
  for (const auto& m : r.moves) g.play(m.cell);
  return g;
}

RecordWriter::RecordWriter(const std::string& path, const Record& r) : path_(path), r_(r) {
  r_.black = clean_name(r_.black);
  r_.white = clean_name(r_.white);
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    if (errno == EEXIST)
      throw std::invalid_argument("record file '" + path +
                                  "' already exists; choose another name (records are never "
                                  "overwritten)");
    throw std::invalid_argument("cannot create the record file '" + path +
                                "': " + std::strerror(errno));
  }
  const std::string h = header(r_);
  write_all(fd_, h, 0);
  offsets_.push_back(static_cast<std::int64_t>(h.size()));
  std::vector<RecordMove> moves = r_.moves;
  r_.moves.clear();
  for (const auto& m : moves) {
    r_.moves.push_back(m);
    const std::string ml = move_line(r_.rules, m.cell, m.ms);
    write_all(fd_, ml, offsets_.back());
    offsets_.push_back(offsets_.back() + static_cast<std::int64_t>(ml.size()));
  }
  write_tail("");
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordWriter::write_tail(const std::string& move_line_text) {
  // cut the old trailer, then the new move line and trailer in one write, then flush to disk
  const std::int64_t at = offsets_.back();
  if (::ftruncate(fd_, at) != 0)
    throw std::runtime_error(std::string("cannot write the game record: ") + std::strerror(errno));
  write_all(fd_, move_line_text + trailer(r_), at);
  ::fsync(fd_);
}

void RecordWriter::add(int cell, std::int64_t ms) {
  r_.moves.push_back({cell, ms});
  r_.end = utc_now();
  const std::string ml = move_line(r_.rules, cell, ms);
  write_tail(ml);
  offsets_.push_back(offsets_.back() + static_cast<std::int64_t>(ml.size()));
}

void RecordWriter::remove(int n) {
  for (int i = 0; i < n && !r_.moves.empty(); ++i) {
    r_.moves.pop_back();
    offsets_.pop_back();
  }
  r_.end = utc_now();
  write_tail("");
}

void RecordWriter::finish(const std::string& result, const std::string& reason) {
  r_.result = result;
  r_.reason = reason;
  r_.end = utc_now();
  r_.end_code = result == "unfinished" ? -1 : 0;
  write_tail("");
}

}  // namespace sb::gomoku
