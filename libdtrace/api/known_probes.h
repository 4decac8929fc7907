// What libdtrace itself knows of the stable providers' probes (proc,
// sched, io, lockstat, tcp, ip, udp): their names and argument
// descriptions, from the tables the module's providers report through
// PROBEARG (kernel/uapi/dtrace/providers/). Used to type args[] when
// there is no device (dtrace -e).
#pragma once

#include <vector>

#include "cc/compiler.h"

namespace dtrace::api {

struct KnownProbe {
  const char* provider;
  const char* name;
  std::vector<cc::ProbeArg> args;
};

// In the tables' order (kernel/uapi/dtrace/providers/all.def).
const std::vector<KnownProbe>& known_stable_probes();

}  // namespace dtrace::api
