// dtrace -h / -G front half: provider definitions, the header's macros,
// and the -G check of objects against the definitions.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <utility>

#include "usdt/header_gen.h"
#include "usdt/link_objects.h"
#include "usdt/provider_defs.h"

namespace dtrace::usdt {
namespace {

Result<std::vector<ProviderDef>> defs(std::string_view src) { return read_provider_defs(src, {}); }

// testapp.d, the definitions usdt_app is built with, after replacing
// each edit's first text with its second.
std::string testapp_defs(std::initializer_list<std::pair<std::string, std::string>> edits = {}) {
  std::ifstream f(DTRACE_TEST_SOURCE "/testapp.d");
  std::stringstream text;
  text << f.rdbuf();
  std::string s = text.str();
  EXPECT_NE(s.find("provider testapp"), std::string::npos) << "testapp.d unread";
  for (const auto& [from, to] : edits) {
    size_t at = s.find(from);
    if (at == std::string::npos) ADD_FAILURE() << "testapp.d has no " << from;
    else s.replace(at, from.size(), to);
  }
  return s;
}

TEST(UsdtDefs, ReadsProvidersProbesAndCTypes) {
  auto r = defs(
      "provider app {\n probe q__start(int, string, const char *);\n probe none(void);\n};\n"
      "provider other { probe x(struct foo *, unsigned long long); };");
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].name, "app");
  ASSERT_EQ((*r)[0].probes.size(), 2u);
  EXPECT_EQ((*r)[0].probes[0].name, "q__start");
  EXPECT_EQ((*r)[0].probes[0].argtypes, (std::vector<std::string>{"int", "char *", "const char *"}));
  EXPECT_TRUE((*r)[0].probes[1].argtypes.empty());
  EXPECT_EQ((*r)[1].probes[0].argtypes, (std::vector<std::string>{"struct foo *", "unsigned long long"}));
}

TEST(UsdtDefs, ProbeRedeclaredIsPrdup) {
  auto r = defs("provider app {\n probe a__b();\n probe a__b(int);\n};");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().tag, ErrTag::D_PROV_PRDUP);
  EXPECT_EQ(r.error().line, 3);
}

TEST(UsdtDefs, TwelveArgumentsAreAccepted) {
  auto r = defs("provider app { probe p(int, int, int, int, int, int, int, int, int, int, int, char *); };");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ((*r)[0].probes[0].argtypes.size(), 12u);
  EXPECT_EQ((*r)[0].probes[0].argtypes[11], "char *");
}

TEST(UsdtDefs, MoreThanTwelveArgumentsIsPrarglen) {
  auto r =
      defs("provider app { probe p(int, int, int, int, int, int, int, int, int, int, int, int, int); };");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().tag, ErrTag::D_PROV_PRARGLEN);
  EXPECT_NE(r.error().message.find("has 13 arguments; a USDT probe has at most 12"), std::string::npos);
}

TEST(UsdtDefs, SyntaxErrorsComeFromTheParser) {
  auto r = defs("provider app { probe p(int) };");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().tag, ErrTag::D_SYNTAX);
}

TEST(UsdtDefs, ProbeNamesTurnDoubleUnderscoresIntoDashes) {
  EXPECT_EQ(probe_name("query__start"), "query-start");
  EXPECT_EQ(probe_name("a_b"), "a_b");
  EXPECT_EQ(probe_name("a___b"), "a-_b");
}

TEST(UsdtHeader, DefinesUpperCaseMacrosSemaphoresAndTypedSites) {
  auto r = defs("provider my_app { probe query__start(int, char *); probe go(); };");
  ASSERT_TRUE(r);
  std::string h = header_text(*r, "_APP_H");
  EXPECT_NE(h.find("#ifndef\t_APP_H"), std::string::npos);
  EXPECT_NE(h.find("#define\tMY_APP_QUERY_START(arg0, arg1) do {"), std::string::npos);
  EXPECT_NE(h.find("#define\tMY_APP_QUERY_START_ENABLED() \\\n\t__builtin_expect("
                   "my_app_query__start_semaphore != 0, 0)"),
            std::string::npos);
  EXPECT_NE(h.find("extern void __dtrace_my_app___query__start(int, char *);"), std::string::npos);
  EXPECT_NE(h.find("_DTRACE_SITE(my_app, query__start, my_app_query__start_semaphore, "
                   "\"int;char *\", 2, (arg0, arg1))"),
            std::string::npos);
  EXPECT_NE(h.find("#define\tMY_APP_GO() do { } while (0)"), std::string::npos);  // disabled
  EXPECT_NE(h.find("struct dtrace_usdt_site {"), std::string::npos);              // dtrace_sdt.h embedded
}

// The prototypes that check a site's arguments name struct and union
// tags: each is declared first, at file scope, so a tag the program
// defines after the header is the same type (no "declared inside
// parameter list" under -Werror). The header names drti, so a static
// archive gives up its -G object with the probes.
TEST(UsdtHeader, DeclaresArgumentTagsAndNamesDrti) {
  auto r = defs(
      "provider p { probe a(struct rec *, const struct rec *); probe b(union u *, int, struct rec_2 **); };");
  ASSERT_TRUE(r);
  std::string h = header_text(*r, "_P_H");
  size_t rec = h.find("\nstruct rec;\n"), u = h.find("\nunion u;\n"), rec2 = h.find("\nstruct rec_2;\n");
  ASSERT_NE(rec, std::string::npos);
  ASSERT_NE(u, std::string::npos);
  ASSERT_NE(rec2, std::string::npos);
  EXPECT_EQ(h.find("struct rec;", rec + 2), std::string::npos);  // once
  EXPECT_LT(rec, h.find("extern void __dtrace_p___a("));
  EXPECT_NE(h.find("__asm__(\".globl __dtrace_drti_once\");"), std::string::npos);
}

TEST(UsdtLink, AcceptsTheTestApplication) {
  auto r = defs(testapp_defs());
  ASSERT_TRUE(r) << r.error().message;
  auto st = check_objects(*r, {USDT_APP});
  EXPECT_TRUE(st) << st.error().message;
}

TEST(UsdtLink, RefusesUndefinedProbesAndWrongArgumentCounts) {
  auto r = defs(testapp_defs({{"query__done(int, long)", "query__done(int)"}}));
  ASSERT_TRUE(r) << r.error().message;
  auto st = check_objects(*r, {USDT_APP});
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().message.find("probe testapp:::query-done passes 2 arguments but is defined with 1"),
            std::string::npos)
      << st.error().message;
  r = defs("provider testapp { probe query__start(int, char *); };");
  st = check_objects(*r, {USDT_APP});
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().message.find("is not defined by provider testapp"), std::string::npos);
  st = check_objects(*defs("provider other { probe x(); };"), {USDT_APP});
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().message.find("no provider testapp is defined"), std::string::npos);
  st = check_objects(*r, {"/nonexistent.o"});
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().message.find("failed to open /nonexistent.o"), std::string::npos);
}

}  // namespace
}  // namespace dtrace::usdt
