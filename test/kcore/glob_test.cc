// Probe-description globbing (kernel/core/glob.c).
#include <gtest/gtest.h>

#include <initializer_list>

extern "C" {
#include "core/probe.h"
}

namespace {

// pattern must match every string of yes and none of no.
void expect_glob(const char* pattern, std::initializer_list<const char*> yes,
                 std::initializer_list<const char*> no) {
  const char* shown = pattern ? pattern : "(null)";
  for (const char* s : yes) EXPECT_TRUE(dtrace_glob(pattern, s)) << shown << " on \"" << s << "\"";
  for (const char* s : no) EXPECT_FALSE(dtrace_glob(pattern, s)) << shown << " on \"" << s << "\"";
}

TEST(Glob, EmptyPatternMatchesAnything) {
  expect_glob("", {"anything"}, {});
  expect_glob(nullptr, {""}, {});
}

TEST(Glob, Literal) { expect_glob("BEGIN", {"BEGIN"}, {"BEGINS", "BEGI", ""}); }

TEST(Glob, Star) {
  expect_glob("*", {"", "abc"}, {});
  expect_glob("sys_*", {"sys_read"}, {});
  expect_glob("*read", {"sys_read"}, {});
  expect_glob("*_*_*", {"a_b_c"}, {"a_b"});
  expect_glob("a**b", {"ab"}, {});
  expect_glob("*ab*ab*", {"xxabyyabzz"}, {"xxabyyzz"});
}

TEST(Glob, Question) {
  expect_glob("?ND", {"END"}, {"ND"});
  expect_glob("?", {}, {""});
}

TEST(Glob, Sets) {
  expect_glob("[BE]*", {"BEGIN", "END", "ERROR"}, {});
  expect_glob("[!BE]*", {"RRR"}, {"ERROR"});
  expect_glob("tick-[0-9]s", {"tick-5s"}, {"tick-xs"});
  expect_glob("[]]", {"]"}, {});
  expect_glob("[a\\]]", {"]"}, {});
  expect_glob("[abc", {}, {"a"});  // an unterminated set matches nothing
}

TEST(Glob, Escape) {
  expect_glob("a\\*b", {"a*b"}, {"axb"});
  expect_glob("a\\?", {"a?"}, {"ab"});
}

}  // namespace
