// --journal FILE and --resume FILE for a problem command whose kernel runs a piece list: the
// driver's side of journal and resume (src/core/journal.hpp). The kernel stays pure: it gets
// PieceHooks (the finished pieces to skip, a callback per piece solved) and this class does all
// the file I/O in that callback, on the process that speaks for the run (rank 0 under MPI).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/run.hpp"
#include "cli/run_output.hpp"
#include "cli/validators.hpp"
#include "core/csv.hpp"
#include "core/journal.hpp"
#include "core/mpi.hpp"
#include "core/pieces_run.hpp"
#include "core/problem.hpp"
#include "core/sysinfo.hpp"

namespace sb::cli {

/// The command-line options.
struct JournalOptions {
  std::string journal;  ///< --journal FILE: start a new journal (an existing FILE is refused)
  std::string resume;   ///< --resume FILE: continue the journal FILE (appending to it)
  bool any() const { return !journal.empty() || !resume.empty(); }
};

/// Registers --journal FILE and --resume FILE on cmd (`journal_help`: what the journal records
/// and which kernels write one; `what`: "run" or "solve"), and with `verify` also --verify PIECE
/// (a game solve's piece solved again and checked against the journal given with --resume).
inline void add_journal_options(CLI::App* cmd, JournalOptions& o, const std::string& journal_help,
                                const std::string& what, long long* verify = nullptr) {
  cmd->add_option("--journal", o.journal, journal_help)->check(non_empty())->type_name("FILE");
  cmd->add_option("--resume", o.resume,
                  "Continue the journal FILE of an interrupted " + what + ": check that it is " +
                      "this " + what + "'s, skip its finished pieces, append the rest")
      ->check(non_empty())
      ->type_name("FILE");
  if (verify)
    cmd->add_option("--verify", *verify,
                    "Solve piece PIECE (as numbered in the journal) again "
                    "and, with --resume FILE, compare it with the journal's record (FILE is only "
                    "read; by the kernel that wrote it unless --kernel names another of the same "
                    "pieces; -f csv/json: one record)")
        ->transform(decimal_in(0, 1000000))
        ->type_name("PIECE");
}

/// The journal of one kernel run, from before the kernel starts to its result.
class JournalRun {
 public:
  /// Checks the options (kernel k must have a piece list; --journal and --resume name the same
  /// file when both are given), builds k's piece list for `in`, and creates or resumes the
  /// journal; `resume_hint` is the command line that continues it. Reports the journal on
  /// stderr (pieces already done, damaged lines ignored). Throws UsageError (one line) for any
  /// refusal: the journal is then left exactly as it was.
  JournalRun(const Problem& p, const KernelInfo& k, const Instance& in, const JournalOptions& o,
             int threads, int ranks, const std::string& resume_hint);

  /// The hooks to put in RunSettings::pieces.
  const PieceHooks* hooks() const { return &hooks_; }

  /// After the kernel returned: checks that every piece is accounted for and that the journal's
  /// sum agrees with the kernel's node count, appends the result line (the journal's own sum of
  /// base and pieces, or for game values the list's result_text of the pieces; the verdict) and
  /// closes the journal, flushed. Throws std::runtime_error on
  /// a write error or a disagreement.
  void finish(const Outcome& o, Verdict v, double wall_s);

  /// Flushes and closes the journal without a result line (after a kernel error); never throws.
  /// A journal this run created that holds no piece is removed (nothing partial left behind).
  void abandon() noexcept;

  /// The nodes of the pieces that earlier runs recorded (0 for a new journal): a resumed run's
  /// own speed is (nodes - this) / wall.
  std::uint64_t nodes_before() const { return nodes_before_; }

 private:
  void on_piece(std::uint64_t id, const Subtotals& s, double seconds);

  journal::Identity id_;
  std::unique_ptr<journal::Writer> writer_;
  PieceHooks hooks_;
  std::mutex mu_;
  Subtotals sum_;             // base + every piece recorded (earlier runs and this one)
  std::uint64_t pieces_ = 0;  // pieces recorded, earlier runs included
  // Answers that are not a sum (PieceList::result_text): every piece's subtotals, by id.
  std::function<std::string(const std::vector<Subtotals>&)> result_text_;
  std::vector<Subtotals> by_id_;
  std::uint64_t nodes_before_ = 0;
  std::string created_;  // the file of --journal (created by this run), else empty
};

/// A UsageError when a journal is asked of kernel k and k keeps none (no piece list); called
/// before anything else is said about the run, so that the refusal is the only line.
inline void require_pieces(const Problem& p, const KernelInfo& k, const JournalOptions& o) {
  if (k.pieces || (o.journal.empty() && o.resume.empty())) return;
  std::string with;
  for (const auto& other : p.kernels)
    if (other.pieces) with += (with.empty() ? "" : ", ") + other.name;
  throw UsageError("kernel '" + k.name + "' does not cut its search into pieces, so it " +
                   "cannot keep a journal" +
                   (with.empty() ? std::string() : "; --journal and --resume work with " + with));
}

inline JournalRun::JournalRun(const Problem& p, const KernelInfo& k, const Instance& in,
                              const JournalOptions& o, int threads, int ranks,
                              const std::string& resume_hint) {
  require_pieces(p, k, o);
  namespace fs = std::filesystem;
  if (!o.journal.empty() && !o.resume.empty()) {
    std::error_code ec;
    // equivalent() needs both files to exist; a name not yet created is compared as a path
    const bool same =
        fs::exists(o.journal, ec) && fs::exists(o.resume, ec)
            ? fs::equivalent(o.journal, o.resume, ec)
            : fs::weakly_canonical(o.journal, ec) == fs::weakly_canonical(o.resume, ec);
    if (!same)
      throw UsageError("--journal and --resume name different files; --resume FILE alone " +
                       std::string("continues FILE"));
  }
  const PieceList list = k.pieces(in);
  id_ = journal::Identity::of(p.name, in.name, k.name, list);
  try {
    if (!o.resume.empty()) {
      journal::Contents c;
      writer_ = journal::Writer::resume(o.resume, id_, c);
      hooks_.finished = std::move(c.pieces);
      std::cerr << "journal " << o.resume << ": " << hooks_.finished.size() << " of " << list.count
                << " pieces already done (" << c.runs << " earlier run" << (c.runs == 1 ? "" : "s")
                << ")";
      if (c.damaged > 0)
        std::cerr << "; " << c.damaged << " damaged line" << (c.damaged == 1 ? "" : "s")
                  << " ignored"
                  << (c.torn_tail ? " (the last one cut short by an interruption)" : "")
                  << (hooks_.finished.size() == list.count ? "" : "; pieces missing are searched");
      std::cerr << "\n";
      if (hooks_.finished.size() == list.count)
        std::cerr << "journal " << o.resume << ": already complete; the answer is put together "
                  << "from it (no piece is searched again)\n";
    } else {
      writer_ = journal::Writer::create(o.journal, id_, resume_hint);
      created_ = o.journal;
      std::cerr << "journal " << o.journal << ": " << list.count
                << " pieces; if interrupted, continue with --resume " << o.journal << "\n";
    }
  } catch (const std::invalid_argument& e) {
    // A journal of a one-process kernel met under several ranks: its own hint (--kernel K)
    // would be refused there too, so say where it runs.
    std::string why = e.what();
    if (ranks > 1 && !o.resume.empty()) {
      const std::string wrote = journal::kernel_of(o.resume);
      for (const auto& other : p.kernels)
        if (other.name == wrote && !other.distributed() && wrote != k.name)
          why += " (kernel " + wrote + " runs in one process: without mpirun)";
    }
    throw UsageError(why);
  }
  sum_ = list.base;
  for (const auto& r : hooks_.finished) sum_ += r.sub;
  if (list.result_text) {  // an answer that is not a sum: keep every piece
    result_text_ = list.result_text;
    by_id_.assign(list.count, Subtotals{});
    for (const auto& r : hooks_.finished) by_id_[r.id] = r.sub;
  }
  pieces_ = hooks_.finished.size();
  for (std::size_t i = 0; i < id_.fields.size(); ++i)
    if (id_.fields[i] == "nodes")
      for (const auto& r : hooks_.finished) nodes_before_ += r.sub.v[i];
  // Ctrl-C (or a kill by SIGTERM, SIGHUP): the pieces recorded so far stay, and the user is told
  // how to go on
  on_interrupt_say("searchbench: interrupted; every finished piece is kept in the journal " +
                   (o.resume.empty() ? o.journal : o.resume) + ": continue with `" + resume_hint +
                   "`");
  writer_->add(journal::checked_line(
      "run started=" + sysinfo::timestamp_utc() + " kernel=" + k.name +
      " threads=" + std::to_string(threads) + " ranks=" + std::to_string(ranks) + " done=" +
      std::to_string(pieces_) + " host=" + sysinfo::host() + " git=" + sysinfo::git_sha()));
  hooks_.on_piece = [this](std::uint64_t id, const Subtotals& s, double seconds) {
    on_piece(id, s, seconds);
  };
}

inline void JournalRun::on_piece(std::uint64_t id, const Subtotals& s, double seconds) {
  std::string line = journal::piece_line(id_, id, s, seconds);
  {
    std::lock_guard lock(mu_);
    sum_ += s;
    ++pieces_;
    if (!by_id_.empty()) by_id_[id] = s;
  }
  writer_->add(std::move(line));
}

inline void JournalRun::finish(const Outcome& o, Verdict v, double wall_s) {
  on_interrupt_default();
  Subtotals sum;
  std::uint64_t pieces = 0;
  {
    std::lock_guard lock(mu_);
    sum = sum_;
    pieces = pieces_;
  }
  if (pieces != id_.count)
    throw std::runtime_error("the journal holds " + std::to_string(pieces) + " of " +
                             std::to_string(id_.count) + " pieces after the run");
  for (std::size_t i = 0; i < id_.fields.size(); ++i)
    if (id_.fields[i] == "nodes" && sum.v[i] != o.nodes)
      throw std::runtime_error("the journal's node count " + std::to_string(sum.v[i]) +
                               " differs from the kernel's " + std::to_string(o.nodes));
  std::string text = "result";
  if (result_text_) {
    std::lock_guard lock(mu_);
    text += " " + result_text_(by_id_);
  } else {
    for (std::size_t i = 0; i < id_.fields.size(); ++i)
      text += " " + id_.fields[i] + "=" + std::to_string(sum.v[i]);
  }
  text += " verified=" + std::string(verdict_name(v)) + " pieces=" + std::to_string(pieces) +
          " wall_s=" + format_double(wall_s) + " finished=" + sysinfo::timestamp_utc();
  writer_->add(journal::checked_line(text));
  writer_->close();
}

inline void JournalRun::abandon() noexcept {
  on_interrupt_default();
  try {
    if (writer_) writer_->close();
    bool empty = false;
    {
      std::lock_guard lock(mu_);
      empty = pieces_ == 0;
    }
    std::error_code ec;
    if (empty && !created_.empty()) std::filesystem::remove(created_, ec);
  } catch (...) {  // the kernel's error is the one to report
  }
}

/// With `resume` (the FILE of --resume) and no -k (`given` false), in one process: the kernel that
/// wrote the journal FILE, when this build has it (a journal is continued by the kernel that wrote
/// it); else null. Under an MPI launcher with several ranks the file is not read (each rank would
/// read it on its own): the caller's default applies there.
inline const KernelInfo* resumed_kernel(const Problem& p, bool given, const std::string& resume) {
  if (given || resume.empty() || mpi::launched_size() > 1) return nullptr;
  const std::string name = journal::kernel_of(resume);
  for (const auto& k : p.kernels)
    if (!name.empty() && k.name == name) return &k;
  return nullptr;
}

/// The kernel of a solve with --journal or --resume: the one named (`given`), else the one that
/// wrote the journal `resume` (resumed_kernel), else the problem's fastest one-process kernel
/// with a piece list (the last in ladder order; the game problems' default kernels have none), or
/// under an MPI launcher with several ranks its last MPI kernel with one.
inline const KernelInfo& journal_kernel(const Problem& p, bool given, const std::string& name,
                                        const std::string& resume) {
  if (const KernelInfo* k = resumed_kernel(p, given, resume)) return *k;
  if (!given) {
    const bool ranks = mpi::launched_size() > 1;  // under mpirun: the last MPI one
    for (auto it = p.kernels.rbegin(); it != p.kernels.rend(); ++it)
      if (it->pieces && it->distributed() == ranks) return *it;
  }
  return choose_kernel(p, given, name);
}

/// Starts MPI where a run needs it (an MPI kernel: a singleton without mpirun; or any kernel
/// under a launcher) and refuses, as a UsageError on every rank alike, a one-process kernel on
/// several ranks, an instance the kernel refuses, and more ranks than the kernel's pieces (before
/// any journal is created; `where` names the instance in that message, e.g. "at n = 4"). Warns
/// when a rank is bound to fewer cores than `threads`. Returns the number of ranks.
inline int start_ranks(const Problem& p, const KernelInfo& k, const Instance& in, int threads,
                       const std::string& where) {
  if (k.distributed() || mpi::launched()) mpi::init();
  const int ranks = mpi::size();
  if (ranks > 1 && !k.distributed()) {
    std::string names;
    for (const auto& other : p.kernels)
      if (other.distributed()) names += (names.empty() ? "" : ", ") + other.name;
    throw UsageError("kernel '" + k.name + "' runs in one process; with " + std::to_string(ranks) +
                     " MPI ranks use an MPI kernel (" +
                     (names.empty() ? "none in this build" : names) + ")");
  }
  if (k.refuse)
    if (auto why = k.refuse(in)) throw UsageError(*why);
  if (k.distributed()) warn_if_bound_below(threads);
  if (ranks > 1 && k.pieces) {
    const auto count = k.pieces(in).count;
    const auto most = most_mpi_ranks(count);
    if (static_cast<std::uint64_t>(ranks) > most)
      throw UsageError(std::to_string(ranks) + " MPI ranks for " + std::to_string(count) +
                       " piece" + (count == 1 ? "" : "s") + " " + where + ": use at most " +
                       std::to_string(most) + " rank" + (most == 1 ? "" : "s"));
  }
  return ranks;
}

/// The journal of a run on `ranks` ranks when `o` asks for one: read, checked and written by
/// rank 0 alone (null on the others); a refusal is a UsageError on rank 0 and QuietExit{2} on
/// the others, the file left as it was. `resume_hint`: the command that continues the journal,
/// without the launcher (added here).
inline std::unique_ptr<JournalRun> open_journal(const Problem& p, const KernelInfo& k,
                                                const Instance& in, const JournalOptions& o,
                                                int threads, int ranks,
                                                const std::string& resume_hint) {
  std::unique_ptr<JournalRun> journal;
  if (!o.any()) return journal;
  const bool root = is_root();
  std::string why;
  if (root) {
    try {
      journal = std::make_unique<JournalRun>(
          p, k, in, o, threads, ranks,
          (ranks > 1 ? "mpirun -np " + std::to_string(ranks) + " " : "") + resume_hint);
    } catch (const UsageError& e) {
      why = e.what();
    }
  }
  if (!mpi::agree(why.empty())) {
    if (root) throw UsageError(why);
    throw QuietExit{2};
  }
  return journal;
}

/// One kernel run of a game solve, journalled when `o` asks for it: starts MPI for an MPI kernel
/// (or under a launcher, where a kernel that is not an MPI one is refused, as are more ranks than
/// pieces), opens the journal on rank 0 (a refusal is a UsageError on rank 0, QuietExit on the
/// others, and leaves the file as it was), runs the kernel through run_verified with the
/// journal's hooks, and finishes the journal (on a kernel error the pieces recorded so far are
/// kept). Every rank returns the result; rank 0 alone (is_root()) prints it. A journal that
/// cannot be finished does not cost the result: its error goes to *journal_error (print the
/// result, then report it and exit 1). `resume_hint` is the command line that continues the
/// journal, without the launcher (added here).
inline Timed run_journalled(const Problem& p, const KernelInfo& k, const Instance& in,
                            RunSettings s, const JournalOptions& o, const std::string& label,
                            const std::string& resume_hint, std::string* journal_error) {
  const int ranks = start_ranks(p, k, in, s.threads, "of " + in.name);
  const bool root = is_root();
  const std::unique_ptr<JournalRun> journal =
      open_journal(p, k, in, o, s.threads, ranks, resume_hint);
  if (journal) s.pieces = journal->hooks();
  Timed t;
  try {
    t = run_verified(p, k, in, s, label, root);
  } catch (...) {
    if (journal) journal->abandon();  // keep every piece recorded so far
    throw;
  }
  if (journal) t.nodes_before = journal->nodes_before();
  try {
    if (journal) journal->finish(t.outcome, t.verified, t.wall_s);
  } catch (const std::exception& e) {
    *journal_error = e.what();
  }
  return t;
}

/// Reports a journal error after the result was printed; returns the exit code 1.
inline int report_journal_error(const std::string& error) {
  std::fflush(stdout);
  std::cout.flush();
  std::cerr << "searchbench: error: " << error << "\n";
  return 1;
}

/// --verify PIECE: solves piece `id` of kernel k's list on `in` once more (on a table of the
/// default budget) and prints its subtotals; with `journal_file`, also that journal's record of
/// the piece and whether the two agree on every field but nodes and positions (which depend on
/// the kernel and the table budget). The journal is only read: it may be another kernel's of the
/// same problem, instance and piece list (a second route). Returns the exit code: 0 when it agrees
/// or there is nothing to compare with, 1 when it differs or the journal lacks the piece. Bad
/// input (no piece list, id out of range, a foreign or unreadable journal) is a UsageError.
/// `format`: text (the lines above), or csv / json: one record (print_record) with the piece, the
/// fresh solve's fields, the journal's record (`journal_` and the field) and `verified`.
inline int verify_piece(const Problem& p, const KernelInfo& k, const Instance& in, std::uint64_t id,
                        const std::string& journal_file, Format format = Format::kText) {
  if (!k.pieces)
    throw UsageError("kernel '" + k.name + "' does not cut its search into pieces; --verify " +
                     "works with the kernels that keep a journal");
  if (mpi::launched_size() > 1)
    throw UsageError("--verify solves one piece in one process: run it without mpirun");
  if (k.refuse)
    if (auto why = k.refuse(in)) throw UsageError(*why);
  const PieceList list = k.pieces(in);
  journal::Contents c;
  if (!journal_file.empty()) {
    const std::string j = "journal '" + journal_file + "'";
    std::error_code ec;
    if (std::filesystem::is_directory(journal_file, ec))
      throw UsageError(j + " is a directory: give the journal's file");
    std::ifstream f(journal_file, std::ios::binary);
    if (!f) throw UsageError("cannot read " + j);
    std::ostringstream text;
    text << f.rdbuf();
    try {
      c = journal::parse(text.str(), journal_file);
      // the question first (problem, then instance: its size and options), then the piece list
      const journal::Identity want = journal::Identity::of(p.name, in.name, c.id.kernel, list);
      journal::check_question(c.id, want, journal_file,
                              "verify it with the instance and options of its run");
      if (c.id.scheme != list.scheme) {
        bool known = false;  // a kernel of this build (the file may have been edited)
        for (const auto& other : p.kernels) known = known || other.name == c.id.kernel;
        throw std::invalid_argument(
            j + " was written by kernel " + c.id.kernel + ", whose pieces (" + c.id.scheme +
            ") are not those of kernel " + k.name + " (" + list.scheme + ")" +
            (known ? ": verify it with --kernel " + c.id.kernel : ""));
      }
      journal::check_identity(c.id, want, journal_file);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  if (id >= list.count)
    throw UsageError("piece " + std::to_string(id) + " is out of range: " + in.name +
                     (list.count == 0 ? std::string(" has no pieces")
                                      : " has " + std::to_string(list.count) + " pieces (0.." +
                                            std::to_string(list.count - 1) + ")") +
                     " in the list of kernel " + k.name + " (" + list.scheme + ")");
  Subtotals fresh;
  const auto t0 = std::chrono::steady_clock::now();
  list.solve(&id, 1, &fresh);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const PieceRecord* rec = nullptr;
  for (const auto& r : c.pieces)
    if (r.id == id) rec = &r;
  // what the comparison says: "" (no journal given), "missing" (no record of the piece),
  // "not needed" (the run did not need it), else "pass" or "fail"
  std::string outcome;
  if (!journal_file.empty()) {
    if (rec == nullptr) {
      outcome = "missing";
    } else if (list.not_needed && list.not_needed(rec->sub)) {
      outcome = "not needed";
    } else {
      bool same = true;
      for (std::size_t i = 0; i < list.fields.size(); ++i)
        if (list.fields[i] != "nodes" && list.fields[i] != "positions")
          same = same && fresh.v[i] == rec->sub.v[i];
      outcome = same ? "pass" : "fail";
    }
  }
  const int code = outcome.empty() || outcome == "pass" ? 0 : 1;
  if (format != Format::kText) {
    // one record: the piece, the fresh solve's fields, the journal's, and the verdict
    std::vector<std::string> names = {"problem", "instance", "piece",  "pieces",
                                      "scheme",  "kernel",   "seconds"};
    std::vector<std::string> row = {
        p.name,      in.name, std::to_string(id), std::to_string(list.count),
        list.scheme, k.name,  format_double(secs)};
    for (std::size_t i = 0; i < list.fields.size(); ++i) {
      names.push_back(list.fields[i]);
      row.push_back(std::to_string(fresh.v[i]));
    }
    names.insert(names.end(), {"journal", "journal_kernel", "journal_record"});
    const bool compared = outcome == "pass" || outcome == "fail";
    row.insert(row.end(), {journal_file, journal_file.empty() ? "" : c.id.kernel,
                           compared ? "solved" : outcome});
    for (std::size_t i = 0; i < list.fields.size(); ++i) {  // a piece not needed: placeholders
      names.push_back("journal_" + list.fields[i]);
      row.push_back(compared ? std::to_string(rec->sub.v[i]) : "");
    }
    names.push_back("verified");
    row.push_back(compared ? outcome : "na");
    print_record(std::cout, names, row,
                 {"problem", "instance", "scheme", "kernel", "journal", "journal_kernel",
                  "journal_record", "verified"},
                 format);
    return code;
  }
  auto fields = [&](const Subtotals& s) {
    std::string t;
    for (std::size_t i = 0; i < list.fields.size(); ++i)
      t += (i ? " " : "") + list.fields[i] + "=" + std::to_string(s.v[i]);
    return t;
  };
  std::printf("%s %s, piece %llu of %llu (%s), kernel %s\n", p.name.c_str(), in.name.c_str(),
              static_cast<unsigned long long>(id), static_cast<unsigned long long>(list.count),
              list.scheme.c_str(), k.name.c_str());
  std::printf("solved    = %s (%.3f s)\n", fields(fresh).c_str(), secs);
  if (outcome.empty()) return code;
  if (outcome == "missing") {
    std::printf("journal   = piece %llu not recorded in %s\nverified  = na\n",
                static_cast<unsigned long long>(id), journal_file.c_str());
  } else if (outcome == "not needed") {
    std::printf(
        "journal   = piece %llu not needed in the run of %s (kernel %s): nothing to "
        "compare\nverified  = na\n",
        static_cast<unsigned long long>(id), journal_file.c_str(), c.id.kernel.c_str());
  } else {
    std::printf("journal   = %s (%s, kernel %s)\n", fields(rec->sub).c_str(), journal_file.c_str(),
                c.id.kernel.c_str());
    std::printf("verified  = %s\n", outcome.c_str());
  }
  return code;
}

}  // namespace sb::cli
