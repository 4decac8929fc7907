#include "consume/buffer_walk.h"

#include <cstring>
#include <gtest/gtest.h>
#include <vector>

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

void put_firing(std::vector<uint8_t>& buf, uint32_t epid, uint64_t ts, std::vector<uint8_t> data) {
  dtrace_rechdr h{epid, 0, ts};
  const auto* p = reinterpret_cast<const uint8_t*>(&h);
  buf.insert(buf.end(), p, p + sizeof h);
  data.resize((data.size() + 7) & ~size_t{7});
  buf.insert(buf.end(), data.begin(), data.end());
}

TEST(WalkBuffer, SplitsFiringsAndSkipsPadding) {
  std::vector<uint8_t> buf;
  put_firing(buf, 1, 100, {1, 2, 3, 4});
  buf.insert(buf.end(), 8, 0);  // EPID 0: padding
  put_firing(buf, 2, 200, {9, 9, 9, 9, 9, 9, 9, 9});
  std::vector<std::pair<uint32_t, uint64_t>> seen;
  auto sizes = [](uint32_t epid) -> Result<uint32_t> { return epid == 1 ? 4u : 8u; };
  Status st = walk_buffer(buf, sizes, [&](const Firing& f) -> Status {
    seen.emplace_back(f.epid, f.timestamp);
    EXPECT_EQ(f.data.size(), f.epid == 1 ? 4u : 8u);
    return Ok{};
  });
  ASSERT_TRUE(st) << st.error().message;
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0], std::make_pair(1u, uint64_t{100}));
  EXPECT_EQ(seen[1], std::make_pair(2u, uint64_t{200}));
}

TEST(WalkBuffer, RejectsARecordThatOverrunsTheBuffer) {
  std::vector<uint8_t> buf;
  put_firing(buf, 1, 0, {1, 2, 3, 4});
  auto sizes = [](uint32_t) -> Result<uint32_t> { return 64u; };
  Status st = walk_buffer(buf, sizes, [](const Firing&) -> Status { return Ok{}; });
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().message.find("overruns"), std::string::npos);
}

TEST(WalkBuffer, PassesOnErrorsForUnknownEpids) {
  std::vector<uint8_t> buf;
  put_firing(buf, 7, 0, {});
  auto sizes = [](uint32_t) -> Result<uint32_t> { return make_error("unknown EPID 7"); };
  Status st = walk_buffer(buf, sizes, [](const Firing&) -> Status { return Ok{}; });
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "unknown EPID 7");
}

}  // namespace
}  // namespace dtrace::consume
