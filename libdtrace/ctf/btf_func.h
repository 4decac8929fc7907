// Kernel function prototypes from BTF, as C type names: what fbt's
// args[] are (libdtrace/api/probe_args.cc). Names are spelled so the
// compiler's arg_type() finds them: "struct file *", "unsigned int",
// a typedef's name, "void *" for function pointers. In a module's split
// BTF, the module's own typedefs are spelled as what they name (the
// compiler knows only vmlinux's); its own structs stay names the
// compiler cannot complete.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ctf/btf.h"

namespace dtrace::ctf {

struct FuncProto {
  std::string ret;                  // "void" for none
  std::vector<std::string> params;  // without a trailing `...`
};

// The prototype of kernel function `name`; nullopt when BTF has none.
std::optional<FuncProto> func_proto(const BtfFile& btf, std::string_view name);

// The C name of BTF type id (0: "void").
std::string c_type_name(const BtfFile& btf, uint32_t id);

}  // namespace dtrace::ctf
