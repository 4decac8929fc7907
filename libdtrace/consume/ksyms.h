// Kernel addresses to names for stack(), sym(), mod(), printf %a/%k and
// aggregation keys: /proc/kallsyms, read once per session (api::Session
// owns the table), gives "module`symbol+0xoff" ("vmlinux" for the core
// kernel); an address no symbol covers prints as hex.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dtrace::consume {

struct KernelSymbol {
  uint64_t addr = 0;
  std::string name, module;
  char type = 'T';  // kallsyms' letter: t/T code, d/D/b/B/r/R data...
};

class KernelSymbols {
 public:
  KernelSymbols() = default;
  // A table read from the kallsyms file at path when first asked: a
  // session that never names a kernel address never reads it.
  explicit KernelSymbols(std::string path) : path_(std::move(path)) {}
  // Parses kallsyms text ("ffffffff81000000 T _stext [mod]" lines).
  void load(std::string_view kallsyms_text);
  const KernelSymbol* lookup(uint64_t addr) const;
  // "mod`sym+0xoff" (no "+0x0"), or "0x..." when unresolved.
  std::string address(uint64_t addr) const;
  std::string symbol(uint64_t addr) const;  // sym(): "mod`sym"
  std::string module(uint64_t addr) const;  // mod(): "mod"
  // Aggregation keys (agg_keys.h): the start of the symbol or of the
  // module holding addr, which names the same; addr when none does.
  uint64_t symbol_start(uint64_t addr) const;
  uint64_t module_start(uint64_t addr) const;
  // A symbol by name, code or data, for the compiler's `sym and mod`sym:
  // module "" searches vmlinux first, then the modules in kallsyms order.
  const KernelSymbol* find(std::string_view module, std::string_view name) const;
  bool has_module(std::string_view module) const;

 private:
  void read_once() const;
  std::string path_;  // "" once loaded, or when made by load()
  mutable std::once_flag read_;
  mutable std::vector<KernelSymbol> syms_;  // code and data, by address
  mutable std::vector<KernelSymbol> data_;  // absolute ones, kallsyms order
  // Each module's lowest symbol address.
  mutable std::map<std::string, uint64_t, std::less<>> module_starts_;
};

// "0x..." for an address left unresolved (kernel and user alike).
std::string hex_address(uint64_t addr);

// "\n" then one line per 8-byte frame up to the first zero, indented,
// each named by `name`: the shared layout of stack() and ustack().
std::string format_frames(std::span<const uint8_t> pcs, uint32_t indent,
                          const std::function<std::string(uint64_t)>& name);

// A stack record: "\n" then one line per non-zero frame, indented, named
// by syms; without them (null: -x noresolve) each frame is its address
// in hex.
std::string format_kernel_stack(std::span<const uint8_t> pcs, uint32_t indent, const KernelSymbols* syms);

}  // namespace dtrace::consume
