// fbt probes that share one program under the bpf backend (doc/bpf.md,
// "fbt"): a wide enabling loads one kprobe program per clause set, not
// one fentry program per function. Its context is the function's
// registers; the attach cookie of each function is the index of the
// probe's record (FbtIds) in an array map, which gives the program the
// probe's id, its ECBs' EPIDs, its module and function names and where
// its arguments are. Attached by one kprobe_multi link (fprobe, Linux
// 5.18) where the kernel has it, else by one perf-event kprobe (or
// kretprobe) per function with the cookie (Linux 5.15).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

constexpr uint32_t kSharedEcbs = 16;  // a probe's ECBs a shared program runs

// A probe's record; its names as kernel/core's (DTRACE_CORE_MODNAMELEN,
// DTRACE_CORE_FUNCNAMELEN).
struct FbtIds {
  uint32_t probe_id;
  uint32_t nslots;  // the function's argument slots (fbt_prov.h)
  uint32_t ret;     // 1: it returns an integer or a pointer
  uint32_t pad;
  uint32_t epid[kSharedEcbs];  // the probe's ECBs', in the program's order
  char mod[64];
  char func[192];
};
constexpr int16_t kIdsProbe = offsetof(FbtIds, probe_id);
constexpr int16_t kIdsNslots = offsetof(FbtIds, nslots);
constexpr int16_t kIdsRet = offsetof(FbtIds, ret);
constexpr int16_t kIdsEpid0 = offsetof(FbtIds, epid);
constexpr int16_t kIdsMod = offsetof(FbtIds, mod);
constexpr int16_t kIdsFunc = offsetof(FbtIds, func);

// A function a shared program attaches to.
struct FbtTarget {
  std::string module;  // "" for vmlinux's
  std::string func;
  uint64_t cookie;  // its record's index
};

// Whether kprobe_multi links work here (a program of no code linked to
// fn, checked once): the kernel's CONFIG_FPROBE, not its version.
bool kprobe_multi_works(const std::string& fn);

// Loads a kprobe program, for kprobe_multi links or perf-event kprobes.
Result<Fd> load_kprobe_program(std::span<const bpf_insn> prog, bool multi);

// Attaches prog to each function, at its return if ret: by kprobe_multi
// links (multi), halved until each part attaches, or by a perf-event
// kprobe a function. A function the kernel refuses is left out (as the
// module's fbt leaves out what ftrace refuses), its name in refused,
// with why; fails when none attached.
Result<std::vector<Fd>> attach_fbt_shared(const Fd& prog, bool ret, bool multi,
                                          std::span<const FbtTarget> fns, std::string* refused);

}  // namespace dtrace::bpf
