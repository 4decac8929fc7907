// FakeRoot: a fixture whose root_ is a scratch directory standing for /
// (fake /proc and /sys trees for the kio/ checks), made afresh for each
// test and removed after it; put() writes a file below it.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

class FakeRoot : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* t = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::temp_directory_path() /
            (std::string(t->test_suite_name()) + "." + t->name() + "." + std::to_string(::getpid()));
    std::filesystem::remove_all(root_);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }
  // Writes text and a newline to root_/rel, making its directories.
  void put(const std::string& rel, const std::string& text) {
    std::filesystem::path p = root_ / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text << "\n";
  }
  std::filesystem::path root_;
};
