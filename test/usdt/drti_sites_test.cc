// Reading drti's site records (dtrace_usdt_sites) from a linked file, as
// the bpf backend's consumer makes the -G objects' probes from them.
#include <gtest/gtest.h>

#include <set>

#include "usdt/drti_sites.h"
#include "usdt/stapsdt_notes.h"

namespace dtrace::usdt {
namespace {

const DrtiSite* find(const std::vector<DrtiSite>& sites, const std::string& name) {
  for (const DrtiSite& s : sites)
    if (s.name == name) return &s;
  return nullptr;
}

// Each record's site and semaphore (relocated: the files are PIE and
// shared) are those of the stapsdt note of the same probe.
void expect_notes_agree(const char* path, const std::vector<DrtiSite>& sites) {
  auto notes = read_stapsdt_notes(path);
  ASSERT_TRUE(notes) << notes.error().message;
  for (const DrtiSite& s : sites) {
    bool found = false;
    for (const StapsdtNote& n : notes->notes)
      if (n.pc == s.pc && n.provider == s.provider && n.name == s.name) {
        found = true;
        EXPECT_EQ(n.semaphore, s.semaphore) << s.name;
      }
    EXPECT_TRUE(found) << path << ": no note at the site of " << s.provider << ":" << s.name;
  }
}

TEST(DrtiSites, ReadsTheTestApplicationsRecords) {
  auto sites = read_drti_sites(USDT_APP);
  ASSERT_TRUE(sites) << sites.error().message;
  ASSERT_EQ(sites->size(), 5u);
  const DrtiSite* start = find(*sites, "query__start");
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->provider, "testapp");
  EXPECT_EQ(start->func, "query");
  EXPECT_EQ(start->argtypes, "int;char *");
  EXPECT_EQ(start->nargs, 2u);
  EXPECT_NE(start->semaphore, 0u);
  const DrtiSite* plain = find(*sites, "plain");  // DTRACE_PROBE1: no types, no semaphore
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->func, "main");
  EXPECT_EQ(plain->argtypes, "");
  EXPECT_EQ(plain->nargs, 1u);
  EXPECT_EQ(plain->semaphore, 0u);
  expect_notes_agree(USDT_APP, *sites);
}

TEST(DrtiSites, ReadsASharedObjectsRecordsOfTwoProviders) {
  auto sites = read_drti_sites(USDT_SHLIB);
  ASSERT_TRUE(sites) << sites.error().message;
  std::set<std::string> provs;
  for (const DrtiSite& s : *sites) provs.insert(s.provider);
  EXPECT_EQ(provs, (std::set<std::string>{"q__trace", "shapes"}));
  const DrtiSite* lead = find(*sites, "__lead");
  ASSERT_NE(lead, nullptr);
  EXPECT_EQ(lead->nargs, 0u);
  expect_notes_agree(USDT_SHLIB, *sites);
}

TEST(DrtiSites, NoneInAFileWithout) {
  auto sites = read_drti_sites("/proc/self/exe");
  ASSERT_TRUE(sites) << sites.error().message;
  EXPECT_TRUE(sites->empty());
}

}  // namespace
}  // namespace dtrace::usdt
