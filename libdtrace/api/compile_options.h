// The compile-time -x options the compiler acts on: copied from the
// option table into cc::CompileOptions when the compiler is made, and
// applied one at a time by `#pragma D option` for the rest of a compile.
#pragma once

#include <string_view>

#include "api/options.h"
#include "cc/compiler.h"

namespace dtrace::api {

// Copies every compile-time option the compiler reads from `o` into `co`.
void copy_compile_options(const Options& o, cc::CompileOptions& co);
// `#pragma D option name=value`: checks it as -x does, refuses the ones
// DTrace allows only outside a program (cpp and ld settings), and applies
// a compile-time one to `into`.
Status pragma_option(std::string_view name, std::string_view value, cc::CompileOptions& into);

}  // namespace dtrace::api
