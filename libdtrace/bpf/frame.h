// The frame a translated DIFO runs against (doc/bpf.md): R1 points to it
// on entry. The caller fills args and err and zeroes ts and locals at
// each firing (the DIFOs of one firing share them, as the module's
// firing shares its timestamp and this-> variables); the program writes ret, or fault and
// fault_pc (and fault_addr) as the module's interpreter sets ms->fault,
// ms->fault_pc and ms->fault_addr,
// and returns 0 (ran to RET) or 1 (faulted).
#pragma once

#include <cstddef>
#include <cstdint>

namespace dtrace::bpf {

// args[0] .. args[11], the module's DTRACE_MAXARGS (arg0 .. arg9 the
// first ten): a 12-argument USDT or pid probe gives them all.
constexpr uint32_t kFrameArgs = 12;
constexpr uint32_t kFrameLocals = 64;  // this-> scalars a program may have
constexpr uint32_t kFrameStack = 128;  // frames stk holds: the helper get_stack's most (perf_event_max_stack)

struct Frame {
  uint64_t args[kFrameArgs];
  uint64_t ret;                   // the DIFO's result (RET %rd)
  uint64_t fault;                 // DTRACEFLT_*, 0 when it ran to RET
  uint64_t fault_pc;              // the DIF instruction that faulted
  uint64_t fault_addr;            // the address of a load that faulted
  uint64_t ts;                    // the firing's timestamp: 0 until read, then kept
  uint64_t err;                   // errno: a system call's error at its return, else 0
  uint64_t scratch;               // scratch bytes taken (strings.h), 0 at each ECB
  uint64_t tmp;                   // a value the program makes a number of (translate.cc)
  uint64_t locals[kFrameLocals];  // this-> scalars, 0 at each firing
  uint64_t stk[kFrameStack];      // a stack read for stackdepth, caller ... and stack()'s skip (kstack.h)
  uint64_t chill_start;           // chill()'s window on this CPU (never zeroed: the module's
  uint64_t chill_used;            // per-CPU chill_start and chill_used, of this consumer only)
};

constexpr int16_t kFrameArg0 = offsetof(Frame, args);
constexpr int16_t kFrameRet = offsetof(Frame, ret);
constexpr int16_t kFrameFault = offsetof(Frame, fault);
constexpr int16_t kFrameFaultPc = offsetof(Frame, fault_pc);
constexpr int16_t kFrameFaultAddr = offsetof(Frame, fault_addr);
constexpr int16_t kFrameTs = offsetof(Frame, ts);
constexpr int16_t kFrameErr = offsetof(Frame, err);
constexpr int16_t kFrameScratch = offsetof(Frame, scratch);
constexpr int16_t kFrameTmp = offsetof(Frame, tmp);
constexpr int16_t kFrameLocal0 = offsetof(Frame, locals);
constexpr int16_t kFrameStk = offsetof(Frame, stk);
constexpr int16_t kFrameChillStart = offsetof(Frame, chill_start);
constexpr int16_t kFrameChillUsed = offsetof(Frame, chill_used);

}  // namespace dtrace::bpf
