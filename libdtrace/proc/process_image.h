// The objects mapped into one process, read from /proc/PID/maps, with
// their ELF symbols. Every object is a module by its file name
// ("pid-calls", "libc.so.6"), as DTrace names them; the executable also
// answers to "a.out" in probe descriptions. Serves both the
// pid provider (module`function -> file offset) and user symbolization
// (address -> module`function+0xoff).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proc/elf_object.h"
#include "proc/object_files.h"
#include "util/result.h"

namespace dtrace::proc {

struct Mapping {
  uint64_t start = 0, end = 0, offset = 0;  // offset: in the file
};

struct MappedObject {
  std::string path;       // as the process sees it ("/usr/lib/x86_64-linux-gnu/libc.so.6")
  std::string module;     // the file name: "date", "libc.so.6"
  std::string open_path;  // as this process can open it (/proc/PID/root/...)
  std::vector<Mapping> maps;
  bool executable = false;               // the process's main program
  std::shared_ptr<const ElfObject> elf;  // null when it could not be read
  // Runtime address -> link-time address, through the file offset.
  std::optional<uint64_t> to_vaddr(uint64_t addr) const;
  // Link-time address -> runtime address (the load bias of an ET_DYN
  // object, none for an ET_EXEC one).
  std::optional<uint64_t> to_runtime(uint64_t vaddr) const;
  bool contains(uint64_t addr) const;
};

struct UserAddress {  // what an address resolves to
  const MappedObject* object = nullptr;
  const ElfSymbol* symbol = nullptr;
  uint64_t offset = 0;  // from the symbol's start
};

struct DataSymbol {           // a data object by name, at its address in the process
  bool module_known = false;  // the module asked for is mapped
  bool found = false;
  std::string module;  // "a.out" or the file name
  uint64_t addr = 0;
};

class ProcessImage {
 public:
  // Reads /proc/PID/maps and the ELF file of every mapped object (from
  // the session's files when they have it).
  static Result<ProcessImage> read(pid_t pid, ObjectFiles& files);
  // Parses maps text; exe is the executable's path (readlink /proc/PID/exe).
  static ProcessImage parse(pid_t pid, const std::string& maps_text, const std::string& exe);
  // A dead process's objects (a core dump's NT_FILE mappings, in address
  // order): each read at its path here, the executable's at exe.
  using FileMaps = std::vector<std::pair<std::string, Mapping>>;
  static ProcessImage of_dump(pid_t pid, const FileMaps& maps, const std::string& exe, ObjectFiles& files);

  pid_t pid() const { return pid_; }
  const std::vector<MappedObject>& objects() const { return objects_; }
  UserAddress resolve(uint64_t addr) const;
  // A data symbol of module mod (the file name, "a.out" for the
  // executable when a_out, "" for any object: the executable first).
  DataSymbol data_symbol(std::string_view mod, std::string_view name, bool a_out) const;

 private:
  // One object per run of mappings of one path; open_root prefixes the
  // path the object is opened at.
  static ProcessImage group(pid_t pid, const FileMaps& maps, const std::string& exe,
                            const std::string& open_root);
  pid_t pid_ = 0;
  std::vector<MappedObject> objects_;
};

}  // namespace dtrace::proc
