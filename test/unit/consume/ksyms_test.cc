#include "consume/ksyms.h"
#include "consume/usyms.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <gtest/gtest.h>

namespace dtrace::consume {
namespace {

const char kTable[] =
    "ffffffff81000000 T _stext\n"
    "ffffffff81000100 t helper\n"
    "ffffffff81000200 D some_data\n"
    "ffffffffc0001000 t mod_fn\t[dtrace]\n";

TEST(KernelSymbols, ResolvesModuleSymbolAndOffset) {
  KernelSymbols k;
  k.load(kTable);
  EXPECT_EQ(k.address(0xffffffff81000000ull), "vmlinux`_stext");
  EXPECT_EQ(k.address(0xffffffff81000110ull), "vmlinux`helper+0x10");
  EXPECT_EQ(k.address(0xffffffffc0001004ull), "dtrace`mod_fn+0x4");
  EXPECT_EQ(k.symbol(0xffffffffc0001004ull), "dtrace`mod_fn");
  EXPECT_EQ(k.module(0xffffffffc0001004ull), "dtrace");
}

// Data symbols name addresses too, as in DTrace (Oracle's printf
// tst.basics: %a of &`max_pfn is vmlinux`max_pfn); an absolute symbol
// (a per-CPU offset) names none, and a low address stays hex.
TEST(KernelSymbols, DataSymbolsResolveLowAddressesStayUnresolved) {
  KernelSymbols k;
  k.load(std::string(kTable) + "0000000000001000 A percpu_thing\n");
  EXPECT_EQ(k.address(0x1000), "0x1000");
  EXPECT_EQ(k.address(0x1008), "0x1008");
  EXPECT_EQ(k.address(0xffffffff81000204ull), "vmlinux`some_data+0x4");
  EXPECT_EQ(k.symbol(0xffffffff81000200ull), "vmlinux`some_data");
  EXPECT_NE(k.find("", "percpu_thing"), nullptr);
}

TEST(UserStack, SkipsThePidAndStopsAtZero) {
  std::vector<uint8_t> rec(32, 0);
  uint64_t pid = 42, pc = 0x400123;
  std::memcpy(rec.data(), &pid, 8);
  std::memcpy(rec.data() + 8, &pc, 8);
  UserSymbols syms;
  EXPECT_EQ(format_user_stack(&syms, rec), "\n              0x400123\n");
}

TEST(Stacks, IndentAndNoresolve) {
  std::vector<uint8_t> rec(24, 0);
  uint64_t pid = 42, pc = 0x400123;
  std::memcpy(rec.data(), &pid, 8);
  std::memcpy(rec.data() + 8, &pc, 8);
  EXPECT_EQ(format_user_stack(nullptr, rec, 3, false), "\n   0x400123\n");
  uint64_t kpc[2] = {0xffffffff81000104ull, 0};
  std::span<const uint8_t> k(reinterpret_cast<const uint8_t*>(kpc), sizeof kpc);
  EXPECT_EQ(format_kernel_stack(k, 0, nullptr), "\n0xffffffff81000104\n");
  KernelSymbols table;
  table.load(kTable);
  EXPECT_EQ(format_kernel_stack(k, 2, &table), "\n  vmlinux`helper+0x4\n");
}

// A session's table is read from its file when first asked, not when the
// session starts: a session that names no kernel address reads nothing.
TEST(KernelSymbols, ATableFromAFileIsReadWhenFirstAsked) {
  char path[] = "/tmp/ksyms_test.XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  KernelSymbols lazy{path};
  std::ofstream(path) << kTable;  // written after the table was made
  EXPECT_EQ(lazy.address(0xffffffff81000110ull), "vmlinux`helper+0x10");
  EXPECT_TRUE(lazy.has_module("dtrace"));
  std::ofstream(path) << "";  // read once: later changes are not seen
  EXPECT_EQ(lazy.symbol(0xffffffffc0001004ull), "dtrace`mod_fn");
  unlink(path);
  KernelSymbols missing{"/nonexistent/kallsyms"};
  EXPECT_EQ(missing.address(0xffffffff81000110ull), "0xffffffff81000110");
}

}  // namespace
}  // namespace dtrace::consume
