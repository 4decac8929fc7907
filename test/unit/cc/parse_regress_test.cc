// Inputs the front-end fuzzer (test/unit/cc/fuzz) found crashing; each
// must now compile or fail with a diagnostic.
#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

TEST(ParseRegress, IfWithEmptyStatement) {
  testing::compile_ok("BEGIN { if (arg0 > 1) ; trace(1); }");
  testing::compile_ok("BEGIN { if (arg0 > 1) ; else ; }");
}

TEST(ParseRegress, AggregatingFunctionAsStatement) {
  testing::expect_error("BEGIN { count(); }", "D_AGG_FUNC", 1, "count( )");
  testing::expect_error("BEGIN\n{\n llquantize(1, 10, 0, 6, 10); }", "D_AGG_FUNC", 3);
}

TEST(ParseRegress, HugeProbeId) {
  auto r = parse_probe_spec("111111111111111111111111111111111111");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().tag, ErrTag::D_PDESC_INVAL);
  ASSERT_TRUE(parse_probe_spec("42").ok());
  EXPECT_EQ(parse_probe_spec("42")->id, 42u);
}

}  // namespace
}  // namespace dtrace::cc
