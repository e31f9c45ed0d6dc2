// A result file that keeps its work: written as PATH.part, appended to and flushed one record at
// a time, and renamed onto PATH once complete. A process stopped early (Ctrl-C, a kill, a full
// disk) leaves PATH.part holding every record flushed so far, which a later run carries on from a
// length it knows to be whole (a record cut by the stop is dropped then). Nothing partial is ever
// left at PATH itself.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string_view>

namespace sb {

class PartFile {
 public:
  /// The file for `path` (a symbolic link is written through; see result_path). With
  /// keep < 0, starts PATH.part afresh (an existing one is emptied); with keep >= 0, carries
  /// PATH.part on: cuts it to its first `keep` bytes and appends after them (throws when it is
  /// shorter). PATH.part stays locked (flock) while this object has it open, and a file that
  /// another process has locked is refused untouched. Throws std::runtime_error with a clear
  /// message when the file cannot be written.
  explicit PartFile(std::filesystem::path path, std::int64_t keep = -1);
  PartFile(const PartFile&) = delete;
  PartFile& operator=(const PartFile&) = delete;
  ~PartFile();  ///< closes PATH.part and keeps it, unless committed or discarded

  void write(std::string_view s);  ///< append; throws std::runtime_error on a write error
  /// Flushes what was written to the file (so that a kill keeps it); throws on a write error.
  void flush();
  /// Bytes in PATH.part so far (whole records when called after flush()).
  std::uint64_t size() const { return size_; }
  void commit();   ///< closes PATH.part and renames it onto PATH
  void discard();  ///< closes and removes PATH.part (a run that did no work)

  const std::filesystem::path& path() const { return path_; }
  const std::filesystem::path& part_path() const { return part_; }

 private:
  std::filesystem::path path_, part_;
  std::FILE* f_ = nullptr;
  std::uint64_t size_ = 0;
};

/// PATH.part, the name under which the result file PATH is written until it is complete.
std::filesystem::path part_path_of(const std::filesystem::path& path);

}  // namespace sb
