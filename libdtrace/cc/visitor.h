// CRTP visitor over the AST with default traversal (children first
// visited in source order). A pass derives from Visitor<Pass> and
// overrides visit_X(ast::X&) for the nodes it cares about; calling
// Visitor::visit_X from the override keeps the default traversal.
#pragma once

#include "cc/ast.h"

namespace dtrace::cc {

template <typename Impl>
class Visitor {
 public:
  void visit(ast::Node* n) {
    if (n == nullptr) return;
    switch (n->kind()) {
#define DT_VISIT_CASE(K) \
  case ast::Kind::K:     \
    impl().visit_##K(static_cast<ast::K&>(*n)); \
    break;
      DT_VISIT_CASE(IntLit)
      DT_VISIT_CASE(StrLit)
      DT_VISIT_CASE(Ident)
      DT_VISIT_CASE(ScopedVar)
      DT_VISIT_CASE(AggRef)
      DT_VISIT_CASE(SymRef)
      DT_VISIT_CASE(Index)
      DT_VISIT_CASE(Call)
      DT_VISIT_CASE(Member)
      DT_VISIT_CASE(Unary)
      DT_VISIT_CASE(Binary)
      DT_VISIT_CASE(Ternary)
      DT_VISIT_CASE(Assign)
      DT_VISIT_CASE(IncDec)
      DT_VISIT_CASE(Cast)
      DT_VISIT_CASE(Sizeof)
      DT_VISIT_CASE(Offsetof)
      DT_VISIT_CASE(Stringof)
      DT_VISIT_CASE(Xlate)
      DT_VISIT_CASE(Comma)
      DT_VISIT_CASE(ExprStmt)
      DT_VISIT_CASE(IfStmt)
      DT_VISIT_CASE(Block)
      DT_VISIT_CASE(TypeName)
      DT_VISIT_CASE(Clause)
      DT_VISIT_CASE(VarDecl)
      DT_VISIT_CASE(InlineDecl)
      DT_VISIT_CASE(Translator)
      DT_VISIT_CASE(ProviderDecl)
#undef DT_VISIT_CASE
    }
  }

  void visit_program(ast::Program& p) {
    for (ast::Node* n : p.items) visit(n);
  }

  void visit_IntLit(ast::IntLit&) {}
  void visit_StrLit(ast::StrLit&) {}
  void visit_Ident(ast::Ident&) {}
  void visit_ScopedVar(ast::ScopedVar&) {}
  void visit_AggRef(ast::AggRef&) {}
  void visit_SymRef(ast::SymRef&) {}
  void visit_Index(ast::Index& n) {
    visit(n.base);
    for (auto* a : n.args) visit(a);
  }
  void visit_Call(ast::Call& n) {
    for (auto* a : n.args) visit(a);
  }
  void visit_Member(ast::Member& n) { visit(n.base); }
  void visit_Unary(ast::Unary& n) { visit(n.operand); }
  void visit_Binary(ast::Binary& n) {
    visit(n.lhs);
    visit(n.rhs);
  }
  void visit_Ternary(ast::Ternary& n) {
    visit(n.cond);
    visit(n.then);
    visit(n.other);
  }
  void visit_Assign(ast::Assign& n) {
    visit(n.rhs);
    visit(n.lhs);
  }
  void visit_IncDec(ast::IncDec& n) { visit(n.operand); }
  void visit_Cast(ast::Cast& n) { visit(n.operand); }
  void visit_Sizeof(ast::Sizeof& n) { visit(n.operand); }
  void visit_Offsetof(ast::Offsetof&) {}
  void visit_Stringof(ast::Stringof& n) { visit(n.operand); }
  void visit_Xlate(ast::Xlate& n) { visit(n.operand); }
  void visit_Comma(ast::Comma& n) {
    visit(n.lhs);
    visit(n.rhs);
  }
  void visit_ExprStmt(ast::ExprStmt& n) { visit(n.expr); }
  void visit_IfStmt(ast::IfStmt& n) {
    visit(n.cond);
    visit(n.then);
    visit(n.other);
  }
  void visit_Block(ast::Block& n) {
    for (auto* s : n.stmts) visit(s);
  }
  void visit_TypeName(ast::TypeName&) {}
  void visit_Clause(ast::Clause& n) {
    visit(n.pred);
    visit(n.body);
  }
  void visit_VarDecl(ast::VarDecl&) {}
  void visit_InlineDecl(ast::InlineDecl& n) { visit(n.value); }
  void visit_Translator(ast::Translator& n) {
    for (auto& m : n.members) visit(m.value);
  }
  void visit_ProviderDecl(ast::ProviderDecl&) {}

 private:
  Impl& impl() { return static_cast<Impl&>(*this); }
};

}  // namespace dtrace::cc
