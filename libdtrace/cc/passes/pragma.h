// Pass "pragma": interprets the #pragma lines the lexer collected.
// `#pragma D option name[=value]` goes to Program::pragma_options for the
// consumer to apply like -x; `#pragma D error` fails the compile;
// depends_on/attributes/binding/ident are accepted and ignored for now.
#pragma once

#include "cc/context.h"

namespace dtrace::cc {
bool apply_pragmas(CompileContext& ctx);
}
