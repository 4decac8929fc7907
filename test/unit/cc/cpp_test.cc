// The -C pass: cpp runs over the source, predefines D's macros, keeps
// line numbers, and a failing cpp fails the compile.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cc/cpp.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

bool have_cpp() { return access("/usr/bin/cpp", X_OK) == 0; }

CompileOptions with_cpp(std::vector<std::string> args = {}) {
  CompileOptions o;
  o.cpp.enabled = true;
  o.cpp.args = std::move(args);
  return o;
}

TEST(Cpp, PredefinesComeBeforeUserArguments) {
  CppOptions o;
  o.args = {"-U__unix", "-DX=1"};
  std::vector<std::string> v = cpp_argv(o);
  ASSERT_GE(v.size(), 3u);
  EXPECT_EQ(v.front(), "cpp");
  EXPECT_EQ(v[v.size() - 3], "/dev/stdin");
  EXPECT_EQ(v[v.size() - 4], ".");  // -iquote .
  EXPECT_EQ(v[v.size() - 2], "-U__unix");
  EXPECT_EQ(v.back(), "-DX=1");
  EXPECT_NE(std::find(v.begin(), v.end(), "-D__SUNW_D=1"), v.end());
  EXPECT_NE(std::find(v.begin(), v.end(), "-D__SUNW_D_64"), v.end());
}

TEST(Cpp, ExpandsMacrosAndPredefines) {
  if (!have_cpp()) GTEST_SKIP() << "no cpp";
  CppOptions o;
  o.enabled = true;
  o.args = {"-DN=7"};
  auto r = preprocess("#if defined(__linux) && __SUNW_D == 1\nint_n = N;\n#endif\n", o);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_NE(r->find("int_n = 7;"), std::string::npos) << *r;
}

TEST(Cpp, SystemHeaderFunctionsAreBlanked) {
  std::string text =
      "# 1 \"/usr/include/x.h\" 1 3 4\n"
      "typedef unsigned int u32;\n"
      "static inline u32\n"
      "swap (u32 x)\n"
      "{\n"
      "  return (x >> 8) | '}';\n"
      "}\n"
      "struct s { int a; };\n"
      "# 5 \"prog.d\" 2\n"
      "inline int f = (1) ;\n"
      "BEGIN { x = (1) {} }\n";
  std::string want = text;
  blank_system_functions(text);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), std::count(want.begin(), want.end(), '\n'));
  EXPECT_EQ(text.find("swap"), std::string::npos) << text;
  EXPECT_EQ(text.find("return"), std::string::npos) << text;
  EXPECT_NE(text.find("typedef unsigned int u32;"), std::string::npos) << text;
  EXPECT_NE(text.find("struct s { int a; };"), std::string::npos) << text;
  EXPECT_NE(text.find("BEGIN { x = (1) {} }"), std::string::npos) << text;
}

TEST(Cpp, EndianHeaderLeavesNoFunctions) {
  if (!have_cpp()) GTEST_SKIP() << "no cpp";
  CppOptions o;
  o.enabled = true;
  auto r = preprocess("#include <endian.h>\n#if __BYTE_ORDER == __LITTLE_ENDIAN\nint le;\n#endif\n", o);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->find("inline"), std::string::npos) << *r;
  EXPECT_NE(r->find("int le;"), std::string::npos) << *r;
}

TEST(Cpp, FailuresAreErrors) {
  if (!have_cpp()) GTEST_SKIP() << "no cpp";
  CppOptions o;
  o.enabled = true;
  ::testing::internal::CaptureStderr();
  auto r = preprocess("\n#error stop here\n", o);
  std::string said = ::testing::internal::GetCapturedStderr();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "Preprocessor failed to process input program");
  // As DTrace's cpp messages read: the file /dev/stdin, its line, no
  // column and no quoted source.
  EXPECT_EQ(said, "/dev/stdin:2: error: #error stop here\n");
  o.path = "/nonexistent/cpp";
  EXPECT_FALSE(preprocess("BEGIN {}\n", o).ok());
}

// A script read as /dev/stdin still finds #include "x.h" where dtrace
// runs, as dtrace -G -C -s provider.d builds need.
TEST(Cpp, QuoteIncludesComeFromTheWorkingDirectory) {
  if (!have_cpp()) GTEST_SKIP() << "no cpp";
  std::string dir = ::testing::TempDir() + "cpp_quote_include";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/quoted_here.h") << "#define FROM_HERE 42\n";
  std::filesystem::path back = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  CppOptions o;
  o.enabled = true;
  auto r = preprocess("#include \"quoted_here.h\"\nint_n = FROM_HERE;\n", o);
  std::filesystem::current_path(back);
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_NE(r->find("int_n = 42;"), std::string::npos) << *r;
}

TEST(Cpp, CompileKeepsLineNumbersAndSkipsInterpreterLine) {
  if (!have_cpp()) GTEST_SKIP() << "no cpp";
  testing::compile_ok("#!/usr/sbin/dtrace -s\n#define V 3\nBEGIN { trace(V * W); }\n", with_cpp({"-DW=2"}));
  testing::expect_error("#!/usr/sbin/dtrace -s\n#define V 3\n\nBEGIN\n{\n  trace(nosuch + V);\n}\n",
                        "D_IDENT_UNDEF", 6, "nosuch", with_cpp());
  // Without -C a #define is not a D control directive.
  testing::expect_error("#define V 3\nBEGIN { }\n", "D_PRAGCTL_INVAL", 1);
}

}  // namespace
}  // namespace dtrace::cc
