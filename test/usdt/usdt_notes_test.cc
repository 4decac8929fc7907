// .note.stapsdt reading and x86-64 argument specs.
#include <gtest/gtest.h>

#include "usdt/stapsdt_notes.h"

namespace dtrace::usdt {
namespace {

dtrace_uarg one(const char* spec) {
  auto r = parse_arg_specs(spec);
  EXPECT_TRUE(r) << spec;
  EXPECT_EQ(r ? r->size() : 0, 1u) << spec;
  return r && !r->empty() ? (*r)[0] : dtrace_uarg{};
}

TEST(StapsdtArgs, RegistersUnderEveryWidthName) {
  dtrace_uarg a = one("-4@%eax");
  EXPECT_EQ(a.dtua_size, -4);
  EXPECT_EQ(a.dtua_kind, DTRACE_UARG_REG);
  EXPECT_EQ(a.dtua_reg, 10);  // pt_regs.ax
  EXPECT_EQ(one("8@%rdi").dtua_reg, 14);
  EXPECT_EQ(one("1@%r9b").dtua_reg, 8);
  EXPECT_EQ(one("2@%bp").dtua_reg, 4);
  EXPECT_EQ(one("8@%r15").dtua_reg, 0);
}

TEST(StapsdtArgs, MemoryAndConstants) {
  dtrace_uarg a = one("8@-80(%rbx)");
  EXPECT_EQ(a.dtua_kind, DTRACE_UARG_MEM);
  EXPECT_EQ(a.dtua_reg, 5);
  EXPECT_EQ(a.dtua_value, -80);
  a = one("-4@112(%rsp)");
  EXPECT_EQ(a.dtua_reg, 19);
  EXPECT_EQ(a.dtua_value, 112);
  EXPECT_EQ(one("4@(%rsi)").dtua_value, 0);
  a = one("-8@$-5");
  EXPECT_EQ(a.dtua_kind, DTRACE_UARG_CONST);
  EXPECT_EQ(a.dtua_value, -5);
}

TEST(StapsdtArgs, SeveralSpecsAndNone) {
  auto r = parse_arg_specs("8@%rbp 8@%r12 -4@%eax");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->size(), 3u);
  EXPECT_EQ(count_arg_specs("8@%rbp 8@%r12 -4@%eax"), 3u);
  EXPECT_EQ(count_arg_specs(""), 0u);
  EXPECT_TRUE(parse_arg_specs("")->empty());
}

TEST(StapsdtArgs, RefusesWhatCannotBeExpressed) {
  for (const char* bad : {"8@(%rax,%rbx,8)", "8@sym(%rip)", "1@%ah", "3@%rax", "8%rax", "8@%xmm0"})
    EXPECT_FALSE(parse_arg_specs(bad)) << bad;
}

TEST(StapsdtNotes, ReadsTheTestApplicationsSites) {
  auto f = read_stapsdt_notes(USDT_APP);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_TRUE(f->registers_itself);
  ASSERT_EQ(f->notes.size(), 5u);
  const StapsdtNote* start = nullptr;
  for (const auto& n : f->notes)
    if (n.name == "query__start") start = &n;
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->provider, "testapp");
  EXPECT_EQ(start->args, "8@%rdi 8@%rsi");
  EXPECT_NE(start->pc, 0u);
  EXPECT_NE(start->semaphore, 0u);
}

TEST(StapsdtNotes, NotAnElfFile) {
  auto f = read_stapsdt_notes(DTRACE_TEST_SOURCE "/usdt_notes_test.cc");
  ASSERT_FALSE(f);
  EXPECT_NE(f.error().message.find("is not a 64-bit ELF file"), std::string::npos);
}

}  // namespace
}  // namespace dtrace::usdt
