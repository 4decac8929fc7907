#include "consume/usyms.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include "consume/ksyms.h"
#include "proc/process_image.h"

namespace dtrace::consume {
namespace {

// The images seen so far; a miss re-reads a live process once per
// address (a library it loaded later), never a dead one. The -c/-p
// targets stay; of other processes at most `limit` (-x pgmax) are kept,
// the least recently used one making room for a new one.
class ImageCache {
 public:
  proc::UserAddress resolve(pid_t pid, uint64_t addr) {
    Entry& e = entry(pid);
    if (!e.image) read(pid, e);
    proc::UserAddress r = e.image ? e.image->resolve(addr) : proc::UserAddress{};
    if (!r.object && e.retried.insert(addr).second && read(pid, e)) r = e.image->resolve(addr);
    return r;
  }
  void remember(pid_t pid) {
    Entry& e = entry(pid);
    e.pinned = true;
    read(pid, e);
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
    bool pinned = false;
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
    auto img = proc::ProcessImage::read(pid);
    if (!img) return false;
    e.image = std::make_unique<proc::ProcessImage>(std::move(*img));
    return true;
  }
  std::map<pid_t, Entry> entries_;
  size_t limit_ = 8;
  uint64_t clock_ = 0;
};

ImageCache& cache() {
  static ImageCache c;
  return c;
}

}  // namespace

void remember_process(pid_t pid) { cache().remember(pid); }

void set_process_cache_limit(size_t n) { cache().set_limit(n); }

size_t cached_processes() { return cache().size(); }

std::string user_address(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache().resolve(pid, addr);
  if (!r.object) return hex_address(addr);
  if (!r.symbol) return r.object->module + "`" + hex_address(addr);
  std::string s = r.object->module + "`" + r.symbol->name;
  return r.offset ? s + "+" + hex_address(r.offset) : s;
}

std::string user_symbol(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache().resolve(pid, addr);
  if (!r.object) return hex_address(addr);
  if (!r.symbol) return r.object->module + "`" + hex_address(addr);
  return r.object->module + "`" + r.symbol->name;
}

std::string user_module(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache().resolve(pid, addr);
  return r.object ? r.object->module : hex_address(addr);
}

std::string format_user_stack(std::span<const uint8_t> rec, uint32_t indent, bool resolve) {
  if (rec.size() < 8) return "\n";
  uint64_t pid;
  std::memcpy(&pid, rec.data(), 8);
  return format_frames(rec.subspan(8), indent, [pid, resolve](uint64_t pc) {
    return resolve ? user_address(static_cast<pid_t>(pid), pc) : hex_address(pc);
  });
}

}  // namespace dtrace::consume
