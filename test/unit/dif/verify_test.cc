#include <gtest/gtest.h>

#include "dif/verify.h"

namespace dtrace::dif {
namespace {

cc::Difo difo(std::vector<dif_instr_t> code) {
  cc::Difo d;
  d.code = std::move(code);
  d.rtype.dtdt_kind = DIF_TYPE_CTF;
  d.rtype.dtdt_size = 8;
  return d;
}

dif_dvr verdict(const cc::Difo& d, bool destructive = false) { return verify(d, destructive).reason; }

TEST(Verify, AcceptsMinimal) { EXPECT_EQ(verdict(difo({DIF_INSTR_RET(0)})), DIF_DVR_OK); }

// The compiler's verifier is the kernel's validator: a by-reference type
// over DTRACE_BYREF_MAX (1 MiB) is refused at compile time, as ENABLE
// refuses it (verify.cc once had no cap).
TEST(Verify, ByrefSizeCappedAsTheKernelCapsIt) {
  cc::Difo d = difo({DIF_INSTR_RET(0)});
  d.rtype.dtdt_flags = DIF_TF_BYREF;
  d.rtype.dtdt_size = DTRACE_BYREF_MAX;
  EXPECT_EQ(verdict(d), DIF_DVR_OK);
  d.rtype.dtdt_size = DTRACE_BYREF_MAX + 1;
  EXPECT_EQ(verdict(d), DIF_DVR_BAD_RTYPE);
  cc::Difo v = difo({DIF_INSTR_RET(0)});
  v.strtab = std::string("x\0", 2);
  dtrace_difv var{};
  var.dtdv_id = DIF_VAR_OTHER_UBASE;
  var.dtdv_kind = DIFV_KIND_SCALAR;
  var.dtdv_scope = DIFV_SCOPE_GLOBAL;
  var.dtdv_flags = DIFV_F_REF;
  var.dtdv_type.dtdt_flags = DIF_TF_BYREF;
  var.dtdv_type.dtdt_size = DTRACE_BYREF_MAX + 1;
  v.vars.push_back(var);
  EXPECT_EQ(verdict(v), DIF_DVR_VARTAB);
}

TEST(Verify, RejectsEachDefect) {
  EXPECT_EQ(verdict(difo({})), DIF_DVR_EMPTY);
  EXPECT_EQ(verdict(difo({0x00000000, DIF_INSTR_RET(0)})), DIF_DVR_BAD_OPCODE);
  EXPECT_EQ(verdict(difo({DIF_INSTR_FMT(DIF_OP_ADD, 16, 1, 2), DIF_INSTR_RET(0)})), DIF_DVR_BAD_REG);
  EXPECT_EQ(verdict(difo({DIF_INSTR_FMT(DIF_OP_ADD, 1, 1, 0), DIF_INSTR_RET(0)})), DIF_DVR_WRITE_R0);
  EXPECT_EQ(verdict(difo({DIF_INSTR_FMT(DIF_OP_CMP, 1, 2, 3), DIF_INSTR_RET(0)})), DIF_DVR_BAD_FIELD);
  EXPECT_EQ(verdict(difo({DIF_INSTR_NOP, DIF_INSTR_BRANCH(DIF_OP_BA, 0), DIF_INSTR_RET(0)})),
            DIF_DVR_BACKWARD_BRANCH);
  EXPECT_EQ(verdict(difo({DIF_INSTR_BRANCH(DIF_OP_BA, 5), DIF_INSTR_RET(0)})), DIF_DVR_BRANCH_OOB);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_SETX, 0, 1), DIF_INSTR_RET(1)})), DIF_DVR_INTTAB_OOB);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_SETS, 0, 1), DIF_INSTR_RET(1)})), DIF_DVR_STRTAB_OOB);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_LDGS, 0x4ff, 1), DIF_INSTR_RET(1)})), DIF_DVR_BAD_VAR);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_STGS, DIF_VAR_PID, 1), DIF_INSTR_RET(1)})), DIF_DVR_BAD_VAR);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_LDGS, 0x500, 1), DIF_INSTR_RET(1)})), DIF_DVR_BAD_VAR);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_CALL, 200, 1), DIF_INSTR_RET(1)})), DIF_DVR_BAD_SUBR);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_CALL, DIF_SUBR_MSGSIZE, 1), DIF_INSTR_RET(1)})),
            DIF_DVR_BAD_SUBR);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_CALL, DIF_SUBR_COPYOUT, 1), DIF_INSTR_RET(1)})), DIF_DVR_PRIV);
  EXPECT_EQ(verdict(difo({DIF_INSTR_IDX(DIF_OP_CALL, DIF_SUBR_COPYOUT, 1), DIF_INSTR_RET(1)}), true),
            DIF_DVR_OK);
  EXPECT_EQ(verdict(difo({DIF_INSTR_FMT(DIF_OP_PUSHTV, DIF_TYPE_STRING, 0, 1), DIF_INSTR_RET(0)})),
            DIF_DVR_BAD_TUPLE_TYPE);
  EXPECT_EQ(verdict(difo({DIF_INSTR_NOP})), DIF_DVR_NO_RET);
  cc::Difo s = difo({DIF_INSTR_RET(0)});
  s.strtab = "abc";
  EXPECT_EQ(verdict(s), DIF_DVR_STRTAB_UNTERM);
  cc::Difo r = difo({DIF_INSTR_RET(0)});
  r.rtype.dtdt_size = 3;
  EXPECT_EQ(verdict(r), DIF_DVR_BAD_RTYPE);
  r.rtype.dtdt_kind = DIF_TYPE_STRING;
  r.rtype.dtdt_flags = DIF_TF_BYREF;
  r.rtype.dtdt_size = 256;
  EXPECT_EQ(verdict(r), DIF_DVR_BAD_RTYPE);
  r.rtype.dtdt_size = 0;
  EXPECT_EQ(verdict(r), DIF_DVR_OK);
}

TEST(Verify, VariableTableRules) {
  cc::Difo d = difo({DIF_INSTR_IDX(DIF_OP_LDGS, 0x500, 1), DIF_INSTR_RET(1)});
  d.strtab = std::string("x\0", 2);
  dtrace_difv v{};
  v.dtdv_name = 0;
  v.dtdv_id = 0x500;
  v.dtdv_kind = DIFV_KIND_SCALAR;
  v.dtdv_scope = DIFV_SCOPE_GLOBAL;
  v.dtdv_flags = DIFV_F_MOD;  // a load needs REF
  v.dtdv_type.dtdt_kind = DIF_TYPE_CTF;
  v.dtdv_type.dtdt_size = 8;
  d.vars = {v};
  EXPECT_EQ(verdict(d), DIF_DVR_BAD_VAR);
  d.vars[0].dtdv_flags = DIFV_F_REF;
  EXPECT_EQ(verdict(d), DIF_DVR_OK);
  d.vars[0].dtdv_scope = DIFV_SCOPE_THREAD;
  EXPECT_EQ(verdict(d), DIF_DVR_BAD_VAR);
  d.vars[0].dtdv_id = 0x10;
  EXPECT_EQ(verdict(d), DIF_DVR_VARTAB);
  d.vars[0].dtdv_id = 0x500;
  d.vars[0].dtdv_name = 7;
  EXPECT_EQ(verdict(d), DIF_DVR_VARTAB);
}

}  // namespace
}  // namespace dtrace::dif
