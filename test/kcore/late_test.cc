// Late matching (kernel/core/late.c): probes made after ENABLE get the
// ECBs of the retained enablings whose descriptions match them, in
// clause order; -Z (DTRACE_PROGF_ZDEFS) keeps clauses that match nothing
// yet; limits refuse ECBs, not the registration; the work per new probe
// is the distinct descriptions, whatever the number of clauses.
#include "harness.h"

namespace {

using namespace kcore;

// Enables b with header flags added (ZDEFS).
int enable_flags(Harness& h, const pb& b, uint32_t flags) {
  size_t size;
  void* blob = pb_blob(&b, &size);
  reinterpret_cast<dtrace_prog_hdr*>(blob)->dtph_flags |= flags;
  int err = h.enable_raw(blob, size);
  free(blob);
  return err;
}

// Makes test:mod:<func>:fire and late-matches it; returns its id.
uint32_t new_probe(Harness& h, const char* func) {
  dtrace_provider* prov = dtrace_provider_lookup(h.core(), "test");
  int id = dtrace_probe_create(h.core(), prov, "mod", func, "fire", nullptr);
  EXPECT_GT(id, 0);
  uint32_t u = static_cast<uint32_t>(id);
  EXPECT_EQ(dtrace_core_match_new(h.core(), &u, 1), 0);
  return u;
}

// A clause on prov:mod:func:name tracing arg0; uarg = its index.
void trace_clause(pb* b, const char* prov, const char* func, uint64_t uarg) {
  Difo d;
  d.code = {ldgs(DIF_VAR_ARG0, 1), ret(1)};
  uint32_t di = add_difo(b, d);
  add_clause(b, pb_probe(b, prov, "", func, "fire"), -1, {{DTRACEACT_DIFEXPR, static_cast<int>(di)}}, uarg);
}

// Enables one such clause on test:mod:late*:fire with -Z (it matches
// nothing yet).
int enable_late_glob(Harness& h) {
  pb b{};
  trace_clause(&b, "test", "late*", 0);
  int err = enable_flags(h, b, DTRACE_PROGF_ZDEFS);
  pb_free(&b);
  return err;
}

TEST(Late, ZdefsKeepsClausesThatMatchNothing) {
  Harness h;
  pb b{};
  trace_clause(&b, "test", "late*", 0);
  EXPECT_EQ(h.enable(b), -ENOENT);  // without -Z: refused, as before
  EXPECT_EQ(enable_flags(h, b, DTRACE_PROGF_ZDEFS), 0) << h.res().msg;
  EXPECT_EQ(h.res().nprobes, 0u);
  EXPECT_EQ(h.state()->necbs, 0u);
  pb_free(&b);
}

TEST(Late, NewProbeGetsEcbsAndFires) {
  Harness h;
  ASSERT_EQ(enable_late_glob(h), 0) << h.res().msg;
  ASSERT_EQ(h.go(), 0);
  uint32_t id = new_probe(h, "late0");
  new_probe(h, "other");  // matches nothing
  ASSERT_EQ(h.state()->necbs, 1u);
  auto recs = h.recs(1);
  ASSERT_EQ(recs.size(), 1u);
  dtrace_core_probe(h.core(), id, 42, 0, 0, 0, 0, 0);
  std::vector<uint64_t> v = h.values(0);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], 42u);
  EXPECT_EQ(h.state()->late_refused, 0u);
}

// Clause order on the new probe whatever kind of description matched:
// a glob, a provider:function:name key, another glob; and a by-id
// description never matches a new probe.
TEST(Late, ClauseOrderAcrossDescriptionKinds) {
  Harness h;
  pb b{};
  trace_clause(&b, "test", "late*", 0);
  trace_clause(&b, "test", "late0", 1);
  trace_clause(&b, "t*", "", 2);  // also test:mod:func:fire
  trace_clause(&b, "test", "late0", 3);
  ASSERT_EQ(enable_flags(h, b, DTRACE_PROGF_ZDEFS), 0) << h.res().msg;
  pb_free(&b);
  uint32_t before = h.state()->necbs;  // clause 2 on test:mod:func:fire
  EXPECT_EQ(before, 1u);
  uint32_t id = new_probe(h, "late0");
  ASSERT_EQ(h.state()->necbs, before + 4);
  for (uint32_t i = 0; i < 4; i++) {
    dtrace_epdesc ep{};
    h.recs(before + 1 + i, &ep);
    EXPECT_EQ(ep.dtepd_probeid, id);
    EXPECT_EQ(ep.dtepd_uarg, i);
  }
}

TEST(Late, StoppedAndClosedStatesGetNone) {
  Harness h;
  ASSERT_EQ(enable_late_glob(h), 0) << h.res().msg;
  ASSERT_EQ(h.go(), 0);
  ASSERT_EQ(h.stop(), 0);
  new_probe(h, "late0");
  EXPECT_EQ(h.state()->necbs, 0u);
  h.release_state(true);
  new_probe(h, "late1");  // no state at all
}

// Past the per-firing budget the rest of the clauses get no ECB on the
// new probe: counted, and the probe itself stays.
TEST(Late, BudgetRefusesEcbsNotTheProbe) {
  Harness h;
  pb b{};
  const uint32_t n = 140000;  // 131,072 empty clauses fit one probe
  for (uint32_t i = 0; i < n; i++) add_clause(&b, pb_probe(&b, "test", "", "late*", "fire"), -1, {});
  ASSERT_EQ(enable_flags(h, b, DTRACE_PROGF_ZDEFS), 0) << h.res().msg;
  pb_free(&b);
  ASSERT_EQ(h.go(), 0);
  uint32_t id = new_probe(h, "late0");
  EXPECT_NE(dtrace_probe_lookup(h.core(), id), nullptr);
  EXPECT_GT(h.state()->necbs, 0u);
  EXPECT_LT(h.state()->necbs, n);
  EXPECT_EQ(h.state()->late_refused, n - h.state()->necbs);
  // STATUS reports the refusals once, as a delta, for the consumer's notice
  EXPECT_EQ(h.status().dtst_late_refused, n - h.state()->necbs);
  EXPECT_EQ(h.status().dtst_late_refused, 0u);
  dtrace_core_probe(h.core(), id, 0, 0, 0, 0, 0, 0);
}

// Per new probe, each distinct description is compared once: 1,000
// clauses of one glob cost as much as 10; n probes cost n times one.
TEST(Late, WorkIsNewProbesTimesDistinctDescriptions) {
  auto work = [](uint32_t nclauses, uint32_t nprobes) {
    Harness h;
    pb b{};
    for (uint32_t i = 0; i < nclauses; i++)
      add_clause(&b, pb_probe(&b, "test", "", "nosuch*", "fire"), -1, {});
    for (uint32_t i = 0; i < 8; i++)
      add_clause(&b, pb_probe(&b, "test", "", ("x" + std::to_string(i)).c_str(), "fire"), -1, {});
    EXPECT_EQ(enable_flags(h, b, DTRACE_PROGF_ZDEFS), 0) << h.res().msg;
    pb_free(&b);
    uint64_t t0 = dtrace_user_tally(DTRACE_STEP_PROBE);
    for (uint32_t i = 0; i < nprobes; i++) new_probe(h, ("late" + std::to_string(i)).c_str());
    EXPECT_EQ(h.state()->necbs, 0u);
    return dtrace_user_tally(DTRACE_STEP_PROBE) - t0;
  };
  // Per probe: the glob, and the few keyed descriptions in its bucket
  // (8 at most), however many clauses share the glob.
  uint64_t a = work(10, 100), b = work(1000, 100), c = work(10, 1000);
  if (getenv("SCALE_PRINT")) printf("late: %lu %lu %lu\n", a, b, c);
  EXPECT_GE(a, 100u);
  EXPECT_LE(a, 100u * 9);
  EXPECT_LE(b, 100u * 9);
  EXPECT_GE(c, 1000u);
  EXPECT_LE(c, 1000u * 9);
}

TEST(Late, KilledCallerStops) {
  Harness h;
  pb b{};
  for (uint32_t i = 0; i < 4096; i++)
    add_clause(&b, pb_probe(&b, "test", "", ("late*" + std::to_string(i) + "*").c_str(), "fire"), -1, {});
  ASSERT_EQ(enable_flags(h, b, DTRACE_PROGF_ZDEFS), 0) << h.res().msg;
  pb_free(&b);
  dtrace_provider* prov = dtrace_provider_lookup(h.core(), "test");
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < 1000; i++)
    ids.push_back(static_cast<uint32_t>(
        dtrace_probe_create(h.core(), prov, "mod", ("late" + std::to_string(i)).c_str(), "fire", nullptr)));
  dtrace_user_kill_after(dtrace_user_yields() + 3);
  EXPECT_EQ(dtrace_core_match_new(h.core(), ids.data(), static_cast<uint32_t>(ids.size())), -EINTR);
  dtrace_user_kill_after(~0ull);
  EXPECT_LT(h.state()->necbs, 1000u);
}

}  // namespace
