// What libdtrace itself knows of the stable providers' probes (proc,
// sched, io): their names and argument descriptions, the same as the
// module's tables in kernel/prov/{proc,sched,io}.c report through
// PROBEARG. Used to type args[] when there is no device (dtrace -e).
#pragma once

#include <vector>

#include "cc/compiler.h"

namespace dtrace::api {

struct KnownProbe {
  const char* provider;
  const char* name;
  std::vector<cc::ProbeArg> args;
};

const std::vector<KnownProbe>& known_stable_probes();

}  // namespace dtrace::api
