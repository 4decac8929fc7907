// Randomised robustness (deterministic seeds; run it under ASan/UBSan):
// random DIF that the validator accepts must run without touching memory
// it should not, and random mutations of a valid container must be
// refused or enabled cleanly, never crash.
#include <cstdlib>
#include <random>

#include "dif/core_difo.h"
#include "harness.h"

namespace kcore {
namespace {

// KCORE_FUZZ_SCALE=n multiplies the iterations; KCORE_FUZZ_SEED changes seeds.
int scale() {
  const char* e = std::getenv("KCORE_FUZZ_SCALE");
  return e != nullptr && std::atoi(e) > 0 ? std::atoi(e) : 1;
}
uint64_t seed(uint64_t base) {
  const char* e = std::getenv("KCORE_FUZZ_SEED");
  return base + (e != nullptr ? std::strtoull(e, nullptr, 0) : 0);
}

// Opcodes with their forms, to generate mostly well-formed code.
std::vector<uint8_t> opcodes() {
  std::vector<uint8_t> ops;
  for (int op = 0; op < 256; op++)
    if (dtrace_dif_form(static_cast<uint8_t>(op)) != 0xff) ops.push_back(static_cast<uint8_t>(op));
  return ops;
}

dif_instr_t random_instr(std::mt19937_64& rng, const std::vector<uint8_t>& ops, uint32_t pc, uint32_t n) {
  uint8_t op = ops[rng() % ops.size()];
  uint8_t r1 = rng() % 16, r2 = rng() % 16, rd = 1 + rng() % 15;
  switch (dtrace_dif_form(op)) {
    case DIF_FORM_LABEL: return DIF_INSTR_BRANCH(op, pc + 1 + rng() % (n - pc));
    case DIF_FORM_INT_RD: return DIF_INSTR_IDX(op, rng() % 4, rd);
    case DIF_FORM_STR_RD: return DIF_INSTR_IDX(op, rng() % 12, rd);
    case DIF_FORM_VAR_RD:
    case DIF_FORM_VAR_RS: {
      static const uint16_t vars[] = {DIF_VAR_ARG0,      DIF_VAR_PID, DIF_VAR_EXECNAME,
                                      DIF_VAR_PROBENAME, 0x500,       0x501};
      return DIF_INSTR_IDX(op, vars[rng() % 6], rd);
    }
    case DIF_FORM_SUBR_RD: return DIF_INSTR_IDX(op, rng() % 51, rd);
    case DIF_FORM_TUPLE: return DIF_INSTR_FMT(op, rng() % 2, r2, r1);
    case DIF_FORM_ARRAY_RD: return DIF_INSTR_FMT(op, rng() % 3, r2, rd);
    case DIF_FORM_NONE: return DIF_INSTR_FMT(op, 0, 0, 0);
    case DIF_FORM_RD: return DIF_INSTR_FMT(op, 0, 0, r1);
    case DIF_FORM_R1: return DIF_INSTR_FMT(op, r1, 0, 0);
    case DIF_FORM_R1_R2: return DIF_INSTR_FMT(op, r1, r2, 0);
    case DIF_FORM_R1_RD:
    case DIF_FORM_R1_RS_ADDR: return DIF_INSTR_FMT(op, r1, 0, rd);
    default: return DIF_INSTR_FMT(op, r1, r2, rd);
  }
}

TEST(Fuzz, RandomValidDifRunsSafely) {
  std::mt19937_64 rng(seed(12345));
  const auto ops = opcodes();
  char buf[64] = "a scratch-free buffer";
  int valid = 0, ran = 0;
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  for (int i = 0; i < 400 * scale(); i++) {
    Difo d;
    uint32_t n = 2 + rng() % 24;
    for (uint32_t pc = 0; pc + 1 < n; pc++) d.code.push_back(random_instr(rng, ops, pc, n - 1));
    d.code.push_back(ret(rng() % 16));
    d.ints = {rng(), reinterpret_cast<uintptr_t>(buf), rng() % 64, 0};
    d.strtab = std::string("abc\0xyz\0hello\0", 14);
    d.vars = {var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_REF | DIFV_F_MOD),
              var(0x501, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_REF | DIFV_F_MOD)};
    dtrace_difo dp = dtrace::dif::core_difo(d);
    dtrace_vres vr;
    if (dtrace_dif_validate(&dp, false, &vr) != 0) continue;
    valid++;
    add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
  }
  add_error_clause(&b);
  ASSERT_GT(valid, 20);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  for (int i = 0; i < 20; i++) {
    h.fire(rng(), reinterpret_cast<uintptr_t>(buf), rng() % 100, 0, 0, 0);
    ran += static_cast<int>(h.snap(0).size());
  }
  EXPECT_GT(ran, 0);
}

TEST(Fuzz, MutatedContainersNeverCrash) {
  std::mt19937_64 rng(seed(777));
  pb b{};
  pb_str(&b, "");
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo d;
  d.code = {ldgs(DIF_VAR_ARG0, 1), setx(0, 2), op3(DIF_OP_ADD, 1, 2, 3), ret(3)};
  d.ints = {7};
  Difo s;
  s.strtab = std::string("str\0", 4);
  s.code = {sets(0, 1), ret(1)};
  s.rtype = PB_STRING;
  add_clause(&b, p, -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)},
              {DTRACEACT_PRINTF, -1, 1, "%s"},
              {DTRACEACT_ARG, (int)add_difo(&b, s)},
              {DTRACEACT_AGG_SUM, (int)add_difo(&b, d), 1},
              {DTRACEACT_AGGKEY, 1}});
  size_t size;
  void* blob = pb_blob(&b, &size);
  std::vector<uint8_t> good(static_cast<uint8_t*>(blob), static_cast<uint8_t*>(blob) + size);
  free(blob);
  pb_free(&b);
  int accepted = 0;
  for (int i = 0; i < 3000 * scale(); i++) {
    std::vector<uint8_t> v = good;
    int flips = 1 + rng() % 4;
    for (int f = 0; f < flips; f++) {
      size_t at = rng() % v.size();
      v[at] = (rng() % 3 == 0) ? 0xff : static_cast<uint8_t>(rng());
    }
    Harness h;
    if (h.enable_raw(v.data(), v.size()) != 0) continue;
    accepted++;
    ASSERT_EQ(h.go(), 0);
    h.fire(1, 2, 3, 4, 5, 6);
    h.snap(0);
  }
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace kcore
