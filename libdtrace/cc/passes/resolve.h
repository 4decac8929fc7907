// Pass "resolve": binds every identifier to what it names, in source
// order: built-in variables (dif_vars.def), D variables (globals,
// self->, this->, associative arrays), aggregations, inline constants
// and enumerators. A variable comes into existence at its first
// assignment (or declaration); reading one before that is
// D_IDENT_UNDEF "failed to resolve X: Unknown variable name".
#pragma once

#include "cc/context.h"

namespace dtrace::cc {
bool resolve_idents(CompileContext& ctx);
// A clause's actions, cooked before its predicate, failed with the one
// error errs: when it is an undefined variable (D_IDENT_UNDEF,
// D_VAR_UNDEF), forgets it and says to cook the predicate first, then the
// actions again, as DTrace does.
bool clause_undefined_retry(CompileContext& ctx, size_t errs);
// One expression outside any clause (an inline's definition; a
// parameterized inline's parameter names denote its arguments).
bool resolve_expr(CompileContext& ctx, ast::Expr* e, const InlineInfo* in = nullptr);
// A translator member's expression: the translator's argument name
// denotes its input.
bool resolve_xlate_member(CompileContext& ctx, ast::Expr* e, const TranslatorInfo& x);
}  // namespace dtrace::cc
