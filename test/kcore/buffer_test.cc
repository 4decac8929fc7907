// Buffer policies (kernel/core/buffer.c, doc/records.md §9).
#include "harness.h"

namespace kcore {
namespace {

// test:::fire { trace(arg0); } END { trace(0xe4d); } with a policy.
void enable_policy(Harness& h, uint64_t policy) {
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(&b, builtin(DIF_VAR_ARG0))}});
  Difo k;
  k.code = {setx(0, 1), ret(1)};
  k.ints = {0xe4d};
  add_clause(&b, pb_probe(&b, "dtrace", "", "", "END"), -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, k)}});
  pb_option(&b, DTRACEOPT_BUFSIZE, 4096);
  pb_option(&b, DTRACEOPT_BUFPOLICY, policy);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
}

// Raw BUFSNAP of CPU 0.
std::vector<uint8_t> rawsnap(Harness& h, dtrace_bufdesc* d) {
  const void* data = nullptr;
  *d = {};
  EXPECT_EQ(dtrace_state_bufsnap(h.state(), 0, 4096, d, &data), 0);
  const auto* p = static_cast<const uint8_t*>(data);
  return std::vector<uint8_t>(p, p + d->dtbd_size);
}

// Walks [from, to) of buf: returns the trace(arg0) values, checks padding.
std::vector<uint64_t> walk(const std::vector<uint8_t>& buf, uint64_t from, uint64_t to) {
  std::vector<uint64_t> v;
  for (uint64_t p = from; p + 8 <= to;) {
    uint32_t epid;
    std::memcpy(&epid, &buf[p], 4);
    if (epid == 0) {
      p += 8;
      continue;
    }
    uint64_t x;
    std::memcpy(&x, &buf[p + 16], 8);
    v.push_back(epid == 1 ? x : ~x);
    p += 24;
  }
  return v;
}

// GO with a memory budget of budget bytes (restored after).
int go_with_budget(Harness& h, uint64_t budget, uint64_t bufsize, uint64_t bufresize) {
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(&b, builtin(DIF_VAR_ARG0))}});
  pb_option(&b, DTRACEOPT_BUFSIZE, bufsize);
  pb_option(&b, DTRACEOPT_BUFRESIZE, bufresize);
  return h.start(b, budget);
}

TEST(Buffers, MoreThanTheMemoryBudgetIsRefused) {
  Harness h;  // two CPUs, two 8 MiB buffers each: 32 MiB > 16 MiB
  EXPECT_EQ(go_with_budget(h, 16 << 20, 8 << 20, 1), -ENOMEM);
}

TEST(Buffers, AutoResizeShrinksIntoTheMemoryBudget) {
  Harness h;
  ASSERT_EQ(go_with_budget(h, 16 << 20, 8 << 20, 0), 0);
  EXPECT_EQ(h.state()->bufsize, 2u << 20);  // 8 -> 4 (still 16 MiB + scratch) -> 2
  h.fire(7);
  EXPECT_EQ(h.snap(0).size(), 1u);
}

TEST(Buffers, FillStopsWhenFullButKeepsRoomForEnd) {
  Harness h;
  enable_policy(h, DTRACEOPT_BUFPOLICY_FILL);
  for (uint64_t i = 0; i < 200; i++) h.fire(i);
  dtrace_bufdesc d;
  EXPECT_TRUE(rawsnap(h, &d).empty());  // before STOP: counters only
  // (4096 - 24 of END reserve) / 24 = 169 fit; the 170th finds the buffer
  // full and moves the state to DRAINING, where no ECB runs any more.
  EXPECT_EQ(d.dtbd_drops, 1u);
  dtrace_status s = h.status();
  EXPECT_EQ(s.dtst_filled, 1u);
  EXPECT_EQ(s.dtst_activity, (uint32_t)DTRACE_ACTIVITY_DRAINING);
  EXPECT_EQ(s.dtst_exiting, 0u);
  ASSERT_EQ(h.stop(), 0);
  auto buf = rawsnap(h, &d);
  auto v = walk(buf, 0, buf.size());
  ASSERT_EQ(v.size(), 170u);
  EXPECT_EQ(v[0], 0u);
  EXPECT_EQ(v[168], 168u);
  EXPECT_EQ(v[169], ~0xe4dull);         // END's record fits
  EXPECT_TRUE(rawsnap(h, &d).empty());  // copied once
}

TEST(Buffers, RingKeepsTheNewestRecords) {
  Harness h;
  enable_policy(h, DTRACEOPT_BUFPOLICY_RING);
  for (uint64_t i = 0; i < 200; i++) h.fire(i);
  dtrace_bufdesc d;
  EXPECT_TRUE(rawsnap(h, &d).empty());
  EXPECT_EQ(d.dtbd_drops, 0u);
  ASSERT_EQ(h.stop(), 0);
  auto buf = rawsnap(h, &d);
  ASSERT_EQ(buf.size(), 4096u);
  // Lap 1 held 0..169 (170 x 24 bytes + 16 of padding); lap 2 wrote
  // 170..199 and END over the first 31 slots.
  EXPECT_EQ(d.dtbd_oldest, 31u * 24);
  auto v = walk(buf, d.dtbd_oldest, buf.size());
  auto w = walk(buf, 0, d.dtbd_oldest);
  v.insert(v.end(), w.begin(), w.end());
  ASSERT_EQ(v.size(), 170u);
  for (size_t i = 0; i < 169; i++) EXPECT_EQ(v[i], 31 + i) << i;
  EXPECT_EQ(v[169], ~0xe4dull);
}

TEST(Buffers, RingWithoutWrapReportsBytesUsed) {
  Harness h;
  enable_policy(h, DTRACEOPT_BUFPOLICY_RING);
  for (uint64_t i = 0; i < 3; i++) h.fire(i);
  ASSERT_EQ(h.stop(), 0);
  dtrace_bufdesc d;
  auto buf = rawsnap(h, &d);
  EXPECT_EQ(d.dtbd_oldest, 0u);
  EXPECT_EQ(buf.size(), 4u * 24);
  EXPECT_EQ(walk(buf, 0, buf.size()).size(), 4u);
}

TEST(Buffers, RingGapBetweenNewestAndOldestIsPadding) {
  Harness h;
  enable_policy(h, DTRACEOPT_BUFPOLICY_RING);
  for (uint64_t i = 0; i < 171; i++) h.fire(i);  // just past one lap
  ASSERT_EQ(h.stop(), 0);
  dtrace_bufdesc d;
  auto buf = rawsnap(h, &d);
  auto v = walk(buf, d.dtbd_oldest, buf.size());
  auto w = walk(buf, 0, d.dtbd_oldest);
  v.insert(v.end(), w.begin(), w.end());
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.back(), ~0xe4dull);
  for (size_t i = 1; i + 1 < v.size(); i++) EXPECT_EQ(v[i], v[i - 1] + 1);
  EXPECT_EQ(v[v.size() - 2], 170u);
}

}  // namespace
}  // namespace kcore
