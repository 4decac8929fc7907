#include "bpf/dynvars.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include <cstring>
#include <string>
#include <vector>

namespace dtrace::bpf {

Result<DynvarMaps> create_dynvar_maps(uint32_t entries, uint32_t strsize, Dynvars& d) {
  DynvarMaps m;
  int fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_dynvars", kDynKeySize, kDynValueSize,
                          entries == 0 ? 1 : entries, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the dynamic variables' map: ") + std::strerror(-fd));
  m.map = Fd(fd);
  if (strsize > 0 && strsize <= kMaxStringKey && strsize % 8 == 0) {
    fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_dynvars_str", kDynKeySize + strsize, kDynValueSize,
                        entries == 0 ? 1 : entries, nullptr);
    if (fd < 0)
      return make_error(std::string("cannot create the string-keyed variables' map: ") + std::strerror(-fd));
    m.str_map = Fd(fd);
    d.str_map_fd = m.str_map.get();
    fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_dynvars_sval", kDynKeySize, strsize,
                        entries == 0 ? 1 : entries, nullptr);
    if (fd < 0)
      return make_error(std::string("cannot create the string variables' map: ") + std::strerror(-fd));
    m.sval_map = Fd(fd);
    d.sval_map_fd = m.sval_map.get();
  }
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_dyndrops", 4, 8, 1, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the dynamic variable drops' map: ") + std::strerror(-fd));
  m.drops = Fd(fd);
  d.map_fd = m.map.get();
  d.drops_fd = m.drops.get();
  return m;
}

uint64_t dynvar_drops(const Dynvars& d) {
  int n = libbpf_num_possible_cpus();
  if (d.drops_fd < 0 || n <= 0) return 0;
  std::vector<uint64_t> per_cpu(static_cast<size_t>(n));
  uint32_t zero = 0;
  if (bpf_map_lookup_elem(d.drops_fd, &zero, per_cpu.data()) != 0) return 0;
  uint64_t sum = 0;
  for (uint64_t v : per_cpu) sum += v;
  return sum;
}

}  // namespace dtrace::bpf
