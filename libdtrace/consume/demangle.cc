#include "consume/demangle.h"

#include <cxxabi.h>
#include <libiberty/demangle.h>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace dtrace::consume {
std::string demangle(const std::string& name) {
  if (!name.starts_with("_Z") && !name.starts_with("_R")) return name;
  // Stacks repeat the same frames: each name is demangled once.
  static std::unordered_map<std::string, std::string> seen;
  auto it = seen.find(name);
  if (it != seen.end()) return it->second;
  // Rust first: its legacy names are C++ names ending in a hash, which
  // only the Rust demangler knows to leave out.
  std::unique_ptr<char, decltype(&std::free)> d(rust_demangle(name.c_str(), DMGL_PARAMS | DMGL_ANSI),
                                                &std::free);
  int status = 0;
  if (!d && name.starts_with("_Z")) d.reset(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status));
  std::string r = status == 0 && d ? std::string(d.get()) : name;
  seen.emplace(name, r);
  return r;
}

}  // namespace dtrace::consume
