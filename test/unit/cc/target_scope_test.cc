// A target's types live in the scope of their object (a.out`U, struct
// a.out`udphdr) and nowhere else: a target whose DWARF names what D and
// the D library name (the translators' variables U, S, T..., the
// library's inlines, D's types string and uint8_t, the keyword self)
// changes neither the library nor a program. The target is the
// scope-names trigger; the real D library (libdtrace/dlib) is loaded
// beside it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "cc/compiler.h"
#include "cc/types.h"
#include "dif/disasm.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

// test/triggers/scope-names.c, built with -g: the target the guest's
// utypes/tst.scope_names.sh traces too.
const std::string kTarget = std::string(DTRACE_TRIGGER_DIR) + "/scope-names";

class TargetScopeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(access(kTarget.c_str(), X_OK), 0) << kTarget << ": not built (test/triggers)";
  }

  // The D library from the source tree; no kernel types unless asked.
  static CompileOptions options(bool target, bool kernel = false) {
    CompileOptions o;
    o.libdirs = {std::string(DTRACE_SOURCE_DIR) + "/libdtrace/dlib"};
    if (!kernel) o.btf_path = "";
    if (target) o.user_objects = {{"prog", kTarget}, {"a.out", kTarget}};
    return o;
  }
  // The DIF listing of src, or the error.
  static std::string listing(const std::string& src, CompileOptions o) {
    Compiler c(std::move(o));
    auto r = c.compile(src);
    if (!r)
      return "[" + std::string(errtag_name(r.error().tag)) + "] line " + std::to_string(r.error().line) +
             ": " + r.error().message;
    return dif::disassemble(*r);
  }
};

// udp.d's translator takes struct udphdr *U: with the target's typedef U
// in the unscoped namespace this was "syntax error near "U"".
TEST_F(TargetScopeTest, LibraryCompilesBesideTheTarget) {
  testing::compile_ok("BEGIN { exit(0); }", options(true));
  if (access("/sys/kernel/btf/vmlinux", R_OK) == 0)
    testing::compile_ok("BEGIN { exit(0); }", options(true, true));
}

// The same program compiles to the same DIF with and without the target.
TEST_F(TargetScopeTest, ProgramsMeanTheSame) {
  const char* programs[] = {
      "BEGIN { U = 1; S = U + 2; self->T = S; trace(U); trace(self->T); }",
      "BEGIN { this->s = (string)\"x\"; trace(this->s); trace((uint8_t)257); trace(sizeof (uint8_t)); }",
      "BEGIN { self = 1; }",  // a syntax error either way
      "BEGIN { R = 1; C = 2; B = 3; F = 4; P = 5; D = 6; H = 7; trace(R + C + B + F + P + D + H); }",
      "BEGIN { udp_in = 1; fds = 2; trace(udp_in + fds); }",
      "BEGIN { trace(sizeof (psinfo_t)); trace(sizeof (struct psinfo)); }",
      "BEGIN { trace(sizeof (struct udphdr)); }",  // incomplete without the kernel, both times
      "BEGIN { trace((counter_t)1); }",            // a syntax error both times
      "BEGIN { trace(curpsinfo->pr_pid); }",
  };
  for (const char* p : programs) EXPECT_EQ(listing(p, options(true)), listing(p, options(false))) << p;
  if (access("/sys/kernel/btf/vmlinux", R_OK) != 0) return;
  const char* kernel[] = {
      "BEGIN { trace(sizeof (struct udphdr)); trace(((struct udphdr *)arg0)->dest); }",
      "BEGIN { U = 1; trace(xlate<udpinfo_t>((struct udphdr *)arg0).udp_dport + U); }",
  };
  for (const char* p : kernel)
    EXPECT_EQ(listing(p, options(true, true)), listing(p, options(false, true))) << p;
}

// Through their object's scope the target's types are there, and differ
// from D's names they collide with.
TEST_F(TargetScopeTest, ScopedNamesReachTheTarget) {
  std::string src =
      "BEGIN { trace(sizeof (a.out`U)); trace(sizeof (prog`S)); trace(sizeof (a.out`uint8_t));"
      " trace(sizeof (uint8_t)); trace(sizeof (a.out`string)); trace(sizeof (a.out`self));"
      " trace(sizeof (struct a.out`udphdr)); trace(sizeof (a.out`psinfo_t)); trace(sizeof (psinfo_t));"
      " trace((a.out`U)arg0); trace(((struct a.out`udphdr *)arg0)->dest[1]); }";
  Compiler c(options(true));
  auto r = c.compile(src);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const TypeTable& types = c.types();
  ASSERT_NE(types.lookup("a.out`U"), nullptr);
  EXPECT_EQ(types.lookup("a.out`U")->size, 4u);
  EXPECT_EQ(types.lookup("prog`S")->size, 8u);
  EXPECT_EQ(types.lookup("a.out`uint8_t")->size, 2u);
  EXPECT_EQ(types.lookup("uint8_t")->size, 1u);
  EXPECT_TRUE(types.lookup("a.out`string")->typedef_of->is_pointer());
  EXPECT_TRUE(types.lookup("string")->is_string());
  EXPECT_EQ(types.lookup("a.out`psinfo_t")->name, "struct a.out`udphdr");
  EXPECT_FALSE(types.lookup("psinfo_t")->user_space);  // D's, from procfs.d
  for (const char* name : {"U", "S", "self", "R", "T", "udp_in", "fds", "curpsinfo", "counter_t"})
    EXPECT_EQ(types.lookup(name), nullptr) << name;
}

// Unscoped, a tag only the target defines stays incomplete and a typedef
// only the target defines stays unknown; the message names the target's.
TEST_F(TargetScopeTest, UnscopedNamesAreNeverTheTargets) {
  testing::expect_error("BEGIN { trace(((struct udphdr *)arg0)->dest[0]); }", "D_OP_INCOMPLETE", 1,
                        "no struct udphdr definition is available (the target's is struct a.out`udphdr)",
                        options(true));
  testing::expect_error("BEGIN { trace(((struct udphdr *)arg0)->dest[0]); }", "D_OP_INCOMPLETE", 1,
                        "no struct udphdr definition is available", options(false));
  testing::compile_ok("BEGIN { trace(((struct a.out`udphdr *)arg0)->dest[0]); }", options(true));
  testing::expect_error(
      "BEGIN { trace(counter_t); }", "D_IDENT_UNDEF", 1,
      "failed to resolve counter_t: Unknown variable name (the target's type is a.out`counter_t)",
      options(true));
  testing::compile_ok("BEGIN { trace((a.out`counter_t)1); }", options(true));
}

}  // namespace
}  // namespace dtrace::cc
