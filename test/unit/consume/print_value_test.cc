#include "consume/print_value.h"

#include <cstring>
#include <gtest/gtest.h>
#include <vector>

#include "test/unit/consume/sample_types.h"

namespace dtrace::consume {
namespace {

using cc::Type;

TEST(PrintValue, StructMembersNestedArraysAndEnums) {
  cc::TypeTable tt;
  Type* color = testing::color_enum(tt);
  Type* inner = tt.declare_tag(Type::Kind::Struct, "inner");
  inner->size = 4;
  inner->members = {{"c", color, 0}};
  Type* outer = testing::outer_struct(tt, 24, {"in", inner, 4});
  std::vector<uint8_t> b(24, 0);
  b[0] = 255;  // n = 255
  b[4] = 1;    // GREEN
  std::memcpy(&b[8], "ab", 3);
  b[12] = 7;
  EXPECT_EQ(format_print(*outer, b),
            "struct outer {\n"
            "    int n = 0xff\n"
            "    struct inner in = {\n"
            "        enum color c = GREEN\n"
            "    }\n"
            "    char [4] name = [ \"ab\" ]\n"
            "    unsigned short [2] v = [ 0x7, 0 ]\n"
            "    int * p = 0\n"
            "}");
}

TEST(PrintValue, ShortRecordSaysTruncated) {
  cc::TypeTable tt;
  std::vector<uint8_t> b(2, 0);
  EXPECT_EQ(format_print(*tt.int_type(), b), "int <truncated>");
}

// As DTrace's print(): signed, in exponent form, every digit the type holds.
TEST(PrintValue, FloatsInExponentForm) {
  cc::TypeTable tt;
  std::vector<uint8_t> b(4);
  float f = -2.5f;
  std::memcpy(b.data(), &f, sizeof f);
  EXPECT_EQ(format_print(*tt.lookup("float"), b), "float -2.5000000e+00");
  std::vector<uint8_t> d(8);
  double v = 1e-3;
  std::memcpy(d.data(), &v, sizeof v);
  EXPECT_EQ(format_print(*tt.lookup("double"), d), "double +1.0000000000000000e-03");
}

}  // namespace
}  // namespace dtrace::consume
