// dtrace -e: what DTRACEIOC_ENABLE would refuse, found by the module's
// own code (kernel/core in libdtkcore, dtrace_state_enable_dry) run on
// the encoded program: the container, options, clause structure, DIF
// validation, variables, record and aggregation layouts against
// kernel/uapi/dtrace/limits.h (doc/limits.md §1) and each clause's
// cost (§2). What depends on the running system (probes matched, memory,
// lockdown) is met at ENABLE or GO.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cc/program.h"
#include "dtrace/ioctl.h"
#include "util/result.h"

namespace dtrace::prog {

// Ok, or the error ENABLE would give, worded by enable_refusal().
Status check_enable(const cc::Program& p, const std::vector<dtrace_prog_option>& options);

// How the session words ENABLE's refusal (errno err, the out fields of
// dtrace_enable, the device's reason), the module's and dtrace -e's
// alike, as DTrace does: "Enabling exceeds size limit: REASON"
// (EDT_ENABLING_ERR) for a limit of kernel/uapi/dtrace/limits.h,
// "Destructive actions not allowed" (EDT_DESTRUCTIVE) for a destructive
// action without -w; nullopt: the reason as the device gave it.
std::optional<Error> enable_refusal(int err, const dtrace_enable& detail, const std::string& reason);

}  // namespace dtrace::prog
