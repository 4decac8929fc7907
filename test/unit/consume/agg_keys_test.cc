// Symbol keys of aggregations (issue 28): a synthetic AGGSNAP whose
// entries hold several addresses of one function or module comes out as
// one entry per function or module, its value combined as the CPUs'
// shares are.
#include "consume/agg_keys.h"

#include <unistd.h>

#include <cstring>
#include <gtest/gtest.h>

#include "consume/agg_data.h"
#include "consume/agg_snapshot.h"
#include "consume/ksyms.h"
#include "consume/usyms.h"

extern "C" {
#include "dtrace/buf.h"
}

// A function of this executable with a symbol of its own, for usym().
extern "C" __attribute__((noinline)) int agg_keys_probe_target(int a) { return a * 5 + 2; }

namespace dtrace::consume {
namespace {

const char kTable[] =
    "ffffffff81000000 T _stext\n"
    "ffffffff81000100 t helper\n"
    "ffffffff81000200 t other\n"
    "ffffffffc0001000 t mod_fn\t[fuse]\n"
    "ffffffffc0001100 t mod_gn\t[fuse]\n";

void put(std::vector<uint8_t>& b, const void* p, size_t n) {
  const auto* c = static_cast<const uint8_t*>(p);
  b.insert(b.end(), c, c + n);
}

// One aggregation (id 1): `key_words` 8-byte words of kind `kind`, then `func`'s value.
kio::AggDesc agg_desc(uint16_t kind, size_t key_words, uint16_t func, size_t value_words) {
  kio::AggDesc d;
  d.id = 1;
  dtrace_recdesc k{}, v{};
  k.dtrd_action = kind;
  k.dtrd_size = static_cast<uint32_t>(8 * key_words);
  v.dtrd_action = func;
  v.dtrd_offset = k.dtrd_size;
  v.dtrd_size = static_cast<uint32_t>(8 * value_words);
  d.recs = {k, v};
  return d;
}

std::vector<uint8_t> snapshot(
    const std::vector<std::pair<std::vector<uint64_t>, std::vector<int64_t>>>& ents) {
  std::vector<uint8_t> b;
  for (const auto& [key, value] : ents) {
    dtrace_aggent e{1, static_cast<uint32_t>(sizeof(dtrace_aggent) + 8 * (key.size() + value.size()))};
    put(b, &e, sizeof e);
    put(b, key.data(), 8 * key.size());
    put(b, value.data(), 8 * value.size());
  }
  return b;
}

// Walks, canonicalizes and folds as api::Aggregations::snapshot does.
AggVar fold_all(const kio::AggDesc& d, std::span<const uint8_t> buf, const AggKeySymbols& syms) {
  AggTable t;
  AggVarDesc vd;
  vd.name = "a";
  vd.func = d.recs.back().dtrd_action;
  vd.key_kinds = {d.recs[0].dtrd_action};
  AggVar& v = t.declare(vd);
  uint64_t arg = d.recs[0].dtrd_arg;
  Status st = walk_agg_buffer(
      buf, [&](uint32_t) -> Result<const kio::AggDesc*> { return &d; },
      [&](const AggSnapEntry& e) -> Status {
        auto keys = e.keys;
        canonicalize_agg_keys(syms, vd.key_kinds, {&arg, 1}, keys);
        t.fold(v, keys, e.value, -1, vd.key_kinds);
        return Ok{};
      });
  EXPECT_TRUE(st);
  return v;
}

uint64_t key_word(const AggEntry& e, size_t i) {
  uint64_t w;
  std::memcpy(&w, e.keys[0].data() + 8 * i, 8);
  return w;
}

TEST(AggKeys, TwoPcsOfOneKernelFunctionAreOneEntry) {
  KernelSymbols k;
  k.load(kTable);
  auto d = agg_desc(DTRACEACT_SYM, 1, DTRACEACT_AGG_COUNT, 1);
  auto buf = snapshot({{{0xffffffffc0001010}, {1}},
                       {{0xffffffffc0001020}, {2}},
                       {{0xffffffff81000104}, {4}},
                       {{0x1000}, {8}}});  // below every symbol: stays
  AggVar v = fold_all(d, buf, {&k, nullptr});
  ASSERT_EQ(v.entries.size(), 3u);
  std::map<std::string, int64_t> by_name;
  for (const auto& [flat, e] : v.entries) by_name[k.symbol(key_word(e, 0))] = e.value[0];
  EXPECT_EQ(by_name["fuse`mod_fn"], 3);
  EXPECT_EQ(by_name["vmlinux`helper"], 4);
  EXPECT_EQ(by_name["0x1000"], 8);
}

TEST(AggKeys, AvgPartsAddWhenFunctionsMerge) {
  KernelSymbols k;
  k.load(kTable);
  auto d = agg_desc(DTRACEACT_SYM, 1, DTRACEACT_AGG_AVG, 2);
  auto buf = snapshot({{{0xffffffff81000101}, {1, 10}}, {{0xffffffff81000180}, {3, 2}}});
  AggVar v = fold_all(d, buf, {&k, nullptr});
  ASSERT_EQ(v.entries.size(), 1u);
  const AggEntry& e = v.entries.begin()->second;
  EXPECT_EQ(key_word(e, 0), 0xffffffff81000100u);
  EXPECT_EQ(e.value, (std::vector<int64_t>{4, 12}));
}

TEST(AggKeys, ModKeysMergeOnTheModule) {
  KernelSymbols k;
  k.load(kTable);
  auto d = agg_desc(DTRACEACT_MOD, 1, DTRACEACT_AGG_MAX, 1);
  auto buf = snapshot({{{0xffffffffc0001010}, {5}},
                       {{0xffffffffc0001120}, {7}},
                       {{0xffffffff81000204}, {1}},
                       {{0xffffffff81000004}, {2}}});
  AggVar v = fold_all(d, buf, {&k, nullptr});
  ASSERT_EQ(v.entries.size(), 2u);
  std::map<std::string, int64_t> by_mod;
  for (const auto& [flat, e] : v.entries) by_mod[k.module(key_word(e, 0))] = e.value[0];
  EXPECT_EQ(by_mod["fuse"], 7);
  EXPECT_EQ(by_mod["vmlinux"], 2);
}

TEST(AggKeys, UsymKeysMergeOnTheFunctionUaddrKeysStay) {
  UserSymbols u;
  auto fn = reinterpret_cast<uint64_t>(&agg_keys_probe_target);
  auto pid = static_cast<uint64_t>(getpid());
  auto buf = snapshot({{{pid, fn + 1}, {1}}, {{pid, fn + 3}, {1}}});
  AggVar sym = fold_all(agg_desc(DTRACEACT_USYM, 2, DTRACEACT_AGG_COUNT, 1), buf, {nullptr, &u});
  ASSERT_EQ(sym.entries.size(), 1u);
  EXPECT_EQ(key_word(sym.entries.begin()->second, 1), fn);
  EXPECT_EQ(sym.entries.begin()->second.value[0], 2);
  AggVar umod = fold_all(agg_desc(DTRACEACT_UMOD, 2, DTRACEACT_AGG_COUNT, 1), buf, {nullptr, &u});
  ASSERT_EQ(umod.entries.size(), 1u);
  EXPECT_EQ(u.module(static_cast<pid_t>(pid), key_word(umod.entries.begin()->second, 1)),
            u.module(static_cast<pid_t>(pid), fn));
  AggVar addr = fold_all(agg_desc(DTRACEACT_UADDR, 2, DTRACEACT_AGG_COUNT, 1), buf, {nullptr, &u});
  EXPECT_EQ(addr.entries.size(), 2u);
  EXPECT_EQ(agg_keys_probe_target(1), 7);
}

}  // namespace
}  // namespace dtrace::consume
