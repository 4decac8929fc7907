// The Translator's subroutines of the current process's memory
// (translator.h), as the module's (kernel/core/dif_subr.c): copyout()
// and copyoutstr(), through BPF_FUNC_probe_write_user, and
// copyinargs().
#include "bpf/ktypes.h"
#include "bpf/translator.h"

#include <vector>

namespace dtrace::bpf::detail {

namespace {

// The module's bounce buffer: each write is of at most this many bytes,
// so a write that fails part way faults where the module's does.
constexpr int32_t kBounce = 64;
// The module's DTRACE_COPYOUT_MAX.
constexpr int32_t kCopyoutMax = 65536;
// TASK_SIZE_MAX (x86-64, four-level page tables): the module's ustore
// gives EPERM (UPRIV) for an address at or past it.
constexpr uint64_t kUserTop = (uint64_t{1} << 47) - 4096;

}  // namespace

// UPRIV at the address in kSubP unless it and the kKey bytes after it
// are below the user's top, as the module's dtrace_port_ustore().
void Translator::user_range(uint32_t pc) {
  emit(load64(kR1, kFp, kSubP));
  emit_imm64(kR2, kUserTop);
  size_t past = jump_here(jmp_reg(BPF_JGE, kR1, kR2, 0));
  emit(alu_reg(BPF_SUB, kR2, kR1));
  emit(load64(kR3, kFp, kKey));
  size_t ok = jump_here(jmp_reg(BPF_JLE, kR3, kR2, 0));
  land(past);
  emit(store64(kFrame, kFrameFaultAddr, kR1));
  fault_keep_addr(DTRACEFLT_UPRIV, pc);
  land(ok);
}

// The module's copyout() loop: kSubN bytes (at most max, which the
// verifier knows) to the user address in kSubB, kBounce at a time, each
// read from the address in kSubA (+ done) with probe_read_kernel into
// the bounce at kSubD (BADADDR at that address when unreadable) or,
// without read, taken from kSubD + done, then written with
// probe_write_user: BADADDR at the address where the helper fails (an
// unmapped or read-only page, a kernel thread, an interrupt: EPERM from
// the helper, where the module's port refuses a task without its own mm
// with EFAULT). kSubC counts the bytes done, a constant to the verifier
// at each step, which walks the loop max / kBounce times at most.
void Translator::copy_out(uint32_t pc, bool read) {
  emit(store64_imm(kFp, kSubC, 0));
  size_t top = out_.size();
  emit(load64(kR1, kFp, kSubN));
  emit(load64(kR2, kFp, kSubC));
  size_t all = jump_here(jmp_reg(BPF_JLE, kR1, kR2, 0));
  emit(alu_reg(BPF_SUB, kR1, kR2));
  emit(jmp_imm(BPF_JLE, kR1, kBounce, 1));
  emit(mov_imm(kR1, kBounce));
  size_t none = jump_here(jmp_imm(BPF_JLT, kR1, 1, 0));
  emit(store64(kFp, kKey, kR1));
  auto at_done = [this](int16_t base) {  // kSubP = the address in slot base + done
    emit(load64(kR1, kFp, base));
    emit(load64(kR2, kFp, kSubC));
    emit(alu_reg(BPF_ADD, kR1, kR2));
    emit(store64(kFp, kSubP, kR1));
  };
  if (read) {
    at_done(kSubA);
    emit(load64(kR1, kFp, kSubD));
    // The count added to a pointer (as 0), so that the verifier tracks
    // its value: else the steps' states are alike to it, an infinite loop.
    emit(load64(kR4, kFp, kSubC));
    emit(alu_imm(BPF_AND, kR4, 0));
    emit(alu_reg(BPF_ADD, kR1, kR4));
    emit(load64(kR2, kFp, kKey));
    emit(load64(kR3, kFp, kSubP));
    emit(call(BPF_FUNC_probe_read_kernel));
    fault_unless_read(pc, kSubP);
  }
  at_done(kSubB);
  user_range(pc);
  emit(load64(kR1, kFp, kSubP));
  emit(load64(kR2, kFp, kSubD));
  if (!read) {
    emit(load64(kR3, kFp, kSubC));
    emit(alu_reg(BPF_ADD, kR2, kR3));
  }
  emit(load64(kR3, kFp, kKey));
  emit(call(BPF_FUNC_probe_write_user));
  fault_unless_read(pc, kSubP);
  emit(load64(kR1, kFp, kSubC));
  emit(alu_imm(BPF_ADD, kR1, kBounce));
  emit(store64(kFp, kSubC, kR1));
  back_to(top);
  land(all);
  land(none);
}

// copyout(buf, uaddr, size): BADSIZE past DTRACE_COPYOUT_MAX, then the
// loop above.
void Translator::copyout_(uint32_t pc) {
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  arg_to(2, kSubN);
  emit(load64(kR1, kFp, kSubN));
  size_t ok = jump_here(jmp_imm(BPF_JLE, kR1, kCopyoutMax, 0));
  emit(store64(kFrame, kFrameFaultAddr, kR1));
  fault_keep_addr(DTRACEFLT_BADSIZE, pc);
  land(ok);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  copy_out(pc, true);
}

// copyoutstr(s, uaddr, size): the string (at most strsize - 1 bytes)
// read into scmp's first buffer, its first min(len, size) bytes written,
// then its NUL when len < size, as the module's copyoutstr(); nothing
// for size 0 (an unreadable string faults first, as its strlen()).
void Translator::copyoutstr_(uint32_t pc) {
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  arg_to(2, kSubN);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  emit(mov_reg(kR1, kR0));
  read_str(pc, kSubA, static_cast<int32_t>(s_->strsize));
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(store64(kFp, kLoadBuf, kR0));
  emit(load64(kR1, kFp, kSubN));
  size_t zero = jump_here(jmp_imm(BPF_JEQ, kR1, 0, 0));
  emit(jmp_reg(BPF_JLE, kR1, kR0, 1));  // n = min(len, size)
  emit(mov_reg(kR1, kR0));
  emit(jmp_imm(BPF_JLE, kR1, static_cast<int32_t>(s_->strsize) - 1, 1));  // for the verifier
  emit(mov_imm(kR1, static_cast<int32_t>(s_->strsize) - 1));
  emit(store64(kFp, kSubN, kR1));
  copy_out(pc, false);
  emit(load64(kR1, kFp, kLoadBuf));  // the NUL, when it fits
  emit(load64(kR2, kFp, static_cast<int16_t>(kTupleKey + 32)));
  size_t full = jump_here(jmp_reg(BPF_JGE, kR1, kR2, 0));
  emit(load64(kR2, kFp, kSubB));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  emit(store64(kFp, kSubP, kR1));
  emit(store64_imm(kFp, kKey, 1));
  user_range(pc);
  emit(store64_imm(kFp, kSubC, 0));
  emit(load64(kR1, kFp, kSubP));
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kSubC));
  emit(mov_imm(kR3, 1));
  emit(call(BPF_FUNC_probe_write_user));
  fault_unless_read(pc, kSubP);
  land(zero);
  land(full);
}

// copyinargs(uaddr, size): size bytes (at most strsize - 1) of user
// memory holding strings back to back, in strsize bytes of scratch, as
// one string: the last string's NULs dropped, the others spaces, as the
// module's subr_copyinargs() (BADADDR at uaddr when unreadable; none
// for 0 bytes). Two loops of strsize - 1 steps without branches on the
// data: the end past the last byte that is not NUL (the bytes after
// size are the take's zeros), then the NULs before it made spaces.
void Translator::copyinargs(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  emit(store64(kFp, kSubA, kR0));
  arg_to(0, kSubB);
  emit(load64(kR2, kFp, static_cast<int16_t>(kTupleKey + 24)));
  emit(jmp_imm(BPF_JLT, kR2, size, 1));
  emit(mov_imm(kR2, size - 1));
  size_t none = jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0));
  scratch_at(0);
  emit(load64(kR2, kFp, static_cast<int16_t>(kTupleKey + 24)));  // again, for the verifier
  emit(jmp_imm(BPF_JLT, kR2, size, 1));
  emit(mov_imm(kR2, size - 1));
  emit(load64(kR3, kFp, kSubB));
  emit(call(BPF_FUNC_probe_read_user));
  fault_unless_read(pc, kSubB);
  land(none);
  emit(store64_imm(kFp, kSubC, 0));  // the end
  scratch_at(0);
  ByteLoop ends = byte_loop(size - 1);
  emit(mov_imm(kR0, 0));  // R0 = the byte is not NUL
  emit(alu_reg(BPF_SUB, kR0, kR5));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(load64(kR5, kFp, kSubC));  // end += (i + 1 - end) * R0
  emit(mov_reg(kR2, kR3));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(alu_reg(BPF_SUB, kR2, kR5));
  emit(alu_reg(BPF_MUL, kR2, kR0));
  emit(alu_reg(BPF_ADD, kR5, kR2));
  emit(store64(kFp, kSubC, kR5));
  next_byte(ends);
  scratch_at(0);
  ByteLoop spaces = byte_loop(size - 1);
  emit(mov_imm(kR0, 0));  // R0 = the byte is NUL
  emit(alu_reg(BPF_SUB, kR0, kR5));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(alu_imm(BPF_XOR, kR0, 1));
  emit(mov_reg(kR2, kR3));  // R2 = i < end
  emit(load64(kR1, kFp, kSubC));
  emit(alu_reg(BPF_SUB, kR2, kR1));
  emit(alu_imm(BPF_RSH, kR2, 63));
  emit(alu_reg(BPF_MUL, kR0, kR2));
  emit(alu_imm(BPF_LSH, kR0, 5));  // ' ' for a NUL before the end
  emit(alu_reg(BPF_ADD, kR5, kR0));
  emit(make(BPF_STX | BPF_MEM | BPF_B, kR4, kR5, 0, 0));
  emit(mov_reg(kR1, kR4));  // the loop's base again
  emit(alu_reg(BPF_SUB, kR1, kR3));
  next_byte(spaces);
  emit(load64(kR1, kFp, kSubA));
  put(rd, kR1);
}

// progenyof(pid): whether the current task or one of its ancestors
// (real_parent, at most 1024 of them, up to the idle task) is of
// process pid, as the module's dtrace_port_progenyof(); a task that
// cannot be read ends the walk. kSubC counts the steps (a constant to the
// verifier, which walks the loop once a step), kSubA holds the task.
Status Translator::progenyof(unsigned rd) {
  const TaskOffsets& t = task_offsets();
  if (t.real_parent < 0 || t.tgid < 0 || t.pid < 0)
    return make_error(unsupported("progenyof() without the kernel's BTF (task_struct)"));
  constexpr int32_t kDepth = 1024;
  emit(call(BPF_FUNC_get_current_task));
  emit(store64(kFp, kSubA, kR0));
  emit(store64_imm(kFp, kSubC, 0));
  emit(store64_imm(kFp, kSubD, 0));
  // Each exit is a branch's fall-through, its step's continuation the
  // jump: the verifier walks an exit first, so that the branches it
  // keeps to walk later stay few (8,192 at most).
  size_t top = out_.size();
  emit(load64(kR1, kFp, kSubC));
  emit(jmp_imm(BPF_JLT, kR1, kDepth, 1));
  size_t deep = jump_here(ja(0));
  emit(load64(kR0, kFp, kSubA));
  read_kernel(kR0, t.tgid, 4);
  emit(load64(kR1, kFp, static_cast<int16_t>(kTupleKey + 16)));
  emit(jmp_reg(BPF_JNE, kR0, kR1, 2));
  emit(store64_imm(kFp, kSubD, 1));
  size_t found = jump_here(ja(0));
  emit(load64(kR0, kFp, kSubA));
  read_kernel(kR0, t.pid, 4);
  emit(jmp_imm(BPF_JNE, kR0, 0, 1));
  size_t idle = jump_here(ja(0));
  emit(load64(kR0, kFp, kSubA));
  read_kernel(kR0, t.real_parent, 8);
  emit(store64(kFp, kSubA, kR0));
  emit(load64(kR1, kFp, kSubC));
  emit(alu_imm(BPF_ADD, kR1, 1));
  emit(store64(kFp, kSubC, kR1));
  back_to(top);
  land(found);
  land(idle);
  land(deep);
  emit(load64(kR1, kFp, kSubD));
  put(rd, kR1);
  return Ok{};
}

// uregs[i] on x86-64, as the module's dtrace_port_uregs(): BADINDEX at
// an index past 32 bits; ILLOP in a kernel thread or a task without an
// mm; the pt_regs word i (BPF_FUNC_task_pt_regs) below 21; past them
// R_DS, R_ES, R_FS, R_GS from thread_struct's ds, es, fsindex and
// gsindex (the selectors the last switch saved, where the module reads
// the CPU's, the same for a 64-bit process) and R_TRAPNO its trap_nr;
// BADINDEX past those.
Status Translator::uregs(uint32_t pc, dif_instr_t in) {
#if defined(__x86_64__)
  const TaskOffsets& t = task_offsets();
  bool have = t.flags >= 0 && t.mm >= 0 && t.trap_nr >= 0;
  for (int32_t off : t.seg) have = have && off >= 0;
  if (!have) return refuse_builtin(DIF_VAR_UREGS, " without the kernel's BTF (task_struct)");
  constexpr int32_t kRegs = 21, kPast = 5;
  get(kR1, DIF_INSTR_R2(in));
  emit(store64(kFp, kSubA, kR1));
  emit(alu_imm(BPF_RSH, kR1, 32));
  size_t wide = jump_here(jmp_imm(BPF_JNE, kR1, 0, 0));
  emit(call(BPF_FUNC_get_current_task));
  emit(store64(kFp, kSubB, kR0));
  read_kernel(kR0, t.flags, 4);
  emit(alu_imm(BPF_AND, kR0, 0x00200000));  // PF_KTHREAD
  size_t kthread = jump_here(jmp_imm(BPF_JNE, kR0, 0, 0));
  emit(load64(kR0, kFp, kSubB));
  read_kernel(kR0, t.mm, 8);
  size_t has_mm = jump_here(jmp_imm(BPF_JNE, kR0, 0, 0));
  land(kthread);
  fault(DTRACEFLT_ILLOP, pc);
  land(has_mm);
  emit(load64(kR1, kFp, kSubA));
  size_t in_range = jump_here(jmp_imm(BPF_JLT, kR1, kRegs + kPast, 0));
  land(wide);
  emit(load64(kR1, kFp, kSubA));
  emit(store64(kFrame, kFrameFaultAddr, kR1));
  fault_keep_addr(DTRACEFLT_BADINDEX, pc);
  land(in_range);
  size_t past = jump_here(jmp_imm(BPF_JGE, kR1, kRegs, 0));
  emit(call(BPF_FUNC_get_current_task_btf));
  emit(mov_reg(kR1, kR0));
  emit(call(BPF_FUNC_task_pt_regs));
  emit(store64(kFrame, kFrameTmp, kR0));  // a number
  emit(load64(kR0, kFrame, kFrameTmp));
  emit(load64(kR1, kFp, kSubA));
  emit(alu_imm(BPF_LSH, kR1, 3));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  read_kernel(kR0, 0, 8);
  size_t done = jump_here(ja(0));
  land(past);
  std::vector<size_t> ends;
  for (int32_t i = 0; i < kPast; i++) {
    emit(load64(kR1, kFp, kSubA));
    size_t next = jump_here(jmp_imm(BPF_JNE, kR1, kRegs + i, 0));
    emit(load64(kR0, kFp, kSubB));
    read_kernel(kR0, i < 4 ? t.seg[i] : t.trap_nr, i < 4 ? 2 : 8);
    ends.push_back(jump_here(ja(0)));
    land(next);
  }
  for (size_t e : ends) land(e);
  land(done);
  put(DIF_INSTR_RD(in), kR0);
  return Ok{};
#else
  (void)pc;
  (void)in;
  return refuse_builtin(DIF_VAR_UREGS, " but on x86-64");
#endif
}

}  // namespace dtrace::bpf::detail
