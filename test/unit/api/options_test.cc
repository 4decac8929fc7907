#include "api/options.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "api/compile_options.h"
#include "api/session_options.h"
#include "cc/compiler.h"

namespace dtrace::api {
namespace session_test {
// A C++ function of this process whose name the sessions look up.
[[gnu::noinline]] int shaped(int x) { return x * 3 + 1; }
}  // namespace session_test
namespace {

// An option setting and whether Options::set takes it.
struct Setting {
  const char* name;
  const char* value;
  bool taken;
};

void expect_settings(std::initializer_list<Setting> settings) {
  Options o;
  for (const Setting& s : settings)
    EXPECT_EQ(static_cast<bool>(o.set(s.name, s.value)), s.taken) << s.name << "=" << s.value;
}

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
  expect_settings({{"strsize", "65537", false},
                   {"nspec", "0", false},
                   {"scratchsize", "16m", true},
                   {"scratchsize", "16385k", false}});
}

// -b 1k, -b 2t, bufsize=16: DTrace takes them, raising a buffer size to
// the least one and lowering it to the most (GO lowers it further to what
// memory gives, saying so); only 0 is refused.
TEST(Options, BufferSizesAreRaisedOrLowered) {
  Options o;
  EXPECT_TRUE(o.set("bufsize", "1k"));
  EXPECT_EQ(o.number(DTRACEOPT_BUFSIZE), DTRACE_OPT_MINBUFSIZE);
  EXPECT_TRUE(o.set("bufsize", "16"));
  EXPECT_EQ(o.number(DTRACEOPT_BUFSIZE), DTRACE_OPT_MINBUFSIZE);
  EXPECT_TRUE(o.set("bufsize", "2t"));
  EXPECT_EQ(o.number(DTRACEOPT_BUFSIZE), DTRACE_OPT_MAXSIZE);
  EXPECT_TRUE(o.set("aggsize", "9223372036854775808"));
  EXPECT_EQ(o.number(DTRACEOPT_AGGSIZE), DTRACE_OPT_MAXSIZE);
  EXPECT_TRUE(o.set("specsize", "1k"));
  EXPECT_EQ(o.number(DTRACEOPT_SPECSIZE), 1024u);
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

// A boolean option takes DTrace's words for on and off in any case.
TEST(Options, BooleanWordsInAnyCase) {
  for (const char* on : {"yes", "YES", "true", "enable", "Enabled", "on", "SeT", "1"}) {
    Options o;
    ASSERT_TRUE(o.set("quiet", on)) << on;
    EXPECT_TRUE(o.quiet()) << on;
  }
  for (const char* off : {"no", "NO", "false", "disable", "disabled", "off", "UnSeT", "0"}) {
    Options o;
    ASSERT_TRUE(o.set("quiet", "")) << off;
    ASSERT_TRUE(o.set("quiet", off)) << off;
    EXPECT_FALSE(o.quiet()) << off;
  }
  Options o;
  EXPECT_FALSE(o.set("quiet", "hell no"));
}

TEST(Options, KernelOptionsCarryDefaultsAndSettings) {
  Options o;
  ASSERT_TRUE(o.set("quiet", ""));
  ASSERT_TRUE(o.set("bufpolicy", "ring"));
  ASSERT_TRUE(o.set("strsize", "512"));
  EXPECT_TRUE(o.quiet());
  std::map<uint32_t, uint64_t> k;
  for (const auto& opt : o.kernel_options()) k[opt.dtpo_option] = opt.dtpo_value;
  EXPECT_EQ(k[DTRACEOPT_BUFSIZE], 4u << 20);  // dtrace(1)'s default
  EXPECT_EQ(k[DTRACEOPT_BUFPOLICY], uint64_t{DTRACEOPT_BUFPOLICY_RING});
  EXPECT_EQ(k[DTRACEOPT_STRSIZE], 512u);
  EXPECT_EQ(k.count(DTRACEOPT_DESTRUCTIVE), 0u);  // never set: not sent
}

TEST(Options, WordOptionsTakeOnlyTheirWords) {
  expect_settings({{"oformat", "json", true},
                   {"linkmode", "static", true},
                   {"zone", "global", true},
                   {"oformat", "xml", false},
                   {"oformat", "jso", false},  // a prefix of a word is not the word
                   {"linkmode", "", false},
                   {"zone", "global ", false},
                   {"cpppath", "anything at all", true}});  // free text
}

TEST(Options, ValueFallsBackToTheTablesDefault) {
  Options o;
  EXPECT_EQ(o.number(DTRACEOPT_STRSIZE), 0u);
  EXPECT_EQ(o.value(DTRACEOPT_STRSIZE), 256u);  // options.def's default
  EXPECT_EQ(o.value(DTRACEOPT_JSTACKFRAMES), 50u);
  EXPECT_FALSE(o.quiet());  // consumer options default to 0, false or ""
  EXPECT_EQ(o.oformat(), "");
  ASSERT_TRUE(o.set("strsize", "1k"));
  EXPECT_EQ(o.value(DTRACEOPT_STRSIZE), 1024u);
}

// Each option reads back through its own typed field; only what was
// set counts as set.
TEST(Options, ValuesReadBackThroughTheirFields) {
  Options o;
  ASSERT_TRUE(o.set("quiet", ""));
  ASSERT_TRUE(o.set("aggsortkeypos", "3"));
  ASSERT_TRUE(o.set("oformat", "json"));
  ASSERT_TRUE(o.set("ustackbytes", "4k"));
  ASSERT_TRUE(o.set("switchrate", "10hz"));
  EXPECT_TRUE(o.quiet());
  EXPECT_EQ(o.aggsortkeypos(), 3u);
  EXPECT_EQ(o.oformat(), "json");
  EXPECT_EQ(o.ustackbytes(), 4096u);
  EXPECT_EQ(o.number(DTRACEOPT_SWITCHRATE), 100000000u);
  EXPECT_TRUE(o.is_set(Opt::ustackbytes));
  EXPECT_FALSE(o.is_set(Opt::stackindent));
  EXPECT_FALSE(o.is_set(DTRACEOPT_CPU));
}

// A session refuses a name no row has, and sets nothing.
TEST(Options, SessionRefusesAnUnknownOption) {
  Session s;
  Status st = set_session_option(s, "quite", "");
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "Invalid option name");
  EXPECT_FALSE(s.options.quiet());
  EXPECT_TRUE(set_session_option(s, "quiet", ""));
  EXPECT_TRUE(s.options.quiet());
}

// Two sessions share no option.
TEST(Options, SessionsAreIndependent) {
  Session a, b;
  ASSERT_TRUE(set_session_option(a, "flowindent", ""));
  ASSERT_TRUE(set_session_option(a, "define", "X=1"));
  EXPECT_FALSE(b.options.flowindent());
  EXPECT_TRUE(b.cpp_args.empty());
  EXPECT_EQ(a.cpp_args, std::vector<std::string>{"-DX=1"});
}

// -x nodemangle in one session leaves another's names demangled.
TEST(Options, NodemangleIsTheSessionsOwn) {
  Session a, b;
  ASSERT_TRUE(set_session_option(a, "nodemangle", ""));
  auto addr = reinterpret_cast<uint64_t>(&session_test::shaped);
  std::string mangled = a.usyms.symbol(getpid(), addr), plain = b.usyms.symbol(getpid(), addr);
  EXPECT_NE(mangled.find("`_ZN6dtrace3api12session_test6shapedEi"), std::string::npos) << mangled;
  EXPECT_NE(plain.find("`dtrace::api::session_test::shaped(int)"), std::string::npos) << plain;
}

TEST(Options, CpuMustBeOneOfTheMachines) {
  Session s;
  s.ncpus = 2;
  EXPECT_TRUE(set_session_option(s, "cpu", "1"));
  EXPECT_FALSE(set_session_option(s, "cpu", "2"));
  EXPECT_EQ(s.options.number(DTRACEOPT_CPU), 1u);
}

// kdefs and knodefs undo each other: the one set last decides.
TEST(Options, TheLastOfKdefsAndKnodefsWins) {
  for (bool knodefs_last : {false, true}) {
    Session s;
    ASSERT_TRUE(set_session_option(s, knodefs_last ? "kdefs" : "knodefs", ""));
    ASSERT_TRUE(set_session_option(s, knodefs_last ? "knodefs" : "kdefs", ""));
    cc::CompileOptions co;
    copy_compile_options(s.options, co);
    EXPECT_EQ(co.knodefs, knodefs_last);
  }
}

TEST(Options, SetoptWhileTracingTakesOnlyDynamicOptions) {
  Options o;
  EXPECT_EQ(set_option_while_tracing(o, "quiet", ""), "");
  EXPECT_TRUE(o.quiet());
  EXPECT_EQ(set_option_while_tracing(o, "aggrate", "1ms"), "");
  EXPECT_EQ(o.number(DTRACEOPT_AGGRATE), 1000000u);
  EXPECT_EQ(set_option_while_tracing(o, "bufsize", "8m"), "Operation illegal when tracing is active");
  EXPECT_EQ(set_option_while_tracing(o, "quiet", "maybe"), "Invalid value for specified option");
  EXPECT_EQ(set_option_while_tracing(o, "nosuch", ""), "Invalid option name");
}

TEST(Options, PragmaAppliesCompileOptionsAndRefusesOutsideOnes) {
  cc::CompileOptions co;
  EXPECT_TRUE(pragma_option("iregs", "4", co));
  EXPECT_EQ(co.iregs, 4u);
  EXPECT_TRUE(pragma_option("strsize", "1k", co));
  EXPECT_EQ(co.strsize, 1024u);
  Status st = pragma_option("define", "X", co);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "Option cannot be used from within a D program");
  EXPECT_FALSE(pragma_option("nosuch", "", co));
}

}  // namespace
}  // namespace dtrace::api
