// Which registers the interpreter may leave uncleared (kernel/core/
// dif_regs.c): only those written on every path before any read.
#include <unistd.h>

#include "harness.h"

namespace kcore {
namespace {

uint16_t defregs(const std::vector<dif_instr_t>& c) {
  dtrace_difo dp{};
  dp.code = c.data();
  dp.ncode = static_cast<uint32_t>(c.size());
  return dtrace_dif_defregs(&dp);
}

constexpr uint16_t bit(int r) { return static_cast<uint16_t>(1u << r); }

TEST(DifRegs, WrittenBeforeReadNeedNoClearing) {
  // setx %r1; setx %r2; add %r1, %r2, %r3; ret %r3
  uint16_t d = defregs({DIF_INSTR_IDX(DIF_OP_SETX, 0, 1), DIF_INSTR_IDX(DIF_OP_SETX, 1, 2),
                        DIF_INSTR_FMT(DIF_OP_ADD, 1, 2, 3), DIF_INSTR_RET(3)});
  EXPECT_EQ(d & (bit(1) | bit(2) | bit(3)), bit(1) | bit(2) | bit(3));
  EXPECT_EQ(d & bit(0), 0) << "%r0 is never written: always cleared";
}

TEST(DifRegs, ReadBeforeWriteIsCleared) {
  // add %r1, %r2, %r3 reads %r1 and %r2 unset; then sets them.
  uint16_t d = defregs({DIF_INSTR_FMT(DIF_OP_ADD, 1, 2, 3), DIF_INSTR_IDX(DIF_OP_SETX, 0, 1),
                        DIF_INSTR_IDX(DIF_OP_SETX, 0, 2), DIF_INSTR_RET(3)});
  EXPECT_EQ(d & (bit(1) | bit(2)), 0);
  EXPECT_EQ(d & bit(3), bit(3));
}

TEST(DifRegs, WriteOnOnlyOneBranchIsNotEnough) {
  // 0 tst %r1; 1 be 3; 2 setx %r2; 3 ret %r2: %r2 unset when the branch is taken.
  uint16_t d = defregs({DIF_INSTR_FMT(DIF_OP_TST, 1, 0, 0), DIF_INSTR_BRANCH(DIF_OP_BE, 3),
                        DIF_INSTR_IDX(DIF_OP_SETX, 0, 2), DIF_INSTR_RET(2)});
  EXPECT_EQ(d & (bit(1) | bit(2)), 0);
}

TEST(DifRegs, WriteOnEveryPathIsEnough) {
  // 0 setx %r1; 1 tst %r1; 2 be 5; 3 setx %r2; 4 ba 6; 5 setx %r2; 6 ret %r2
  uint16_t d = defregs({DIF_INSTR_IDX(DIF_OP_SETX, 0, 1), DIF_INSTR_FMT(DIF_OP_TST, 1, 0, 0),
                        DIF_INSTR_BRANCH(DIF_OP_BE, 5), DIF_INSTR_IDX(DIF_OP_SETX, 0, 2),
                        DIF_INSTR_BRANCH(DIF_OP_BA, 6), DIF_INSTR_IDX(DIF_OP_SETX, 1, 2), DIF_INSTR_RET(2)});
  EXPECT_EQ(d & (bit(1) | bit(2)), bit(1) | bit(2));
}

TEST(DifRegs, StoreReadsItsAddressRegister) {
  // stx %r1, [%r2]: rd (here %r2) is read, not written.
  uint16_t d = defregs({DIF_INSTR_FMT(DIF_OP_STX, 1, 0, 2), DIF_INSTR_RET(2)});
  EXPECT_EQ(d & (bit(1) | bit(2)), 0);
}

uint16_t ldgs_only(const std::vector<dif_instr_t>& c) {
  dtrace_difo dp{};
  dp.code = c.data();
  dp.ncode = static_cast<uint32_t>(c.size());
  return dtrace_dif_ldgs_only(&dp);
}

TEST(DifLdgsOnly, RecognisesOneGlobalReadReturned) {
  EXPECT_EQ(ldgs_only({ldgs(DIF_VAR_EXECNAME, 3), ret(3)}), DIF_VAR_EXECNAME);
  EXPECT_EQ(ldgs_only({ldgs(0x500, 1), ret(1)}), 0x500);
  EXPECT_EQ(ldgs_only({ldgs(DIF_VAR_PID, 1), ret(2)}), 0);  // returns another register
  EXPECT_EQ(ldgs_only({setx(0, 1), ret(1)}), 0);
  EXPECT_EQ(ldgs_only({ldgs(DIF_VAR_PID, 1), DIF_INSTR_NOP, ret(1)}), 0);
  EXPECT_EQ(ldgs_only({ret(1)}), 0);
}

// The shortcut runs the same LDGS: values as the interpreter's; unknown ids never run.
TEST(DifLdgsOnly, SameValuesAndFaultsAsTheInterpreter) {
  Difo pid;
  pid.code = {ldgs(DIF_VAR_PID, 1), ret(1)};
  EXPECT_EQ(eval(pid).u64(), static_cast<uint64_t>(getpid()));
  Difo cpu;  // curcpu: the address of the port's cpuinfo_t for this CPU
  cpu.code = {ldgs(DIF_VAR_CURCPU, 2), ret(2)};
  Eval e = eval(cpu);
  ASSERT_TRUE(e.recorded);
  EXPECT_EQ(e.u64(), reinterpret_cast<uintptr_t>(dtrace_port_cpuinfo()));
  EXPECT_EQ(dtrace_port_cpuinfo()->cpu_pset, -1);
  Difo bad;  // a built-in id no variable has: refused when enabling
  bad.code = {ldgs(0x012f, 2), ret(2)};
  EXPECT_NE(eval(bad).enable_err, 0);
  Difo name;
  name.code = {ldgs(DIF_VAR_PROBENAME, 1), ret(1)};
  name.rtype = PB_STRING;
  EXPECT_EQ(eval(name).str(), "fire");
}

}  // namespace
}  // namespace kcore
