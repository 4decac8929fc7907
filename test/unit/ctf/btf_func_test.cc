// Function prototypes from BTF as the C type names fbt's args[] get.
#include <gtest/gtest.h>

#include <memory>

#include "ctf/btf_func.h"
#include "test/unit/ctf/btf_builder.h"

namespace dtrace::ctf {
namespace {

// long f(const struct file *, unsigned long, void (*)(void), my_t, ...);
// void g(void);
std::string funcs_btf() {
  BtfBuilder b;
  uint32_t i64 = b.integer("long int", 8, true);             // 1
  uint32_t u64 = b.integer("long unsigned int", 8, false);   // 2
  uint32_t file = b.type("file", BTF_KIND_STRUCT, 0, 0);     // 3
  uint32_t cfile = b.type("", BTF_KIND_CONST, 0, file);      // 4
  uint32_t pfile = b.type("", BTF_KIND_PTR, 0, cfile);       // 5
  uint32_t vproto = b.type("", BTF_KIND_FUNC_PROTO, 0, 0);   // 6
  uint32_t pfn = b.type("", BTF_KIND_PTR, 0, vproto);        // 7
  uint32_t my = b.type("my_t", BTF_KIND_TYPEDEF, 0, u64);    // 8
  uint32_t proto = b.type("", BTF_KIND_FUNC_PROTO, 5, i64);  // 9
  for (uint32_t t : {pfile, u64, pfn, my, 0u}) b.param(t);
  b.type("f", BTF_KIND_FUNC, 0, proto);   // 10
  b.type("g", BTF_KIND_FUNC, 0, vproto);  // 11
  return b.blob();
}

TEST(BtfFunc, PrototypeAsCTypeNames) {
  BtfFile btf(funcs_btf());
  ASSERT_TRUE(btf.ok()) << btf.error();
  auto f = func_proto(btf, "f");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->ret, "long");
  EXPECT_EQ(f->params, (std::vector<std::string>{"struct file *", "unsigned long", "void *", "my_t"}));
  auto g = func_proto(btf, "g");
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->ret, "void");
  EXPECT_TRUE(g->params.empty());
  EXPECT_FALSE(func_proto(btf, "h").has_value());
}

// A module's split BTF on funcs_btf(): its own struct and typedef, the
// base's types, and a function named as one of the base's.
//   long f(struct mod_s *, mod_t, const struct file *);  mod_t: unsigned long
TEST(BtfFunc, ModulePrototypeFromSplitBtf) {
  auto base = std::make_shared<const BtfFile>(funcs_btf());
  ASSERT_TRUE(base->ok()) << base->error();
  BtfBuilder b = BtfBuilder::split_on(funcs_btf());
  uint32_t s = b.type("mod_s", BTF_KIND_STRUCT, 0, 0);     // 12
  uint32_t ps = b.type("", BTF_KIND_PTR, 0, s);            // 13
  uint32_t my = b.type("mod_t", BTF_KIND_TYPEDEF, 0, 2);   // 14
  uint32_t proto = b.type("", BTF_KIND_FUNC_PROTO, 3, 1);  // 15
  for (uint32_t t : {ps, my, 5u}) b.param(t);
  b.type("f", BTF_KIND_FUNC, 0, proto);  // 16
  BtfFile mod(b.blob(), base);
  ASSERT_TRUE(mod.ok()) << mod.error();
  EXPECT_EQ(mod.count(), 17u);
  EXPECT_EQ(mod.funcs().size(), 1u);  // its own functions only
  auto f = func_proto(mod, "f");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->ret, "long");
  EXPECT_EQ(f->params, (std::vector<std::string>{"struct mod_s *", "unsigned long", "struct file *"}));
  EXPECT_FALSE(func_proto(mod, "g").has_value());  // the base's
  EXPECT_FALSE(BtfFile(b.blob(), nullptr).ok());
}

}  // namespace
}  // namespace dtrace::ctf
