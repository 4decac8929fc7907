// drti's helper program, built from hand-made site records: one provider
// per name, one USDT entry per (provider, name, function), offsets and
// semaphores relative to the base, names with "-".
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "dtrace/prog.h"
#include "dtrace_sdt.h"

extern "C" {
int drti_site_cmp(const void* a, const void* b);
void* drti_build_program(const dtrace_usdt_site** s, size_t n, uint64_t base, size_t* sizep);
}

namespace {

struct Blob {
  std::vector<char> bytes;
  const dtrace_prog_hdr* hdr() const { return reinterpret_cast<const dtrace_prog_hdr*>(bytes.data()); }
  template <typename T>
  const T* table(int t) const {
    return reinterpret_cast<const T*>(bytes.data() + hdr()->dtph_tab[t].dtpt_off);
  }
  uint32_t count(int t) const { return hdr()->dtph_tab[t].dtpt_count; }
  std::string str(uint32_t off) const { return table<char>(DTRACE_PT_STRTAB) + off; }
};

Blob build(std::vector<dtrace_usdt_site>& sites, uint64_t base) {
  std::vector<const dtrace_usdt_site*> sorted;
  for (auto& s : sites) sorted.push_back(&s);
  std::qsort(sorted.data(), sorted.size(), sizeof sorted[0], drti_site_cmp);
  size_t size = 0;
  char* p = static_cast<char*>(drti_build_program(sorted.data(), sorted.size(), base, &size));
  Blob b{std::vector<char>(p, p + size)};
  std::free(p);
  return b;
}

TEST(Drti, GroupsSitesIntoProvidersAndProbes) {
  std::vector<dtrace_usdt_site> sites = {
      {0x10100, 0x10800, "main", "app", "query__start", "int;char *", 2},
      {0x10200, 0, "main", "zed", "go", "", 0},
      {0x10300, 0x10800, "main", "app", "query__start", "int;char *", 2},
      {0x10400, 0x10802, "worker", "app", "query__start", "int;char *", 2},
  };
  Blob b = build(sites, 0x10000);
  const dtrace_prog_hdr* h = b.hdr();
  EXPECT_EQ(h->dtph_magic, DTRACE_PROG_MAGIC);
  EXPECT_EQ(h->dtph_flags, DTRACE_PROGF_HELPER);
  EXPECT_EQ(h->dtph_size, b.bytes.size());
  for (int t = 0; t < DTRACE_PT_NTABLES; t++) EXPECT_EQ(h->dtph_tab[t].dtpt_off % 8, 0u) << t;
  EXPECT_EQ(b.table<char>(DTRACE_PT_STRTAB)[b.count(DTRACE_PT_STRTAB) - 1], '\0');

  ASSERT_EQ(b.count(DTRACE_PT_PROVIDERS), 2u);
  auto* pv = b.table<dtrace_prog_provider>(DTRACE_PT_PROVIDERS);
  EXPECT_EQ(b.str(pv[0].dtpv_name), "app");
  EXPECT_EQ(pv[0].dtpv_usdt, 0u);
  EXPECT_EQ(pv[0].dtpv_nusdt, 2u);
  EXPECT_EQ(b.str(pv[1].dtpv_name), "zed");
  EXPECT_EQ(pv[1].dtpv_usdt, 2u);
  EXPECT_EQ(pv[1].dtpv_nusdt, 1u);

  ASSERT_EQ(b.count(DTRACE_PT_USDT), 3u);
  auto* u = b.table<dtrace_prog_usdt>(DTRACE_PT_USDT);
  auto* offs = b.table<uint64_t>(DTRACE_PT_OFFSETS);
  EXPECT_EQ(b.str(u[0].dtpu_func), "main");
  EXPECT_EQ(b.str(u[0].dtpu_name), "query-start");
  EXPECT_EQ(b.str(u[0].dtpu_argtypes), "int;char *");
  EXPECT_EQ(u[0].dtpu_nargs, 2u);
  ASSERT_EQ(u[0].dtpu_noffs, 2u);
  EXPECT_EQ(u[0].dtpu_nenoffs, 0u);
  EXPECT_EQ(u[0].dtpu_semaphore, 0x800u);
  EXPECT_EQ(offs[u[0].dtpu_offs] + offs[u[0].dtpu_offs + 1], 0x100u + 0x300u);
  EXPECT_EQ(b.str(u[1].dtpu_func), "worker");
  EXPECT_EQ(offs[u[1].dtpu_offs], 0x400u);
  EXPECT_EQ(u[1].dtpu_semaphore, 0x802u);
  EXPECT_EQ(b.str(u[2].dtpu_name), "go");
  EXPECT_EQ(u[2].dtpu_semaphore, 0u);
  EXPECT_EQ(u[2].dtpu_nargs, 0u);
  EXPECT_EQ(b.count(DTRACE_PT_OFFSETS), 4u);
}

// A probe whose sites in one function come from DTRACE_PROBEn (no
// semaphore) and from the header's macro (the semaphore), in either
// order: the probe has the semaphore, or its is-enabled check never turns
// true (test/d/usdt/tst.isenabled_mixed.sh).
TEST(Drti, AnySiteGivesTheProbeItsSemaphore) {
  for (bool generic_first : {true, false}) {
    dtrace_usdt_site generic{0x10100, 0, "step", "app", "mixed", "", 1};
    dtrace_usdt_site macro{0x10200, 0x10900, "step", "app", "mixed", "int", 1};
    const dtrace_usdt_site* order[2] = {&generic, &macro};
    if (!generic_first) std::swap(order[0], order[1]);
    size_t size = 0;
    char* p = static_cast<char*>(drti_build_program(order, 2, 0x10000, &size));
    ASSERT_NE(p, nullptr);
    Blob b{std::vector<char>(p, p + size)};
    std::free(p);
    ASSERT_EQ(b.count(DTRACE_PT_USDT), 1u);
    auto* u = b.table<dtrace_prog_usdt>(DTRACE_PT_USDT);
    EXPECT_EQ(u[0].dtpu_noffs, 2u);
    EXPECT_EQ(u[0].dtpu_semaphore, 0x900u) << (generic_first ? "generic site first" : "macro site first");
  }
}

}  // namespace
