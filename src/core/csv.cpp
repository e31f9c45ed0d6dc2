#include "core/csv.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace sb {

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    out += csv_field(fields[i]);
  }
  out += '\n';
  return out;
}

std::string format_double(double x) {
  char buf[64];
  for (int prec = 6; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

namespace {
/// path, or where the symbolic link at path leads (weakly canonical; weakly_canonical alone
/// leaves a dangling link's own name, so the link is read by hand first).
std::filesystem::path followed(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
  fs::path target = fs::read_symlink(path, ec);
  if (!ec && target.is_relative()) target = path.parent_path() / target;
  return fs::weakly_canonical(ec ? path : target);
}
}  // namespace

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  namespace fs = std::filesystem;
  return fs::weakly_canonical(fs::absolute(followed(a))) ==
         fs::weakly_canonical(fs::absolute(followed(b)));
}

std::filesystem::path result_path(std::filesystem::path path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw std::runtime_error("empty output file name");
  // A symbolic link is written through: the file it points to is replaced, the link kept.
  std::error_code ec;
  path = followed(path);
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st))
    throw std::runtime_error("cannot write '" + path.string() + "': it is a directory");
  // Renaming over a device, a FIFO or a socket would replace it (as root: /dev/null itself).
  if (fs::exists(st) && !fs::is_regular_file(st))
    throw std::runtime_error("cannot write '" + path.string() +
                             "': it exists and is not a regular file (a device, FIFO or socket)");
  return path;
}

AtomicFile::AtomicFile(std::filesystem::path path) : path_(result_path(std::move(path))) {
  tmp_ = path_;
  tmp_ += ".tmp." + std::to_string(::getpid());
  f_ = std::fopen(tmp_.c_str(), "wb");
  if (f_ == nullptr)
    throw std::runtime_error("cannot write '" + path_.string() + "': " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (f_ != nullptr) std::fclose(f_);
  if (!committed_) {
    std::error_code ec;
    std::filesystem::remove(tmp_, ec);
  }
}

void AtomicFile::write(std::string_view s) {
  if (f_ == nullptr || std::fwrite(s.data(), 1, s.size(), f_) != s.size())
    throw std::runtime_error("write error on '" + tmp_.string() + "'");
}

void AtomicFile::flush() {
  if (f_ != nullptr) std::fflush(f_);
}

void AtomicFile::commit() {
  if (f_ == nullptr) throw std::runtime_error("'" + path_.string() + "' already closed");
  const bool ok = std::fflush(f_) == 0 && std::ferror(f_) == 0;
  const int rc = std::fclose(f_);
  f_ = nullptr;
  if (!ok || rc != 0) throw std::runtime_error("write error on '" + tmp_.string() + "'");
  std::error_code ec;
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) throw std::runtime_error("cannot rename onto '" + path_.string() + "': " + ec.message());
  committed_ = true;
}

}  // namespace sb
