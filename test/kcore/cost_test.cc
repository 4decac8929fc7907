// The cost of one firing and the time of ENABLE (doc/limits.md §2, §3):
// a clause at DTRACE_CLAUSE_COST_MAX is accepted and one unit more is
// refused with a message; validating 4096 variables x 65,536
// instructions takes a binary search per instruction (the vartab is
// sorted, not scanned: counted in steps, not timed); a killed
// caller ends a long ENABLE with -EINTR and leaves the state usable;
// chill() is capped per CPU across all states.
#include <cstdint>

#include "compare_clause.h"
#include "harness.h"

extern "C" {
#include "core/dif_cost.h"
#include "dtrace/limits.h"
}

namespace kcore {
namespace {

int enable_compares(Harness& h, const CompareClause& c) {
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(&b, c.difo())}});
  pb_option(&b, DTRACEOPT_STRSIZE, kStrsize);
  int err = h.enable(b);
  pb_free(&b);
  return err;
}

TEST(Cost, DifoCostCountsStringBytes) {
  CompareClause c{3, 5};
  Difo d = c.difo();
  dtrace_cost_env env{kStrsize, dtrace_cost_scratch(kStrsize, 256), 1};
  EXPECT_EQ(dtrace_dif_cost(d.code.data(), (uint32_t)d.code.size(), nullptr, 0, &env),
            DTRACE_COST_INSTR * (3ull + 3 + 5) + 3 * 2 * kStrsize);
}

TEST(Cost, ClauseAtBudgetAccepted) {
  CompareClause c = CompareClause::costing(DTRACE_CLAUSE_COST_MAX);
  ASSERT_EQ(CompareClause::cost(c.k, c.nops), DTRACE_CLAUSE_COST_MAX);
  ASSERT_LT(c.k + c.nops + 3, DIF_MAX_INSTRS);
  Harness h;
  EXPECT_EQ(enable_compares(h, c), 0) << h.res().msg;
}

TEST(Cost, ClausePastBudgetRefused) {
  CompareClause c = CompareClause::costing(DTRACE_CLAUSE_COST_MAX);
  c.nops++;
  Harness h;
  EXPECT_EQ(enable_compares(h, c), -E2BIG);
  EXPECT_EQ(h.res().clause, 0u);
  EXPECT_NE(std::string(h.res().msg).find("clause 0 may cost"), std::string::npos) << h.res().msg;
  // Nothing was enabled: a cheap clause still goes in.
  EXPECT_EQ(enable_compares(h, {1, 0}), 0) << h.res().msg;
}

TEST(Cost, ManyActionsAddUp) {
  // 2,000 trace(execname) at strsize 64 KiB: each action is cheap, the
  // clause is not.
  Harness h;
  pb b{};
  uint32_t di = add_difo(&b, builtin(DIF_VAR_EXECNAME, PB_STRING));
  std::vector<Action> acts(2000, Action{DTRACEACT_DIFEXPR, (int)di});
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, acts);
  pb_option(&b, DTRACEOPT_STRSIZE, kStrsize);
  EXPECT_EQ(h.enable(b), -E2BIG) << h.res().msg;
  pb_free(&b);
}

// LDGS of nvars globals in turn, 65,536 instructions.
Difo many_vars(uint32_t nvars) {
  Difo d;
  d.strtab = std::string("v") + '\0';
  for (uint32_t i = 0; i < nvars; i++)
    d.vars.push_back(var(static_cast<uint16_t>(DIF_VAR_OTHER_UBASE + i), DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR,
                         PB_INT(8), DIFV_F_REF));
  for (uint32_t pc = 0; pc + 1 < DIF_MAX_INSTRS; pc++)
    d.code.push_back(ldgs(static_cast<uint16_t>(DIF_VAR_OTHER_UBASE + pc % nvars), 1));
  d.code.push_back(ret(1));
  return d;
}

// The steps (binary-search probes, heap sifts) one ENABLE of
// many_vars(nvars) counts through dtrace_port_tally(DTRACE_STEP_VARTAB and _SORT): work,
// not time, so that a loaded machine or a sanitizer cannot change the verdict.
uint64_t enable_steps(uint32_t nvars) {
  Difo d = many_vars(nvars);
  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
  auto tally = [] { return dtrace_user_tally(DTRACE_STEP_VARTAB) + dtrace_user_tally(DTRACE_STEP_SORT); };
  uint64_t s0 = tally();
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  uint64_t steps = tally() - s0;
  pb_free(&b);
  return steps;
}

TEST(Cost, VartabValidationIsNotQuadratic) {
  // A scan per instruction made 4096 variables cost 65,536 x 4096 / 2
  // compares (134 million); the sorted table makes each a binary search
  // of log2(4096) + 1 steps, and the sort n log n sifts.
  uint64_t lg = 1;
  while ((1ull << lg) < DIF_MAX_VARTAB) lg++;
  uint64_t one = enable_steps(1), many = enable_steps(DIF_MAX_VARTAB);
  EXPECT_GE(one, DIF_MAX_INSTRS - 1u) << "each LDGS searches the vartab";
  EXPECT_LE(many, (DIF_MAX_INSTRS + 2ull * DIF_MAX_VARTAB) * (lg + 1))
      << one << " steps for 1 variable, " << many << " for " << DIF_MAX_VARTAB;
}

TEST(Cost, DuplicateVariableStillRefused) {
  Difo d;
  d.strtab = std::string("v") + '\0';
  for (uint16_t i = 0; i < 100; i++)
    d.vars.push_back(var(static_cast<uint16_t>(DIF_VAR_OTHER_UBASE + i), DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR,
                         PB_INT(8), DIFV_F_REF));
  d.vars.push_back(d.vars[40]);
  d.vars.push_back(d.vars[7]);
  d.code = {ret(0)};
  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
  EXPECT_EQ(h.enable(b), -EINVAL);
  EXPECT_EQ(h.res().dvr, (uint32_t)DIF_DVR_VARTAB);
  EXPECT_NE(std::string(h.res().msg).find("variable entry 100"), std::string::npos) << h.res().msg;
  pb_free(&b);
}

TEST(Cost, KilledCallerEndsEnable) {
  // 64 DIFOs: ENABLE yields at each; the caller is "killed" at the 10th.
  Harness h;
  pb b{};
  std::vector<Action> acts;
  for (int i = 0; i < 64; i++) {
    Difo d;
    d.code = {setx(0, 1), ret(1)};
    d.ints = {static_cast<uint64_t>(i)};
    acts.push_back({DTRACEACT_DIFEXPR, (int)add_difo(&b, d)});
  }
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, acts);
  uint64_t y0 = dtrace_user_yields();
  dtrace_user_kill_after(y0 + 10);
  EXPECT_EQ(h.enable(b), -EINTR);
  EXPECT_LE(dtrace_user_yields() - y0, 12u);
  dtrace_user_kill_after(~0ull);
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;  // the state was left as it was
  pb_free(&b);
}

TEST(Cost, DestroyWaitsOneGracePeriod) {
  // 500 ECBs, running: closing the state waits for firings once.
  Harness h;
  pb b{};
  Difo d;
  d.code = {setx(0, 1), ret(1)};
  d.ints = {7};
  uint32_t di = add_difo(&b, d);
  for (int i = 0; i < 500; i++)
    add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)di}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  uint64_t y0 = dtrace_user_yields(), s0 = dtrace_user_syncs();
  h.release_state(true);
  EXPECT_EQ(dtrace_user_syncs() - s0, 1u);
  EXPECT_GE(dtrace_user_yields() - y0, 1u);  // 500 unlinks: it yielded
}

TEST(Cost, StatesThatNeverTracedCostNoWaitAndNoExitWalk) {
  // A descriptor that never traced is freed without a grace period, and
  // only states with thread-locals are on the thread-exit list.
  Harness h;
  uint64_t s0 = dtrace_user_syncs();
  for (int i = 0; i < 100; i++) dtrace_state_destroy(dtrace_state_create(h.core()));
  EXPECT_EQ(dtrace_user_syncs() - s0, 0u);
  EXPECT_EQ(h.core()->nstates, 1u);
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  EXPECT_EQ(h.core()->exit_states, nullptr);  // no thread-locals
  h.release_state(true);
  EXPECT_EQ(h.core()->nstates, 0u);
}

int enable_on(dtrace_state* st, const pb& b) {
  size_t size;
  void* blob = pb_blob(&b, &size);
  void* copy = dtrace_port_zalloc(size);
  std::memcpy(copy, blob, size);
  free(blob);
  dtrace_enable_res res{};
  return dtrace_state_enable(st, copy, size, &res);
}

TEST(Cost, ChillCapIsPerCpuAcrossStates) {
  // Two consumers each chill(400 ms) on every firing: together they may
  // spin 500 ms per second on a CPU, not 800.
  Harness h;
  dtrace_user_set_time(5000000000ull);
  pb b{};
  Difo ns;
  ns.code = {setx(0, 1), ret(1)};
  ns.ints = {400000000};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_CHILL, (int)add_difo(&b, ns)}});
  pb_option(&b, DTRACEOPT_DESTRUCTIVE, 1);
  ASSERT_EQ(h.enable(b), 0) << h.res().msg;
  dtrace_state* st2 = dtrace_state_create(h.core());
  ASSERT_EQ(enable_on(st2, b), 0);
  pb_free(&b);
  ASSERT_EQ(h.go(), 0);
  uint32_t cpu;
  ASSERT_EQ(dtrace_state_go(st2, &cpu), 0);
  uint64_t s0 = dtrace_user_spun();
  h.fire();
  EXPECT_EQ(dtrace_user_spun() - s0, DTRACE_CHILL_MAX_NS);
  h.fire();  // same window: nothing left
  EXPECT_EQ(dtrace_user_spun() - s0, DTRACE_CHILL_MAX_NS);
  dtrace_user_set_cpu(1);  // another CPU has its own window
  h.fire();
  EXPECT_EQ(dtrace_user_spun() - s0, 2 * DTRACE_CHILL_MAX_NS);
  dtrace_user_set_cpu(0);
  dtrace_user_set_time(5000000000ull + DTRACE_CHILL_WINDOW_NS);  // a new window
  h.fire();
  EXPECT_EQ(dtrace_user_spun() - s0, 3 * DTRACE_CHILL_MAX_NS);
  dtrace_state_destroy(st2);
  dtrace_user_set_time(0);
}

}  // namespace
}  // namespace kcore
