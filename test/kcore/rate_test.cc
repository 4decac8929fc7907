// The profile provider's rates (kernel/core/rate.c), the module's and
// the bpf backend's.
#include "harness.h"

extern "C" {
#include "core/rate.h"
}

namespace kcore {
namespace {

constexpr uint64_t kMax = 1ull << 62;

TEST(Rate, UnitsAndHertz) {
  EXPECT_EQ(dtrace_rate_ns("10ms", kMax), 10000000u);
  EXPECT_EQ(dtrace_rate_ns("10msec", kMax), 10000000u);
  EXPECT_EQ(dtrace_rate_ns("300000000ns", kMax), 300000000u);
  EXPECT_EQ(dtrace_rate_ns("250us", kMax), 250000u);
  EXPECT_EQ(dtrace_rate_ns("2min", kMax), 120000000000u);
  EXPECT_EQ(dtrace_rate_ns("1day", kMax), 86400000000000u);
  EXPECT_EQ(dtrace_rate_ns("1000", kMax), 1000000u);  // no unit: hz
  EXPECT_EQ(dtrace_rate_ns("1000hz", kMax), 1000000u);
}

TEST(Rate, RefusesMalformedTooFastAndTooLong) {
  EXPECT_EQ(dtrace_rate_ns("", kMax), 0u);
  EXPECT_EQ(dtrace_rate_ns("ms", kMax), 0u);
  EXPECT_EQ(dtrace_rate_ns("0", kMax), 0u);
  EXPECT_EQ(dtrace_rate_ns("10fortnights", kMax), 0u);
  EXPECT_EQ(dtrace_rate_ns("199us", kMax), 0u);  // under DTRACE_RATE_MIN_NS
  EXPECT_EQ(dtrace_rate_ns("200us", kMax), DTRACE_RATE_MIN_NS);
  EXPECT_EQ(dtrace_rate_ns("10000hz", kMax), 0u);
  EXPECT_EQ(dtrace_rate_ns("300000000d", kMax), 0u);  // would overflow
  EXPECT_EQ(dtrace_rate_ns("99999999999999999999999", kMax), 0u);
  EXPECT_EQ(dtrace_rate_ns("2s", 1000000000u), 0u);  // past max_ns
  EXPECT_EQ(dtrace_rate_ns("1s", 1000000000u), 1000000000u);
}

TEST(Rate, ProbeNames) {
  bool tick = true;
  EXPECT_EQ(dtrace_rate_probe_ns("profile-997", kMax, &tick), dtrace_rate_ns("997", kMax));
  EXPECT_FALSE(tick);
  EXPECT_EQ(dtrace_rate_probe_ns("tick-10ms", kMax, &tick), 10000000u);
  EXPECT_TRUE(tick);
  EXPECT_EQ(dtrace_rate_probe_ns("tick-", kMax, &tick), 0u);
  EXPECT_EQ(dtrace_rate_probe_ns("tic", kMax, &tick), 0u);
  EXPECT_EQ(dtrace_rate_probe_ns("profile", kMax, &tick), 0u);
  EXPECT_EQ(dtrace_rate_probe_ns("prof-997", kMax, &tick), 0u);
  EXPECT_EQ(dtrace_rate_probe_ns("Tick-1s", kMax, &tick), 0u);
}

}  // namespace
}  // namespace kcore
