#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;

TEST(ProbeSpec, FieldsFillFromTheRight) {
  auto b = parse_probe_spec("BEGIN");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->provider, "");
  EXPECT_EQ(b->mod, "");
  EXPECT_EQ(b->func, "");
  EXPECT_EQ(b->name, "BEGIN");
  EXPECT_EQ(b->str(), ":::BEGIN");
  auto s = parse_probe_spec("syscall::read:entry");
  EXPECT_EQ(s->provider, "syscall");
  EXPECT_EQ(s->func, "read");
  EXPECT_EQ(s->name, "entry");
  auto two = parse_probe_spec("read:entry");
  EXPECT_EQ(two->func, "read");
  EXPECT_EQ(two->name, "entry");
  EXPECT_EQ(two->provider, "");
  auto id = parse_probe_spec("1234");
  EXPECT_EQ(id->id, 1234u);
  EXPECT_FALSE(parse_probe_spec("a:b:c:d:e").ok());
  auto esc = parse_probe_spec("pid1:libc:foo\\:bar:entry");
  EXPECT_EQ(esc->func, "foo\\:bar");
}

TEST(ProbesPass, ClausesCarrySpecsInOrder) {
  Program p = compile_ok("syscall::read:entry, syscall::write:entry { trace(1); }\nEND { }");
  ASSERT_EQ(p.clauses.size(), 3u);
  EXPECT_EQ(p.clauses[0].probe.str(), "syscall::read:entry");
  EXPECT_EQ(p.clauses[1].probe.str(), "syscall::write:entry");
  EXPECT_EQ(p.clauses[0].first_action, p.clauses[1].first_action);
  EXPECT_EQ(p.clauses[0].naction, 1u);
  EXPECT_EQ(p.clauses[2].statement, 1u);
  EXPECT_EQ(p.clauses[2].probe.loc.line, 2);
  EXPECT_EQ(p.nstatements, 2u);
}

TEST(ProbesPass, DescriptionMatchingNothingIsAnError) {
  CompileOptions o;
  o.count_matches = [](const ProbeSpec& s) -> uint32_t { return s.name == "BEGIN" ? 1 : 0; };
  compile_ok("BEGIN { }", o);
  expect_error("BEGIN { }\n:::no_such_probe* { }", "D_PDESC_ZERO", 2,
               "probe description :::no_such_probe* does not match any probes", o);
  expect_error("BEGIN, fbt::nope:entry { }", "D_PDESC_ZERO", 1,
               "probe description fbt::nope:entry does not match any probes", o);
  o.zdefs = true;
  compile_ok("fbt::nope:entry { }", o);
}

TEST(ProbesPass, IdNamingNoProbeIsUnknownEvenUnderZdefs) {
  CompileOptions o;
  o.count_matches = [](const ProbeSpec& s) -> uint32_t { return s.id == 7 ? 1 : 0; };
  compile_ok("7 { }", o);
  o.zdefs = true;
  expect_error("7, 99999 { }", "D_PDESC_INVAL", 1, "invalid probe identifier 99999: Unknown probe identifier",
               o);
}

}  // namespace
}  // namespace dtrace::cc
