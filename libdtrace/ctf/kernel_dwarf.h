// KernelDwarf: the running kernel's DWARF, for the one thing BTF leaves
// out: the types of its global variables (`max_pfn, vmlinux`nr_cpu_ids,
// `init_task). Kernels before BTF's global-variable support (6.1, 6.12
// as Debian builds them) describe only per-CPU variables in BTF; their
// other variables have types only in the vmlinux of the distribution's
// debug-info package. That file is large (about 600 MB), so it is
// opened only when a program names such a variable, and only if its
// build ID is the running kernel's.
//
// A variable's type comes back as its shape: the named type it is built
// on (a struct, union, enum, typedef or integer) under pointers and
// arrays. KernelTypes resolves the name through BTF, so the variable's
// struct task_struct is the one every other kernel type refers to.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dtrace::ctf {

struct VariableShape {
  enum class Base { Integer, Char, Struct, Union, Enum, Typedef, Void };
  Base base = Base::Void;
  std::string name;   // tag or typedef name (Struct..Typedef)
  uint32_t size = 0;  // Integer: bytes
  bool is_signed = false;
  // Outermost last: "char *a[4]" is {Char; pointer, array 4}. An entry
  // is 0 for a pointer, else 1 + an array's element count.
  std::vector<uint64_t> wrappers;
};

class KernelDwarf {
 public:
  ~KernelDwarf();
  KernelDwarf(const KernelDwarf&) = delete;
  KernelDwarf& operator=(const KernelDwarf&) = delete;

  // The running kernel's debug vmlinux from the places distributions
  // install it (see candidates()), or null when none is there or its
  // build ID is not the running kernel's.
  static std::unique_ptr<KernelDwarf> open_running();
  // The file at path, whatever kernel it is for (tests).
  static std::unique_ptr<KernelDwarf> open_file(const std::string& path);
  // Where the debug vmlinux of kernel release may be, most usual first.
  static std::vector<std::string> candidates(const std::string& release);

  // The defining declaration's type of global variable name; nothing
  // when there is none or its type cannot be named from BTF (an
  // anonymous struct).
  std::optional<VariableShape> variable(const std::string& name);

 private:
  KernelDwarf() = default;
  bool open(const std::string& path);
  struct State;
  std::unique_ptr<State> s_;
};

// What the user can do when a kernel variable has no type: the text
// after DTrace's "No type information available for symbol".
std::string kernel_debuginfo_hint();

}  // namespace dtrace::ctf
