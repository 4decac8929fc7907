// Code shape: what DIF the compiler emits for the constructs the kernel
// relies on (see kernel/uapi comments and doc/dif.md).
#include <gtest/gtest.h>

#include "dif/disasm.h"
#include "dif/ops.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::dif {
namespace {

using cc::testing::compile_ok;

std::vector<uint8_t> ops(const cc::Difo& d) {
  std::vector<uint8_t> v;
  for (dif_instr_t i : d.code) v.push_back(static_cast<uint8_t>(DIF_INSTR_OP(i)));
  return v;
}

TEST(Codegen, HelloShape) {
  cc::Program p = compile_ok("BEGIN { trace(\"hello\"); exit(0); }");
  ASSERT_EQ(p.difos.size(), 2u);
  EXPECT_EQ(p.difos[0].code, (std::vector<dif_instr_t>{0x49000001, 0x6f000001}));
  EXPECT_EQ(p.difos[0].strtab, std::string("hello", 6));
  EXPECT_EQ(p.difos[0].rtype.dtdt_kind, DIF_TYPE_STRING);
  EXPECT_EQ(p.difos[0].rtype.dtdt_flags, DIF_TF_BYREF);
  EXPECT_EQ(p.difos[0].rtype.dtdt_size, 0u);
  EXPECT_EQ(p.difos[1].code, (std::vector<dif_instr_t>{0x48000001, 0x6f000001}));
  EXPECT_EQ(p.difos[1].ints, (std::vector<uint64_t>{0}));
  EXPECT_EQ(p.difos[1].rtype.dtdt_kind, DIF_TYPE_CTF);
  EXPECT_EQ(p.difos[1].rtype.dtdt_size, 4u);
  EXPECT_EQ(p.actions[0].kind, DTRACEACT_DIFEXPR);
  EXPECT_EQ(p.actions[1].kind, DTRACEACT_EXIT);
  ASSERT_EQ(p.clauses.size(), 1u);
  EXPECT_EQ(p.clauses[0].probe.name, "BEGIN");
  EXPECT_EQ(p.clauses[0].pred, -1);
  EXPECT_EQ(p.clauses[0].naction, 2u);
}

TEST(Codegen, PredicateShortCircuitsForwardAndComparesStrings) {
  cc::Program p =
      compile_ok("syscall::read:entry /pid == 42 && execname == \"sh\"/ { x = arg0; trace(x + 1); }");
  ASSERT_GE(p.clauses[0].pred, 0);
  const cc::Difo& pred = p.difos[static_cast<size_t>(p.clauses[0].pred)];
  auto o = ops(pred);
  EXPECT_NE(std::find(o.begin(), o.end(), DIF_OP_SCMP), o.end());
  EXPECT_NE(std::find(o.begin(), o.end(), DIF_OP_CMP), o.end());
  for (size_t i = 0; i < pred.code.size(); i++) {
    if (is_branch(static_cast<uint8_t>(DIF_INSTR_OP(pred.code[i])))) {
      EXPECT_GT(DIF_INSTR_LABEL(pred.code[i]), i);
    }
  }
  EXPECT_EQ(o.back(), DIF_OP_RET);
  // x = arg0 is its own DIFO, before trace(x + 1)'s; x is a global 0x500.
  const cc::Difo& act = p.difos[static_cast<size_t>(p.actions[0].difo)];
  ASSERT_EQ(act.vars.size(), 1u);
  EXPECT_EQ(act.vars[0].dtdv_id, DIF_VAR_OTHER_UBASE);
  EXPECT_EQ(act.vars[0].dtdv_scope, DIFV_SCOPE_GLOBAL);
  EXPECT_EQ(act.vars[0].dtdv_kind, DIFV_KIND_SCALAR);
  EXPECT_EQ(act.vars[0].dtdv_flags, static_cast<uint32_t>(DIFV_F_MOD));
  const cc::Difo& use = p.difos[static_cast<size_t>(p.actions[1].difo)];
  ASSERT_EQ(use.vars.size(), 1u);
  EXPECT_EQ(use.vars[0].dtdv_flags, static_cast<uint32_t>(DIFV_F_REF));
  EXPECT_EQ(std::string(act.strtab.c_str() + act.vars[0].dtdv_name), "x");
  EXPECT_EQ(ops(act)[0], DIF_OP_LDGS);
  EXPECT_EQ(DIF_INSTR_INDEX(act.code[0]), DIF_VAR_ARG0);
  EXPECT_EQ(ops(act)[1], DIF_OP_STGS);
}

TEST(Codegen, VariablesByScope) {
  cc::Program p = compile_ok(
      "BEGIN { self->a = 1; this->b = 2; c[\"k\"] = 3; self->d[1] = 4; "
      "trace(self->a + this->b + c[\"k\"] + self->d[1] + args[2]); }");
  std::vector<uint8_t> o;  // the clause's five statements and trace()
  for (const cc::Action& a : p.actions) {
    auto more = ops(p.difos[static_cast<size_t>(a.difo)]);
    o.insert(o.end(), more.begin(), more.end());
  }
  for (uint8_t op : {DIF_OP_STTS, DIF_OP_STLS, DIF_OP_STGAA, DIF_OP_STTAA, DIF_OP_LDTS, DIF_OP_LDLS,
                     DIF_OP_LDGAA, DIF_OP_LDTAA, DIF_OP_LDGA, DIF_OP_PUSHTR, DIF_OP_PUSHTV, DIF_OP_FLUSHTS})
    EXPECT_NE(std::find(o.begin(), o.end(), op), o.end()) << "missing op " << int(op);
}

TEST(Codegen, TernaryAndNot) {
  cc::Program p = compile_ok("BEGIN { trace(arg0 ? \"yes\" : \"no\"); trace(!arg1); trace(arg0 ^^ arg1); }");
  EXPECT_EQ(p.actions[0].type.kind, cc::ValueType::Kind::String);
}

TEST(Codegen, NarrowingCastsShift) {
  cc::Program p = compile_ok("BEGIN { trace((char)arg0); trace((unsigned short)arg0); trace((long)arg0); }");
  ASSERT_EQ(p.difos.size(), 3u);
  auto a = ops(p.difos[0]);
  EXPECT_NE(std::find(a.begin(), a.end(), DIF_OP_SRA), a.end());
  auto b = ops(p.difos[1]);
  EXPECT_NE(std::find(b.begin(), b.end(), DIF_OP_SRL), b.end());
  EXPECT_EQ(p.difos[2].code.size(), 2u);
}

TEST(Codegen, RegisterExhaustion) {
  // Right-nested additions keep every left operand live.
  std::string e = "arg0";
  for (int i = 0; i < 14; i++) e = "arg1 + (" + e + ")";
  compile_ok("BEGIN { trace(" + e + "); }");
  std::string f = "arg0";
  for (int i = 0; i < 16; i++) f = "arg1 + (" + f + ")";
  auto r = cc::testing::compile("BEGIN { trace(" + f + "); }");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "Insufficient registers to generate code");
  EXPECT_EQ(r.error().tag, ErrTag::kNone);
  EXPECT_EQ(r.error().line, 0);
}

TEST(Codegen, TupleExhaustion) {
  auto r = cc::testing::compile("BEGIN { a[1,2,3,4,5,6,7,8,9] = 1; }");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "Insufficient tuple registers to generate code");
}

TEST(Codegen, DisassemblyIsDeterministic) {
  const char* src = "BEGIN { x = 1; @a[probefunc] = count(); printf(\"%d\\n\", x); }";
  cc::Program a = compile_ok(src), b = compile_ok(src);
  EXPECT_EQ(disassemble(a), disassemble(b));
  EXPECT_NE(disassemble(a).find("DT_VAR(probefunc)"), std::string::npos);
}

}  // namespace
}  // namespace dtrace::dif
