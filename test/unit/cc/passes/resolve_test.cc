#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;
using testing::expect_errors;

TEST(Resolve, UnknownIdentifiers) {
  expect_errors({
      {"BEGIN { trace(y); }", "D_IDENT_UNDEF", "failed to resolve y: Unknown variable name"},
      {"BEGIN\n{\n\tx = x + 1;\n}", "D_IDENT_UNDEF", "failed to resolve x: Unknown variable name", 3},
      {"BEGIN { trace(self->v); }", "D_IDENT_UNDEF", "failed to resolve self->v"},
      {"BEGIN { trace(this->v); }", "D_IDENT_UNDEF", "failed to resolve this->v"},
      {"BEGIN { trace(a[1]); }", "D_IDENT_UNDEF", "failed to resolve a"},
      {"BEGIN { printa(@nope); }", "D_PRINTA_AGGBAD", "@nope"},
      {"BEGIN { nosuchfunc(1); }", "D_FUNC_UNDEF", "failed to resolve nosuchfunc: Unknown function name"},
  });
}

TEST(Resolve, VariablesExistFromTheirFirstAssignment) {
  compile_ok("BEGIN { x = 1; } END { trace(x); }");
  compile_ok("BEGIN { self->t = timestamp; } END /self->t/ { trace(self->t); }");
  compile_ok("BEGIN { this->a = 1; trace(this->a); }");
  compile_ok("BEGIN { a[\"k\", 1] = 2; } END { trace(a[\"k\", 1]); }");
  compile_ok("BEGIN { self->n++; x += 2; }");
  compile_ok("int x; BEGIN { trace(x); }");
  compile_ok("self string s; BEGIN { trace(self->s); }");
}

TEST(Resolve, GlobalsPersistAcrossCompilesOfOneCompiler) {
  Compiler c({});
  ASSERT_TRUE(c.compile("BEGIN { g = 5; @a = count(); }").ok());
  auto r = c.compile("END { trace(g); printa(@a); }");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->aggs.size(), 1u);
  EXPECT_EQ(r->aggs[0].name, "a");
}

TEST(Resolve, BuiltinsAndEnumsAndInlines) {
  compile_ok("enum e { A = 3, B }; inline int LIM = B * 2; BEGIN { trace(LIM + A + pid + args[1]); }");
}

}  // namespace
}  // namespace dtrace::cc

namespace dtrace::cc {
namespace {

TEST(Resolve, NonConstantInlinesExpandWhereUsed) {
  Program p = testing::compile_ok(
      "inline string NAME = execname; inline int P1 = pid + 1;\n"
      "BEGIN { trace(NAME); trace(P1 * 2); }");
  ASSERT_EQ(p.actions.size(), 2u);
  ASSERT_FALSE(p.difos.empty());
  EXPECT_EQ(p.actions[0].type.kind, ValueType::Kind::String);
  EXPECT_EQ(p.actions[1].type.ctype, "int");
  EXPECT_EQ(DIF_INSTR_INDEX(p.difos[0].code[0]), DIF_VAR_EXECNAME);
  testing::expect_error("inline int BAD = execname;\nBEGIN { }", "D_OP_INCOMPAT", 1);
  testing::expect_error("inline int A = 1; inline int A = 2;", "D_DECL_IDRED", 1);
}

}  // namespace
}  // namespace dtrace::cc
