// /tmp/perf-PID.map lines as JIT runtimes write them (consume/perf_map.cc).
#include "consume/perf_map.h"

#include <gtest/gtest.h>

namespace dtrace::consume {
namespace {

TEST(PerfMap, ParsesHexStartAndSizeAndNamesWithBlanks) {
  PerfMap m = PerfMap::parse(
      "7f0000001000 40 jit_spin\n"
      "0x7f0000002000 0x10 LazyCompile:~main /app/index.js:1\r\n"
      "garbage line\n"
      "7f0000003000 0 empty\n");
  EXPECT_EQ(m.size(), 2u);
  ASSERT_NE(m.lookup(0x7f0000001000), nullptr);
  EXPECT_EQ(m.lookup(0x7f000000103f)->name, "jit_spin");
  EXPECT_EQ(m.lookup(0x7f0000001040), nullptr);
  EXPECT_EQ(m.lookup(0x7f0000000fff), nullptr);
  ASSERT_NE(m.lookup(0x7f0000002008), nullptr);
  EXPECT_EQ(m.lookup(0x7f0000002008)->name, "LazyCompile:~main /app/index.js:1");
  EXPECT_EQ(m.lookup(0x7f0000003000), nullptr);
}

TEST(PerfMap, LaterLineForTheSameStartWins) {
  PerfMap m = PerfMap::parse("1000 10 old\n2000 10 other\n1000 20 new\n");
  EXPECT_EQ(m.size(), 2u);
  ASSERT_NE(m.lookup(0x1018), nullptr);
  EXPECT_EQ(m.lookup(0x1018)->name, "new");
}

TEST(PerfMap, ModuleIsTheFileName) { EXPECT_EQ(PerfMap::module(42), "perf-42.map"); }

}  // namespace
}  // namespace dtrace::consume
