// A tracing state end to end in userspace: ENABLE, GO/BEGIN, firing,
// records, ERROR, drops, BUFSNAP, formats, STATUS, STOP/END, the deadman
// (kernel/core/state.c, fire.c, buffer.c; doc/records.md, doc/ioctl.md).
#include <unistd.h>

#include "harness.h"

namespace kcore {
namespace {

Difo konst(uint64_t v, uint32_t size = 8) {
  Difo d;
  d.code = {setx(0, 1), ret(1)};
  d.ints = {v};
  d.rtype = PB_INT(size);
  return d;
}

Difo str(const std::string& s) {
  Difo d;
  d.strtab = s + std::string(1, '\0');
  d.code = {sets(0, 1), ret(1)};
  d.rtype = PB_STRING;
  return d;
}

Difo load0() {  // *(uint64_t *)0 at pc 1
  Difo d;
  d.code = {DIF_INSTR_NOP, op3(DIF_OP_LDX, 0, 0, 1), ret(1)};
  return d;
}

// BEGIN { trace("hello"); exit(0); } with dtrace(1)'s ERROR clause.
void hello(pb* b) {
  uint32_t p = pb_probe(b, "dtrace", "", "", "BEGIN");
  add_clause(
      b, p, -1,
      {{DTRACEACT_DIFEXPR, (int)add_difo(b, str("hello"))}, {DTRACEACT_EXIT, (int)add_difo(b, konst(0, 4))}});
  add_error_clause(b);
  pb_option(b, DTRACEOPT_BUFSIZE, 64 << 10);
}

TEST(State, HelloWorld) {
  Harness h;
  pb b{};
  hello(&b);
  ASSERT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  EXPECT_EQ(h.res().nprobes, 2u);
  dtrace_epdesc ep{};
  auto recs = h.recs(1, &ep);
  EXPECT_EQ(ep.dtepd_probeid, 1u);
  EXPECT_EQ(ep.dtepd_size, 264u);
  ASSERT_EQ(recs.size(), 2u);
  expect_rec(recs[0], DTRACEACT_DIFEXPR, 0, 256);
  EXPECT_EQ(recs[0].dtrd_alignment, 1u);
  EXPECT_EQ(recs[0].dtrd_uarg, 0u);
  expect_rec(recs[1], DTRACEACT_EXIT, 256, 4);
  EXPECT_EQ(recs[1].dtrd_alignment, 4u);
  EXPECT_EQ(recs[1].dtrd_uarg, 1u);
  EXPECT_EQ(h.status().dtst_activity, (uint32_t)DTRACE_ACTIVITY_INACTIVE);
  ASSERT_EQ(h.go(), 0);
  dtrace_status s = h.status();
  EXPECT_EQ(s.dtst_activity, (uint32_t)DTRACE_ACTIVITY_DRAINING);
  EXPECT_EQ(s.dtst_exiting, 1u);
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].epid, 1u);
  EXPECT_EQ(r[0].str(0), "hello");
  for (size_t i = 5; i < 256; i++) ASSERT_EQ(r[0].data[i], 0) << i;
  EXPECT_EQ(r[0].i32(256), 0);
  EXPECT_EQ(h.stop(), 0);
  EXPECT_EQ(h.status().dtst_activity, (uint32_t)DTRACE_ACTIVITY_STOPPED);
  EXPECT_EQ(h.stop(), -EINVAL);
}

TEST(State, ActivityRules) {
  Harness h;
  EXPECT_EQ(h.stop(), -EINVAL);  // not started
  dtrace_bufdesc d{};
  const void* data;
  EXPECT_EQ(dtrace_state_bufsnap(h.state(), 0, 1 << 20, &d, &data), -EINVAL);
  ASSERT_EQ(h.go(), 0);
  EXPECT_EQ(h.go(), -EBUSY);
  EXPECT_EQ(h.status().dtst_activity, (uint32_t)DTRACE_ACTIVITY_ACTIVE);
  EXPECT_EQ(dtrace_state_bufsnap(h.state(), 2, 1 << 30, &d, &data), -EINVAL);
  EXPECT_EQ(dtrace_state_bufsnap(h.state(), 0, 100, &d, &data), -ENOSPC);
  EXPECT_EQ(d.dtbd_size, h.state()->bufsize);
  EXPECT_EQ(h.stop(), 0);
}

TEST(State, ExitInBeginSkipsLaterBeginClausesButEndRuns) {
  Harness h;
  pb b{};
  uint32_t begin = pb_probe(&b, "dtrace", "", "", "BEGIN");
  uint32_t end = pb_probe(&b, "dtrace", "", "", "END");
  add_clause(&b, begin, -1, {{DTRACEACT_EXIT, (int)add_difo(&b, konst(3, 4))}});
  add_clause(&b, begin, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, konst(7))}});
  add_clause(&b, end, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, konst(9))}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();  // nothing fires while DRAINING
  ASSERT_EQ(h.stop(), 0);
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].epid, 1u);
  EXPECT_EQ(r[0].i32(0), 3);
  EXPECT_EQ(r[1].epid, 3u);
  EXPECT_EQ(r[1].u64(0), 9u);
}

TEST(State, FaultsFireErrorWithTheirCoordinates) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(
      &b, p, -1,
      {{DTRACEACT_DIFEXPR, (int)add_difo(&b, konst(1))}, {DTRACEACT_DIFEXPR, (int)add_difo(&b, load0())}});
  add_clause(&b, p, (int)add_difo(&b, load0()), {});  // predicate fault
  add_error_clause(&b);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 2u);  // only the two ERROR records
  EXPECT_EQ(r[0].epid, 3u);
  EXPECT_EQ(r[0].u64(0), 1u);   // arg1: EPID
  EXPECT_EQ(r[0].u64(8), 2u);   // arg2: action #2
  EXPECT_EQ(r[0].u64(16), 4u);  // arg3: pc 1
  EXPECT_EQ(r[0].u64(24), (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(r[0].u64(32), 0u);
  EXPECT_EQ(r[1].u64(0), 2u);
  EXPECT_EQ(r[1].u64(8), 0u);  // the predicate
  dtrace_status s = h.status();
  EXPECT_EQ(s.dtst_errors, 2u);
  EXPECT_EQ(h.status().dtst_errors, 0u);  // reset by STATUS
}

TEST(State, FaultsInErrorClausesAreDoubleErrors) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  uint32_t e = pb_probe(&b, "dtrace", "", "", "ERROR");
  int l = (int)add_difo(&b, load0());
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, l}});
  add_clause(&b, e, -1, {{DTRACEACT_DIFEXPR, l}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  dtrace_bufdesc d{};
  EXPECT_TRUE(h.snap(0, &d).empty());
  EXPECT_EQ(d.dtbd_errors, 1u);
  dtrace_status s = h.status();
  EXPECT_EQ(s.dtst_errors, 1u);
  EXPECT_EQ(s.dtst_dblerrors, 1u);
}

TEST(State, FullBuffersDropAndSwitch) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, str("x"))}});
  pb_option(&b, DTRACEOPT_BUFSIZE, 4096);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  for (int i = 0; i < 20; i++) h.fire();  // 272 bytes each: 15 fit in 4096
  dtrace_bufdesc d{};
  EXPECT_EQ(h.snap(0, &d).size(), 15u);
  EXPECT_EQ(d.dtbd_drops, 5u);
  EXPECT_EQ(d.dtbd_size, 15u * 272);
  h.fire();
  EXPECT_EQ(h.snap(0, &d).size(), 1u);  // switched: the new buffer was empty
  EXPECT_EQ(d.dtbd_drops, 0u);
  EXPECT_TRUE(h.snap(0, &d).empty());
}

TEST(State, BuffersArePerCpu) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, builtin(DIF_VAR_CPU))}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire_on(1);
  EXPECT_TRUE(h.snap(0).empty());
  EXPECT_EQ(h.values(1), (std::vector<uint64_t>{1}));
}

TEST(State, CpuOptionRestrictsTracing) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {});
  pb_option(&b, DTRACEOPT_CPU, 1);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  h.fire_on(1);
  dtrace_bufdesc d{};
  const void* data;
  EXPECT_EQ(dtrace_state_bufsnap(h.state(), 0, 1 << 30, &d, &data), -ENOENT);
  EXPECT_EQ(h.snap(1).size(), 1u);
}

TEST(State, EmptyClausesRecordTheirHeader) {
  Harness h;
  ASSERT_EQ(h.enable_probe("test", "", "", "fire"), 0) << h.res().msg;
  dtrace_epdesc ep{};
  EXPECT_TRUE(h.recs(1, &ep).empty());
  EXPECT_EQ(ep.dtepd_size, 0u);
  ASSERT_EQ(h.go(), 0);
  h.fire();
  h.fire();
  dtrace_bufdesc d{};
  EXPECT_EQ(h.snap(0, &d).size(), 2u);
  EXPECT_EQ(d.dtbd_size, 32u);
}

TEST(State, PredicatesSelect) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo pred;  // arg0 > 5
  pred.code = {ldgs(DIF_VAR_ARG0, 1),
               setx(0, 2),
               op3(DIF_OP_CMP, 1, 2, 0),
               br(DIF_OP_BG, 6),
               op3(DIF_OP_MOV, 0, 0, 3),
               ret(3),
               setx(1, 3),
               ret(3)};
  pred.ints = {5, 1};
  add_clause(&b, p, (int)add_difo(&b, pred), {{DTRACEACT_DIFEXPR, (int)add_difo(&b, builtin(DIF_VAR_ARG0))}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  for (uint64_t i = 0; i < 10; i++) h.fire(i);
  EXPECT_EQ(h.values(), (std::vector<uint64_t>{6, 7, 8, 9}));
}

TEST(State, RecordLayoutFollowsAlignment) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(&b, konst(0x11, 1))},
              {DTRACEACT_DIFEXPR, (int)add_difo(&b, konst(0x2222, 2))},
              {DTRACEACT_PRINTF, -1, 1, "%d"},
              {DTRACEACT_ARG, (int)add_difo(&b, konst(0x33333333, 4))},
              {DTRACEACT_DIFEXPR, (int)add_difo(&b, konst(0x44, 8))},
              {DTRACEACT_STACK, -1, 0, nullptr, 3},
              {DTRACEACT_USYM, (int)add_difo(&b, konst(0x55))}});
  ASSERT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  dtrace_epdesc ep{};
  auto recs = h.recs(1, &ep);
  ASSERT_EQ(recs.size(), 7u);
  const uint32_t offs[] = {0, 2, 4, 4, 8, 16, 40}, sizes[] = {1, 2, 0, 4, 8, 24, 16};
  for (int i = 0; i < 7; i++) {
    EXPECT_EQ(recs[i].dtrd_offset, offs[i]) << i;
    EXPECT_EQ(recs[i].dtrd_size, sizes[i]) << i;
  }
  EXPECT_EQ(recs[2].dtrd_alignment, 1u);
  EXPECT_NE(recs[2].dtrd_format, 0u);
  EXPECT_EQ(recs[5].dtrd_arg, 3u);
  EXPECT_EQ(ep.dtepd_size, 56u);
  ASSERT_EQ(h.go(), 0);
  h.fire();
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].data[0], 0x11);
  EXPECT_EQ(r[0].i32(4), 0x33333333);
  EXPECT_EQ(r[0].u64(8), 0x44u);
  EXPECT_EQ(r[0].u64(40), (uint64_t)getpid());
  EXPECT_EQ(r[0].u64(48), 0x55u);
}

TEST(State, FormatsAndDescriptionsWithCapacity) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1,
             {{DTRACEACT_PRINTF, -1, 0, "hello %d\n"},
              {DTRACEACT_PRINTF, -1, 0, "other"},
              {DTRACEACT_PRINTF, -1, 0, "hello %d\n"}});
  ASSERT_EQ(h.enable(b), 0);
  pb_free(&b);
  auto recs = h.recs(1);
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[0].dtrd_format, 1u);
  EXPECT_EQ(recs[1].dtrd_format, 2u);
  EXPECT_EQ(recs[2].dtrd_format, 1u);  // shared
  EXPECT_STREQ(dtrace_state_format(h.state(), 1), "hello %d\n");
  EXPECT_EQ(dtrace_state_format(h.state(), 3), nullptr);
  EXPECT_EQ(dtrace_state_format(h.state(), 0), nullptr);
  dtrace_epdesc ep{};
  ep.dtepd_epid = 1;
  EXPECT_EQ(dtrace_state_epdesc(h.state(), &ep, 2), -ENOSPC);
  EXPECT_EQ(ep.dtepd_nrecs, 3u);
  EXPECT_EQ(ep.dtepd_probeid, h.test_probe());
  ep.dtepd_epid = 9;
  EXPECT_EQ(dtrace_state_epdesc(h.state(), &ep, 0), -EINVAL);
}

TEST(State, AggregationOnlyClausesRecordNothing) {
  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_AGG_COUNT}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  EXPECT_TRUE(h.snap(0).empty());
}

TEST(State, DeadmanKillsSilentConsumers) {
  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {});
  add_clause(&b, pb_probe(&b, "dtrace", "", "", "END"), -1, {});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  uint64_t now = dtrace_port_gethrtime();
  dtrace_core_deadman(h.core(), now + 10ull * 1000000000);
  EXPECT_EQ(h.status().dtst_activity, (uint32_t)DTRACE_ACTIVITY_ACTIVE);
  dtrace_core_deadman(h.core(), dtrace_port_gethrtime() + DTRACE_DEADMAN_NS + 1);
  EXPECT_EQ(h.status().dtst_activity, (uint32_t)DTRACE_ACTIVITY_KILLED);
  EXPECT_EQ(dtrace_probe_lookup(h.core(), h.test_probe())->ecbs, nullptr);
  h.fire();
  EXPECT_EQ(h.stop(), 0);  // END does not run
  EXPECT_EQ(h.status().dtst_activity, (uint32_t)DTRACE_ACTIVITY_KILLED);
  EXPECT_TRUE(h.snap(0).empty());
}

TEST(State, DestroyDetachesEcbs) {
  auto h = std::make_unique<Harness>();
  ASSERT_EQ(h->enable_probe("test", "", "", "fire"), 0) << h->res().msg;
  ASSERT_EQ(h->go(), 0);
  dtrace_probe* p = dtrace_probe_lookup(h->core(), h->test_probe());
  EXPECT_NE(p->ecbs, nullptr);
  dtrace_state* other = dtrace_state_create(h->core());
  uint64_t syncs = dtrace_user_syncs();
  dtrace_state_destroy(h->state());
  EXPECT_GT(dtrace_user_syncs(), syncs);
  EXPECT_EQ(p->ecbs, nullptr);
  EXPECT_EQ(p->necbs, 0u);
  dtrace_state_destroy(other);
  h->release_state();
}

// A provider whose getarg fires a probe: the nested firing is refused.
struct Reenter {
  dtrace_core* core;
  uint32_t id;
};

uint64_t reentering_getarg(void* arg, uint32_t, void*, uint32_t ndx) {
  auto* r = static_cast<Reenter*>(arg);
  dtrace_core_probe(r->core, r->id, 0, 0, 0, 0, 0, 0);
  return 100 + ndx;
}

TEST(State, ProbeContextIsNotReentered) {
  Harness h;
  static const dtrace_provider_ops ops = {nullptr, nullptr, nullptr, nullptr, reentering_getarg, nullptr};
  Reenter re{h.core(), 0};
  dtrace_provider* prov;
  ASSERT_EQ(dtrace_provider_register(h.core(), "re", &ops, &re, &prov), 0);
  int id = dtrace_probe_create(h.core(), prov, "", "", "p", nullptr);
  re.id = static_cast<uint32_t>(id);
  pb b{};
  Difo a7;
  a7.code = {ldgs(DIF_VAR_ARG7, 1), ret(1)};
  add_clause(&b, pb_probe(&b, "re", "", "", "p"), -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, a7)}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  dtrace_core_probe(h.core(), re.id, 0, 0, 0, 0, 0, 0);
  EXPECT_EQ(h.values(), (std::vector<uint64_t>{107}));
  EXPECT_EQ(h.core()->cpu[0].reentries, 6u);  // getarg ran for args 6..11
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), -EBUSY);
  h.release_state(true);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
}

}  // namespace
}  // namespace kcore
