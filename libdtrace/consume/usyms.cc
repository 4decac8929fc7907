#include "consume/usyms.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include "proc/process_image.h"

namespace dtrace::consume {
namespace {

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

// The images seen so far; a miss re-reads a live process once per
// address (a library it loaded later), never a dead one.
class ImageCache {
 public:
  proc::UserAddress resolve(pid_t pid, uint64_t addr) {
    Entry& e = entries_[pid];
    if (!e.image) read(pid, e);
    proc::UserAddress r = e.image ? e.image->resolve(addr) : proc::UserAddress{};
    if (!r.object && e.retried.insert(addr).second && read(pid, e)) r = e.image->resolve(addr);
    return r;
  }
  void remember(pid_t pid) { read(pid, entries_[pid]); }

 private:
  struct Entry {
    std::unique_ptr<proc::ProcessImage> image;
    std::set<uint64_t> retried;
  };
  bool read(pid_t pid, Entry& e) {
    auto img = proc::ProcessImage::read(pid);
    if (!img) return false;
    e.image = std::make_unique<proc::ProcessImage>(std::move(*img));
    return true;
  }
  std::map<pid_t, Entry> entries_;
};

ImageCache& cache() {
  static ImageCache c;
  return c;
}

}  // namespace

void remember_process(pid_t pid) { cache().remember(pid); }

std::string user_address(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache().resolve(pid, addr);
  if (!r.object) return hex(addr);
  if (!r.symbol) return r.object->module + "`" + hex(addr);
  std::string s = r.object->module + "`" + r.symbol->name;
  return r.offset ? s + "+" + hex(r.offset) : s;
}

std::string user_symbol(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache().resolve(pid, addr);
  if (!r.object) return hex(addr);
  if (!r.symbol) return r.object->module + "`" + hex(addr);
  return r.object->module + "`" + r.symbol->name;
}

std::string user_module(pid_t pid, uint64_t addr) {
  proc::UserAddress r = cache().resolve(pid, addr);
  return r.object ? r.object->module : hex(addr);
}

std::string format_user_stack(std::span<const uint8_t> rec, uint32_t indent) {
  std::string out = "\n";
  if (rec.size() < 8) return out;
  uint64_t pid;
  std::memcpy(&pid, rec.data(), 8);
  for (size_t i = 8; i + 8 <= rec.size(); i += 8) {
    uint64_t pc;
    std::memcpy(&pc, rec.data() + i, 8);
    if (pc == 0) break;
    out += std::string(indent, ' ') + user_address(static_cast<pid_t>(pid), pc) + "\n";
  }
  return out;
}

}  // namespace dtrace::consume
