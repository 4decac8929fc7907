// Where a stripped ELF file's full symbol table may still be found, as
// distributions ship it: a separate debug file (found by build-id under
// /usr/lib/debug/.build-id/, or by .gnu_debuglink next to the file, in
// its .debug/ or under /usr/lib/debug), else the MiniDebugInfo of Fedora
// and RHEL (.gnu_debugdata: an xz-compressed ELF holding a .symtab).
// Paths are looked up under the root the file was opened through
// (/proc/PID/root/...), so a process in a container finds its own.
#pragma once

#include <libelf.h>

#include <functional>
#include <string>

namespace dtrace::proc {

// Calls each(debug, symtab) with the SHT_SYMTAB section of the first
// source that has one; false when there is none. path is the file as
// opened, elf the open file.
bool with_debug_symtab(Elf* elf, const std::string& path, const std::function<void(Elf*, Elf_Scn*)>& each);

}  // namespace dtrace::proc
