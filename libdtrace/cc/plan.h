// What the front end decided each clause does, for code generation: the
// probe specs of the clause and its actions in record order. Produced by
// the probes and actions passes, consumed by codegen.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cc/ast.h"
#include "cc/program.h"

namespace dtrace::cc {

// A continuation action (ARG, AGGKEY, AGGINCR, TRACEMEM_DYNSIZE): its
// DIFO computes expr, or returns the constant value when expr is null.
// Stack and symbol kinds (STACK, USYM, ...) may stand in for ARG/AGGKEY:
// `@[stack()] = count()`, `printf("%k", stack())`; they carry `arg` and,
// for the symbol kinds, the address expression.
struct PlanArg {
  uint16_t kind = DTRACEACT_ARG;
  ast::Expr* expr = nullptr;
  uint64_t value = 0;
  uint64_t arg = 0;      // dtpa_arg of stack/symbol continuations
  bool has_difo = true;  // false: stack()/ustack()/jstack()
};

struct ActionPlan {
  uint16_t kind = DTRACEACT_NONE;
  ast::Expr* expr = nullptr;  // the head's DIFO value (null: no DIFO)
  ast::Stmt* stmt = nullptr;  // side-effect statement (DIFEXPR, no record)
  std::string format;
  bool has_format = false;
  uint64_t arg = 0;
  uint32_t aggvar = 0;
  std::vector<PlanArg> tuple;
  Loc loc;
};

// One container clause group. An if/else whose branches contain actions
// splits its D statement into parts (see actions.h); parts share
// `statement` and number `part` from 0.
struct ClausePlan {
  ast::Clause* clause = nullptr;  // predicate source (synthesized for parts > 0)
  std::vector<ProbeSpec> specs;
  std::vector<ActionPlan> actions;
  uint32_t statement = 0;
  uint32_t part = 0;
};

}  // namespace dtrace::cc
