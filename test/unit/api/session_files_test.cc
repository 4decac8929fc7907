// What a session reads (ELF files, BTF, kallsyms) is its own: one
// Handle's reads never serve or disturb another's (issue 27 item 1).
#include <gtest/gtest.h>
#include <unistd.h>

#include "api/session_options.h"

namespace dtrace::api {
namespace {

int symbolized() { return 1; }

TEST(SessionFiles, UserSymbolsReadThroughTheSessionsFiles) {
  Session a, b;
  EXPECT_EQ(a.files.size(), 0u);
  std::string name = a.usyms.symbol(getpid(), reinterpret_cast<uint64_t>(&symbolized));
  EXPECT_NE(name.find("symbolized"), std::string::npos) << name;
  EXPECT_GT(a.files.size(), 0u);  // the executable and its libraries
  EXPECT_EQ(b.files.size(), 0u);
  // The executable as the lookup read it: the session's copy, not b's.
  auto exe = a.files.elf("/proc/self/exe");
  ASSERT_NE(exe, nullptr);
  EXPECT_EQ(a.files.elf("/proc/self/exe"), exe);
  EXPECT_NE(b.files.elf("/proc/self/exe"), exe);
}

TEST(SessionFiles, KernelTypesAreReadOncePerSession) {
  const std::string vmlinux = "/sys/kernel/btf/vmlinux";
  if (access(vmlinux.c_str(), R_OK) != 0) GTEST_SKIP() << "no " << vmlinux;
  Session a, b;
  auto first = a.btf.get(vmlinux);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(a.btf.get(vmlinux), first);
  EXPECT_NE(b.btf.get(vmlinux), first);
  EXPECT_EQ(a.btf.get("/nonexistent/btf"), nullptr);
}

}  // namespace
}  // namespace dtrace::api
