// Pass "probes": parses every clause's probe descriptions into
// ProbeSpecs (fields fill from the right: "BEGIN" is :::BEGIN) and, when
// the caller can count matches, refuses descriptions that match nothing
// (D_PDESC_ZERO) unless zdefs is set.
#pragma once

#include <vector>

#include "cc/context.h"

namespace dtrace::cc {

// Fills ctx.plans: one ClausePlan (clause + specs) per clause.
bool match_probes(CompileContext& ctx);

}  // namespace dtrace::cc
