#include "api/options.h"

#include <gtest/gtest.h>

namespace dtrace::api {
namespace {

TEST(Options, SizesTakeBinarySuffixes) {
  EXPECT_EQ(*parse_size("512"), 512u);
  EXPECT_EQ(*parse_size("4k"), 4096u);
  EXPECT_EQ(*parse_size("2M"), 2u << 20);
  EXPECT_EQ(*parse_size("1g"), 1u << 30);
  EXPECT_FALSE(parse_size("12q"));
  EXPECT_FALSE(parse_size("k"));
  // A product past 64 bits is refused, not wrapped (16777216t was 0).
  EXPECT_EQ(*parse_size("16777215t"), 16777215ull << 40);
  EXPECT_FALSE(parse_size("16777216t"));
  EXPECT_FALSE(parse_size("18446744073709551616"));
}

TEST(Options, SizesOutsideTheModulesLimitsAreRefused) {
  Options o;
  EXPECT_FALSE(o.set("strsize", "65537"));
  EXPECT_FALSE(o.set("nspec", "0"));
  EXPECT_TRUE(o.set("scratchsize", "16m"));
  EXPECT_FALSE(o.set("scratchsize", "16385k"));
}

// -b 1k, -b 2t, bufsize=16: DTrace takes them, raising a buffer size to
// the least one and lowering it to the most (GO lowers it further to what
// memory gives, saying so); only 0 is refused.
TEST(Options, BufferSizesAreRaisedOrLowered) {
  Options o;
  EXPECT_TRUE(o.set("bufsize", "1k"));
  EXPECT_EQ(o.number("bufsize"), DTRACE_OPT_MINBUFSIZE);
  EXPECT_TRUE(o.set("bufsize", "16"));
  EXPECT_EQ(o.number("bufsize"), DTRACE_OPT_MINBUFSIZE);
  EXPECT_TRUE(o.set("bufsize", "2t"));
  EXPECT_EQ(o.number("bufsize"), DTRACE_OPT_MAXSIZE);
  EXPECT_TRUE(o.set("aggsize", "9223372036854775808"));
  EXPECT_EQ(o.number("aggsize"), DTRACE_OPT_MAXSIZE);
  EXPECT_TRUE(o.set("specsize", "1k"));
  EXPECT_EQ(o.number("specsize"), 1024u);
  EXPECT_FALSE(o.set("bufsize", "0"));
}

TEST(Options, TimesTakeUnitsAndHertz) {
  EXPECT_EQ(*parse_time("10ms"), 10000000u);
  EXPECT_EQ(*parse_time("1s"), 1000000000u);
  EXPECT_EQ(*parse_time("100hz"), 10000000u);
  EXPECT_EQ(*parse_time("250"), 250u);
  EXPECT_FALSE(parse_time("0hz"));
  EXPECT_FALSE(parse_time("5parsecs"));
  EXPECT_FALSE(parse_time("18446744073709551615s"));  // past 64 bits
}

TEST(Options, UnknownNamesAndBadValuesUseDTraceMessages) {
  Options o;
  Status st = o.set("nosuchoption", "");
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "Invalid option name");
  st = o.set("bufsize", "lots");
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "Invalid value for specified option");
  EXPECT_FALSE(o.set("bufpolicy", "sometimes"));
}

TEST(Options, KernelOptionsCarryDefaultsAndSettings) {
  Options o;
  ASSERT_TRUE(o.set("quiet", ""));
  ASSERT_TRUE(o.set("bufpolicy", "ring"));
  ASSERT_TRUE(o.set("strsize", "512"));
  EXPECT_TRUE(o.flag("quiet"));
  std::map<uint32_t, uint64_t> k;
  for (const auto& opt : o.kernel_options()) k[opt.dtpo_option] = opt.dtpo_value;
  EXPECT_EQ(k[DTRACEOPT_BUFSIZE], 4u << 20);  // dtrace(1)'s default
  EXPECT_EQ(k[DTRACEOPT_BUFPOLICY], uint64_t{DTRACEOPT_BUFPOLICY_RING});
  EXPECT_EQ(k[DTRACEOPT_STRSIZE], 512u);
  EXPECT_EQ(k.count(DTRACEOPT_DESTRUCTIVE), 0u);  // never set: not sent
}

TEST(Options, WordOptionsTakeOnlyTheirWords) {
  Options o;
  EXPECT_TRUE(o.set("oformat", "json"));
  EXPECT_TRUE(o.set("linkmode", "static"));
  EXPECT_TRUE(o.set("zone", "global"));
  EXPECT_FALSE(o.set("oformat", "xml"));
  EXPECT_FALSE(o.set("oformat", "jso"));  // a prefix of a word is not the word
  EXPECT_FALSE(o.set("linkmode", ""));
  EXPECT_FALSE(o.set("zone", "global "));
  EXPECT_TRUE(o.set("cpppath", "anything at all"));  // free text
}

TEST(Options, ValueFallsBackToTheTablesDefault) {
  Options o;
  EXPECT_EQ(o.number("strsize"), 0u);
  EXPECT_EQ(o.value("strsize"), 256u);  // options.def's default
  EXPECT_EQ(o.value("jstackframes"), 50u);
  EXPECT_EQ(o.value("quiet"), 0u);  // consumer-only options default to 0
  ASSERT_TRUE(o.set("strsize", "1k"));
  EXPECT_EQ(o.value("strsize"), 1024u);
}

}  // namespace
}  // namespace dtrace::api
