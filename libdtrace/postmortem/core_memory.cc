#include "postmortem/core_memory.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace dtrace::postmortem {

int open_mapped_file(const char* path) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat sb {};
  if (fd >= 0 && (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))) {
    ::close(fd);
    fd = -1;
  }
  return fd;
}

CoreMemory::CoreMemory(const uint8_t* data, size_t size, std::vector<Segment> segs,
                       std::vector<MappedFile> files)
    : data_(data), size_(size), segs_(std::move(segs)), files_(std::move(files)) {
  std::sort(segs_.begin(), segs_.end(), [](const Segment& a, const Segment& b) { return a.vaddr < b.vaddr; });
}

CoreMemory::~CoreMemory() {
  for (auto& [path, fd] : fds_)
    if (fd >= 0) ::close(fd);
}

void CoreMemory::relocate(size_t i, const std::string& path) {
  if (i < files_.size()) files_[i].path = path;
}

// Bytes of the mapped file f at addr (f maps addr), up to n.
size_t CoreMemory::read_file(const MappedFile& f, uint8_t* dst, uint64_t addr, size_t n) const {
  auto [it, fresh] = fds_.try_emplace(f.path, -1);
  if (fresh) it->second = open_mapped_file(f.path.c_str());
  if (it->second < 0) return 0;
  n = static_cast<size_t>(std::min<uint64_t>(n, f.end - addr));
  ssize_t got = ::pread(it->second, dst, n, static_cast<off_t>(f.offset + (addr - f.start)));
  return got > 0 ? static_cast<size_t>(got) : 0;
}

// Bytes at addr from one segment or file, up to n; 0 when none can be read.
size_t CoreMemory::read_some(uint8_t* dst, uint64_t addr, size_t n) const {
  auto it = std::upper_bound(segs_.begin(), segs_.end(), addr,
                             [](uint64_t a, const Segment& s) { return a < s.vaddr; });
  if (it == segs_.begin()) return 0;
  const Segment& s = *--it;
  uint64_t off = addr - s.vaddr;
  if (off >= s.memsz) return 0;
  if (off < s.filesz && s.offset + s.filesz <= size_) {
    size_t k = static_cast<size_t>(std::min<uint64_t>(n, s.filesz - off));
    std::memcpy(dst, data_ + s.offset + off, k);
    return k;
  }
  // Left out of the dump: the file mapped there, if any, holds it.
  uint64_t seg_left = s.memsz - off;
  for (const MappedFile& f : files_)
    if (addr >= f.start && addr < f.end)
      return read_file(f, dst, addr, static_cast<size_t>(std::min<uint64_t>(n, seg_left)));
  return 0;
}

int CoreMemory::read(void* dst, uint64_t addr, size_t n) const {
  auto* out = static_cast<uint8_t*>(dst);
  while (n > 0) {
    size_t k = read_some(out, addr, n);
    if (k == 0) return -EFAULT;
    out += k;
    addr += k;
    n -= k;
  }
  return 0;
}

}  // namespace dtrace::postmortem
