// /tmp/perf-PID.map: the symbols a JIT runtime (Node.js --perf-basic-prof,
// the JVM with perf-map-agent, LuaJIT) writes for code it generated in
// anonymous memory, one "START SIZE name" line each, START and SIZE in
// hex, as perf(1) reads them. A later line for the same start replaces
// an earlier one (the runtime reused the memory).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dtrace::consume {

class PerfMap {
 public:
  struct Symbol {
    uint64_t start = 0, size = 0;
    std::string name;
  };
  static PerfMap parse(std::string_view text);
  // Reads /proc/PID/root/tmp/perf-PID.map; nullopt when there is none.
  static std::optional<PerfMap> read(pid_t pid);
  // "perf-PID.map": the module its frames are shown in.
  static std::string module(pid_t pid);
  const Symbol* lookup(uint64_t addr) const;
  size_t size() const { return syms_.size(); }

 private:
  std::vector<Symbol> syms_;  // by start
};

}  // namespace dtrace::consume
