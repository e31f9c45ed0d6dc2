// A result file written as PATH.part and renamed when complete (see part_file.hpp).
#include "core/part_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

#include "core/csv.hpp"

namespace sb {

namespace fs = std::filesystem;

namespace {

// 'PATH', for messages (appended piece by piece: GCC 12 warns wrongly, -Wrestrict, on a
// concatenation that starts with a literal).
std::string quoted(const fs::path& p) {
  std::string q(1, '\'');
  q.append(p.string()).append(1, '\'');
  return q;
}

}  // namespace

fs::path part_path_of(const fs::path& path) {
  fs::path p = path;
  p += ".part";
  return p;
}

PartFile::PartFile(fs::path path, std::int64_t keep) : path_(result_path(std::move(path))) {
  part_ = part_path_of(path_);
  // Opened, then locked (one run at a time writes it; the lock goes when the process does),
  // then cut: a run still writing the file is never cut short by another.
  const int fd =
      ::open(part_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | (keep >= 0 ? 0 : O_CREAT), 0666);
  if (fd < 0)
    throw std::runtime_error(std::string("cannot write ") + quoted(keep >= 0 ? part_ : path_) +
                             ": " + std::strerror(errno));
  const auto fail = [&](const std::string& why) {
    ::close(fd);
    throw std::runtime_error(why);
  };
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    std::string why = quoted(part_) + " ";
    if (errno == EWOULDBLOCK)
      why.append("is in use by another run");
    else
      why.append("cannot be locked: ").append(std::strerror(errno));
    fail(why);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail("cannot read " + quoted(part_) + ": " + std::strerror(errno));
  if (keep >= 0 && st.st_size < keep)
    fail(quoted(part_) + " is shorter than its recorded " + std::to_string(keep) + " bytes");
  if (::ftruncate(fd, keep >= 0 ? keep : 0) != 0)
    fail("cannot write " + quoted(part_) + ": " + std::strerror(errno));
  size_ = keep >= 0 ? static_cast<std::uint64_t>(keep) : 0;
  f_ = ::fdopen(fd, "ab");
  if (f_ == nullptr) fail("cannot write " + quoted(part_) + ": " + std::strerror(errno));
}

PartFile::~PartFile() {
  if (f_ != nullptr) std::fclose(f_);
}

void PartFile::write(std::string_view s) {
  if (f_ == nullptr || std::fwrite(s.data(), 1, s.size(), f_) != s.size())
    throw std::runtime_error("write error on " + quoted(part_));
  size_ += s.size();
}

void PartFile::flush() {
  if (f_ == nullptr || std::fflush(f_) != 0 || std::ferror(f_) != 0)
    throw std::runtime_error("write error on " + quoted(part_));
}

void PartFile::commit() {
  if (f_ == nullptr) throw std::runtime_error(quoted(path_) + " already closed");
  const bool ok = std::fflush(f_) == 0 && std::ferror(f_) == 0;
  const int rc = std::fclose(f_);
  f_ = nullptr;
  if (!ok || rc != 0) throw std::runtime_error("write error on " + quoted(part_));
  std::error_code ec;
  fs::rename(part_, path_, ec);
  if (ec) throw std::runtime_error("cannot rename onto '" + path_.string() + "': " + ec.message());
}

void PartFile::discard() {
  if (f_ != nullptr) std::fclose(f_);
  f_ = nullptr;
  std::error_code ec;
  fs::remove(part_, ec);
}

}  // namespace sb
