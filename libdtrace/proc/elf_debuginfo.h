// The symbols of a stripped ELF file, as distributions ship them, found
// by libdwfl (elfutils): a separate debug file (by build-id under
// /usr/lib/debug/.build-id/, or by .gnu_debuglink next to the file, in
// its .debug/ or under /usr/lib/debug), a debuginfod server's when
// DEBUGINFOD_URLS is set, else the MiniDebugInfo of Fedora and RHEL
// (.gnu_debugdata: an xz-compressed ELF holding a .symtab). The build-id
// directory is looked up under the root the file was opened through
// (/proc/PID/root/...), so a process in a container finds its own.
#pragma once

#include <gelf.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace dtrace::proc {

// Calls each(name, sym) for every symbol libdwfl has for the file at
// path, sym.st_value being the link-time address; false when it has
// none beyond the file's own .dynsym.
bool with_debug_symbols(const std::string& path,
                        const std::function<void(const char*, const GElf_Sym&)>& each);

struct SourceLine {
  std::string file;  // as the DWARF names it, its compilation directory prefixed
  int line = 0;
};

struct FileDwfl;  // one file's libdwfl session (elf_debuginfo.cc)

// The debug information of the files source lines were asked of, by
// (device, inode): the last few dozen are kept, so that later lookups
// need no path. A session has one (proc::ObjectFiles).
class DebugLines {
 public:
  DebugLines();
  ~DebugLines();  // where FileDwfl is complete

  // The source line of a link-time address in the file whose (device,
  // inode) is id, from the DWARF libdwfl finds for it as above; nullopt
  // without line information. The file is opened at the first of paths
  // that is still it.
  std::optional<SourceLine> source_line(std::pair<uint64_t, uint64_t> id,
                                        std::initializer_list<std::string> paths, uint64_t vaddr);

 private:
  std::map<std::pair<uint64_t, uint64_t>, std::unique_ptr<FileDwfl>> files_;
};

}  // namespace dtrace::proc
