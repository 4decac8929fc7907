#include "cc/ast.h"

#include "cc/idents.h"

namespace dtrace::cc::ast {

const char* op_text(Op op) {
  switch (op) {
    case Op::Neg: return "-";
    case Op::Plus: return "+";
    case Op::BitNot: return "~";
    case Op::LogNot: return "!";
    case Op::Deref: return "*";
    case Op::AddrOf: return "&";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Mod: return "%";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Shl: return "<<";
    case Op::Shr: return ">>";
    case Op::Lt: return "<";
    case Op::Gt: return ">";
    case Op::Le: return "<=";
    case Op::Ge: return ">=";
    case Op::Eq: return "==";
    case Op::Ne: return "!=";
    case Op::BitAnd: return "&";
    case Op::BitXor: return "^";
    case Op::BitOr: return "|";
    case Op::LogAnd: return "&&";
    case Op::LogXor: return "^^";
    case Op::LogOr: return "||";
    case Op::Assign: return "=";
  }
  return "?";
}

bool in_user_memory(const Expr* e) {
  const Expr* base = nullptr;
  if (e->kind() == Kind::SymRef) return static_cast<const SymRef*>(e)->user;
  if (e->kind() == Kind::Unary && static_cast<const Unary*>(e)->op == Op::Deref)
    base = static_cast<const Unary*>(e)->operand;
  else if (e->kind() == Kind::Member) base = static_cast<const Member*>(e)->base;
  else if (e->kind() == Kind::Index) base = static_cast<const Index*>(e)->base;
  if (base == nullptr || base->type == nullptr) return false;
  if (base->type->user_space) return true;
  return !base->type->is_pointer() && in_user_memory(base);
}

bool is_place(const Expr* e) {
  switch (e->kind()) {
    case Kind::Member: return static_cast<const Member*>(e)->xlate_value == nullptr;
    case Kind::Unary: return static_cast<const Unary*>(e)->op == Op::Deref;
    case Kind::Index: return static_cast<const Index*>(e)->indexes_memory;
    default: return false;
  }
}

const Index* as_inline_use(const Expr* e) {
  if (e->kind() != Kind::Index) return nullptr;
  auto* ix = static_cast<const Index*>(e);
  if (ix->base->kind() != Kind::Ident) return nullptr;
  const InlineInfo* in = static_cast<const Ident*>(ix->base)->inline_def;
  return in != nullptr && in->parameterized() ? ix : nullptr;
}

}  // namespace dtrace::cc::ast
