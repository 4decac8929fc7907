#include "cc/visitor.h"

#include <gtest/gtest.h>

#include <string>

namespace dtrace::cc {
namespace {

using ast::Op;
constexpr Loc kAt{1, 1};

// Collects identifier names in the order the default traversal meets them.
struct Names : Visitor<Names> {
  std::string seen;
  void visit_Ident(ast::Ident& n) { seen += n.name; }
};

TEST(Visitor, DefaultTraversalVisitsChildrenInSourceOrderValueBeforePlace) {
  ast::Ident a(kAt, "a"), b(kAt, "b"), c(kAt, "c"), d(kAt, "d"), k(kAt, "k");
  ast::Binary sum(kAt, Op::Add, &b, &c);
  ast::Index place(kAt, &a, {&k});
  ast::Assign set(kAt, Op::Assign, &place, &sum);
  ast::ExprStmt s1(kAt, &set);
  ast::Block then(kAt);
  then.stmts.push_back(&s1);
  ast::IfStmt branch(kAt, &d, &then, nullptr);
  ast::Block body(kAt);
  body.stmts.push_back(&branch);
  ast::Clause clause(kAt);
  clause.body = &body;
  Names v;
  v.visit(&clause);
  EXPECT_EQ(v.seen, "dbcak");  // if cond, then the right side, then a[k]
}

// Counts the nodes of a tree: a visitor that returns a value.
struct Count : Visitor<Count, int> {
  int visit_node(ast::Node& n) {
    int k = 1;
    for_each_child(n, [&](ast::Node* c) { k += visit(c); });
    return k;
  }
};

TEST(Visitor, ReturnsWhatTheImplementationReturns) {
  ast::Ident x(kAt, "x");
  ast::IntLit one(kAt, 1);
  ast::Ternary t(kAt, &x, &one, &x);
  ast::Unary neg(kAt, Op::Neg, &t);
  Count v;
  EXPECT_EQ(v.visit(&neg), 5);
  EXPECT_EQ(v.visit(nullptr), 0);
}

// Replaces every identifier x by the literal 7.
struct Sevens : Rewriter<Sevens> {
  ast::IntLit seven{kAt, 7};
  ast::Expr* visit_Ident(ast::Ident& n) {
    if (n.name == "x") return &seven;
    return &n;
  }
};

TEST(Visitor, RewriterStoresReplacementsInTheParent) {
  ast::Ident x(kAt, "x"), y(kAt, "y");
  ast::Binary sum(kAt, Op::Add, &x, &y);
  ast::Call call(kAt, "trace", {&sum, &x});
  ast::ExprStmt stmt(kAt, &call);
  Sevens v;
  EXPECT_EQ(v.visit(&stmt), nullptr);  // a statement has no replacement
  EXPECT_EQ(sum.lhs, &v.seven);
  EXPECT_EQ(sum.rhs, &y);
  EXPECT_EQ(call.args[0], &sum);
  EXPECT_EQ(call.args[1], &v.seven);
  EXPECT_EQ(v.visit(&x), &v.seven);
}

TEST(Ast, AsChecksTheKind) {
  ast::Ident x(kAt, "x");
  ast::AggRef agg(kAt, "a");
  ast::Index keyed(kAt, &agg, {&x});
  EXPECT_EQ(ast::as<ast::Ident>(&x), &x);
  EXPECT_EQ(ast::as<ast::Call>(&x), nullptr);
  EXPECT_EQ(ast::as<ast::Call>(static_cast<ast::Node*>(nullptr)), nullptr);
  EXPECT_EQ(ast::as_expr(&x), &x);
  ast::Block b(kAt);
  EXPECT_EQ(ast::as_expr(&b), nullptr);
  EXPECT_EQ(ast::agg_target(&agg), &agg);
  EXPECT_EQ(ast::agg_target(&keyed), &agg);
  EXPECT_EQ(ast::agg_target(&x), nullptr);
}

}  // namespace
}  // namespace dtrace::cc
