// Tidy CSV output (RFC 4180 quoting) and result files written atomically.
#pragma once

#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace sb {

/// A field quoted as RFC 4180 requires: unchanged unless it holds a comma, quote, CR or LF.
std::string csv_field(std::string_view s);

/// Fields joined by commas, each quoted as needed, followed by '\n'.
std::string csv_line(const std::vector<std::string>& fields);

/// Shortest round-trip text for a double ("%.17g" trimmed), for CSV and JSON cells.
std::string format_double(double x);

/// The file a result is written to at `path`: `path` itself, or the file a symbolic link there
/// points to (a link is written through). Throws std::runtime_error when `path` is empty, a
/// directory, or exists as anything but a regular file (a device such as /dev/null, a FIFO, a
/// socket), which renaming a finished file onto it would replace.
std::filesystem::path result_path(std::filesystem::path path);

/// Whether two output names lead to one file: each made absolute, a symbolic link followed (a
/// dangling one too), and compared in canonical form ("./x.csv" and "x.csv", a link and its
/// target). Neither need exist.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

/// A file written under a temporary name beside `path` and renamed onto `path` by commit().
/// If commit() is never called (an error, an exception) the temporary file is removed, so no
/// partial result is ever left at `path`. A symbolic link is written through (its target is
/// replaced). The constructor throws std::runtime_error with a clear message when the file cannot
/// be created (missing directory, no permission) or `path` is a directory or exists as anything
/// but a regular file (a device such as /dev/null, a FIFO, a socket), which a rename would replace.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  void write(std::string_view s);  ///< append; throws std::runtime_error on a write error
  void flush();                    ///< flush to the temporary file
  void commit();                   ///< close and rename onto the final path
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::filesystem::path tmp_;
  std::FILE* f_ = nullptr;
  bool committed_ = false;
};

}  // namespace sb
