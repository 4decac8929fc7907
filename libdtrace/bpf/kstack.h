// Where stack() starts under the bpf backend (doc/bpf.md, "Stacks"): the
// helper get_stack of a program that has no registers of the probe's
// own (a raw tracepoint's, an fentry or fexit program's, a syscall
// program's) unwinds from inside the program itself, so the frames of
// the probe mechanism come first: the BPF programs and trampolines
// (outside the kernel's text), the kernel's functions that call them
// (bpf_trace_run2, __bpf_trace_sys_enter ...) and, for fbt, the
// traced function's own entry. The module's stack() starts past the
// frames of its own mechanism (kernel/linux/port_linux.c: the module's
// own frames, and fbt's entry function frame), so these are skipped.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dtrace::bpf {

struct StackSkip {
  // The context holds the probe's registers (a perf event's, a
  // uprobe's): get_stack starts there, nothing is skipped.
  bool ctx_regs = true;
  // With ctx_regs: the frames get_stack skips from there (a kprobe's at
  // a function's entry: the function itself, whose entry the module's
  // stack() leaves out).
  uint32_t ctx_skip = 0;
  uint64_t text_lo = 0, text_hi = 0;  // the kernel's text: frames outside it are BPF's
  // Kernel functions of the mechanism, [start, end): skipped too.
  std::vector<std::pair<uint64_t, uint64_t>> mech;
  // fbt: the traced function's address, 0 if none: the first frame
  // past the skipped ones within its first 16 bytes (the fentry call
  // site, as the module's KSTACK_ENTRY_SPAN) is skipped too.
  uint64_t entry = 0;
  // ustack()'s unwinding block: the user registers are the context's
  // (a uprobe's) or the task's (bpf_task_pt_regs); none in a syscall
  // program (BEGIN, END, ERROR), whose block stays zero. at_entry: the
  // probe is at a function's first instruction (pid entry).
  bool ublock = false, user_ctx = false, at_entry = false;
  int ubuf = -1;  // per-CPU array of one kUstackBuf element: pages of the user stack
};

// The pages of user stack ustack()'s block is copied through.
constexpr uint32_t kUstackPages = 8;

// Frames get_stack may give before the probe's first: the skip is
// found among the first kStackProbe frames.
constexpr uint32_t kStackProbe = 8;

// Where an ECB's subprogram keeps the program's context (get_stack
// needs it), past the inlined DIFOs' registers (translate.cc's 160
// bytes); the DIFOs' code reads it there too.
constexpr int16_t kCtxSlot = -168;
// Below it, a shared fbt program's probe record (fbt_kprobe.h), past the
// dynamic variables' tuple key (translator.h).
constexpr int16_t kIdsSlot = -176;

// Code that sets R4 to the frames get_stack must skip for the probe's
// first (0 when s.ctx_regs), reading the first kStackProbe frames into
// the Frame's stk (frame: the register holding the Frame); R0 to R5
// clobbered. Its jumps are its own: it may be appended anywhere.
std::vector<bpf_insn> stack_skip_code(const StackSkip& s, uint8_t frame);

// The kernel's text and named functions, from /proc/kallsyms (read
// once, on the first stack() of a program that needs it).
class KernelText {
 public:
  // The skip of a program fired by the raw tracepoint tp ("" for a
  // syscall program's, BEGIN's), or by fbt at function fn of vmlinux.
  StackSkip tracepoint(const std::string& tp);
  StackSkip fbt(const std::string& fn);
  StackSkip syscall_prog();

 private:
  void load();
  StackSkip base();
  std::pair<uint64_t, uint64_t> range(const std::string& name) const;
  bool loaded_ = false;
  uint64_t stext_ = 0, etext_ = 0;
  std::vector<uint64_t> starts_;                     // text symbols of vmlinux, sorted
  std::unordered_map<std::string, uint64_t> named_;  // vmlinux's functions by name
  std::vector<std::pair<uint64_t, uint64_t>> run_;   // bpf_trace_run*, __bpf_trace_run
};

}  // namespace dtrace::bpf
