#include "consume/agg_snapshot.h"

#include <cstring>
#include <string>

namespace dtrace::consume {

Status walk_agg_buffer(std::span<const uint8_t> buf,
                       const std::function<Result<const kio::AggDesc*>(uint32_t)>& describe,
                       const std::function<Status(const AggSnapEntry&)>& fn) {
  size_t p = 0;
  while (p + sizeof(dtrace_aggent) <= buf.size()) {
    dtrace_aggent ent;
    std::memcpy(&ent, buf.data() + p, sizeof ent);
    if (ent.dtae_size < sizeof ent || ent.dtae_size > buf.size() - p)
      return make_error("aggregation entry at offset " + std::to_string(p) + " has a bad size");
    auto d = describe(ent.dtae_aggid);
    if (!d) return d.error();
    std::span<const uint8_t> data = buf.subspan(p + sizeof ent, ent.dtae_size - sizeof ent);
    const auto& recs = (*d)->recs;
    if (recs.empty()) return make_error("aggregation " + std::to_string(ent.dtae_aggid) + " has no records");
    AggSnapEntry e;
    e.aggid = ent.dtae_aggid;
    for (size_t i = 0; i < recs.size(); i++) {
      const dtrace_recdesc& r = recs[i];
      if (r.dtrd_offset > data.size() || data.size() - r.dtrd_offset < r.dtrd_size)
        return make_error("aggregation record lies outside its entry");
      auto bytes = data.subspan(r.dtrd_offset, r.dtrd_size);
      if (i + 1 < recs.size()) {
        e.keys.emplace_back(bytes.begin(), bytes.end());
      } else {
        e.value.resize(bytes.size() / 8);
        std::memcpy(e.value.data(), bytes.data(), e.value.size() * 8);
      }
    }
    Status st = fn(e);
    if (!st) return st;
    p += (ent.dtae_size + 7) & ~size_t{7};
  }
  return Ok{};
}

}  // namespace dtrace::consume
