// Late matching where drti has no /dev/dtrace to register with (the bpf
// backend, doc/bpf.md, "Processes that start later"): the consumer
// listens on a socket of its own in DTRACE_HELPER_SOCKDIR
// (kernel/uapi/dtrace/ioctl.h), which drti tells of each object it
// carries when it loads and in each child of fork, and waits for the
// answer. The listener makes that object's probes, provider<pid> from its
// site records (proc/drti_probes.cc), and has the device match them
// late (Device::match_late) before it answers, so they fire from the
// process's next site on, as after the module's registration.
#pragma once

#include <memory>

#include "kio/device.h"

namespace dtrace::api {

// dev (one that takes no drti registrations) behind such a listener, a
// thread whose work comes between dev's calls (each call holds a lock).
// Where the socket cannot be made (no /run, not root), dev as it was.
std::unique_ptr<kio::Device> listen_for_helpers(std::unique_ptr<kio::Device> dev);

}  // namespace dtrace::api
