// ENABLE's kernel memory (issue 22): the ECBs, actions and records an
// enabling would make on all its probes are summed before any is made,
// and a program over dtrace_port_mem_budget() is refused with the
// figures, leaving nothing behind (16 clauses of 4,096 printf()s on
// syscall:::entry filled the 1 GiB guest until the OOM killer came).
#include "harness.h"

namespace {

using namespace kcore;

// nclauses clauses of nacts distinct printf()s on test:::fire, which
// matches the harness's probe and nprobes - 1 more.
struct Program {
  pb b{};
  std::vector<std::string> fmts;
  Program(Harness& h, uint32_t nprobes, uint32_t nclauses, uint32_t nacts) {
    h.add_fire_probes("g", 1, nprobes);
    for (uint32_t i = 0; i < nclauses * nacts; i++) fmts.push_back("format " + std::to_string(i) + "\n");
    for (uint32_t c = 0; c < nclauses; c++) {
      std::vector<Action> acts;
      for (uint32_t i = 0; i < nacts; i++)
        acts.push_back({DTRACEACT_PRINTF, -1, 0, fmts[c * nacts + i].c_str()});
      add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, acts);
    }
  }
  ~Program() { pb_free(&b); }
};

// What the refusal names: "... need N bytes, ...".
uint64_t needed(const char* msg) {
  const char* p = strstr(msg, " need ");
  return p != nullptr ? strtoull(p + 6, nullptr, 10) : 0;
}

TEST(EnableMem, OverTheBudgetIsRefusedBeforeAnyEcb) {
  // 16 clauses x 512 actions on 64 probes: 1,024 ECBs, 524,288 actions.
  Harness h;
  Program p(h, 64, 16, 512);
  dtrace_user_set_mem_budget(1 << 20);
  int err = h.enable(p.b);
  dtrace_user_set_mem_budget(UINT64_MAX);
  EXPECT_EQ(err, -E2BIG) << h.res().msg;
  EXPECT_STREQ(h.res().msg,
               ("enabling: 1024 ECBs with 524288 actions need " + std::to_string(needed(h.res().msg)) +
                " bytes, over the memory budget of 1048576 (MemAvailable / 2)")
                   .c_str());
  // At least the actions and records themselves.
  EXPECT_GE(needed(h.res().msg),
            524288u * (sizeof(dtrace_action) + sizeof(dtrace_recdesc)) + 1024u * sizeof(dtrace_ecb));
  EXPECT_EQ(h.res().nprobes, 0u);
  EXPECT_EQ(h.state()->necbs, 0u);
  EXPECT_EQ(h.state()->nformats, 0u);
  EXPECT_EQ(h.state()->naggs, 0u);
}

TEST(EnableMem, TheFigureIsTheLimit) {
  // One byte short is refused; the figure named is enough.
  Harness h;
  Program p(h, 8, 4, 64);
  dtrace_user_set_mem_budget(1);
  EXPECT_EQ(h.enable(p.b), -E2BIG);
  uint64_t need = needed(h.res().msg);
  ASSERT_GT(need, 0u) << h.res().msg;
  dtrace_user_set_mem_budget(need - 1);
  EXPECT_EQ(h.enable(p.b), -E2BIG) << h.res().msg;
  EXPECT_EQ(h.state()->necbs, 0u);
  dtrace_user_set_mem_budget(need);
  int err = h.enable(p.b);
  dtrace_user_set_mem_budget(UINT64_MAX);
  EXPECT_EQ(err, 0) << h.res().msg;
  EXPECT_EQ(h.res().nprobes, 32u);
  EXPECT_EQ(h.state()->necbs, 32u);
}

TEST(EnableMem, AggregationsCount) {
  // count() per ECB adds its aggregation: the same ECBs need more.
  Harness h1, h2;
  pb a{}, b{};
  add_clause(&a, pb_probe(&a, "test", "", "", "fire"), -1, {{DTRACEACT_PRINTF, -1, 0, "x\n"}});
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_AGG_COUNT, -1}});
  dtrace_user_set_mem_budget(1);
  EXPECT_EQ(h1.enable(a), -E2BIG);
  EXPECT_EQ(h2.enable(b), -E2BIG);
  dtrace_user_set_mem_budget(UINT64_MAX);
  EXPECT_GT(needed(h2.res().msg), needed(h1.res().msg)) << h1.res().msg << " / " << h2.res().msg;
  pb_free(&a);
  pb_free(&b);
}

TEST(EnableMem, TheSumYieldsAndNoticesAKill) {
  // The checks and the sum walk every action of every clause before
  // anything is made: 64 clauses of 2,048 actions are 131,072 steps, so
  // each loop yields once per DTRACE_YIELD_UNITS of them (none did), and
  // a caller killed at the last yield, the sum's, gets -EINTR, not the
  // refusal.
  Harness h;
  Program p(h, 1, 64, 2048);
  const uint64_t steps = 64u * 2048u;
  dtrace_user_set_mem_budget(1);
  uint64_t y0 = dtrace_user_yields();
  EXPECT_EQ(h.enable(p.b), -E2BIG) << h.res().msg;
  uint64_t yields = dtrace_user_yields() - y0;
  EXPECT_GE(yields, 4 * (steps / DTRACE_YIELD_UNITS));  // four loops
  y0 = dtrace_user_yields();
  dtrace_user_kill_after(y0 + yields - 1);
  EXPECT_EQ(h.enable(p.b), -EINTR) << h.res().msg;
  dtrace_user_kill_after(~0ull);
  dtrace_user_set_mem_budget(UINT64_MAX);
  EXPECT_EQ(h.state()->necbs, 0u);
}

}  // namespace
