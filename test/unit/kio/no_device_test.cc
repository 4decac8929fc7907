// why_no_device over fake /proc and /sys trees: each refusal names its
// cause and the way out.
#include "kio/no_device.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "test/unit/kio/fake_root.h"

namespace fs = std::filesystem;
using dtrace::kio::why_no_device;

namespace {

class NoDevice : public FakeRoot {
 protected:
  void SetUp() override {
    FakeRoot::SetUp();
    put("proc/modules", "");
    put("proc/sys/kernel/modules_disabled", "0");
  }
  std::string why() { return why_no_device(root_.string(), "6.1.0-56-cloud-amd64"); }
};

TEST_F(NoDevice, NotInstalledForThisKernel) {
  EXPECT_NE(why().find("no dtrace.ko is installed for kernel 6.1.0-56-cloud-amd64"), std::string::npos)
      << why();
}

TEST_F(NoDevice, InstalledButNotLoaded) {
  put("lib/modules/6.1.0-56-cloud-amd64/updates/dkms/dtrace.ko", "");
  EXPECT_EQ(why(), "load the dtrace module first (modprobe dtrace)");
}

TEST_F(NoDevice, ModulesDisabled) {
  put("proc/sys/kernel/modules_disabled", "1");
  EXPECT_NE(why().find("kernel.modules_disabled=1"), std::string::npos) << why();
}

TEST_F(NoDevice, NoModuleSupport) {
  fs::remove(root_ / "proc/modules");
  EXPECT_NE(why().find("CONFIG_MODULES"), std::string::npos) << why();
}

TEST_F(NoDevice, LockdownConfidentiality) {
  put("sys/kernel/security/lockdown", "none integrity [confidentiality]");
  EXPECT_NE(why().find("locked down (confidentiality)"), std::string::npos) << why();
}

TEST_F(NoDevice, SignaturesEnforced) {
  put("lib/modules/6.1.0-56-cloud-amd64/extra/dtrace.ko", "");
  put("sys/module/module/parameters/sig_enforce", "Y");
  EXPECT_NE(why().find("loads only signed modules: sign dtrace.ko with a Machine Owner Key"),
            std::string::npos)
      << why();
}

TEST_F(NoDevice, LockdownIntegrity) {
  put("sys/kernel/security/lockdown", "none [integrity] confidentiality");
  EXPECT_NE(why().find("locked down (integrity) and loads only signed modules"), std::string::npos) << why();
}

TEST_F(NoDevice, LoadedWithoutDevice) {
  put("sys/module/dtrace/refcnt", "0");
  EXPECT_NE(why().find("devtmpfs"), std::string::npos) << why();
}

}  // namespace
