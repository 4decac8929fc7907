// Sizes the module sums or multiplies (kernel/uapi/dtrace/limits.h,
// doc/limits.md §1): record layouts, aggregation entries, counts and
// option extremes are computed in 64 bits against their limit; past it
// ENABLE refuses with -E2BIG and says which, and GO shrinks (bufresize
// auto) or refuses (-ENOMEM) what cannot be allocated.
#include "harness.h"

extern "C" {
#include "dtrace/limits.h"
}

namespace kcore {
namespace {

Difo execname() {
  Difo d;
  d.code = {ldgs(DIF_VAR_EXECNAME, 1), ret(1)};
  d.rtype = PB_STRING;
  return d;
}

Difo arg0() {
  Difo d;
  d.code = {ldgs(DIF_VAR_ARG0, 1), ret(1)};
  return d;
}

// test:::fire { trace(execname); x n } at strsize, all through one DIFO.
int enable_traces(Harness& h, uint32_t n, uint64_t strsize) {
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  int d = (int)add_difo(&b, execname());
  std::vector<Action> acts(n, Action{DTRACEACT_DIFEXPR, d});
  add_clause(&b, p, -1, acts);
  pb_option(&b, DTRACEOPT_STRSIZE, strsize);
  int err = h.enable(b);
  pb_free(&b);
  return err;
}

// test:::fire { @[execname, x nkeys] = count(); } at strsize.
int enable_keys(Harness& h, uint32_t nkeys, uint64_t strsize) {
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  int d = (int)add_difo(&b, execname());
  std::vector<Action> acts{{DTRACEACT_AGG_COUNT, -1, nkeys}};
  for (uint32_t i = 0; i < nkeys; i++) acts.push_back({DTRACEACT_AGGKEY, d});
  add_clause(&b, p, -1, acts);
  pb_option(&b, DTRACEOPT_STRSIZE, strsize);
  int err = h.enable(b);
  pb_free(&b);
  return err;
}

bool says(const Harness& h, const std::string& what) {
  return std::string(h.res().msg).find(what) != std::string::npos;
}

// A clause at a size limit is also far over the cost budget of one
// firing (limits.h §2), which ENABLE checks after the sizes: refused for
// its cost, not its size, and rolled back.
bool over_budget(Harness& h) {
  return std::string(h.res().msg).find("may cost") != std::string::npos && h.state()->necbs == 0;
}

TEST(Sizes, RecordAtTheLimitIsLaidOut) {
  Harness h;  // 256 strings of 64 KiB: exactly DTRACE_MAX_RECSIZE
  ASSERT_EQ(enable_traces(h, 256, 65536), -E2BIG);
  EXPECT_TRUE(over_budget(h)) << h.res().msg;
}

TEST(Sizes, RecordPastTheLimitIsRefused) {
  Harness h;
  EXPECT_EQ(enable_traces(h, 257, 65536), -E2BIG);
  EXPECT_TRUE(says(h, "clause 0: 16842752 bytes of record data, over the limit of 16777216")) << h.res().msg;
  EXPECT_EQ(h.res().clause, 0u);
  EXPECT_EQ(h.state()->necbs, 0u);  // rolled back
  // The state is as before: a fitting program still enables and runs.
  ASSERT_EQ(enable_traces(h, 2, 256), 0) << h.res().msg;
  ASSERT_EQ(h.go(), 0);
  h.fire();
  EXPECT_EQ(h.snap().size(), 1u);
}

// dtrace -e's dry run: the same verdict as ENABLE, and the state as
// before (nothing enabled, a real ENABLE still works).
TEST(Sizes, DryRunRefusesAsEnableAndLeavesTheState) {
  Harness h;
  for (uint32_t n : {257u, 2u}) {
    pb b{};
    uint32_t p = pb_probe(&b, "test", "", "", "fire");
    int d = (int)add_difo(&b, execname());
    add_clause(&b, p, -1, std::vector<Action>(n, Action{DTRACEACT_DIFEXPR, d}));
    pb_option(&b, DTRACEOPT_STRSIZE, 65536);
    size_t size;
    void* blob = pb_blob(&b, &size);
    dtrace_enable_res res{};
    int err = dtrace_state_enable_dry(h.state(), blob, size, &res);
    free(blob);
    pb_free(&b);
    if (n == 257) {
      EXPECT_EQ(err, -E2BIG);
      EXPECT_NE(std::string(res.msg).find("16842752 bytes of record data"), std::string::npos) << res.msg;
    } else {
      EXPECT_EQ(err, 0) << res.msg;
    }
    EXPECT_EQ(h.state()->necbs, 0u);
    EXPECT_EQ(h.state()->naggs, 0u);
  }
  ASSERT_EQ(enable_traces(h, 2, 256), 0) << h.res().msg;
  EXPECT_EQ(h.state()->necbs, 1u);
}

// 65536 strings of 64 KiB are 2^32 bytes: a 32-bit sum was 0 and every
// record was written past the buffer.
TEST(Sizes, RecordOfFourGigabytesDoesNotWrap) {
  Harness h;
  EXPECT_EQ(enable_traces(h, 65536, 65536), -E2BIG);
  EXPECT_TRUE(says(h, "4294967296 bytes of record data")) << h.res().msg;
}

TEST(Sizes, ActionsPastTheLimitAreRefused) {
  Harness h;
  EXPECT_EQ(enable_traces(h, DTRACE_MAX_CLAUSE_ACTS + 1, 65536), -E2BIG);
  EXPECT_TRUE(says(h, "clause 0: 65537 actions, over the limit of 65536")) << h.res().msg;
  Harness g;
  EXPECT_EQ(enable_traces(g, DTRACE_MAX_CLAUSE_ACTS, 8), -E2BIG);
  EXPECT_TRUE(over_budget(g)) << g.res().msg;
}

TEST(Sizes, AggregationKeyAtAndPastTheLimit) {
  Harness h;  // 255 keys of 64 KiB and an 8-byte count fit in 16 MiB
  ASSERT_EQ(enable_keys(h, 255, 65536), -E2BIG);
  EXPECT_TRUE(over_budget(h)) << h.res().msg;
  Harness g;
  EXPECT_EQ(enable_keys(g, 256, 65536), -E2BIG);
  EXPECT_TRUE(says(g, "16777224 bytes of aggregation key and value")) << g.res().msg;
  Harness w;  // 65535 keys: 2^32 - 65536 bytes, near a 32-bit wrap
  EXPECT_EQ(enable_keys(w, 65535, 65536), -E2BIG);
  EXPECT_TRUE(says(w, "4294901768 bytes of aggregation")) << w.res().msg;
}

TEST(Sizes, AggslotsAreCappedForHugeAggsize) {
  EXPECT_EQ(dtrace_aggslots(0), DTRACE_MIN_AGGSLOTS);
  EXPECT_EQ(dtrace_aggslots(4u << 20), (4u << 20) / 16);
  for (uint64_t size : {1ull << 31, 1ull << 32, 64ull << 30, 1ull << 40, 1ull << 63, ~0ull})
    EXPECT_EQ(dtrace_aggslots(size), DTRACE_MAX_AGGSLOTS) << size;
}

// -x aggsize=64g: the slot count doubled a 32-bit value to 0 and GO
// looped forever under the lock.
int go_count(Harness& h, uint64_t aggsize, uint64_t bufresize, uint64_t budget) {
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 0}});
  pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
  pb_option(&b, DTRACEOPT_AGGSIZE, aggsize);
  pb_option(&b, DTRACEOPT_BUFRESIZE, bufresize);
  return h.start(b, budget);
}

TEST(Sizes, HugeAggsizeIsLoweredWithAutoResize) {
  Harness h;
  ASSERT_EQ(go_count(h, 64ull << 30, 0, 64 << 20), 0);
  EXPECT_LE(h.state()->aggsize, 16u << 20);
  EXPECT_EQ(h.state()->bufsize, 64u << 10);  // fitted: not halved with it
  EXPECT_EQ(h.state()->aggslots, dtrace_aggslots(h.state()->aggsize));
  h.fire();
  h.fire();
  const void* data = nullptr;
  dtrace_bufdesc d{};
  ASSERT_EQ(dtrace_state_aggsnap(h.state(), 0, h.state()->aggsize, &d, &data), 0);
  ASSERT_EQ(d.dtbd_size, 16u);  // one entry: aggent and the count
  int64_t n;
  std::memcpy(&n, static_cast<const uint8_t*>(data) + 8, 8);
  EXPECT_EQ(n, 2);
}

TEST(Sizes, HugeAggsizeIsRefusedWithManualResize) {
  for (uint64_t size : {1ull << 31, 1ull << 32, 64ull << 30, 1ull << 40}) {
    Harness h;
    EXPECT_EQ(go_count(h, size, 1, UINT64_MAX), -ENOMEM) << size;
  }
}

TEST(Sizes, OptionsPastTheirRangeAreRefused) {
  struct {
    uint32_t opt;
    uint64_t bad;
  } cases[] = {
      {DTRACEOPT_BUFSIZE, DTRACE_OPT_MAXSIZE + 1},
      {DTRACEOPT_BUFSIZE, 1ull << 63},
      {DTRACEOPT_BUFSIZE, ~0ull},
      {DTRACEOPT_BUFSIZE, 1},
      {DTRACEOPT_AGGSIZE, 1ull << 63},
      {DTRACEOPT_DYNVARSIZE, ~0ull},
      {DTRACEOPT_SPECSIZE, 1ull << 63},
      {DTRACEOPT_NSPEC, 0},
      {DTRACEOPT_NSPEC, DTRACE_OPT_MAXNSPEC + 1},
      {DTRACEOPT_STRSIZE, 1},
      {DTRACEOPT_STRSIZE, 1ull << 32},
      {DTRACEOPT_SCRATCHSIZE, ~0ull},
  };
  Harness s;  // the option's name and value
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, arg0())}});
  pb_option(&b, DTRACEOPT_STRSIZE, 1);
  EXPECT_EQ(s.enable(b), -EINVAL);
  EXPECT_STREQ(s.res().msg, "option STRSIZE: 1 is out of range (doc/limits.md)");
  pb_free(&b);
  for (const auto& c : cases) {
    Harness h;
    pb b{};
    add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
               {{DTRACEACT_DIFEXPR, (int)add_difo(&b, arg0())}});
    pb_option(&b, c.opt, c.bad);
    EXPECT_EQ(h.enable(b), -EINVAL) << c.opt << " " << c.bad;
    EXPECT_TRUE(says(h, "is out of range")) << h.res().msg;
    pb_free(&b);
  }
}

// bufsize, dynvarsize and specsize at the top of their range: GO fits
// them (auto) or refuses (manual); nothing allocates past one allocation.
TEST(Sizes, LargestSizesFitOrAreRefused) {
  for (uint64_t resize : {0, 1}) {
    for (uint32_t opt : {DTRACEOPT_BUFSIZE, DTRACEOPT_DYNVARSIZE, DTRACEOPT_SPECSIZE}) {
      for (uint64_t size : {1ull << 31, 1ull << 32, DTRACE_OPT_MAXSIZE}) {
        Harness h;
        pb b{};
        add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
                   {{DTRACEACT_DIFEXPR, (int)add_difo(&b, arg0())}});
        pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
        pb_option(&b, opt, size);
        pb_option(&b, DTRACEOPT_BUFRESIZE, resize);
        ASSERT_EQ(h.enable(b), 0) << h.res().msg;
        pb_free(&b);
        int err = h.go(256 << 20);
        // specsize is lowered to DTRACE_MAX_SPECSIZE (1 MiB) whatever
        // bufresize says: it fits.
        if (resize == 1 && opt != DTRACEOPT_SPECSIZE) {
          EXPECT_EQ(err, -ENOMEM) << opt << " " << size;
          continue;
        }
        ASSERT_EQ(err, 0) << opt << " " << size;
        h.fire(5);
        EXPECT_EQ(h.values(), (std::vector<uint64_t>{5})) << opt << " " << size;
      }
    }
  }
}

TEST(Sizes, DifosPastTheLimitAreRefused) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  int d = 0;
  for (uint32_t i = 0; i <= DTRACE_MAX_DIFOS; i++) d = (int)add_difo(&b, arg0());
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, d}});
  EXPECT_EQ(h.enable(b), -E2BIG);
  EXPECT_TRUE(says(h, "program: 262145 DIFOs, over the limit of 262144")) << h.res().msg;
  pb_free(&b);
}

// 1025 by-reference globals of 1 MiB: more than DTRACE_MAX_VARSTORE.
TEST(Sizes, VariableStorePastTheLimitIsRefused) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo d = arg0();
  d.strtab = std::string("v\0", 2);
  for (uint16_t i = 0; i < 1025; i++)
    d.vars.push_back(var(DIF_VAR_OTHER_UBASE + i, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR,
                         pb_type(DIF_TYPE_CTF, DIF_TF_BYREF, DTRACE_BYREF_MAX), 0));
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
  EXPECT_EQ(h.enable(b), -E2BIG);
  EXPECT_TRUE(says(h, "variables: 1074790400 bytes by reference, over the limit of 1073741824"))
      << h.res().msg;
  pb_free(&b);
}

}  // namespace
}  // namespace kcore
