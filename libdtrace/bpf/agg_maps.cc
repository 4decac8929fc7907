#include "bpf/agg_maps.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

extern "C" {
#include "dtrace/buf.h"
#include "dtrace/ustack.h"
}

#include "bpf/quiesce.h"

namespace dtrace::bpf {
namespace {

// The most entries a map holds.
constexpr uint64_t kMaxEntries = 1u << 20;
// Keyless aggregations with an array of their own (a program may use
// only 64 maps; the others share the hashes).
constexpr size_t kMaxArrays = 16;

Result<Fd> make_map(bpf_map_type type, const char* name, uint32_t key, uint32_t value, uint32_t entries,
                    uint32_t flags = 0) {
  LIBBPF_OPTS(bpf_map_create_opts, opts);
  opts.map_flags = flags;
  int fd = bpf_map_create(type, name, key, value, entries, &opts);
  if (fd < 0) return make_error(std::string("cannot create the bpf map ") + name + ": " + std::strerror(-fd));
  return Fd(fd);
}

}  // namespace

Result<AggMaps> AggMaps::create() {
  AggMaps m;
  auto gen = make_map(BPF_MAP_TYPE_ARRAY, "dt_agggen", 4, 8, 1);
  if (!gen) return gen.error();
  auto drops = make_map(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_aggdrops", 4, 8, 1);
  if (!drops) return drops.error();
  auto used = make_map(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_aggused", 4, 8, 2);
  if (!used) return used.error();
  m.used_ = std::move(*used);
  m.gen_ = std::move(*gen);
  m.drops_ = std::move(*drops);
  return m;
}

Status AggMaps::add(AggCode& a, uint64_t aggsize) {
  aggsize_ = aggsize;
  if (a.agg.keylen == 0 && arrays_.size() < kMaxArrays) {
    auto map = make_map(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_agg1", 4, 8 + a.agg.valsize, 2);
    if (!map) return map.error();
    a.map = map->get();
    a.array = true;
    arrays_.push_back({std::move(*map), a.agg.id, a.agg.valsize});
    return Ok{};
  }
  const uint64_t entries =
      std::clamp<uint64_t>(2 * (aggsize / (8 + a.agg.keylen + a.agg.valsize)), 2, kMaxEntries);
  auto map = hash(map_keylen(a), a.agg.valsize, entries);
  if (!map) return map.error();
  a.map = (*map)->map.get();
  if (agg_short_keys(a) && key_holes(a).empty()) {
    auto shorter = hash(kShortKey, a.agg.valsize, entries);
    if (!shorter) return shorter.error();
    a.short_map = (*shorter)->map.get();
    shorts_[a.agg.id] = a.agg.keylen;
  }
  return add_blocks(a, **map);
}

Result<AggMaps::One*> AggMaps::hash(uint32_t keylen, uint32_t valsize, uint64_t entries) {
  auto it = maps_.find({keylen, valsize});
  if (it != maps_.end()) return &it->second;
  uint32_t value = 8 + valsize;
  auto map = make_map(BPF_MAP_TYPE_PERCPU_HASH, "dt_agg", 8 + keylen, value, static_cast<uint32_t>(entries));
  if (!map) return map.error();
  if (value > zeros_size_) {
    auto zeros = make_map(BPF_MAP_TYPE_ARRAY, "dt_aggzeros", 4, value, 1);
    if (!zeros) return zeros.error();
    zeros_ = std::move(*zeros);
    zeros_size_ = value;
  }
  return &maps_
              .emplace(std::pair{keylen, valsize},
                       One{std::move(*map), keylen, valsize, static_cast<uint32_t>(entries)})
              .first->second;
}

Status AggMaps::add_blocks(AggCode& a, const One& o) {
  KeyHoles holes = key_holes(a);
  if (holes.empty()) return Ok{};
  auto it = holes_.find(a.agg.id);
  if (it == holes_.end()) {
    // As many as the entries of its map.
    auto blocks = make_map(BPF_MAP_TYPE_HASH, "dt_aggblocks", 8 + o.keylen, hole_bytes(holes), o.entries);
    if (!blocks) return blocks.error();
    if (stage_.get() < 0) {
      auto stage = make_map(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_aggstage", 4, kUstackStage, 1);
      if (!stage) return stage.error();
      stage_ = std::move(*stage);
    }
    it = holes_.emplace(a.agg.id, Holed{std::move(holes), a.agg.keylen, std::move(*blocks)}).first;
  }
  a.blocks = it->second.blocks.get();
  return Ok{};
}

// The key records of an aggregation with holes: each digest replaced by
// the stack bytes kept for the key; where none were kept (a firing that
// raced the snapshot), the block zero, as one without a user context.
void AggMaps::restore(const Holed& h, const std::vector<uint8_t>& key, std::vector<uint8_t>& whole) {
  std::vector<uint8_t> bytes(hole_bytes(h.holes));
  bool kept = bpf_map_lookup_elem(h.blocks.get(), key.data(), bytes.data()) == 0;
  if (kept) bpf_map_delete_elem(h.blocks.get(), key.data());
  uint32_t stage = 0;
  for (const KeyHole& x : h.holes) {
    if (x.off < sizeof(dtrace_ustack_regs) || x.off + kUstackDigest > whole.size()) break;
    auto at = whole.begin() + x.off;
    if (!kept) std::fill(at - sizeof(dtrace_ustack_regs), at, uint8_t{0});
    at = whole.erase(at, at + kUstackDigest);
    whole.insert(at, bytes.begin() + stage, bytes.begin() + stage + x.len);
    stage += x.len;
  }
}

Status AggMaps::read_one(const One& o, uint32_t gen, std::vector<std::vector<uint8_t>>& out) {
  const uint32_t ksize = 8 + o.keylen, vsize = 8 + o.valsize;
  int ncpus = static_cast<int>(out.size());
  std::vector<uint8_t> key(ksize), next(ksize), values(static_cast<size_t>(ncpus) * ((vsize + 7) & ~7u));
  std::vector<std::vector<uint8_t>> old;
  const void* prev = nullptr;
  while (bpf_map_get_next_key(o.map.get(), prev, next.data()) == 0) {
    uint32_t g;
    std::memcpy(&g, next.data(), 4);
    if (g == gen) old.push_back(next);
    key.swap(next);
    prev = key.data();
  }
  dtrace_aggent ent{0, 8 + o.keylen + o.valsize};
  std::vector<uint8_t> whole;
  for (const auto& k : old) {
    std::memcpy(&ent.dtae_aggid, k.data() + 4, 4);
    ent.dtae_size = 8 + o.keylen + o.valsize;
    // The key records, the holes' stack bytes put back.
    whole.assign(k.begin() + 8, k.end());
    if (auto h = holes_.find(ent.dtae_aggid); h != holes_.end()) {
      restore(h->second, k, whole);
      ent.dtae_size = 8 + h->second.keylen + o.valsize;
    }
    // A short key's string: the zeros after it put back.
    if (auto s = shorts_.find(ent.dtae_aggid); s != shorts_.end() && s->second > o.keylen) {
      whole.resize(s->second, 0);
      ent.dtae_size = 8 + s->second + o.valsize;
    }
    if (bpf_map_lookup_elem(o.map.get(), k.data(), values.data()) != 0) continue;
    for (int cpu = 0; cpu < ncpus; cpu++) {
      const uint8_t* v = values.data() + static_cast<size_t>(cpu) * ((vsize + 7) & ~7u);
      uint64_t set;
      std::memcpy(&set, v, 8);
      if (set == 0) continue;
      const auto* e = reinterpret_cast<const uint8_t*>(&ent);
      std::vector<uint8_t>& to = out[static_cast<size_t>(cpu)];
      to.insert(to.end(), e, e + sizeof(ent));
      to.insert(to.end(), whole.begin(), whole.end());
      to.insert(to.end(), v + 8, v + vsize);
    }
    bpf_map_delete_elem(o.map.get(), k.data());
  }
  return Ok{};
}

Status AggMaps::read_array(const Array& a, uint32_t gen, std::vector<std::vector<uint8_t>>& out) {
  const uint32_t vsize = 8 + a.valsize, stride = (vsize + 7) & ~7u;
  std::vector<uint8_t> values(out.size() * stride);
  if (bpf_map_lookup_elem(a.map.get(), &gen, values.data()) != 0) return Ok{};
  const dtrace_aggent ent{a.id, 8 + a.valsize};
  const auto* e = reinterpret_cast<const uint8_t*>(&ent);
  for (size_t cpu = 0; cpu < out.size(); cpu++) {
    const uint8_t* v = values.data() + cpu * stride;
    uint64_t set;
    std::memcpy(&set, v, 8);
    if (set == 0) continue;
    out[cpu].insert(out[cpu].end(), e, e + sizeof(ent));
    out[cpu].insert(out[cpu].end(), v + 8, v + vsize);
  }
  // Emptied on every CPU, as read_one() deletes an entry.
  std::fill(values.begin(), values.end(), 0);
  if (bpf_map_update_elem(a.map.get(), &gen, values.data(), BPF_ANY) != 0)
    return make_error(std::string("cannot empty an aggregation: ") + std::strerror(errno));
  return Ok{};
}

Result<std::vector<std::vector<uint8_t>>> AggMaps::snapshot(uint64_t* drops) {
  int ncpus = libbpf_num_possible_cpus();
  if (ncpus <= 0) return make_error("cannot count the possible CPUs");
  uint32_t old = gen_now_, zero = 0;
  gen_now_ ^= 1;
  uint64_t word = gen_now_;
  if (bpf_map_update_elem(gen_.get(), &zero, &word, BPF_ANY) != 0)
    return make_error(std::string("cannot switch the aggregations' generation: ") + std::strerror(errno));
  // A firing that read the old generation before the switch may still
  // add to it: reading (and emptying) its entries before it ends would
  // lose that addition.
  wait_for_running_programs();
  std::vector<std::vector<uint8_t>> out(static_cast<size_t>(ncpus));
  for (const auto& [sizes, o] : maps_)
    if (Status st = read_one(o, old, out); !st) return st.error();
  for (const Array& a : arrays_)
    if (Status st = read_array(a, old, out); !st) return st.error();
  // The old generation's buffers are empty again, on every CPU.
  std::vector<uint64_t> none(static_cast<size_t>(ncpus));
  if (bpf_map_update_elem(used_.get(), &old, none.data(), BPF_ANY) != 0)
    return make_error(std::string("cannot empty the aggregations' generation: ") + std::strerror(errno));
  std::vector<uint64_t> per(static_cast<size_t>(ncpus));
  uint64_t total = 0;
  if (bpf_map_lookup_elem(drops_.get(), &zero, per.data()) == 0)
    for (uint64_t d : per) total += d;
  *drops = total - drops_seen_;
  drops_seen_ = total;
  return out;
}

}  // namespace dtrace::bpf
