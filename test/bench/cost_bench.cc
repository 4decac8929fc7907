// The worst-case firing the cost budget allows (doc/limits.md §2): for
// each kind of work, one clause filled with it up to
// DTRACE_CLAUSE_COST_MAX (as ENABLE counts it), at strsize 64 KiB,
// fired through the userspace build of kernel/core. Reports the time of
// one firing and its nanoseconds per cost unit; the slowest kind times
// the budget is the longest a clause can hold a CPU.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bench_machine.h"

extern "C" {
#include "core/dif_cost.h"
}

namespace {

constexpr uint32_t kStrsize = 65536;
constexpr uint32_t kDifoMax = 65000;
uint64_t word = 42;  // what the loads read

// One kind of work: setup instructions, then a repeated fragment.
struct Kind {
  std::vector<dif_instr_t> setup, frag;
  std::vector<dtrace_difv> vars;
  std::vector<uint64_t> ints;
};

struct Machine : BenchMachine {
  uint64_t units = 0;

  explicit Machine(const Kind& k) {
    std::string strtab(kStrsize - 1, 'a');
    strtab.push_back('\0');
    dtrace_cost_env env{kStrsize, dtrace_cost_scratch(kStrsize, 256)};
    pb b{};
    uint32_t p = pb_probe(&b, "bench", "", "", "fire");
    uint32_t first = b.nacts, nacts = 0;
    units = DTRACE_COST_ACTION;  // the ECB
    for (;;) {                   // actions of full DIFOs while the budget lasts
      std::vector<dif_instr_t> code = k.setup;
      uint64_t base = DTRACE_COST_ACTION + 8 + DTRACE_COST_INSTR;  // action, RET
      auto cost = [&](const std::vector<dif_instr_t>& c) {
        return base +
               dtrace_dif_cost(c.data(), (uint32_t)c.size(), k.vars.data(), (uint32_t)k.vars.size(), &env);
      };
      uint64_t per = cost(k.frag) - base;  // fragment alone (no setup)
      uint64_t c = cost(code);
      while (code.size() + k.frag.size() < kDifoMax && units + c + per <= DTRACE_CLAUSE_COST_MAX) {
        code.insert(code.end(), k.frag.begin(), k.frag.end());
        c += per;
      }
      if (code.size() == k.setup.size()) break;
      // Keys grow with the pushes before them: the fragments may not
      // add up; drop the last ones until the clause fits.
      while (code.size() > k.setup.size() && units + cost(code) > DTRACE_CLAUSE_COST_MAX)
        code.resize(code.size() - k.frag.size());
      if (code.size() == k.setup.size()) break;
      units += cost(code);
      code.push_back(DIF_INSTR_RET(1));
      uint32_t d = pb_difo(&b, code.data(), (uint32_t)code.size(), k.ints.data(), (uint32_t)k.ints.size(),
                           strtab.data(), (uint32_t)strtab.size(), k.vars.data(), (uint32_t)k.vars.size(),
                           pb_type(DIF_TYPE_CTF, 0, 8));
      pb_action(&b, DTRACEACT_DIFEXPR, d, 0, nullptr, 0, 0);
      nacts++;
    }
    pb_clause(&b, p, DTRACE_NONE, first, nacts, 0);
    pb_option(&b, DTRACEOPT_STRSIZE, kStrsize);
    pb_option(&b, DTRACEOPT_BUFSIZE, 1 << 20);
    pb_option(&b, DTRACEOPT_DYNVARSIZE, 4 << 20);
    enable_go(&b);
  }
};

void run(benchmark::State& state, const Kind& k) {
  Machine m(k);
  for (auto _ : state) {
    m.fire();
    if (m.st->cpus[0].errors != 0) {
      state.SkipWithError("the clause faulted");
      break;
    }
  }
  state.counters["units"] = static_cast<double>(m.units);
}

constexpr uint16_t kVar = DIF_VAR_OTHER_UBASE;

// Instructions: ADDs (DTRACE_COST_INSTR each).
void Alu(benchmark::State& s) {
  run(s, {{DIF_INSTR_IDX(DIF_OP_SETX, 0, 1)}, {DIF_INSTR_FMT(DIF_OP_ADD, 1, 1, 2)}, {}, {1}});
}
BENCHMARK(Alu)->Unit(benchmark::kMillisecond);

// Fault-tolerant 8-byte loads.
void Loads(benchmark::State& s) {
  run(s, {{DIF_INSTR_IDX(DIF_OP_SETX, 0, 1)},
          {DIF_INSTR_FMT(DIF_OP_LDX, 1, 0, 2)},
          {},
          {reinterpret_cast<uintptr_t>(&word)}});
}
BENCHMARK(Loads)->Unit(benchmark::kMillisecond);

// SCMP of a 64 KiB string with itself: every byte compared.
void StringCompare(benchmark::State& s) {
  run(s, {{DIF_INSTR_IDX(DIF_OP_SETS, 0, 1)}, {DIF_INSTR_FMT(DIF_OP_SCMP, 1, 1, 0)}, {}, {}});
}
BENCHMARK(StringCompare)->Unit(benchmark::kMillisecond);

// STGS of a 64 KiB string into a global string variable.
void StringStore(benchmark::State& s) {
  run(s, {{DIF_INSTR_IDX(DIF_OP_SETS, 0, 1)},
          {DIF_INSTR_IDX(DIF_OP_STGS, kVar, 1)},
          {pb_var(kVar, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, PB_STRING, DIFV_F_MOD, 0)},
          {}});
}
BENCHMARK(StringStore)->Unit(benchmark::kMillisecond);

// strlen() of a 64 KiB string.
void Strlen(benchmark::State& s) {
  run(s,
      {{DIF_INSTR_IDX(DIF_OP_SETS, 0, 1)},
       {DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_STRING, 0, 1), DIF_INSTR_IDX(DIF_OP_CALL, DIF_SUBR_STRLEN, 2)},
       {},
       {}});
}
BENCHMARK(Strlen)->Unit(benchmark::kMillisecond);

// An associative array keyed by a 64 KiB string: key built, hashed.
void StringKey(benchmark::State& s) {
  run(s, {{DIF_INSTR_IDX(DIF_OP_SETS, 0, 1)},
          {DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_STRING, 0, 1), DIF_INSTR_IDX(DIF_OP_LDGAA, kVar, 2),
           DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0)},
          {pb_var(kVar, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, PB_INT(8), DIFV_F_REF, 0)},
          {}});
}
BENCHMARK(StringKey)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
