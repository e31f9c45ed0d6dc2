#include "core/journal.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

namespace sb::journal {
namespace {

constexpr std::string_view kMagic = "searchbench-journal";
constexpr std::string_view kVersion = "1";
constexpr std::string_view kCheck = " check=";

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool to_u64(std::string_view s, std::uint64_t& v, int base = 10) {
  if (s.empty()) return false;
  const auto* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v, base);
  return ec == std::errc() && p == end;
}

// "name=value" with the expected name and a decimal uint64 value.
bool field(std::string_view w, std::string_view name, std::uint64_t& v) {
  return w.size() > name.size() + 1 && w.substr(0, name.size()) == name && w[name.size()] == '=' &&
         to_u64(w.substr(name.size() + 1), v);
}

std::string fields_text(const std::vector<std::string>& names, const Subtotals& s) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += ' ';
    out += names[i];
    out += '=';
    out += std::to_string(s.v[i]);
  }
  return out;
}

// The text of a checked line without its check, or nullopt-like empty view when the check is
// missing or wrong.
bool verified(std::string_view line, std::string_view& text) {
  const auto at = line.rfind(kCheck);
  if (at == std::string_view::npos) return false;
  std::uint64_t h = 0;
  const auto hex = line.substr(at + kCheck.size());
  if (hex.size() != 16 || !to_u64(hex, h, 16)) return false;
  text = line.substr(0, at);
  return fnv1a(text) == h;
}

std::string errno_text() {
  return std::strerror(errno);
}

bool write_all(int fd, std::string_view s) {
  while (!s.empty()) {
    const ssize_t w = ::write(fd, s.data(), s.size());
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    s.remove_prefix(static_cast<std::size_t>(w));
  }
  return true;
}

void fsync_dir(const std::filesystem::path& file) {
  auto dir = file.parent_path();
  if (dir.empty()) dir = ".";
  const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (d >= 0) {
    ::fsync(d);
    ::close(d);
  }
}

std::string quoted(const std::filesystem::path& p) {
  std::string q = p.string();
  q.insert(q.begin(), '\'');
  q.push_back('\'');
  return q;
}

}  // namespace

Identity Identity::of(std::string problem, std::string instance, std::string kernel,
                      const PieceList& list) {
  Identity id;
  id.problem = std::move(problem);
  id.instance = std::move(instance);
  id.kernel = std::move(kernel);
  id.scheme = list.scheme;
  id.count = list.count;
  id.hash = list.hash;
  id.fields = list.fields;
  id.base = list.base;
  return id;
}

std::string header_text(const Identity& id, const std::string& resume_hint) {
  std::string h;
  h += std::string(kMagic) + " " + std::string(kVersion) + "\n";
  h += "# A searchbench journal: one line per finished piece, appended and flushed to disk as\n";
  h += "# the pieces finish. The answer is base plus the sum of the pieces' subtotals (game\n";
  h += "# values: the result line's combination of them, e.g. a mex). Lines end\n";
  h += "# in check=<FNV-1a 64 of the line before it>. Continue an interrupted run with\n";
  h += "#   " + resume_hint + "\n";
  h += "problem " + id.problem + "\n";
  h += "instance " + id.instance + "\n";
  h += "kernel " + id.kernel + "\n";
  h += "pieces " + id.scheme + " " + std::to_string(id.count) + " " + hex64(id.hash) + "\n";
  h += "fields";
  for (const auto& f : id.fields) h += " " + f;
  h += "\n";
  h += "base " + fields_text(id.fields, id.base) + "\n";
  return h;
}

std::string checked_line(std::string_view text) {
  return std::string(text) + std::string(kCheck) + hex64(fnv1a(text)) + "\n";
}

std::string piece_line(const Identity& id, std::uint64_t piece, const Subtotals& sub,
                       double seconds) {
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.6g", seconds);
  return checked_line("piece " + std::to_string(piece) + " " + fields_text(id.fields, sub) +
                      " seconds=" + secs);
}

Contents parse(std::string_view text, const std::string& name) {
  Contents c;
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    const auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back(text.substr(start));
      c.torn_tail = true;
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  const std::string j = "journal '" + name + "'";
  if (text.empty())
    throw std::invalid_argument(j + " is empty, not a searchbench journal: remove it, or start a " +
                                "new journal with --journal on a file that does not exist");
  if (lines.empty() || words(lines[0]).empty() || words(lines[0])[0] != kMagic)
    throw std::invalid_argument(j + " is not a searchbench journal (its first line is not '" +
                                std::string(kMagic) + " " + std::string(kVersion) + "')");
  if (words(lines[0]).size() != 2 || words(lines[0])[1] != kVersion)
    throw std::invalid_argument(j + " has format '" + std::string(lines[0]) +
                                "'; this searchbench reads version " + std::string(kVersion));

  // The header: problem, instance, kernel, pieces, fields, base, in this order.
  std::size_t i = 1;
  auto next_header = [&](std::string_view key) -> std::vector<std::string_view> {
    while (i < lines.size() && (lines[i].empty() || lines[i][0] == '#')) ++i;
    if (i >= lines.size() || (c.torn_tail && i + 1 == lines.size()))
      throw std::invalid_argument(j + " has a damaged header (no '" + std::string(key) + "' line)");
    auto w = words(lines[i]);
    if (w.empty() || w[0] != key)
      throw std::invalid_argument(j + " has a damaged header (line " + std::to_string(i + 1) +
                                  " should be '" + std::string(key) + " ...')");
    ++i;
    return w;
  };
  auto one = [&](std::string_view key) {
    auto w = next_header(key);
    if (w.size() != 2)
      throw std::invalid_argument(j + " has a damaged header (line " + std::to_string(i) + ")");
    return std::string(w[1]);
  };
  c.id.problem = one("problem");
  c.id.instance = one("instance");
  c.id.kernel = one("kernel");
  {
    auto w = next_header("pieces");
    if (w.size() != 4 || !to_u64(w[2], c.id.count) || w[3].size() != 16 ||
        !to_u64(w[3], c.id.hash, 16))
      throw std::invalid_argument(j + " has a damaged header (line " + std::to_string(i) +
                                  ": pieces SCHEME COUNT HASH)");
    c.id.scheme = std::string(w[1]);
  }
  {
    auto w = next_header("fields");
    if (w.size() < 2 || w.size() - 1 > Subtotals::kMax)
      throw std::invalid_argument(j + " has a damaged header (line " + std::to_string(i) + ")");
    for (std::size_t k = 1; k < w.size(); ++k) c.id.fields.emplace_back(w[k]);
  }
  {
    auto w = next_header("base");
    bool ok = w.size() == c.id.fields.size() + 1;
    for (std::size_t k = 0; ok && k < c.id.fields.size(); ++k)
      ok = field(w[k + 1], c.id.fields[k], c.id.base.v[k]);
    if (!ok)
      throw std::invalid_argument(j + " has a damaged header (line " + std::to_string(i) + ")");
  }

  // The body: checked lines; anything that fails its check is ignored (computed again).
  std::map<std::uint64_t, std::size_t> seen;  // piece id -> index in c.pieces
  for (; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (line.empty() || line[0] == '#') continue;
    std::string_view body;
    if (!verified(line, body)) {
      ++c.damaged;
      continue;
    }
    const auto w = words(body);
    if (w.empty()) {
      ++c.damaged;
      continue;
    }
    if (w[0] == "run") {
      ++c.runs;
      continue;
    }
    if (w[0] == "result") continue;
    PieceRecord r;
    bool ok = w[0] == "piece" && w.size() == c.id.fields.size() + 3 && to_u64(w[1], r.id);
    if (ok && r.id >= c.id.count)  // checked line, header disagrees: the header was edited
      throw std::invalid_argument(j + " line " + std::to_string(i + 1) + " records piece " +
                                  std::to_string(r.id) + ", but its header says " +
                                  std::to_string(c.id.count) +
                                  " pieces: the header was changed after the journal was written");
    for (std::size_t k = 0; ok && k < c.id.fields.size(); ++k)
      ok = field(w[k + 2], c.id.fields[k], r.sub.v[k]);
    double seconds = 0;
    if (ok) {
      const auto s = w.back();
      ok = s.substr(0, 8) == "seconds=";
      if (ok) {
        const std::string v(s.substr(8));
        char* end = nullptr;
        seconds = std::strtod(v.c_str(), &end);
        ok = !v.empty() && *end == '\0' && std::isfinite(seconds) && seconds >= 0;
      }
    }
    if (!ok) {  // a correct check on a line that is not a valid record: written by someone else
      throw std::invalid_argument(j + " line " + std::to_string(i + 1) +
                                  " is not a valid record of this journal");
    }
    const auto [it, fresh] = seen.emplace(r.id, c.pieces.size());
    if (!fresh) {  // the same piece twice: harmless if it agrees
      if (!(c.pieces[it->second].sub == r.sub))
        throw std::invalid_argument(j + " is inconsistent: piece " + std::to_string(r.id) +
                                    " is recorded twice with different subtotals");
      continue;
    }
    c.pieces.push_back(r);
    c.seconds.push_back(seconds);
  }
  return c;
}

std::string kernel_of(const std::filesystem::path& path) {
  // anything unreadable (a directory, a missing file) names no kernel; the resume says why
  try {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return "";
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return parse(text, path.string()).id.kernel;
  } catch (const std::exception&) {
    return "";
  }
}

void check_question(const Identity& have, const Identity& want, const std::string& name,
                    const std::string& remedy) {
  const std::string j = "journal '" + name + "'";
  if (have.problem != want.problem)
    throw std::invalid_argument(j + " is a " + have.problem + " journal, not " + want.problem);
  if (have.instance != want.instance)
    throw std::invalid_argument(j + " belongs to " + have.problem + " instance " + have.instance +
                                " (kernel " + have.kernel + "), not " + want.instance + ": " +
                                remedy);
}

void check_identity(const Identity& have, const Identity& want, const std::string& name) {
  check_question(have, want, name, "resume it with the same instance and kernel");
  const std::string j = "journal '" + name + "'";
  if (have.kernel != want.kernel)
    throw std::invalid_argument(j + " was written by kernel " + have.kernel + ", not " +
                                want.kernel + ": resume it with --kernel " + have.kernel);
  if (have.scheme != want.scheme || have.count != want.count || have.hash != want.hash ||
      have.fields != want.fields || !(have.base == want.base))
    throw std::invalid_argument(j + " was written for another piece list (" + have.scheme + ", " +
                                std::to_string(have.count) + " pieces, hash " + hex64(have.hash) +
                                "; this build: " + want.scheme + ", " + std::to_string(want.count) +
                                " pieces, hash " + hex64(want.hash) +
                                "): another searchbench version cut the search differently");
}

Writer::Writer(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {
  thread_ = std::thread([this] { loop(); });
}

std::unique_ptr<Writer> Writer::create(const std::filesystem::path& path, const Identity& id,
                                       const std::string& resume_hint) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::invalid_argument("journal " + quoted(path) + " is a directory: give a file name");
  if (std::filesystem::exists(path, ec) || std::filesystem::is_symlink(path, ec)) {
    if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0)
      throw std::invalid_argument("journal " + quoted(path) + " already exists and is empty " +
                                  "(no journal): remove it, or give a file that does not exist " +
                                  "(a journal is never overwritten)");
    throw std::invalid_argument("journal " + quoted(path) + " already exists: continue it with " +
                                "--resume " + path.string() + " (a journal is never overwritten)");
  }
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  const int t = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (t < 0)
    throw std::invalid_argument("cannot create journal " + quoted(path) + ": " + errno_text());
  const bool ok = write_all(t, header_text(id, resume_hint)) && ::fdatasync(t) == 0;
  const std::string why = errno_text();
  ::close(t);
  if (!ok) {
    ::unlink(tmp.c_str());
    throw std::invalid_argument("cannot write journal " + quoted(path) + ": " + why);
  }
  // link(2) never replaces an existing file; where links are not supported, a rename that
  // refuses to replace one.
  int rc = ::link(tmp.c_str(), path.c_str());
  if (rc != 0 && (errno == EPERM || errno == EOPNOTSUPP || errno == ENOSYS))
    rc = ::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE);
  const int link_errno = errno;
  ::unlink(tmp.c_str());
  if (rc != 0) {
    if (link_errno == EEXIST)
      throw std::invalid_argument("journal " + quoted(path) +
                                  " already exists: continue it with --resume " + path.string() +
                                  " (a journal is never overwritten)");
    throw std::invalid_argument("cannot create journal " + quoted(path) + ": " +
                                std::strerror(link_errno));
  }
  fsync_dir(path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    throw std::invalid_argument("cannot open journal " + quoted(path) + ": " + errno_text());
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw std::invalid_argument("journal " + quoted(path) +
                                " is in use by another running searchbench");
  }
  return std::unique_ptr<Writer>(new Writer(path, fd));
}

std::unique_ptr<Writer> Writer::resume(const std::filesystem::path& path, const Identity& want,
                                       Contents& out) {
  const int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) {
    const std::string what = errno == ENOENT ? "cannot read journal " : "cannot open journal ";
    throw std::invalid_argument(what + quoted(path) + " to continue it: " + errno_text());
  }
  auto fail = [&](const std::string& why) {
    ::close(fd);
    throw std::invalid_argument(why);
  };
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0)
    fail("journal " + quoted(path) + " is in use by another running searchbench");
  std::string text;
  char buf[1 << 16];
  for (off_t at = 0;;) {
    const ssize_t r = ::pread(fd, buf, sizeof buf, at);
    if (r < 0) {
      if (errno == EINTR) continue;
      fail("cannot read journal " + quoted(path) + ": " + errno_text());
    }
    if (r == 0) break;
    text.append(buf, static_cast<std::size_t>(r));
    at += r;
  }
  try {
    out = parse(text, path.string());
    check_identity(out.id, want, path.string());
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  // End a line cut short, so that what follows starts on a line of its own (nothing removed).
  if (out.torn_tail && !write_all(fd, "\n"))
    fail("cannot append to journal " + quoted(path) + ": " + errno_text());
  return std::unique_ptr<Writer>(new Writer(path, fd));
}

Writer::~Writer() {
  try {
    close();
  } catch (...) {
  }
}

void Writer::add(std::string line) {
  std::lock_guard lock(mu_);
  if (!error_.empty()) throw std::runtime_error(error_);
  queue_.push_back(std::move(line));
  cv_.notify_one();
}

void Writer::loop() {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stop_ and nothing left
    std::vector<std::string> batch;
    batch.swap(queue_);
    lock.unlock();
    std::string all;
    for (const auto& l : batch) all += l;
    const bool ok = write_all(fd_, all) && ::fdatasync(fd_) == 0;
    const std::string why = ok ? "" : errno_text();
    lock.lock();
    if (!ok && error_.empty()) {
      error_ = "cannot write journal " + quoted(path_) + ": " + why;
      queue_.clear();
      return;
    }
  }
}

void Writer::close() {
  if (fd_ < 0) return;
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
  const bool synced = ::fdatasync(fd_) == 0;
  ::close(fd_);  // releases the lock
  fd_ = -1;
  if (!error_.empty()) throw std::runtime_error(error_);
  if (!synced) throw std::runtime_error("cannot flush journal " + quoted(path_));
}

}  // namespace sb::journal
