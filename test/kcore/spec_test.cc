// Speculations (doc/program.md §6.3, spec.h): speculation() ids and
// their exhaustion, speculate() into per-CPU buffers, commit() copying
// into the principal buffer, discard(), the cleaner for other CPUs'
// buffers, and the drop counters.
#include "harness.h"

namespace kcore {
namespace {

Difo arg(uint16_t n) { return builtin(static_cast<uint16_t>(DIF_VAR_ARG0 + n)); }

Difo speculation() {
  Difo d;
  d.code = {DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0), call(DIF_SUBR_SPECULATION, 1), ret(1)};
  return d;
}

// arg0 == k
Difo arg0_is(uint64_t k) {
  Difo d;
  d.code = {ldgs(DIF_VAR_ARG0, 1),
            setx(0, 2),
            op3(DIF_OP_SUB, 1, 2, 1),
            DIF_INSTR_FMT(DIF_OP_TST, 1, 0, 0),
            br(DIF_OP_BE, 7),
            setx(1, 3),
            ret(3),
            setx(2, 3),
            ret(3)};
  d.ints = {k, 0, 1};
  return d;
}

enum { kNew = 1, kSpec = 2, kCommit = 3, kDiscard = 4 };

// Clauses on test:::fire picked by arg0 (EPID = the kind):
// 1: trace(speculation()); 2: speculate(arg2); trace(arg1);
// 3: commit(arg2); 4: discard(arg2).
class Spec {
 public:
  explicit Spec(std::vector<std::pair<uint32_t, uint64_t>> opts = {}) {
    pb b{};
    uint32_t p = pb_probe(&b, "test", "", "", "fire");
    add_clause(&b, p, (int)add_difo(&b, arg0_is(kNew)),
               {{DTRACEACT_DIFEXPR, (int)add_difo(&b, speculation())}});
    add_clause(
        &b, p, (int)add_difo(&b, arg0_is(kSpec)),
        {{DTRACEACT_SPECULATE, (int)add_difo(&b, arg(2))}, {DTRACEACT_DIFEXPR, (int)add_difo(&b, arg(1))}});
    add_clause(&b, p, (int)add_difo(&b, arg0_is(kCommit)), {{DTRACEACT_COMMIT, (int)add_difo(&b, arg(2))}});
    add_clause(&b, p, (int)add_difo(&b, arg0_is(kDiscard)), {{DTRACEACT_DISCARD, (int)add_difo(&b, arg(2))}});
    err = enable_program(h, b, opts);
    if (err == 0) err = h.go();
  }
  // ENABLE and GO succeeded and speculation() handed out id 1.
  testing::AssertionResult took_id1() {
    if (err != 0) return testing::AssertionFailure() << "ENABLE or GO: " << err;
    uint64_t id = take();
    if (id != 1) return testing::AssertionFailure() << "speculation() gave " << id;
    return testing::AssertionSuccess();
  }
  uint64_t take() {
    h.fire(kNew);
    auto r = h.snap(0);
    EXPECT_EQ(r.size(), 1u);
    return r.size() == 1 ? r[0].u64(0) : ~0ull;
  }
  // Values of the records of cpu's buffer, EPID * 1000 + value.
  std::vector<uint64_t> snap(uint32_t cpu = 0) {
    std::vector<uint64_t> v;
    for (const Record& r : h.snap(cpu)) v.push_back(r.epid * 1000 + r.u64(0));
    return v;
  }
  Harness h;
  int err = 0;
};

TEST(Spec, MoreThanTheMemoryBudgetIsRefused) {
  dtrace_user_set_mem_budget(64 << 20);  // 2 CPUs x 65536 x 1 MiB is not
  Spec s({{DTRACEOPT_NSPEC, 65536}, {DTRACEOPT_SPECSIZE, 1 << 20}, {DTRACEOPT_BUFRESIZE, 1}});
  dtrace_user_set_mem_budget(UINT64_MAX);
  EXPECT_EQ(s.err, -ENOMEM);
}

// bufresize=auto lowers specsize as DTrace does, down to what fits.
TEST(Spec, AutoResizeLowersSpecsizeIntoTheBudget) {
  dtrace_user_set_mem_budget(64 << 20);
  Spec s({{DTRACEOPT_NSPEC, 4}, {DTRACEOPT_SPECSIZE, 1ull << 40}});
  dtrace_user_set_mem_budget(UINT64_MAX);
  ASSERT_EQ(s.err, 0);
  EXPECT_LE(2 * 4 * s.h.state()->opts[DTRACEOPT_SPECSIZE], 64u << 20);  // 2 CPUs x 4
  uint64_t id = s.take();
  s.h.fire(kSpec, 7, id);
  s.h.fire(kCommit, 0, id);
  EXPECT_EQ(s.snap(), (std::vector<uint64_t>{3000 + id, 2007}));
}

TEST(Spec, IdsRunOut) {
  Spec s({{DTRACEOPT_NSPEC, 2}});
  ASSERT_EQ(s.err, 0);
  EXPECT_EQ(s.take(), 1u);
  EXPECT_EQ(s.take(), 2u);
  EXPECT_EQ(s.take(), 0u);
  dtrace_status st = s.h.status();
  EXPECT_EQ(st.dtst_specdrops_unavail, 1u);
  EXPECT_EQ(st.dtst_specdrops_busy, 0u);
}

TEST(Spec, CommitCopiesIntoThePrincipalBuffer) {
  Spec s;
  ASSERT_TRUE(s.took_id1());
  s.h.fire(kSpec, 42, 1);
  s.h.fire(kSpec, 43, 1);
  EXPECT_TRUE(s.snap().empty());
  s.h.fire(kCommit, 0, 1);
  EXPECT_EQ(s.snap(), (std::vector<uint64_t>{3001, 2042, 2043}));
  EXPECT_EQ(s.take(), 1u);  // free again at once: no other CPU had data
  s.h.fire(kSpec, 44, 1);
  s.h.fire(kDiscard, 0, 1);
  EXPECT_EQ(s.snap(), (std::vector<uint64_t>{4001}));
  EXPECT_EQ(s.take(), 1u);
  EXPECT_EQ(s.h.status().dtst_specdrops, 0u);
}

// -x temporal merges CPUs by time: committed records take the commit's
// time so that the principal buffer stays in time order.
TEST(Spec, CommittedRecordsTakeTheCommitTime) {
  Spec s;
  ASSERT_TRUE(s.took_id1());
  dtrace_user_set_time(1000);
  s.h.fire(kSpec, 42, 1);
  dtrace_user_set_time(2000);
  s.h.fire(kSpec, 43, 1);
  dtrace_user_set_time(5000);
  s.h.fire(kCommit, 0, 1);
  dtrace_user_set_time(0);
  std::vector<Record> r = s.h.snap(0);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].timestamp, 5000u);  // the commit's own record
  EXPECT_EQ(r[1].timestamp, 5000u);
  EXPECT_EQ(r[2].timestamp, 5000u);
  EXPECT_EQ(r[2].u64(0), 43u);
}

TEST(Spec, InactiveIdsRecordNothing) {
  Spec s;
  ASSERT_EQ(s.err, 0);
  s.h.fire(kSpec, 42, 0);
  s.h.fire(kSpec, 42, 1);  // never handed out
  s.h.fire(kCommit, 0, 1);
  EXPECT_EQ(s.snap(), (std::vector<uint64_t>{3001}));
  EXPECT_EQ(s.h.status().dtst_specdrops, 0u);
}

// speculate() of an id past nspec drops its clause silently, as DTrace
// does; commit() of one faults ILLOP outside DIF (ERROR's arg3 is -1).
TEST(Spec, IdsBeyondNspec) {
  Spec s;
  ASSERT_EQ(s.err, 0);
  s.h.fire(kSpec, 42, 2);
  EXPECT_TRUE(s.h.snap(0).empty());
  s.h.fire(kCommit, 0, 2);
  auto r = s.h.snap(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].epid, 5u);             // the ERROR clause, not commit's record
  EXPECT_EQ(r[0].u64(8), 1u);           // arg2: action 1
  EXPECT_EQ(r[0].u64(16), UINT64_MAX);  // arg3: no DIF offset
  EXPECT_EQ(r[0].u64(24), (uint64_t)DTRACEFLT_ILLOP);
}

// A record that does not fit is dropped and counted when the
// speculation is committed; a discarded speculation's drops go with it.
TEST(Spec, FullBufferDropsCountAtCommit) {
  Spec s({{DTRACEOPT_SPECSIZE, 24}});  // one 16 + 8 byte record
  ASSERT_TRUE(s.took_id1());
  s.h.fire(kSpec, 1, 1);
  s.h.fire(kSpec, 2, 1);
  EXPECT_EQ(s.h.status().dtst_specdrops, 0u);
  s.h.fire(kCommit, 0, 1);
  EXPECT_EQ(s.h.status().dtst_specdrops, 1u);
  EXPECT_EQ(s.snap(), (std::vector<uint64_t>{3001, 2001}));
  ASSERT_TRUE(s.took_id1());
  s.h.fire(kSpec, 3, 1);
  s.h.fire(kSpec, 4, 1);
  s.h.fire(kDiscard, 0, 1);
  EXPECT_EQ(s.h.status().dtst_specdrops, 0u);  // STATUS: since the last one
}

TEST(Spec, OtherCpusAreCommittedByTheCleaner) {
  Spec s;
  ASSERT_TRUE(s.took_id1());
  s.h.fire_on(1, kSpec, 50, 1);
  s.h.fire(kSpec, 51, 1);
  s.h.fire(kCommit, 0, 1);
  EXPECT_EQ(s.snap(0), (std::vector<uint64_t>{3001, 2051}));
  EXPECT_TRUE(s.snap(1).empty());
  EXPECT_EQ(s.take(), 0u);                          // CPU 1 still holds data: busy
  EXPECT_EQ(s.h.status().dtst_specdrops_busy, 1u);  // and cleans
  EXPECT_EQ(s.snap(1), (std::vector<uint64_t>{2050}));
  EXPECT_EQ(s.take(), 1u);
}

TEST(Spec, DiscardOnOtherCpusAndStop) {
  Spec s;
  ASSERT_TRUE(s.took_id1());
  s.h.fire_on(1, kSpec, 60, 1);
  s.h.fire(kDiscard, 0, 1);
  EXPECT_EQ(s.snap(0), (std::vector<uint64_t>{4001}));
  EXPECT_EQ(s.h.stop(), 0);  // the cleaner runs at STOP too
  EXPECT_TRUE(s.snap(1).empty());
}

}  // namespace
}  // namespace kcore
