// Pass "typecheck" (DTrace's "cook"): gives every expression a type,
// checks operators, lvalues and subroutine prototypes, fixes the type of
// a D variable at its first assignment and the key types of associative
// arrays at their first use. Action and aggregating-function calls are
// typed void here and checked by the actions pass.
#pragma once

#include <string>

#include "cc/context.h"

namespace dtrace::cc {

bool typecheck(CompileContext& ctx);
// One expression outside any clause (an inline's definition); null on error.
const Type* typecheck_expr(CompileContext& ctx, ast::Expr* e);

// The type named by a built-in variable's or prototype's type string
// ("uint64_t", "struct task_struct *", "string").
const Type* type_from_string(TypeTable& types, const std::string& name);

// Whether a value of type `from` may be stored in / passed as `to`.
bool assignable(const Type* to, const Type* from);
// e (of type t) is an integer constant 0, as NULL is.
bool is_null_const(ast::Expr* e, const Type* t);
// "string" parameters also take char pointers and arrays.
bool is_strcompat(const Type* t);

}  // namespace dtrace::cc
