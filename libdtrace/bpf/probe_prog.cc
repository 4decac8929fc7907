#include "bpf/probe_prog.h"

#include <algorithm>
#include <csignal>
#include <string>

#include "bpf/agg_key.h"
#include "bpf/builder.h"
#include "bpf/fbt_kprobe.h"
#include "bpf/insn.h"
#include "bpf/ktypes.h"
#include "bpf/translate.h"
#include "bpf/ustack_prog.h"

extern "C" {
#include "dtrace/actions.h"
#include "dtrace/faults.h"
#include "dtrace/limits.h"
#include "dtrace/buf.h"
}

namespace dtrace::bpf {
namespace {

constexpr int16_t rec_at(uint32_t off) { return static_cast<int16_t>(kScratchRec + off); }

DifoView view(const dtbpf_difo& d) {
  return DifoView{{d.code, d.ncode}, {d.ints, d.nints}, {d.vars, d.nvars}, {d.strtab, d.strlen}, d.rtype};
}

std::string probe_name(const dtbpf_ecb& e) {
  return std::string(e.provider) + ":" + e.mod + ":" + e.func + ":" + e.name;
}

std::string action_name(uint16_t kind) {
  switch (kind) {
#define DTRACEACT(name, code, dname) \
  case code:                         \
    return dname[0] ? std::string(dname) : std::string(#name);
#include "dtrace/actions.def"
#undef DTRACEACT
    default: return "action " + std::to_string(kind);
  }
}

// Whether the ECB runs no DIFO of its own and writes no record (no
// predicate, only aggregations DirectAggs takes): its code needs no
// scratch element.
bool ecb_frameless(const EcbCode& e, ArgSource args, const ArgShape& shape) {
  if (e.ecb.pred.code != nullptr || !e.ecb.noheader) return false;
  DirectAggs direct(e.ecb, args, shape);
  for (const dtbpf_action& a : e.acts) {
    if (a.rec == DTBPF_REC_NONE) continue;
    if (a.rec != DTBPF_REC_AGG || !direct.takes(e.aggs.at(a.aggid))) return false;
  }
  return true;
}

// A frameless ECB's aggregations, keys on the stack; R7 the context, R6,
// R8 and R9 clobbered.
void emit_frameless(Builder& b, const EcbCode& e, const AggShared& maps, ArgSource args,
                    const ArgShape& shape) {
  DirectAggs direct(e.ecb, args, shape);
  const DifoCalls calls = direct.calls(b);
  for (const dtbpf_action& a : e.acts) {
    if (a.rec != DTBPF_REC_AGG) continue;
    const AggCode& g = e.aggs.at(a.aggid);
    emit_agg(b, g, maps, DirectAggs::key_at(g), calls);
  }
}

// One ECB's subprogram: R1 the scratch element, R2 the context on entry.
class EcbEmitter {
 public:
  // ids_epid: in a shared fbt program, where the ECB's EPID is in the
  // probe's record (R3 on entry), else -1.
  EcbEmitter(Builder& b, const EcbCode& e, const ProbeMaps& maps, const Globals& g, ArgSource args,
             const ArgShape& shape, int16_t ids_epid)
      : b_(b),
        e_(e),
        maps_(maps),
        g_(g),
        args_(args),
        shape_(shape),
        skip_(shape.stack),
        ids_epid_(ids_epid) {}

  // Fails when a DIFO does not translate.
  Status emit() {
    if (ecb_frameless(e_, args_, shape_)) {
      b_.emit(mov_reg(kR7, kR2));
      emit_frameless(b_, e_, maps_.agg, args_, shape_);
      b_.emit(mov_imm(kR0, 0));
      b_.emit(exit_insn());
      return Ok{};
    }
    const uint32_t size = 16 + e_.ecb.size;
    b_.emit(mov_reg(kR7, kR1));
    b_.emit(store64(kFp, kCtxSlot, kR2));
    if (ids_epid_ >= 0) b_.emit(store64(kFp, kIdsSlot, kR3));
    size_t done = b_.new_label(), fault = b_.new_label();
    b_.emit(store64_imm(kR7, kFrameScratch, 0));  // scratch is the ECB's, as the module's
    // The record's bytes (a fault record writes all of its own past
    // the header, whose bytes 4 to 7 this clears).
    for (uint32_t off = 0; off < size; off += 8) b_.emit(store64_imm(kR7, rec_at(off), 0));
    if (e_.ecb.pred.code != nullptr) {
      run_difo(e_.ecb.pred, 0, fault);
      b_.emit(load64(kR1, kR7, kFrameRet));
      b_.jump(BPF_JEQ, kR1, 0, done);
    }
    for (uint32_t i = 0; i < e_.acts.size(); i++) {
      const dtbpf_action& a = e_.acts[i];
      if (a.rec == DTBPF_REC_NONE) continue;
      DifoCalls calls{
          [&](const dtbpf_difo& d, uint8_t dst) {
            run_difo(d, i + 1, fault);
            b_.emit(load64(dst, kR7, kFrameRet));
          },
          [&](const dtbpf_difo& d, int16_t at, uint32_t size) {
            run_difo(d, i + 1, fault);
            copy_string(d, at, size, i + 1, fault);
          },
          [&](int16_t at, uint32_t size) { copy_stack(at, size); },
          [&](int16_t at, uint64_t arg, const UstackStage* to) { emit_ustack(b_, skip_, at, arg, to); },
          {}};
      if (a.rec == DTBPF_REC_AGG) {
        emit_agg(b_, e_.aggs.at(a.aggid), maps_.agg, {kR7, kScratchKey}, calls);
        continue;
      }
      if (a.rec == DTBPF_REC_STRING) {
        calls.run_string(a.difo, rec_at(16 + a.offset), a.size);
        continue;
      }
      if (a.rec == DTBPF_REC_STACK) {
        copy_stack(rec_at(16 + a.offset), a.size);
        continue;
      }
      if (a.rec == DTBPF_REC_USTACK) {
        emit_ustack(b_, skip_, rec_at(16 + a.offset), a.arg, nullptr);
        continue;
      }
      if (a.rec == DTBPF_REC_SPECULATE) {  // spec_prog: the record's buffer, or none
        run_difo(a.difo, i + 1, fault);
        speculate(done);
        continue;
      }
      if (a.rec == DTBPF_REC_PIDADDR) {  // the pid, then the address
        run_difo(a.difo, i + 1, fault);
        b_.emit(load64(kR1, kR7, kFrameRet));
        b_.emit(store64(kR7, rec_at(16 + a.offset + 8), kR1));
        b_.emit(call(BPF_FUNC_get_current_pid_tgid));
        b_.emit(alu_imm(BPF_RSH, kR0, 32));
        b_.emit(store64(kR7, rec_at(16 + a.offset), kR0));
        continue;
      }
      if (a.rec == DTBPF_REC_CHILL) {
        run_difo(a.difo, i + 1, fault);
        chill();
        continue;
      }
      if (a.rec == DTBPF_REC_TRACEMEM || a.rec == DTBPF_REC_REF) {
        run_difo(a.difo, i + 1, fault);
        tracemem(a, i + 1, fault);
        continue;
      }
      if (a.rec == DTBPF_REC_UREF) {
        run_difo(a.difo, i + 1, fault);
        user_ref(a, i + 1, fault);
        continue;
      }
      if (a.rec == DTBPF_REC_RAISE) {
        run_difo(a.difo, i + 1, fault);
        raise(i + 1, fault);
        continue;
      }
      if (a.rec == DTBPF_REC_STOP) {  // SIGSTOP; nothing in a kernel thread (the helper's EPERM)
        b_.emit(mov_imm(kR1, SIGSTOP));
        b_.emit(call(BPF_FUNC_send_signal));
        continue;
      }
      if (a.difo.code != nullptr) {
        run_difo(a.difo, i + 1, fault);
        if (a.rec == DTBPF_REC_EFFECT) continue;
        b_.emit(load64(kR1, kR7, kFrameRet));
      } else {
        b_.emit(mov_imm(kR1, 0));
      }
      uint32_t width = a.rec == DTBPF_REC_EXIT ? 4 : a.rec == DTBPF_REC_U64 ? 8 : a.size;
      b_.emit(make(BPF_STX | BPF_MEM | size_code(width), kR7, kR1, rec_at(16 + a.offset), 0));
      if (ends_spec(a)) spec_id_valid(i + 1, done);
      if (a.rec == DTBPF_REC_EXIT) {
        map_value(b_, kR0, maps_.state);
        b_.emit(store64_imm(kR0, 0, DTRACE_ACTIVITY_DRAINING));
      }
    }
    if (!e_.ecb.noheader) output(static_cast<int32_t>(e_.ecb.epid), size, spec_ ? kSpecRecord : kPlain);
    for (const dtbpf_action& a : e_.acts)
      if (ends_spec(a)) end_spec(a);
    b_.bind(done);
    b_.emit(mov_imm(kR0, 0));
    b_.emit(exit_insn());
    if (!ran_difo_) return error_;  // nothing can fault (count() alone)
    // The fault record; the action's number is already at +24.
    b_.bind(fault);
    epid_at(rec_at(16), BPF_DW);
    b_.emit(load64(kR1, kR7, kFrameFaultPc));
    b_.emit(jmp_imm(BPF_JEQ, kR1, -1, 1));  // DTRACE_NOPC: an action's fault, offset -1
    b_.emit(alu_imm(BPF_LSH, kR1, 2));      // sizeof (dif_instr_t)
    b_.emit(store64(kR7, rec_at(32), kR1));
    b_.emit(load64(kR1, kR7, kFrameFault));
    b_.emit(store64(kR7, rec_at(40), kR1));
    b_.emit(load64(kR1, kR7, kFrameFaultAddr));
    b_.emit(store64(kR7, rec_at(48), kR1));
    output(static_cast<int32_t>(kFaultEpid), kFaultRecSize);
    b_.emit(mov_imm(kR0, 0));
    b_.emit(exit_insn());
    return error_;
  }

 private:
  // A fault of code at the frame's ret outside DIF, as the module's
  // faults in an action's record after its DIFO returned
  // (dtrace_record()): its fault_pc DTRACE_NOPC, the ERROR's offset -1.
  void fault_after(uint16_t code, uint32_t act, size_t fault) {
    b_.emit(store64_imm(kR7, kFrameFault, code));
    b_.emit(load64(kR1, kR7, kFrameRet));
    b_.emit(store64(kR7, kFrameFaultAddr, kR1));
    b_.emit(store64_imm(kR7, kFrameFaultPc, -1));
    b_.emit(store64_imm(kR7, rec_at(24), static_cast<int32_t>(act)));
    b_.jump(BPF_JA, 0, 0, fault);
  }

  // tracemem(addr, size): size bytes of kernel memory at the frame's
  // ret into the record, as the module's dtrace_dif_load(): BADADDR at
  // the address when they cannot all be read.
  void tracemem(const dtbpf_action& a, uint32_t act, size_t fault) {
    size_t ok = b_.new_label();
    b_.emit(mov_reg(kR1, kR7));
    b_.emit(alu_imm(BPF_ADD, kR1, rec_at(16 + a.offset)));
    b_.emit(mov_imm(kR2, static_cast<int32_t>(a.size)));
    b_.emit(load64(kR3, kR7, kFrameRet));
    b_.emit(call(BPF_FUNC_probe_read_kernel));
    b_.jump(BPF_JSGE, kR0, 0, ok);
    fault_after(DTRACEFLT_BADADDR, act, fault);
    b_.bind(ok);
  }

  // A by-reference value of user memory (trace(), print()), as the
  // module's dtrace_dif_load() of a user address: UPRIV at the address
  // unless the size bytes from it are below TASK_SIZE_MAX (x86-64's, as
  // copyout()'s), else BADADDR at it when the read fails.
  void user_ref(const dtbpf_action& a, uint32_t act, size_t fault) {
    constexpr uint64_t kUserTop = (uint64_t{1} << 47) - 4096;
    size_t read = b_.new_label(), ok = b_.new_label();
    b_.emit_ld64(kR2, kUserTop - a.size);
    b_.emit(load64(kR3, kR7, kFrameRet));
    b_.jump_reg(BPF_JLE, kR3, kR2, read);
    fault_after(DTRACEFLT_UPRIV, act, fault);
    b_.bind(read);
    b_.emit(mov_reg(kR1, kR7));
    b_.emit(alu_imm(BPF_ADD, kR1, rec_at(16 + a.offset)));
    b_.emit(mov_imm(kR2, static_cast<int32_t>(a.size)));
    b_.emit(call(BPF_FUNC_probe_read_user));
    b_.jump(BPF_JSGE, kR0, 0, ok);
    fault_after(DTRACEFLT_BADADDR, act, fault);
    b_.bind(ok);
  }

  // raise(sig) of the frame's ret, as the module's dtrace_port_raise():
  // ILLOP at the value for a signal (as an int) outside 1 to 63 or in a
  // kernel thread (task_struct's flags from the kernel's BTF, ktypes.h);
  // else BPF_FUNC_send_signal, to the process as the module's
  // send_sig(), a failure ignored as its EBUSY.
  void raise(uint32_t act, size_t fault) {
    int32_t flags = task_offsets().flags;
    if (flags < 0) {
      if (error_)
        error_ = make_error(
            "raise() without the kernel's BTF (task_struct's flags) is not supported by the bpf backend");
      return;
    }
    constexpr int16_t kRaiseFlags = -8;  // %r0's slot, never read
    size_t illop = b_.new_label(), done = b_.new_label();
    b_.emit(load64(kR1, kR7, kFrameRet));
    b_.emit(alu_imm(BPF_LSH, kR1, 32));
    b_.emit(alu_imm(BPF_ARSH, kR1, 32));
    b_.jump(BPF_JSLE, kR1, 0, illop);
    b_.jump(BPF_JSGE, kR1, 64, illop);  // _NSIG
    b_.emit(call(BPF_FUNC_get_current_task));
    b_.emit(mov_reg(kR3, kR0));
    b_.emit(alu_imm(BPF_ADD, kR3, flags));
    b_.emit(mov_reg(kR1, kFp));
    b_.emit(alu_imm(BPF_ADD, kR1, kRaiseFlags));
    b_.emit(store64_imm(kR1, 0, 0));
    b_.emit(mov_imm(kR2, 4));
    b_.emit(call(BPF_FUNC_probe_read_kernel));
    b_.emit(load64(kR1, kFp, kRaiseFlags));
    b_.emit(alu_imm(BPF_AND, kR1, 0x00200000));  // PF_KTHREAD
    b_.jump(BPF_JNE, kR1, 0, illop);
    b_.emit(load64(kR1, kR7, kFrameRet));
    b_.emit(alu_imm(BPF_LSH, kR1, 32));
    b_.emit(alu_imm(BPF_ARSH, kR1, 32));
    b_.emit(call(BPF_FUNC_send_signal));
    b_.jump(BPF_JA, 0, 0, done);
    b_.bind(illop);
    fault_after(DTRACEFLT_ILLOP, act, fault);
    b_.bind(done);
  }

  // chill(ns) of the frame's ret, as the module's chill(): at most
  // DTRACE_CHILL_MAX_NS of each DTRACE_CHILL_WINDOW_NS on this CPU (this
  // consumer's), spun until the clock passes now + ns: rounds of
  // bpf_loop() (at most 2^23 calls each) of a callback that reads the
  // clock, kChillRounds at most (a round's calls take more than 100 ns
  // each: 2^23 of them, 0.8 s; DTRACE_CHILL_MAX_NS is 0.5 s).
  void chill() {
    constexpr int kChillRounds = 8;
    constexpr int16_t kChillEnd = -8;  // %r0's slot, never read
    if (b_.chill_sub == SIZE_MAX) b_.chill_sub = b_.new_sub();
    b_.emit(call(BPF_FUNC_ktime_get_ns));
    b_.emit(load64(kR1, kR7, kFrameChillStart));
    b_.emit(mov_reg(kR2, kR0));
    b_.emit(alu_reg(BPF_SUB, kR2, kR1));
    b_.emit_ld64(kR3, DTRACE_CHILL_WINDOW_NS);
    b_.emit(jmp_reg(BPF_JLT, kR2, kR3, 2));
    b_.emit(store64(kR7, kFrameChillStart, kR0));
    b_.emit(store64_imm(kR7, kFrameChillUsed, 0));
    b_.emit(load64(kR1, kR7, kFrameRet));  // min(ns, MAX - used)
    b_.emit_ld64(kR2, DTRACE_CHILL_MAX_NS);
    b_.emit(load64(kR3, kR7, kFrameChillUsed));
    b_.emit(alu_reg(BPF_SUB, kR2, kR3));
    b_.emit(jmp_reg(BPF_JLE, kR1, kR2, 1));
    b_.emit(mov_reg(kR1, kR2));
    b_.emit(alu_reg(BPF_ADD, kR3, kR1));
    b_.emit(store64(kR7, kFrameChillUsed, kR3));
    b_.emit(alu_reg(BPF_ADD, kR0, kR1));
    b_.emit(store64(kFp, kChillEnd, kR0));
    size_t done = b_.new_label();
    for (int r = 0; r < kChillRounds; r++) {
      b_.emit(call(BPF_FUNC_ktime_get_ns));
      b_.emit(load64(kR1, kFp, kChillEnd));
      b_.jump_reg(BPF_JGE, kR0, kR1, done);
      b_.emit(mov_imm(kR1, 1 << 23));
      b_.func_ref(kR2, b_.chill_sub);
      b_.emit(mov_reg(kR3, kFp));
      b_.emit(alu_imm(BPF_ADD, kR3, kChillEnd));
      b_.emit(mov_imm(kR4, 0));
      b_.emit(call(BPF_FUNC_loop));
    }
    b_.bind(done);
  }

  // Runs the DIFO, translated and inlined (a call each would soon pass
  // the kernel's 256 subprograms: one DIFO an aggregation's key): its
  // exits jump past its end with R0 0 or 1, as its return would; it
  // sets R6 to the frame (R7's scratch element) and R7 to the globals,
  // and leaves R8 and R9 alone. On a fault, records act and goes to fault.
  void run_difo(const dtbpf_difo& d, uint32_t act, size_t fault) {
    ran_difo_ = true;
    Env env;
    env.strings = maps_.strings;
    env.dyn = maps_.dyn;
    env.in_probe = true;
    env.epid = e_.ecb.epid;
    env.probe_id = e_.ecb.probe_id;
    env.probe = {e_.ecb.provider, e_.ecb.mod, e_.ecb.func, e_.ecb.name};
    env.ids_epid = ids_epid_;
    env.stack = &skip_;
    env.specs = maps_.specs;
    auto code = translate(view(d), g_, env);
    if (code && code->size() > INT16_MAX)
      code = make_error("a DIF object this long is not supported by the bpf backend");
    if (!code) {
      if (error_) error_ = code.error();
      return;
    }
    b_.emit(mov_reg(kR1, kR7));
    for (size_t i = 0; i < code->size(); i++) {
      bool exits = (*code)[i].code == (BPF_JMP | BPF_EXIT);
      b_.emit(exits ? ja(static_cast<int16_t>(code->size() - i - 1)) : (*code)[i]);
    }
    b_.emit(mov_reg(kR7, kR6));
    b_.emit(jmp_imm(BPF_JEQ, kR0, 0, 2));
    b_.emit(store64_imm(kR7, rec_at(24), static_cast<int32_t>(act)));
    b_.jump(BPF_JA, 0, 0, fault);
  }

  // At most size bytes of the string at the frame's ret to R7 + at
  // (zeros there already). An address that cannot be read faults
  // BADADDR at the DIFO's last instruction, as the module's
  // dtrace_dif_strcpy() faults after the DIFO returned.
  void copy_string(const dtbpf_difo& d, int16_t at, uint32_t size, uint32_t act, size_t fault) {
    size_t ok = b_.new_label();
    b_.emit(mov_reg(kR1, kR7));
    b_.emit(alu_imm(BPF_ADD, kR1, at));
    b_.emit(mov_imm(kR2, static_cast<int32_t>(size)));
    b_.emit(load64(kR3, kR7, kFrameRet));
    b_.emit(call(BPF_FUNC_probe_read_kernel_str));
    b_.jump(BPF_JSGE, kR0, 0, ok);
    b_.emit(store64_imm(kR7, kFrameFault, DTRACEFLT_BADADDR));
    b_.emit(load64(kR1, kR7, kFrameRet));
    b_.emit(store64(kR7, kFrameFaultAddr, kR1));
    b_.emit(store64_imm(kR7, kFrameFaultPc, static_cast<int32_t>(d.ncode - 1)));
    b_.emit(store64_imm(kR7, rec_at(24), static_cast<int32_t>(act)));
    b_.jump(BPF_JA, 0, 0, fault);
    b_.bind(ok);
  }

  // size / 8 kernel pcs of the current stack to R7 + at (zeros there
  // already, which stay past the stack's end and when it cannot be had),
  // from the probe's first frame: past those of the mechanism
  // (kstack.h), found among the first kStackProbe frames.
  void copy_stack(int16_t at, uint32_t size) {
    if (!skip_.ctx_regs) stack_skip();  // R4 the frames to skip
    b_.emit(load64(kR1, kFp, kCtxSlot));
    b_.emit(mov_reg(kR2, kR7));
    b_.emit(alu_imm(BPF_ADD, kR2, at));
    b_.emit(mov_imm(kR3, static_cast<int32_t>(size)));
    if (skip_.ctx_regs) b_.emit(mov_imm(kR4, static_cast<int32_t>(skip_.ctx_skip)));
    b_.emit(call(BPF_FUNC_get_stack));
  }

  // R4 = the index of the probe's first frame, R0 to R5 clobbered.
  void stack_skip() {
    for (const bpf_insn& i : stack_skip_code(skip_, kR7)) b_.emit(i);
  }

  // The record's header (EPID, the firing's timestamp: the one
  // `timestamp` read, as the module's) and the ring buffer output. The
  // header's pad carries the CPU to the drain (bufs.h), which puts the
  // record in that CPU's principal buffer and zeroes it.
  // spec_prog.inc: speculate(), commit(), discard()
  static bool ends_spec(const dtbpf_action& a) {
    return a.rec == DTBPF_REC_U64 && (a.kind == DTRACEACT_COMMIT || a.kind == DTRACEACT_DISCARD);
  }
  void speculate(size_t done);
  void spec_word(size_t skip);
  void spec_id_valid(uint32_t act, size_t done);
  void end_spec(const dtbpf_action& a);

  // A speculative record (kSpecRecord: its pad flagged) or a marker's
  // header keeps the timestamp field speculate() or end_spec() wrote,
  // the generation and id (spec.h).
  enum SpecOut { kPlain, kSpecRecord, kSpecMarker };
  void output(int32_t epid, uint32_t size, SpecOut spec = kPlain) {
    if (epid == static_cast<int32_t>(e_.ecb.epid)) epid_at(rec_at(0), BPF_W);
    else b_.emit(make(BPF_ST | BPF_MEM | BPF_W, kR7, 0, rec_at(0), epid));
    b_.emit(call(BPF_FUNC_get_smp_processor_id));
    if (spec == kSpecRecord) b_.emit(alu_imm(BPF_OR, kR0, static_cast<int32_t>(kSpecPadFlag)));
    b_.emit(make(BPF_STX | BPF_MEM | BPF_W, kR7, kR0, rec_at(4), 0));
    if (spec != kPlain) {
      output_now(size);
      return;
    }
    b_.emit(load64(kR0, kR7, kFrameTs));
    b_.emit(jmp_imm(BPF_JNE, kR0, 0, 2));
    b_.emit(call(BPF_FUNC_ktime_get_ns));
    b_.emit(store64(kR7, kFrameTs, kR0));
    b_.emit(store64(kR7, rec_at(8), kR0));
    output_now(size);
  }

  // The ECB's EPID to R7 + at (width BPF_W or BPF_DW): the probe
  // record's in a shared program (R1 clobbered), else the constant.
  void epid_at(int16_t at, uint8_t width) {
    if (ids_epid_ < 0) {
      b_.emit(make(BPF_ST | BPF_MEM | width, kR7, 0, at, static_cast<int32_t>(e_.ecb.epid)));
      return;
    }
    b_.emit(load64(kR1, kFp, kIdsSlot));
    b_.emit(make(BPF_LDX | BPF_MEM | BPF_W, kR1, kR1, ids_epid_, 0));
    b_.emit(make(BPF_STX | BPF_MEM | width, kR7, kR1, at, 0));
  }

  void output_now(uint32_t size) {
    b_.emit_ld64(kR1, static_cast<uint64_t>(maps_.ring), BPF_PSEUDO_MAP_FD);
    b_.emit(mov_reg(kR2, kR7));
    b_.emit(alu_imm(BPF_ADD, kR2, kScratchRec));
    b_.emit(mov_imm(kR3, static_cast<int32_t>(size)));
    b_.emit(mov_imm(kR4, 0));
    b_.emit(call(BPF_FUNC_ringbuf_output));
    if (maps_.lost < 0) return;
    // A record the full ring buffer did not take: counted on this CPU
    // (the drain adds it to the CPU's principal-buffer drops). The key
    // in %r0's slot, which is never read.
    size_t out = b_.new_label();
    b_.jump(BPF_JEQ, kR0, 0, out);
    b_.emit(make(BPF_ST | BPF_MEM | BPF_W, kFp, 0, -8, 0));
    b_.lookup_fp8(maps_.lost, out);
    b_.emit(load64(kR1, kR0, 0));
    b_.emit(alu_imm(BPF_ADD, kR1, 1));
    b_.emit(store64(kR0, 0, kR1));
    b_.bind(out);
  }

  Builder& b_;
  const EcbCode& e_;
  const ProbeMaps& maps_;
  const Globals& g_;
  ArgSource args_;
  const ArgShape& shape_;
  const StackSkip& skip_;
  int16_t ids_epid_;
  bool ran_difo_ = false;
  bool spec_ = false;  // the ECB speculates
  Status error_ = Ok{};
};

#include "bpf/spec_prog.inc"

// What of the frame a probe's DIFOs read, so that the prologue fills
// only that: each firing pays for its clauses' variables, not for every
// argument and this-> slot (DIF reads arguments only by ldgs of arg0 to
// arg9 and ldga of args[], this-> variables by ldls and stls).
struct FrameUse {
  bool frame = false;   // the scratch element at all
  bool args = false;    // arg0 to arg9
  uint32_t locals = 0;  // this-> slots 0 to locals - 1
};

void difo_use(const dtbpf_difo& d, FrameUse& u) {
  for (uint32_t i = 0; i < d.ncode && d.code != nullptr; i++) {
    dif_instr_t in = d.code[i];
    uint32_t op = DIF_INSTR_OP(in), id = DIF_INSTR_INDEX(in);
    if (op == DIF_OP_LDGA || (op == DIF_OP_LDGS && id >= DIF_VAR_ARG0 && id <= DIF_VAR_ARG9)) u.args = true;
    if ((op == DIF_OP_LDLS || op == DIF_OP_STLS) && id >= DIF_VAR_OTHER_UBASE) {
      uint32_t n = id - DIF_VAR_OTHER_UBASE + 1;
      u.locals = std::max(u.locals, std::min(n, kFrameLocals));
    }
  }
}

FrameUse frame_use(std::span<const EcbCode> ecbs, ArgSource args, const ArgShape& shape) {
  FrameUse u;
  u.frame = args == ArgSource::kStable;  // its code sets the frame's arguments
  for (const EcbCode& e : ecbs) {
    if (ecb_frameless(e, args, shape)) continue;
    u.frame = true;
    difo_use(e.ecb.pred, u);
    for (const dtbpf_action& a : e.acts) {
      difo_use(a.difo, u);
      if (a.rec != DTBPF_REC_AGG) continue;
      const AggCode& g = e.aggs.at(a.aggid);
      difo_use(g.agg.value, u);
      difo_use(g.agg.incr, u);
      for (const dtbpf_action& k : g.keys) difo_use(k.difo, u);
    }
  }
  if (args == ArgSource::kStable) u.args = true;
  return u;
}

// A profile probe's arg0 (kernel) or arg1 (user pc): the interrupted
// pc if it ran in that mode, else 0. The context is struct
// bpf_perf_event_data, whose first member is the registers (x86-64's
// struct pt_regs: ip at 128, cs at 136, user mode when cs & 3 is 3).
void perf_pc(Builder& b, bool kernel) {
  int16_t off = static_cast<int16_t>(kFrameArg0 + (kernel ? 0 : 8));
#if defined(__x86_64__)
  b.emit(load64(kR1, kR6, 136));
  b.emit(load64(kR2, kR6, 128));
  b.emit(alu_imm(BPF_AND, kR1, 3));
  b.emit(jmp_imm(kernel ? BPF_JNE : BPF_JEQ, kR1, 3, 1));
  b.emit(mov_imm(kR2, 0));
  b.emit(store64(kR7, off, kR2));
#else
  b.emit(store64_imm(kR7, off, 0));
#endif
}

// The raw_syscalls tracepoints' context: the task's registers, then the
// call's number (sys_enter) or value (sys_exit). x86-64's struct pt_regs
// offsets of the arguments' registers (orig_ax, the number at exit, is
// kPtRegsOrigAx).
constexpr int32_t kArgRegs[6] = {112, 104, 96, 56, 72, 64};  // di si dx r10 r8 r9

// x86-64's struct pt_regs (a uprobe's context): a user function's
// return value (ax).
constexpr int16_t kRegAx = 80;

// A user probe site's argument into the frame at off, as the module's
// up_uarg() reads it: a register of the context, the user memory at one
// plus a displacement (0 when unreadable), or a constant; then cut to
// its size, sign-extended when negative.
void user_arg(Builder& b, const dtrace_uarg& a, int16_t off) {
  int n = a.dtua_size < 0 ? -a.dtua_size : a.dtua_size;
  int16_t reg = static_cast<int16_t>(8 * a.dtua_reg);
  if (a.dtua_kind == DTRACE_UARG_CONST) {
    b.emit_ld64(kR1, static_cast<uint64_t>(a.dtua_value));
  } else if (a.dtua_kind == DTRACE_UARG_REG) {
    b.emit(load64(kR1, kR6, reg));
  } else {
    b.emit(store64_imm(kFp, -16, 0));
    b.emit(mov_reg(kR1, kFp));
    b.emit(alu_imm(BPF_ADD, kR1, -16));
    b.emit(mov_imm(kR2, n));
    b.emit(load64(kR3, kR6, reg));
    b.emit_ld64(kR4, static_cast<uint64_t>(a.dtua_value));
    b.emit(alu_reg(BPF_ADD, kR3, kR4));
    b.emit(call(BPF_FUNC_probe_read_user));
    b.emit(load64(kR1, kFp, -16));
  }
  if (n < 8) {
    b.emit(alu_imm(BPF_LSH, kR1, 64 - 8 * n));
    b.emit(alu_imm(a.dtua_size < 0 ? BPF_ARSH : BPF_RSH, kR1, 64 - 8 * n));
  }
  b.emit(store64(kR7, off, kR1));
}

// Returns at once unless the task is of process tgid.
void tgid_filter(Builder& b, uint32_t tgid) {
  b.emit(call(BPF_FUNC_get_current_pid_tgid));
  b.emit(alu_imm(BPF_RSH, kR0, 32));
  b.emit(jmp_imm(BPF_JEQ, kR0, static_cast<int32_t>(tgid), 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}

// Returns at once unless the call is sysnr.
void syscall_filter(Builder& b, ArgSource args, uint32_t sysnr) {
  size_t other = b.new_label(), mine = b.new_label();
  syscall_number(b, args == ArgSource::kSysReturn, other);
  b.jump(BPF_JEQ, kR1, static_cast<int32_t>(sysnr), mine);
  b.bind(other);
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  b.bind(mine);
}

// argi of a system call's entry, read from its registers (0 if unreadable).
void syscall_arg(Builder& b, int16_t i) {
  b.emit(mov_reg(kR1, kR7));
  b.emit(alu_imm(BPF_ADD, kR1, kFrameArg0 + 8 * i));
  b.emit(mov_imm(kR2, 8));
  b.emit(load64(kR3, kR6, 0));
  b.emit(alu_imm(BPF_ADD, kR3, kArgRegs[i]));
  b.emit(call(BPF_FUNC_probe_read_kernel));
}

void prologue_rest(Builder& b, ArgSource args, const ArgShape& shape, const FrameUse& use);

// R8 = the firing probe's record in the shared fbt program's map ids
// (its attach cookie the index); returns at once if there is none.
void probe_record(Builder& b, int ids) {
  b.emit(mov_reg(kR1, kR6));
  b.emit(call(BPF_FUNC_get_attach_cookie));
  b.emit(make(BPF_STX | BPF_MEM | BPF_W, kFp, kR0, -8, 0));
  b.emit_ld64(kR1, static_cast<uint64_t>(ids), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, kFp));
  b.emit(alu_imm(BPF_ADD, kR2, -8));
  b.emit(call(BPF_FUNC_map_lookup_elem));
  b.emit(jmp_imm(BPF_JNE, kR0, 0, 1));
  b.emit(exit_insn());  // R0 is 0
  b.emit(mov_reg(kR8, kR0));
}

// A kprobe's arguments, as fentry's (those past the function's slots
// 0): x86-64's, the first six in registers, the rest on the stack above
// the return address; a kretprobe's arg1 the value returned (ax) if the
// function returns an integer or a pointer. R8 the probe's record.
void kprobe_args(Builder& b, bool ret) {
  for (int16_t i = 0; i < static_cast<int16_t>(kFrameArgs); i++)
    b.emit(store64_imm(kR7, static_cast<int16_t>(kFrameArg0 + 8 * i), 0));
#if defined(__x86_64__)
  constexpr int16_t kRegs[6] = {112, 104, 96, 88, 72, 64};  // di si dx cx r8 r9
  constexpr int16_t kSp = 152;
  if (ret) {
    b.emit(make(BPF_LDX | BPF_MEM | BPF_W, kR1, kR8, kIdsRet, 0));
    b.emit(jmp_imm(BPF_JEQ, kR1, 0, 2));
    b.emit(load64(kR1, kR6, kRegAx));
    b.emit(store64(kR7, kFrameArg0 + 8, kR1));
    return;
  }
  size_t done = b.new_label();
  for (int16_t i = 0; i < static_cast<int16_t>(kFrameArgs); i++) {
    int16_t off = static_cast<int16_t>(kFrameArg0 + 8 * i);
    b.emit(make(BPF_LDX | BPF_MEM | BPF_W, kR1, kR8, kIdsNslots, 0));
    b.jump(BPF_JLE, kR1, i, done);
    if (i < 6) {
      b.emit(load64(kR1, kR6, kRegs[i]));
      b.emit(store64(kR7, off, kR1));
      continue;
    }
    b.emit(mov_reg(kR1, kR7));
    b.emit(alu_imm(BPF_ADD, kR1, off));
    b.emit(mov_imm(kR2, 8));
    b.emit(load64(kR3, kR6, kSp));
    b.emit(alu_imm(BPF_ADD, kR3, 8 * (i - 5)));
    b.emit(call(BPF_FUNC_probe_read_kernel));
  }
  b.bind(done);
#endif
}

// R7 = this CPU's scratch element, its frame filled with what the
// clauses read (use); R6 the context.
void prologue(Builder& b, const ProbeMaps& maps, ArgSource args, const ArgShape& shape, const FrameUse& use) {
  lookup_first(b, maps.scratch);
  b.emit(jmp_imm(BPF_JNE, kR0, 0, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  b.emit(mov_reg(kR7, kR0));
  if (args == ArgSource::kKprobe || args == ArgSource::kKretprobe) {
    probe_record(b, shape.ids);
    if (use.args) kprobe_args(b, args == ArgSource::kKretprobe);
    return prologue_rest(b, args, shape, use);
  }
  for (int16_t i = 0; i < static_cast<int16_t>(use.args ? kFrameArgs : 0); i++) {
    int16_t off = static_cast<int16_t>(kFrameArg0 + 8 * i);
    if (args == ArgSource::kPerf && i < 2) {
      perf_pc(b, i == 0);
    } else if (args == ArgSource::kSysEntry && i < 6) {
      syscall_arg(b, i);
#if defined(__x86_64__)
    } else if (args == ArgSource::kUprobe && static_cast<size_t>(i) < shape.uargs.size()) {
      user_arg(b, shape.uargs[i], off);
#endif
    } else if (context_arg(&b, args, shape, i, kR1, kR6) == CtxArg::kLoad) {
      b.emit(store64(kR7, off, kR1));
    } else {
      b.emit(store64_imm(kR7, off, 0));
    }
  }
  prologue_rest(b, args, shape, use);
}

// The prologue past the arguments.
void prologue_rest(Builder& b, ArgSource args, const ArgShape& shape, const FrameUse& use) {
  // A firing's timestamp, errno and this-> variables start at 0; a
  // system call's return sets errno from an error value (-4095 to -1),
  // as the module's syscall provider does.
  b.emit(store64_imm(kR7, kFrameTs, 0));
  b.emit(store64_imm(kR7, kFrameErr, 0));
  for (uint32_t i = 0; i < use.locals; i++)
    b.emit(store64_imm(kR7, static_cast<int16_t>(kFrameLocal0 + 8 * i), 0));
  if (args == ArgSource::kSysReturn) {
    b.emit(load64(kR1, kR6, 8));
    b.emit(jmp_imm(BPF_JSLT, kR1, -4095, 3));
    b.emit(jmp_imm(BPF_JSGE, kR1, 0, 2));
    b.emit(alu_imm(BPF_NEG, kR1, 0));
    b.emit(store64(kR7, kFrameErr, kR1));
  }
  if (args == ArgSource::kStable && shape.stable) shape.stable(b);
}

}  // namespace

CtxArg context_arg(Builder* b, ArgSource args, const ArgShape& shape, int i, uint8_t reg, uint8_t ctx) {
  auto load = [&](int16_t off) {
    if (b != nullptr) b->emit(load64(reg, ctx, off));
    return CtxArg::kLoad;
  };
  switch (args) {
    case ArgSource::kNone: return CtxArg::kZero;
    case ArgSource::kFrame: return load(static_cast<int16_t>(kFrameArg0 + 8 * i));
    case ArgSource::kRawTp:
      return i < 5 && static_cast<uint32_t>(i) < shape.nargs ? load(static_cast<int16_t>(8 * i))
                                                             : CtxArg::kZero;
    case ArgSource::kFentry:
      return static_cast<uint32_t>(i) < shape.nargs ? load(static_cast<int16_t>(8 * i)) : CtxArg::kZero;
    case ArgSource::kFexit:
      return i == 1 && shape.ret ? load(static_cast<int16_t>(8 * shape.nargs)) : CtxArg::kZero;
    case ArgSource::kSysReturn: return i < 2 ? load(8) : CtxArg::kZero;
#if defined(__x86_64__)
    case ArgSource::kUretprobe: return i == 1 ? load(kRegAx) : CtxArg::kZero;
#endif
    default: return CtxArg::kNo;
  }
}

void intern_probe_names(Strings& s, std::span<const EcbCode> ecbs) {
  for (const EcbCode& e : ecbs)
    for (const char* part : {e.ecb.provider, e.ecb.mod, e.ecb.func, e.ecb.name}) intern(s, part);
}

Status check_ecb(const EcbCode& e, bool stacks) {
  auto refuse = [&e](const std::string& what) {
    return make_error("probe " + probe_name(e.ecb) + ": " + what + " is not supported by the bpf backend");
  };
  if (16 + uint64_t{e.ecb.size} > kMaxRecord)
    return refuse("a record of " + std::to_string(e.ecb.size) + " bytes");
  for (const dtbpf_action& a : e.acts) {
    if (a.rec == DTBPF_REC_AGG) {
      auto it = e.aggs.find(a.aggid);
      std::string what =
          it == e.aggs.end() ? action_name(a.kind) + "()" : agg_unsupported(it->second, stacks);
      if (!what.empty()) return refuse(what);
      continue;
    }
    bool value = a.rec == DTBPF_REC_VALUE && (a.size == 1 || a.size == 2 || a.size == 4 || a.size == 8);
    if (a.rec == DTBPF_REC_OTHER || (a.rec == DTBPF_REC_VALUE && !value) ||
        ((a.rec == DTBPF_REC_STACK || a.rec == DTBPF_REC_USTACK) && !stacks))
      return refuse(action_name(a.kind) + "()");
  }
  return Ok{};
}

void syscall_number(Builder& b, bool ret, size_t miss) {
  if (!ret) {
    b.emit(load64(kR1, kR6, 8));
    return;
  }
  b.emit(mov_reg(kR1, kFp));
  b.emit(alu_imm(BPF_ADD, kR1, -16));
  b.emit(mov_imm(kR2, 8));
  b.emit(load64(kR3, kR6, 0));
  b.emit(alu_imm(BPF_ADD, kR3, kPtRegsOrigAx));
  b.emit(call(BPF_FUNC_probe_read_kernel));
  b.jump(BPF_JNE, kR0, 0, miss);
  b.emit(load64(kR1, kFp, -16));
}

Result<std::vector<bpf_insn>> probe_program(std::span<const EcbCode> ecbs, const Globals& g,
                                            const ProbeMaps& maps, ArgSource args, bool gated,
                                            const ArgShape& shape) {
  const bool shared = args == ArgSource::kKprobe || args == ArgSource::kKretprobe;
  if (shared && (shape.ids < 0 || ecbs.size() > kSharedEcbs))
    return make_error("a shared fbt program without its probes' records");
  Builder b;
  b.emit(mov_reg(kR6, kR1));
  if (args == ArgSource::kSysEntry || args == ArgSource::kSysReturn) syscall_filter(b, args, shape.sysnr);
  if (args == ArgSource::kUprobe || args == ArgSource::kUretprobe) tgid_filter(b, shape.tgid);
  if (gated) {
    map_value(b, kR1, maps.state);
    b.emit(load64(kR1, kR1, 0));
    b.emit(jmp_imm(BPF_JEQ, kR1, DTRACE_ACTIVITY_ACTIVE, 2));
    b.emit(mov_imm(kR0, 0));
    b.emit(exit_insn());
    // The cpu option: the other CPUs have no buffers, and fire nothing.
    if (maps.only_cpu != kAllCpus) {
      b.emit(call(BPF_FUNC_get_smp_processor_id));
      b.emit(jmp_imm(BPF_JEQ, kR0, static_cast<int32_t>(maps.only_cpu), 2));
      b.emit(mov_imm(kR0, 0));
      b.emit(exit_insn());
    }
  }
  const FrameUse use = frame_use(ecbs, args, shape);
  std::vector<size_t> ecb_subs;
  if (!use.frame) {
    // Every clause frameless (count() alone, ...): inline, without the
    // scratch element.
    b.emit(mov_reg(kR7, kR6));
    for (const EcbCode& e : ecbs) emit_frameless(b, e, maps.agg, args, shape);
  } else {
    prologue(b, maps, args, shape, use);
    for (size_t i = 0; i < ecbs.size(); i++) {
      ecb_subs.push_back(b.new_sub());
      b.emit(mov_reg(kR1, kR7));
      b.emit(mov_reg(kR2, kR6));
      if (shared) b.emit(mov_reg(kR3, kR8));
      b.call_sub(ecb_subs.back());
    }
  }
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  // The ECBs' subprograms.
  for (size_t i = 0; i < ecb_subs.size(); i++) {
    b.place(ecb_subs[i]);
    int16_t ids_epid = shared ? static_cast<int16_t>(kIdsEpid0 + 4 * i) : int16_t{-1};
    if (Status st = EcbEmitter(b, ecbs[i], maps, g, args, shape, ids_epid).emit(); !st) return st.error();
  }
  if (b.chill_sub != SIZE_MAX) {  // chill()'s callback: 1 (stop) once the clock is past the end at R2
    b.place(b.chill_sub);
    b.emit(mov_reg(kR6, kR2));
    b.emit(call(BPF_FUNC_ktime_get_ns));
    b.emit(load64(kR1, kR6, 0));
    b.emit(mov_reg(kR2, kR0));
    b.emit(mov_imm(kR0, 0));
    b.emit(jmp_reg(BPF_JLT, kR2, kR1, 1));
    b.emit(mov_imm(kR0, 1));
    b.emit(exit_insn());
  }
  emit_ustack_subs(b);
  if (Status st = b.resolve(); !st) return st.error();
  return std::move(b.code);
}

}  // namespace dtrace::bpf
