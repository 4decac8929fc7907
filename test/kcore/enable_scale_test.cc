// ENABLE's growth with the size of a program (issue 22): N clauses on one
// probe (400,000 `syscall::getppid:entry {}`), N distinct descriptions,
// N distinct printf formats. Growth is counted in the steps port_user.c
// tallies (probes compared, ECB list links followed, format strings
// compared), not in time: per clause they must stay flat from 10^5 to
// 10^6 clauses. And a caller killed during a large ENABLE is noticed
// within a bounded amount of work.
#include "harness.h"

namespace {

using namespace kcore;

struct Steps {
  uint64_t probe = 0, link = 0, format = 0;
};

Steps steps_now() {
  return {dtrace_user_tally(DTRACE_STEP_PROBE), dtrace_user_tally(DTRACE_STEP_LINK),
          dtrace_user_tally(DTRACE_STEP_FORMAT)};
}

Steps steps_since(const Steps& s0) {
  Steps s = steps_now();
  return {s.probe - s0.probe, s.link - s0.link, s.format - s0.format};
}

// n empty clauses `test:mod:func:fire {}`, each with its own description
// entry (as dtrace writes them): enabled, fired, closed.
Steps same_probe(uint32_t n) {
  Harness h;
  pb b{};
  for (uint32_t i = 0; i < n; i++) add_clause(&b, pb_probe(&b, "test", "", "func", "fire"), -1, {});
  Steps s0 = steps_now();
  // Past 131,072 empty clauses one probe's firing is over its budget
  // (limits.md §2): refused at attach, after every ECB was made.
  int err = h.enable(b);
  EXPECT_TRUE(err == 0 || (err == -E2BIG && n > 131072)) << h.res().msg;
  EXPECT_EQ(h.res().nprobes, err == 0 ? n : 0);
  h.release_state(true);  // unlinks all n from the one probe
  pb_free(&b);
  return steps_since(s0);
}

TEST(EnableScale, ClausesOnOneProbeAreLinear) {
  const uint32_t na = 100000 / kScaleDiv, nb = 1000000 / kScaleDiv;
  Steps a = same_probe(na), b = same_probe(nb);
  if (getenv("SCALE_PRINT")) printf("same: %lu %lu / %lu %lu\n", a.probe, a.link, b.probe, b.link);
  // Per clause: a constant, whatever the count.
  EXPECT_LE(a.link, 2u * na);
  EXPECT_LE(b.link, 2u * nb);
  EXPECT_LE(b.probe, 10 * a.probe + 64);
  EXPECT_LE(b.probe, nb);
}

// n clauses, clause i on its own probe test:mod:fI:fire of n probes.
Steps distinct_probes(uint32_t n) {
  Harness h;
  h.add_fire_probes("f", 0, n);
  std::vector<char> name(32);
  pb b{};
  for (uint32_t i = 0; i < n; i++) {
    snprintf(name.data(), name.size(), "f%u", i);
    add_clause(&b, pb_probe(&b, "test", "", name.data(), "fire"), -1, {});
  }
  Steps s0 = steps_now();
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  EXPECT_EQ(h.res().nprobes, n);
  Steps s = steps_since(s0);
  h.release_state(true);
  pb_free(&b);
  return s;
}

TEST(EnableScale, DistinctExactDescriptionsAreIndexed) {
  const uint32_t na = 10000 / kScaleDiv, nb = 100000 / kScaleDiv;
  Steps a = distinct_probes(na), b = distinct_probes(nb);
  if (getenv("SCALE_PRINT")) printf("distinct: %lu / %lu\n", a.probe, b.probe);
  // Each description is looked up by its names: a hash chain, not every
  // probe (a scan would be n^2: 10^10 at 10^5).
  EXPECT_LE(a.probe, 64u * na);
  EXPECT_LE(b.probe, 64u * nb);
}

// One clause on n probes: a printf of nfmt distinct formats.
Steps distinct_formats(uint32_t nfmt, uint32_t nprobes) {
  Harness h;
  h.add_fire_probes("g", 1, nprobes);
  pb b{};
  std::vector<Action> acts;
  std::vector<std::string> fmts;
  for (uint32_t i = 0; i < nfmt; i++)
    fmts.push_back("format number " + std::to_string(i) + std::string(150, 'x') + "\n");
  for (const std::string& f : fmts) acts.push_back({DTRACEACT_PRINTF, -1, 0, f.c_str()});
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, acts);
  Steps s0 = steps_now();
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  EXPECT_EQ(h.res().nprobes, nprobes);
  EXPECT_EQ(h.state()->nformats, nfmt);
  Steps s = steps_since(s0);
  pb_free(&b);
  return s;
}

TEST(EnableScale, DistinctFormatsAreHashed) {
  // 4,096 formats: every ECB's format ids without comparing them with
  // every format (4096^2 / 2 = 8 million compares per ECB before).
  Steps a = distinct_formats(4096, 1), b = distinct_formats(4096, 16);
  if (getenv("SCALE_PRINT")) printf("formats: %lu / %lu\n", a.format, b.format);
  EXPECT_LE(a.format, 4u * 4096);
  EXPECT_LE(b.format, 4u * 4096);
}

TEST(EnableScale, KilledCallerIsNoticedWithinBoundedWork) {
  // 10^5 clauses: ENABLE yields at least every DTRACE_YIELD_UNITS units
  // of work, so a caller killed at the 20th yield is noticed long before
  // the end, and nothing is left behind.
  Harness h;
  pb b{};
  const uint32_t n = 100000;
  for (uint32_t i = 0; i < n; i++) add_clause(&b, pb_probe(&b, "test", "", "func", "fire"), -1, {});
  uint64_t y0 = dtrace_user_yields();
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  uint64_t yields = dtrace_user_yields() - y0;
  EXPECT_GE(yields, n / DTRACE_YIELD_UNITS);
  h.release_state(true);
  Harness h2;
  y0 = dtrace_user_yields();
  dtrace_user_kill_after(y0 + 20);
  EXPECT_EQ(h2.enable(b), -EINTR);
  dtrace_user_kill_after(~0ull);
  EXPECT_EQ(h2.state()->necbs, 0u);
  EXPECT_EQ(h2.enable(b), 0) << h2.res().msg;
  pb_free(&b);
}

}  // namespace
