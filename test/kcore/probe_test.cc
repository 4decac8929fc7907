// The provider and probe registry (kernel/core/probe.c).
#include <string>

#include "harness.h"

namespace kcore {
namespace {

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
    int id = dtrace_probe_create(h.core(), prov, "m", ("f" + std::to_string(i)).c_str(),
                                 "entry", nullptr);
    ASSERT_GT(id, 0);
    if (i == 0) first = id;
    EXPECT_EQ(id, first + i);
  }
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "f7", "entry", nullptr), -EEXIST);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, "m", "f7", "", nullptr), -EINVAL);
  EXPECT_EQ(dtrace_probe_create(h.core(), prov, std::string(64, 'm').c_str(), "f", "n", nullptr),
            -EINVAL);
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
  EXPECT_GT(again, first + 19999);  // ids are never reused
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
  static const dtrace_provider_ops ops{lazy_provide, nullptr, nullptr, nullptr, nullptr};
  lazy_core = h.core();
  ASSERT_EQ(dtrace_provider_register(h.core(), "lazy", &ops, nullptr, &lazy_prov), 0);
  pb b{};
  add_clause(&b, pb_probe(&b, "lazy", "", "lazyfn", "entry"), -1, {});
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  EXPECT_GE(provided, 1);
  EXPECT_EQ(h.res().nprobes, 1u);
  h.release_state(true);
  EXPECT_EQ(dtrace_provider_unregister(h.core(), lazy_prov), 0);
}

TEST(Probes, RemoveSparesProbesAStateStillNames) {
  Harness h;
  static const dtrace_provider_ops ops{};
  dtrace_provider* prov;
  ASSERT_EQ(dtrace_provider_register(h.core(), "pid42", &ops, nullptr, &prov), 0);
  uint32_t a = dtrace_probe_create(h.core(), prov, "m", "f", "entry", nullptr);
  uint32_t b = dtrace_probe_create(h.core(), prov, "m", "g", "entry", nullptr);
  pb pg{};
  add_clause(&pg, pb_probe(&pg, "pid42", "m", "f", "entry"), -1, {});
  ASSERT_EQ(h.enable(pg), 0) << h.res().msg;
  pb_free(&pg);
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

}  // namespace
}  // namespace kcore
