#include "consume/tracemem.h"

#include <gtest/gtest.h>
#include <vector>

namespace dtrace::consume {
namespace {

TEST(Tracemem, HeaderRowsAndPaddedLastRow) {
  std::vector<uint8_t> b;
  for (int i = 0; i < 18; i++) b.push_back(static_cast<uint8_t>('A' + i));
  b[17] = 0;
  EXPECT_EQ(format_tracemem(b),
            "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
            "         0: 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50  ABCDEFGHIJKLMNOP\n"
            "        10: 51 00                                            Q.\n");
  EXPECT_EQ(format_tracemem({}), "");
}

}  // namespace
}  // namespace dtrace::consume
