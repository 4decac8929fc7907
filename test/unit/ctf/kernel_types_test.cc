// KernelTypes over a hand-built BTF blob (deterministic) and, when the
// host has one, over /sys/kernel/btf/vmlinux.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "ctf/kernel_types.h"
#include "test/unit/ctf/btf_builder.h"
#include "test/unit/ctf/btf_compile.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::ctf {
namespace {

// struct file { int f_flags; union { unsigned long a; int b; }; unsigned
// int bits:3; my_off_t f_pos; struct file *next; }; typedef my_off_t.
std::string sample_btf() {
  BtfBuilder b;
  uint32_t i32 = b.integer("int", 4, true);                      // 1
  uint32_t u64 = b.integer("long unsigned int", 8, false);       // 2
  uint32_t file = b.type("file", BTF_KIND_STRUCT, 5, 40, true);  // 3
  b.member("f_flags", i32, 0);
  b.member("", 5, 64);
  b.member("bits", 1, (3u << 24) | 128);
  b.member("f_pos", 6, 192);
  b.member("next", 4, 256);
  b.type("", BTF_KIND_PTR, 0, file);  // 4
  b.type("", BTF_KIND_UNION, 2, 8);   // 5
  b.member("a", u64, 0);
  b.member("b", i32, 0);
  b.type("my_off_t", BTF_KIND_TYPEDEF, 0, u64);  // 6
  return b.blob();
}

TEST(BtfFile, IndexesNamesAndRejectsGarbage) {
  BtfFile f(sample_btf());
  ASSERT_TRUE(f.ok()) << f.error();
  EXPECT_EQ(f.count(), 7u);
  EXPECT_EQ(f.find_tag(BTF_KIND_STRUCT, "file"), 3u);
  EXPECT_EQ(f.find_tag(BTF_KIND_UNION, "file"), 0u);
  EXPECT_EQ(f.find_typedef("my_off_t"), 6u);
  EXPECT_FALSE(BtfFile("short").ok());
  std::string bad = sample_btf();
  bad[0] = 0;
  EXPECT_FALSE(BtfFile(bad).ok());
  std::string cut = sample_btf();
  reinterpret_cast<btf_header*>(cut.data())->type_len += 4;  // runs into strings
  EXPECT_FALSE(BtfFile(cut).ok());
}

TEST(KernelTypes, CompletesStructsOnDemand) {
  cc::TypeTable tt;
  tt.set_external(KernelTypes::from_bytes(sample_btf()));
  const cc::Type* t = tt.declare_tag(cc::Type::Kind::Struct, "file");
  EXPECT_FALSE(t->complete);
  tt.complete(t);
  ASSERT_TRUE(t->complete);
  EXPECT_EQ(t->size, 40u);
  ASSERT_NE(t->member("f_pos"), nullptr);
  EXPECT_EQ(t->member("f_pos")->offset, 24u);
  EXPECT_EQ(t->member("f_pos")->type->name, "my_off_t");
  ASSERT_NE(t->member("b"), nullptr);  // flattened anonymous union
  EXPECT_EQ(t->member("b")->offset, 8u);
  ASSERT_NE(t->member("bits"), nullptr);  // a bit-field: byte, first bit, width
  EXPECT_NE(t->member("bits")->bits, 0u);
  ASSERT_NE(t->member("next"), nullptr);
  EXPECT_EQ(t->member("next")->type->base, t);
  EXPECT_NE(tt.lookup("my_off_t"), nullptr);
  EXPECT_EQ(tt.lookup("no_such_type_t"), nullptr);
}

class KernelTypesCompile : public BtfCompileTest {
 protected:
  void SetUp() override { use_btf(sample_btf()); }
};

TEST_F(KernelTypesCompile, MemberThroughCastPointer) {
  cc::Program p = cc::testing::compile_ok(
      "BEGIN { trace(((struct file *)arg0)->f_pos); trace(sizeof(struct file));"
      " trace(offsetof(vmlinux`struct file, b)); trace((my_off_t)1);"
      " trace(((struct vmlinux`file *)arg0)->next->f_flags); }",
      opts_);
  EXPECT_EQ(p.difos.size(), 5u);
  cc::testing::expect_error("BEGIN { trace(&((struct file *)arg0)->bits); }", "D_ADDROF_BITFIELD", 1,
                            "bit-field", opts_);
  cc::testing::expect_error("BEGIN { trace(((struct nosuch *)arg0)->x); }", "D_OP_INCOMPLETE", 1,
                            "struct nosuch", opts_);
}

// A module's own struct, from its split BTF beside vmlinux's:
//   struct mod_s { int n; struct file *f; };
TEST(KernelTypes, ModuleStructsFromSplitBtfBeside) {
  char dir[] = "/tmp/btf_dir_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string base = sample_btf(), vmlinux = std::string(dir) + "/vmlinux", mod = std::string(dir) + "/mod";
  BtfBuilder b = BtfBuilder::split_on(base);
  b.type("mod_s", BTF_KIND_STRUCT, 2, 16);  // 7
  b.member("n", 1, 0);
  b.member("f", 4, 64);
  for (const auto& [path, blob] : {std::pair{vmlinux, base}, std::pair{mod, b.blob()}}) {
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(blob.data(), 1, blob.size(), f);
    std::fclose(f);
  }
  // Every file beside vmlinux is read as a module's: a FIFO there blocked
  // the open (and a reader would block the read); it is passed over.
  std::string fifo = std::string(dir) + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  cc::TypeTable tt;
  tt.set_external(std::make_unique<KernelTypes>(vmlinux));
  const cc::Type* t = tt.declare_tag(cc::Type::Kind::Struct, "mod_s");
  tt.complete(t);
  EXPECT_TRUE(t->complete);
  EXPECT_EQ(t->size, 16u);
  ASSERT_NE(t->member("f"), nullptr);
  EXPECT_EQ(t->member("f")->offset, 8u);
  EXPECT_EQ(t->member("f")->type->base->name, "struct file");  // the base's type
  const cc::Type* none = tt.declare_tag(cc::Type::Kind::Struct, "nosuch");
  tt.complete(none);
  EXPECT_FALSE(none->complete);
  unlink(vmlinux.c_str());
  unlink(mod.c_str());
  unlink(fifo.c_str());
  rmdir(dir);
}

// read_btf() reads into a buffer it does not zero first, sized by the
// file's size, and grows it when the file holds more: a blob over the
// first read's 64 KiB read from a file indexes as the same bytes in
// memory do. Only the four kinds of named types are indexed by name: a
// function, a variable or an integer of the same name is not a typedef.
TEST(BtfFile, ReadFromAFileAsFromMemory) {
  BtfBuilder b;
  uint32_t i32 = b.integer("int", 4, true);
  std::vector<uint32_t> ids;
  for (int i = 0; i < 6000; i++) ids.push_back(b.type("td_" + std::to_string(i), BTF_KIND_TYPEDEF, 0, i32));
  uint32_t proto = b.type("", BTF_KIND_FUNC_PROTO, 0, i32);
  b.type("fn_t", BTF_KIND_FUNC, 0, proto);
  b.type("var_t", BTF_KIND_VAR, 0, i32);
  b.word(0);  // the VAR's linkage
  b.integer("int_t", 4, true);
  uint32_t s = b.type("fn_t", BTF_KIND_STRUCT, 0, 0);
  std::string blob = b.blob();
  ASSERT_GT(blob.size(), size_t{1} << 16);
  char path[] = "/tmp/btf_file_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, blob.data(), blob.size()), ssize_t(blob.size()));
  close(fd);
  auto from_file = read_btf(path);
  unlink(path);
  ASSERT_NE(from_file, nullptr);
  BtfFile in_memory(blob);
  ASSERT_TRUE(in_memory.ok()) << in_memory.error();
  for (const BtfFile* f : std::initializer_list<const BtfFile*>{from_file.get(), &in_memory}) {
    EXPECT_EQ(f->count(), in_memory.count());
    EXPECT_EQ(f->find_typedef("td_0"), ids.front());
    EXPECT_EQ(f->find_typedef("td_5999"), ids.back());
    EXPECT_EQ(f->find_typedef("fn_t"), 0u);
    EXPECT_EQ(f->find_typedef("var_t"), 0u);
    EXPECT_EQ(f->find_typedef("int_t"), 0u);
    EXPECT_EQ(f->find_tag(BTF_KIND_STRUCT, "fn_t"), s);
    EXPECT_EQ(f->find_func("fn_t"), proto + 1);
  }
  EXPECT_EQ(read_btf("/nonexistent/btf"), nullptr);
}

// A record of a kind this reader does not know (its size unknown) makes
// the whole blob unreadable, as does one whose members run past the end.
TEST(BtfFile, RefusesUnknownKindsAndOverlongRecords) {
  for (int kind : {int(NR_BTF_KINDS), 31}) {
    BtfBuilder b;
    b.integer("int", 4, true);
    b.type("x", kind, 0, 0);
    BtfFile f(b.blob());
    EXPECT_FALSE(f.ok()) << kind;
    EXPECT_EQ(f.find_typedef("x"), 0u);
  }
  BtfBuilder b;
  b.integer("int", 4, true);
  b.type("s", BTF_KIND_STRUCT, 3, 12);  // three members promised, one given
  b.member("a", 1, 0);
  EXPECT_FALSE(BtfFile(b.blob()).ok());
}

TEST(KernelTypesHost, VmlinuxWhenPresent) {
  if (access("/sys/kernel/btf/vmlinux", R_OK) != 0) GTEST_SKIP() << "no kernel BTF";
  cc::testing::compile_ok(
      "BEGIN { trace(curthread->pid); trace(sizeof(struct task_struct));"
      " trace(offsetof(struct file, f_pos)); trace(curthread->se.vruntime); }");
}

}  // namespace
}  // namespace dtrace::ctf
