// Aggregations (kernel/core/agg.c, doc/records.md §5.2, §6): AGGDESC
// layouts, AGGSNAP deltas, every function and the histogram buckets.
#include <climits>
#include <map>
#include <set>

#include "harness.h"

namespace kcore {
namespace {

struct Entry {
  uint32_t aggid;
  std::vector<uint8_t> key;
  std::vector<int64_t> value;
};

std::vector<dtrace_recdesc> aggdesc(Harness& h, uint32_t id, dtrace_aggdesc* out) {
  dtrace_aggdesc hdr{};
  hdr.dtagd_id = id;
  EXPECT_EQ(dtrace_state_aggdesc(h.state(), &hdr, 0), -ENOSPC);  // >= 1 record
  std::vector<uint8_t> mem(sizeof(dtrace_aggdesc) + hdr.dtagd_nrecs * sizeof(dtrace_recdesc));
  auto* ag = reinterpret_cast<dtrace_aggdesc*>(mem.data());
  ag->dtagd_id = id;
  EXPECT_EQ(dtrace_state_aggdesc(h.state(), ag, hdr.dtagd_nrecs), 0);
  *out = *ag;
  return std::vector<dtrace_recdesc>(ag->dtagd_rec, ag->dtagd_rec + ag->dtagd_nrecs);
}

std::vector<Entry> aggsnap(Harness& h, uint32_t cpu = 0, dtrace_bufdesc* out = nullptr) {
  dtrace_bufdesc d{};
  const void* data = nullptr;
  EXPECT_EQ(dtrace_state_aggsnap(h.state(), cpu, h.state()->aggsize, &d, &data), 0);
  if (out != nullptr) *out = d;
  std::vector<Entry> v;
  const auto* p = static_cast<const uint8_t*>(data);
  for (uint64_t off = 0; off < d.dtbd_size;) {
    dtrace_aggent e;
    std::memcpy(&e, p + off, sizeof(e));
    dtrace_aggdesc ag{};
    auto recs = aggdesc(h, e.dtae_aggid, &ag);
    EXPECT_EQ(e.dtae_size, 8 + ag.dtagd_size);
    const dtrace_recdesc& val = recs.back();
    Entry en;
    en.aggid = e.dtae_aggid;
    en.key.assign(p + off + 8, p + off + 8 + val.dtrd_offset);
    en.value.resize(val.dtrd_size / 8);
    std::memcpy(en.value.data(), p + off + 8 + val.dtrd_offset, val.dtrd_size);
    v.push_back(en);
    off += e.dtae_size;
  }
  return v;
}

Difo arg0() { return builtin(DIF_VAR_ARG0); }

// cond ? then : other, of built-in variables, as a string.
Difo builtin_if(uint16_t cond, uint16_t then, uint16_t other) {
  Difo d;
  d.code = {ldgs(cond, 1), op3(DIF_OP_TST, 1, 0, 0), br(DIF_OP_BE, 5), ldgs(then, 2), ret(2), ldgs(other, 2),
            ret(2)};
  d.rtype = PB_STRING;
  return d;
}

// probename for arg1 == 0, else probefunc
Difo arg1_str() { return builtin_if(DIF_VAR_ARG1, DIF_VAR_PROBEFUNC, DIF_VAR_PROBENAME); }

// @[key(arg1)] = fn(arg0) on test:::fire, with an optional weight arg2.
void enable_agg(Harness& h, uint16_t fn, uint64_t arg = 0, bool keyed = true, bool weight = false,
                uint64_t aggsize = 1 << 16) {
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  std::vector<Action> acts;
  uint32_t n = (keyed ? 1 : 0) + (weight ? 1 : 0);
  acts.push_back({fn, fn == DTRACEACT_AGG_COUNT ? -1 : (int)add_difo(&b, arg0()), n, nullptr, arg});
  if (keyed) acts.push_back({DTRACEACT_AGGKEY, (int)add_difo(&b, arg1_str())});
  if (weight) {
    acts.push_back({DTRACEACT_AGGINCR, (int)add_difo(&b, builtin(DIF_VAR_ARG2))});
  }
  add_clause(&b, p, -1, acts);
  pb_option(&b, DTRACEOPT_AGGSIZE, aggsize);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
}

std::string key_str(const Entry& e) { return std::string(reinterpret_cast<const char*>(e.key.data())); }

TEST(Agg, DescriptionLayout) {
  Harness h;
  enable_agg(h, DTRACEACT_AGG_AVG);
  auto ecb = h.recs(1);
  ASSERT_EQ(ecb.size(), 2u);
  EXPECT_EQ(ecb[0].dtrd_aggid, 1u);
  EXPECT_EQ(ecb[1].dtrd_aggid, 1u);
  EXPECT_EQ(ecb[0].dtrd_size, 0u);
  EXPECT_EQ(ecb[1].dtrd_size, 0u);
  dtrace_aggdesc ag{};
  auto recs = aggdesc(h, 1, &ag);
  EXPECT_EQ(ag.dtagd_epid, 1u);
  EXPECT_EQ(ag.dtagd_varid, 0u);  // the head's uarg
  ASSERT_EQ(recs.size(), 2u);
  expect_rec(recs[0], DTRACEACT_AGGKEY, 0, 256);
  expect_rec(recs[1], DTRACEACT_AGG_AVG, 256, 16);
  EXPECT_EQ(recs[1].dtrd_aggid, 1u);
  EXPECT_EQ(ag.dtagd_size, 272u);
  dtrace_aggdesc small{};
  small.dtagd_id = 1;
  EXPECT_EQ(dtrace_state_aggdesc(h.state(), &small, 1), -ENOSPC);
  EXPECT_EQ(small.dtagd_nrecs, 2u);
  small.dtagd_id = 2;
  EXPECT_EQ(dtrace_state_aggdesc(h.state(), &small, 4), -EINVAL);
}

TEST(Agg, CountByKeyWithDeltaSnapshots) {
  Harness h;
  enable_agg(h, DTRACEACT_AGG_COUNT);
  h.fire(0, 0);
  h.fire(0, 0);
  h.fire(0, 1);
  std::map<std::string, int64_t> m;
  for (const Entry& e : aggsnap(h)) m[key_str(e)] = e.value.at(0);
  EXPECT_EQ(m.size(), 2u);
  EXPECT_EQ(m["fire"], 2);
  EXPECT_EQ(m["func"], 1);
  EXPECT_TRUE(aggsnap(h).empty());  // deltas: nothing new
  h.fire(0, 0);
  auto v = aggsnap(h);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].value[0], 1);
}

// String keys are compared up to their NUL's word only (agg.c); the key
// area keeps bytes of longer earlier keys after it, which must neither
// split nor merge entries nor reach the stored (canonical) key.
TEST(Agg, StringKeysAfterLongerOnesStayDistinctAndCanonical) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo k = builtin(DIF_VAR_EXECNAME, PB_STRING);
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 1}, {DTRACEACT_AGGKEY, (int)add_difo(&b, k)}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  for (const char* comm : {"abcdefghijklmn", "abc", "abcdefghijklmn", "abcdefgh", "abc"}) {
    dtrace_user_set_comm(comm);
    h.fire(0);
  }
  dtrace_user_set_comm("");
  std::map<std::string, int64_t> m;
  for (const Entry& e : aggsnap(h)) {
    std::string s = key_str(e);
    m[s] = e.value.at(0);
    for (size_t i = s.size(); i < e.key.size(); i++) ASSERT_EQ(e.key[i], 0) << s << " byte " << i;
  }
  EXPECT_EQ(m.size(), 3u);
  EXPECT_EQ(m["abcdefghijklmn"], 2);
  EXPECT_EQ(m["abc"], 2);
  EXPECT_EQ(m["abcdefgh"], 1);
}

// A string key is hashed while copied when it lives in scratch
// (execname) and after copying otherwise (probename in the probe
// registry): equal strings from either must meet in one entry, also
// when strsize cuts the key inside a word.
TEST(Agg, EqualStringKeysFromScratchAndElsewhereMeet) {
  for (uint64_t strsize : {256u, 12u}) {
    Harness h;
    pb b{};
    uint32_t p = pb_probe(&b, "test", "", "", "fire");
    Difo k = builtin_if(DIF_VAR_ARG0, DIF_VAR_EXECNAME, DIF_VAR_PROBENAME);
    add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 1}, {DTRACEACT_AGGKEY, (int)add_difo(&b, k)}});
    pb_option(&b, DTRACEOPT_STRSIZE, strsize);
    ASSERT_EQ(h.start(b), 0) << h.res().msg;
    dtrace_user_set_comm("fire");
    h.fire(1);
    h.fire(0);
    dtrace_user_set_comm("abcdefghijklmn");  // 11 characters kept at strsize 12
    h.fire(1);
    h.fire(1);
    dtrace_user_set_comm("");
    std::map<std::string, int64_t> m;
    for (const Entry& e : aggsnap(h)) m[key_str(e)] = e.value.at(0);
    EXPECT_EQ(m.size(), 2u) << strsize;
    EXPECT_EQ(m["fire"], 2) << strsize;
    EXPECT_EQ(m[strsize == 12 ? "abcdefghijk" : "abcdefghijklmn"], 2) << strsize;
  }
}

int64_t unkeyed(uint16_t fn, std::vector<int64_t> xs, size_t word = 0) {
  Harness h;
  enable_agg(h, fn, 0, false);
  for (int64_t x : xs) h.fire(static_cast<uint64_t>(x));
  auto v = aggsnap(h);
  EXPECT_EQ(v.size(), 1u);
  return v.empty() ? 0 : v[0].value.at(word);
}

TEST(Agg, ScalarFunctions) {
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_SUM, {1, 2, 3, -10}), -4);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_MIN, {5, -3, 7}), -3);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_MIN, {5}), 5);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_MAX, {-5, -3, -7}), -3);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_AVG, {2, 4, 9}, 0), 3);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_AVG, {2, 4, 9}, 1), 15);
}

// Sums wrap as 64-bit two's complement, as DTrace's do, without C's
// signed-overflow undefined behaviour (kcore_fuzz found it under UBSan).
TEST(Agg, SumsWrapAt64Bits) {
  const int64_t max = INT64_MAX, min = INT64_MIN;
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_SUM, {max, 1}), min);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_SUM, {min, -1}), max);
  EXPECT_EQ(unkeyed(DTRACEACT_AGG_AVG, {max, max}, 1), -2);
}

TEST(Agg, StddevKeepsAnExact128BitSumOfSquares) {
  Harness h;
  enable_agg(h, DTRACEACT_AGG_STDDEV, 0, false);
  h.fire(3);
  h.fire(static_cast<uint64_t>(-4));
  h.fire(1ull << 40);
  h.fire(1ull << 40);
  auto v = aggsnap(h);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].value[0], 4);
  EXPECT_EQ(v[0].value[1], (int64_t)((1ull << 41) - 1));
  // 9 + 16 + 2 * 2^80: low word 25, high word 2 * 2^16.
  EXPECT_EQ((uint64_t)v[0].value[2], 25u);
  EXPECT_EQ((uint64_t)v[0].value[3], 1ull << 17);
}

std::vector<int64_t> histogram(uint16_t fn, uint64_t arg, std::vector<int64_t> xs, bool weighted = false) {
  Harness h;
  enable_agg(h, fn, arg, false, weighted);
  for (int64_t x : xs) h.fire(static_cast<uint64_t>(x), 0, 3);
  auto v = aggsnap(h);
  EXPECT_EQ(v.size(), 1u);
  return v.empty() ? std::vector<int64_t>{} : v[0].value;
}

TEST(Agg, QuantizeBuckets) {
  auto q = histogram(DTRACEACT_AGG_QUANTIZE, 0, {0, 1, 2, 3, 4, -1, -2, -3, INT64_MAX, INT64_MIN, 1ll << 62});
  ASSERT_EQ(q.size(), (size_t)DTRACE_QUANTIZE_NBUCKETS);
  EXPECT_EQ(q[63], 1);   // 0
  EXPECT_EQ(q[64], 1);   // 1
  EXPECT_EQ(q[65], 2);   // 2..3
  EXPECT_EQ(q[66], 1);   // 4..7
  EXPECT_EQ(q[62], 1);   // -1
  EXPECT_EQ(q[61], 2);   // -3..-2
  EXPECT_EQ(q[126], 2);  // 2^62 .. INT64_MAX
  EXPECT_EQ(q[0], 1);    // INT64_MIN
  auto w = histogram(DTRACEACT_AGG_QUANTIZE, 0, {5}, true);
  EXPECT_EQ(w[66], 3);  // weight arg2 = 3
}

TEST(Agg, LquantizeBuckets) {
  uint64_t arg = DTRACE_LQUANTIZE_ARG(-10, 4, 5);  // [-10, 10) in steps of 5
  auto l = histogram(DTRACEACT_AGG_LQUANTIZE, arg, {-11, -10, -6, -5, 0, 9, 10, INT64_MAX});
  ASSERT_EQ(l.size(), 1u + 4 + 2);
  EXPECT_EQ((uint64_t)l[0], arg);
  EXPECT_EQ(l[1], 1);  // < -10
  EXPECT_EQ(l[2], 2);  // -10..-6
  EXPECT_EQ(l[3], 1);  // -5..-1
  EXPECT_EQ(l[4], 1);  // 0..4
  EXPECT_EQ(l[5], 1);  // 5..9
  EXPECT_EQ(l[6], 2);  // >= 10
}

TEST(Agg, LlquantizeBucketsFollowTheDocumentedExample) {
  uint64_t arg = DTRACE_LLQUANTIZE_ARG(10, 0, 2, 10);
  auto b = histogram(DTRACEACT_AGG_LLQUANTIZE, arg,
                     {-1000, -15, -1, 0, 1, 9, 10, 19, 99, 100, 999, 1000, INT64_MIN, INT64_MAX});
  ASSERT_EQ(b.size(), 1u + 57);  // 3 magnitudes of 9 buckets either side, zero, two overflows
  EXPECT_EQ((uint64_t)b[0], arg);
  auto bucket = [&](int i) { return b[1 + i]; };
  EXPECT_EQ(bucket(0), 2);   // <= -1000 (INT64_MIN too)
  EXPECT_EQ(bucket(18), 1);  // -10..-19
  EXPECT_EQ(bucket(27), 1);  // -1
  EXPECT_EQ(bucket(28), 1);  // 0: |v| < 10^0
  EXPECT_EQ(bucket(29), 1);  // 1
  EXPECT_EQ(bucket(37), 1);  // 9
  EXPECT_EQ(bucket(38), 2);  // 10..19
  EXPECT_EQ(bucket(46), 1);  // 90..99
  EXPECT_EQ(bucket(47), 1);  // 100..199
  EXPECT_EQ(bucket(55), 1);  // 900..999
  EXPECT_EQ(bucket(56), 2);  // >= 1000 (INT64_MAX too)
  // 20 steps: 18 buckets a magnitude; 1..9 lie 2 apart (the ones between
  // never fill), 10..95 and 100..950 are 5 and 50 wide.
  uint64_t arg20 = DTRACE_LLQUANTIZE_ARG(10, 0, 2, 20);
  auto c = histogram(DTRACEACT_AGG_LLQUANTIZE, arg20, {5, 15, 150, -150});
  ASSERT_EQ(c.size(), 1u + 111);
  EXPECT_EQ(c[1 + 55 + 1 + 8], 1);   // 5
  EXPECT_EQ(c[1 + 55 + 1 + 19], 1);  // 15
  EXPECT_EQ(c[1 + 55 + 1 + 37], 1);  // 150
  EXPECT_EQ(c[1 + 55 - 1 - 37], 1);  // -150
  // Fewer steps than the factor: 2 buckets a magnitude, 1..1 and 2..3.
  uint64_t arg2 = DTRACE_LLQUANTIZE_ARG(4, 0, 1, 2);
  auto d = histogram(DTRACEACT_AGG_LLQUANTIZE, arg2, {1, 3, 4, 15, 16});
  ASSERT_EQ(d.size(), 1u + 11);
  EXPECT_EQ(d[1 + 6], 1);   // 1
  EXPECT_EQ(d[1 + 7], 1);   // 2..3
  EXPECT_EQ(d[1 + 8], 1);   // 4..7
  EXPECT_EQ(d[1 + 9], 1);   // 8..15
  EXPECT_EQ(d[1 + 10], 1);  // >= 16
}

TEST(Agg, FullBuffersDropEntries) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 1}, {DTRACEACT_AGGKEY, (int)add_difo(&b, arg0())}});
  pb_option(&b, DTRACEOPT_AGGSIZE, 4096);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  for (uint64_t i = 0; i < 200; i++) h.fire(i);  // 24-byte entries: 170 fit
  h.fire(0);                                     // existing entries still count
  dtrace_bufdesc d{};
  auto v = aggsnap(h, 0, &d);
  EXPECT_EQ(v.size(), 170u);
  EXPECT_EQ(d.dtbd_drops, 30u);
  EXPECT_EQ(v[0].value[0], 2);
  v = aggsnap(h, 0, &d);
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(d.dtbd_drops, 0u);
}

// Many aggregations keyed by numbers that follow their ids (Oracle's
// multiaggs/tst.many: @agg0[0] ... @agg246[246]): the id and the key
// must not cancel out in the hash. Seeded with the id itself, key n of
// aggregation n + 1 fell into a few slots and 122 of 247 were dropped.
TEST(Agg, KeysFollowingTheirAggregationIdsSpreadOverTheHash) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  std::vector<Action> acts;
  for (uint64_t n = 0; n < 247; n++) {
    Difo k;
    k.ints = {n};
    k.code = {setx(0, 1), ret(1)};
    k.rtype = PB_INT(4);
    acts.push_back({DTRACEACT_AGG_COUNT, -1, 1});
    acts.push_back({DTRACEACT_AGGKEY, (int)add_difo(&b, k)});
  }
  add_clause(&b, p, -1, acts);
  pb_option(&b, DTRACEOPT_AGGSIZE, 1 << 16);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire(0);
  dtrace_bufdesc d{};
  auto v = aggsnap(h, 0, &d);
  EXPECT_EQ(d.dtbd_drops, 0u);
  ASSERT_EQ(v.size(), 247u);
  for (const Entry& e : v) {
    uint32_t key;
    std::memcpy(&key, e.key.data(), sizeof key);
    EXPECT_EQ(key + 1, e.aggid);
    EXPECT_EQ(e.value[0], 1);
  }
}

// aggsize=0 allocates no aggregation buffers: a firing drops its entry
// (it wrote through a NULL key area: a kernel oops found by ioctl_fuzz).
TEST(Agg, ZeroAggsizeDropsEntries) {
  Harness h;
  enable_agg(h, DTRACEACT_AGG_SUM, 0, true, false, 0);
  h.fire(5, 0);
  h.fire(6, 1);
  dtrace_bufdesc d{};
  EXPECT_TRUE(aggsnap(h, 0, &d).empty());
  EXPECT_EQ(d.dtbd_drops, 2u);
  EXPECT_EQ(h.stop(), 0);
}

// `@ = count();` alone, without predicate, is counted without the
// machine state once its entry exists (dtrace_agg_count_fast): only that
// clause is marked, and every firing is counted as the full path counts
// it, across snapshots (each starts an empty buffer), entries that share
// a hash slot, and buffers too small for any entry.
TEST(Agg, CountAloneIsMarked) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 0}});
  add_clause(&b, p, (int)add_difo(&b, arg0()), {{DTRACEACT_AGG_COUNT, -1, 0}});
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 1}, {DTRACEACT_AGGKEY, (int)add_difo(&b, arg0())}});
  add_clause(&b, p, -1, {{DTRACEACT_AGG_SUM, (int)add_difo(&b, arg0()), 0}});
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 0}, {DTRACEACT_AGG_COUNT, -1, 0}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  ASSERT_EQ(h.state()->necbs, 5u);
  EXPECT_EQ(h.state()->ecbs[0]->count_aggid, 1u);
  for (uint32_t i = 1; i < 5; i++) EXPECT_EQ(h.state()->ecbs[i]->count_aggid, 0u) << i;
}

TEST(Agg, CountAloneCountsEveryFiringAcrossSnapshots) {
  Harness h;
  enable_agg(h, DTRACEACT_AGG_COUNT, 0, false);
  ASSERT_EQ(h.state()->ecbs[0]->count_aggid, 1u);
  for (uint64_t round = 1; round <= 4; round++) {
    for (uint64_t i = 0; i < 1000 * round; i++) h.fire();
    auto v = aggsnap(h);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].value[0], (int64_t)(1000 * round));
  }
}

TEST(Agg, CountAloneSharingSlotsAndFullBuffers) {
  for (uint64_t aggsize : {uint64_t{1} << 12, uint64_t{8}, uint64_t{0}}) {
    Harness h;
    pb b{};
    uint32_t p = pb_probe(&b, "test", "", "", "fire");
    for (int i = 0; i < 100; i++) add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 0}});
    pb_option(&b, DTRACEOPT_AGGSIZE, aggsize);
    ASSERT_EQ(h.start(b), 0) << h.res().msg;
    std::set<uint32_t> slots;
    for (uint32_t i = 0; i < 100; i++)
      slots.insert(h.state()->ecbs[i]->count_hash & (h.state()->aggslots - 1));
    if (aggsize >= 16) {
      EXPECT_LT(slots.size(), 100u);  // the case this test is for
    }
    for (int i = 0; i < 7; i++) h.fire();
    dtrace_bufdesc d{};
    auto v = aggsnap(h, 0, &d);
    if (aggsize < 16) {  // no room for one 16-byte entry
      EXPECT_TRUE(v.empty());
      EXPECT_EQ(d.dtbd_drops, 700u);
      continue;
    }
    EXPECT_EQ(d.dtbd_drops, 0u);
    ASSERT_EQ(v.size(), 100u);  // 100 entries in 4 KiB's slots: some share
    std::set<uint32_t> ids;
    for (const Entry& e : v) {
      EXPECT_EQ(e.value.at(0), 7) << e.aggid;
      ids.insert(e.aggid);
    }
    EXPECT_EQ(ids.size(), 100u);
  }
}

// Between ENABLE and GO a state has ECBs on its probes but no per-CPU
// buffers yet, and a GO refused for memory leaves its CPU count set
// without them: firings then (the count() shortcut's clause and a whole
// one on the same probe) must look at the state's activity before its
// buffers, and count nothing.
TEST(Agg, FiringsBeforeGoCountNothing) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_AGG_COUNT, -1, 0}});
  add_clause(&b, p, -1, {{DTRACEACT_AGG_SUM, (int)add_difo(&b, arg0()), 0}});
  ASSERT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  ASSERT_EQ(h.state()->ecbs[0]->count_aggid, 1u);
  ASSERT_EQ(h.state()->cpus, nullptr);
  for (int i = 0; i < 10; i++) h.fire(3);
  ASSERT_NE(h.go(64), 0);
  ASSERT_NE(h.state()->ncpus, 0u);
  ASSERT_EQ(h.state()->cpus, nullptr);
  for (int i = 0; i < 10; i++) h.fire(3);
  ASSERT_EQ(h.go(), 0);
  h.fire(5);
  auto v = aggsnap(h);
  ASSERT_EQ(v.size(), 2u);
  for (const Entry& e : v) EXPECT_EQ(e.value.at(0), e.aggid == 1 ? 1 : 5) << e.aggid;
}

TEST(Agg, SnapshotCapacity) {
  Harness h;
  enable_agg(h, DTRACEACT_AGG_COUNT, 0, false);
  dtrace_bufdesc d{};
  const void* data;
  EXPECT_EQ(dtrace_state_aggsnap(h.state(), 0, 100, &d, &data), -ENOSPC);
  EXPECT_EQ(d.dtbd_size, 1u << 16);
  EXPECT_EQ(dtrace_state_aggsnap(h.state(), 5, 1 << 20, &d, &data), -EINVAL);
}

}  // namespace
}  // namespace kcore
