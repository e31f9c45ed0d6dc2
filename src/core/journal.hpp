// The journal of a long run: a plain-text file that gains one line per finished piece (see
// src/core/pieces.hpp), each line flushed to disk (fdatasync) soon after the piece finishes, so
// that a run killed at any moment can be resumed without losing finished work. The driver writes
// it (kernels only call PieceHooks::on_piece); docs/harness.md, "Journal and resume", has the
// format.
//
//   searchbench-journal 1
//   # (comment lines: what the file is and how to resume it)
//   problem nqueens
//   instance 17
//   kernel bitboard-sym-tbb
//   pieces bitboard-sym 4205 9c1b0d3e5f7a2b44
//   fields total unique nodes
//   base total=0 unique=0 nodes=1316
//   run 1 started=2026-12-01T10:00:00Z threads=2 ranks=1 host=vm git=0123abcd check=...
//   piece 0 total=1040 unique=130 nodes=3712311 seconds=0.00213 check=5e0c9a1f7d3b2a66
//   ...
//   result total=95815104 unique=11977939 nodes=... verified=pass pieces=4205 check=...
//
// The header (up to `base`) names what the journal belongs to; a resume must match all of it.
// Every later line ends in check=<64-bit FNV-1a of the line before " check=", 16 hex digits>. A
// line that fails its check or is cut short (a write interrupted by a kill) is ignored and its
// piece computed again; the journal is only ever appended to, never truncated or rewritten, and
// one run at a time holds it (an exclusive flock). The answer is base + the sum of the pieces
// (game values: the pieces' values combined, PieceList::result_text).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/pieces.hpp"

namespace sb::journal {

/// What a journal belongs to. A resume must match every member.
struct Identity {
  std::string problem;   ///< e.g. "nqueens"
  std::string instance;  ///< canonical instance text, e.g. "17"
  std::string kernel;    ///< e.g. "bitboard-sym-tbb"
  std::string scheme;    ///< the piece list's scheme, e.g. "bitboard-sym"
  std::uint64_t count = 0;
  std::uint64_t hash = 0;
  std::vector<std::string> fields;  ///< subtotal names (1..Subtotals::kMax, no spaces or '=')
  Subtotals base;

  /// The identity of a run of `kernel` of `problem` on `instance` over `list`.
  static Identity of(std::string problem, std::string instance, std::string kernel,
                     const PieceList& list);
};

/// A journal read back.
struct Contents {
  Identity id;
  std::vector<PieceRecord> pieces;  ///< valid piece records, each id once, in file order
  std::vector<double> seconds;      ///< the seconds of each of `pieces`
  std::size_t damaged = 0;          ///< lines ignored: failed check, cut short or unreadable
  bool torn_tail = false;           ///< the file does not end with a newline (a cut-short line)
  std::size_t runs = 0;             ///< `run` lines (runs started on this journal)
};

/// The header lines of a new journal for `id` (ending with a newline); `resume_hint` is a
/// command line shown in a comment.
std::string header_text(const Identity& id, const std::string& resume_hint);

/// The line of one finished piece: "piece ID F1=V1 ... seconds=S check=H\n".
std::string piece_line(const Identity& id, std::uint64_t id_of_piece, const Subtotals& sub,
                       double seconds);

/// `text` (a line without its newline, no " check=" in it) followed by " check=H\n".
std::string checked_line(std::string_view text);

/// Parses a journal's text; `name` is used in messages. Throws std::invalid_argument with one
/// line when it is not a journal, its header is damaged, or two records of one piece disagree.
/// Damaged body lines are counted, not fatal.
Contents parse(std::string_view text, const std::string& name);

/// The kernel named in the header of the journal at `path`; "" when the file cannot be read as a
/// journal (a resume of it then says why).
std::string kernel_of(const std::filesystem::path& path);

/// Throws std::invalid_argument with one line naming the first difference when a journal's
/// identity `have` is not `want` (a journal of another instance, kernel or piece list).
void check_identity(const Identity& have, const Identity& want, const std::string& name);

/// The first two checks of check_identity alone: the journal answers the same question (problem,
/// then instance: its size and options). `remedy` ends the instance's message, e.g. "resume it
/// with the same instance and kernel".
void check_question(const Identity& have, const Identity& want, const std::string& name,
                    const std::string& remedy);

/// Appends lines to a journal: add() queues a line from any thread; a writer thread appends
/// what is queued (write(2) on an O_APPEND descriptor) and then calls fdatasync, again and
/// again, so that one flush covers every line queued meanwhile. The file is locked (flock,
/// exclusive) while the Writer lives.
class Writer {
 public:
  /// Creates a new journal at `path` with header_text(id, resume_hint): written and flushed
  /// under a temporary name, then linked to `path`, so that `path` never holds a partial
  /// header and an existing file is never replaced. Throws std::invalid_argument when `path`
  /// exists ("use --resume") or cannot be created.
  static std::unique_ptr<Writer> create(const std::filesystem::path& path, const Identity& id,
                                        const std::string& resume_hint);

  /// Opens the journal at `path` to continue it: locks it, reads and parses it, checks it
  /// against `want` and fills `out`. A last line cut short is ended with a newline (nothing is
  /// removed). Throws std::invalid_argument when it is unreadable, not a journal, another run's
  /// (instance, kernel, piece list), inconsistent, or held by another running process.
  static std::unique_ptr<Writer> resume(const std::filesystem::path& path, const Identity& want,
                                        Contents& out);

  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer();  ///< close() if not yet closed, ignoring errors

  /// Queues a line (ending with '\n'); thread-safe. Throws std::runtime_error if an earlier
  /// write or flush failed (disk full, I/O error).
  void add(std::string line);
  /// Writes and flushes everything queued, stops the writer thread and closes the file.
  /// Throws std::runtime_error on a write or flush error.
  void close();
  const std::filesystem::path& path() const { return path_; }

 private:
  Writer(std::filesystem::path path, int fd);
  void loop();

  std::filesystem::path path_;
  int fd_ = -1;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::string> queue_;
  bool stop_ = false;
  std::string error_;  ///< first write/flush error, "" while none
  std::thread thread_;
};

}  // namespace sb::journal
