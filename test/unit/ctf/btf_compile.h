// BtfCompileTest: a fixture whose opts_ compile D against a hand-built
// BTF blob, which use_btf() writes to a temporary file (removed after
// the test).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "test/unit/cc/compile_util.h"

namespace dtrace::ctf {

class BtfCompileTest : public ::testing::Test {
 protected:
  void use_btf(const std::string& blob) {
    char name[] = "/tmp/btf_test_XXXXXX";
    int fd = mkstemp(name);
    ASSERT_GE(fd, 0);
    path_ = name;
    ssize_t n = write(fd, blob.data(), blob.size());
    close(fd);
    ASSERT_EQ(n, ssize_t(blob.size()));
    opts_.btf_path = path_;
  }
  void TearDown() override {
    if (!path_.empty()) unlink(path_.c_str());
  }
  cc::CompileOptions opts_;

 private:
  std::string path_;
};

}  // namespace dtrace::ctf
