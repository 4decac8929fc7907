// float, double and long double: declared, laid out, copied and printed,
// never computed with (D has no floating-point arithmetic).
#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;

// The constant `BEGIN { trace(expr); }` records, after decls.
uint64_t traced_constant(const std::string& decls, const std::string& expr) {
  Program p = compile_ok(decls + " BEGIN { trace(" + expr + "); }");
  if (p.actions.size() != 1 || p.actions[0].difo < 0) return ~uint64_t{0};
  const Difo& d = p.difos[static_cast<size_t>(p.actions[0].difo)];
  return d.ints.size() == 1 ? d.ints[0] : ~uint64_t{0};
}

TEST(FloatTypes, SizesAndStructLayoutAreX86_64s) {
  EXPECT_EQ(traced_constant("", "sizeof (float)"), 4u);
  EXPECT_EQ(traced_constant("", "sizeof (double)"), 8u);
  EXPECT_EQ(traced_constant("", "sizeof (long double)"), 16u);
  const std::string s = "struct s { char c; long double x; float y; double z; };";
  EXPECT_EQ(traced_constant(s, "sizeof (struct s)"), 48u);
  EXPECT_EQ(traced_constant(s, "offsetof(struct s, x)"), 16u);  // a long double aligns to 16
  EXPECT_EQ(traced_constant(s, "offsetof(struct s, y)"), 32u);
  EXPECT_EQ(traced_constant(s, "offsetof(struct s, z)"), 40u);
}

TEST(FloatTypes, PrintfRecordsCarryTheCType) {
  Program p = compile_ok(
      "typedef float nf_t; float f; double d; long double ld; nf_t nf;"
      "BEGIN { printf(\"%f %e %g %Lf\", f, d, nf, ld); }");
  std::vector<std::pair<std::string, uint32_t>> got;
  for (const Action& a : p.actions)
    if (a.type.size != 0) got.emplace_back(a.type.ctype, a.type.size);
  EXPECT_EQ(got, (std::vector<std::pair<std::string, uint32_t>>{
                     {"float", 4}, {"double", 8}, {"float", 4}, {"long double", 16}}));
}

TEST(FloatTypes, StoredOnlyFromTheirOwnType) {
  compile_ok("double a, b; long double x, y; BEGIN { a = b; x = y; self->d = a; }");
  expect_error("float f; BEGIN { f = 1; }", "D_OP_INCOMPAT", 1, "\"float\" = \"int\"");
  expect_error("float f; double d; BEGIN { d = f; }", "D_OP_INCOMPAT", 1);
  expect_error("double d; BEGIN { trace(d + 1); }", "D_OP_INCOMPAT", 1);
  expect_error("double d; BEGIN { trace((int)d); }", "D_CAST_INVAL", 1);
}

TEST(FloatTypes, OnlyFloatsPassFloatingConversions) {
  expect_error("BEGIN { printf(\"%f\", 1); }", "D_PRINTF_ARG_TYPE", 1, "float, double, or long double");
  expect_error("double d; BEGIN { printf(\"%d\", d); }", "D_PRINTF_ARG_TYPE", 1);
}

TEST(FloatTypes, SpecifierCombinations) {
  compile_ok("long double a; double b; float c; BEGIN {}");
  expect_error("unsigned float f; BEGIN {}", "D_DECL_COMBO", 1);
  expect_error("long long double f; BEGIN {}", "D_DECL_COMBO", 1);
  expect_error("BEGIN { i = (double double)0; }", "D_DECL_COMBO", 1);
  expect_error("long float f; BEGIN {}", "D_DECL_LONGINT", 1);
}

}  // namespace
}  // namespace dtrace::cc
