#include "consume/temporal.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

// A principal buffer of firings of EPID 1 (8 data bytes: the tag).
std::vector<uint8_t> buffer(const std::vector<std::pair<uint64_t, char>>& firings) {
  std::vector<uint8_t> out;
  for (auto [ts, tag] : firings) {
    dtrace_rechdr h{1, 0, ts};
    const uint8_t* p = reinterpret_cast<const uint8_t*>(&h);
    out.insert(out.end(), p, p + sizeof h);
    uint8_t data[8] = {static_cast<uint8_t>(tag)};
    out.insert(out.end(), data, data + 8);
  }
  return out;
}

Result<uint32_t> eight(uint32_t) { return 8u; }

std::string release(TemporalMerge& m, bool all) {
  std::string out;
  EXPECT_TRUE(m.release(all, [&](uint32_t cpu, const Firing& f) -> Status {
    out += std::to_string(cpu) + static_cast<char>(f.data[0]) + " ";
    return Ok{};
  }));
  return out;
}

TEST(TemporalMerge, InterleavesCpusByTimestampUpToTheEarliestSnapshot) {
  TemporalMerge m;
  ASSERT_TRUE(m.add(0, buffer({{10, 'a'}, {30, 'c'}, {50, 'e'}}), 40, eight));
  ASSERT_TRUE(m.add(1, buffer({{20, 'b'}, {45, 'd'}}), 60, eight));
  // CPU 0 may still hand over firings after 40: 45 and 50 wait.
  EXPECT_EQ(release(m, false), "0a 1b 0c ");
  ASSERT_TRUE(m.add(0, buffer({{55, 'x'}}), 100, eight));
  ASSERT_TRUE(m.add(1, buffer({}), 100, eight));
  EXPECT_EQ(release(m, false), "1d 0e 0x ");
  EXPECT_EQ(release(m, true), "");
}

TEST(TemporalMerge, EqualTimestampsKeepACpusFiringsTogether) {
  TemporalMerge m;
  ASSERT_TRUE(m.add(0, buffer({{10, 'a'}, {10, 'b'}}), 5, eight));
  ASSERT_TRUE(m.add(1, buffer({{10, 'c'}}), 5, eight));
  EXPECT_EQ(release(m, false), "");  // nothing before the snapshots
  EXPECT_EQ(release(m, true), "0a 0b 1c ");
}

}  // namespace
}  // namespace dtrace::consume
