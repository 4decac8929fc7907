#include "bpf/strings.h"

#include <bpf/bpf.h>

#include <cerrno>
#include <cstring>

namespace dtrace::bpf {

Strings layout_strings(std::span<const DifoView> difos) {
  Strings s;
  for (const DifoView& d : difos) {
    if (d.strtab.empty() || s.base.count(d.strtab.data()) != 0) continue;
    s.base[d.strtab.data()] = static_cast<uint32_t>(s.bytes.size());
    s.bytes.append(d.strtab);
    s.bytes.push_back('\0');  // a table that does not end with a NUL still ends
  }
  return s;
}

uint32_t intern(Strings& s, const std::string& str) {
  auto [it, added] = s.named.try_emplace(str, static_cast<uint32_t>(s.bytes.size()));
  if (added) {
    s.bytes.append(str);
    s.bytes.push_back('\0');
  }
  return it->second;
}

Result<StringMaps> create_string_maps(Strings& s) {
  StringMaps m;
  uint32_t size = static_cast<uint32_t>(s.bytes.size() < 8 ? 8 : s.bytes.size());
  int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_strings", 4, size, 1, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the string constants' map: ") + std::strerror(-fd));
  m.consts = Fd(fd);
  std::string element = s.bytes;
  element.resize(size, '\0');
  uint32_t zero = 0;
  if (bpf_map_update_elem(fd, &zero, element.data(), BPF_ANY) != 0)
    return make_error(std::string("cannot write the string constants: ") + std::strerror(errno));
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_comm", 4, kCommSize, 1, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the execname map: ") + std::strerror(-fd));
  m.comm = Fd(fd);
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_strcmp", 4, 2 * kCompareBuf, 1, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the string comparison map: ") + std::strerror(-fd));
  m.compare = Fd(fd);
  s.compare_fd = m.compare.get();
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_strscratch", 4, 2 * kScratchMax, 1, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the string scratch map: ") + std::strerror(-fd));
  m.scratch = Fd(fd);
  s.scratch_fd = m.scratch.get();
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_lstrings", 4, kLocalStrings * kMaxCompare, 1, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the string locals' map: ") + std::strerror(-fd));
  m.locals = Fd(fd);
  s.locals_fd = m.locals.get();
  s.consts_fd = m.consts.get();
  s.comm_fd = m.comm.get();
  return m;
}

}  // namespace dtrace::bpf
