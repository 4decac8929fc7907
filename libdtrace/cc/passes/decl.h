// Pass "decl": D declarations. Type declarations (typedef, struct, union,
// enum) are entered as soon as the parser reduces them, because the
// lexer must know type names to tell TNAME from IDENT; variable and
// inline declarations are processed by the pass proper.
#pragma once

#include <vector>

#include "cc/context.h"

namespace dtrace::cc {

// Called by the grammar for every top-level declaration.
void declare_types_now(CompileContext& ctx, ast::VarDecl* d);
// The Type a type name denotes (null after reporting an error). Array
// dimensions with key types (associative) are not part of the result.
const Type* resolve_type(CompileContext& ctx, const ast::TypeSpec& spec, const ast::Declarator& decl,
                         Loc loc);
const Type* resolve_typename(CompileContext& ctx, ast::TypeName* t);

bool declare_vars(CompileContext& ctx);
// Types a non-constant inline's expression the first time it is needed
// (at its declaration, or at first use for D library inlines).
bool complete_inline(CompileContext& ctx, InlineInfo* in);

}  // namespace dtrace::cc
