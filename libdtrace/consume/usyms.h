// User addresses to names for ustack(), usym()/ufunc(), umod(), uaddr()
// and printf %A: "module`function+0xoff", the module being the object's
// file name, the executable's too (DTRACE-FACTS §4.5). Every record carries its pid; the maps
// and symbols of a process are read at first sight and kept, since a
// process may exit before its records are printed. A session owns one
// UserSymbols (api::Session), so what one Handle reads or is told (-x
// pgmax, -x nodemangle) never reaches another.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>

#include "consume/ustack_unwind.h"
#include "proc/elf_debuginfo.h"
#include "proc/object_files.h"
#include "proc/process_image.h"

namespace dtrace::consume {

class UserSymbols {
 public:
  // Objects read through the session's files (api::Session), or through
  // files of its own.
  explicit UserSymbols(proc::ObjectFiles& files);
  UserSymbols();
  ~UserSymbols();
  UserSymbols(const UserSymbols&) = delete;
  UserSymbols& operator=(const UserSymbols&) = delete;

  // Reads pid's objects and maps now (the -c/-p target, before it can
  // exit); they are kept for the whole session, for its symbols and for
  // unwinding its stacks.
  void remember(pid_t pid);
  // A dead process's objects (a core dump's, doc/postmortem.md): its pid's
  // addresses are named from them for the whole session, never from a
  // live process that has the pid now.
  void adopt(proc::ProcessImage img);
  Unwinder& unwinder() { return unwinder_; }
  // -x pgmax: how many other processes' objects are kept (default 8); the
  // least recently used go first, and a process that has exited since
  // then prints as bare addresses.
  void set_process_limit(size_t n);
  size_t cached_processes() const;  // every process kept, targets included
  // Whether C++ and Rust names are demangled (default yes; -x nodemangle: no).
  void set_demangle(bool on) { demangle_ = on; }

  std::string address(pid_t pid, uint64_t addr);  // uaddr(), stack frames
  std::string symbol(pid_t pid, uint64_t addr);   // usym(), ufunc(): no offset
  std::string module(pid_t pid, uint64_t addr);   // umod()
  // Aggregation keys (agg_keys.h): the start of the function or of the
  // object holding addr, which symbol() or module() names the same;
  // addr when neither is known.
  uint64_t function_start(pid_t pid, uint64_t addr);
  uint64_t module_start(pid_t pid, uint64_t addr);
  // -x noresolve: "module:0xoff", the offset into the mapping that holds
  // the address (a function's start for usym()/ufunc(): function_start),
  // as DTrace prints it; the address in hex outside any object.
  std::string unresolved(pid_t pid, uint64_t addr, bool function_start = false);
  // The source file and line of addr from its object's DWARF (JSON stack
  // frames); nullopt without line information.
  std::optional<proc::SourceLine> source_line(pid_t pid, uint64_t addr);

 private:
  struct FrameName;
  FrameName frame_name(pid_t pid, uint64_t addr);
  const std::string& demangled(const std::string& name);
  class ImageCache;
  std::unique_ptr<proc::ObjectFiles> own_files_;  // without a session's
  proc::ObjectFiles& files_;
  std::unique_ptr<ImageCache> cache_;
  std::unordered_map<std::string, std::string> demangled_;
  Unwinder unwinder_;
  bool demangle_ = true;
};

// ustack(): pid then PCs; "\n" then one indented line per frame (as
// unresolved() prints it when resolve is false, -x noresolve; in hex
// without a session's symbols).
std::string format_user_stack(UserSymbols* syms, std::span<const uint8_t> rec, uint32_t indent = 14,
                              bool resolve = true);

}  // namespace dtrace::consume
