#include "usdt/elf_file.h"

#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dtrace::usdt {

ElfFile::~ElfFile() {
  if (elf_) elf_end(elf_);
  if (fd_ >= 0) close(fd_);
}

Status ElfFile::open(const std::string& path) {
  elf_version(EV_CURRENT);
  if ((fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0)
    return make_error("failed to open " + path + ": " + std::strerror(errno));
  elf_ = elf_begin(fd_, ELF_C_READ, nullptr);
  if (!elf_ || elf_kind(elf_) != ELF_K_ELF || gelf_getclass(elf_) != ELFCLASS64)
    return make_error(path + " is not a 64-bit ELF file");
  return Ok{};
}

}  // namespace dtrace::usdt
