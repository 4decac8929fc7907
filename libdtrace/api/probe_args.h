// The argument types of probes, for the compiler's args[]
// (cc::CompileOptions::probe_args). Sources, in order:
//   - the module's PROBEARG for each matched probe (stable providers,
//     USDT);
//   - fbt: the function's BTF prototype (entry: its first ten
//     parameters; return: args[0] int, args[1] the return type), from
//     vmlinux's BTF or, for a module's function, the module's split BTF
//     (/sys/kernel/btf/<module>, read once per ProbeArgTypes);
//   - pid: the function's DWARF prototype in the process's object
//     (entry: the leading integer/pointer parameters; return: args[0]
//     int, args[1] the return type), pointers as userland pointers;
//   - syscall: the syscalls:sys_enter_<name> trace event's fields from
//     tracefs (entry; pointers are userland), `long` return values
//     (return);
//   - without a device (dtrace -e): the stable providers' tables, which
//     the module's PROBEARG answers from too (known_probes.h), and fbt
//     from BTF, matched by glob.
// A probe no source describes has no arguments: args[n] stays int64_t.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cc/compiler.h"
#include "ctf/dwarf_types.h"

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::ctf {
class BtfFile;
}

namespace dtrace::api {

struct ProbeArgSources {
  // Null without a device.
  std::function<Result<std::vector<dtrace_probedesc>>(const cc::ProbeSpec&)> match;
  std::function<Result<dtrace_argdesc>(uint32_t id, uint32_t ndx)> probe_arg;
  // A process's objects as {module, path this process can open}, for
  // pid probes' prototypes from DWARF; null: pid probes stay untyped.
  std::function<std::vector<std::pair<std::string, std::string>>(int pid)> user_objects;
  std::string btf_path = "/sys/kernel/btf/vmlinux";
  ctf::BtfFiles* btf_files = nullptr;  // the session's; null: read here
  std::string tracefs = "/sys/kernel/tracing";
};

class ProbeArgTypes {
 public:
  explicit ProbeArgTypes(ProbeArgSources src) : src_(std::move(src)) {}
  Result<std::vector<cc::ProbeArgs>> describe(const cc::ProbeSpec& s);
  // One probe's arguments (dtrace -lv shows them).
  std::vector<cc::ProbeArg> of_probe(const dtrace_probedesc& d);

 private:
  std::vector<cc::ProbeArg> fbt_args(const std::string& mod, const std::string& func,
                                     const std::string& name);
  std::vector<cc::ProbeArg> syscall_args(const std::string& func, const std::string& name);
  std::vector<cc::ProbeArg> pid_args(int pid, const std::string& mod, const std::string& func,
                                     const std::string& name);
  std::vector<cc::ProbeArgs> without_device(const cc::ProbeSpec& s);
  const ctf::BtfFile* btf();
  const ctf::BtfFile* module_btf(const std::string& mod);

  ProbeArgSources src_;
  bool btf_tried_ = false;
  std::shared_ptr<const ctf::BtfFile> btf_;
  std::map<std::string, std::shared_ptr<const ctf::BtfFile>> module_btf_;  // null: none
  std::map<int, std::unique_ptr<ctf::UserTypes>> pid_types_;               // DWARF of each pid's objects
};

}  // namespace dtrace::api
