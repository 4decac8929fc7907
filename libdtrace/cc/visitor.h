// The one walk over the AST every pass shares.
//
// for_each_child() names a node's children, in source order, once for
// the whole compiler. Visitor<Impl, R> dispatches on kind() to
// Impl::visit_X(ast::X&) and returns what it returns (R: void for a walk,
// a Type* for typecheck, the replacement Expr* for a rewriting pass).
// Every visit_X a pass leaves alone calls Impl::visit_node(), whose
// default visits the children through Impl::visit() and returns R{}; a
// pass may redefine visit() (to stop after an error) or visit_node() (to
// rewrite children, as Rewriter does) once instead of per node.
#pragma once

#include <type_traits>

#include "cc/ast.h"

namespace dtrace::cc {

// Calls f(x.*slot) for each slot, in order, of n as an X.
template <typename X, typename F, typename... Slot>
void each_slot(ast::Node& n, F& f, Slot... slot) {
  auto& x = static_cast<X&>(n);
  (f(x.*slot), ...);
}

// Calls f(slot) for each child slot of n (an ast::Expr*&, ast::Block*&
// or ast::Stmt*&; never a TypeName or a declaration's types). Null
// children are passed too. Assign gives its right side first: the value
// exists before the place it is stored to.
template <typename F>
void for_each_child(ast::Node& n, F&& f) {
  using K = ast::Kind;
  switch (n.kind()) {
    case K::Index: {
      auto& x = static_cast<ast::Index&>(n);
      f(x.base);
      for (auto*& a : x.args) f(a);
      break;
    }
    case K::Call:
      for (auto*& a : static_cast<ast::Call&>(n).args) f(a);
      break;
    case K::Member: each_slot<ast::Member>(n, f, &ast::Member::base); break;
    case K::Unary: each_slot<ast::Unary>(n, f, &ast::Unary::operand); break;
    case K::Binary: each_slot<ast::Binary>(n, f, &ast::Binary::lhs, &ast::Binary::rhs); break;
    case K::Ternary:
      each_slot<ast::Ternary>(n, f, &ast::Ternary::cond, &ast::Ternary::then, &ast::Ternary::other);
      break;
    case K::Assign: each_slot<ast::Assign>(n, f, &ast::Assign::rhs, &ast::Assign::lhs); break;
    case K::IncDec: each_slot<ast::IncDec>(n, f, &ast::IncDec::operand); break;
    case K::Cast: each_slot<ast::Cast>(n, f, &ast::Cast::operand); break;
    case K::Sizeof: each_slot<ast::Sizeof>(n, f, &ast::Sizeof::operand); break;
    case K::Stringof: each_slot<ast::Stringof>(n, f, &ast::Stringof::operand); break;
    case K::Xlate: each_slot<ast::Xlate>(n, f, &ast::Xlate::operand); break;
    case K::Comma: each_slot<ast::Comma>(n, f, &ast::Comma::lhs, &ast::Comma::rhs); break;
    case K::ExprStmt: each_slot<ast::ExprStmt>(n, f, &ast::ExprStmt::expr); break;
    case K::IfStmt:
      each_slot<ast::IfStmt>(n, f, &ast::IfStmt::cond, &ast::IfStmt::then, &ast::IfStmt::other);
      break;
    case K::Block:
      for (auto*& s : static_cast<ast::Block&>(n).stmts) f(s);
      break;
    case K::Clause: each_slot<ast::Clause>(n, f, &ast::Clause::pred, &ast::Clause::body); break;
    case K::InlineDecl: each_slot<ast::InlineDecl>(n, f, &ast::InlineDecl::value); break;
    case K::Translator:
      for (auto& m : static_cast<ast::Translator&>(n).members) f(m.value);
      break;
    case K::IntLit:
    case K::StrLit:
    case K::Ident:
    case K::ScopedVar:
    case K::AggRef:
    case K::SymRef:
    case K::Offsetof:
    case K::TypeName:
    case K::VarDecl:
    case K::ProviderDecl: break;
  }
}

// kConst: the visitor reads the tree only (const nodes), as code
// generation and the tree printer do; ConstVisitor names that case.
template <typename Impl, typename R = void, bool kConst = false>
class Visitor {
 protected:
  template <typename T>
  using NodeOf = std::conditional_t<kConst, const T, T>;

 public:
  // The entry point, and how the default traversal reaches children.
  R visit(NodeOf<ast::Node>* n) { return dispatch(n); }

  R dispatch(NodeOf<ast::Node>* n) {
    if (n == nullptr) return R();
    switch (n->kind()) {
#define DT_VISIT_CASE(K) \
  case ast::Kind::K: return impl().visit_##K(static_cast<NodeOf<ast::K>&>(*n));
      DT_AST_KINDS(DT_VISIT_CASE)
#undef DT_VISIT_CASE
    }
    return R();
  }

  void visit_program(NodeOf<ast::Program>& p) {
    for (NodeOf<ast::Node>* n : p.items) impl().visit(n);
  }

  // Visits n's children; the default of every visit_X. (for_each_child
  // hands out writable slots; a const visitor only reads through them.)
  R visit_node(NodeOf<ast::Node>& n) {
    for_each_child(const_cast<ast::Node&>(n), [this](ast::Node* c) { impl().visit(c); });
    return R();
  }

#define DT_VISIT_DEFAULT(K) \
  R visit_##K(NodeOf<ast::K>& n) { return impl().visit_node(n); }
  DT_AST_KINDS(DT_VISIT_DEFAULT)
#undef DT_VISIT_DEFAULT

 protected:
  Impl& impl() { return static_cast<Impl&>(*this); }
};

template <typename Impl, typename R = void>
using ConstVisitor = Visitor<Impl, R, true>;

// A Visitor that returns each expression's replacement (itself, by
// default) and stores it in the parent's slot; statements return null.
template <typename Impl>
class Rewriter : public Visitor<Impl, ast::Expr*> {
 public:
  ast::Expr* visit_node(ast::Node& n) {
    for_each_child(n, [this](auto*& c) {
      if constexpr (std::is_same_v<std::remove_reference_t<decltype(c)>, ast::Expr*>)
        c = this->impl().visit(c);
      else this->impl().visit(c);
    });
    return ast::as_expr(&n);
  }
};

}  // namespace dtrace::cc
