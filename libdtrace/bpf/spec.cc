#include "bpf/spec.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include <algorithm>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>

namespace dtrace::bpf {

Result<SpecMaps> create_spec_maps(uint32_t nspec, uint64_t specsize, Specs& s) {
  SpecMaps m;
  uint32_t ids = nspec == 0 ? 1 : std::min(nspec, kMaxSpecs);
  // the ids' words; speculation()'s failures (unavailable, busy) per CPU
  for (auto [fd, per_cpu] : {std::pair{&m.map, false}, std::pair{&m.drops, true}}) {
    int r = bpf_map_create(per_cpu ? BPF_MAP_TYPE_PERCPU_ARRAY : BPF_MAP_TYPE_ARRAY,
                           per_cpu ? "dt_specdrops" : "dt_specs", 4, per_cpu ? 16 : kSpecStride * ids, 1,
                           nullptr);
    if (r < 0) return make_error(std::string("cannot create the speculations' maps: ") + std::strerror(-r));
    *fd = Fd(r);
  }
  s.map_fd = m.map.get();
  s.drops_fd = m.drops.get();
  s.nspec = nspec;
  s.size = specsize;
  return m;
}

void spec_unavail(const Specs& s, uint64_t* unavail, uint64_t* busy) {
  *unavail = *busy = 0;
  int n = libbpf_num_possible_cpus();
  if (s.drops_fd < 0 || n <= 0) return;
  std::vector<uint64_t> per_cpu(2 * static_cast<size_t>(n));
  uint32_t zero = 0;
  if (bpf_map_lookup_elem(s.drops_fd, &zero, per_cpu.data()) != 0) return;
  for (size_t c = 0; c < static_cast<size_t>(n); c++) {
    *unavail += per_cpu[2 * c];
    *busy += per_cpu[2 * c + 1];
  }
}

// The record at the time it reaches the principal buffer, its pad
// cleared, as the module's restamp().
void SpecDrain::restamp(const Put& put, uint32_t cpu, const uint8_t* rec, size_t size) {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);  // BPF_FUNC_ktime_get_ns's clock
  uint64_t now = static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
  rec_.assign(rec, rec + size);
  std::memset(&rec_[4], 0, 4);
  std::memcpy(&rec_[8], &now, 8);
  put(cpu, rec_.data(), size);
}

bool SpecDrain::take(const uint8_t* rec, size_t size, const Put& put) {
  uint32_t epid = 0, pad = 0;
  uint64_t word = 0;
  std::memcpy(&epid, rec, 4);
  std::memcpy(&pad, rec + 4, 4);
  std::memcpy(&word, rec + 8, 8);
  bool marker = epid == kSpecCommitEpid || epid == kSpecDiscardEpid;
  if (!marker && (pad & kSpecPadFlag) == 0) return false;
  uint32_t id = static_cast<uint32_t>(word & 0xff), cpu = pad & ~kSpecPadFlag;
  uint64_t gen = word >> 8;
  Id& s = ids_[id];
  if (marker) {
    bool commit = epid == kSpecCommitEpid;
    if (s.gen == gen && !s.ended && commit) {
      for (size_t off = 0; off < s.data.size();) {
        uint64_t len = 0;
        std::memcpy(&len, &s.data[off], 8);
        restamp(put, cpu, &s.data[off + 8], len);  // into the committing CPU's buffer, as the module's
        off += 8 + len;
      }
    }
    uint64_t drops = 0;  // a generation whose every record was dropped has drops too
    if (commit && size >= kSpecMarkerSize) std::memcpy(&drops, rec + 16, 8);
    drops_ += drops;
    s.gen = gen;
    s.data.clear();
    s.ended = true;
    s.committed = commit;
    return true;
  }
  if (s.gen == gen && s.ended) {  // written while ACTIVE, reached the ring after the end
    if (s.committed) restamp(put, cpu, rec, size);
    return true;
  }
  if (s.gen != gen || s.ended) {  // a new generation
    s.gen = gen;
    s.data.clear();
    s.ended = false;
  }
  uint64_t len = size;
  const auto* l = reinterpret_cast<const uint8_t*>(&len);
  s.data.insert(s.data.end(), l, l + 8);
  s.data.insert(s.data.end(), rec, rec + size);
  return true;
}

}  // namespace dtrace::bpf
