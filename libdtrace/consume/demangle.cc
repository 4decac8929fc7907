#include "consume/demangle.h"

#include <cxxabi.h>
#include <libiberty/demangle.h>

#include <cstdlib>
#include <memory>

namespace dtrace::consume {
std::string demangle(const std::string& name) {
  if (!name.starts_with("_Z") && !name.starts_with("_R")) return name;
  // Rust first: its legacy names are C++ names ending in a hash, which
  // only the Rust demangler knows to leave out.
  std::unique_ptr<char, decltype(&std::free)> d(rust_demangle(name.c_str(), DMGL_PARAMS | DMGL_ANSI),
                                                &std::free);
  int status = 0;
  if (!d && name.starts_with("_Z")) d.reset(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status));
  return status == 0 && d ? std::string(d.get()) : name;
}

}  // namespace dtrace::consume
