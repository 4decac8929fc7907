// The program one probe fires under the bpf backend (doc/bpf.md): its
// ECBs in EPID order, each a subprogram that runs the predicate and the
// actions (the DIFOs translated by translate.h, inlined) and writes the ECB's record, in the module's layout
// (doc/records.md), to a BPF ring buffer; a DIFO that faults writes a
// fault record instead, which the device turns into an ERROR firing.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <vector>

#include "bpf/agg_prog.h"
#include "bpf/dynvars.h"
#include "bpf/spec.h"
#include "bpf/ecbs.h"
#include "bpf/frame.h"
#include "bpf/globals.h"
#include "bpf/kstack.h"
#include "bpf/strings.h"
#include "dtrace/ioctl.h"
#include "util/result.h"

namespace dtrace::bpf {

struct EcbCode {
  dtbpf_ecb ecb{};
  std::vector<dtbpf_action> acts;
  std::map<uint32_t, AggCode> aggs;  // its aggregations, by id
};

// The per-CPU scratch element: the Frame, then the record being built,
// then an aggregation's key being built.
constexpr int16_t kScratchRec = sizeof(Frame);
// A fault record: rechdr with this EPID, then the faulting EPID, the
// action (from 1; 0 the predicate), the DIF byte offset, the fault and
// its address, 8 bytes each (the ERROR probe's arg1 to arg5).
constexpr uint32_t kFaultEpid = 0xffffffffu;
constexpr uint32_t kFaultRecSize = 16 + 5 * 8;
// The largest ECB record the bpf device writes (its offsets are 16-bit).
constexpr uint32_t kMaxRecord = 28672;
constexpr int16_t kScratchKey = kScratchRec + kMaxRecord;
constexpr uint32_t kScratchSize = sizeof(Frame) + kMaxRecord + kMaxAggKey;

// x86-64's struct pt_regs: orig_ax, a system call's number (the
// raw_syscalls:sys_exit context's registers hold it).
constexpr int32_t kPtRegsOrigAx = 120;

// Where a probe's arguments come from.
enum class ArgSource {
  kFrame,      // the context is a Frame (BPF_PROG_TEST_RUN of a syscall program)
  kNone,       // none: all zero
  kPerf,       // a perf event's (profile): arg0 the kernel pc, arg1 the user pc
  kSysEntry,   // raw_syscalls:sys_enter of call sysnr: its six arguments
  kSysReturn,  // raw_syscalls:sys_exit of call sysnr: arg0 = arg1 = its value
  kRawTp,      // a raw tracepoint's (sdt): its first min(n, 5) arguments
  kFentry,     // an fentry program's (fbt entry): the function's arguments
  kFexit,      // an fexit program's (fbt return): arg0 0, arg1 the value returned
  kUprobe,     // a uprobe's (pid entry, offset, USDT): ArgShape::uargs; tgid only
  kUretprobe,  // a uretprobe's (pid return): arg0 0, arg1 the value returned; tgid only
  kStable,     // a raw tracepoint's, a stable provider's: ArgShape::stable's code
  // A kprobe's at the entry of one of the functions of a shared fbt
  // program (fbt_kprobe.h): its arguments from the registers and stack.
  kKprobe,
  kKretprobe,  // a kretprobe's: arg0 0, arg1 the value returned
};

class Builder;

// What a probe's context holds besides its ArgSource says.
struct ArgShape {
  uint32_t sysnr = 0;  // kSysEntry, kSysReturn: the call's number
  // kRawTp: the tracepoint's arguments; kFentry, kFexit: the function's
  // argument slots, the return value's index. The context's size: the
  // kernel refuses a program that reads past it.
  uint32_t nargs = 0;
  bool ret = false;   // kFexit: the function returns an integer or a pointer
  uint32_t tgid = 0;  // kUprobe, kUretprobe: the process it fires for
  // kUprobe: where each argument is, as the site says (dtrace/ioctl.h).
  std::span<const dtrace_uarg> uargs;
  // kStable: filters the firing and sets the arguments (stable_fire.h).
  std::function<void(Builder&)> stable;
  // kKprobe, kKretprobe: the probes' records (FbtIds), an array map
  // indexed by the attach cookie.
  int ids = -1;
  // Where stack() starts: the frames of the probe mechanism it skips.
  StackSkip stack;
};

// Argument i (from 0) of a probe of args: loaded from its context (at
// register ctx) into reg, emitted when b is given; 0; or neither (the
// prologue reads it otherwise).
enum class CtxArg { kNo, kZero, kLoad };
CtxArg context_arg(Builder* b, ArgSource args, const ArgShape& shape, int i, uint8_t reg, uint8_t ctx);

// The cpu option's value when it names no CPU.
constexpr uint32_t kAllCpus = 0xffffffffu;

struct ProbeMaps {
  int scratch = -1;  // BPF_MAP_TYPE_PERCPU_ARRAY of one kScratchSize element
  int ring = -1;     // BPF_MAP_TYPE_RINGBUF
  int state = -1;    // array of one uint64: the state's DTRACE_ACTIVITY_*
  AggShared agg;
  const Strings* strings = nullptr;  // with its maps made
  const Dynvars* dyn = nullptr;      // with its maps made
  uint32_t only_cpu = kAllCpus;      // the cpu option
  int lost = -1;                     // per-CPU array of one uint64: records the ring buffer lost
  const Specs* specs = nullptr;      // with its maps made: speculations
};

// The probe names the ECBs' programs may read (probeprov ...), into
// the string constants before their maps are made.
void intern_probe_names(Strings& s, std::span<const EcbCode> ecbs);

// Refuses what the bpf device cannot record yet, in DTrace's form;
// stacks: the probe's program may take stack().
Status check_ecb(const EcbCode& e, bool stacks);

// gated: the probe fires only while the state is ACTIVE (not BEGIN, END
// and ERROR, which the device fires itself); exit() makes it DRAINING.
// R1 = the system call's number in a raw_syscalls program (R6 its
// context): sys_enter's second argument, or at sys_exit (ret) the
// registers' orig_ax, read into fp - 16; a jump to label miss when that
// read fails.
void syscall_number(Builder& b, bool ret, size_t miss);

Result<std::vector<bpf_insn>> probe_program(std::span<const EcbCode> ecbs, const Globals& g,
                                            const ProbeMaps& maps, ArgSource args, bool gated,
                                            const ArgShape& shape = {});

}  // namespace dtrace::bpf
