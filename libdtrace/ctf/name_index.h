// NameIndex: a name -> type id table, built once per BTF file and then
// only read. Open addressing in one flat array (no allocation per name):
// vmlinux has some 100,000 named types and enumerators, and a node-based
// map spent most of dtrace's start-up allocating, hashing into and, at
// exit, freeing them. The first id inserted under a name wins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace dtrace::ctf {

class NameIndex {
 public:
  void insert(std::string_view name, uint32_t id) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    size_t h = hash(name);
    Slot& s = slots_[slot_of(slots_, name, h)];
    if (s.id != 0) return;
    s = {name, id, static_cast<uint32_t>(h)};
    used_++;
  }
  uint32_t find(std::string_view name) const {
    return slots_.empty() ? 0 : slots_[slot_of(slots_, name, hash(name))].id;
  }
  size_t size() const { return used_; }
  // Every (name, id), in no particular order.
  template <typename F>
  void for_each(F f) const {
    for (const Slot& s : slots_)
      if (s.id != 0) f(s.name, s.id);
  }

 private:
  struct Slot {
    std::string_view name;
    uint32_t id = 0;    // 0: empty (type id 0 is void, never indexed)
    uint32_t hash = 0;  // the name's, kept so that growing rehashes nothing
  };

  static size_t hash(std::string_view name) { return std::hash<std::string_view>{}(name); }

  // The slot holding name, or the empty one where it would go.
  static size_t slot_of(const std::vector<Slot>& slots, std::string_view name, size_t h) {
    size_t mask = slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask)
      if (slots[i].id == 0 || (slots[i].hash == static_cast<uint32_t>(h) && slots[i].name == name)) return i;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    for (const Slot& s : old)
      if (s.id != 0) {
        size_t mask = slots_.size() - 1, i = s.hash & mask;
        while (slots_[i].id != 0) i = (i + 1) & mask;
        slots_[i] = s;
      }
  }

  std::vector<Slot> slots_;  // a power of two long, at most half full
  size_t used_ = 0;
};

}  // namespace dtrace::ctf
