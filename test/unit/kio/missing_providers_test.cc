// missing_provider_note over a fake /sys: a description names the
// providers the module left out, with the module's reason.
#include "kio/missing_providers.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using dtrace::kio::missing_provider_note;

namespace {

class MissingProviders : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("missing_providers_test." + std::to_string(::getpid()));
    fs::path p = root_ / "sys/module/dtrace/parameters/missing_providers";
    fs::create_directories(p.parent_path());
    std::ofstream(p) << "cpc: kernel built without CONFIG_PERF_EVENTS\n"
                     << "pid: kernel built without CONFIG_UPROBES\n\n";
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string note(const std::string& provider) { return missing_provider_note(provider, root_.string()); }
  fs::path root_;
};

TEST_F(MissingProviders, NamesTheProviderAndWhy) {
  EXPECT_EQ(note("cpc"), "provider cpc is missing: kernel built without CONFIG_PERF_EVENTS");
}

TEST_F(MissingProviders, PidOfAProcessIsThePidProvider) {
  EXPECT_EQ(note("pid1234"), "provider pid is missing: kernel built without CONFIG_UPROBES");
}

TEST_F(MissingProviders, GlobsMatchEveryMissingOne) {
  EXPECT_EQ(note("*"),
            "provider cpc is missing: kernel built without CONFIG_PERF_EVENTS; "
            "provider pid is missing: kernel built without CONFIG_UPROBES");
}

TEST_F(MissingProviders, OthersAndNoProviderGetNothing) {
  EXPECT_EQ(note("syscall"), "");
  EXPECT_EQ(note(""), "");
  EXPECT_EQ(note("pidfoo"), "");
}

TEST(MissingProvidersNoModule, NothingWithoutTheParameter) {
  EXPECT_EQ(missing_provider_note("cpc", "/nonexistent-root"), "");
}

}  // namespace
