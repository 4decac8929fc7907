// Built-in variables, user globals and clause-locals (doc/dif.md §6, §7).
#include <unistd.h>

#include "harness.h"

namespace kcore {
namespace {

TEST(DifVars, ProbeArguments) {
  std::vector<uint64_t> args = {10, 11, 12, 13, 14, 15};
  for (uint16_t i = 0; i < 6; i++) EXPECT_EQ(eval(builtin(DIF_VAR_ARG0 + i), args).u64(), 10u + i);
  EXPECT_EQ(eval(builtin(DIF_VAR_ARG9), args).u64(), 0u);  // missing: 0
  Difo d;
  d.code = {setx(0, 1), DIF_INSTR_FMT(DIF_OP_LDGA, DIF_VAR_ARGS, 1, 2), ret(2)};
  d.ints = {3};
  EXPECT_EQ(eval(d, args).u64(), 13u);
  d.ints = {11};  // args[11], a USDT probe's 12th: missing here, 0
  EXPECT_EQ(eval(d, args).u64(), 0u);
  d.ints = {12};
  Eval e = eval(d, args);
  ASSERT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADINDEX);
  EXPECT_EQ(e.addr, 12u);
}

TEST(DifVars, RegistersNeedARegisterSet) {
  Difo d;
  d.code = {DIF_INSTR_FMT(DIF_OP_LDGA, DIF_VAR_REGS, 0, 2), ret(2)};
  EXPECT_EQ(eval(d).fault, (uint64_t)DTRACEFLT_ILLOP);
}

TEST(DifVars, Identity) {
  Harness h;
  EXPECT_EQ(eval_on(h, builtin(DIF_VAR_EPID)).u64(), 1u);
  EXPECT_EQ(eval(builtin(DIF_VAR_ID)).u64(), h.test_probe());
  EXPECT_EQ(eval(builtin(DIF_VAR_PID)).u64(), (uint64_t)getpid());
  EXPECT_EQ(eval(builtin(DIF_VAR_TID)).u64(), (uint64_t)gettid());
  EXPECT_EQ(eval(builtin(DIF_VAR_PPID)).u64(), (uint64_t)getppid());
  EXPECT_EQ(eval(builtin(DIF_VAR_UID)).u64(), (uint64_t)getuid());
  EXPECT_EQ(eval(builtin(DIF_VAR_EGID)).u64(), (uint64_t)getegid());
  EXPECT_EQ(eval(builtin(DIF_VAR_CPU)).u64(), 0u);
  EXPECT_EQ(eval(builtin(DIF_VAR_CURPSINFO)).u64(), 0u);
  EXPECT_EQ(eval(builtin(DIF_VAR_ERRNO)).u64(), 0u);
  EXPECT_NE(eval(builtin(DIF_VAR_CURTHREAD)).u64(), 0u);
  EXPECT_NE(eval(builtin(DIF_VAR_WALLTIMESTAMP)).u64(), 0u);
}

TEST(DifVars, Strings) {
  dtrace_user_set_comm("kcoretest");
  EXPECT_EQ(eval(builtin(DIF_VAR_EXECNAME, PB_STRING)).str(), "kcoretest");
  dtrace_user_set_comm("");
  EXPECT_EQ(eval(builtin(DIF_VAR_PROBEPROV, PB_STRING)).str(), "test");
  EXPECT_EQ(eval(builtin(DIF_VAR_PROBEMOD, PB_STRING)).str(), "mod");
  EXPECT_EQ(eval(builtin(DIF_VAR_PROBEFUNC, PB_STRING)).str(), "func");
  EXPECT_EQ(eval(builtin(DIF_VAR_PROBENAME, PB_STRING)).str(), "fire");
  EXPECT_EQ(eval(builtin(DIF_VAR_ZONENAME, PB_STRING)).str(), "global");
}

TEST(DifVars, TimestampIsTheFiringsTimestamp) {
  Harness h;
  dtrace_user_set_time(123456789);
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, builtin(DIF_VAR_TIMESTAMP))}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  auto recs = h.snap(0);
  dtrace_user_set_time(0);
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0].timestamp, 123456789u);
  EXPECT_EQ(recs[0].u64(0), 123456789u);
}

const uint32_t RM = DIFV_F_REF | DIFV_F_MOD;

TEST(DifVars, GlobalScalarsPersistAcrossClausesAndFirings) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo set;  // x = x + arg0; trace(x)
  set.strtab = std::string("x\0", 2);
  set.vars = {var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), RM)};
  set.code = {ldgs(0x500, 1), ldgs(DIF_VAR_ARG0, 2), op3(DIF_OP_ADD, 1, 2, 3), stgs(0x500, 3), ret(3)};
  Difo get;  // trace(x * 10)
  get.strtab = set.strtab;
  get.vars = {var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_REF)};
  get.ints = {10};
  get.code = {ldgs(0x500, 1), setx(0, 2), op3(DIF_OP_MUL, 1, 2, 3), ret(3)};
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, set)}});
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, get)}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  EXPECT_EQ(h.values_after({5, 7}), (std::vector<uint64_t>{5, 50, 12, 120}));
}

TEST(DifVars, GlobalStringsAreCopied) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo set;  // s = probename; trace(0)
  set.strtab = std::string("s\0", 2);
  set.vars = {var(0x501, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_MOD)};
  set.code = {ldgs(DIF_VAR_PROBENAME, 1), stgs(0x501, 1), ret(0)};
  Difo get;  // trace(s)
  get.strtab = set.strtab;
  get.vars = {var(0x501, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_REF)};
  get.code = {ldgs(0x501, 1), ret(1)};
  get.rtype = PB_STRING;
  add_clause(&b, p, -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(&b, get)},
              {DTRACEACT_DIFEXPR, (int)add_difo(&b, set)},
              {DTRACEACT_DIFEXPR, (int)add_difo(&b, get)}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].str(0), "");  // unset global string: ""
  EXPECT_EQ(r[0].str(264), "fire");
}

// NULL stored into a string variable (s = NULL; this->tok = strtok(..)
// with no token left) is no fault and reads back as NULL, as in DTrace;
// a string stored after it reads back as itself.
TEST(DifVars, NullStringVariablesReadBackAsNull) {
  for (uint8_t scope : {DIFV_SCOPE_GLOBAL, DIFV_SCOPE_LOCAL}) {
    uint8_t ld = scope == DIFV_SCOPE_GLOBAL ? DIF_OP_LDGS : DIF_OP_LDLS;
    uint8_t st = scope == DIFV_SCOPE_GLOBAL ? DIF_OP_STGS : DIF_OP_STLS;
    Difo d;  // v = "x"; v = NULL; return v
    d.strtab = std::string("x\0", 2);
    d.ints = {0};
    d.vars = {var(0x500, scope, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_REF | DIFV_F_MOD)};
    d.code = {sets(0, 1),
              DIF_INSTR_IDX(st, 0x500, 1),
              setx(0, 2),
              DIF_INSTR_IDX(st, 0x500, 2),
              DIF_INSTR_IDX(ld, 0x500, 3),
              ret(3)};
    Eval e = eval(d);
    EXPECT_FALSE(e.faulted) << e.fault;
    EXPECT_EQ(e.u64(), 0u);
    d.code = {setx(0, 2),
              DIF_INSTR_IDX(st, 0x500, 2),
              sets(0, 1),
              DIF_INSTR_IDX(st, 0x500, 1),
              DIF_INSTR_IDX(ld, 0x500, 3),
              ret(3)};
    d.rtype = PB_STRING;
    e = eval(d);
    EXPECT_FALSE(e.faulted) << e.fault;
    EXPECT_EQ(e.str(), "x");
  }
}

TEST(DifVars, VariableTypesMustAgreeAcrossEnables) {
  Harness h;
  for (int round = 0; round < 2; round++) {
    pb b{};
    uint32_t p = pb_probe(&b, "test", "", "", "fire");
    Difo d;
    d.strtab = std::string("x\0", 2);
    d.vars = {
        var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, round == 0 ? PB_INT(8) : PB_STRING, DIFV_F_REF)};
    d.code = {ldgs(0x500, 1), ret(1)};
    d.rtype = round == 0 ? PB_INT(8) : PB_STRING;
    add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
    int err = h.enable(b);
    pb_free(&b);
    if (round == 0) {
      EXPECT_EQ(err, 0);
    } else {
      EXPECT_EQ(err, -EINVAL);
      EXPECT_EQ(h.res().dvr, (uint32_t)DIF_DVR_VARTAB);
      EXPECT_EQ(h.res().difo, 0u);
      EXPECT_EQ(h.res().pc, DTRACE_NONE);
    }
  }
}

TEST(DifVars, ClauseLocalsAreSharedWithinAFiringAndZeroedBetween) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo old;  // trace(this->x)
  old.strtab = std::string("x\0", 2);
  old.vars = {var(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_REF)};
  old.code = {DIF_INSTR_IDX(DIF_OP_LDLS, 0x500, 1), ret(1)};
  Difo set = old;  // this->x = arg0
  set.vars[0].dtdv_flags = DIFV_F_MOD;
  set.code = {ldgs(DIF_VAR_ARG0, 1), DIF_INSTR_IDX(DIF_OP_STLS, 0x500, 1), ret(1)};
  int o = (int)add_difo(&b, old);
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, o}, {DTRACEACT_DIFEXPR, (int)add_difo(&b, set)}});
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, o}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  EXPECT_EQ(h.values_after({5, 6}), (std::vector<uint64_t>{0, 5, 0, 6}));
}

TEST(DifVars, ByReferenceVariableStorageIsStorable) {
  // this->buf (16 bytes by reference): stb into it through its address.
  Difo d;
  d.strtab = std::string("buf\0", 4);
  d.vars = {
      var(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, pb_type(DIF_TYPE_CTF, DIF_TF_BYREF, 16), DIFV_F_REF)};
  d.ints = {0x41, 15};
  d.code = {DIF_INSTR_IDX(DIF_OP_LDLS, 0x500, 1),
            setx(0, 2),
            setx(1, 3),
            op3(DIF_OP_ADD, 1, 3, 4),
            op3(DIF_OP_STB, 2, 0, 4),
            op3(DIF_OP_LDUB, 4, 0, 5),
            ret(5)};
  EXPECT_EQ(eval(d).u64(), 0x41u);
  d.ints = {0x41, 16};  // one past the end of the local store
  EXPECT_EQ(eval(d).fault, (uint64_t)DTRACEFLT_BADADDR);
}

}  // namespace
}  // namespace kcore
