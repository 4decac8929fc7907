// The files a session reads to name user addresses and to find user
// probes: ELF objects by (device, inode), since many processes map the
// same libc, and the DWARF line tables of the last few dozen asked of.
// One per session (api::Session): what one Handle reads is never
// another's, and no Handle sees a file as another read it.
#pragma once

#include <sys/types.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "proc/elf_debuginfo.h"
#include "proc/elf_object.h"

namespace dtrace::proc {

class ObjectFiles {
 public:
  // The ELF file at path, read at first sight; null when it cannot be.
  std::shared_ptr<const ElfObject> elf(const std::string& path);
  DebugLines& lines() { return lines_; }
  size_t size() const { return elves_.size(); }  // ELF files read so far

 private:
  std::map<std::pair<dev_t, ino_t>, std::shared_ptr<const ElfObject>> elves_;
  DebugLines lines_;
};

}  // namespace dtrace::proc
