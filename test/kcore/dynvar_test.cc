// Dynamic variables (doc/dif.md §6): self->x, associative arrays with
// tuple keys, deletion by storing 0, drops when the store is full and
// recycling by the cleaner.
#include "harness.h"

extern "C" {
#include "core/dynvar.h"
}

namespace kcore {
namespace {

constexpr uint16_t kVar = 0x500;

inline dif_instr_t idx(uint8_t op, uint16_t v, uint8_t r) { return DIF_INSTR_IDX(op, v, r); }

// Fires test:::fire once per args and returns the value each firing traced.
class Dyn {
 public:
  Dyn(const Difo& d, std::vector<std::pair<uint32_t, uint64_t>> opts = {}) {
    pb b{};
    add_trace_clause(&b, d);
    err = enable_program(h, b, opts);
    if (err == 0) err = h.go();
  }
  std::vector<Record> fire(uint64_t a0 = 0, uint64_t a1 = 0, uint64_t a2 = 0) {
    h.fire(a0, a1, a2);
    return h.snap(0);
  }
  uint64_t value(uint64_t a0 = 0, uint64_t a1 = 0, uint64_t a2 = 0) {
    auto r = fire(a0, a1, a2);
    EXPECT_EQ(r.size(), 1u);
    EXPECT_EQ(r.empty() ? 0u : r[0].epid, 1u);
    return r.empty() ? ~0ull : r[0].u64(0);
  }
  Harness h;
  int err = 0;
};

// self->x += 1; trace(self->x) -- with arg0 != 0: self->x = 0 first.
Difo counter() {
  Difo d;
  d.strtab = std::string("x\0", 2);
  d.vars = {var(kVar, DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR, PB_INT(8), DIFV_F_REF | DIFV_F_MOD)};
  d.ints = {1};
  d.code = {ldgs(DIF_VAR_ARG0, 3),     DIF_INSTR_FMT(DIF_OP_TST, 3, 0, 0), br(DIF_OP_BE, 4),
            idx(DIF_OP_STTS, kVar, 0), idx(DIF_OP_LDTS, kVar, 1),          setx(0, 2),
            op3(DIF_OP_ADD, 1, 2, 1),  idx(DIF_OP_STTS, kVar, 1),          ret(1)};
  return d;
}

TEST(DynVar, ThreadLocalPersistsAcrossFirings) {
  Dyn t(counter());
  ASSERT_EQ(t.err, 0);
  EXPECT_EQ(t.value(), 1u);
  EXPECT_EQ(t.value(), 2u);
  EXPECT_EQ(t.value(), 3u);
  EXPECT_EQ(t.value(1), 1u);  // freed, then counted afresh
}

// old = a[arg2 ? "b" : "a", arg0]; a[...] = arg1; trace(old)
Difo assoc() {
  Difo d;
  d.strtab = std::string("a\0b\0", 4);
  d.vars = {var(kVar, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, PB_INT(8), DIFV_F_REF | DIFV_F_MOD)};
  d.code = {sets(0, 4),
            ldgs(DIF_VAR_ARG2, 5),
            DIF_INSTR_FMT(DIF_OP_TST, 5, 0, 0),
            br(DIF_OP_BE, 5),
            sets(2, 4),
            ldgs(DIF_VAR_ARG0, 1),
            DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0),
            pushtr_str(4),
            pushtv(1),
            idx(DIF_OP_LDGAA, kVar, 2),
            ldgs(DIF_VAR_ARG1, 3),
            idx(DIF_OP_STGAA, kVar, 3),
            ret(2)};
  return d;
}

TEST(DynVar, AssociativeArrayTupleKeys) {
  Dyn t(assoc());
  ASSERT_EQ(t.err, 0);
  EXPECT_EQ(t.value(7, 70), 0u);  // a["a", 7] absent
  EXPECT_EQ(t.value(8, 80), 0u);
  EXPECT_EQ(t.value(7, 71, 1), 0u);  // a["b", 7] is another key
  EXPECT_EQ(t.value(7, 72), 70u);
  EXPECT_EQ(t.value(8, 0), 80u);  // deletes a["a", 8]
  EXPECT_EQ(t.value(8, 81), 0u);
  EXPECT_EQ(t.value(7, 0, 1), 71u);
  EXPECT_EQ(t.value(7, 0), 72u);
}

// The tuple stack holds DIF_DTR_NREGS entries (a ninth push faults), so
// entries are sized for the first 8 pushes however many the code holds
// (the sum of all of them could pass 32 bits).
TEST(DynVar, KeysAreSizedForTheTupleStackOnly) {
  Difo d = assoc();
  d.code.insert(d.code.begin() + 9, 100, pushtr_str(4));  // after "a"/"b", arg0
  // strsize 4096: at 64 KiB two lookups by such a key are over the cost
  // budget of one firing (limits.h §2).
  Dyn t(d, {{DTRACEOPT_STRSIZE, 4096}});
  ASSERT_EQ(t.err, 0) << t.h.res().msg;
  EXPECT_EQ(t.h.state()->dyn->keymax, 16u + 7 * (4 + 4096) + (4 + 8));
}

TEST(DynVar, FullStoreDropsAndCleanerRecycles) {
  Dyn t(assoc(), {{DTRACEOPT_DYNVARSIZE, 1}, {DTRACEOPT_CLEANRATE, 1}});
  ASSERT_EQ(t.err, 0);
  const dtrace_dynstore* d = t.h.state()->dyn;
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->nchunks, 0u);  // 1 byte holds no entry: every store drops
  t.value(1, 10);
  EXPECT_EQ(t.h.status().dtst_dyndrops, 1u);

  Dyn u(assoc(), {{DTRACEOPT_DYNVARSIZE, 0}, {DTRACEOPT_CLEANRATE, 1}});
  ASSERT_EQ(u.err, 0);
  Dyn v(assoc(), {{DTRACEOPT_DYNVARSIZE, 2 * 400}, {DTRACEOPT_CLEANRATE, 1}});
  ASSERT_EQ(v.err, 0);
  uint32_t n = v.h.state()->dyn->nchunks;
  ASSERT_GE(n, 1u);
  for (uint32_t i = 0; i < n; i++) v.value(i, 100 + i);
  EXPECT_EQ(v.value(n, 5), 0u);  // full: dropped
  EXPECT_EQ(v.value(n, 6), 0u);  // still absent
  dtrace_status s = v.h.status();
  EXPECT_EQ(s.dtst_dyndrops, 2u);
  EXPECT_EQ(v.value(0, 0), 100u);  // delete: dirty until cleaned
  EXPECT_EQ(v.value(n, 7), 0u);
  s = v.h.status();  // counts, then cleans
  EXPECT_EQ(s.dtst_dyndrops_dirty, 1u);
  EXPECT_EQ(v.value(n, 8), 0u);  // recycled entry taken
  EXPECT_EQ(v.value(n, 9), 8u);
  EXPECT_EQ(v.h.status().dtst_dyndrops, 0u);
}

TEST(DynVar, StringValuesAreCopied) {
  Difo d;
  d.strtab = std::string("s\0hello\0", 8);
  d.vars = {var(kVar, DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_REF | DIFV_F_MOD)};
  d.rtype = PB_STRING;
  // if (arg0) self->s = "hello"; trace(self->s)
  d.code = {ldgs(DIF_VAR_ARG0, 1),
            DIF_INSTR_FMT(DIF_OP_TST, 1, 0, 0),
            br(DIF_OP_BE, 5),
            sets(2, 2),
            idx(DIF_OP_STTS, kVar, 2),
            idx(DIF_OP_LDTS, kVar, 3),
            ret(3)};
  Dyn t(d);
  ASSERT_EQ(t.err, 0);
  auto r = t.fire(0);  // absent: the address 0 faults as a string trace
  t.fire(1);
  r = t.fire(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].str(0), "hello");
}

TEST(DynVar, OversizedKeyFaults) {
  Difo d;
  d.strtab = std::string("a\0", 2);
  d.vars = {var(kVar, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, PB_INT(8), DIFV_F_REF)};
  d.ints = {1 << 20};
  d.code = {ldgs(DIF_VAR_ARG0, 1),
            setx(0, 2),
            DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0),
            DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_CTF, 2, 1),
            idx(DIF_OP_LDGAA, kVar, 3),
            ret(3)};
  Dyn t(d);
  ASSERT_EQ(t.err, 0);
  auto r = t.fire(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].epid, 2u);
  EXPECT_EQ(r[0].u64(24), (uint64_t)DTRACEFLT_BADSIZE);
}

}  // namespace
}  // namespace kcore
