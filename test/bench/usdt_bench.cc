// Cost of USDT probe sites that no consumer enabled, in a tight loop:
//   Loop               the loop alone (one opaque value per iteration)
//   IsEnabledDisabled  + if (TESTAPP_TICK_ENABLED()) TESTAPP_TICK(i):
//                      one semaphore load and a not-taken branch
//   ProbeDisabled      + TESTAPP_TICK(i) unguarded: the argument move and
//                      the nop the uprobe would replace
// The header is the one build/dtrace -h writes for test/usdt/testapp.d.
#include <benchmark/benchmark.h>

#include "testapp.h"

namespace {

void Loop(benchmark::State& state) {
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(i);
    i++;
  }
}

void IsEnabledDisabled(benchmark::State& state) {
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(i);
    if (TESTAPP_TICK_ENABLED()) TESTAPP_TICK(i);
    i++;
  }
}

void ProbeDisabled(benchmark::State& state) {
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(i);
    TESTAPP_TICK(i);
    i++;
  }
}

BENCHMARK(Loop);
BENCHMARK(IsEnabledDisabled);
BENCHMARK(ProbeDisabled);

}  // namespace

BENCHMARK_MAIN();
