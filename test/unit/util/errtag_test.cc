// The ErrTag table: every row's spelling names it back, and the rows
// dtrace(1) and the tests rely on have the spellings DTrace prints.
#include "util/errtag.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace dtrace {
namespace {

TEST(ErrTag, EveryRowRoundTrips) {
  std::set<std::string> seen;
  for (size_t i = 0; i < static_cast<size_t>(ErrTag::kNone); i++) {
    ErrTag t = static_cast<ErrTag>(i);
    std::string name = errtag_name(t);
    EXPECT_TRUE(name.starts_with("D_") || name.starts_with("EDT_")) << name;
    EXPECT_TRUE(seen.insert(name).second) << name << " twice";
    EXPECT_EQ(errtag_named(name), t) << name;
    EXPECT_NE(std::string(errtag_desc(t)), "") << name;
  }
  EXPECT_GT(seen.size(), 200u);
}

TEST(ErrTag, NoneAndUnknownSpellings) {
  EXPECT_STREQ(errtag_name(ErrTag::kNone), "");
  EXPECT_EQ(errtag_named(""), ErrTag::kNone);
  EXPECT_EQ(errtag_named("D_NO_SUCH_TAG"), ErrTag::kNone);
  EXPECT_STREQ(errtag_name(ErrTag::D_SYNTAX), "D_SYNTAX");
  EXPECT_STREQ(errtag_name(ErrTag::EDT_DESTRUCTIVE), "EDT_DESTRUCTIVE");
}

static_assert(errtag_named("D_AGG_REDEF") == ErrTag::D_AGG_REDEF);

}  // namespace
}  // namespace dtrace
