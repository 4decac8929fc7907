// A Device that passes every ioctl to another: a backend that changes a
// few (the core device's GO, STOP and STATUS) derives from it and
// overrides only those.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "kio/device.h"

namespace dtrace::kio {

class DeviceWrapper : public Device {
 public:
  explicit DeviceWrapper(std::unique_ptr<Device> inner) : inner_(std::move(inner)) {}

  Result<dtrace_conf> conf() override { return inner_->conf(); }
  Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc& pattern,
                                                      uint32_t start) override {
    return inner_->probe_match(pattern, start);
  }
  Result<dtrace_argdesc> probe_arg(uint32_t id, uint32_t ndx) override { return inner_->probe_arg(id, ndx); }
  Result<EnableResult> enable(const std::vector<uint8_t>& prog, EnableFailure* failure) override {
    return inner_->enable(prog, failure);
  }
  Result<EpDesc> epdesc(uint32_t epid) override { return inner_->epdesc(epid); }
  Result<AggDesc> aggdesc(uint32_t aggid) override { return inner_->aggdesc(aggid); }
  Result<std::string> format(uint32_t id) override { return inner_->format(id); }
  Result<uint32_t> go() override { return inner_->go(); }
  Result<uint32_t> stop() override { return inner_->stop(); }
  Result<Snapshot> bufsnap(uint32_t cpu) override { return inner_->bufsnap(cpu); }
  Result<Snapshot> aggsnap(uint32_t cpu) override { return inner_->aggsnap(cpu); }
  Result<uint64_t> buffer_size(uint32_t cpu, bool agg) override { return inner_->buffer_size(cpu, agg); }
  Result<dtrace_status> status() override { return inner_->status(); }
  Result<uint32_t> userprobe(dtrace_userprobe& up, int* err) override { return inner_->userprobe(up, err); }
  bool takes_helpers() const override { return inner_->takes_helpers(); }
  Status userprobe_argtypes(uint32_t id, const std::string& types, uint32_t nargs) override {
    return inner_->userprobe_argtypes(id, types, nargs);
  }
  Status match_late(const std::vector<uint32_t>& ids) override { return inner_->match_late(ids); }

 protected:
  Device& inner() { return *inner_; }
  void reset_inner() { inner_.reset(); }

 private:
  std::unique_ptr<Device> inner_;
};

}  // namespace dtrace::kio
