// The probe-site records (section dtrace_usdt_sites, usdt/dtrace_sdt.h)
// of a linked executable or shared object, read from the file as drti
// reads them in memory: where the module takes drti's registration,
// the consumer of a backend without it (bpf) makes the same probes
// from the same records. Their pointers are link-time addresses, taken
// through the file's dynamic relocations (R_X86_64_RELATIVE in PIE and
// shared objects) as the dynamic linker resolves them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/result.h"

namespace dtrace::usdt {

struct DrtiSite {
  uint64_t pc = 0;                   // the site's nop, link-time address
  uint64_t semaphore = 0;            // link-time address, or 0
  std::string func, provider, name;  // name as written: "query__start"
  std::string argtypes;              // ';'-separated, or ""
  uint64_t nargs = 0;
};

// Every record of path's dtrace_usdt_sites (none when it has none); an
// error for a file that is not a 64-bit ELF file or whose records point
// outside it.
Result<std::vector<DrtiSite>> read_drti_sites(const std::string& path);

}  // namespace dtrace::usdt
