// printf-style format validation shared by printf(), printa(), system()
// and freopen(): conversions are parsed as DTrace does and each value
// argument is checked against its conversion's prototype
// (D_PRINTF_ARG_PROTO, D_PRINTF_ARG_TYPE, D_PRINTF_ARG_EXTRA, ...).
#pragma once

#include <string>
#include <vector>

#include "cc/context.h"

namespace dtrace::cc {

struct FormatArg {
  const Type* type;  // null for an aggregation value (%@)
  Loc loc;
  // "stack" for a stack()/ustack()/jstack() aggregation key, which only
  // %k prints; "aggregation" for an aggregation passed to printf().
  const char* special = nullptr;
};

// `first_argno` is the argument number of args[0] in messages (2 for
// printf, whose format is argument #1). `aggregation` allows %@.
bool check_format(CompileContext& ctx, Loc loc, const std::string& func, const std::string& fmt,
                  const std::vector<FormatArg>& args, int first_argno, bool aggregation, bool exact);

}  // namespace dtrace::cc
