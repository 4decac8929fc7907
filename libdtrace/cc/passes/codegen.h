// Passes "codegen", "assemble" and "verify": the back end. codegen lays
// out the program and emits IR (dif/codegen*.cc); assemble resolves
// labels into Program::difos (dif/assembler.cc); verify runs the
// kernel's validation rules over every DIFO (dif/verify.cc) so a
// compiler bug shows up here instead of as an ENABLE failure.
#pragma once

#include "cc/context.h"

namespace dtrace::cc {
bool generate_dif(CompileContext& ctx);
bool assemble_difos(CompileContext& ctx);
bool verify_difos(CompileContext& ctx);
}  // namespace dtrace::cc
