// #pragma handling, called by the lexer as each control line is read
// (DTrace applies pragmas where they appear): `#pragma D option
// name[=value]` is checked and applied through CompileOptions::set_option,
// so a compile-time option (defaultargs, argref, zdefs, knodefs, amin,
// iregs ...) rules the rest of this compile, and is recorded in
// Program::pragma_options for the consumer to apply like -x; `#pragma D
// error` fails the compile; depends_on/attributes/binding/ident are
// accepted and otherwise ignored for now.
#pragma once

#include "cc/context.h"

namespace dtrace::cc {
bool apply_pragma(CompileContext& ctx, const ast::Pragma& p);
// The "pragmas" pass, once the program's identifiers all exist (after
// typecheck): `#pragma D attributes|binding ... <ident>` must name an
// identifier, declared before or after it, as DTrace defers such a
// pragma to the identifier's declaration and refuses one left unused
// (D_PRAGMA_UNUSED).
bool check_pragmas_used(CompileContext& ctx);
}  // namespace dtrace::cc
