// `searchbench queens-game solve` (exact solve of a board with one kernel) and
// `searchbench queens-game play` (a terminal game against the perfect player).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/journal_run.hpp"
#include "cli/progress_watch.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/memory.hpp"
#include "core/sysinfo.hpp"
#include "core/timing.hpp"
#include "core/typed_problem.hpp"
#include "queens_game/problem.hpp"

namespace sb::queens_game {
namespace {

using namespace sb::cli;

struct SolveOptions {
  int n = 0;
  int rows = 0;
  int cols = 0;
  std::string kernel;
  bool kernel_given = false;  // -k given (an empty name is then an error, not the default)
  int threads = 0;
  bool all_moves = false;
  bool grundy = false;
  bool move_grundy = false;
  bool misere = false;
  std::string moves;  // --moves: queens already placed ("" : the empty board)
  std::string max_memory;
  std::string format = "text";
  JournalOptions journal;
  long long verify = -1;  // --verify PIECE; -1: not given
};

struct PlayOptions {
  int n = 8;
  std::string first = "human";
  std::string max_memory;
};

/// --max-memory as bytes (0: the default; at least 128 KiB, the smallest transposition table:
/// one 128-byte bucket in each of its 1024 segments; at most the physical memory); bad text is a
/// UsageError.
std::uint64_t memory_option(const std::string& text) {
  try {
    return parse_memory_budget(text, "--max-memory", 128u << 10);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

/// A board as text, rank `rows` on top and rank 1 at the bottom, files a.. left to right (beyond
/// z, aa, ab, ... written downwards in two rows); mark(s) gives the character of square s =
/// r * cols + c.
template <class Mark>
std::string board_text(int rows, int cols, Mark mark) {
  std::string out;
  for (int r = rows - 1; r >= 0; --r) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%3d ", r + 1);
    out += buf;
    for (int c = 0; c < cols; ++c) {
      out += ' ';
      out += mark(r * cols + c);
    }
    out += '\n';
  }
  if (cols > 26) {  // two-letter files: the first letter above the second
    out += "    ";
    for (int c = 0; c < cols; ++c) out += std::string(" ") + (c < 26 ? ' ' : file_name(c)[0]);
    out += '\n';
  }
  out += "    ";
  for (int c = 0; c < cols; ++c) out += std::string(" ") + file_name(c).back();
  out += '\n';
  return out;
}

/// The board with 'W' on winning first moves, '.' elsewhere.
std::string winning_board(int rows, int cols, const std::vector<int>& wins) {
  std::vector<char> mark(static_cast<std::size_t>(rows) * cols, '.');
  for (int s : wins) mark[s] = 'W';
  return board_text(rows, cols, [&](int s) { return mark[s]; });
}

int run_solve(const SolveOptions& o) {
  int rows = o.rows, cols = o.cols;
  if (o.n != 0) {
    if (o.rows != 0 || o.cols != 0) throw UsageError("give either -n or --rows and --cols");
    rows = cols = o.n;
  } else if (o.rows == 0 && o.cols == 0) {
    throw UsageError("give the board as -n N or as --rows R --cols C");
  } else if (o.rows == 0 || o.cols == 0) {
    throw UsageError(o.rows == 0 ? "--cols needs --rows" : "--rows needs --cols");
  }
  if (static_cast<long long>(rows) * cols > kMaxSquares)
    throw UsageError("a " + std::to_string(rows) + " x " + std::to_string(cols) + " board has " +
                     std::to_string(static_cast<long long>(rows) * cols) + " squares; at most " +
                     std::to_string(kMaxSquares) + " are supported");
  if ((o.grundy || o.move_grundy) && o.misere)
    throw UsageError(std::string(o.grundy ? "--grundy" : "--move-grundy") +
                     " is for normal play only: misere games do not add up by Grundy "
                     "values, so there is no misere Grundy value to report");
  std::vector<int> queens;
  if (!o.moves.empty()) {
    if (o.all_moves || o.move_grundy)
      throw UsageError(std::string(o.all_moves ? "--all-moves" : "--move-grundy") +
                       " classifies the empty board's first moves; with --moves give the "
                       "position's winner and --grundy");
    if (o.journal.any() || o.verify >= 0)
      throw UsageError(
          "--moves solves one position; --journal, --resume and --verify cut the "
          "empty board into pieces");
    try {
      queens = parse_queens(o.moves, rows, cols);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--moves: ") + e.what());
    }
  }
  const Problem& prob = problem();
  const bool pieces = o.journal.any() || o.verify >= 0;
  const KernelInfo& k = pieces ? journal_kernel(prob, o.kernel_given, o.kernel, o.journal.resume)
                               : choose_kernel(prob, o.kernel_given, o.kernel);
  const sb::Instance in = make_instance<Traits>({.rows = rows,
                                                 .cols = cols,
                                                 .misere = o.misere,
                                                 .all_moves = o.all_moves,
                                                 .grundy = o.grundy,
                                                 .move_grundy = o.move_grundy,
                                                 .queens = queens});
  if (o.verify >= 0) {
    if (!o.journal.journal.empty())
      throw UsageError("--verify reads a journal given as --resume FILE (it is not written)");
    return verify_piece(prob, k, in, static_cast<std::uint64_t>(o.verify), o.journal.resume,
                        format_of(o.format));
  }
  require_pieces(prob, k, o.journal);
  RunSettings settings;
  settings.threads = threads_for(k, o.threads);
  settings.max_memory = memory_option(o.max_memory);
  const std::string hint = "searchbench queens-game solve --rows " + std::to_string(rows) +
                           " --cols " + std::to_string(cols) + (o.grundy ? " --grundy" : "") +
                           (o.move_grundy ? " --move-grundy" : "") + (o.misere ? " --misere" : "") +
                           (o.all_moves ? " --all-moves" : "") + " -k " + k.name +
                           (o.threads ? " -t " + std::to_string(o.threads) : "") +
                           (o.max_memory.empty() ? "" : " --max-memory " + o.max_memory) +
                           " --resume " +
                           (o.journal.resume.empty() ? o.journal.journal : o.journal.resume);
  std::string journal_error;
  const Timed t =
      run_journalled(prob, k, in, settings, o.journal,
                     "queens-game " + k.name + " " + std::to_string(rows) + "x" +
                         std::to_string(cols) + (queens.empty() ? "" : " after " + o.moves),
                     hint, &journal_error);
  const Result& r = result_of<Traits>(t.outcome);
  const double wall = t.wall_s;
  const std::string verified(verdict_name(t.verified));
  const std::string winner = r.first_player_wins ? "first" : "second";
  const std::string play = o.misere ? "misere" : "normal";

  if (!is_root()) return t.verified == Verdict::kFail ? 1 : 0;  // rank 0 alone prints
  print_run(
      std::cout, run_row(prob, k, in, settings, t.outcome, wall, t.verified, t.nodes_before),
      format_of(o.format), [&] {
        std::printf("queens game, %d x %d board", rows, cols);
        for (std::size_t i = 0; i < queens.size(); ++i)
          std::printf("%s%s", i == 0 ? " after " : " ", square_name(queens[i], cols).c_str());
        std::printf(", %s play, kernel %s (%s), ", play.c_str(), k.name.c_str(), k.backend.c_str());
        if (k.distributed()) std::printf("%d rank%s x ", r.ranks, r.ranks == 1 ? "" : "s");
        std::printf("%d thread%s\n", r.threads, r.threads == 1 ? "" : "s");
        std::printf("winner    = %s player%s\n", winner.c_str(),
                    queens.empty() ? "" : (r.first_player_wins ? " (to move)" : " (not to move)"));
        if (o.all_moves) {
          std::printf("winning first moves = %zu (W on the board)\n", r.winning_first_moves.size());
          std::cout << winning_board(rows, cols, r.winning_first_moves);
        }
        if (r.grundy) std::printf("grundy    = %d\n", *r.grundy);
        if (o.move_grundy) {
          std::printf("grundy value after each first move (0: the move wins; 9+: 9 or more):\n");
          std::cout << board_text(rows, cols, [&](int sq) {
            const int v = r.move_grundy[static_cast<std::size_t>(sq)];
            return static_cast<char>('0' + std::min(v, 9));
          });
        }
        std::printf("nodes     = %llu\n", static_cast<unsigned long long>(r.nodes));
        std::printf("positions = %llu\n", static_cast<unsigned long long>(r.positions));
        std::printf("wall      = %.6f s\n", wall);
        std::printf("verified  = %s\n", verified.c_str());
      });
  if (!journal_error.empty()) return report_journal_error(journal_error);
  return t.verified == Verdict::kFail ? 1 : 0;
}

/// The game board: Q = queen, x = attacked, . = free; rank 1 at the bottom, files a.. left to
/// right.
void draw(int n, const Squares& free, const std::vector<int>& queens) {
  std::cout << board_text(n, n, [&](int s) {
    for (int q : queens)
      if (q == s) return 'Q';
    return free[s] ? '.' : 'x';
  }) << "(Q queen, x attacked, . free)\n";
}

int run_play(const PlayOptions& o) {
  if (o.n < 1) throw UsageError("-n must be at least 1, got " + std::to_string(o.n));
  if (o.n > 16)
    throw UsageError("play supports boards up to 16 x 16, got -n " + std::to_string(o.n));
  const int n = o.n;
  // The computer plays perfectly, so each of its moves solves its position: on 14 x 14 a first
  // move is some 2.5 G nodes, on 16 x 16 a whole G(16) solve (about half an hour of a core).
  if (n >= 14)
    std::cerr << "searchbench queens-game play: the computer plays perfectly; on " << n << " x "
              << n << " its first moves may take minutes to hours (Ctrl-C stops the game)\n";
  Player player(n, n, memory_option(o.max_memory));
  Squares free;
  for (int s = 0; s < n * n; ++s) free.set(s);
  std::vector<int> queens;
  bool human_turn = o.first == "human";
  std::cout << "The queens game on " << n << " x " << n
            << ": place a queen on a free square (not attacked by any queen); whoever cannot "
               "place one loses.\nType a square such as "
            << square_name(0, n) << ", or 'quit'.\n";
  while (true) {
    draw(n, free, queens);
    if (free.none()) {
      std::cout << (human_turn ? "No free square left: you lose, the computer wins.\n"
                               : "No free square left: the computer loses, you win!\n");
      return 0;
    }
    if (human_turn) {
      std::cout << "Your move: " << std::flush;
      std::string line;
      int sq = -1;
      while (sq < 0) {
        if (!std::getline(std::cin, line)) {
          std::cout << "\nEnd of input: game abandoned.\n";
          return 0;
        }
        // The line less surrounding blanks, in lower case; `typed` quotes it as typed.
        const auto blank = [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); };
        std::size_t b = 0, e = line.size();
        while (b < e && blank(line[b])) ++b;
        while (e > b && blank(line[e - 1])) --e;
        const std::string typed = shown_text(std::string_view(line).substr(b, e - b));
        std::string t;
        for (std::size_t i = b; i < e; ++i)
          t += static_cast<char>(std::tolower(static_cast<unsigned char>(line[i])));
        if (t.empty()) {
          std::cout << "Your move: " << std::flush;
          continue;
        }
        if (t == "quit" || t == "q" || t == "exit") {
          std::cout << "Game abandoned.\n";
          return 0;
        }
        std::string why;
        if (const auto named = parse_square_name(t, n, n))
          sq = *named;
        else
          why = "'" + typed + "' is not a square of the " + std::to_string(n) + " x " +
                std::to_string(n) + " board: a file a.." + file_name(n - 1) + " and a rank 1.." +
                std::to_string(n) + " without leading zeros, e.g. " + square_name(0, n);
        if (sq >= 0 && !free[sq]) {
          bool occupied = false;
          for (int q : queens) occupied |= q == sq;
          why = "illegal move " + square_name(sq, n) + ": " +
                (occupied ? "a queen is already there" : "that square is attacked by a queen");
          sq = -1;
        }
        if (sq < 0) std::cout << why << "; try again.\nYour move: " << std::flush;
      }
      queens.push_back(sq);
      free &= ~player.attack(sq);
      std::cout << "You play " << square_name(sq, n) << ".\n";
    } else {
      bool winning = false;
      int sq = -1;
      {
        Progress thinking;  // no planned total: the watch shows the time spent, after 1 s
        ProgressWatch watch(thinking, "computer thinking");
        std::cout << std::flush;  // the board before the computer thinks (stdout a pipe)
        sq = player.choose(free, &winning);
      }
      queens.push_back(sq);
      free &= ~player.attack(sq);
      std::cout << "Computer plays " << square_name(sq, n)
                << (winning ? " (it has a forced win)" : " (it is lost with perfect play)")
                << ".\n";
    }
    human_turn = !human_turn;
  }
}

}  // namespace

void add_commands(CLI::App& app, Action& action) {
  auto* qgc = app.add_subcommand("queens-game", "The queens game: exact solve and play");
  qgc->require_subcommand(1);

  auto so = std::make_shared<SolveOptions>();
  auto* solve = qgc->add_subcommand("solve",
                                    "Solve the empty board (or a position after --moves): "
                                    "winner, winning first moves, Grundy value");
  int largest_side = 1;  // of a square board within kMaxSquares (19)
  while ((largest_side + 1) * (largest_side + 1) <= kMaxSquares) ++largest_side;
  solve->add_option("-n", so->n, "Square board n x n")->transform(decimal_in(1, largest_side));
  solve->add_option("--rows", so->rows, "Board rows (with --cols)")
      ->transform(decimal_in(1, kMaxSquares));
  solve->add_option("--cols", so->cols, "Board columns (with --rows)")
      ->transform(decimal_in(1, kMaxSquares));
  auto* kernel_opt =
      solve->add_option("-k,--kernel", so->kernel,
                        "Kernel (default: the fastest parallel one; see `searchbench list`)");
  solve->add_option("-t,--threads", so->threads, "Worker threads (default: all cores)")
      ->transform(decimal_in(1, kMaxThreads));
  solve->add_flag("--all-moves", so->all_moves, "Classify every first move (W = winning)");
  solve->add_flag("--grundy", so->grundy, "Also the Sprague-Grundy value (normal play)");
  solve->add_flag("--move-grundy", so->move_grundy,
                  "Also the Grundy value after each first move (normal play)");
  solve->add_flag("--misere", so->misere, "Misere play: whoever makes the last move loses");
  solve
      ->add_option("--moves", so->moves,
                   "Queens already placed, in order, e.g. \"d4 b1\" or d4,b1: solve the "
                   "position they leave (the player to move is 'first'; with --grundy its "
                   "Grundy value)")
      ->check(sb::cli::non_empty());
  solve
      ->add_option("--max-memory", so->max_memory,
                   "Transposition-table budget, e.g. 512M, 4G (default: 1/4 of RAM, <= 4G)")
      ->check(sb::cli::non_empty());
  solve->add_option("-f,--format", so->format, "Output format")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  add_journal_options(
      solve, so->journal,
      "Record the value of each first-move class in a new journal FILE as it is "
      "solved (kernel memo-sym-pieces, the default with --journal; memo-sym-reply-pieces "
      "cuts one ply deeper; memo-sym-query-pieces cuts there too but asks only what the "
      "values need, for the largest boards; an existing FILE is refused: use --resume)",
      "solve", &so->verify);
  solve->callback([&action, so, kernel_opt] {
    runs_on_ranks() = true;
    so->kernel_given = kernel_opt->count() > 0;
    action = [so] { return run_solve(*so); };
  });

  auto po = std::make_shared<PlayOptions>();
  auto* play = qgc->add_subcommand("play", "Play against the perfect solver (moves like c4)");
  play->add_option("-n", po->n, "Board size n (default 8)")->transform(decimal_in(1, 16));
  play->add_option("--first", po->first, "Who moves first (default human)")
      ->check(CLI::IsMember({"human", "computer"}));
  play->add_option("--max-memory", po->max_memory, "Transposition-table budget, e.g. 1G")
      ->check(sb::cli::non_empty());
  play->callback([&action, po] { action = [po] { return run_play(*po); }; });
}

}  // namespace sb::queens_game
