// The DIF interpreter (kernel/core/dif_emulate.c) through the whole
// firing path: each DIFO runs as trace(difo) on test:::fire, faults come
// back through dtrace:::ERROR (doc/dif.md §3, §4, §9).
#include <climits>

#include "harness.h"

namespace kcore {
namespace {

// rd = a OP b for 64-bit constants a and b.
Eval binop(uint8_t op, uint64_t a, uint64_t b) {
  Difo d;
  d.code = {setx(0, 1), setx(1, 2), op3(op, 1, 2, 3), ret(3)};
  d.ints = {a, b};
  return eval(d);
}

uint64_t binval(uint8_t op, uint64_t a, uint64_t b) {
  Eval e = binop(op, a, b);
  EXPECT_TRUE(e.recorded) << "op " << int(op);
  EXPECT_FALSE(e.faulted) << "op " << int(op) << " fault " << e.fault;
  return e.u64();
}

TEST(DifEmulate, Arithmetic) {
  EXPECT_EQ(binval(DIF_OP_ADD, 40, 2), 42u);
  EXPECT_EQ(binval(DIF_OP_ADD, UINT64_MAX, 2), 1u);
  EXPECT_EQ(binval(DIF_OP_SUB, 2, 3), UINT64_MAX);
  EXPECT_EQ(binval(DIF_OP_MUL, 6, 7), 42u);
  EXPECT_EQ(binval(DIF_OP_MUL, 1ull << 63, 2), 0u);
  EXPECT_EQ(binval(DIF_OP_AND, 0xf0f0, 0xff00), 0xf000u);
  EXPECT_EQ(binval(DIF_OP_OR, 0xf0f0, 0x0f00), 0xfff0u);
  EXPECT_EQ(binval(DIF_OP_XOR, 0xff, 0x0f), 0xf0u);
}

TEST(DifEmulate, SignedAndUnsignedDivision) {
  const uint64_t m7 = static_cast<uint64_t>(-7);
  EXPECT_EQ(binval(DIF_OP_SDIV, m7, 2), static_cast<uint64_t>(-3));
  EXPECT_EQ(binval(DIF_OP_UDIV, m7, 2), m7 / 2);
  EXPECT_EQ(binval(DIF_OP_SREM, m7, 2), static_cast<uint64_t>(-1));
  EXPECT_EQ(binval(DIF_OP_UREM, m7, 2), m7 % 2);
  EXPECT_EQ(binval(DIF_OP_SDIV, 1ull << 63, static_cast<uint64_t>(-1)), 1ull << 63);
  EXPECT_EQ(binval(DIF_OP_SREM, 1ull << 63, static_cast<uint64_t>(-1)), 0u);
}

TEST(DifEmulate, DivisionByZeroFaults) {
  for (uint8_t op : {DIF_OP_SDIV, DIF_OP_UDIV, DIF_OP_SREM, DIF_OP_UREM}) {
    Eval e = binop(op, 1, 0);
    EXPECT_FALSE(e.recorded);
    ASSERT_TRUE(e.faulted);
    EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_DIVZERO);
    EXPECT_EQ(e.epid, 1u);
    EXPECT_EQ(e.action, 1u);
    EXPECT_EQ(e.offset, 8u);  // pc 2
    EXPECT_EQ(e.addr, 0u);
  }
}

TEST(DifEmulate, Shifts) {
  EXPECT_EQ(binval(DIF_OP_SLL, 1, 4), 16u);
  EXPECT_EQ(binval(DIF_OP_SLL, 1, 64 + 4), 16u);  // low 6 bits
  EXPECT_EQ(binval(DIF_OP_SRL, 1ull << 63, 63), 1u);
  EXPECT_EQ(binval(DIF_OP_SRA, 1ull << 63, 63), UINT64_MAX);
  EXPECT_EQ(binval(DIF_OP_SRA, 0x80, 4), 8u);
}

TEST(DifEmulate, NotAndMov) {
  Difo d;
  d.code = {setx(0, 1), op3(DIF_OP_NOT, 1, 0, 2), op3(DIF_OP_MOV, 2, 0, 3), ret(3)};
  d.ints = {0x0f};
  EXPECT_EQ(eval(d).u64(), ~0x0full);
}

// 1 if branch op is taken after cmp a, b (or tst a when tst).
uint64_t taken(uint8_t op, uint64_t a, uint64_t b, bool tst = false) {
  Difo d;
  d.code = {setx(0, 1), setx(1, 2), tst ? op3(DIF_OP_TST, 1, 0, 0) : op3(DIF_OP_CMP, 1, 2, 0),
            br(op, 6),  setx(2, 3), ret(3),
            setx(3, 3), ret(3)};
  d.ints = {a, b, 0, 1};
  return eval(d).u64();
}

bool reference(uint8_t op, int64_t a, int64_t b) {
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  switch (op) {
    case DIF_OP_BA: return true;
    case DIF_OP_BE: return a == b;
    case DIF_OP_BNE: return a != b;
    case DIF_OP_BG: return a > b;
    case DIF_OP_BGU: return ua > ub;
    case DIF_OP_BGE: return a >= b;
    case DIF_OP_BGEU: return ua >= ub;
    case DIF_OP_BL: return a < b;
    case DIF_OP_BLU: return ua < ub;
    case DIF_OP_BLE: return a <= b;
    default: return ua <= ub;  // BLEU
  }
}

TEST(DifEmulate, BranchesAfterCmp) {
  const int64_t vals[] = {0, 1, -1, INT64_MAX, INT64_MIN};
  for (uint8_t op = DIF_OP_BA; op <= DIF_OP_BLEU; op++)
    for (int64_t a : vals)
      for (int64_t b : vals)
        EXPECT_EQ(taken(op, static_cast<uint64_t>(a), static_cast<uint64_t>(b)),
                  reference(op, a, b) ? 1u : 0u)
            << "op " << int(op) << " a " << a << " b " << b;
}

TEST(DifEmulate, BranchesAfterTst) {
  EXPECT_EQ(taken(DIF_OP_BE, 0, 0, true), 1u);
  EXPECT_EQ(taken(DIF_OP_BE, 3, 0, true), 0u);
  EXPECT_EQ(taken(DIF_OP_BNE, 3, 0, true), 1u);
  EXPECT_EQ(taken(DIF_OP_BL, static_cast<uint64_t>(-3), 0, true), 1u);
  EXPECT_EQ(taken(DIF_OP_BL, 3, 0, true), 0u);
  EXPECT_EQ(taken(DIF_OP_BGU, 3, 0, true), 1u);
  EXPECT_EQ(taken(DIF_OP_BLU, 3, 0, true), 0u);
}

// 1 if "a" op "b" for strings after scmp.
uint64_t strcmp_taken(uint8_t op, const std::string& a, const std::string& b) {
  Difo d;
  d.strtab = a + std::string(1, '\0') + b + std::string(1, '\0');
  d.code = {sets(0, 1),
            sets(static_cast<uint16_t>(a.size() + 1), 2),
            op3(DIF_OP_SCMP, 1, 2, 0),
            br(op, 6),
            setx(0, 3),
            ret(3),
            setx(1, 3),
            ret(3)};
  d.ints = {0, 1};
  return eval(d).u64();
}

TEST(DifEmulate, StringCompare) {
  EXPECT_EQ(strcmp_taken(DIF_OP_BE, "abc", "abc"), 1u);
  EXPECT_EQ(strcmp_taken(DIF_OP_BE, "abc", "abd"), 0u);
  EXPECT_EQ(strcmp_taken(DIF_OP_BL, "abc", "abd"), 1u);
  EXPECT_EQ(strcmp_taken(DIF_OP_BLU, "abc", "abd"), 1u);
  EXPECT_EQ(strcmp_taken(DIF_OP_BL, "ab", "abc"), 1u);  // prefix is smaller
  EXPECT_EQ(strcmp_taken(DIF_OP_BG, "b", "abc"), 1u);
  EXPECT_EQ(strcmp_taken(DIF_OP_BG, "\xff", "a"), 1u);  // unsigned bytes
}

// (Address 0 is NULL, which compares as "": DifSubr.NullComparesAs...)
TEST(DifEmulate, StringCompareOfBadAddressFaults) {
  Difo d;
  d.strtab = std::string("x\0", 2);
  d.ints = {16};
  d.code = {sets(0, 1), setx(0, 2), op3(DIF_OP_SCMP, 1, 2, 0), ret(0)};
  Eval e = eval(d);
  ASSERT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, 16u);
}

alignas(8) uint8_t memory[16] = {0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 1, 2, 3, 4, 5, 6, 7, 8};

uint64_t load(uint8_t op, uintptr_t addr, Eval* out = nullptr) {
  Difo d;
  d.code = {setx(0, 1), op3(op, 1, 0, 2), ret(2)};
  d.ints = {addr};
  Eval e = eval(d);
  if (out != nullptr) *out = e;
  EXPECT_TRUE(out != nullptr || !e.faulted) << "fault " << e.fault;
  return e.u64();
}

TEST(DifEmulate, KernelLoads) {
  uintptr_t m = reinterpret_cast<uintptr_t>(memory);
  EXPECT_EQ(load(DIF_OP_LDSB, m), static_cast<uint64_t>(int64_t{-127}));
  EXPECT_EQ(load(DIF_OP_LDUB, m), 0x81u);
  EXPECT_EQ(load(DIF_OP_LDSH, m), static_cast<uint64_t>(int64_t{int16_t(0x8281)}));
  EXPECT_EQ(load(DIF_OP_LDUH, m), 0x8281u);
  EXPECT_EQ(load(DIF_OP_LDSW, m), static_cast<uint64_t>(int64_t{int32_t(0x84838281)}));
  EXPECT_EQ(load(DIF_OP_LDUW, m), 0x84838281u);
  EXPECT_EQ(load(DIF_OP_LDX, m + 8), 0x0807060504030201ull);
  EXPECT_EQ(load(DIF_OP_LDUW, m + 1), 0x85848382u);  // misaligned is fine
}

TEST(DifEmulate, UserLoads) {
  uintptr_t m = reinterpret_cast<uintptr_t>(memory);
  EXPECT_EQ(load(DIF_OP_ULDSB, m), static_cast<uint64_t>(int64_t{-127}));
  EXPECT_EQ(load(DIF_OP_ULDUH, m), 0x8281u);
  EXPECT_EQ(load(DIF_OP_ULDX, m + 8), 0x0807060504030201ull);
}

TEST(DifEmulate, BadLoadsFault) {
  uintptr_t m = reinterpret_cast<uintptr_t>(memory);
  Eval e;
  load(DIF_OP_LDX, 0, &e);
  EXPECT_FALSE(e.recorded);
  ASSERT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, 0u);
  EXPECT_EQ(e.offset, 4u);
  load(DIF_OP_ULDUB, 8, &e);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, 8u);
  dtrace_user_fault_add(m + 4, 4);
  load(DIF_OP_LDX, m, &e);  // overlaps the bad range
  dtrace_user_fault_clear();
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, m);
  dtrace_user_priv_add(m, 16);
  load(DIF_OP_LDUB, m, &e);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_KPRIV);
  load(DIF_OP_ULDUB, m, &e);
  dtrace_user_fault_clear();
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_UPRIV);
}

TEST(DifEmulate, SetxAndSets) {
  Difo d;
  d.strtab = std::string("one\0two\0", 8);
  d.code = {sets(4, 1), ret(1)};
  d.rtype = PB_STRING;
  Eval e = eval(d);
  EXPECT_EQ(e.str(), "two");
  EXPECT_EQ(e.value.size(), 256u);
  d.code = {setx(1, 1), ret(1)};
  d.ints = {5, 0xdeadbeefcafef00dull};
  d.rtype = PB_INT(8);
  EXPECT_EQ(eval(d).u64(), 0xdeadbeefcafef00dull);
}

TEST(DifEmulate, ValuesAreTruncatedToTheirSize) {
  Difo d;
  d.code = {setx(0, 1), ret(1)};
  d.ints = {0x1122334455667788ull};
  d.rtype = PB_INT(2);
  Eval e = eval(d);
  ASSERT_EQ(e.value.size(), 8u);  // 2 bytes rounded up to 8
  EXPECT_EQ(e.value[0], 0x88);
  EXPECT_EQ(e.value[1], 0x77);
  EXPECT_EQ(e.value[2], 0);
}

// r2 = scratch of ints[0] bytes (allocs), then rest: rest's instruction i
// is code[2 + i].
std::vector<dif_instr_t> after_allocs(std::initializer_list<dif_instr_t> rest) {
  std::vector<dif_instr_t> c = {setx(0, 1), op3(DIF_OP_ALLOCS, 1, 0, 2)};
  c.insert(c.end(), rest);
  return c;
}

TEST(DifEmulate, StoresOnlyIntoScratch) {
  Difo d;
  // allocs 16 -> r2; stx r1 -> [r2 + 8]; ldx [r2 + 8]
  d.code = after_allocs(
      {setx(1, 3), op3(DIF_OP_ADD, 2, 3, 4), op3(DIF_OP_STX, 1, 0, 4), op3(DIF_OP_LDX, 4, 0, 5), ret(5)});
  d.ints = {16, 8};
  EXPECT_EQ(eval(d).u64(), 16u);
  // A store one byte past the allocation faults, an invalid address as
  // in DTrace.
  d.code[2] = setx(2, 3);
  d.ints = {16, 8, 9};
  Eval e = eval(d);
  ASSERT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  // So does a store to arbitrary memory.
  Difo s;
  s.code = {setx(0, 1), op3(DIF_OP_STB, 1, 0, 1), ret(0)};
  s.ints = {reinterpret_cast<uintptr_t>(memory)};
  e = eval(s);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, reinterpret_cast<uintptr_t>(memory));
}

TEST(DifEmulate, ScratchExhaustionFaults) {
  Difo d;
  d.code = after_allocs({ret(2)});
  d.ints = {1 << 20};
  Eval e = eval(d);
  ASSERT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_NOSCRATCH);
}

TEST(DifEmulate, CopysIntoScratch) {
  Difo d;
  d.code = after_allocs({setx(1, 3), op3(DIF_OP_COPYS, 3, 1, 2), op3(DIF_OP_LDX, 2, 0, 4), ret(4)});
  d.ints = {8, reinterpret_cast<uintptr_t>(memory) + 8};
  EXPECT_EQ(eval(d).u64(), 0x0807060504030201ull);
  d.code[3] = op3(DIF_OP_COPYS, 3, 1, 3);  // destination outside scratch
  EXPECT_EQ(eval(d).fault, (uint64_t)DTRACEFLT_BADADDR);
}

TEST(DifEmulate, TupleStackOverflowFaults) {
  Difo d;
  for (int i = 0; i < DIF_DTR_NREGS; i++) d.code.push_back(pushtv(1));
  d.code.push_back(DIF_INSTR_FMT(DIF_OP_POPTS, 0, 0, 0));
  d.code.push_back(pushtv(1));  // fits again after the pop
  d.code.push_back(DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0));
  d.code.push_back(ret(0));
  EXPECT_FALSE(eval(d).faulted);
  d.code.pop_back();
  d.code.pop_back();
  d.code.push_back(pushtv(1));
  d.code.push_back(ret(0));
  Eval e = eval(d);
  ASSERT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_TUPOFLOW);
  EXPECT_EQ(e.offset, 4u * (DIF_DTR_NREGS + 2));
}

}  // namespace
}  // namespace kcore
