#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;

TEST(Typecheck, OperandTypes) {
  expect_error("BEGIN { trace(\"a\" * 2); }", "D_OP_INT", 1, "operator *");
  expect_error("BEGIN { trace(-\"a\"); }", "D_OP_INT", 1);
  expect_error("BEGIN { trace(\"a\" && 1); }", "D_OP_SCALAR", 1);
  expect_error("BEGIN { trace(\"a\" == 1); }", "D_OP_INCOMPAT", 1);
  expect_error("BEGIN { x = 1; x = \"s\"; }", "D_OP_INCOMPAT", 1);
  expect_error("BEGIN { pid = 1; }", "D_OP_WRITE", 1);
  expect_error("BEGIN { 1 = 2; }", "D_OP_LVAL", 1);
  expect_error("BEGIN /\"str\"/ { }", "D_PRED_SCALAR", 1);
  expect_error("BEGIN { trace(*pid); }", "D_DEREF_NONPTR", 1);
  CompileOptions no_btf;
  no_btf.btf_path = "";
  expect_error("BEGIN { trace(curthread->pid); }", "D_OP_INCOMPLETE", 1, "struct task_struct", no_btf);
  expect_error("BEGIN { trace(strlen(1)); }", "D_PROTO_ARG", 1, "strlen( ) argument #1");
  expect_error("BEGIN { trace(strjoin(\"a\")); }", "D_PROTO_LEN", 1,
               "strjoin( ) prototype mismatch: 1 arg passed, 2 expected");
  expect_error("BEGIN { trace(msgsize(0)); }", "D_FUNC_UNDEF", 1);
  expect_error("BEGIN { x = trace(1); }", "D_CG_EXPR", 1);
  expect_error("BEGIN { a[1] = 1; a[\"s\"] = 2; }", "D_PROTO_ARG", 1, "a[ ] argument #1");
  expect_error("BEGIN { a[1] = 1; a[1, 2] = 2; }", "D_PROTO_LEN", 1, "a[ ] prototype mismatch");
  expect_error("BEGIN { trace(1 / 0); }", "D_DIV_ZERO", 1);
  expect_error("BEGIN { trace((string)1); }", "D_CAST_INVAL", 1);
}

TEST(Typecheck, ResultTypes) {
  Program p = compile_ok(
      "BEGIN { trace(1); trace(1 + 2L); trace(execname); trace(timestamp); trace(pid); "
      "trace((char)300); trace(sizeof (int)); trace(1 == 1); trace(\"a\" < \"b\"); "
      "trace(curthread); trace(0x80000000); trace(cpu); }");
  ASSERT_EQ(p.actions.size(), 12u);
  auto ty = [&](size_t i) { return p.actions[i].type; };
  EXPECT_EQ(ty(0).ctype, "int");
  EXPECT_EQ(ty(0).size, 4u);
  EXPECT_EQ(ty(0).kind, ValueType::Kind::Signed);
  EXPECT_EQ(ty(1).ctype, "long");
  EXPECT_EQ(ty(2).kind, ValueType::Kind::String);
  EXPECT_EQ(ty(2).size, 256u);
  EXPECT_EQ(ty(3).ctype, "uint64_t");
  EXPECT_EQ(ty(3).kind, ValueType::Kind::Unsigned);
  EXPECT_EQ(ty(4).ctype, "pid_t");
  EXPECT_EQ(ty(5).ctype, "char");
  EXPECT_EQ(ty(5).size, 1u);
  EXPECT_EQ(ty(6).ctype, "size_t");
  EXPECT_EQ(ty(7).ctype, "int");
  EXPECT_EQ(ty(9).kind, ValueType::Kind::Pointer);
  EXPECT_EQ(ty(9).ctype, "struct task_struct *");
  EXPECT_EQ(ty(10).ctype, "unsigned int");
  EXPECT_EQ(ty(11).ctype, "processorid_t");
}

TEST(Typecheck, ConstantsFold) {
  Program p = compile_ok("BEGIN { trace(2 * 3 + (1 << 4) - sizeof (uint64_t)); trace((char)0x1ff); }");
  ASSERT_EQ(p.difos[0].ints.size(), 1u);
  EXPECT_EQ(p.difos[0].ints[0], 14u);
  EXPECT_EQ(p.difos[1].ints[0], static_cast<uint64_t>(-1));
}

TEST(Typecheck, IncrementCreatesInt64) {
  // As DTrace: i++, self->j-- and a[k]++ on variables not yet assigned
  // create 64-bit integers.
  Program p =
      compile_ok("BEGIN { i++; self->j--; a[1]++; trace(sizeof (i) + sizeof (self->j) + sizeof (a[1])); }");
  const auto& ints = p.difos.back().ints;
  ASSERT_FALSE(ints.empty());
  EXPECT_EQ(ints.back(), 24u);
}

TEST(Typecheck, StructsFromDeclarations) {
  compile_ok(
      "struct s { int a; long b; }; struct s *p; BEGIN { p = (struct s *)arg0; trace(p->b); "
      "trace(offsetof(struct s, b)); trace(sizeof (struct s)); }");
}

}  // namespace
}  // namespace dtrace::cc

namespace dtrace::cc {
namespace {

TEST(Typecheck, ZeroDeletesDynamicStrings) {
  testing::compile_ok("BEGIN { self->s = execname; a[1] = \"x\"; } END { self->s = 0; a[1] = 0; }");
  testing::expect_error("BEGIN { g = execname; g = 0; }", "D_OP_INCOMPAT", 1);
}

TEST(Typecheck, TracememAddressIsEightBytes) {
  Program p = testing::compile_ok("BEGIN { x = 1; tracemem(x, 8); }");
  EXPECT_EQ(p.difos[static_cast<size_t>(p.actions[0].difo)].rtype.dtdt_size, 8u);
}

}  // namespace
}  // namespace dtrace::cc
