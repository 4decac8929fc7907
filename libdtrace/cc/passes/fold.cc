#include "cc/passes/fold.h"

#include "cc/builtins.h"
#include "cc/passes/decl.h"
#include "cc/visitor.h"

namespace dtrace::cc {
namespace {

using ast::Op;

// Replaces constant integer expressions by literals, bottom up. Stops
// at the first error (division by zero).
class Folder : public Rewriter<Folder> {
 public:
  explicit Folder(CompileContext& c) : ctx_(c) {}
  bool failed() const { return failed_; }

  ast::Expr* visit(ast::Node* n) {
    if (n == nullptr || failed_) return ast::as_expr(n);
    return dispatch(n);
  }

  ast::Expr* visit_Ident(ast::Ident& n) {
    return n.is_const ? make_int(&n, normalize_int(static_cast<uint64_t>(n.const_value), n.type)) : &n;
  }
  // A D array's name, an assignment's or ++'s place stay as written.
  ast::Expr* visit_Index(ast::Index& n) {
    for (auto*& a : n.args) a = visit(a);
    return &n;
  }
  ast::Expr* visit_Assign(ast::Assign& n) {
    n.rhs = visit(n.rhs);
    if (auto* ix = ast::as<ast::Index>(n.lhs)) visit_Index(*ix);
    return &n;
  }
  ast::Expr* visit_IncDec(ast::IncDec& n) { return &n; }
  ast::Expr* visit_Unary(ast::Unary& n);
  ast::Expr* visit_Binary(ast::Binary& n);
  ast::Expr* visit_Ternary(ast::Ternary& n);
  ast::Expr* visit_Cast(ast::Cast& n) {
    n.operand = visit(n.operand);
    auto v = value_of(n.operand);
    return v && is_int(n) ? make_int(&n, normalize_int(*v, n.type)) : &n;
  }
  ast::Expr* visit_Sizeof(ast::Sizeof& n) { return make_int(&n, n.value); }
  ast::Expr* visit_Offsetof(ast::Offsetof& n) { return make_int(&n, n.value); }

  std::optional<uint64_t> binary(Loc loc, Op op, uint64_t a, uint64_t b, bool is_signed);

 private:
  static bool is_int(const ast::Expr& e) { return e.type != nullptr && e.type->is_int(); }
  static std::optional<uint64_t> value_of(ast::Expr* e) {
    if (auto* n = ast::as<ast::IntLit>(e)) return n->value;
    return std::nullopt;
  }
  // Folded arithmetic keeps all 64 bits whatever its type, as DTrace's
  // does (1 << 40 >> 38 is 4 in an int); casts and the negation of an
  // unsigned value narrow to the type.
  ast::Expr* make_int(ast::Expr* like, uint64_t v);

  CompileContext& ctx_;
  bool failed_ = false;
};

ast::Expr* Folder::make_int(ast::Expr* like, uint64_t v) {
  auto* n = ctx_.make<ast::IntLit>(like->loc, v);
  n->type = like->type;
  n->lit_type = like->type;
  return n;
}

std::optional<uint64_t> Folder::binary(Loc loc, Op op, uint64_t a, uint64_t b, bool s) {
  int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div:
    case Op::Mod:
      if (b == 0) {
        ctx_.error(loc, ErrTag::D_DIV_ZERO, "expression contains division by zero");
        failed_ = true;
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

ast::Expr* Folder::visit_Unary(ast::Unary& n) {
  n.operand = visit(n.operand);
  auto v = value_of(n.operand);
  if (!v || !is_int(n)) return &n;
  switch (n.op) {
    case Op::Neg: return make_int(&n, n.type->is_signed ? 0 - *v : normalize_int(0 - *v, n.type));
    case Op::Plus: return make_int(&n, *v);
    case Op::BitNot: return make_int(&n, ~*v);
    case Op::LogNot: return make_int(&n, *v == 0);
    default: return &n;
  }
}

ast::Expr* Folder::visit_Binary(ast::Binary& n) {
  n.lhs = visit(n.lhs);
  n.rhs = visit(n.rhs);
  auto a = value_of(n.lhs), b = value_of(n.rhs);
  if (!is_int(n)) return &n;
  // Short-circuit operators fold on the left operand alone.
  if (a && n.op == Op::LogAnd && *a == 0) return make_int(&n, 0);
  if (a && n.op == Op::LogOr && *a != 0) return make_int(&n, 1);
  if (!a || !b) return &n;
  const Type* operand_type = ctx_.types.arith_result(n.lhs->type, n.rhs->type);
  bool is_signed = (n.op == Op::Shr) ? n.lhs->type->is_signed : operand_type->is_signed;
  auto r = binary(n.loc, n.op, *a, *b, is_signed);
  return r ? make_int(&n, *r) : &n;
}

ast::Expr* Folder::visit_Ternary(ast::Ternary& n) {
  n.cond = visit(n.cond);
  n.then = visit(n.then);
  n.other = visit(n.other);
  auto c = value_of(n.cond);
  if (c && is_int(n)) {
    auto v = value_of(*c ? n.then : n.other);
    if (v) return make_int(&n, *v);
  }
  return &n;
}

// The value of an untyped constant expression (before typecheck), or
// nullopt: anything it does not list is not constant.
class ConstEval : public Visitor<ConstEval, std::optional<int64_t>> {
 public:
  using R = std::optional<int64_t>;
  explicit ConstEval(CompileContext& c) : ctx_(c) {}

  R visit_node(ast::Node&) { return std::nullopt; }
  R visit_IntLit(ast::IntLit& n) { return static_cast<int64_t>(n.value); }
  R visit_Ident(ast::Ident& n);
  R visit_Unary(ast::Unary& n);
  R visit_Binary(ast::Binary& n);
  R visit_Ternary(ast::Ternary& n) {
    auto c = visit(n.cond);
    if (!c) return std::nullopt;
    return visit(*c ? n.then : n.other);
  }
  R visit_Sizeof(ast::Sizeof& n) {
    if (n.of_type == nullptr) return std::nullopt;
    const Type* t = resolve_typename(ctx_, n.of_type);
    if (t == nullptr) return std::nullopt;
    return t->is_string() ? ctx_.options.strsize : t->size;
  }
  R visit_Cast(ast::Cast& n) { return visit(n.operand); }

 private:
  CompileContext& ctx_;
};

ConstEval::R ConstEval::visit_Ident(ast::Ident& n) {
  if (n.is_const) return n.const_value;
  if (n.xlate_arg != nullptr || n.param_of != nullptr) return std::nullopt;
  InlineInfo* in = ctx_.idents.find_inline(n.name);
  if (in && in->is_const) return in->value;
  // A kernel enumerator, unless D names a variable so (a global could,
  // and a built-in does before any enumerator: asking the kernel's types
  // for `probename` read and indexed all of BTF in every compile).
  int64_t v = 0;
  if (in == nullptr && ctx_.idents.find(VarScope::Global, n.name) == nullptr &&
      find_builtin_var(n.name) == nullptr && ctx_.types.kernel_enumerator(n.name, v) != nullptr)
    return v;
  return std::nullopt;
}

ConstEval::R ConstEval::visit_Unary(ast::Unary& n) {
  auto v = visit(n.operand);
  if (!v) return v;
  switch (n.op) {
    case Op::Neg: return -*v;
    case Op::Plus: return *v;
    case Op::BitNot: return ~*v;
    case Op::LogNot: return *v == 0;
    default: return std::nullopt;
  }
}

ConstEval::R ConstEval::visit_Binary(ast::Binary& n) {
  auto a = visit(n.lhs), b = visit(n.rhs);
  if (!a || !b) return std::nullopt;
  Folder f(ctx_);
  auto r = f.binary(n.loc, n.op, static_cast<uint64_t>(*a), static_cast<uint64_t>(*b), true);
  if (!r) return std::nullopt;
  return static_cast<int64_t>(*r);
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
  Folder f(ctx);
  return f.visit(e);
}

bool fold_constants(CompileContext& ctx) {
  Folder f(ctx);
  for (ast::Node* n : ctx.ast.items) {
    auto* c = ast::as<ast::Clause>(n);
    if (c == nullptr) continue;
    f.visit(c);
    if (f.failed()) return false;
  }
  return !ctx.diags.has_error();
}

std::optional<int64_t> eval_const(CompileContext& ctx, ast::Expr* e) {
  ConstEval v(ctx);
  return v.visit(e);
}

}  // namespace dtrace::cc
