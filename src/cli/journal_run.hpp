// --journal FILE and --resume FILE for a problem command whose kernel runs a piece list: the
// driver's side of journal and resume (src/core/journal.hpp). The kernel stays pure: it gets
// PieceHooks (the finished pieces to skip, a callback per piece solved) and this class does all
// the file I/O in that callback, on the process that speaks for the run (rank 0 under MPI).
#pragma once

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "cli/commands.hpp"
#include "core/csv.hpp"
#include "core/journal.hpp"
#include "core/problem.hpp"
#include "core/sysinfo.hpp"

namespace sb::cli {

/// The command-line options.
struct JournalOptions {
  std::string journal;  ///< --journal FILE: start a new journal (an existing FILE is refused)
  std::string resume;   ///< --resume FILE: continue the journal FILE (appending to it)
  bool any() const { return !journal.empty() || !resume.empty(); }
};

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
  /// base and pieces, the verdict) and closes the journal, flushed. Throws std::runtime_error on
  /// a write error or a disagreement.
  void finish(const Outcome& o, Verdict v, double wall_s);

  /// Flushes and closes the journal without a result line (after a kernel error); never throws.
  void abandon() noexcept;

 private:
  void on_piece(std::uint64_t id, const Subtotals& s, double seconds);

  journal::Identity id_;
  std::unique_ptr<journal::Writer> writer_;
  PieceHooks hooks_;
  std::mutex mu_;
  Subtotals sum_;             // base + every piece recorded (earlier runs and this one)
  std::uint64_t pieces_ = 0;  // pieces recorded, earlier runs included
};

inline JournalRun::JournalRun(const Problem& p, const KernelInfo& k, const Instance& in,
                              const JournalOptions& o, int threads, int ranks,
                              const std::string& resume_hint) {
  if (!k.pieces) {
    std::string with;
    for (const auto& other : p.kernels)
      if (other.pieces) with += (with.empty() ? "" : ", ") + other.name;
    throw UsageError("kernel '" + k.name + "' does not cut its search into pieces, so it " +
                     "cannot keep a journal" +
                     (with.empty() ? std::string() : "; --journal and --resume work with " + with));
  }
  namespace fs = std::filesystem;
  if (!o.journal.empty() && !o.resume.empty()) {
    std::error_code ec;
    if (!fs::equivalent(o.journal, o.resume, ec))
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
                  << ", computed again";
      std::cerr << "\n";
    } else {
      writer_ = journal::Writer::create(o.journal, id_, resume_hint);
      std::cerr << "journal " << o.journal << ": " << list.count
                << " pieces; if interrupted, continue with --resume " << o.journal << "\n";
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  sum_ = list.base;
  for (const auto& r : hooks_.finished) sum_ += r.sub;
  pieces_ = hooks_.finished.size();
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
  }
  writer_->add(std::move(line));
}

inline void JournalRun::finish(const Outcome& o, Verdict v, double wall_s) {
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
  for (std::size_t i = 0; i < id_.fields.size(); ++i)
    text += " " + id_.fields[i] + "=" + std::to_string(sum.v[i]);
  text += " verified=" + std::string(verdict_name(v)) + " pieces=" + std::to_string(pieces) +
          " wall_s=" + format_double(wall_s) + " finished=" + sysinfo::timestamp_utc();
  writer_->add(journal::checked_line(text));
  writer_->close();
}

inline void JournalRun::abandon() noexcept {
  try {
    if (writer_) writer_->close();
  } catch (...) {  // the kernel's error is the one to report
  }
}

}  // namespace sb::cli
