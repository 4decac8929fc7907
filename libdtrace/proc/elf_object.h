// One ELF file's function symbols and loadable segments, read with
// libelf: what the pid provider needs to turn "module`function" into a
// file offset, and what ustack()/usym() need to turn an address back
// into "function+0xoff". It knows nothing about processes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/result.h"

namespace dtrace::proc {

struct ElfSymbol {
  std::string name;
  uint64_t vaddr = 0;  // st_value: the link-time address
  uint64_t size = 0;
};

struct ElfSegment {  // a PT_LOAD program header
  uint64_t vaddr = 0, memsz = 0, offset = 0, filesz = 0;
};

class ElfObject {
 public:
  // Reads .symtab, or .dynsym when the file is stripped.
  static Result<ElfObject> load(const std::string& path);

  bool has_symbols() const { return !syms_.empty(); }
  bool is_dynamic() const { return dynamic_; }  // ET_DYN: loaded at a bias
  uint64_t entry() const { return entry_; }
  // The file's (device, inode) when loaded: its line information is
  // found by them after the path has gone (an exited process's root).
  std::pair<uint64_t, uint64_t> file_id() const { return file_id_; }
  // Every function symbol, aliases included, sorted by name.
  const std::vector<ElfSymbol>& symbols() const { return syms_; }
  // A data object (STT_OBJECT) defined here, by name; null if none.
  const ElfSymbol* data_symbol(std::string_view name) const;
  // The function covering a link-time address (its size, or up to the
  // next symbol when the size is 0).
  const ElfSymbol* lookup(uint64_t vaddr) const;
  // Link-time address <-> file offset through the PT_LOAD headers.
  std::optional<uint64_t> file_offset(uint64_t vaddr) const;
  std::optional<uint64_t> vaddr_of(uint64_t file_offset) const;

 private:
  std::vector<ElfSymbol> syms_;
  std::vector<ElfSymbol> by_addr_;  // one name per address, the most telling
  std::vector<ElfSymbol> data_;     // data objects, sorted by name
  std::vector<ElfSegment> segs_;
  uint64_t entry_ = 0;
  std::pair<uint64_t, uint64_t> file_id_;
  bool dynamic_ = false;
};

}  // namespace dtrace::proc
