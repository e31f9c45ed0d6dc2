// Instance text, point notation, validation and defaults of problem "mnk".
#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

#include "core/limits.hpp"
#include "core/memory.hpp"
#include "mnk/board.hpp"
#include "mnk/mnk.hpp"

namespace sb::mnk {

std::string_view rule_name(Rule r) {
  return r == Rule::kStandard ? "standard" : "freestyle";
}

Rule parse_rule(std::string_view text) {
  std::string t(text);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "freestyle") return Rule::kFreestyle;
  if (t == "standard") return Rule::kStandard;
  throw std::invalid_argument("unknown rule '" + std::string(text) +
                              "' (use freestyle: k or more in a row wins, or standard: exactly k)");
}

std::string_view value_name(Value v) {
  return v == Value::kFirst ? "first" : v == Value::kSecond ? "second" : "draw";
}

std::string format_point(int cell, int m) {
  return std::string(1, static_cast<char>('a' + cell % m)) + std::to_string(cell / m + 1);
}

int parse_point(std::string_view text, int m, int n) {
  const std::string t(text);
  auto bad = [&] {
    return std::invalid_argument("'" + t +
                                 "' is not a point: write a file letter and a rank, e.g. c4");
  };
  if (t.size() < 2 || t.size() > 3 || !std::isalpha(static_cast<unsigned char>(t[0]))) throw bad();
  const int f = std::tolower(static_cast<unsigned char>(t[0])) - 'a';
  int r = 0;
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) throw bad();
    r = r * 10 + (t[i] - '0');
  }
  if (f >= m || r < 1 || r > n)
    throw std::invalid_argument("point " + t + " is off the " + std::to_string(m) + "x" +
                                std::to_string(n) + " board (files a-" +
                                std::string(1, static_cast<char>('a' + m - 1)) + ", ranks 1-" +
                                std::to_string(n) + ")");
  return (r - 1) * m + f;
}

std::vector<int> parse_moves(std::string_view text, int m, int n) {
  std::vector<int> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(parse_point(cur, m, n));
    cur.clear();
  };
  for (char c : text) {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c)))
      flush();
    else
      cur += c;
  }
  flush();
  return out;
}

std::string format_moves(const std::vector<int>& moves, int m, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) s += sep;
    s += format_point(moves[i], m);
  }
  return s;
}

namespace {

/// Reads a decimal number at text[*pos] (1 to 4 digits), advancing *pos; -1 when none.
int read_number(std::string_view text, std::size_t* pos) {
  int v = 0, digits = 0;
  while (*pos < text.size() && std::isdigit(static_cast<unsigned char>(text[*pos]))) {
    if (++digits > 4) return -1;
    v = v * 10 + (text[(*pos)++] - '0');
  }
  return digits == 0 ? -1 : v;
}

}  // namespace

Instance parse_instance(std::string_view text) {
  const std::string t(text);
  auto bad = [&](const std::string& why) {
    return std::invalid_argument("instance '" + t + "': " + why +
                                 " (expected MxNkK[-standard][:moves], e.g. 7x7k5 or "
                                 "15x15k5:h8,i9)");
  };
  Instance i;
  std::size_t pos = 0;
  i.m = read_number(text, &pos);
  if (i.m < 0 || pos >= text.size() || (text[pos] != 'x' && text[pos] != 'X'))
    throw bad("no board size");
  ++pos;
  i.n = read_number(text, &pos);
  if (i.n < 0 || pos >= text.size() || (text[pos] != 'k' && text[pos] != 'K')) throw bad("no k");
  ++pos;
  i.k = read_number(text, &pos);
  if (i.k < 0) throw bad("no k");
  if (pos < text.size() && text[pos] == '-') {
    const std::size_t end = text.find(':', pos);
    const std::string_view rule =
        text.substr(pos + 1, (end == std::string_view::npos ? text.size() : end) - pos - 1);
    try {
      i.rule = parse_rule(rule);
    } catch (const std::invalid_argument& e) {
      throw bad(e.what());
    }
    pos = end == std::string_view::npos ? text.size() : end;
  }
  if (pos < text.size()) {
    if (text[pos] != ':') throw bad("unexpected '" + std::string(text.substr(pos)) + "'");
    const std::string_view rest = text.substr(pos + 1);
    if (rest.find_first_of(" \t") != std::string_view::npos)
      throw bad("moves are separated by commas, without spaces");
    if (rest.empty() || rest.front() == ',' || rest.back() == ',' ||
        rest.find(",,") != std::string_view::npos)
      throw bad(rest.empty() ? "':' without moves" : "an empty move between commas");
    if (i.m >= 1 && i.n >= 1 && i.m <= kMaxSide && i.n <= kMaxSide) {
      try {
        i.moves = parse_moves(rest, i.m, i.n);
      } catch (const std::invalid_argument& e) {
        throw bad(e.what());
      }
      if (i.moves.empty()) throw bad("':' without moves");
    }
  }
  try {
    validate_instance(i);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("instance '" + t + "': " + e.what());
  }
  return i;
}

std::string format_instance(const Instance& i) {
  std::string s = std::to_string(i.m);
  s.append(1, 'x').append(std::to_string(i.n)).append(1, 'k').append(std::to_string(i.k));
  if (i.rule == Rule::kStandard) s.append("-standard");
  if (!i.moves.empty()) s.append(1, ':').append(format_moves(i.moves, i.m));
  return s;
}

int winner_after(const Instance& inst, int* at) {
  const Geometry g(inst.m, inst.n, inst.k, inst.rule);
  return dispatch_words(g.cells, [&]<int W>() {
    Board<W> b(g);
    for (std::size_t j = 0; j < inst.moves.size(); ++j) {
      b.play(inst.moves[j]);
      if (b.winner() >= 0) {
        if (at) *at = static_cast<int>(j);
        return b.winner();
      }
    }
    return -1;
  });
}

void validate_instance(const Instance& i) {
  if (i.k < 1) throw std::invalid_argument("k must be at least 1, got " + std::to_string(i.k));
  if (i.m < 1 || i.n < 1)
    throw std::invalid_argument("the board needs at least 1 column and 1 row, got " +
                                std::to_string(i.m) + "x" + std::to_string(i.n));
  if (i.m > kMaxSide || i.n > kMaxSide)
    throw std::invalid_argument("board " + std::to_string(i.m) + "x" + std::to_string(i.n) +
                                " is too large: at most " + std::to_string(kMaxSide) +
                                " columns (files a-z) and " + std::to_string(kMaxSide) + " rows");
  if (i.k > std::max(i.m, i.n))
    throw std::invalid_argument("k = " + std::to_string(i.k) +
                                " is larger than both sides of the " + std::to_string(i.m) + "x" +
                                std::to_string(i.n) + " board: nobody could ever win");
  std::vector<char> used(static_cast<std::size_t>(i.cells()), 0);
  for (std::size_t j = 0; j < i.moves.size(); ++j) {
    const int c = i.moves[j];
    if (c < 0 || c >= i.cells())
      throw std::invalid_argument("move " + std::to_string(j + 1) + " is off the board");
    if (used[c])
      throw std::invalid_argument("move " + std::to_string(j + 1) + " (" + format_point(c, i.m) +
                                  ") is on an occupied point");
    used[c] = 1;
  }
  int at = -1;
  const int w = winner_after(i, &at);
  if (w >= 0) {
    const std::string who = w == 0 ? "first player (black)" : "second player (white)";
    if (at + 1 < static_cast<int>(i.moves.size()))
      throw std::invalid_argument("the game is over after move " + std::to_string(at + 1) + " (" +
                                  format_point(i.moves[at], i.m) + ", won by the " + who +
                                  "), but more moves follow");
    throw std::invalid_argument("the position is already won by the " + who + " (move " +
                                std::to_string(at + 1) + ", " + format_point(i.moves[at], i.m) +
                                "): nothing to solve");
  }
}

std::uint64_t default_max_memory() {
  return std::clamp<std::uint64_t>(physical_memory() / 4, 64ull << 20, 4ull << 30);
}

void validate(const Params& p, const char* kernel) {
  const std::string k = std::string("mnk kernel '") + kernel + "': ";
  try {
    validate_instance(p.instance);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(k + e.what());
  }
  if (p.threads < 1 || p.threads > kMaxThreads)
    throw std::invalid_argument(k + "thread count must be from 1 to " +
                                std::to_string(kMaxThreads) + ", got " + std::to_string(p.threads));
  if (p.max_memory > physical_memory())
    throw std::invalid_argument(k + "--max-memory " + std::to_string(p.max_memory >> 20) +
                                " MiB is more than the physical memory (" +
                                std::to_string(physical_memory() >> 20) + " MiB)");
}

}  // namespace sb::mnk
