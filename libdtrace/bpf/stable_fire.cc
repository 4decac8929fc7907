#include "bpf/stable_fire.h"

#include <bpf/btf.h>
#include <sys/syscall.h>

#include <cstring>
#include <memory>

#include "bpf/frame.h"

namespace dtrace::bpf {
namespace {

// Offsets in the running kernel's structures, -1 when unknown.
struct Layout {
  int task_pid = -1, task_tgid = -1, task_signal = -1, task_exit_code = -1, task_prio = -1,
      task_normal_prio = -1, signal_live = -1, sigaction_handler = -1;
  std::unique_ptr<btf, decltype(&btf__free)> b{nullptr, btf__free};

  int offset(const char* strct, const char* member) const {
    int id = b ? btf__find_by_name_kind(b.get(), strct, BTF_KIND_STRUCT) : -1;
    if (id < 0) return -1;
    const btf_type* t = btf__type_by_id(b.get(), static_cast<uint32_t>(id));
    const btf_member* m = btf_members(t);
    for (uint16_t i = 0; i < btf_vlen(t); i++) {
      const char* n = btf__name_by_offset(b.get(), m[i].name_off);
      if (n != nullptr && std::strcmp(n, member) == 0)
        return static_cast<int>(btf_member_bit_offset(t, i) / 8);
    }
    return -1;
  }
  // The tracepoint's argument count (its btf_trace_ typedef), -1 if none.
  int nargs(const std::string& tp) const {
    int id = b ? btf__find_by_name_kind(b.get(), ("btf_trace_" + tp).c_str(), BTF_KIND_TYPEDEF) : -1;
    if (id < 0) return -1;
    const btf_type* t = btf__type_by_id(b.get(), btf__type_by_id(b.get(), static_cast<uint32_t>(id))->type);
    if (t == nullptr || !btf_is_ptr(t)) return -1;
    t = btf__type_by_id(b.get(), t->type);
    return t != nullptr && btf_is_func_proto(t) ? btf_vlen(t) - 1 : -1;
  }
};

const Layout& layout() {
  static const Layout l = [] {
    Layout l;
    l.b.reset(btf__load_vmlinux_btf());
    l.task_pid = l.offset("task_struct", "pid");
    l.task_tgid = l.offset("task_struct", "tgid");
    l.task_signal = l.offset("task_struct", "signal");
    l.task_exit_code = l.offset("task_struct", "exit_code");
    l.task_prio = l.offset("task_struct", "prio");
    l.task_normal_prio = l.offset("task_struct", "normal_prio");
    l.signal_live = l.offset("signal_struct", "live");  // atomic_t: its counter first
    l.sigaction_handler = l.offset("sigaction", "sa_handler");
    return l;
  }();
  return l;
}

constexpr int16_t kSlot = -16;         // a scratch stack slot for kernel reads
constexpr int32_t kSignalIgnored = 1;  // TRACE_SIGNAL_IGNORED
constexpr int32_t kTaskReport = 0x7f;  // TASK_REPORT: the states sched_switch reports
constexpr int32_t kMaxErrno = 4095;
enum { kCldExited = 1, kCldKilled = 2, kCldDumped = 3 };

void skip_unless(Builder& b, uint8_t op, uint8_t reg, int32_t imm) {
  b.emit(jmp_imm(op, reg, imm, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}
void skip_if(Builder& b, uint8_t op, uint8_t reg, int32_t imm) {
  b.emit(jmp_imm(op, reg, imm, 1));
  b.emit(ja(2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}
void tp_arg(Builder& b, uint8_t reg, int i) { b.emit(load64(reg, kR6, static_cast<int16_t>(8 * i))); }
void set_arg(Builder& b, int i, uint8_t reg) {
  b.emit(store64(kR7, static_cast<int16_t>(kFrameArg0 + 8 * i), reg));
}
// R0 = size bytes (4 sign-extended, or 8) at R3 + off in the kernel, 0
// when unreadable. Clobbers R1 to R5.
void read_kernel(Builder& b, int off, int size) {
  b.emit(store64_imm(kFp, kSlot, 0));
  b.emit(alu_imm(BPF_ADD, kR3, off));
  b.emit(mov_reg(kR1, kFp));
  b.emit(alu_imm(BPF_ADD, kR1, kSlot));
  b.emit(mov_imm(kR2, size));
  b.emit(call(BPF_FUNC_probe_read_kernel));
  b.emit(load64(kR0, kFp, kSlot));
  if (size == 4) {
    b.emit(alu_imm(BPF_LSH, kR0, 32));
    b.emit(alu_imm(BPF_ARSH, kR0, 32));
  }
}

// proc create / lwp-create: sched_process_fork(parent, child), by
// whether the child leads its thread group.
void emit_fork(Builder& b, bool leader) {
  const Layout& l = layout();
  tp_arg(b, kR3, 1);
  read_kernel(b, l.task_pid, 4);
  b.emit(mov_reg(kR8, kR0));
  tp_arg(b, kR3, 1);
  read_kernel(b, l.task_tgid, 4);
  b.emit(jmp_reg(leader ? BPF_JEQ : BPF_JNE, kR0, kR8, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  tp_arg(b, kR1, 1);
  set_arg(b, 0, kR1);
}

// proc exit / lwp-exit: sched_process_exit(task), by whether the task's
// group is dead (signal->live 0); exit's arg0 the CLD_* reason.
void emit_exit(Builder& b, bool process) {
  const Layout& l = layout();
  tp_arg(b, kR3, 0);
  read_kernel(b, l.task_signal, 8);
  b.emit(mov_reg(kR3, kR0));
  read_kernel(b, l.signal_live, 4);
  if (!process) {
    skip_if(b, BPF_JEQ, kR0, 0);
    return;
  }
  skip_unless(b, BPF_JEQ, kR0, 0);
  tp_arg(b, kR3, 0);
  read_kernel(b, l.task_exit_code, 4);
  b.emit(mov_reg(kR1, kR0));
  b.emit(mov_imm(kR2, kCldExited));
  b.emit(alu_imm(BPF_AND, kR1, 0x7f));
  b.emit(jmp_imm(BPF_JEQ, kR1, 0, 4));
  b.emit(mov_imm(kR2, kCldKilled));
  b.emit(jmp_imm(BPF_JSET, kR0, 0x80, 1));
  b.emit(ja(1));
  b.emit(mov_imm(kR2, kCldDumped));
  set_arg(b, 0, kR2);
}

#if defined(__x86_64__)
// proc exec-failure: sys_exit(regs, ret) of execve or execveat < 0.
void emit_exec_failure(Builder& b) {
  constexpr int kOrigAx = 120;  // x86-64's pt_regs
  tp_arg(b, kR3, 0);
  read_kernel(b, kOrigAx, 8);
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_execve, 3));
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_execveat, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  tp_arg(b, kR1, 1);
  skip_unless(b, BPF_JSLT, kR1, 0);
  skip_unless(b, BPF_JSGE, kR1, -kMaxErrno);
  set_arg(b, 0, kR1);
}

// proc exec: sys_enter(regs, id) of execve or execveat, its path (the
// first or second argument) copied into this CPU's buffer, whose address
// arg0 is, as the module's proc_exec(). An unreadable path is "".
void emit_exec(Builder& b, const StableMaps& maps) {
  constexpr int kDi = 112, kSi = 104;  // x86-64's pt_regs
  tp_arg(b, kR1, 1);
  b.emit(mov_imm(kR8, kDi));
  b.emit(jmp_imm(BPF_JEQ, kR1, SYS_execve, 4));
  b.emit(mov_imm(kR8, kSi));
  b.emit(jmp_imm(BPF_JEQ, kR1, SYS_execveat, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  tp_arg(b, kR3, 0);
  b.emit(alu_reg(BPF_ADD, kR3, kR8));
  read_kernel(b, 0, 8);
  b.emit(mov_reg(kR8, kR0));
  b.emit(store64_imm(kFp, kSlot, 0));
  b.emit_ld64(kR1, static_cast<uint64_t>(maps.path), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, kFp));
  b.emit(alu_imm(BPF_ADD, kR2, kSlot));
  b.emit(call(BPF_FUNC_map_lookup_elem));
  skip_if(b, BPF_JEQ, kR0, 0);
  set_arg(b, 0, kR0);
  b.emit(mov_reg(kR1, kR0));
  b.emit(mov_imm(kR2, static_cast<int32_t>(kStablePathMax)));
  b.emit(mov_reg(kR3, kR8));
  b.emit(call(BPF_FUNC_probe_read_user_str));  // zeroes the buffer when it fails
}

#endif

// proc signal-send / signal-discard: signal_generate(sig, info, task,
// group, result), by whether the signal was ignored.
void emit_signal(Builder& b, bool discard) {
  tp_arg(b, kR1, 4);
  if (discard) skip_unless(b, BPF_JEQ, kR1, kSignalIgnored);
  else skip_if(b, BPF_JEQ, kR1, kSignalIgnored);
  tp_arg(b, kR1, 2);
  set_arg(b, 0, kR1);
  tp_arg(b, kR1, 0);
  set_arg(b, 1, kR1);
}

// proc signal-handle: signal_deliver(sig, info, ka): the handler too.
void emit_signal_handle(Builder& b) {
  tp_arg(b, kR1, 0);
  set_arg(b, 0, kR1);
  tp_arg(b, kR1, 1);
  set_arg(b, 1, kR1);
  tp_arg(b, kR3, 2);
  b.emit(mov_imm(kR0, 0));
  b.emit(jmp_imm(BPF_JEQ, kR3, 0, 0));
  size_t at = b.code.size() - 1;
  read_kernel(b, layout().sigaction_handler, 8);
  b.code[at].off = static_cast<int16_t>(b.code.size() - at - 1);
  set_arg(b, 2, kR0);
}

// sched off-cpu / preempt / sleep: sched_switch(preempt, prev, next, state).
void emit_switch(Builder& b, int which) {
  tp_arg(b, kR1, 0);
  b.emit(alu_imm(BPF_AND, kR1, 0xff));
  if (which == 0) {
    tp_arg(b, kR1, 2);
    set_arg(b, 0, kR1);
  } else if (which == 1) {
    skip_if(b, BPF_JEQ, kR1, 0);
  } else {
    skip_unless(b, BPF_JEQ, kR1, 0);
    tp_arg(b, kR1, 3);
    b.emit(alu_imm(BPF_AND, kR1, kTaskReport));
    skip_if(b, BPF_JEQ, kR1, 0);
  }
}

// sched change-pri: sched_pi_setprio(task, pi_task): the new priority.
void emit_change_pri(Builder& b) {
  const Layout& l = layout();
  tp_arg(b, kR3, 0);
  read_kernel(b, l.task_normal_prio, 4);
  b.emit(mov_reg(kR8, kR0));
  tp_arg(b, kR3, 1);
  b.emit(jmp_imm(BPF_JEQ, kR3, 0, 0));
  size_t at = b.code.size() - 1;
  read_kernel(b, l.task_prio, 4);
  b.emit(jmp_reg(BPF_JSGE, kR0, kR8, 1));
  b.emit(mov_reg(kR8, kR0));
  b.code[at].off = static_cast<int16_t>(b.code.size() - at - 1);
  tp_arg(b, kR1, 0);
  set_arg(b, 0, kR1);
  set_arg(b, 1, kR8);
}

void emit_arg0_from(Builder& b, int i) {
  tp_arg(b, kR1, i);
  set_arg(b, 0, kR1);
}

struct Row {
  const char* provider;
  const char* name;
  const char* tracepoint;  // nullptr: a kprobe's, which the bpf backend does not take
  int nargs;               // the tracepoint's arguments it reads
  std::function<void(Builder&)> emit;
  bool needs_task = false;                                                    // reads task_struct's fields
  std::function<void(Builder&, const StableMaps&)> emit_with_maps = nullptr;  // instead of emit
};

const std::vector<Row>& rows() {
  static const std::vector<Row> r = {
    {"proc", "create", "sched_process_fork", 2, [](Builder& b) { emit_fork(b, true); }, true},
    {"proc", "lwp-create", "sched_process_fork", 2, [](Builder& b) { emit_fork(b, false); }, true},
    {"proc", "exec-success", "sched_process_exec", 0, [](Builder&) {}},
#if defined(__x86_64__)
    {"proc", "exec", "sys_enter", 2, nullptr, false, emit_exec},
    {"proc", "exec-failure", "sys_exit", 2, emit_exec_failure},
#endif
    {"proc", "exit", "sched_process_exit", 1, [](Builder& b) { emit_exit(b, true); }, true},
    {"proc", "lwp-exit", "sched_process_exit", 1, [](Builder& b) { emit_exit(b, false); }, true},
    {"proc", "signal-send", "signal_generate", 5, [](Builder& b) { emit_signal(b, false); }},
    {"proc", "signal-discard", "signal_generate", 5, [](Builder& b) { emit_signal(b, true); }},
    {"proc", "signal-handle", "signal_deliver", 3, emit_signal_handle, true},
    {"sched", "off-cpu", "sched_switch", 4, [](Builder& b) { emit_switch(b, 0); }},
    {"sched", "preempt", "sched_switch", 4, [](Builder& b) { emit_switch(b, 1); }},
    {"sched", "sleep", "sched_switch", 4, [](Builder& b) { emit_switch(b, 2); }},
    {"sched", "wakeup", "sched_wakeup", 1, [](Builder& b) { emit_arg0_from(b, 0); }},
    {"sched", "change-pri", "sched_pi_setprio", 2, emit_change_pri, true},
  };
  return r;
}

}  // namespace

Result<StableFire> stable_fire(const std::string& provider, const std::string& name, const StableMaps& maps) {
  const Layout& l = layout();
  for (const Row& r : rows()) {
    if (provider != r.provider || name != r.name) continue;
    bool fields = l.task_pid >= 0 && l.task_tgid >= 0 && l.task_signal >= 0 && l.task_exit_code >= 0 &&
                  l.task_prio >= 0 && l.task_normal_prio >= 0 && l.signal_live >= 0 &&
                  l.sigaction_handler >= 0;
    if (l.nargs(r.tracepoint) < r.nargs || (r.needs_task && !fields))
      return make_error("probe " + provider + ":vmlinux::" + name + ": this kernel's tracepoint " +
                        r.tracepoint + " is not the one the bpf backend fires it from");
    if (!r.emit_with_maps) return StableFire{r.tracepoint, r.emit};
    return StableFire{r.tracepoint, [&r, maps](Builder& b) { r.emit_with_maps(b, maps); }};
  }
  return make_error("probe " + provider + ":vmlinux::" + name +
                    ": its kernel mechanism (a kprobe, or a tracepoint not done yet) is not supported by the "
                    "bpf backend");
}

}  // namespace dtrace::bpf
