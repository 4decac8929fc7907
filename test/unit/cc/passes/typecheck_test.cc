#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;
using testing::expect_errors;

// The first integer constant of each action's DIFO (0 if none): what a
// trace(sizeof ...) or trace(offsetof ...) folded to.
std::vector<uint64_t> first_constants(const Program& p) {
  std::vector<uint64_t> got;
  for (const Action& a : p.actions) {
    const Difo& d = p.difos[static_cast<size_t>(a.difo)];
    got.push_back(d.ints.empty() ? 0 : d.ints[0]);
  }
  return got;
}

TEST(Typecheck, OperandTypes) {
  expect_errors({
      {"BEGIN { trace(\"a\" * 2); }", "D_OP_INT", "operator *"},
      {"BEGIN { trace(-\"a\"); }", "D_OP_ARITH", "operator - requires an operand of arithmetic type"},
      {"BEGIN { trace(~\"a\"); }", "D_OP_INT"},
      {"BEGIN { trace(\"a\" && 1); }", "D_OP_SCALAR"},
      {"BEGIN { trace(\"a\" == 1); }", "D_OP_INCOMPAT"},
      {"BEGIN { x = 1; x = \"s\"; }", "D_OP_INCOMPAT"},
      {"BEGIN { pid = 1; }", "D_OP_WRITE"},
      {"BEGIN { 1 = 2; }", "D_OP_LVAL"},
      {"BEGIN /\"str\"/ { }", "D_PRED_SCALAR"},
      {"BEGIN { trace(*pid); }", "D_DEREF_NONPTR"},
      {"BEGIN { trace(strlen(1)); }", "D_PROTO_ARG", "strlen( ) argument #1"},
      {"BEGIN { trace(strjoin(\"a\")); }", "D_PROTO_LEN",
       "strjoin( ) prototype mismatch: 1 arg passed, 2 expected"},
      {"BEGIN { trace(msgsize(0)); }", "D_FUNC_UNDEF"},
      {"BEGIN { x = trace(1); }", "D_CG_EXPR"},
      {"BEGIN { a[1] = 1; a[\"s\"] = 2; }", "D_PROTO_ARG", "a[ ] key #1"},
      {"BEGIN { a[1] = 1; a[1, 2] = 2; }", "D_PROTO_LEN", "a[ ] prototype mismatch"},
      {"BEGIN { trace(1 / 0); }", "D_DIV_ZERO"},
      {"BEGIN { trace((string)1); }", "D_CAST_INVAL"},
  });
  CompileOptions no_btf;
  no_btf.btf_path = "";
  expect_error("BEGIN { trace(curthread->pid); }", "D_OP_INCOMPLETE", 1, "struct task_struct", no_btf);
}

// An action inside an expression is typed (its arguments, a void value)
// before the code generator refuses it, so the expression around it
// reports its own error first, as DTrace does.
TEST(Typecheck, ActionsInExpressions) {
  expect_errors({
      {"BEGIN { x = 1 + mutex_owned(trace()); }", "D_PROTO_LEN",
       "trace( ) prototype mismatch: 0 args passed, 1 expected"},
      {"BEGIN { trace(stringof(trace(0))); }", "D_STRINGOF_TYPE",
       "cannot apply stringof to a value of type void"},
      {"BEGIN { x = 1 + -trace(0); }", "D_OP_ARITH"},
      {"BEGIN { x = pid ? trace(0) : trace(1); }", "D_OP_ACT",
       "action cannot be used in a conditional context"},
      {"BEGIN { x = pid ? printf(\"a\") : trace(); }", "D_PROTO_LEN"},
      {"BEGIN { x = (1, trace(1)); }", "D_CG_EXPR"},
      {"BEGIN /trace(1)/ { }", "D_PRED_SCALAR"},
  });
}

TEST(Typecheck, CompoundAssignment) {
  expect_errors({
      {"int p; BEGIN { p -= alloca(10); }", "D_OP_VFPTR",
       "operator -= requires left-hand scalar operand of known size"},
      {"BEGIN { a = 3; a += \"s\"; }", "D_OP_INCOMPAT",
       "operands have incompatible types: \"int\" += \"string\""},
      {"BEGIN { a = 3; a *= \"s\"; }", "D_OP_INT"},
      {"BEGIN { a = \"boo\"; c = a++; }", "D_OP_SCALAR", "operator ++ requires operand of scalar type"},
      {"int a1[3]; int a2[3]; BEGIN { a2 = a1; }", "D_OP_ARRFUN",
       "operator = may not be applied to operand of type \"int [3]\""},
      {"BEGIN { @a = count(); trace(&@a); }", "D_ADDROF_VAR"},
  });
  compile_ok("BEGIN { x = 1; x += 2; self->y = 1; self->y -= 1; z++; }");
}

TEST(Typecheck, DeclarationErrors) {
  expect_errors({
      {"long struct s { int i; }; BEGIN {}", "D_DECL_LONGINT",
       "long and long long may only be used with integer or floating-point type"},
      {"unsigned struct s { int i; }; BEGIN {}", "D_DECL_SIGNINT"},
      {"BEGIN { i = (long short)0; }", "D_UNKNOWN", "failed to resolve type short long : Unknown type name"},
      {"struct b { float : 1; } x; BEGIN {}", "D_DECL_BFTYPE", "invalid type for bit-field: (anon)"},
      {"struct b { int a : 1; int b : 0; } x; BEGIN {}", "D_DECL_BFCONST"},
      {"typedef int ni; typedef char ni; BEGIN {}", "D_DECL_IDRED", "typedef redeclared: ni"},
  });
  compile_ok("struct b { int a : 1; int : 0; int c : 2; } x; BEGIN {}");
  compile_ok("typedef int ni; typedef int ni; BEGIN {}");
}

TEST(Typecheck, Offsetof) {
  expect_errors({
      {"BEGIN { trace(offsetof(struct no_such_type, x)); }", "D_OFFSETOF_TYPE"},
      {"struct r { int a; }; BEGIN { trace(offsetof(struct r, b)); }", "D_UNKNOWN",
       "failed to determine offset of b: Member name not found"},
  });
}

// A struct or union keys an associative array (by reference: PUSHTR with
// its size), not an aggregation; a key of another type than the first use's
// is named "key", as DTrace names it.
TEST(Typecheck, StructAndUnionKeys) {
  Program p = compile_ok("struct s { int a; char c; } v; BEGIN { x[v] = 1; x[v]++; }");
  expect_errors({
      {"struct s { int a; } v; struct t { int a; } w; BEGIN { x[v] = 1; x[w] = 2; }", "D_PROTO_ARG",
       "x[ ] key #1 is incompatible with prototype:\n\tprototype: struct s\n\t      key: struct t"},
      {"BEGIN { x[1, \"a\"] = 1; x[1, 2] = 2; }", "D_PROTO_ARG",
       "x[ ] key #2 is incompatible with prototype:\n\tprototype: string\n\t      key: int"},
      {"struct s { int a; } v; BEGIN { @a[v] = count(); }", "D_KEY_TYPE"},
  });
}

// D structs are laid out as DTrace's type container lays them out: a
// bit-field is an integer of the fewest bytes holding its bits, at the next
// byte; no padding after the last member; a struct aligns as its first
// member.
TEST(Typecheck, StructLayoutIsDTraces) {
  Program p = compile_ok(
      "struct a { int x : 1; int y : 3; };"
      "struct b { int c : 12; int d : 10; int e : 3; };"
      "struct c { long l; short s; };"
      "struct e { char k; long l; }; struct d { char t; struct e in; };"
      "BEGIN { trace(sizeof (struct a)); trace(sizeof (struct b)); trace(sizeof (struct c));"
      " trace(offsetof(struct d, in)); }");
  std::vector<uint64_t> got = first_constants(p);
  EXPECT_EQ(got, (std::vector<uint64_t>{2, 5, 10, 1}));
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
  ASSERT_EQ(p.difos.size(), 2u);
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

// 0 or NULL into a string: a dynamic variable is deleted, a global or
// clause-local one holds NULL (as DTrace: Oracle's vars tst.nullassign);
// another integer is refused.
TEST(Typecheck, ZeroDeletesDynamicStrings) {
  testing::compile_ok("BEGIN { self->s = execname; a[1] = \"x\"; } END { self->s = 0; a[1] = 0; }");
  testing::compile_ok("BEGIN { g = execname; g = 0; this->t = execname; this->t = NULL; g = NULL; }");
  testing::expect_error("BEGIN { g = execname; g = 1; }", "D_OP_INCOMPAT", 1);
}

TEST(Typecheck, TracememAddressIsEightBytes) {
  Program p = testing::compile_ok("BEGIN { x = 1; tracemem(x, 8); }");
  ASSERT_EQ(p.actions.size(), 2u);  // the statement, then tracemem()
  EXPECT_EQ(p.difos[static_cast<size_t>(p.actions[1].difo)].rtype.dtdt_size, 8u);
}

// C's conversions DTrace makes: an array to its first element's address,
// a string or an array to a void * argument, a string to its characters.
TEST(Typecheck, ArraysAndStringsStandForTheirAddress) {
  compile_ok("int a[3]; int *p; BEGIN { p = a; p[1] = 2; trace(p[1]); }");
  compile_ok("BEGIN { x = alloca(8); bcopy(copyinstr(arg0), x, 8); }");
  Program p = compile_ok("BEGIN { s = \"abc\"; trace(s[1]); }");
  ASSERT_EQ(p.actions.size(), 2u);  // the statement, then trace()
  EXPECT_EQ(p.actions[1].type.ctype, "char");
  expect_errors({
      {"BEGIN { s = \"abc\"; s[0] = 'x'; }", "D_OP_WRITE"},
      {"BEGIN { s = \"abc\"; trace(s[\"i\"]); }", "D_OP_INT"},
      {"int a[3]; BEGIN { x = 1; x = a; }", "D_OP_INCOMPAT"},
  });
}

// sizeof of a string constant is its characters and NUL ("hi": 3), as
// DTrace sizes it; of any other string, strsize.
TEST(Typecheck, SizeofStringConstantCountsItsNul) {
  Program p = compile_ok("BEGIN { trace(sizeof \"hi\"); trace(sizeof (execname)); }");
  ASSERT_EQ(p.actions.size(), 2u);
  std::vector<uint64_t> got = first_constants(p);
  EXPECT_EQ(got, (std::vector<uint64_t>{3, 256}));
}

// A character constant is an int as in C, and NULL has an int's size, as
// DTrace sizes them.
TEST(Typecheck, CharConstantAndNullAreIntSized) {
  Program p = compile_ok("BEGIN { trace(sizeof ('c')); trace(sizeof (NULL)); trace(sizeof ('c' * 10)); }");
  ASSERT_EQ(p.actions.size(), 3u);
  std::vector<uint64_t> got = first_constants(p);
  EXPECT_EQ(got, (std::vector<uint64_t>{4, 4, 4}));
}

}  // namespace
}  // namespace dtrace::cc
