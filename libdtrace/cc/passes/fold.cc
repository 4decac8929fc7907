#include "cc/passes/fold.h"

#include "cc/passes/decl.h"

namespace dtrace::cc {
namespace {

using ast::Op;

struct Folder {
  CompileContext& ctx;
  bool failed = false;

  ast::Expr* expr(ast::Expr* e);
  void block(ast::Block* b);
  ast::Expr* make_int(ast::Expr* like, uint64_t v);
  std::optional<uint64_t> value_of(ast::Expr* e);
  std::optional<uint64_t> binary(int line, Op op, uint64_t a, uint64_t b, bool is_signed);
};

std::optional<uint64_t> Folder::value_of(ast::Expr* e) {
  if (e->kind() == ast::Kind::IntLit) return static_cast<ast::IntLit*>(e)->value;
  return std::nullopt;
}

ast::Expr* Folder::make_int(ast::Expr* like, uint64_t v) {
  auto* n = ctx.make<ast::IntLit>(like->line, normalize_int(v, like->type));
  n->type = like->type;
  n->lit_type = like->type;
  return n;
}

std::optional<uint64_t> Folder::binary(int line, Op op, uint64_t a, uint64_t b, bool s) {
  int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div:
    case Op::Mod:
      if (b == 0) {
        ctx.error(line, ErrTag::D_DIV_ZERO, "expression contains division by zero");
        failed = true;
        return std::nullopt;
      }
      if (s) {
        if (sa == INT64_MIN && sb == -1) return op == Op::Div ? a : 0;
        return static_cast<uint64_t>(op == Op::Div ? sa / sb : sa % sb);
      }
      return op == Op::Div ? a / b : a % b;
    case Op::Shl: return a << (b & 63);
    case Op::Shr: return s ? static_cast<uint64_t>(sa >> (b & 63)) : a >> (b & 63);
    case Op::BitAnd: return a & b;
    case Op::BitOr: return a | b;
    case Op::BitXor: return a ^ b;
    case Op::Lt: return s ? sa < sb : a < b;
    case Op::Gt: return s ? sa > sb : a > b;
    case Op::Le: return s ? sa <= sb : a <= b;
    case Op::Ge: return s ? sa >= sb : a >= b;
    case Op::Eq: return a == b;
    case Op::Ne: return a != b;
    case Op::LogAnd: return (a != 0) && (b != 0);
    case Op::LogOr: return (a != 0) || (b != 0);
    case Op::LogXor: return (a != 0) != (b != 0);
    default: return std::nullopt;
  }
}

void Folder::block(ast::Block* b) {
  if (b == nullptr) return;
  for (ast::Stmt* s : b->stmts) {
    if (s->kind() == ast::Kind::ExprStmt) {
      auto* es = static_cast<ast::ExprStmt*>(s);
      es->expr = expr(es->expr);
    } else if (s->kind() == ast::Kind::IfStmt) {
      auto* is = static_cast<ast::IfStmt*>(s);
      is->cond = expr(is->cond);
      block(is->then);
      block(is->other);
    } else if (s->kind() == ast::Kind::Block) {
      block(static_cast<ast::Block*>(s));
    }
  }
}

ast::Expr* Folder::expr(ast::Expr* e) {
  if (e == nullptr || failed) return e;
  using K = ast::Kind;
  switch (e->kind()) {
    case K::Ident: {
      auto* n = static_cast<ast::Ident*>(e);
      if (n->is_const) return make_int(e, static_cast<uint64_t>(n->const_value));
      return e;
    }
    case K::Index: {
      auto* n = static_cast<ast::Index*>(e);
      for (auto*& a : n->args) a = expr(a);
      return e;
    }
    case K::Call: {
      auto* n = static_cast<ast::Call*>(e);
      for (auto*& a : n->args) a = expr(a);
      return e;
    }
    case K::Member: {
      auto* n = static_cast<ast::Member*>(e);
      n->base = expr(n->base);
      return e;
    }
    case K::Unary: {
      auto* n = static_cast<ast::Unary*>(e);
      n->operand = expr(n->operand);
      auto v = value_of(n->operand);
      if (!v || !e->type || !e->type->is_int()) return e;
      switch (n->op) {
        case Op::Neg: return make_int(e, 0 - *v);
        case Op::Plus: return make_int(e, *v);
        case Op::BitNot: return make_int(e, ~*v);
        case Op::LogNot: return make_int(e, *v == 0);
        default: return e;
      }
    }
    case K::Binary: {
      auto* n = static_cast<ast::Binary*>(e);
      n->lhs = expr(n->lhs);
      n->rhs = expr(n->rhs);
      auto a = value_of(n->lhs), b = value_of(n->rhs);
      if (!e->type || !e->type->is_int()) return e;
      // Short-circuit operators fold on the left operand alone.
      if (a && n->op == Op::LogAnd && *a == 0) return make_int(e, 0);
      if (a && n->op == Op::LogOr && *a != 0) return make_int(e, 1);
      if (!a || !b) return e;
      const Type* operand_type = ctx.types.arith_result(n->lhs->type, n->rhs->type);
      bool is_signed = (n->op == Op::Shr) ? n->lhs->type->is_signed : operand_type->is_signed;
      auto r = binary(e->line, n->op, *a, *b, is_signed);
      return r ? make_int(e, *r) : e;
    }
    case K::Ternary: {
      auto* n = static_cast<ast::Ternary*>(e);
      n->cond = expr(n->cond);
      n->then = expr(n->then);
      n->other = expr(n->other);
      auto c = value_of(n->cond);
      if (c && e->type && e->type->is_int()) {
        auto v = value_of(*c ? n->then : n->other);
        if (v) return make_int(e, *v);
      }
      return e;
    }
    case K::Assign: {
      auto* n = static_cast<ast::Assign*>(e);
      n->rhs = expr(n->rhs);
      if (n->lhs->kind() == K::Index) {
        for (auto*& a : static_cast<ast::Index*>(n->lhs)->args) a = expr(a);
      }
      return e;
    }
    case K::Cast: {
      auto* n = static_cast<ast::Cast*>(e);
      n->operand = expr(n->operand);
      auto v = value_of(n->operand);
      if (v && e->type && e->type->is_int()) return make_int(e, *v);
      return e;
    }
    case K::Sizeof: return make_int(e, static_cast<ast::Sizeof*>(e)->value);
    case K::Offsetof: return make_int(e, static_cast<ast::Offsetof*>(e)->value);
    case K::Stringof: {
      auto* n = static_cast<ast::Stringof*>(e);
      n->operand = expr(n->operand);
      return e;
    }
    case K::Xlate: {
      auto* n = static_cast<ast::Xlate*>(e);
      n->operand = expr(n->operand);
      return e;
    }
    case K::Comma: {
      auto* n = static_cast<ast::Comma*>(e);
      n->lhs = expr(n->lhs);
      n->rhs = expr(n->rhs);
      return e;
    }
    case K::IncDec:
    default:
      return e;
  }
}

}  // namespace

uint64_t normalize_int(uint64_t v, const Type* t) {
  if (t == nullptr || t->size >= 8 || t->size == 0) return v;
  unsigned bits = t->size * 8;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  v &= mask;
  if (t->is_signed && (v >> (bits - 1)) & 1) v |= ~mask;
  return v;
}

ast::Expr* fold_expr(CompileContext& ctx, ast::Expr* e) {
  Folder f{ctx};
  return f.expr(e);
}

bool fold_constants(CompileContext& ctx) {
  Folder f{ctx};
  for (ast::Node* n : ctx.ast.items) {
    if (n->kind() != ast::Kind::Clause) continue;
    auto* c = static_cast<ast::Clause*>(n);
    c->pred = f.expr(c->pred);
    f.block(c->body);
    if (f.failed) return false;
  }
  return !ctx.diags.has_error();
}

std::optional<int64_t> eval_const(CompileContext& ctx, ast::Expr* e) {
  using K = ast::Kind;
  if (e == nullptr) return std::nullopt;
  switch (e->kind()) {
    case K::IntLit: return static_cast<int64_t>(static_cast<ast::IntLit*>(e)->value);
    case K::Ident: {
      auto* id = static_cast<ast::Ident*>(e);
      if (id->is_const) return id->const_value;
      if (id->xlate_arg != nullptr || id->param_of != nullptr) return std::nullopt;
      InlineInfo* in = ctx.idents.find_inline(id->name);
      if (in && in->is_const) return in->value;
      // A kernel enumerator, unless D names a variable so (a global could).
      int64_t v = 0;
      if (in == nullptr && ctx.idents.find(VarScope::Global, id->name) == nullptr &&
          ctx.types.kernel_enumerator(id->name, v) != nullptr)
        return v;
      return std::nullopt;
    }
    case K::Unary: {
      auto* n = static_cast<ast::Unary*>(e);
      auto v = eval_const(ctx, n->operand);
      if (!v) return v;
      switch (n->op) {
        case Op::Neg: return -*v;
        case Op::Plus: return *v;
        case Op::BitNot: return ~*v;
        case Op::LogNot: return *v == 0;
        default: return std::nullopt;
      }
    }
    case K::Binary: {
      auto* n = static_cast<ast::Binary*>(e);
      auto a = eval_const(ctx, n->lhs), b = eval_const(ctx, n->rhs);
      if (!a || !b) return std::nullopt;
      Folder f{ctx};
      auto r = f.binary(e->line, n->op, static_cast<uint64_t>(*a), static_cast<uint64_t>(*b), true);
      if (!r) return std::nullopt;
      return static_cast<int64_t>(*r);
    }
    case K::Ternary: {
      auto* n = static_cast<ast::Ternary*>(e);
      auto c = eval_const(ctx, n->cond);
      if (!c) return std::nullopt;
      return eval_const(ctx, *c ? n->then : n->other);
    }
    case K::Sizeof: {
      auto* n = static_cast<ast::Sizeof*>(e);
      if (n->of_type == nullptr) return std::nullopt;
      const Type* t = resolve_typename(ctx, n->of_type);
      if (t == nullptr) return std::nullopt;
      return t->is_string() ? ctx.options.strsize : t->size;
    }
    case K::Cast: return eval_const(ctx, static_cast<ast::Cast*>(e)->operand);
    default: return std::nullopt;
  }
}

}  // namespace dtrace::cc
