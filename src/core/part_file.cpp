// A result file written as PATH.part and renamed when complete (see part_file.hpp).
#include "core/part_file.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

#include "core/csv.hpp"

namespace sb {

namespace fs = std::filesystem;

fs::path part_path_of(const fs::path& path) {
  fs::path p = path;
  p += ".part";
  return p;
}

PartFile::PartFile(fs::path path, std::int64_t keep) : path_(result_path(std::move(path))) {
  part_ = part_path_of(path_);
  if (keep >= 0) {
    std::error_code ec;
    const auto have = fs::file_size(part_, ec);
    if (ec) throw std::runtime_error("cannot read '" + part_.string() + "': " + ec.message());
    if (have < static_cast<std::uintmax_t>(keep))
      throw std::runtime_error("'" + part_.string() + "' is shorter than its recorded " +
                               std::to_string(keep) + " bytes");
    fs::resize_file(part_, static_cast<std::uintmax_t>(keep), ec);
    if (ec) throw std::runtime_error("cannot write '" + part_.string() + "': " + ec.message());
    size_ = static_cast<std::uint64_t>(keep);
  }
  f_ = std::fopen(part_.c_str(), keep >= 0 ? "ab" : "wb");
  if (f_ == nullptr)
    throw std::runtime_error("cannot write '" + path_.string() + "': " + std::strerror(errno));
}

PartFile::~PartFile() {
  if (f_ != nullptr) std::fclose(f_);
}

void PartFile::write(std::string_view s) {
  if (f_ == nullptr || std::fwrite(s.data(), 1, s.size(), f_) != s.size())
    throw std::runtime_error("write error on '" + part_.string() + "'");
  size_ += s.size();
}

void PartFile::flush() {
  if (f_ == nullptr || std::fflush(f_) != 0 || std::ferror(f_) != 0)
    throw std::runtime_error("write error on '" + part_.string() + "'");
}

void PartFile::commit() {
  if (f_ == nullptr) throw std::runtime_error("'" + path_.string() + "' already closed");
  const bool ok = std::fflush(f_) == 0 && std::ferror(f_) == 0;
  const int rc = std::fclose(f_);
  f_ = nullptr;
  if (!ok || rc != 0) throw std::runtime_error("write error on '" + part_.string() + "'");
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
