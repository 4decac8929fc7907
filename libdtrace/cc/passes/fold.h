// Pass "fold": replaces integer expressions whose operands are all
// constants by IntLit nodes of the same type (after typecheck), and
// reports constant division by zero (D_DIV_ZERO). eval_const evaluates
// an untyped constant expression for declarations (array sizes, enums,
// inlines) before typecheck has run.
#pragma once

#include <optional>

#include "cc/context.h"

namespace dtrace::cc {

bool fold_constants(CompileContext& ctx);
// Folds one expression tree; returns the (possibly new) root.
ast::Expr* fold_expr(CompileContext& ctx, ast::Expr* e);
std::optional<int64_t> eval_const(CompileContext& ctx, ast::Expr* e);
// Truncates v to the size and signedness of t.
uint64_t normalize_int(uint64_t v, const Type* t);

}  // namespace dtrace::cc
