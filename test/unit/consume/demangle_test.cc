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

// Names rustc gave the functions of a small program (a geo::Shape::area
// method), with -C symbol-mangling-version=v0 and without.
TEST(Demangle, RustNamesAsPerfPrintsThem) {
  EXPECT_EQ(demangle("_RNvMNtCskK7mfDs1mzF_1m3geoNtB2_5Shape4area"), "<m::geo::Shape>::area");
  EXPECT_EQ(demangle("_RNvNvNtNtNtNtCsjrHSEGnQ3l9_3std3sys12thread_local5guard3key6enable3run"),
            "std::sys::thread_local::guard::key::enable::run");
  EXPECT_EQ(demangle("_ZN1m3geo5Shape4area17hf130951696bb9d4dE"), "m::geo::Shape::area");
  EXPECT_EQ(demangle("_RNvC"), "_RNvC");  // cut short
}

TEST(Demangle, OtherNamesKept) {
  EXPECT_EQ(demangle("main"), "main");
  EXPECT_EQ(demangle("_Z"), "_Z");  // not a valid mangled name
  EXPECT_EQ(demangle("_Zfoo!"), "_Zfoo!");
  EXPECT_EQ(demangle(""), "");
}

}  // namespace
}  // namespace dtrace::consume
