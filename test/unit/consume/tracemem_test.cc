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

TEST(TraceBytes, TextUpToTrailingNulsPrintsAsAString) {
  const uint8_t hello[8] = {'h', 'e', 'l', 'l', 'o', 0, 0, 0};
  EXPECT_EQ(format_bytes(hello, false, false), "  hello" + std::string(28, ' '));
  EXPECT_EQ(format_bytes(hello, true, false), "hello");
  const uint8_t tab[3] = {'a', '\t', 'b'};  // no NUL: always padded
  EXPECT_EQ(format_bytes(tab, true, false), "  a\tb" + std::string(30, ' '));
  EXPECT_EQ(format_bytes(hello, false, false, 50), "  hello" + std::string(45, ' '));
}

TEST(TraceBytes, OtherBytesAndRawbytesPrintAsTheDump) {
  const uint8_t leading_nul[4] = {0, 'a', 0, 0};
  const uint8_t more_after_nul[4] = {'a', 0, 'b', 0};
  const uint8_t binary[2] = {1, 2};
  const uint8_t hello[6] = {'h', 'e', 'l', 'l', 'o', 0};
  EXPECT_EQ(format_bytes(leading_nul, false, false), format_tracemem(leading_nul));
  EXPECT_EQ(format_bytes(more_after_nul, true, false), format_tracemem(more_after_nul));
  EXPECT_EQ(format_bytes(binary, false, false), format_tracemem(binary));
  EXPECT_EQ(format_bytes(hello, false, true), format_tracemem(hello));
  EXPECT_EQ(format_bytes({}, false, true), "");
}

}  // namespace
}  // namespace dtrace::consume
