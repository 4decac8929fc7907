#include "consume/drops.h"

#include <gtest/gtest.h>

namespace dtrace::consume {
namespace {

using V = Notice::Value;

// The text dtrace(1) prints, and under -x oformat=json the same facts as
// members: how many, which kind (the droptags tag), on which CPU.
TEST(Drops, CpuDropIsTextAndMembers) {
  Notice n = cpu_drop(DropKind::Aggregation, 3, 1, false);
  EXPECT_EQ(n.type, "drop");
  EXPECT_EQ(n.message, "3 aggregation drops on CPU 1");
  std::vector<std::pair<std::string, V>> want = {
      {"count", V{uint64_t{3}}}, {"kind", V{"DTRACEDROP_AGGREGATION"}}, {"cpu", V{int64_t{1}}}};
  EXPECT_EQ(n.members, want);
  EXPECT_EQ(cpu_drop(DropKind::Principal, 1, 0, true).message, "[DTRACEDROP_PRINCIPAL] 1 drop on CPU 0");
}

TEST(Drops, OneNoticePerStatusCounter) {
  dtrace_status s{};
  s.dtst_dyndrops = 2;
  s.dtst_specdrops_unavail = 1;
  std::vector<Notice> d = status_drops(s, false);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].message, "2 dynamic variable drops");
  EXPECT_EQ(d[0].members[1].second, V{"DTRACEDROP_DYNAMIC"});
  EXPECT_EQ(d[1].message, "1 failed speculation (no speculative buffer available)");
  EXPECT_EQ(d[1].members[0].second, V{uint64_t{1}});
  EXPECT_EQ(d[1].members[1].second, V{"DTRACEDROP_SPECUNAVAIL"});
}

}  // namespace
}  // namespace dtrace::consume
