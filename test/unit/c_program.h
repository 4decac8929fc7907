// C programs compiled with debug information for the tests that read
// DWARF (user types, kernel DWARF, pid probes' arguments): a scratch
// directory under /tmp, the source written there, `cc -g -O0`.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace dtrace::scratch {

// A fresh directory /tmp/<prefix>_XXXXXX; "" (and a test failure) if it
// cannot be made.
inline std::string make_dir(const std::string& prefix) {
  std::string dir = "/tmp/" + prefix + "_XXXXXX";
  if (mkdtemp(dir.data()) != nullptr) return dir;
  ADD_FAILURE() << "mkdtemp " << dir;
  return "";
}

// `source` written to dir/<name> and compiled to dir/<output>, with
// `flags` ("-shared -fPIC") added; false (and a test failure) if cc fails.
inline bool compile_c(const std::string& dir, const std::string& name, const std::string& source,
                      const std::string& output, const std::string& flags = "") {
  std::ofstream(dir + "/" + name) << source;
  std::string cmd = "cc -g -O0 " + flags + " -o " + dir + "/" + output + " " + dir + "/" + name;
  if (std::system(cmd.c_str()) == 0) return true;
  ADD_FAILURE() << cmd;
  return false;
}

inline void remove_dir(const std::string& dir) {
  if (!dir.empty()) std::system(("rm -rf " + dir).c_str());
}

// A test suite whose tests share one C program, compiled into the
// scratch directory dir_ before the first test (build() in the suite's
// SetUpTestSuite) and removed after the last. Suite is the derived class,
// so that each suite has its own dir_.
template <typename Suite>
class ProgramSuite : public ::testing::Test {
 protected:
  // dir_ = a fresh /tmp/<prefix>_XXXXXX; source written to dir_/<name> and
  // compiled to dir_/<output> with flags.
  static void build(const std::string& prefix, const std::string& name, const std::string& source,
                    const std::string& output, const std::string& flags = "") {
    dir_ = make_dir(prefix);
    ASSERT_TRUE(compile_c(dir_, name, source, output, flags));
  }
  static void TearDownTestSuite() { remove_dir(dir_); }
  static inline std::string dir_;
};

}  // namespace dtrace::scratch
