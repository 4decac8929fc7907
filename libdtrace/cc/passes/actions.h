// Pass "actions": turns each clause's statements into ActionPlans (see
// plan.h) in record order and checks what only actions know: action
// prototypes (D_PROTO_LEN, D_PROTO_ARG), printf formats, trace()
// operands, aggregation consistency (D_AGG_REDEF, lquantize/llquantize
// parameters). Statements that are not actions are kept as side-effect
// statements (codegen merges them into neighbouring DIFOs).
//
// An if/else whose branches hold actions cannot live in one clause (the
// container has no per-action predicate), so the statement is split into
// parts that run one after the other for the same firing: the part before
// the if stores the condition's outcome in a hidden clause-local variable
// (this->%ifN = cond ? 1 : 2; clause-locals start at 0 in every firing),
// the branches become parts predicated on it (== 1, == 2) and the
// statements after the if a part predicated on it being set (!= 0).
#pragma once

#include "cc/context.h"

namespace dtrace::cc {
bool check_actions(CompileContext& ctx);
}
