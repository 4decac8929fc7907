// The Translator's scratch memory (translator.h): what the module's
// dtrace_dif_scratch() takes for an ECB (strings.h: the options' size,
// in the lower half of a per-CPU element whose upper half stays zero),
// the subroutines that take it or copy into it (alloca, copyin,
// copyinto, bcopy, copyinstr) and the stores into it (stb ... stx,
// copys). Addresses in scratch are numbers to the verifier; each access
// is checked against what was taken, as the module's
// dtrace_dif_in_scratch(), and made through the element's pointer.
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

Status Translator::need_scratch() const {
  if (s_ == nullptr || s_->scratch_fd < 0) return make_error(unsupported("scratch memory without its map"));
  if (s_->scratch_size > kScratchMax)
    return make_error(unsupported("a scratch area of " + std::to_string(s_->scratch_size) +
                                  " bytes (scratchsize and eight strings of strsize; at most " +
                                  std::to_string(kScratchMax) + ")"));
  return Ok{};
}

// kScrPtr = the scratch element (a pointer), kScrBase its address (a number).
void Translator::scratch_base() {
  first_element(s_->scratch_fd);
  emit(store64(kFp, kScrPtr, kR0));
  emit(store64(kFrame, kFrameTmp, kR0));
  emit(load64(kR0, kFrame, kFrameTmp));
  emit(store64(kFp, kScrBase, kR0));
}

// Takes kSubN bytes (a number), zeroed, as dtrace_dif_scratch(): from
// the taken bytes rounded up to 8, NOSCRATCH past the scratch area;
// kSubP = their offset in the element, R0 their address.
void Translator::take(uint32_t pc) {
  int32_t size = static_cast<int32_t>(s_->scratch_size);
  scratch_base();
  emit(load64(kR1, kFrame, kFrameScratch));
  emit(alu_imm(BPF_ADD, kR1, 7));
  emit(alu_imm(BPF_AND, kR1, -8));
  emit(load64(kR2, kFp, kSubN));
  emit(jmp_imm(BPF_JGT, kR1, size, 5));
  emit(jmp_imm(BPF_JGT, kR2, size, 4));
  emit(mov_imm(kR3, size));
  emit(alu_reg(BPF_SUB, kR3, kR2));
  emit(jmp_reg(BPF_JGT, kR1, kR3, 1));
  emit(ja(kFaultLen));
  fault(DTRACEFLT_NOSCRATCH, pc);
  emit(store64(kFp, kSubP, kR1));
  emit(mov_reg(kR3, kR2));
  emit(alu_reg(BPF_ADD, kR3, kR1));
  emit(store64(kFrame, kFrameScratch, kR3));
  emit(load64(kR3, kFp, kScrPtr));  // zeroed from the upper half
  emit(alu_reg(BPF_ADD, kR1, kR3));
  emit(alu_imm(BPF_ADD, kR3, static_cast<int32_t>(kScratchMax)));
  emit(call(BPF_FUNC_probe_read_kernel));
  emit(load64(kR0, kFp, kScrBase));
  emit(load64(kR1, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR0, kR1));
}

// R1 = the element's pointer at the address in stack slot at, R2 =
// kSubN, bytes when they were all taken (dtrace_dif_in_scratch()); else
// BADADDR at that address. scratch_base() first.
void Translator::in_scratch(uint32_t pc, int16_t at) {
  int32_t size = static_cast<int32_t>(s_->scratch_size);
  emit(load64(kR1, kFp, at));
  emit(load64(kR2, kFp, kScrBase));
  emit(alu_reg(BPF_SUB, kR1, kR2));
  emit(load64(kR2, kFp, kSubN));
  emit(load64(kR3, kFrame, kFrameScratch));
  emit(jmp_imm(BPF_JGT, kR1, size, 4));  // for the verifier: taken <= size
  emit(jmp_imm(BPF_JGT, kR2, size, 3));
  emit(jmp_reg(BPF_JGT, kR1, kR3, 2));
  emit(alu_reg(BPF_SUB, kR3, kR1));
  emit(jmp_reg(BPF_JLE, kR2, kR3, kFaultLen + 1));
  emit(load64(kR1, kFp, at));
  emit(store64(kFrame, kFrameFaultAddr, kR1));
  fault_keep_addr(DTRACEFLT_BADADDR, pc);
  emit(load64(kR4, kFp, kScrPtr));
  emit(alu_reg(BPF_ADD, kR1, kR4));
}

// rd = scratch of n bytes (alloca(), allocs), the DIF register sz holds.
Status Translator::alloca_(uint32_t pc, unsigned sz, unsigned rd) {
  if (Status st = need_scratch(); !st) return st;
  get(kR1, sz);
  emit(store64(kFp, kSubN, kR1));
  take(pc);
  put(rd, kR0);
  return Ok{};
}

// ST*: the value of r1 to the address in rd, in the by-reference
// globals (translate_refs.cc) or in scratch; BADADDR elsewhere (the
// module's other storable memory, by-reference clause-locals and
// dynamic variables, is refused).
Status Translator::store(uint32_t pc, uint8_t op, dif_instr_t in) {
  uint32_t n = 1u << (op - DIF_OP_STB);
  bool vars = g_.ref_bytes >= n || uses_pool() || uses_ref_locals();
  Status scratch = need_scratch();
  if (!scratch && !vars) return scratch;
  get(kR1, DIF_INSTR_RD(in));
  emit(store64(kFp, kSubA, kR1));
  RefStore ref{};
  if (vars) {
    ref = store_var(n, kSubA, DIF_INSTR_R1(in));
    land(ref.elsewhere);
  }
  if (scratch) {
    emit(store64_imm(kFp, kSubN, static_cast<int32_t>(n)));
    scratch_base();
    in_scratch(pc, kSubA);
    get(kR2, DIF_INSTR_R1(in));
    emit(make(BPF_STX | BPF_MEM | size_code(n), kR1, kR2, 0, 0));
  } else {
    emit(load64(kR1, kFp, kSubA));
    emit(store64(kFrame, kFrameFaultAddr, kR1));
    fault_keep_addr(DTRACEFLT_BADADDR, pc);
  }
  if (vars) land(ref.done);
  return Ok{};
}

// Copies kSubN bytes from the address in slot src to the scratch at the
// address in slot dst with helper (a kernel or a user read), as the
// module's copy_to_scratch() and copys: BADADDR at dst outside what was
// taken, at src when it cannot be read (none for 0 bytes).
void Translator::copy_in(uint32_t pc, int16_t src, int16_t dst, int32_t helper) {
  scratch_base();
  in_scratch(pc, dst);
  size_t none = jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0));
  emit(load64(kR3, kFp, src));
  emit(call(helper));
  fault_unless_read(pc, src);
  land(none);
}

// COPYS rd, r1, r2: r2 bytes from r1 to rd, as the module's copys():
// into a by-reference dynamic variable's value (dynvars.h) or into
// what the ECB took of scratch, BADADDR at rd elsewhere.
Status Translator::copys(uint32_t pc, dif_instr_t in) {
  if (Status st = need_scratch(); !st) return st;
  get(kR1, DIF_INSTR_RD(in));
  emit(store64(kFp, kSubA, kR1));
  get(kR1, DIF_INSTR_R1(in));
  emit(store64(kFp, kSubB, kR1));
  get(kR1, DIF_INSTR_R2(in));
  emit(store64(kFp, kSubN, kR1));
  size_t done = 0;
  if (uses_pool()) {
    std::vector<size_t> no = pool_dest(kSubA, -1);
    emit(load64(kR2, kFp, kSubN));
    size_t none = jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0));
    emit(load64(kR3, kFp, kSubB));
    emit(call(BPF_FUNC_probe_read_kernel));
    fault_unless_read(pc, kSubB);
    land(none);
    done = jump_here(ja(0));
    for (size_t j : no) land(j);
  }
  copy_in(pc, kSubB, kSubA, BPF_FUNC_probe_read_kernel);
  if (uses_pool()) land(done);
  return Ok{};
}

// The subroutines of scratch; their arguments are the tuple's.
Status Translator::scratch_subr(uint32_t pc, uint16_t subr, unsigned rd) {
  if (Status st = need_scratch(); !st) return st;
  switch (subr) {
    case DIF_SUBR_ALLOCA:
      arg_to(0, kSubN);
      take(pc);
      put(rd, kR0);
      return Ok{};
    case DIF_SUBR_COPYIN: {  // copyin(uaddr, n): BADSIZE past the scratch area
      arg_to(0, kSubB);
      arg_to(1, kSubN);
      emit(load64(kR1, kFp, kSubN));
      emit(jmp_imm(BPF_JLE, kR1, static_cast<int32_t>(s_->scratch_size), kFaultLen));
      emit(store64(kFrame, kFrameFaultAddr, kR1));
      fault_keep_addr(DTRACEFLT_BADSIZE, pc);
      take(pc);
      emit(store64(kFp, kSubA, kR0));
      copy_in(pc, kSubB, kSubA, BPF_FUNC_probe_read_user);
      emit(load64(kR1, kFp, kSubA));
      put(rd, kR1);
      return Ok{};
    }
    case DIF_SUBR_COPYINTO:  // copyinto(uaddr, size, dest)
      arg_to(0, kSubB);
      arg_to(1, kSubN);
      arg_to(2, kSubA);
      copy_in(pc, kSubB, kSubA, BPF_FUNC_probe_read_user);
      emit(mov_imm(kR1, 0));
      put(rd, kR1);
      return Ok{};
    case DIF_SUBR_BCOPY:  // bcopy(src, dest, size)
      arg_to(0, kSubB);
      arg_to(1, kSubA);
      arg_to(2, kSubN);
      copy_in(pc, kSubB, kSubA, BPF_FUNC_probe_read_kernel);
      emit(mov_imm(kR1, 0));
      put(rd, kR1);
      return Ok{};
    default: return copyinstr(pc, rd);
  }
}

// copyinstr(uaddr [, max]): at most max (or strsize - 1) bytes of the
// user string and a NUL, in scratch, as the module's subr_copyinstr();
// the scratch keeps the string's words only (its keep_result()).
Status Translator::copyinstr(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  emit(store64(kFp, kSubA, kR0));
  if (tuple_ > 1) emit(load64(kR2, kFp, static_cast<int16_t>(kTupleKey + 24)));
  else emit(mov_imm(kR2, 0));
  emit(jmp_imm(BPF_JEQ, kR2, 0, 1));
  emit(jmp_imm(BPF_JLT, kR2, size, 1));
  emit(mov_imm(kR2, size - 1));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(load64(kR1, kFp, kScrPtr));
  emit(load64(kR3, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR1, kR3));
  emit(load64(kR3, kFp, static_cast<int16_t>(kTupleKey + 16)));
  emit(call(BPF_FUNC_probe_read_user_str));
  fault_unless_read(pc);
  emit(alu_imm(BPF_ADD, kR0, 7));  // the string's words: kSubP + its length + 1, rounded up
  emit(alu_imm(BPF_AND, kR0, -8));
  emit(load64(kR1, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(store64(kFrame, kFrameScratch, kR0));
  emit(load64(kR1, kFp, kSubA));
  put(rd, kR1);
  return Ok{};
}

}  // namespace dtrace::bpf::detail
