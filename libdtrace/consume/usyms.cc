#include "consume/usyms.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "consume/demangle.h"
#include "consume/ksyms.h"
#include "consume/perf_map.h"
#include "proc/process_image.h"

namespace dtrace::consume {

// The images seen so far; a miss re-reads a live process once per
// address (a library it loaded later), never a dead one. The -c/-p
// targets stay; of other processes at most `limit` (-x pgmax) are kept,
// the least recently used one making room for a new one.
class UserSymbols::ImageCache {
 public:
  explicit ImageCache(proc::ObjectFiles& files) : files_(files) {}
  proc::UserAddress resolve(pid_t pid, uint64_t addr) {
    Entry& e = entry(pid);
    if (!e.image && !e.dead) read(pid, e);
    proc::UserAddress r = e.image ? e.image->resolve(addr) : proc::UserAddress{};
    if (!r.object && !e.dead && e.retried.insert(addr).second && read(pid, e)) r = e.image->resolve(addr);
    return r;
  }
  // A JIT frame in anonymous memory: the perf map is read at the first
  // such address, and again for an address it lacked (written since).
  const PerfMap::Symbol* jit_symbol(pid_t pid, uint64_t addr) {
    Entry& e = entry(pid);
    if (e.dead) return nullptr;
    const PerfMap::Symbol* s = e.perf ? e.perf->lookup(addr) : nullptr;
    if (!s && e.perf_retried.insert(addr).second && (e.perf = PerfMap::read(pid))) s = e.perf->lookup(addr);
    return s;
  }
  void remember(pid_t pid) {
    Entry& e = entry(pid);
    e.pinned = true;
    read(pid, e);
  }
  void adopt(proc::ProcessImage img) {
    Entry& e = entry(img.pid());
    e.pinned = e.dead = true;
    e.image = std::make_unique<proc::ProcessImage>(std::move(img));
  }
  void set_limit(size_t n) {
    limit_ = n;
    evict();
  }
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::unique_ptr<proc::ProcessImage> image;
    std::set<uint64_t> retried;
    std::optional<PerfMap> perf;
    std::set<uint64_t> perf_retried;
    bool pinned = false;
    bool dead = false;  // a dump's: never read from /proc
    uint64_t last_use = 0;
  };
  Entry& entry(pid_t pid) {
    bool fresh = !entries_.contains(pid);
    Entry& e = entries_[pid];
    e.last_use = ++clock_;
    if (fresh) evict(pid);
    return e;
  }
  // Drops the least recently used unpinned entries (but `keep`) over the limit.
  void evict(pid_t keep = -1) {
    for (;;) {
      size_t unpinned = 0;
      auto oldest = entries_.end();
      for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->second.pinned) continue;
        unpinned++;
        if (it->first != keep && (oldest == entries_.end() || it->second.last_use < oldest->second.last_use))
          oldest = it;
      }
      if (unpinned <= limit_ || oldest == entries_.end()) return;
      entries_.erase(oldest);
    }
  }
  bool read(pid_t pid, Entry& e) {
    auto img = proc::ProcessImage::read(pid, files_);
    if (!img) return false;
    e.image = std::make_unique<proc::ProcessImage>(std::move(*img));
    return true;
  }
  proc::ObjectFiles& files_;
  std::map<pid_t, Entry> entries_;
  size_t limit_ = 8;
  uint64_t clock_ = 0;
};

UserSymbols::UserSymbols()
    : own_files_(std::make_unique<proc::ObjectFiles>()),
      files_(*own_files_),
      cache_(std::make_unique<ImageCache>(files_)) {}

UserSymbols::UserSymbols(proc::ObjectFiles& files)
    : files_(files), cache_(std::make_unique<ImageCache>(files)) {}

UserSymbols::~UserSymbols() = default;

void UserSymbols::remember(pid_t pid) {
  cache_->remember(pid);
  unwinder_.remember(pid);
}

void UserSymbols::adopt(proc::ProcessImage img) { cache_->adopt(std::move(img)); }

void UserSymbols::set_process_limit(size_t n) { cache_->set_limit(n); }

size_t UserSymbols::cached_processes() const { return cache_->size(); }

// What an address is called: its module, and its function with the
// offset into it when one is known.
struct UserSymbols::FrameName {
  std::string module;  // "" when the address is in no object
  std::string function;
  uint64_t offset = 0;
};

UserSymbols::FrameName UserSymbols::frame_name(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache_->resolve(pid, addr);
  if (r.object && r.symbol)
    return {r.object->module, demangle_ ? demangled(r.symbol->name) : r.symbol->name, r.offset};
  if (r.object) return {r.object->module, "", 0};
  if (const PerfMap::Symbol* s = cache_->jit_symbol(pid, addr))
    return {PerfMap::module(pid), s->name, addr - s->start};
  return {};
}

// Stacks repeat the same frames: each name is demangled once.
const std::string& UserSymbols::demangled(const std::string& name) {
  auto it = demangled_.find(name);
  if (it == demangled_.end()) it = demangled_.emplace(name, demangle(name)).first;
  return it->second;
}

std::string UserSymbols::address(pid_t pid, uint64_t addr) {
  FrameName f = frame_name(pid, addr);
  if (f.module.empty()) return hex_address(addr);
  if (f.function.empty()) return f.module + "`" + hex_address(addr);
  std::string s = f.module + "`" + f.function;
  return f.offset ? s + "+" + hex_address(f.offset) : s;
}

std::string UserSymbols::symbol(pid_t pid, uint64_t addr) {
  FrameName f = frame_name(pid, addr);
  if (f.module.empty()) return hex_address(addr);
  return f.module + "`" + (f.function.empty() ? hex_address(addr) : f.function);
}

std::string UserSymbols::module(pid_t pid, uint64_t addr) {
  FrameName f = frame_name(pid, addr);
  return f.module.empty() ? hex_address(addr) : f.module;
}

uint64_t UserSymbols::function_start(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache_->resolve(pid, addr);
  if (r.object) return r.symbol ? addr - r.offset : addr;
  const PerfMap::Symbol* s = cache_->jit_symbol(pid, addr);
  return s ? s->start : addr;
}

uint64_t UserSymbols::module_start(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache_->resolve(pid, addr);
  if (!r.object || r.object->maps.empty()) return addr;
  uint64_t start = r.object->maps.front().start;
  for (const proc::Mapping& m : r.object->maps) start = std::min(start, m.start);
  return start;
}

std::string UserSymbols::unresolved(pid_t pid, uint64_t addr, bool function_start) {
  proc::UserAddress r = cache_->resolve(pid, addr);
  if (!r.object) return hex_address(addr);
  if (function_start && r.symbol) addr -= r.offset;
  for (const proc::Mapping& m : r.object->maps)
    if (addr >= m.start && addr < m.end) return r.object->module + ":" + hex_address(addr - m.start);
  return hex_address(addr);
}

std::optional<proc::SourceLine> UserSymbols::source_line(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache_->resolve(pid, addr);
  std::optional<uint64_t> vaddr = r.object ? r.object->to_vaddr(addr) : std::nullopt;
  // The process may have exited, its root with it, not the file.
  return vaddr ? files_.lines().source_line(r.object->elf->file_id(), {r.object->open_path, r.object->path},
                                            *vaddr)
               : std::nullopt;
}

std::string format_user_stack(UserSymbols* syms, std::span<const uint8_t> rec, uint32_t indent,
                              bool resolve) {
  if (rec.size() < 8) return "\n";
  uint64_t pid;
  std::memcpy(&pid, rec.data(), 8);
  return format_frames(rec.subspan(8), indent, [syms, pid, resolve](uint64_t pc) {
    if (!syms) return hex_address(pc);
    return resolve ? syms->address(static_cast<pid_t>(pid), pc)
                   : syms->unresolved(static_cast<pid_t>(pid), pc);
  });
}

}  // namespace dtrace::consume
