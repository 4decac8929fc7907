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

}  // namespace
}  // namespace dtrace::cc
