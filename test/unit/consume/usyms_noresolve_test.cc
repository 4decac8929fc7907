// -x noresolve: user addresses print as "module:0xoff", the offset into
// the mapping that holds them (a function's start for usym()), and in
// hex outside any mapped file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "consume/usyms.h"

// A function of this executable, with a symbol of its own.
extern "C" __attribute__((noinline)) int noresolve_probe_target(int a) { return a * 3 + 1; }

namespace dtrace::consume {
namespace {

// The start of the line of /proc/self/maps that holds addr.
uint64_t mapping_start(uint64_t addr) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    uint64_t lo = std::stoull(line, nullptr, 16);
    uint64_t hi = std::stoull(line.substr(line.find('-') + 1), nullptr, 16);
    if (addr >= lo && addr < hi) return lo;
  }
  return 0;
}

std::string hex(uint64_t v) {
  std::ostringstream o;
  o << "0x" << std::hex << v;
  return o.str();
}

TEST(UserSymbols, NoresolveNamesTheObjectAndTheOffsetInItsMapping) {
  UserSymbols syms;
  auto fn = reinterpret_cast<uint64_t>(&noresolve_probe_target);
  uint64_t start = mapping_start(fn);
  ASSERT_NE(start, 0u);
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  ASSERT_GT(n, 0);
  std::string name(exe, static_cast<size_t>(n));
  name = name.substr(name.rfind('/') + 1);
  pid_t self = getpid();
  EXPECT_EQ(syms.unresolved(self, fn + 2), name + ":" + hex(fn + 2 - start));
  // usym(): the function's start, found by its symbol
  EXPECT_EQ(syms.unresolved(self, fn + 2, true), name + ":" + hex(fn - start));
  int on_stack = 0;
  auto stack = reinterpret_cast<uint64_t>(&on_stack);  // [stack]: no file
  EXPECT_EQ(syms.unresolved(self, stack), hex(stack));
  EXPECT_EQ(noresolve_probe_target(1), 4);
}

}  // namespace
}  // namespace dtrace::consume
