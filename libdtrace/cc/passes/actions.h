// Pass "actions": turns each clause's statements into ActionPlans (see
// plan.h) in record order and checks what only actions know: action
// prototypes (D_PROTO_LEN, D_PROTO_ARG), printf formats, trace()
// operands, aggregation consistency (D_AGG_REDEF, lquantize/llquantize
// parameters). Statements that are not actions become side-effect
// DIFEXPR actions that record nothing.
#pragma once

#include "cc/context.h"

namespace dtrace::cc {
bool check_actions(CompileContext& ctx);
}
