#include "bpf/strings.h"

#include <bpf/bpf.h>

#include <bpf/libbpf.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

namespace dtrace::bpf {
namespace {

// A number from the first line of path, or dflt.
int32_t read_int(const std::string& path, int32_t dflt) {
  std::ifstream in(path);
  int32_t v = dflt;
  return in >> v ? v : dflt;
}

// D's cpuinfo_t (sched.d), the module's struct dtrace_cpuinfo
// (kernel/core/port.h).
struct CpuInfo {
  int32_t cpu_id, cpu_pset, cpu_chip, cpu_lgrp;
};

// Each CPU's cpuinfo_t (D's sched.d), as the module's
// dtrace_port_cpuinfo() fills it: the id, no processor set (-1), the
// physical package and the NUMA node (0 without one), as sysfs says.
Result<Fd> cpuinfo_map() {
  int fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_cpuinfo", 4, sizeof(CpuInfo), 1, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the curcpu map: ") + std::strerror(-fd));
  Fd map(fd);
  int n = libbpf_num_possible_cpus();
  if (n <= 0) return make_error(std::string("cannot count the CPUs: ") + std::strerror(-n));
  static_assert(sizeof(CpuInfo) % 8 == 0);
  std::vector<CpuInfo> cpus(static_cast<size_t>(n));
  for (int c = 0; c < n; c++) {
    std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(c);
    int32_t node = 0;
    for (int32_t k = 0; k < 1024; k++)
      if (std::ifstream(dir + "/node" + std::to_string(k) + "/cpumap").good()) {
        node = k;
        break;
      }
    cpus[static_cast<size_t>(c)] = {c, -1, read_int(dir + "/topology/physical_package_id", 0), node};
  }
  uint32_t zero = 0;
  if (bpf_map_update_elem(fd, &zero, cpus.data(), BPF_ANY) != 0)
    return make_error(std::string("cannot write the curcpu map: ") + std::strerror(errno));
  return map;
}

}  // namespace

namespace {

// Each clause-local id's slot: kMaxCompare bytes for a string, its
// largest by-reference variable's size (8-byte words), taken in the
// order the DIFOs name them while the element stays within kLocalsMax;
// a variable larger than its slot is refused.
LocalSlots local_slots(std::span<const DifoView> difos) {
  std::array<uint32_t, kLocalStrings> size{};
  uint32_t total = 0;
  for (const DifoView& d : difos)
    for (const dtrace_difv& v : d.vars) {
      uint32_t i = v.dtdv_id - DIF_VAR_OTHER_UBASE;
      if (v.dtdv_scope != DIFV_SCOPE_LOCAL || v.dtdv_id < DIF_VAR_OTHER_UBASE || i >= kLocalStrings) continue;
      const dtrace_diftype& t = v.dtdv_type;
      uint32_t want = 0;
      if (t.dtdt_kind == DIF_TYPE_STRING && (t.dtdt_flags & DIF_TF_BYUREF) == 0) want = kMaxCompare;
      if (t.dtdt_kind == DIF_TYPE_CTF && t.dtdt_flags == DIF_TF_BYREF) want = (t.dtdt_size + 7) & ~7u;
      if (want <= size[i] || total - size[i] + want > kLocalsMax) continue;
      total = total - size[i] + want;
      size[i] = want;
    }
  LocalSlots at{};
  for (uint32_t i = 0; i < kLocalStrings; i++) at[i + 1] = at[i] + size[i];
  return at;
}

}  // namespace

Strings layout_strings(std::span<const DifoView> difos) {
  Strings s;
  for (const DifoView& d : difos) {
    if (d.strtab.empty() || s.base.count(d.strtab.data()) != 0) continue;
    s.base[d.strtab.data()] = static_cast<uint32_t>(s.bytes.size());
    s.bytes.append(d.strtab);
    s.bytes.push_back('\0');  // a table that does not end with a NUL still ends
  }
  s.local_slots = local_slots(difos);
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

Result<Fd> create_consts_map(const Strings& s) {
  uint32_t size = static_cast<uint32_t>(s.bytes.size() < 8 ? 8 : s.bytes.size());
  int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_strings", 4, size, 1, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the string constants' map: ") + std::strerror(-fd));
  Fd consts(fd);
  std::string element = s.bytes;
  element.resize(size, '\0');
  uint32_t zero = 0;
  if (bpf_map_update_elem(fd, &zero, element.data(), BPF_ANY) != 0)
    return make_error(std::string("cannot write the string constants: ") + std::strerror(errno));
  return consts;
}

Result<StringMaps> create_string_maps(Strings& s) {
  StringMaps m;
  intern(s, kZoneName);
  auto consts = create_consts_map(s);
  if (!consts) return consts.error();
  m.consts = std::move(*consts);
  int fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_comm", 4, kCommSize, 1, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the execname map: ") + std::strerror(-fd));
  m.comm = Fd(fd);
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_strcmp", 4, kCompareElement, 1, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the string comparison map: ") + std::strerror(-fd));
  m.compare = Fd(fd);
  s.compare_fd = m.compare.get();
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_strscratch", 4, 2 * kScratchMax, 1, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the string scratch map: ") + std::strerror(-fd));
  m.scratch = Fd(fd);
  s.scratch_fd = m.scratch.get();
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_lstrings", 4, std::max(s.local_slots.back(), 8u), 1,
                      nullptr);
  if (fd < 0) return make_error(std::string("cannot create the string locals' map: ") + std::strerror(-fd));
  m.locals = Fd(fd);
  s.locals_fd = m.locals.get();
  Result<Fd> cpuinfo = cpuinfo_map();
  if (!cpuinfo.ok()) return cpuinfo.error();
  m.cpuinfo = std::move(*cpuinfo);
  s.cpuinfo_fd = m.cpuinfo.get();
  s.consts_fd = m.consts.get();
  s.comm_fd = m.comm.get();
  return m;
}

}  // namespace dtrace::bpf
