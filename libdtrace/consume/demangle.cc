#include "consume/demangle.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace dtrace::consume {
namespace {

bool g_demangle = true;

}  // namespace

std::string demangle(const std::string& name) {
  if (!name.starts_with("_Z")) return name;
  // Stacks repeat the same frames: each name is demangled once.
  static std::unordered_map<std::string, std::string> seen;
  auto it = seen.find(name);
  if (it != seen.end()) return it->second;
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status),
                                                &std::free);
  std::string r = status == 0 && d ? std::string(d.get()) : name;
  seen.emplace(name, r);
  return r;
}

void set_demangle(bool on) { g_demangle = on; }

bool demangling() { return g_demangle; }

}  // namespace dtrace::consume
