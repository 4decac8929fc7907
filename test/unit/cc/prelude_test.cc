// The built-in declarations: every fault code of the module's faults.def
// under DTrace's name, and uregs[] indexes that name pt_regs' words.
#include <gtest/gtest.h>

#include <string>

#include "cc/cpp.h"
#include "cc/prelude.h"
#include "test/unit/cc/compile_util.h"

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::cc {
namespace {

TEST(Prelude, FaultCodesAreTheModules) {
  std::string p = prelude_text();
  EXPECT_NE(p.find("inline int DTRACEFLT_UNKNOWN = 0;\n"), std::string::npos);
#define DTRACEFLT(code, name, msg)                                                                           \
  if (code != 0) {                                                                                           \
    EXPECT_NE(p.find("inline int DTRACEFLT_" #name " = " + std::to_string(code) + ";\n"), std::string::npos) \
        << #name;                                                                                            \
  }
#include "dtrace/faults.def"
#undef DTRACEFLT
}

TEST(Prelude, ConstantsCompileWithoutLibraries) {
  testing::compile_ok(
      "BEGIN { trace(DTRACEFLT_BADADDR + DTRACEFLT_UNKNOWN + DTRACEFLT_BADSTACK); trace(uregs[R_PC]); "
      "trace(uregs[R_SP]); trace(uregs[R_FP]); }\n");
}

#if defined(__x86_64__)
TEST(Prelude, X86RegistersFollowPtRegs) {
  std::string p = prelude_text();
  EXPECT_NE(p.find("inline int R_RIP = 16;\n"), std::string::npos);
  EXPECT_NE(p.find("inline int R_PC = R_RIP;\n"), std::string::npos);
  EXPECT_NE(p.find("inline int R_GS = 24;\n"), std::string::npos);
  EXPECT_NE(p.find("inline int R_EIP = R_RIP;\n"), std::string::npos);
}
#endif

TEST(Prelude, CppSearchesOwnIncludeDirBeforeSystem) {
  CppOptions o;
  o.include_dir = "/x/include";
  o.args = {"-I/y"};
  std::vector<std::string> v = cpp_argv(o);
  auto at = std::find(v.begin(), v.end(), "-isystem");
  ASSERT_NE(at, v.end());
  EXPECT_EQ(*(at + 1), "/x/include");
  EXPECT_EQ(v.back(), "-I/y");
}

}  // namespace
}  // namespace dtrace::cc
