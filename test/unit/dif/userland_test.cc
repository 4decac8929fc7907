// Userland pointers: values that point into the traced process (syscall
// pointer arguments, `userland` declarations) are read with user loads,
// and stringof copies their strings in (copyinstr) instead of reading
// kernel memory.
#include <gtest/gtest.h>

#include <dtrace/dif.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

struct Counts {
  int user_loads = 0, kernel_loads = 0, copyinstr = 0;
};

Counts count(const Program& p) {
  Counts c;
  for (const auto& d : p.difos)
    for (dif_instr_t i : d.code) {
      uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(i));
      if (dif_op_is_uload(op)) c.user_loads++;
      if (op >= DIF_OP_LDSB && op <= DIF_OP_LDX) c.kernel_loads++;
      if (op == DIF_OP_CALL && DIF_INSTR_INDEX(i) == DIF_SUBR_COPYINSTR) c.copyinstr++;
    }
  return c;
}

// An openat-like probe: args[1] a userland const char *, args[2] int.
CompileOptions syscall_like() {
  CompileOptions o;
  o.btf_path = "";
  o.probe_args = [](const ProbeSpec&) -> Result<std::vector<ProbeArgs>> {
    return std::vector<ProbeArgs>{{"syscall::openat:entry",
                                   {{"int", "", 0},
                                    {"userland const char *", "", 1},
                                    {"int", "", 2},
                                    {"userland struct stat_like *", "", 3}}}};
  };
  return o;
}

TEST(Userland, StringofUserPointerCopiesIn) {
  Program p =
      testing::compile_ok("syscall::openat:entry { printf(\"%s\", stringof(args[1])); }", syscall_like());
  Counts c = count(p);
  EXPECT_EQ(c.copyinstr, 1);
  EXPECT_EQ(c.kernel_loads, 0);
}

TEST(Userland, ExplicitCopyinstrStillWorks) {
  Program p =
      testing::compile_ok("syscall::openat:entry { printf(\"%s\", copyinstr(arg1)); }", syscall_like());
  EXPECT_EQ(count(p).copyinstr, 1);
}

TEST(Userland, KernelPointersStayKernel) {
  Program p = testing::compile_ok("BEGIN { trace(stringof(*(char **)arg0)); }");
  Counts c = count(p);
  EXPECT_EQ(c.copyinstr, 0);
  EXPECT_EQ(c.kernel_loads, 1);
  EXPECT_EQ(c.user_loads, 0);
}

TEST(Userland, DeclaredUserlandPointers) {
  // Loads through a userland pointer are user loads; the char * it holds
  // is a user pointer too, so stringof copies its string in.
  Program p = testing::compile_ok(
      "struct s { int a; struct { int b; char name[8]; } in; char *p; };\n"
      "BEGIN { this->s = (userland struct s *)arg0; trace(this->s->a); trace(this->s->in.b);"
      " trace(stringof(this->s->in.name)); trace(stringof(*(userland char **)arg1)); }");
  Counts c = count(p);
  EXPECT_EQ(c.kernel_loads, 0);
  EXPECT_EQ(c.user_loads, 3);  // a, in.b, *(char **)
  EXPECT_EQ(c.copyinstr, 2);   // name[] in user memory, the userland char *
}

}  // namespace
}  // namespace dtrace::cc
