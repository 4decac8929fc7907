// What the kernel/core benchmarks share: a core with the dtrace provider
// and a "bench" provider whose probe bench:m:f:fire they fire, one state,
// and enabling a hand-built container on it (aborts on failure).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
#include "core/state.h"
#include "prov/dtrace.h"
#include "user/port_user.h"
#include "progbuild.h"
}

struct BenchMachine {
  dtrace_core* core = nullptr;
  dtrace_provider* prov = nullptr;
  dtrace_state* st = nullptr;
  uint32_t probe = 0;

  BenchMachine() {
    static const dtrace_provider_ops ops{};
    dtrace_user_set_ncpus(1);
    dtrace_user_set_cpu(0);
    core = dtrace_core_create();
    if (core == nullptr || dtrace_prov_dtrace_init(core) != 0 ||
        dtrace_provider_register(core, "bench", &ops, nullptr, &prov) != 0)
      std::abort();
    probe = static_cast<uint32_t>(dtrace_probe_create(core, prov, "m", "f", "fire", nullptr));
    st = dtrace_state_create(core);
  }
  ~BenchMachine() {
    dtrace_state_destroy(st);
    dtrace_provider_unregister(core, prov);
    dtrace_prov_dtrace_fini(core);
    dtrace_core_destroy(core);
  }
  BenchMachine(const BenchMachine&) = delete;
  BenchMachine& operator=(const BenchMachine&) = delete;

  // Enables b (then freed) and starts tracing.
  void enable_go(pb* b) {
    size_t size;
    void* blob = pb_blob(b, &size);
    void* copy = dtrace_port_zalloc(size);
    std::memcpy(copy, blob, size);
    std::free(blob);
    pb_free(b);
    dtrace_enable_res res{};
    uint32_t cpu;
    if (dtrace_state_enable(st, copy, size, &res) != 0 || dtrace_state_go(st, &cpu) != 0) {
      std::fprintf(stderr, "enable/go failed: %s\n", res.msg);
      std::abort();
    }
  }
  void fire() { dtrace_core_probe(core, probe, 1, 2, 3, 4, 5, 6); }
};
