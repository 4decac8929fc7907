// The provider tables (kernel/uapi/dtrace/providers/) as libdtrace reads
// them: every table is in all.def, so its stability and probes reach
// dtrace -lv and args[] under -e; the stable probes keep their argument
// descriptions.
#include "api/known_probes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "consume/probe_stability.h"

namespace dtrace::api {
namespace {

const std::string kTables = std::string(DTRACE_SOURCE_DIR) + "/kernel/uapi/dtrace/providers";

const KnownProbe* find(const char* prov, const char* name) {
  for (const KnownProbe& k : known_stable_probes())
    if (std::string(k.provider) == prov && std::string(k.name) == name) return &k;
  return nullptr;
}

TEST(KnownProbes, EveryTableIsListedAndHasItsProvidersAttributes) {
  std::ifstream f(kTables + "/all.def");
  std::stringstream all;
  all << f.rdbuf();
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(kTables)) {
    std::string file = e.path().filename();
    if (e.path().extension() != ".def" || file == "all.def") continue;
    n++;
    EXPECT_NE(all.str().find("#include \"" + file + "\""), std::string::npos) << file << " not in all.def";
    // An unknown provider would be Private/Private/Unknown throughout.
    std::string prov = e.path().stem();
    EXPECT_NE(consume::probe_attrs(prov, false, false).desc.name, consume::Stability::Private) << prov;
  }
  EXPECT_GE(n, 14);
}

TEST(KnownProbes, StableProbesInTheModulesOrder) {
  std::set<std::string> providers;
  for (const KnownProbe& k : known_stable_probes()) providers.insert(k.provider);
  EXPECT_EQ(providers, (std::set<std::string>{"proc", "sched", "io", "lockstat", "tcp", "ip", "udp"}));
  const auto& all = known_stable_probes();
  ASSERT_FALSE(all.empty());
  EXPECT_STREQ(all.front().provider, "proc");
  EXPECT_STREQ(all.front().name, "create");
}

TEST(KnownProbes, ArgumentsNativeTranslatedAndMapping) {
  const KnownProbe* sc = find("tcp", "state-change");
  ASSERT_NE(sc, nullptr);
  ASSERT_EQ(sc->args.size(), 6u);
  EXPECT_EQ(sc->args[3].native, "struct sock *");
  EXPECT_EQ(sc->args[3].xlate, "tcpsinfo_t *");
  EXPECT_EQ(sc->args[3].mapping, 1u);
  EXPECT_EQ(sc->args[5].xlate, "tcplsinfo_t *");
  EXPECT_EQ(sc->args[5].mapping, 5u);
  ASSERT_NE(find("tcp", "send"), nullptr);
  EXPECT_EQ(find("tcp", "send")->args.size(), 5u);

  const KnownProbe* sh = find("proc", "signal-handle");
  ASSERT_NE(sh, nullptr);
  ASSERT_EQ(sh->args.size(), 3u);
  EXPECT_EQ(sh->args[1].native, "struct kernel_siginfo *");
  EXPECT_EQ(sh->args[1].xlate, "");  // untranslated
  ASSERT_NE(find("proc", "start"), nullptr);
  EXPECT_TRUE(find("proc", "start")->args.empty());

  const KnownProbe* ip = find("ip", "receive");
  ASSERT_NE(ip, nullptr);
  ASSERT_EQ(ip->args.size(), 6u);
  EXPECT_EQ(ip->args[2].native, "struct iphdr *");
  EXPECT_EQ(ip->args[2].mapping, 4u);
  EXPECT_EQ(find("udp", "send")->args[3].xlate, "udpsinfo_t *");
  EXPECT_EQ(find("lockstat", "rw-block")->args[2].native, "int");
  EXPECT_EQ(find("io", "done")->args[2].xlate, "fileinfo_t *");
  EXPECT_EQ(find("sched", "enqueue")->args[2].xlate, "cpuinfo_t *");
}

}  // namespace
}  // namespace dtrace::api
