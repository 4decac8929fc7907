// The .note.stapsdt notes of an ELF file (executable, shared object or
// relocatable object), read with libelf, and their x86-64 argument
// specs ("-4@%eax", "8@-80(%rbx)", "8@$5") turned into the module's
// dtrace_uarg locations. Used by dtrace -G (checking objects against
// provider definitions) and by the stapsdt probe creator.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dtrace/ioctl.h"
#include "util/result.h"

namespace dtrace::usdt {

struct StapsdtNote {
  std::string provider, name;  // name as in the note: "function__entry"
  std::string args;            // the argument specs, space-separated
  uint64_t pc = 0;             // link-time address, adjusted for .stapsdt.base
  uint64_t semaphore = 0;      // link-time address (adjusted), or 0
};

// The section -G -x lazyload adds (non-allocated, one byte): drti's
// constructor was left out, so the file's probes come from its notes.
inline constexpr char kLazyloadSection[] = "dtrace_usdt_lazy";

struct StapsdtFile {
  std::vector<StapsdtNote> notes;  // every stapsdt note (none is not an error)
  // Linked with drti (has dtrace_usdt_sites) and not -G -x lazyload.
  bool registers_itself = false;
};

Result<StapsdtFile> read_stapsdt_notes(const std::string& path);

// Number of argument specs in a note's args.
size_t count_arg_specs(std::string_view args);

// One spec per argument; an error names a spec this tracer cannot read
// (an indexed memory operand, a symbol, a high-byte register).
Result<std::vector<dtrace_uarg>> parse_arg_specs(std::string_view args);

}  // namespace dtrace::usdt
