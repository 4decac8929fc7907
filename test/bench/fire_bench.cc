// Cost per firing of `/pid == N/ { @[execname] = count(); }` through the
// userspace build of kernel/core: one state, enabled from a hand-built
// container, fired through dtrace_core_probe() as a provider would.
// FireNoMatch: N = 1234 (the predicate fails, the usual case for a
// filtered probe); FireMatch: N = our pid (predicate, key, aggregation);
// FireCount: `{ @ = count(); }`, no predicate and no key (the syscall
// and fbt figures of doc/performance.md compare this with bpftrace).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include "bench_machine.h"

namespace {

// pid 0: `{ @ = count(); }` (FireCount).
struct Machine : BenchMachine {
  explicit Machine(uint64_t pid) {
    dtrace_user_set_comm("benchproc");
    pb b{};
    uint32_t p = pb_probe(&b, "bench", "", "", "fire");
    // pid == N
    const dif_instr_t pred[] = {DIF_INSTR_IDX(DIF_OP_LDGS, DIF_VAR_PID, 1), DIF_INSTR_IDX(DIF_OP_SETX, 0, 2),
                                DIF_INSTR_FMT(DIF_OP_CMP, 1, 2, 0),         DIF_INSTR_BRANCH(DIF_OP_BE, 6),
                                DIF_INSTR_IDX(DIF_OP_SETX, 1, 3),           DIF_INSTR_RET(3),
                                DIF_INSTR_IDX(DIF_OP_SETX, 2, 3),           DIF_INSTR_RET(3)};
    const uint64_t ints[] = {pid, 0, 1};
    uint32_t dp = pb_difo(&b, pred, 8, ints, 3, nullptr, 0, nullptr, 0, pb_type(DIF_TYPE_CTF, 0, 4));
    const dif_instr_t key[] = {DIF_INSTR_IDX(DIF_OP_LDGS, DIF_VAR_EXECNAME, 1), DIF_INSTR_RET(1)};
    uint32_t dk = pb_code(&b, key, 2, pb_type(DIF_TYPE_STRING, DIF_TF_BYREF, 0));
    uint32_t first = b.nacts;
    pb_action(&b, DTRACEACT_AGG_COUNT, DTRACE_NONE, pid != 0 ? 1 : 0, nullptr, 0, 0);
    if (pid != 0) pb_action(&b, DTRACEACT_AGGKEY, dk, 0, nullptr, 0, 0);
    pb_clause(&b, p, pid != 0 ? dp : DTRACE_NONE, first, pid != 0 ? 2 : 1, 0);
    pb_option(&b, DTRACEOPT_BUFSIZE, 1 << 16);
    pb_option(&b, DTRACEOPT_AGGSIZE, 1 << 16);
    enable_go(&b);
  }
};

void FireNoMatch(benchmark::State& state) {
  Machine m(1234);
  for (auto _ : state) m.fire();
}
BENCHMARK(FireNoMatch);

void FireMatch(benchmark::State& state) {
  Machine m(static_cast<uint64_t>(getpid()));
  for (auto _ : state) m.fire();
  dtrace_status s;
  dtrace_state_status(m.st, &s);
  state.counters["aggdrops"] = static_cast<double>(m.st->cpus[0].aggdrops);
}
BENCHMARK(FireMatch);

void FireCount(benchmark::State& state) {
  Machine m(0);
  for (auto _ : state) m.fire();
}
BENCHMARK(FireCount);

}  // namespace

BENCHMARK_MAIN();
