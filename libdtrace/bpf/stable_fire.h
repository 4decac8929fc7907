// How the stable providers' probes (stable_prov.h) fire under the bpf
// backend: a row per probe, its tracepoint and the code that decides
// whether a firing of the tracepoint is the probe's and computes its
// arguments, as the module's handlers (kernel/prov/proc.c, sched.c) do,
// reading the kernel's structures at the offsets vmlinux's BTF gives.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bpf/builder.h"
#include "util/result.h"

namespace dtrace::bpf {

struct StableFire {
  std::string tracepoint;
  // Emitted into the probe's raw tracepoint program once the frame's
  // arguments are zero: R6 the context (the tracepoint's arguments), R7
  // the frame; returns from the program when the firing is not the
  // probe's. May use the stack below fp - 8.
  std::function<void(Builder&)> emit;
  std::string also;  // a second tracepoint the program is attached to, or ""
};

// The maps rows' code uses, which the device makes: exec's path, copied
// from the caller (a per-CPU array of one element of kStablePathMax
// bytes, the module's per-CPU PATH_MAX buffer), or -1.
constexpr uint32_t kStablePathMax = 4096;
struct StableMaps {
  int path = -1;
  int lockstat = -1;  // lockstat's contentions begun (lockstat_programs())
};

// lockstat's contentions: a hash map of kLockstatEntries of these, keyed
// by {the waiting task, the lock}, as the module's table of slots.
constexpr uint32_t kLockstatEntries = 1024;
constexpr uint32_t kLockstatKey = 16, kLockstatValue = 24;  // {start, flags, blocked}

// The programs lockstat's probes need beside their own: one on
// contention_begin that keeps a thread's first contention on a lock,
// and one that forgets it, on contention_end after the probes'.
struct LockstatPrograms {
  std::vector<bpf_insn> begin, end;
};
LockstatPrograms lockstat_programs(const StableMaps& maps);

// The way provider:::name fires, or why there is none (a kprobe the bpf
// backend does not take, or a kernel without the tracepoint or fields).
Result<StableFire> stable_fire(const std::string& provider, const std::string& name, const StableMaps& maps);

}  // namespace dtrace::bpf
