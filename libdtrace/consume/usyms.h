// User addresses to names for ustack(), usym()/ufunc(), umod(), uaddr()
// and printf %A: "module`function+0xoff", the module being the object's
// file name, the executable's too (DTRACE-FACTS §4.5). Every record carries its pid; the maps
// and symbols of a process are read at first sight and kept, since a
// process may exit before its records are printed.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "proc/elf_debuginfo.h"

namespace dtrace::consume {

// Reads pid's objects now (the -c/-p target, before it can exit); they
// are kept for the whole session.
void remember_process(pid_t pid);

// -x pgmax: how many other processes' objects are kept (default 8); the
// least recently used go first, and a process that has exited since
// then prints as bare addresses.
void set_process_cache_limit(size_t n);
size_t cached_processes();  // every process kept, targets included

std::string user_address(pid_t pid, uint64_t addr);  // uaddr(), stack frames
std::string user_symbol(pid_t pid, uint64_t addr);   // usym(), ufunc(): no offset
std::string user_module(pid_t pid, uint64_t addr);   // umod()
// The source file and line of addr from its object's DWARF (JSON stack
// frames); nullopt without line information.
std::optional<proc::SourceLine> user_source_line(pid_t pid, uint64_t addr);

// ustack(): pid then PCs; "\n" then one indented line per frame (its
// address in hex when resolve is false: -x noresolve).
std::string format_user_stack(std::span<const uint8_t> rec, uint32_t indent = 14, bool resolve = true);

}  // namespace dtrace::consume
