// The consumer's view of the module: one method per ioctl of
// kernel/uapi/dtrace/ioctl.h, with capacity/retry handling done here so
// callers get whole results. KernelDevice talks to /dev/dtrace; tests may
// substitute another implementation.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::kio {

struct EnableResult {
  uint32_t nprobes = 0;
};

// Why ENABLE refused a program: the raw dtrace_enable out-fields.
struct EnableFailure {
  int err = 0;  // errno
  dtrace_enable detail{};
};

// The records an enabled probe's firing (EPDESC) or an aggregation's
// entry (AGGDESC) holds, and their size in bytes.
struct RecordLayout {
  uint32_t size = 0;
  std::vector<dtrace_recdesc> recs;
};

struct EpDesc : RecordLayout {
  uint32_t epid = 0;
  uint32_t probeid = 0;
  uint64_t uarg = 0;
};

struct AggDesc : RecordLayout {
  uint32_t id = 0;
  uint32_t epid = 0;
  uint64_t varid = 0;
};

struct Snapshot {
  std::vector<uint8_t> data;
  uint32_t cpu = 0;
  uint32_t errors = 0;
  uint64_t drops = 0;
  uint64_t oldest = 0;     // ring policy: offset of the oldest record (doc/records.md §9)
  uint64_t timestamp = 0;  // when the module took it (0: the CPU has no buffers)
};

class Device {
 public:
  virtual ~Device() = default;
  virtual Result<dtrace_conf> conf() = 0;
  // First probe with id >= start matching pattern; nullopt when none.
  virtual Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc& pattern,
                                                              uint32_t start) = 0;
  virtual Result<dtrace_argdesc> probe_arg(uint32_t id, uint32_t ndx) = 0;
  // On failure, *failure (if given) receives the module's explanation.
  virtual Result<EnableResult> enable(const std::vector<uint8_t>& prog, EnableFailure* failure) = 0;
  virtual Result<EpDesc> epdesc(uint32_t epid) = 0;
  virtual Result<AggDesc> aggdesc(uint32_t aggid) = 0;
  virtual Result<std::string> format(uint32_t id) = 0;
  virtual Result<uint32_t> go() = 0;    // CPU BEGIN fired on
  virtual Result<uint32_t> stop() = 0;  // CPU END fired on
  virtual Result<Snapshot> bufsnap(uint32_t cpu) = 0;
  virtual Result<Snapshot> aggsnap(uint32_t cpu) = 0;
  // The principal (agg false) or aggregation buffer size the module
  // allocated for a CPU after GO: bufresize=auto may have lowered the
  // size asked for. 0 when the CPU has no buffers or it cannot tell.
  virtual Result<uint64_t> buffer_size(uint32_t /*cpu*/, bool /*agg*/) { return uint64_t{0}; }
  virtual Result<dtrace_status> status() = 0;
  // DTRACEIOC_USERPROBE: creates (or finds) one user probe, returns its
  // id; on failure *err (if given) receives the errno.
  virtual Result<uint32_t> userprobe(dtrace_userprobe& up, int* err = nullptr) = 0;
  // Whether drti's registrations (DTRACEHIOC_ADDPROG on /dev/dtrace)
  // reach this device: false for one without the module, whose consumer
  // makes the -G objects' probes itself (doc/usdt.md).
  virtual bool takes_helpers() const { return true; }
  // The native types (';'-separated) of a probe the consumer made from
  // a -G object's records where takes_helpers() is false: what drti's
  // program gives the module (PROBEARG answers them).
  virtual Status userprobe_argtypes(uint32_t /*id*/, const std::string& /*types*/, uint32_t /*nargs*/) {
    return make_error("this device takes the types from drti");
  }
  // Late matching on a device that does not take drti's registrations:
  // probes ids, which the consumer made for a -G object that registered
  // with it after ENABLE (api/late_helpers.h), get the ECBs of the
  // retained enablings whose descriptions match them and fire from now
  // on, as the module's registrations do (doc/usdt.md).
  virtual Status match_late(const std::vector<uint32_t>& /*ids*/) {
    return make_error("this device matches drti's registrations itself");
  }
};

// An ioctl with the module's convention: 0, or -1 with errno set.
using IoctlFn = std::function<int(unsigned long req, void* arg)>;
// The Device over any such ioctl (the bpf backend's over the module's
// ioctl layer run in process, kernel/user/inproc.h).
std::unique_ptr<Device> make_ioctl_device(IoctlFn fn);

// Opens /dev/dtrace (or `path`) and checks the module's ABI version.
// `buffer_size` sizes the snapshot buffers (the state's bufsize).
Result<std::unique_ptr<Device>> open_kernel_device(const std::string& path = DTRACE_DEVICE);

}  // namespace dtrace::kio
