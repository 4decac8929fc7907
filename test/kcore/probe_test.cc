// The provider and probe registry (kernel/core/probe.c).
#include <sys/mman.h>

#include <string>
#include <vector>

#include "harness.h"

namespace kcore {
namespace {

// A provider with no callbacks, registered as name; nullptr if refused.
dtrace_provider* plain_provider(Harness& h, const char* name) {
  static const dtrace_provider_ops ops{};
  dtrace_provider* prov = nullptr;
  return dtrace_provider_register(h.core(), name, &ops, nullptr, &prov) == 0 ? prov : nullptr;
}

TEST(Probes, DtraceProviderOwnsIdsOneToThree) {
  Harness h;
  const char* names[] = {"BEGIN", "END", "ERROR"};
  for (uint32_t id = 1; id <= 3; id++) {
    dtrace_probe* p = dtrace_probe_lookup(h.core(), id);
    ASSERT_NE(p, nullptr);
    EXPECT_STREQ(p->prov->name, "dtrace");
    EXPECT_STREQ(p->name, names[id - 1]);
    EXPECT_STREQ(p->mod, "");
  }
  EXPECT_EQ(h.core()->begin_id, 1u);
  EXPECT_EQ(h.core()->error_id, 3u);
  EXPECT_EQ(dtrace_probe_lookup(h.core(), 0), nullptr);
  EXPECT_EQ(dtrace_probe_lookup(h.core(), 99), nullptr);
  dtrace_core_argdesc ad;
  EXPECT_EQ(dtrace_probe_argdesc(h.core(), 1, 0, &ad), -EINVAL);
  EXPECT_EQ(dtrace_probe_argdesc(h.core(), 99, 0, &ad), -ENOENT);
}

TEST(Probes, CreateRejectsDuplicatesAndBadNames) {
  Harness h;
  static const dtrace_provider_ops ops{};
  dtrace_provider* prov;
  ASSERT_EQ(dtrace_provider_register(h.core(), "many", &ops, nullptr, &prov), 0);
  EXPECT_EQ(dtrace_provider_register(h.core(), "many", &ops, nullptr, &prov), -EEXIST);
  EXPECT_EQ(dtrace_provider_register(h.core(), "", &ops, nullptr, &prov), -EINVAL);
  int first = 0;
  for (int i = 0; i < 20000; i++) {  // fast: the name hash, not a scan
    int id = dtrace_probe_create(h.core(), prov, "m", ("f" + std::to_string(i)).c_str(), "entry", nullptr);
    ASSERT_GT(id, 0);
    if (i == 0) first = id;
    EXPECT_EQ(id, first + i);
  }
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "f7", "entry", nullptr), -EEXIST);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "f7", "", nullptr), -EINVAL);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, std::string(64, 'm').c_str(), "f", "n", nullptr), -EINVAL);
  dtrace_pattern pat{"many", "", "f1999?", "", 0};
  dtrace_probe* p = dtrace_probe_match_next(h.core(), &pat, 0);
  ASSERT_NE(p, nullptr);
  EXPECT_STREQ(p->func, "f19990");
  p = dtrace_probe_match_next(h.core(), &pat, p->id + 1);
  EXPECT_STREQ(p->func, "f19991");
  dtrace_pattern byid{"x", "y", "z", "w", static_cast<uint32_t>(first)};
  EXPECT_EQ(dtrace_probe_match_next(h.core(), &byid, 1)->id, (uint32_t)first);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
  EXPECT_EQ(dtrace_probe_lookup(h.core(), first), nullptr);
  ASSERT_EQ(dtrace_provider_register(h.core(), "many", &ops, nullptr, &prov), 0);
  int again = dtrace_probe_create(h.core(), prov, "m", "f7", "entry", nullptr);
  EXPECT_EQ(again, first);  // the lowest free id is handed out again
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
}

// A lazy provider creates its probes when asked to provide them.
int provided = 0;
dtrace_provider* lazy_prov = nullptr;
dtrace_core* lazy_core = nullptr;

void lazy_provide(void*, const dtrace_pattern* pat) {
  provided++;
  if (pat->func == nullptr || std::string(pat->func) != "lazyfn") return;
  dtrace_probe_create(lazy_core, lazy_prov, "", "lazyfn", "entry", nullptr);
}

TEST(Probes, LazyProvidersProvideOnEnable) {
  Harness h;
  static const dtrace_provider_ops ops{lazy_provide, nullptr, nullptr, nullptr, nullptr, nullptr};
  lazy_core = h.core();
  ASSERT_EQ(dtrace_provider_register(h.core(), "lazy", &ops, nullptr, &lazy_prov), 0);
  EXPECT_EQ(h.enable_probe("lazy", "", "lazyfn", "entry"), 0) << h.res().msg;
  EXPECT_GE(provided, 1);
  EXPECT_EQ(h.res().nprobes, 1u);
  h.release_state(true);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), lazy_prov), 0);
}

// A plain provider name whose probe m:f:entry (*a) h's state enables.
testing::AssertionResult enabled_probe(Harness& h, const char* name, dtrace_provider** prov, uint32_t* a) {
  *prov = plain_provider(h, name);
  if (*prov == nullptr) return testing::AssertionFailure() << name << " refused";
  *a = dtrace_probe_create(h.core(), *prov, "m", "f", "entry", nullptr);
  if (h.enable_probe(name, "m", "f", "entry") != 0) return testing::AssertionFailure() << h.res().msg;
  return testing::AssertionSuccess();
}

TEST(Probes, RemoveSparesProbesAStateStillNames) {
  Harness h;
  dtrace_provider* prov;
  uint32_t a;
  ASSERT_TRUE(enabled_probe(h, "pid42", &prov, &a));
  uint32_t b = dtrace_probe_create(h.core(), prov, "m", "g", "entry", nullptr);
  uint32_t ids[3] = {a, b, 9999};
  EXPECT_EQ(dtrace_probes_remove(h.core(), ids, 3), 1u);  // a is enabled
  EXPECT_EQ(ids[0], a);
  EXPECT_EQ(ids[1], 0u);
  EXPECT_EQ(ids[2], 0u);
  EXPECT_EQ(dtrace_probe_lookup(h.core(), b), nullptr);
  EXPECT_EQ(prov->nprobes, 1u);
  h.release_state(true);
  EXPECT_EQ(dtrace_probes_remove(h.core(), ids, 1), 0u);
  EXPECT_EQ(dtrace_probe_lookup(h.core(), a), nullptr);
  EXPECT_EQ(prov->nprobes, 0u);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
}

// A state killed (its ECBs detached, as the deadman leaves it) still names
// its probe: the probe stays until the state is freed. Whether a probe is
// named is its ECB count, so removing probes walks no state's ECBs.
TEST(Probes, RemoveSparesProbesADetachedStateNames) {
  Harness h;
  dtrace_provider* prov;
  uint32_t a;
  ASSERT_TRUE(enabled_probe(h, "pid43", &prov, &a));
  ASSERT_EQ(dtrace_probe_lookup(h.core(), a)->nrefs, 1u);
  EXPECT_TRUE(dtrace_state_unlink(h.state()));  // off every list: a grace period
  EXPECT_EQ(dtrace_probe_lookup(h.core(), a)->ecbs, nullptr);
  uint32_t ids[1] = {a};
  EXPECT_EQ(dtrace_probes_remove(h.core(), ids, 1), 1u);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), -EBUSY);
  dtrace_state_free(h.state());
  h.release_state();
  EXPECT_EQ(dtrace_probes_remove(h.core(), ids, 1), 0u);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
}

// A process's register/remove cycles (USDT ADDPROG, REMOVE) read none of
// the ECBs others trace with: while the cycles run, the tracing state's
// ECB array is swapped for pages that cannot be read, so a walk over it
// (as the old mark_referenced() did, 131,072 ECBs per REMOVE) faults.
TEST(Probes, RegisterRemoveCyclesReadNoStatesECBs) {
  Harness h;
  const uint32_t nprobes = 1024, nclauses = 128;
  h.add_fire_probes("f", 1, nprobes);  // with test:mod:func:fire, 1,024
  pb b{};
  for (uint32_t i = 0; i < nclauses; i++) add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {});
  ASSERT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  dtrace_state* st = h.state();
  ASSERT_EQ(st->necbs, nprobes * nclauses);

  dtrace_provider* prov = plain_provider(h, "cycle7");
  ASSERT_NE(prov, nullptr);
  const size_t len = st->ecbcap * sizeof(*st->ecbs);
  void* sealed = mmap(nullptr, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(sealed, MAP_FAILED);
  dtrace_ecb** ecbs = st->ecbs;
  st->ecbs = static_cast<dtrace_ecb**>(sealed);
  uint32_t removed = 0;
  for (int cycle = 0; cycle < 200; cycle++) {
    uint32_t id = dtrace_probe_create(h.core(), prov, "m", "f", "entry", nullptr);
    ASSERT_GT(id, 0u);
    dtrace_core_match_new(h.core(), &id, 1);  // matches no description
    removed += dtrace_probes_remove(h.core(), &id, 1) == 0 && id == 0;
  }
  st->ecbs = ecbs;
  munmap(sealed, len);
  EXPECT_EQ(removed, 200u);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
  EXPECT_EQ(st->necbs, nprobes * nclauses);
}

// Freed ids are handed out again, lowest first; free ids at the top lower
// the high-water mark that listings scan up to.
TEST(Probes, FreedIdsAreReusedLowestFirst) {
  Harness h;
  dtrace_provider* prov = plain_provider(h, "reuse");
  ASSERT_NE(prov, nullptr);
  uint32_t base = h.core()->nprobes;
  uint32_t id[5];
  for (int i = 0; i < 5; i++)
    id[i] = dtrace_probe_create(h.core(), prov, "m", ("f" + std::to_string(i)).c_str(), "n", nullptr);
  EXPECT_EQ(id[4], base + 5);
  uint32_t gone[2] = {id[3], id[1]};
  EXPECT_EQ(dtrace_probes_remove(h.core(), gone, 2), 0u);
  EXPECT_EQ(h.core()->nfree, 2u);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "a", "n", nullptr), (int)id[1]);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "b", "n", nullptr), (int)id[3]);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "c", "n", nullptr), (int)base + 6);
  EXPECT_EQ(h.core()->nfree, 0u);
  uint32_t top[2] = {base + 6, id[4]};
  EXPECT_EQ(dtrace_probes_remove(h.core(), top, 2), 0u);
  EXPECT_EQ(h.core()->nprobes, id[3]);  // the top went back down
  EXPECT_EQ(h.core()->nfree, 0u);
  dtrace_pattern pat{"reuse", "", "", "", 0};
  int n = 0;
  for (dtrace_probe* p = dtrace_probe_match_next(h.core(), &pat, 0); p != nullptr;
       p = dtrace_probe_match_next(h.core(), &pat, p->id + 1))
    n++;
  EXPECT_EQ(n, 4);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
  EXPECT_EQ(h.core()->nprobes, base);
  EXPECT_EQ(h.core()->nfree, 0u);
}

// A process that registers and removes probes over and over (USDT
// helpers, unprivileged) never exhausts the DTRACE_PROBE_MAX ids: before,
// each registration took new ids and the 1,048,577th failed with ENOSPC.
TEST(Probes, CreateRemoveCyclesNeverExhaustIds) {
  Harness h;
  dtrace_provider* prov = plain_provider(h, "cycle");
  ASSERT_NE(prov, nullptr);
  uint32_t hold = dtrace_probe_create(h.core(), prov, "m", "held", "n", nullptr);
  for (uint32_t i = 0; i < DTRACE_PROBE_MAX + 10; i += 2) {
    uint32_t ids[2];
    ids[0] = dtrace_probe_create(h.core(), prov, "m", "a", "n", nullptr);
    ids[1] = dtrace_probe_create(h.core(), prov, "m", "b", "n", nullptr);
    ASSERT_EQ(ids[0], hold + 1) << i;
    ASSERT_EQ(ids[1], hold + 2) << i;
    ASSERT_EQ(dtrace_probes_remove(h.core(), ids, 2), 0u);
  }
  EXPECT_EQ(h.core()->nprobes, hold);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), prov), 0);
}

// Providers are found through a name hash and unlinked in O(1): many
// registrations stay fast, the list keeps registration order, and an
// unregistered name is free again.
TEST(Probes, ManyProvidersHashedInOrder) {
  Harness h;
  static const dtrace_provider_ops ops{};
  const int n = 20000;
  std::vector<dtrace_provider*> provs(n);
  for (int i = 0; i < n; i++)
    ASSERT_EQ(dtrace_provider_register(h.core(), ("p" + std::to_string(i)).c_str(), &ops, nullptr, &provs[i]),
              0);
  EXPECT_EQ(dtrace_provider_register(h.core(), "p777", &ops, nullptr, &provs[0]), -EEXIST);
  EXPECT_EQ(dtrace_provider_lookup(h.core(), "p777"), provs[777]);
  EXPECT_EQ(dtrace_provider_lookup(h.core(), "p20000"), nullptr);
  for (int i = 1; i < n; i += 2) ASSERT_EQ(dtrace_provider_unregister(h.core(), provs[i]), 0);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), provs[n - 2]), 0);  // the tail
  EXPECT_EQ(dtrace_provider_lookup(h.core(), "p777"), nullptr);
  int seen = 0, last = -1;
  for (dtrace_provider* p = h.core()->providers; p != nullptr; p = p->next) {
    if (p->name[0] != 'p') continue;
    int k = std::stoi(p->name + 1);
    EXPECT_EQ(k % 2, 0);
    EXPECT_GT(k, last);
    last = k;
    seen++;
  }
  EXPECT_EQ(seen, n / 2 - 1);
  dtrace_provider* again;
  ASSERT_EQ(dtrace_provider_register(h.core(), "p777", &ops, nullptr, &again), 0);
  dtrace_provider* tail = nullptr;
  for (dtrace_provider* p = h.core()->providers; p != nullptr; p = p->next) tail = p;
  EXPECT_EQ(tail, again);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), again), 0);
  for (int i = 0; i < n - 2; i += 2) ASSERT_EQ(dtrace_provider_unregister(h.core(), provs[i]), 0);
}

}  // namespace
}  // namespace kcore
