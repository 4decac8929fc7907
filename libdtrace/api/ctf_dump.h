// -x ctypes=file / -x dtypes=file: the compiler's types written as a CTF
// dictionary (libctf's format, readable with ctf_open or objdump --ctf
// once placed in a .ctf section). As in DTrace, the C container holds
// the intrinsic C types and C's own (here: what the compiler converted
// from kernel BTF or a target's DWARF, and tags D only names); the D
// container what D source declares (the D library's, the programs', also
// what an #include'd header declares) and D's string.
#pragma once

#include <cstdint>
#include <string>

#include "cc/types.h"
#include "util/result.h"

namespace dtrace::api {

Status write_type_container(const cc::TypeTable& types, bool c_types, uint32_t strsize,
                            const std::string& path);

}  // namespace dtrace::api
