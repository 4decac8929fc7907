// args[]: typed probe arguments (part of typecheck). The probes a clause
// matches describe their arguments (CompileOptions::probe_args: the
// module's PROBEARG, else what libdtrace knows); they must all agree
// (D_ARGS_MULTI). args[n] then has the n-th argument's type: the native
// C type read from native argument `mapping`, or the D type a
// translator makes of it (xlate<T>(native), D_ARGS_XLATOR when none).
// Probes that describe nothing keep args[n] an untyped int64_t.
#pragma once

#include <string>
#include <vector>

#include "cc/context.h"

namespace dtrace::cc {

// What one clause's probes agree on, loaded at its first args[].
struct ClauseArgs {
  bool loaded = false;
  bool typed = false;  // false: args[n] is int64_t
  std::string probe;   // a matched probe, for messages
  std::vector<ProbeArg> args;
};

// Fills `out` for the clause's probe descriptions; false after an error.
bool load_clause_args(CompileContext& ctx, const std::vector<ProbeSpec>& specs, Loc loc, ClauseArgs& out);

// The type a probe argument's type string names ("struct request *",
// "unsigned int", "psinfo_t *"); null when nothing of that name exists.
const Type* arg_type(TypeTable& types, const std::string& text);

}  // namespace dtrace::cc
