// A dead process's memory: the core file's PT_LOAD segments, and for the
// pages a dump leaves out (a file mapping's read-only text and data),
// the mapped files themselves, as NT_FILE names them. An address in no
// segment was not mapped: reading it fails as a load of unmapped memory.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace dtrace::postmortem {

struct Segment {
  uint64_t vaddr = 0, memsz = 0;
  uint64_t offset = 0, filesz = 0;  // in the core file
};

struct MappedFile {
  uint64_t start = 0, end = 0, offset = 0;  // offset: in the file, bytes
  std::string path;
};

// A file a dump names, opened to be read: -1 unless it is a regular file
// (a dump may name a FIFO or a device, whose open or read would block).
int open_mapped_file(const char* path);

class CoreMemory {
 public:
  // data/size: the core file, mapped by the caller for the object's life.
  CoreMemory(const uint8_t* data, size_t size, std::vector<Segment> segs, std::vector<MappedFile> files);
  ~CoreMemory();
  CoreMemory(const CoreMemory&) = delete;
  CoreMemory& operator=(const CoreMemory&) = delete;

  // 0, or -EFAULT when any byte of [addr, addr + n) cannot be read.
  int read(void* dst, uint64_t addr, size_t n) const;
  const std::vector<MappedFile>& files() const { return files_; }
  // The file mapped at files()[i] is at `path` on this machine.
  void relocate(size_t i, const std::string& path);

 private:
  size_t read_some(uint8_t* dst, uint64_t addr, size_t n) const;
  size_t read_file(const MappedFile& f, uint8_t* dst, uint64_t addr, size_t n) const;
  const uint8_t* data_;
  size_t size_;
  std::vector<Segment> segs_;  // by vaddr
  std::vector<MappedFile> files_;
  mutable std::map<std::string, int> fds_;  // opened at first read, -1: cannot be
};

}  // namespace dtrace::postmortem
