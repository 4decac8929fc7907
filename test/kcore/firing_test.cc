// One firing is bounded, not one clause (doc/limits.md §2): a probe's
// ECBs, of every state, may cost DTRACE_FIRING_COST_MAX together (the
// sum at the budget is accepted, one unit more refused, and detaching
// returns it to 0); a firing's ERROR work stops at DTRACE_ERROR_COST_MAX;
// walks the cost table did not charge are charged; a dynamic-variable
// lookup walks at most DTRACE_DYN_CHAIN_MAX entries of a seeded hash.
#include <string>

#include "compare_clause.h"
#include "harness.h"

extern "C" {
#include "core/dif_cost.h"
#include "core/dynvar.h"
#include "dtrace/limits.h"
}

namespace kcore {
namespace {

// trace(<k string compares, then NOPs>) costing exactly `cost` units at
// strsize 64 KiB.
Difo compares_costing(uint64_t cost) {
  CompareClause c = CompareClause::costing(cost);
  EXPECT_EQ(CompareClause::cost(c.k, c.nops), cost);
  return c.difo();
}

int enable_on(dtrace_state* st, pb& b, dtrace_enable_res* res) {
  pb_option(&b, DTRACEOPT_STRSIZE, kStrsize);
  size_t size;
  void* blob = pb_blob(&b, &size);
  void* copy = dtrace_port_zalloc(size);
  std::memcpy(copy, blob, size);
  free(blob);
  pb_free(&b);
  return dtrace_state_enable(st, copy, size, res);
}

// Clauses on test:::fire costing each of costs.
void add_costing(pb* b, const std::vector<uint64_t>& costs) {
  for (uint64_t c : costs) {
    uint32_t di = add_difo(b, compares_costing(c));
    add_clause(b, pb_probe(b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)di}});
  }
}

dtrace_probe* test_probe(Harness& h) { return dtrace_probe_lookup(h.core(), h.test_probe()); }

TEST(Firing, ProbeSumAtBudgetAcceptedOnePastRefused) {
  // Eight clauses at the clause budget fill the probe exactly; an empty
  // clause (64 units) of another state is too many, and so is one of the
  // same state.
  Harness h;
  std::vector<uint64_t> costs(8, DTRACE_CLAUSE_COST_MAX);
  pb b{};
  add_costing(&b, costs);
  dtrace_enable_res res{};
  ASSERT_EQ(enable_on(h.state(), b, &res), 0) << res.msg;
  EXPECT_EQ(test_probe(h)->cost, DTRACE_FIRING_COST_MAX);

  dtrace_state* other = dtrace_state_create(h.core());
  pb e{};
  add_clause(&e, pb_probe(&e, "test", "", "", "fire"), -1, {});
  EXPECT_EQ(enable_on(other, e, &res), -E2BIG);
  EXPECT_EQ(
      std::string(res.msg),
      "clause 0: probe test:mod:func:fire may cost 8388672 units per firing, above the budget of 8388608");
  EXPECT_EQ(test_probe(h)->cost, DTRACE_FIRING_COST_MAX);
  EXPECT_EQ(test_probe(h)->necbs, 8u);
  EXPECT_EQ(h.enable_probe("test", "", "", "fire"), -E2BIG);
  dtrace_state_destroy(other);

  // Detached, the probe's sum is 0 again and the budget is free.
  h.release_state(true);
  EXPECT_EQ(test_probe(h)->cost, 0u);
  EXPECT_EQ(test_probe(h)->necbs, 0u);
}

TEST(Firing, RefusedEnablingLeavesTheSumAsItWas) {
  // Nine clauses at the clause budget: the ninth is refused after eight
  // were linked in the same attach, which unlinks them again.
  Harness h;
  pb a{};
  add_clause(&a, pb_probe(&a, "test", "", "", "fire"), -1, {});
  dtrace_enable_res res{};
  ASSERT_EQ(enable_on(h.state(), a, &res), 0) << res.msg;
  uint64_t before = test_probe(h)->cost;
  EXPECT_EQ(before, (uint64_t)DTRACE_COST_ACTION);
  pb b{};
  add_costing(&b, std::vector<uint64_t>(9, DTRACE_CLAUSE_COST_MAX));
  EXPECT_EQ(enable_on(h.state(), b, &res), -E2BIG);
  EXPECT_EQ(res.clause, 7u);  // 64 + 8 x 1 Mi is over
  EXPECT_EQ(test_probe(h)->cost, before);
  EXPECT_EQ(test_probe(h)->necbs, 1u);
}

TEST(Firing, ManySmallClausesOnOneProbeEnable) {
  // Oracle's misc/tst.enablerace puts 514 clauses on one profile probe;
  // 2,000 clauses tracing execname at the default strsize fit too.
  Harness h;
  pb b{};
  uint32_t di = add_difo(&b, builtin(DIF_VAR_EXECNAME, PB_STRING));
  for (int i = 0; i < 2000; i++)
    add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)di}});
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  EXPECT_LE(test_probe(h)->cost, DTRACE_FIRING_COST_MAX / 4);
}

// trace(*(uint64_t *)0): faults BADADDR.
Difo faulting() {
  Difo d;
  d.ints = {0};
  d.code = {setx(0, 1), DIF_INSTR_FMT(DIF_OP_LDX, 1, 0, 2), ret(2)};
  return d;
}

TEST(Firing, ErrorWorkPerFiringIsBounded) {
  // Two ERROR clauses of 60,000 NOPs (about 480,000 units together) and
  // 40 faulting clauses: one firing runs ERROR while its ERROR work fits
  // DTRACE_ERROR_COST_MAX; the other faults count double errors.
  Harness h;
  pb b{};
  Difo nops;
  nops.code.assign(60000, DIF_INSTR_NOP);
  nops.code.push_back(ret(0));
  uint32_t ni = add_difo(&b, nops);
  for (int i = 0; i < 2; i++)
    add_clause(&b, pb_probe(&b, "dtrace", "", "", "ERROR"), -1, {{DTRACEACT_DIFEXPR, (int)ni}});
  uint32_t fi = add_difo(&b, faulting());
  for (int i = 0; i < 40; i++)
    add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)fi}});
  pb_option(&b, DTRACEOPT_BUFSIZE, 4 << 20);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  uint64_t ecost = dtrace_probe_lookup(h.core(), h.core()->error_id)->cost;
  uint64_t runs = DTRACE_ERROR_COST_MAX / ecost;
  ASSERT_GT(runs, 1u);
  ASSERT_LT(runs, 40u);
  h.fire();
  dtrace_status s = h.status();
  EXPECT_EQ(s.dtst_errors, 40u);
  EXPECT_EQ(s.dtst_dblerrors, 40u - runs);
  EXPECT_EQ(h.snap(0).size(), 2 * runs);  // two ERROR records per run
  h.fire();                               // the next firing has its own ERROR budget
  EXPECT_EQ(h.snap(0).size(), 2 * runs);
}

TEST(Firing, WalksAreCharged) {
  dtrace_cost_env env{256, dtrace_cost_scratch(256, 256), 1};
  auto cost = [&](std::vector<dif_instr_t> code) {
    return dtrace_dif_cost(code.data(), (uint32_t)code.size(), nullptr, 0, &env);
  };
  EXPECT_EQ(cost({ldgs(DIF_VAR_STACKDEPTH, 1), ret(1)}), 2 * DTRACE_COST_INSTR + 1024 * DTRACE_COST_FRAME);
  EXPECT_EQ(cost({ldgs(DIF_VAR_USTACKDEPTH, 1), ret(1)}), 2 * DTRACE_COST_INSTR + 1024 * DTRACE_COST_FRAME);
  EXPECT_EQ(cost({call(DIF_SUBR_PROGENYOF, 1), ret(1)}), 2 * DTRACE_COST_INSTR + 1024 * DTRACE_COST_LOAD);
}

TEST(Firing, CommitIsChargedItsSpecsize) {
  // commit() copies up to specsize bytes and restamps the records; GO
  // lowers specsize to DTRACE_MAX_SPECSIZE, which bounds the charge.
  uint64_t small = 0;
  for (uint64_t specsize : {64ull << 10, 1ull << 40}) {
    Harness h;
    pb b{};
    Difo id;
    id.code = {ldgs(DIF_VAR_ARG0, 1), ret(1)};
    add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_COMMIT, (int)add_difo(&b, id)}});
    pb_option(&b, DTRACEOPT_SPECSIZE, specsize);
    ASSERT_EQ(h.enable(b), 0) << h.res().msg;
    pb_free(&b);
    uint64_t c = h.state()->ecbs[0]->cost;
    if (small == 0) {
      small = c;
      continue;
    }
    EXPECT_EQ(c - small, 2 * (DTRACE_MAX_SPECSIZE - (64u << 10)) / DTRACE_COST_BULK);
    ASSERT_EQ(h.go(), 0);
    EXPECT_EQ(h.state()->opts[DTRACEOPT_SPECSIZE], DTRACE_MAX_SPECSIZE);
  }
}

TEST(Firing, SpeculationWalksAreCharged) {
  // commit() and discard() look at every CPU's speculation buffer
  // (spec.c's try_finish), speculation() at every id up to nspec.
  auto cost = [](uint32_t ncpus, uint16_t kind) {
    Harness h(ncpus);
    pb b{};
    Difo id;
    id.code = {ldgs(DIF_VAR_ARG0, 1), ret(1)};
    add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{kind, (int)add_difo(&b, id)}});
    EXPECT_EQ(h.enable(b), 0) << h.res().msg;
    pb_free(&b);
    return h.state()->ecbs[0]->cost;
  };
  for (uint16_t kind : {DTRACEACT_COMMIT, DTRACEACT_DISCARD})
    EXPECT_EQ(cost(64, kind) - cost(2, kind), 62u * DTRACE_COST_LOAD) << kind;
  auto spec = [](uint64_t nspec) {
    dtrace_cost_env env{256, dtrace_cost_scratch(256, 256), nspec};
    std::vector<dif_instr_t> code = {call(DIF_SUBR_SPECULATION, 1), ret(1)};
    return dtrace_dif_cost(code.data(), (uint32_t)code.size(), nullptr, 0, &env);
  };
  EXPECT_EQ(spec(65536) - spec(1), 65535u * DTRACE_COST_INSTR);
}

// this->s, a string of strsize (64 KiB), stored on dtrace:::BEGIN.
Difo local_string() {
  Difo d;
  d.strtab = std::string("s\0", 2);
  d.vars = {var(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_REF | DIFV_F_MOD)};
  d.code = {sets(0, 1), DIF_INSTR_IDX(DIF_OP_STLS, 0x500, 1), ret(1)};
  d.rtype = PB_STRING;
  return d;
}

void add_local_string(pb* b) {
  add_clause(b, pb_probe(b, "dtrace", "", "", "BEGIN"), -1,
             {{DTRACEACT_DIFEXPR, (int)add_difo(b, local_string())}});
}

TEST(Firing, GrownClauseLocalsRechargeAttachedEcbs) {
  // Each firing of an ECB zeroes all of its state's clause-locals
  // (fire.c), so a later enabling of the same state that adds this->
  // storage makes every ECB the state has attached cost more.
  Harness h;
  pb a{};
  add_costing(&a, {1000, 1000});
  dtrace_enable_res res{};
  ASSERT_EQ(enable_on(h.state(), a, &res), 0) << res.msg;
  uint64_t before = test_probe(h)->cost;
  pb b{};
  add_local_string(&b);
  ASSERT_EQ(enable_on(h.state(), b, &res), 0) << res.msg;
  uint64_t grown = (8 + kStrsize) / DTRACE_COST_BULK;  // the slot and the string
  EXPECT_EQ(h.state()->ecbs[0]->cost, 1000 + grown);
  EXPECT_EQ(h.state()->ecbs[1]->cost, 1000 + grown);
  EXPECT_EQ(test_probe(h)->cost, before + 2 * grown);
  h.release_state(true);
  EXPECT_EQ(test_probe(h)->cost, 0u);
}

TEST(Firing, GrownClauseLocalsPastTheProbeBudgetAreRefused) {
  // test:::fire 100 units below the budget: a later enabling adding
  // 64 KiB of this-> on another probe is refused, and nothing changes.
  Harness h;
  std::vector<uint64_t> costs(7, DTRACE_CLAUSE_COST_MAX);
  costs.push_back(DTRACE_CLAUSE_COST_MAX - 100);
  pb a{};
  add_costing(&a, costs);
  dtrace_enable_res res{};
  ASSERT_EQ(enable_on(h.state(), a, &res), 0) << res.msg;
  EXPECT_EQ(test_probe(h)->cost, DTRACE_FIRING_COST_MAX - 100);
  pb b{};
  add_local_string(&b);
  EXPECT_EQ(enable_on(h.state(), b, &res), -E2BIG);
  EXPECT_EQ(std::string(res.msg),
            "more clause-local variables: probe test:mod:func:fire may cost " +
                std::to_string(DTRACE_FIRING_COST_MAX - 100 + (8 + kStrsize) / DTRACE_COST_BULK) +
                " units per firing, above the budget of 8388608");
  EXPECT_EQ(test_probe(h)->cost, DTRACE_FIRING_COST_MAX - 100);
  EXPECT_EQ(h.state()->necbs, 8u);
  for (uint32_t i = 0; i < 8; i++) EXPECT_EQ(h.state()->ecbs[i]->cost, costs[i]);
  // The same enabling on a probe of its own, in a state of its own, fits.
  dtrace_state* other = dtrace_state_create(h.core());
  pb c{};
  add_local_string(&c);
  EXPECT_EQ(enable_on(other, c, &res), 0) << res.msg;
  dtrace_state_destroy(other);
}

TEST(Firing, ClauseLocalZeroingIsCharged) {
  // this->s, a string of 64 KiB: each ECB is charged zeroing it.
  Harness h;
  pb b{};
  Difo d;
  d.strtab = std::string("s\0", 2);
  d.vars = {var(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_REF | DIFV_F_MOD)};
  d.code = {sets(0, 1), DIF_INSTR_IDX(DIF_OP_STLS, 0x500, 1), ret(1)};
  d.rtype = PB_STRING;
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
  dtrace_enable_res res{};
  ASSERT_EQ(enable_on(h.state(), b, &res), 0) << res.msg;
  const dtrace_ecb* ecb = h.state()->ecbs[0];
  uint64_t lbytes = 8 + kStrsize;  // the slot and the string
  EXPECT_GE(ecb->cost, lbytes / DTRACE_COST_BULK + 3 * DTRACE_COST_INSTR + 2 * kStrsize);
  EXPECT_EQ(test_probe(h)->cost, ecb->cost);
}

// a[arg0] = arg1: global associative array of one int key.
Difo assoc_store() {
  Difo d;
  d.strtab = std::string("a\0", 2);
  d.vars = {var(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, PB_INT(8), DIFV_F_REF | DIFV_F_MOD)};
  d.code = {ldgs(DIF_VAR_ARG0, 1),
            DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0),
            pushtv(1),
            ldgs(DIF_VAR_ARG1, 3),
            DIF_INSTR_IDX(DIF_OP_STGAA, 0x500, 3),
            DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0),
            pushtv(1),
            DIF_INSTR_IDX(DIF_OP_LDGAA, 0x500, 2),
            ret(2)};
  return d;
}

TEST(Firing, DynamicVariableChainsAreBoundedAndSeeded) {
  Harness h, g;
  for (Harness* x : {&h, &g}) {
    pb b{};
    add_trace_clause(&b, assoc_store());
    ASSERT_EQ(enable_program(*x, b, {{DTRACEOPT_DYNVARSIZE, 1 << 20}}), 0) << x->res().msg;
    ASSERT_EQ(x->go(), 0);
  }
  dtrace_dynstore* d = h.state()->dyn;
  EXPECT_NE(d->seed, g.state()->dyn->seed);  // random per store
  // Every key in one chain, as chosen collisions would make it: the
  // 33rd key is a drop, not a longer walk.
  d->nbuckets = 1;
  for (uint64_t k = 1; k <= 40; k++) h.fire(k, 100 + k);
  std::vector<uint64_t> v = h.values();
  ASSERT_EQ(v.size(), 40u);
  EXPECT_EQ(v[0], 101u);
  EXPECT_EQ(v[DTRACE_DYN_CHAIN_MAX - 1], 100u + DTRACE_DYN_CHAIN_MAX);
  EXPECT_EQ(v[DTRACE_DYN_CHAIN_MAX], 0u);
  EXPECT_EQ(h.status().dtst_dyndrops, 40u - DTRACE_DYN_CHAIN_MAX);
}

}  // namespace
}  // namespace kcore
