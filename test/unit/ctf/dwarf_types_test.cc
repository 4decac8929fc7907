// UserTypes against a small C program compiled with -g when the test
// runs. The program prints its own layout (offsetof/sizeof), so what the
// DWARF reader finds is checked against the C compiler, not against
// numbers written here.
#include <gtest/gtest.h>

#include <dtrace/dif.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "ctf/dwarf_types.h"
#include "test/unit/c_program.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::ctf {
namespace {

using cc::Type;

const char kProgram[] = R"(
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
typedef unsigned long counter_t;
enum color { RED, GREEN = 5, BLUE = -1 };
struct point { int x; int y; };
typedef struct point point_t;
typedef int (*cmp_fn)(const void *, const void *);
struct shape {
  const char *name;
  struct point corners[4];
  int grid[2][3];
  unsigned int flags : 3;
  signed int level : 5;
  union { int i; char c; };
  struct { short a; short b; } pair;
  enum color color;
  volatile counter_t count;
  cmp_fn cmp;
  struct shape *next;
  uint64_t big;
  _Bool ok;
};
struct shape the_shape;
point_t the_point;
#define P(m) printf(#m " %zu\n", offsetof(struct shape, m))
int main(void) {
  P(name); P(corners); P(grid); P(i); P(c); P(pair); P(color); P(count); P(cmp);
  P(next); P(big); P(ok);
  printf("sizeof %zu\n", sizeof(struct shape));
  printf("pair.b %zu\n", offsetof(struct shape, pair.b));
  return 0;
}
)";

class UserTypesTest : public scratch::ProgramSuite<UserTypesTest> {
 protected:
  static void SetUpTestSuite() {
    ASSERT_NO_FATAL_FAILURE(build("dwarf_test", "prog.c", kProgram, "prog"));
    FILE* f = popen((dir_ + "/prog").c_str(), "r");
    ASSERT_NE(f, nullptr);
    char line[128], name[64];
    size_t v;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "%63s %zu", name, &v) == 2) layout_[name] = static_cast<uint32_t>(v);
    ASSERT_EQ(pclose(f), 0);
  }
  void SetUp() override {
    tt_.set_user(std::make_unique<UserTypes>(std::vector<UserObject>{{"a.out", dir_ + "/prog"}}));
  }

  const Type* shape() {
    const Type* t = tt_.declare_tag(Type::Kind::Struct, "a.out`shape");
    return tt_.complete(t);
  }
  static std::map<std::string, uint32_t> layout_;
  cc::TypeTable tt_;
};
std::map<std::string, uint32_t> UserTypesTest::layout_;

TEST_F(UserTypesTest, TypedefsAndBaseTypes) {
  const Type* c = tt_.lookup("a.out`counter_t");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->name, "a.out`counter_t");
  EXPECT_EQ(c->size, sizeof(unsigned long));
  EXPECT_FALSE(c->is_signed);
  EXPECT_TRUE(c->user_space);
  const Type* p = tt_.lookup("a.out`point_t");  // typedef of a struct: the tag itself
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->name, "struct a.out`point");
  EXPECT_EQ(tt_.lookup("point_t"), nullptr);  // unscoped: never a target's
  EXPECT_EQ(tt_.lookup("a.out`no_such_t"), nullptr);
  EXPECT_EQ(tt_.lookup("libnone.so`counter_t"), nullptr);
  const Type* i = tt_.lookup("a.out`int");
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->size, 4u);
  EXPECT_TRUE(i->is_signed);
}

TEST_F(UserTypesTest, StructMembersMatchTheCompiler) {
  const Type* s = shape();
  ASSERT_TRUE(s->complete);
  EXPECT_TRUE(s->user_space);
  EXPECT_EQ(s->size, layout_["sizeof"]);
  for (const char* m :
       {"name", "corners", "grid", "i", "c", "pair", "color", "count", "cmp", "next", "big", "ok"}) {
    ASSERT_NE(s->member(m), nullptr) << m;
    EXPECT_EQ(s->member(m)->offset, layout_[m]) << m;
  }
  const Type* name = s->member("name")->type;
  EXPECT_TRUE(name->is_pointer() && name->user_space && name->base->size == 1);
  const Type* corners = s->member("corners")->type;
  EXPECT_EQ(corners->kind, Type::Kind::Array);
  EXPECT_EQ(corners->nelems, 4u);
  EXPECT_TRUE(corners->user_space);
  EXPECT_EQ(corners->base->name, "struct a.out`point");
  const Type* grid = s->member("grid")->type;  // int [2][3]: 2 x (3 x int)
  EXPECT_EQ(grid->nelems, 2u);
  EXPECT_EQ(grid->base->nelems, 3u);
  EXPECT_EQ(grid->size, 24u);
  const Type* next = s->member("next")->type;
  EXPECT_TRUE(next->is_pointer() && next->user_space);
  EXPECT_EQ(next->base, s);
  EXPECT_TRUE(s->member("cmp")->type->is_pointer());  // function pointer
  EXPECT_TRUE(s->member("cmp")->type->user_space);
  EXPECT_EQ(s->member("count")->type->name, "a.out`counter_t");  // volatile stripped
  EXPECT_EQ(s->member("big")->type->size, 8u);
  EXPECT_EQ(s->member("ok")->type->size, 1u);
}

TEST_F(UserTypesTest, BitFieldsAnonymousMembersEnums) {
  const Type* s = shape();
  const Type::Member* flags = s->member("flags");
  const Type::Member* level = s->member("level");
  ASSERT_NE(flags, nullptr);
  ASSERT_NE(level, nullptr);
  EXPECT_EQ(flags->bits, 3u);
  EXPECT_FALSE(flags->type->is_signed);
  EXPECT_EQ(level->bits, 5u);
  EXPECT_TRUE(level->type->is_signed);
  // C puts level right after flags (GCC/SysV): bit 3 of the same unit.
  EXPECT_EQ(level->offset * 8 + level->bit_off, flags->offset * 8 + flags->bit_off + 3);
  EXPECT_EQ(s->member("i")->offset, s->member("c")->offset);  // flattened union
  const Type* pair = tt_.complete(s->member("pair")->type);   // an anonymous struct
  ASSERT_TRUE(pair->complete);
  ASSERT_NE(pair->member("b"), nullptr);
  EXPECT_EQ(s->member("pair")->offset + pair->member("b")->offset, layout_["pair.b"]);
  const Type* e = s->member("color")->type;
  EXPECT_EQ(e->kind, Type::Kind::Enum);
  EXPECT_EQ(e->name, "enum a.out`color");
  ASSERT_EQ(e->enumerators.size(), 3u);
  EXPECT_EQ(e->enumerators[1], (std::pair<std::string, int64_t>{"GREEN", 5}));
  EXPECT_EQ(e->enumerators[2], (std::pair<std::string, int64_t>{"BLUE", -1}));
}

TEST_F(UserTypesTest, MissingNamesSayWhy) {
  EXPECT_EQ(tt_.scoped_missing(Type::Kind::Struct, "a.out`point"), "");
  EXPECT_EQ(tt_.scoped_missing(Type::Kind::Struct, "a.out`nosuch"), "Unknown type name");
  EXPECT_EQ(tt_.scoped_missing(Type::Kind::Union, "a.out`point"), "Unknown type name");
  EXPECT_EQ(tt_.scoped_missing(Type::Kind::Struct, "libnone.so`point"), "Unknown module name");
  EXPECT_EQ(tt_.lookup_tag(Type::Kind::Struct, "point"), nullptr);  // no unscoped tag appears
}

// Loads through user types are user loads (uld*), never kernel loads.
TEST_F(UserTypesTest, CompiledLoadsAreUserLoads) {
  cc::CompileOptions o;
  o.btf_path = "";
  o.user_objects = {{"a.out", dir_ + "/prog"}};
  cc::Program p = cc::testing::compile_ok(
      "BEGIN { this->p = (struct a.out`point *)arg0; trace(this->p->y);"
      " trace(((a.out`point_t *)arg0)->x); trace(((struct a.out`shape *)arg0)->next->corners[1].y);"
      " trace(((struct a.out`shape *)arg0)->level); trace(*(a.out`counter_t *)arg0);"
      " trace(sizeof(struct a.out`shape)); trace((a.out`struct point *)arg0); }",
      o);
  int user = 0, kernel = 0;
  for (const auto& d : p.difos)
    for (dif_instr_t i : d.code) {
      uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(i));
      if (dif_op_is_uload(op)) user++;
      if (op >= DIF_OP_LDSB && op <= DIF_OP_LDX) kernel++;
    }
  EXPECT_EQ(kernel, 0);
  EXPECT_EQ(user, 6);  // y, x, next and y, level, *counter
  cc::testing::expect_error("BEGIN { trace(((struct a.out`nosuch *)arg0)->x); }", "D_UNKNOWN", 1,
                            "struct a.out`nosuch: Unknown type name", o);
  cc::testing::expect_error("BEGIN { trace((struct nomod.so`point *)arg0); }", "D_UNKNOWN", 1,
                            "Unknown module name", o);
  cc::testing::expect_error("BEGIN { trace((struct a.out`point *)arg0); }", "D_UNKNOWN", 1,
                            "Unknown module name");  // no target
}

// A kernel stand-in: knows the typedef counter_t and struct point.
class FakeKernel : public cc::ExternalTypes {
 public:
  const Type* typedef_named(cc::TypeTable& tt, std::string_view name) override {
    return name == "counter_t" ? tt.add_typedef("counter_t", tt.int_type()) : nullptr;
  }
  bool complete(cc::TypeTable& tt, Type* t) override {
    if (t->name != "struct point") return false;
    t->members.push_back({"k", tt.int_type(), 0});
    t->size = 4;
    t->complete = true;
    return true;
  }
};

// Unscoped names are D's and the kernel's only: a target's, of its
// executable or a shared object, are reached through their scope (a
// later target's executable by its file name).
TEST_F(UserTypesTest, UnscopedNamesNeverReachATarget) {
  ASSERT_TRUE(scratch::compile_c(dir_, "two.c",
                                 "typedef short only_two_t; struct two_rec { long v; };\n"
                                 "struct two_rec r; only_two_t s; int main(void) { return 0; }\n",
                                 "two"));
  cc::TypeTable tt;
  tt.set_user(std::make_unique<UserTypes>(std::vector<UserObject>{{"prog", dir_ + "/prog"},
                                                                  {"a.out", dir_ + "/prog"},
                                                                  {"libtwo.so", dir_ + "/two"},
                                                                  {"two", dir_ + "/two"},
                                                                  {"a.out", dir_ + "/two"}}));
  EXPECT_EQ(tt.lookup("counter_t"), nullptr);
  EXPECT_EQ(tt.lookup("only_two_t"), nullptr);
  ASSERT_NE(tt.lookup("a.out`counter_t"), nullptr);
  EXPECT_EQ(tt.lookup("a.out`counter_t")->name, "a.out`counter_t");  // the first target's executable
  ASSERT_NE(tt.lookup("two`only_two_t"), nullptr);                   // the second's, by file name
  EXPECT_NE(tt.lookup("libtwo.so`only_two_t"), nullptr);
  Type* rec = tt.declare_tag(Type::Kind::Struct, "two_rec");
  tt.complete(rec);
  EXPECT_FALSE(rec->complete);
  EXPECT_FALSE(rec->user_space);
  EXPECT_FALSE(tt.pointer_to(rec)->user_space);
  const Type* scoped = tt.complete(tt.declare_tag(Type::Kind::Struct, "two`two_rec"));
  EXPECT_TRUE(scoped->complete && scoped->user_space);
  ASSERT_NE(scoped->member("v"), nullptr);

  // The kernel's names, D's before them; the target's beside both.
  cc::TypeTable kt;
  kt.set_external(std::make_unique<FakeKernel>());
  kt.set_user(std::make_unique<UserTypes>(std::vector<UserObject>{{"a.out", dir_ + "/prog"}}));
  EXPECT_EQ(kt.lookup("counter_t")->name, "counter_t");
  EXPECT_FALSE(kt.lookup("counter_t")->user_space);
  EXPECT_EQ(kt.lookup("a.out`counter_t")->size, sizeof(unsigned long));
  const Type* pt = kt.complete(kt.declare_tag(Type::Kind::Struct, "point"));
  EXPECT_FALSE(pt->user_space);
  EXPECT_NE(pt->member("k"), nullptr);
  EXPECT_NE(kt.complete(kt.declare_tag(Type::Kind::Struct, "a.out`point"))->member("y"), nullptr);
  cc::TypeTable dt;
  dt.add_typedef("point_t", dt.long_type());
  dt.set_user(std::make_unique<UserTypes>(std::vector<UserObject>{{"a.out", dir_ + "/prog"}}));
  EXPECT_EQ(dt.lookup("point_t"), dt.lookup_own("point_t"));
}

}  // namespace
}  // namespace dtrace::ctf
