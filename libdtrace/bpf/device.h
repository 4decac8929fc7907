// The bpf backend's Device (doc/bpf.md): the module's ioctl layer runs in
// process (kernel/user/inproc.h: ENABLE, record layout, descriptions and
// formats by kernel/core itself), and only probe firing runs in the
// kernel, as BPF programs translated from the ECBs' DIFOs (probe_prog.h)
// that write the module's records into a BPF ring buffer, which BUFSNAP
// hands to consume/ unchanged.
#pragma once

#include <memory>

#include "kio/device.h"
#include "util/result.h"

namespace dtrace::bpf {

// Fails, saying why, where bpf() is not permitted.
Result<std::unique_ptr<kio::Device>> open_bpf_device();

}  // namespace dtrace::bpf
