// Thread-local variables of exited threads (kernel/core/dynvar.c,
// dynvar_clean.c): dtrace_core_thread_exit() deletes a thread's self->x
// at once and queues it for its self->a[k...], which the next cleaning
// (dtrace_core_clean(), the glue's timer) deletes; both are recycled.
#include "harness.h"

extern "C" {
#include "core/dynvar.h"
}

namespace kcore {
namespace {

constexpr uint16_t kVar = 0x500;

inline dif_instr_t idx(uint8_t op, uint16_t v, uint8_t r) { return DIF_INSTR_IDX(op, v, r); }

// self->x += 1; trace(self->x)
Difo self_counter() {
  Difo d;
  d.strtab = std::string("x\0", 2);
  d.vars = {var(kVar, DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_REF | DIFV_F_MOD)};
  d.ints = {1};
  d.code = {idx(DIF_OP_LDTS, kVar, 1), setx(0, 2), op3(DIF_OP_ADD, 1, 2, 1), idx(DIF_OP_STTS, kVar, 1),
            ret(1)};
  return d;
}

// self->a[arg0] += 1; trace(self->a[arg0])
Difo self_array() {
  Difo d;
  d.strtab = std::string("a\0", 2);
  d.vars = {var(kVar, DIFV_SCOPE_THREAD, DIFV_KIND_ARRAY, PB_INT(8), DIFV_F_REF | DIFV_F_MOD)};
  d.ints = {1};
  d.code = {ldgs(DIF_VAR_ARG0, 4),
            DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0),
            pushtv(4),
            idx(DIF_OP_LDTAA, kVar, 1),
            setx(0, 2),
            op3(DIF_OP_ADD, 1, 2, 1),
            idx(DIF_OP_STTAA, kVar, 1),
            ret(1)};
  return d;
}

struct Threads {
  explicit Threads(const Difo& d, uint64_t dynvarsize = 0, uint64_t cleanrate = 1) {
    pb b{};
    uint32_t p = pb_probe(&b, "test", "", "", "fire");
    add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, static_cast<int>(add_difo(&b, d))}});
    pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
    pb_option(&b, DTRACEOPT_CLEANRATE, cleanrate);
    if (dynvarsize != 0) pb_option(&b, DTRACEOPT_DYNVARSIZE, dynvarsize);
    EXPECT_EQ(h.enable(b), 0) << h.res().msg;
    pb_free(&b);
    EXPECT_EQ(h.go(), 0);
  }
  ~Threads() { dtrace_user_set_thread(0); }
  // Fires as thread t; returns what the clause traced (~0: nothing).
  uint64_t fire(uint64_t t, uint64_t a0 = 0) {
    dtrace_user_set_thread(t);
    h.fire(a0);
    auto r = h.snap(0);
    return r.size() == 1 && r[0].epid == 1 ? r[0].u64(0) : ~0ull;
  }
  void exit(uint64_t t) { dtrace_core_thread_exit(h.core(), t); }
  uint64_t clean() { return dtrace_core_clean(h.core(), dtrace_port_gethrtime() + 1000000); }
  uint64_t drops() {
    dtrace_status s = h.status();
    return s.dtst_dyndrops + s.dtst_dyndrops_dirty + s.dtst_dyndrops_rinsing;
  }
  uint32_t nchunks() { return h.state()->dyn->nchunks; }
  Harness h;
};

constexpr uint64_t kThread = 0x7000;

TEST(DynVarExit, WithoutExitsShortLivedThreadsFillTheStore) {
  Threads t(self_counter(), 4 * 64);
  uint32_t n = t.nchunks();
  ASSERT_GE(n, 1u);
  for (uint64_t i = 0; i < 3 * n; i++) t.fire(kThread + i);
  EXPECT_EQ(t.drops(), 2 * n);
}

TEST(DynVarExit, ExitFreesSelfScalarsForReuse) {
  Threads t(self_counter(), 4 * 64);
  uint32_t n = t.nchunks();
  for (uint64_t i = 0; i < 10 * n; i++) {
    EXPECT_EQ(t.fire(kThread + i), 1u);
    EXPECT_EQ(t.fire(kThread + i), 2u);
    t.exit(kThread + i);
    if (i % n == n - 1) t.clean();
  }
  EXPECT_EQ(t.drops(), 0u);
}

// A new thread that gets an exited one's identity (its task structure
// reused) starts with its own, empty, self->x.
TEST(DynVarExit, ReusedThreadIdentityStartsEmpty) {
  Threads t(self_counter());
  EXPECT_EQ(t.fire(kThread), 1u);
  EXPECT_EQ(t.fire(kThread), 2u);
  EXPECT_EQ(t.fire(kThread + 1), 1u);
  t.exit(kThread);
  EXPECT_EQ(t.fire(kThread), 1u);
  EXPECT_EQ(t.fire(kThread + 1), 2u);  // other threads keep theirs
}

TEST(DynVarExit, CleanerReclaimsSelfArraysOfExitedThreads) {
  Threads t(self_array(), 8 * 80);
  uint32_t n = t.nchunks();
  ASSERT_GE(n, 4u);
  EXPECT_EQ(t.fire(1, 5), 1u);  // a thread that lives on
  for (uint64_t i = 0; i < 5 * n; i++) {
    EXPECT_EQ(t.fire(kThread + i, 1), 1u);
    EXPECT_EQ(t.fire(kThread + i, 2), 1u);
    t.exit(kThread + i);
    if (i % 2 == 1) t.clean();
  }
  EXPECT_EQ(t.drops(), 0u);
  EXPECT_EQ(t.fire(1, 5), 2u);  // still there
}

TEST(DynVarExit, SelfArraysOfExitedThreadsWaitForTheCleaner) {
  Threads t(self_array(), 8 * 80, 1000000000000ull);  // no cleaning unless forced
  uint32_t n = t.nchunks();
  for (uint64_t i = 0; i < n; i++) {
    t.fire(kThread + i, 1);
    t.exit(kThread + i);
  }
  EXPECT_EQ(t.drops(), 0u);
  t.fire(kThread + n, 1);  // full: the queued entries await the cleaner
  EXPECT_EQ(t.drops(), 1u);
  dtrace_dyn_clean(t.h.state(), true);
  EXPECT_EQ(t.fire(kThread + n, 1), 1u);
  EXPECT_EQ(t.drops(), 0u);
}

TEST(DynVarExit, CleanReportsWhenTheNextCleaningIsDue) {
  Harness h;
  EXPECT_EQ(dtrace_core_clean(h.core(), dtrace_port_gethrtime()), 0u);  // nothing traced
  Threads t(self_counter());
  uint64_t next = t.clean();
  EXPECT_GT(next, 0u);
  EXPECT_LE(next, 1000000u);
}

}  // namespace
}  // namespace kcore
