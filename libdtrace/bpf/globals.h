// Where a program's global scalar variables live under the bpf backend:
// one BPF array map with a single element, eight bytes a variable, the
// module's DTRACE_VK_VALUE storage (a whole 64-bit register, zero until
// stored). Laid out once per program from every DIFO's variable table,
// since all clauses share the globals.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <span>

#include "bpf/difo_view.h"
#include "util/result.h"

namespace dtrace::bpf {

struct Globals {
  int map_fd = -1;                    // the array map; set by whoever creates it
  std::map<uint16_t, int16_t> slot;   // variable id -> byte offset in the element
  std::set<uint16_t> strings;         // the ids of string variables (strsize bytes)
  std::map<uint16_t, uint32_t> refs;  // by-reference variables other than strings: id -> size
  uint32_t strsize = 0;               // their size
  uint32_t bytes = 0;                 // the element's size
  // The by-reference variables (strings and refs), after the scalars:
  // the module's gstore, where stores through a pointer may go.
  uint32_t ref_base = 0, ref_bytes = 0;
  uint32_t size() const { return bytes; }
};

// Gives every global scalar the DIFOs reference a slot, and with a
// strsize (a multiple of 8) every global string strsize bytes, its
// string (the module's by-reference global, "" until stored), and every
// by-reference global of a C type (a structure, a union, an array) its
// size rounded up to 8, zero until stored, as the module's gstore;
// refuses the ones the bpf backend cannot hold (user by-reference types).
Result<Globals> layout_globals(std::span<const DifoView> difos, uint32_t strsize = 0);

}  // namespace dtrace::bpf
