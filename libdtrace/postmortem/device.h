// The core device (doc/postmortem.md): D over a dump. The module's ioctl
// layer runs in process (kernel/user/inproc.h) with the core provider
// besides the dtrace one; GO fires BEGIN, then core:::thread once for
// each thread of the dump and core:::fault for the one that took the
// fatal signal, each as the current task of the userspace port
// (port_user.h's dtrace_user_task: the dump's pid, tid, registers,
// frames and memory). STATUS then says the state is exiting, so the
// consumer stops, which fires END.
#pragma once

#include <memory>

#include "kio/device.h"
#include "postmortem/core_dump.h"
#include "util/result.h"

namespace dtrace::postmortem {

Result<std::unique_ptr<kio::Device>> open_core_device(std::shared_ptr<const CoreDump> dump);

}  // namespace dtrace::postmortem
