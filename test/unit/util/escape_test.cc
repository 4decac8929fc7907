// util/escape: one walker over each writer's table of named escapes.
#include "util/escape.h"

#include <gtest/gtest.h>

#include <string>

namespace dtrace {
namespace {

constexpr ByteEscape kTable[] = {{'\n', "\\n"}, {'"', "\\\""}, {'\\', "\\\\"}};

TEST(Escape, TableBytesByNameOthersOutsidePrintableInOctal) {
  EXPECT_EQ(octal_escaped(std::string("a\n\"b\\\x01\x7f\xe9 ~", 10), kTable),
            "a\\n\\\"b\\\\\\001\\177\\351 ~");
  EXPECT_EQ(octal_escaped("", kTable), "");
}

TEST(Escape, LookupsBothWays) {
  EXPECT_STREQ(escape_text(kTable, '\n'), "\\n");
  EXPECT_EQ(escape_text(kTable, 't'), nullptr);
  const ByteEscape* e = escape_for_letter(kTable, 'n');
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->byte, '\n');
  EXPECT_EQ(escape_for_letter(kTable, 't'), nullptr);
}

}  // namespace
}  // namespace dtrace
