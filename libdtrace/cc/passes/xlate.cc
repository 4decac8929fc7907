#include "cc/passes/xlate.h"

#include "cc/passes/decl.h"
#include "cc/passes/fold.h"
#include "cc/passes/resolve.h"
#include "cc/passes/typecheck.h"

namespace dtrace::cc {
namespace {

bool same_type(const Type* a, const Type* b) { return a == b || a->name == b->name; }

bool resolve_input(CompileContext& ctx, TranslatorInfo& x) {
  if (x.in == nullptr) x.in = resolve_typename(ctx, x.decl->in);
  if (x.in == nullptr) return false;
  for (const TranslatorInfo& other : ctx.idents.translators()) {
    if (&other == &x || other.in == nullptr || !same_type(other.out, x.out) || !same_type(other.in, x.in))
      continue;
    ctx.error(x.decl->loc, ErrTag::D_XLATE_REDECL,
              cat("translator from ", x.in->name, " to ", x.out->name, " has already been declared"));
    return false;
  }
  return true;
}

// A member's value fits the member: C assignment rules, and strings or
// char pointers/arrays for char array members (pr_fname = T->comm). As
// DTrace, an integer is a pointer member's value only as the constant 0.
bool member_accepts(const Type* member, ast::Expr* e, const Type* value) {
  if (member->kind == Type::Kind::Array && member->base != nullptr && member->base->is_int() &&
      member->base->size == 1)
    return is_strcompat(value);
  if (member->is_sou()) return same_type(member, value);
  if (member->is_pointer() && value->is_int()) return is_null_const(e, value);
  return assignable(member, value);
}

bool check_members(CompileContext& ctx, TranslatorInfo& x) {
  if (x.checked) return !x.failed;
  x.checked = true;
  x.failed = true;
  if (!resolve_input(ctx, x)) return false;
  for (const ast::Translator::Member& m : x.decl->members) {
    x.checking = true;
    const Type* vt = resolve_xlate_member(ctx, m.value, x) ? typecheck_expr(ctx, m.value) : nullptr;
    x.checking = false;
    if (vt == nullptr) return false;
    const Type* mt = x.out->member(m.name)->type;
    if (!member_accepts(mt, m.value, vt)) {
      ctx.error(m.loc, ErrTag::D_XLATE_INCOMPAT,
                cat("translator member ", m.name, " definition uses incompatible types: \"", mt->name,
                    "\" = \"", vt->name, "\""));
      return false;
    }
    x.members[m.name] = fold_expr(ctx, m.value);  // assigned twice: the last one holds
  }
  x.failed = false;
  return true;
}

}  // namespace

const Type* xlate_output(const Type* to) {
  const Type* out = to->is_pointer() ? to->base : to;
  return out != nullptr && out->is_sou() ? out : nullptr;
}

bool declare_translator(CompileContext& ctx, ast::Translator* t) {
  const Type* out = resolve_typename(ctx, t->out);
  if (out == nullptr) return false;
  if (!out->is_sou()) {
    ctx.error(t->loc, ErrTag::D_XLATE_SOU, "translator output type must be a struct or union");
    return false;
  }
  if (!out->complete) {
    ctx.error(t->loc, ErrTag::D_XLATE_SOU, cat("incomplete struct/union/enum ", out->name));
    return false;
  }
  for (size_t i = 0; i < t->members.size(); i++) {
    const std::string& name = t->members[i].name;
    if (out->member(name) == nullptr) {
      ctx.error(t->members[i].loc, ErrTag::D_XLATE_MEMB,
                cat("translator member ", name, " is not a member of ", out->name));
      return false;
    }
  }
  TranslatorInfo* x = ctx.idents.create_translator();
  x->decl = t;
  x->out = out;
  if (ctx.library) return true;
  if (check_members(ctx, *x)) return true;
  ctx.idents.translators().pop_back();  // a failed declaration declares nothing
  return false;
}

TranslatorInfo* find_translator(CompileContext& ctx, const Type* out, const Type* from, Loc loc,
                                ErrTag none) {
  for (TranslatorInfo& x : ctx.idents.translators()) {
    // As in DTrace, a translator is defined after its members: not in them.
    if (x.checking || !same_type(x.out, out)) continue;
    if (x.in == nullptr && !resolve_input(ctx, x)) return nullptr;
    bool fits = same_type(x.in, from) || (x.in->is_int() && from->is_int());
    if (!fits) continue;
    return check_members(ctx, x) ? &x : nullptr;
  }
  ctx.error(loc, none, cat("cannot translate from \"", from->name, "\" to \"", out->name, "\""));
  return nullptr;
}

}  // namespace dtrace::cc
