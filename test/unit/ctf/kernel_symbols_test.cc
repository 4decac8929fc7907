// Kernel symbols (`sym, mod`sym) and enumerators in D over a hand-built
// BTF blob and a fake symbol table, so verdicts do not depend on the host.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "ctf/kernel_types.h"
#include "dif/disasm.h"
#include "test/unit/cc/compile_util.h"
#include "test/unit/ctf/btf_builder.h"
#include "test/unit/ctf/btf_compile.h"

namespace dtrace::ctf {
namespace {

using cc::testing::compile_ok;
using cc::testing::expect_error;

// int; enum color { RED, GREEN = 5 }; long vfs_thing(int, ...);
// int per_cpu_count in .data..percpu; long described_var in .data.
std::string symbol_btf() {
  BtfBuilder b;
  uint32_t i32 = b.integer("int", 4, true);  // 1
  b.type("color", BTF_KIND_ENUM, 2, 4);      // 2
  b.word(b.str("RED")), b.word(0);           // btf_enum: {name, val}
  b.word(b.str("GREEN")), b.word(5);
  uint32_t i64 = b.integer("long", 8, true);                      // 3
  uint32_t proto = b.type("", BTF_KIND_FUNC_PROTO, 2, i64);       // 4
  b.param(i32);                                                   //   (int
  b.param(0);                                                     //   , ...)
  b.type("vfs_thing", BTF_KIND_FUNC, 0, proto);                   // 5
  uint32_t pcpu = b.type("per_cpu_count", BTF_KIND_VAR, 0, i32);  // 6
  b.word(1);
  uint32_t var = b.type("described_var", BTF_KIND_VAR, 0, i64);  // 7
  b.word(1);
  b.type(".data..percpu", BTF_KIND_DATASEC, 1, 4);  // 8
  b.word(pcpu), b.word(0), b.word(4);
  b.type(".data", BTF_KIND_DATASEC, 1, 8);  // 9
  b.word(var), b.word(0), b.word(8);
  return b.blob();
}

class KernelSymbolsCompile : public BtfCompileTest {
 protected:
  void SetUp() override {
    use_btf(symbol_btf());
    opts_.kernel_symbol = [](std::string_view mod, std::string_view name) {
      cc::SymbolRef r;
      r.module_known = mod.empty() || mod == "vmlinux" || mod == "ext4";
      bool core = mod.empty() || mod == "vmlinux";
      if (core && (name == "vfs_thing" || name == "_stext")) r.addr = 0xffffffff81001000;
      if (core && (name == "jiffies" || name == "per_cpu_count" || name == "described_var")) {
        r.addr = name == "per_cpu_count" ? 0x2a000 : 0xffffffff82000000;
        r.data = true;
      }
      if (core && name == "hidden") r.found = true;  // kptr_restrict: address 0
      if ((mod.empty() || mod == "ext4") && name == "ext4_thing") r.addr = 0xffffffffc0001000;
      r.found = r.found || r.addr != 0;
      r.module = name == "ext4_thing" ? "ext4" : "vmlinux";
      return r;
    };
  }
};

TEST(BtfFileSymbols, FindsEnumeratorsAndVariables) {
  BtfFile f(symbol_btf());
  ASSERT_TRUE(f.ok()) << f.error();
  int64_t v = -1;
  EXPECT_EQ(f.find_enumerator("GREEN", v), 2u);
  EXPECT_EQ(v, 5);
  EXPECT_EQ(f.find_enumerator("BLUE", v), 0u);
  std::string_view sec;
  EXPECT_EQ(f.find_var("per_cpu_count", sec), 6u);
  EXPECT_EQ(sec, ".data..percpu");
  EXPECT_EQ(f.find_var("described_var", sec), 7u);
  EXPECT_EQ(sec, ".data");
}

TEST_F(KernelSymbolsCompile, FunctionsAreTypedPointers) {
  cc::Program p = compile_ok("BEGIN { trace(&`vfs_thing); trace(vmlinux`vfs_thing); }", opts_);
  ASSERT_EQ(p.difos.size(), 2u);
  std::string dis = dif::disassemble_difo(p.difos[0]);
  EXPECT_NE(dis.find("0xffffffff81001000"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("ld"), std::string::npos) << dis;  // the address, no load
  expect_error("BEGIN { trace(*`vfs_thing); }", "D_DEREF_NONPTR", 1, "pointer to function", opts_);
}

TEST_F(KernelSymbolsCompile, DescribedVariablesLoadThroughTheCheckedPath) {
  cc::Program p = compile_ok("BEGIN { trace(`described_var); trace(&`described_var); }", opts_);
  ASSERT_EQ(p.difos.size(), 2u);
  std::string dis = dif::disassemble_difo(p.difos[0]);
  EXPECT_NE(dis.find("ldx"), std::string::npos) << dis;
  EXPECT_EQ(dif::disassemble_difo(p.difos[1]).find("ldx"), std::string::npos);
}

TEST_F(KernelSymbolsCompile, ErrorsFollowDTrace) {
  expect_error("BEGIN { trace(`jiffies); }", "D_SYM_NOTYPES", 1,
               "no symbolic type information is available for vmlinux`jiffies", opts_);
  expect_error("BEGIN { trace(&`jiffies); }", "D_SYM_NOTYPES", 1, "", opts_);
  expect_error("BEGIN { trace(`nosuch); }", "D_IDENT_UNDEF", 1,
               "failed to resolve `nosuch: Unknown symbol name", opts_);
  expect_error("BEGIN { trace(nomod`vfs_thing); }", "D_IDENT_UNDEF", 1,
               "failed to resolve nomod`vfs_thing: Unknown module name", opts_);
  expect_error("BEGIN { trace(`hidden); }", "D_IDENT_UNDEF", 1, "Symbol address not available", opts_);
  expect_error("BEGIN { trace(`per_cpu_count); }", "D_SYM_BADREF", 1, "per-CPU variable", opts_);
  // Module symbols: vmlinux's BTF does not describe them.
  expect_error("BEGIN { trace(&ext4`ext4_thing); }", "D_SYM_NOTYPES", 1, "ext4`ext4_thing", opts_);
}

TEST_F(KernelSymbolsCompile, KnodefsLetsUnresolvedSymbolsCompile) {
  opts_.kernel_symbol = nullptr;  // no symbol table at all
  expect_error("BEGIN { trace(&`vfs_thing); }", "D_IDENT_UNDEF", 1, "Unknown symbol name", opts_);
  opts_.knodefs = true;
  cc::Program p = compile_ok("BEGIN { trace(&`vfs_thing); }", opts_);
  EXPECT_EQ(p.difos.size(), 1u);
  expect_error("BEGIN { trace(`nosuch); }", "D_SYM_NOTYPES", 1, "vmlinux`nosuch: Unknown symbol name", opts_);
}

TEST_F(KernelSymbolsCompile, EnumeratorsAreConstantsUnderDNames) {
  cc::Program a = compile_ok("struct s { int a[GREEN]; }; BEGIN { trace(sizeof(struct s)); }", opts_);
  ASSERT_EQ(a.difos.size(), 1u);
  EXPECT_NE(dif::disassemble_difo(a.difos[0]).find("0x14"), std::string::npos);  // 5 ints
  compile_ok("BEGIN { trace(RED); trace(vmlinux`GREEN); }", opts_);
  compile_ok("inline int GREEN = 7; BEGIN { trace(GREEN); }", opts_);
  expect_error("BEGIN { trace(BLUE); }", "D_IDENT_UNDEF", 1, "BLUE", opts_);
  cc::Program p = compile_ok("BEGIN { trace(GREEN); }", opts_);
  ASSERT_EQ(p.difos.size(), 1u);
  EXPECT_NE(dif::disassemble_difo(p.difos[0]).find("0x5"), std::string::npos);
}

}  // namespace
}  // namespace dtrace::ctf
