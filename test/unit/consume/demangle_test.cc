// C++ names as perf and gdb print them (consume/demangle.cc).
#include "consume/demangle.h"

#include <gtest/gtest.h>

namespace dtrace::consume {
namespace {

TEST(Demangle, CxxNamesAsPerfPrintsThem) {
  EXPECT_EQ(demangle("_ZNK3geo5Shape4spinEd"), "geo::Shape::spin(double) const");
  EXPECT_EQ(demangle("_ZN3geo3runINS_5ShapeEEEvRKT_d"),
            "void geo::run<geo::Shape>(geo::Shape const&, double)");
  EXPECT_EQ(demangle("_ZNSt6vectorIiSaIiEE9push_backERKi"),
            "std::vector<int, std::allocator<int> >::push_back(int const&)");
}

TEST(Demangle, OtherNamesKept) {
  EXPECT_EQ(demangle("main"), "main");
  EXPECT_EQ(demangle("_Z"), "_Z");  // not a valid mangled name
  EXPECT_EQ(demangle("_Zfoo!"), "_Zfoo!");
  EXPECT_EQ(demangle(""), "");
}

}  // namespace
}  // namespace dtrace::consume
