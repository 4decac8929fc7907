// dtrace -e: what DTRACEIOC_ENABLE would refuse, found by the module's
// own code (kernel/core in libdtkcore, dtrace_state_enable_dry) run on
// the encoded program: the container, options, clause structure, DIF
// validation, variables, record and aggregation layouts against
// kernel/uapi/dtrace/limits.h (doc/limits.md §1) and each clause's
// cost (§2). What depends on the running system (probes matched, memory,
// lockdown) is met at ENABLE or GO.
#pragma once

#include <cstdint>
#include <vector>

#include "cc/program.h"
#include "util/result.h"

namespace dtrace::prog {

// Ok, or the error ENABLE would give: "Enabling exceeds size limit: ..."
// (EDT_ENABLING_ERR) for a limit, else the module's reason.
Status check_enable(const cc::Program& p, const std::vector<dtrace_prog_option>& options);

}  // namespace dtrace::prog
