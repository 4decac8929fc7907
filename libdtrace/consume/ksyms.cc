#include "consume/ksyms.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace dtrace::consume {
std::string hex_address(uint64_t addr) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(addr));
  return b;
}

void KernelSymbols::load(std::string_view text) {
  syms_.clear();
  data_.clear();
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::istringstream line{std::string(text.substr(pos, end - pos))};
    pos = end + 1;
    std::string addr, type, name, mod;
    if (!(line >> addr >> type >> name)) continue;
    line >> mod;
    if (type.empty()) continue;
    KernelSymbol s;
    s.addr = std::strtoull(addr.c_str(), nullptr, 16);
    s.name = name;
    s.module = mod.size() > 2 && mod.front() == '[' ? mod.substr(1, mod.size() - 2) : "vmlinux";
    s.type = type[0];
    // Code and data symbols symbolize addresses, as DTrace names them
    // (%a of &`max_pfn is vmlinux`max_pfn); absolute ones (per-CPU
    // offsets, small numbers) and those at 0 only answer names.
    if (s.addr != 0 && !std::strchr("aA", type[0])) syms_.push_back(std::move(s));
    else data_.push_back(std::move(s));
  }
  std::stable_sort(syms_.begin(), syms_.end(),
                   [](const KernelSymbol& a, const KernelSymbol& b) { return a.addr < b.addr; });
  module_starts_.clear();
  for (const KernelSymbol& s : syms_) module_starts_.try_emplace(s.module, s.addr);
}

void KernelSymbols::read_once() const {
  std::call_once(read_, [this] {
    if (path_.empty()) return;
    std::ifstream f(path_);
    std::stringstream ss;
    ss << f.rdbuf();
    const_cast<KernelSymbols*>(this)->load(ss.str());
  });
}

const KernelSymbol* KernelSymbols::lookup(uint64_t addr) const {
  read_once();
  auto it = std::upper_bound(syms_.begin(), syms_.end(), addr,
                             [](uint64_t a, const KernelSymbol& s) { return a < s.addr; });
  if (it == syms_.begin()) return nullptr;
  return &*(it - 1);
}

std::string KernelSymbols::address(uint64_t addr) const {
  const KernelSymbol* s = lookup(addr);
  if (!s) return hex_address(addr);
  std::string out = s->module + "`" + s->name;
  return addr == s->addr ? out : out + "+" + hex_address(addr - s->addr);
}

std::string KernelSymbols::symbol(uint64_t addr) const {
  const KernelSymbol* s = lookup(addr);
  return s ? s->module + "`" + s->name : hex_address(addr);
}

std::string KernelSymbols::module(uint64_t addr) const {
  const KernelSymbol* s = lookup(addr);
  return s ? s->module : hex_address(addr);
}

uint64_t KernelSymbols::symbol_start(uint64_t addr) const {
  const KernelSymbol* s = lookup(addr);
  return s ? s->addr : addr;
}

uint64_t KernelSymbols::module_start(uint64_t addr) const {
  const KernelSymbol* s = lookup(addr);
  if (!s) return addr;
  auto it = module_starts_.find(s->module);
  return it == module_starts_.end() ? addr : it->second;
}

const KernelSymbol* KernelSymbols::find(std::string_view module, std::string_view name) const {
  read_once();
  const KernelSymbol* other = nullptr;  // in a module, when module is ""
  for (const auto* v : {&syms_, &data_})
    for (const KernelSymbol& s : *v) {
      if (s.name != name || (!module.empty() && s.module != module)) continue;
      if (!module.empty() || s.module == "vmlinux") return &s;
      if (other == nullptr) other = &s;
    }
  return other;
}

bool KernelSymbols::has_module(std::string_view module) const {
  read_once();
  if (module == "vmlinux") return !syms_.empty() || !data_.empty();
  for (const auto* v : {&syms_, &data_})
    for (const KernelSymbol& s : *v)
      if (s.module == module) return true;
  return false;
}

std::string format_frames(std::span<const uint8_t> pcs, uint32_t indent,
                          const std::function<std::string(uint64_t)>& name) {
  std::string out = "\n";
  for (size_t i = 0; i + 8 <= pcs.size(); i += 8) {
    uint64_t pc;
    std::memcpy(&pc, pcs.data() + i, 8);
    if (pc == 0) break;
    out += std::string(indent, ' ') + name(pc) + "\n";
  }
  return out;
}

std::string format_kernel_stack(std::span<const uint8_t> pcs, uint32_t indent, const KernelSymbols* syms) {
  return format_frames(pcs, indent,
                       [syms](uint64_t pc) { return syms ? syms->address(pc) : hex_address(pc); });
}

}  // namespace dtrace::consume
