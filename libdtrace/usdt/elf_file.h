// A 64-bit ELF file opened read-only with libelf, closed with its
// owner: shared by the readers of an object's stapsdt notes and of its
// drti site records.
#pragma once

#include <libelf.h>

#include <string>

#include "util/result.h"

namespace dtrace::usdt {

class ElfFile {
 public:
  ElfFile() = default;
  ElfFile(const ElfFile&) = delete;
  ElfFile& operator=(const ElfFile&) = delete;
  ~ElfFile();

  // Fails, naming path, for a file that cannot be opened or is not a
  // 64-bit ELF file.
  Status open(const std::string& path);
  Elf* elf() const { return elf_; }

 private:
  int fd_ = -1;
  Elf* elf_ = nullptr;
};

}  // namespace dtrace::usdt
