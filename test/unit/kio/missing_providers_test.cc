// missing_provider_note over a fake /sys: a description names the
// providers the module left out, with the module's reason.
#include "kio/missing_providers.h"

#include <gtest/gtest.h>

#include "test/unit/kio/fake_root.h"

using dtrace::kio::missing_provider_note;

namespace {

class MissingProviders : public FakeRoot {
 protected:
  void SetUp() override {
    FakeRoot::SetUp();
    put("sys/module/dtrace/parameters/missing_providers",
        "cpc: kernel built without CONFIG_PERF_EVENTS\n"
        "pid: kernel built without CONFIG_UPROBES\n");
  }
  std::string note(const std::string& provider) { return missing_provider_note(provider, root_.string()); }
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
