// The DIF validator (kernel/core/dif_validate.c): one test per verdict of
// dif_dvr.def, each input with a single defect (doc/dif.md §10).
#include "dif/core_difo.h"
#include "harness.h"

namespace kcore {
namespace {

struct Verdict {
  int err;
  dtrace_vres r;
};

Verdict validate(const Difo& d, bool destructive = false) {
  dtrace_difo dp = dtrace::dif::core_difo(d);
  Verdict v{};
  v.err = dtrace_dif_validate(&dp, destructive, &v.r);
  return v;
}

Difo code(std::vector<dif_instr_t> c) {
  Difo d;
  d.code = std::move(c);
  d.ints = {0, 1, 2};
  d.strtab = std::string("hello\0", 6);
  return d;
}

#define EXPECT_DVR(difo_, dvr_, pc_)       \
  do {                                     \
    Verdict v_ = validate(difo_);          \
    EXPECT_EQ(v_.err, -EINVAL);            \
    EXPECT_EQ(v_.r.dvr, (uint32_t)(dvr_)); \
    EXPECT_EQ(v_.r.pc, (uint32_t)(pc_));   \
  } while (0)

TEST(DifValidate, AcceptsMinimalDifo) {
  Verdict v = validate(code({setx(0, 1), ret(1)}));
  EXPECT_EQ(v.err, 0);
  EXPECT_EQ(v.r.dvr, (uint32_t)DIF_DVR_OK);
}

TEST(DifValidate, AcceptsEveryFormWhenWellFormed) {
  Difo d = code({setx(1, 1),
                 setx(2, 2),
                 op3(DIF_OP_ADD, 1, 2, 3),
                 op3(DIF_OP_NOT, 3, 0, 4),
                 op3(DIF_OP_CMP, 1, 2, 0),
                 op3(DIF_OP_TST, 1, 0, 0),
                 br(DIF_OP_BE, 7),
                 op3(DIF_OP_LDX, 1, 0, 5),
                 op3(DIF_OP_STB, 1, 0, 0) /* store via %r0: legal */,
                 sets(0, 6),
                 ldgs(DIF_VAR_PID, 7),
                 DIF_INSTR_FMT(DIF_OP_LDGA, DIF_VAR_ARGS, 1, 8),
                 pushtv(1),
                 pushtr_str(6),
                 DIF_INSTR_FMT(DIF_OP_POPTS, 0, 0, 0),
                 DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0),
                 call(DIF_SUBR_RAND, 9),
                 op3(DIF_OP_ALLOCS, 1, 0, 10),
                 op3(DIF_OP_COPYS, 6, 1, 10),
                 DIF_INSTR_NOP,
                 ret(0)});
  Verdict v = validate(d);
  EXPECT_EQ(v.err, 0) << "dvr " << v.r.dvr << " pc " << v.r.pc;
}

TEST(DifValidate, RejectsEmpty) { EXPECT_DVR(code({}), DIF_DVR_EMPTY, DTRACE_NONE); }

TEST(DifValidate, RejectsTooLong) {
  std::vector<dif_instr_t> c(DIF_MAX_INSTRS, DIF_INSTR_NOP);
  c.push_back(ret(0));
  EXPECT_DVR(code(c), DIF_DVR_TOO_LONG, DTRACE_NONE);
}

TEST(DifValidate, RejectsBadOpcodes) {
  EXPECT_DVR(code({0, ret(0)}), DIF_DVR_BAD_OPCODE, 0);
  EXPECT_DVR(code({DIF_INSTR_NOP, DIF_INSTR_FMT(0x10, 0, 0, 0), ret(0)}), DIF_DVR_BAD_OPCODE, 1);
  EXPECT_DVR(code({DIF_INSTR_FMT(0x37, 1, 0, 1), ret(0)}), DIF_DVR_BAD_OPCODE, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(0xff, 0, 0, 0), ret(0)}), DIF_DVR_BAD_OPCODE, 0);
}

TEST(DifValidate, RejectsBadRegisters) {
  EXPECT_DVR(code({op3(DIF_OP_ADD, 16, 1, 2), ret(2)}), DIF_DVR_BAD_REG, 0);
  EXPECT_DVR(code({op3(DIF_OP_ADD, 1, 200, 2), ret(2)}), DIF_DVR_BAD_REG, 0);
  EXPECT_DVR(code({op3(DIF_OP_MOV, 1, 0, 16), ret(1)}), DIF_DVR_BAD_REG, 0);
  EXPECT_DVR(code({ret(16)}), DIF_DVR_BAD_REG, 0);
  EXPECT_DVR(code({setx(0, 17), ret(0)}), DIF_DVR_BAD_REG, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_PUSHTV, 0, 0, 16), ret(0)}), DIF_DVR_BAD_REG, 0);
}

TEST(DifValidate, RejectsWritesToR0) {
  EXPECT_DVR(code({op3(DIF_OP_ADD, 1, 2, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
  EXPECT_DVR(code({op3(DIF_OP_LDUB, 1, 0, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
  EXPECT_DVR(code({setx(0, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
  EXPECT_DVR(code({sets(0, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
  EXPECT_DVR(code({ldgs(DIF_VAR_PID, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_LDGA, DIF_VAR_ARGS, 1, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
  EXPECT_DVR(code({call(DIF_SUBR_RAND, 0), ret(0)}), DIF_DVR_WRITE_R0, 0);
}

TEST(DifValidate, RejectsNonZeroReservedFields) {
  EXPECT_DVR(code({op3(DIF_OP_CMP, 1, 2, 3), ret(0)}), DIF_DVR_BAD_FIELD, 0);
  EXPECT_DVR(code({op3(DIF_OP_TST, 1, 2, 0), ret(0)}), DIF_DVR_BAD_FIELD, 0);
  EXPECT_DVR(code({op3(DIF_OP_MOV, 1, 2, 3), ret(3)}), DIF_DVR_BAD_FIELD, 0);
  EXPECT_DVR(code({op3(DIF_OP_STX, 1, 2, 3), ret(0)}), DIF_DVR_BAD_FIELD, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_NOP, 0, 0, 1), ret(0)}), DIF_DVR_BAD_FIELD, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_RET, 1, 0, 0)}), DIF_DVR_BAD_FIELD, 0);
}

TEST(DifValidate, RejectsBackwardBranches) {
  EXPECT_DVR(code({DIF_INSTR_NOP, br(DIF_OP_BA, 0), ret(0)}), DIF_DVR_BACKWARD_BRANCH, 1);
  EXPECT_DVR(code({DIF_INSTR_NOP, br(DIF_OP_BE, 1), ret(0)}), DIF_DVR_BACKWARD_BRANCH, 1);
}

TEST(DifValidate, RejectsBranchesPastTheEnd) {
  EXPECT_DVR(code({br(DIF_OP_BNE, 2), ret(0)}), DIF_DVR_BRANCH_OOB, 0);
  EXPECT_EQ(validate(code({br(DIF_OP_BNE, 1), ret(0)})).err, 0);
}

TEST(DifValidate, RejectsIntegerTableIndexOutOfRange) {
  EXPECT_DVR(code({setx(3, 1), ret(1)}), DIF_DVR_INTTAB_OOB, 0);
}

TEST(DifValidate, RejectsStringOffsetOutOfRange) {
  EXPECT_DVR(code({sets(6, 1), ret(1)}), DIF_DVR_STRTAB_OOB, 0);
  EXPECT_EQ(validate(code({sets(5, 1), ret(1)})).err, 0);  // the final NUL: ""
}

TEST(DifValidate, RejectsUnterminatedStringTable) {
  Difo d = code({sets(0, 1), ret(1)});
  d.strtab = "hello";
  EXPECT_DVR(d, DIF_DVR_STRTAB_UNTERM, DTRACE_NONE);
}

Difo with_var(std::vector<dif_instr_t> c, dtrace_difv v) {
  Difo d = code(std::move(c));
  d.vars = {v};
  return d;
}

// Variable 0x500 loaded with ld, stored with st, against the vartab {v}.
Difo load_store(uint16_t ld, uint16_t st, dtrace_difv v) {
  return with_var({DIF_INSTR_IDX(ld, 0x500, 1), DIF_INSTR_IDX(st, 0x500, 1), ret(1)}, v);
}

TEST(DifValidate, RejectsBadVariables) {
  const uint32_t RM = DIFV_F_REF | DIFV_F_MOD;
  // Unknown built-ins, stores to built-ins.
  EXPECT_DVR(code({ldgs(0x00ff, 1), ret(1)}), DIF_DVR_BAD_VAR, 0);
  EXPECT_DVR(code({ldgs(0x0200, 1), ret(1)}), DIF_DVR_BAD_VAR, 0);
  EXPECT_DVR(code({stgs(DIF_VAR_PID, 1), ret(0)}), DIF_DVR_BAD_VAR, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_LDGA, 0x05, 1, 2), ret(2)}), DIF_DVR_BAD_VAR, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_LDTA, DIF_VAR_ARGS, 1, 2), ret(2)}), DIF_DVR_BAD_VAR, 0);
  // User variables missing from the vartab or in another scope/kind.
  EXPECT_DVR(code({ldgs(0x500, 1), ret(1)}), DIF_DVR_BAD_VAR, 0);
  dtrace_difv g = var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), RM);
  EXPECT_DVR(with_var({DIF_INSTR_IDX(DIF_OP_LDTS, 0x500, 1), ret(1)}, g), DIF_DVR_BAD_VAR, 0);
  EXPECT_DVR(with_var({DIF_INSTR_IDX(DIF_OP_LDGAA, 0x500, 1), ret(1)}, g), DIF_DVR_BAD_VAR, 0);
  EXPECT_DVR(with_var({ldgs(0x501, 1), ret(1)}, g), DIF_DVR_BAD_VAR, 0);
  EXPECT_EQ(validate(with_var({ldgs(0x500, 1), stgs(0x500, 1), ret(1)}, g)).err, 0);
  // REF / MOD flags must cover the access.
  dtrace_difv ro = var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_REF);
  EXPECT_DVR(with_var({stgs(0x500, 1), ret(0)}, ro), DIF_DVR_BAD_VAR, 0);
  dtrace_difv wo = var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_MOD);
  EXPECT_DVR(with_var({ldgs(0x500, 1), ret(1)}, wo), DIF_DVR_BAD_VAR, 0);
  // Thread-local, clause-local and associative arrays in their scopes.
  dtrace_difv t = var(0x500, DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR, PB_INT(8), RM);
  EXPECT_EQ(validate(load_store(DIF_OP_LDTS, DIF_OP_STTS, t)).err, 0);
  dtrace_difv l = var(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, PB_INT(8), RM);
  EXPECT_EQ(validate(load_store(DIF_OP_LDLS, DIF_OP_STLS, l)).err, 0);
  EXPECT_DVR(with_var({ldgs(0x500, 1), ret(1)}, l), DIF_DVR_BAD_VAR, 0);
  dtrace_difv a = var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, PB_INT(8), RM);
  EXPECT_EQ(validate(load_store(DIF_OP_LDGAA, DIF_OP_STGAA, a)).err, 0);
  EXPECT_DVR(with_var({ldgs(0x500, 1), ret(1)}, a), DIF_DVR_BAD_VAR, 0);
}

TEST(DifValidate, RejectsBadVariableTables) {
  const uint32_t RM = DIFV_F_REF | DIFV_F_MOD;
  auto bad = [](dtrace_difv v) {
    Verdict r = validate(with_var({ret(0)}, v));
    EXPECT_EQ(r.err, -EINVAL);
    EXPECT_EQ(r.r.dvr, (uint32_t)DIF_DVR_VARTAB);
    EXPECT_EQ(r.r.pc, DTRACE_NONE);
    EXPECT_EQ(r.r.entry, 0u);
  };
  bad(var(0x4ff, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), RM));     // built-in id
  bad(var(0x500, 3, DIFV_KIND_SCALAR, PB_INT(8), RM));                     // scope
  bad(var(0x500, DIFV_SCOPE_GLOBAL, 2, PB_INT(8), RM));                    // kind
  bad(var(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_ARRAY, PB_INT(8), RM));       // local array
  bad(var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), 0x4));    // flags
  bad(var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(3), RM));     // type
  bad(var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), RM, 6));  // name
  Difo dup = code({ret(0)});
  dup.vars = {var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), RM),
              var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), RM)};
  Verdict r = validate(dup);
  EXPECT_EQ(r.r.dvr, (uint32_t)DIF_DVR_VARTAB);
  EXPECT_EQ(r.r.entry, 1u);
  dup.vars[1].dtdv_scope = DIFV_SCOPE_THREAD;  // same id, other scope: fine
  EXPECT_EQ(validate(dup).err, 0);
}

TEST(DifValidate, RejectsUnknownAndUnavailableSubroutines) {
  EXPECT_DVR(code({call(DIF_SUBR_COPYINARGS + 1, 1), ret(1)}), DIF_DVR_BAD_SUBR, 0);  // past the last
  EXPECT_DVR(code({call(DIF_SUBR_MSGSIZE, 1), ret(1)}), DIF_DVR_BAD_SUBR, 0);
  EXPECT_DVR(code({call(DIF_SUBR_DDI_PATHNAME, 1), ret(1)}), DIF_DVR_BAD_SUBR, 0);
}

TEST(DifValidate, DestructiveSubroutinesNeedPermission) {
  Difo d = code({call(DIF_SUBR_COPYOUT, 1), ret(1)});
  Verdict v = validate(d, false);
  EXPECT_EQ(v.err, -EPERM);
  EXPECT_EQ(v.r.dvr, (uint32_t)DIF_DVR_PRIV);
  EXPECT_EQ(validate(d, true).err, 0);
}

TEST(DifValidate, RejectsBadTupleTypes) {
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_PUSHTV, DIF_TYPE_STRING, 0, 1), ret(0)}), DIF_DVR_BAD_TUPLE_TYPE, 0);
  EXPECT_DVR(code({DIF_INSTR_FMT(DIF_OP_PUSHTR, 2, 0, 1), ret(0)}), DIF_DVR_BAD_TUPLE_TYPE, 0);
}

TEST(DifValidate, RejectsMissingRet) { EXPECT_DVR(code({setx(0, 1), DIF_INSTR_NOP}), DIF_DVR_NO_RET, 1); }

TEST(DifValidate, RejectsBadReturnTypes) {
  auto bad = [](dtrace_diftype t) {
    Difo d = code({ret(0)});
    d.rtype = t;
    EXPECT_DVR(d, DIF_DVR_BAD_RTYPE, DTRACE_NONE);
  };
  bad(PB_INT(3));
  bad(PB_INT(16));
  bad(pb_type(DIF_TYPE_STRING, 0, 0));             // strings are by reference
  bad(pb_type(DIF_TYPE_STRING, DIF_TF_BYREF, 8));  // ... with size 0
  bad(pb_type(DIF_TYPE_CTF, DIF_TF_BYUREF, 8));    // BYUREF needs BYREF
  bad(pb_type(DIF_TYPE_CTF, DIF_TF_BYREF, 0));
  bad(pb_type(2, 0, 8));
  dtrace_diftype padded = PB_INT(8);
  padded.dtdt_pad = 1;
  bad(padded);
  Difo ok = code({ret(0)});
  ok.rtype = pb_type(DIF_TYPE_CTF, DIF_TF_BYREF | DIF_TF_BYUREF, 24);
  EXPECT_EQ(validate(ok).err, 0);
}

}  // namespace
}  // namespace kcore
