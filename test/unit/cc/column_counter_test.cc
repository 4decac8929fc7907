// ColumnCounter answers what column_at() answers, whichever way the
// lexer's offsets move (forward, back within a line, back over lines).
#include <gtest/gtest.h>

#include <string>

#include "cc/loc.h"

namespace dtrace::cc {
namespace {

TEST(ColumnCounter, AgreesWithColumnAtInAnyOrder) {
  const std::string text = "ab\tc\n\xc3\xa9t\xc3\xa9 x\n\nlast line";
  ColumnCounter c;
  size_t offsets[] = {0, 3, 4, 5, 7, 6, 12, 9, 2, 14, 13, 15, 21, 1, text.size(), 8, text.size() + 5};
  for (size_t off : offsets) EXPECT_EQ(c.at(text, off), column_at(text, off)) << "offset " << off;
}

}  // namespace
}  // namespace dtrace::cc
