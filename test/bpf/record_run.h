// One D program's principal data on a device (kernel/core's or the bpf
// one): ENABLE, GO, STOP, then every CPU's buffer as records (EPID, then
// the payload; the timestamps are each device's own) and STATUS's
// speculative drops and errors, for the tests that compare the two.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "kio/device.h"
#include "util/result.h"

namespace dtrace::bpf::testing {

struct Trace {
  std::vector<std::vector<uint8_t>> records;  // EPID, then the payload
  uint64_t specdrops = 0, unavail = 0, busy = 0, errors = 0;
};

inline Result<Trace> run_records(kio::Device& dev, const std::vector<uint8_t>& blob) {
  kio::EnableFailure why;
  if (auto r = dev.enable(blob, &why); !r) return r.error();
  if (auto r = dev.go(); !r) return r.error();
  Trace t;
  auto add_status = [&t, &dev]() -> Status {
    auto s = dev.status();
    if (!s) return s.error();
    t.specdrops += s->dtst_specdrops;
    t.unavail += s->dtst_specdrops_unavail;
    t.busy += s->dtst_specdrops_busy;
    t.errors += s->dtst_errors;
    return Ok{};
  };
  if (Status st = add_status(); !st) return st.error();
  uint64_t errors = t.errors;  // BEGIN's (the bpf device's count is not since the last STATUS)
  if (auto r = dev.stop(); !r) return r.error();
  if (Status st = add_status(); !st) return st.error();
  t.errors = errors;
  auto conf = dev.conf();  // every CPU's buffer: the one BEGIN fired on holds it all
  if (!conf) return conf.error();
  std::vector<uint8_t> d;
  for (uint32_t cpu = 0; cpu < std::max(conf->dtc_maxcpu, 1u); cpu++) {
    auto snap = dev.bufsnap(cpu);
    if (!snap) return snap.error();
    d.insert(d.end(), snap->data.begin(), snap->data.end());
  }
  for (size_t p = 0; p + 16 <= d.size();) {
    uint32_t epid = 0, pad = 0;
    std::memcpy(&epid, &d[p], 4);
    std::memcpy(&pad, &d[p + 4], 4);
    if (pad != 0) return make_error("a record's pad is " + std::to_string(pad));
    auto ep = dev.epdesc(epid);
    if (!ep) return ep.error();
    if (p + 16 + ep->size > d.size()) return make_error("a record past the data");
    std::vector<uint8_t> r(d.begin() + static_cast<ptrdiff_t>(p), d.begin() + static_cast<ptrdiff_t>(p + 4));
    r.insert(r.end(), d.begin() + static_cast<ptrdiff_t>(p + 16),
             d.begin() + static_cast<ptrdiff_t>(p + 16 + ep->size));
    t.records.push_back(std::move(r));
    p += 16 + ep->size;
  }
  return t;
}

}  // namespace dtrace::bpf::testing
