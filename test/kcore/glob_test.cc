// Probe-description globbing (kernel/core/glob.c).
#include <gtest/gtest.h>

extern "C" {
#include "core/probe.h"
}

namespace {

TEST(Glob, EmptyPatternMatchesAnything) {
  EXPECT_TRUE(dtrace_glob("", "anything"));
  EXPECT_TRUE(dtrace_glob(nullptr, ""));
}

TEST(Glob, Literal) {
  EXPECT_TRUE(dtrace_glob("BEGIN", "BEGIN"));
  EXPECT_FALSE(dtrace_glob("BEGIN", "BEGINS"));
  EXPECT_FALSE(dtrace_glob("BEGIN", "BEGI"));
  EXPECT_FALSE(dtrace_glob("BEGIN", ""));
}

TEST(Glob, Star) {
  EXPECT_TRUE(dtrace_glob("*", ""));
  EXPECT_TRUE(dtrace_glob("*", "abc"));
  EXPECT_TRUE(dtrace_glob("sys_*", "sys_read"));
  EXPECT_TRUE(dtrace_glob("*read", "sys_read"));
  EXPECT_TRUE(dtrace_glob("*_*_*", "a_b_c"));
  EXPECT_FALSE(dtrace_glob("*_*_*", "a_b"));
  EXPECT_TRUE(dtrace_glob("a**b", "ab"));
  EXPECT_TRUE(dtrace_glob("*ab*ab*", "xxabyyabzz"));
  EXPECT_FALSE(dtrace_glob("*ab*ab*", "xxabyyzz"));
}

TEST(Glob, Question) {
  EXPECT_TRUE(dtrace_glob("?ND", "END"));
  EXPECT_FALSE(dtrace_glob("?ND", "ND"));
  EXPECT_FALSE(dtrace_glob("?", ""));
}

TEST(Glob, Sets) {
  EXPECT_TRUE(dtrace_glob("[BE]*", "BEGIN"));
  EXPECT_TRUE(dtrace_glob("[BE]*", "END"));
  EXPECT_TRUE(dtrace_glob("[BE]*", "ERROR"));
  EXPECT_FALSE(dtrace_glob("[!BE]*", "ERROR"));
  EXPECT_TRUE(dtrace_glob("[!BE]*", "RRR"));
  EXPECT_TRUE(dtrace_glob("tick-[0-9]s", "tick-5s"));
  EXPECT_FALSE(dtrace_glob("tick-[0-9]s", "tick-xs"));
  EXPECT_TRUE(dtrace_glob("[]]", "]"));
  EXPECT_TRUE(dtrace_glob("[a\\]]", "]"));
  EXPECT_FALSE(dtrace_glob("[abc", "a"));  // unterminated set matches nothing
}

TEST(Glob, Escape) {
  EXPECT_TRUE(dtrace_glob("a\\*b", "a*b"));
  EXPECT_FALSE(dtrace_glob("a\\*b", "axb"));
  EXPECT_TRUE(dtrace_glob("a\\?", "a?"));
  EXPECT_FALSE(dtrace_glob("a\\?", "ab"));
}

}  // namespace
