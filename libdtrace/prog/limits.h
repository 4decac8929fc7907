// The sizes ENABLE checks against kernel/uapi/dtrace/limits.h that a
// compiled program already fixes (doc/limits.md §1): actions per clause,
// record bytes, aggregation key and value bytes, laid out as
// kernel/core/ecb.c and action.c lay them out. dtrace -e refuses with the
// module's words what ENABLE would refuse.
#pragma once

#include <cstdint>

#include "cc/program.h"
#include "util/result.h"

namespace dtrace::prog {

// Ok, or "Enabling exceeds size limit: clause C: ..." as the module says it.
Status check_sizes(const cc::Program& p, uint32_t strsize);

}  // namespace dtrace::prog
