// The Translator's by-reference global variables (translator.h): a
// structure, union or array global lives in the globals' element after
// the scalars (globals.h), with the strings, as the module's gstore.
// LDGS gives its address, STGS copies the variable's size from the
// address it is given (the module's store_ref(): dtrace_dif_load() of
// v->size bytes), and stores through a pointer (stb ... stx) may go
// anywhere in that range, as the module's storable() lets them.
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

bool Translator::ref_global(uint16_t id) const { return g_.refs.count(id) != 0; }

// R1 = the globals' element's address plus off, as a number (through the
// frame, as get_scalar()): D does arithmetic and comparisons on it.
void Translator::global_address(int32_t off) {
  emit(mov_reg(kR1, kGlobals));
  emit(alu_imm(BPF_ADD, kR1, off));
  emit(store64(kFrame, kFrameTmp, kR1));
  emit(load64(kR1, kFrame, kFrameTmp));
}

// LDGS of a by-reference global: its address.
Status Translator::ldgs_ref(uint16_t id, int16_t off, unsigned rd) {
  (void)id;
  global_address(off);
  put(rd, kR1);
  return Ok{};
}

// STGS of a by-reference global, the source address in R1: its size
// copied from there (BPF_FUNC_probe_read_kernel). An address that cannot
// be read faults BADADDR at it; its first byte is read first, so that a
// source unreadable from the start (NULL) leaves the variable as it was,
// as the module's failed load does (the helper zeroes what it could not
// read).
Status Translator::stgs_ref(uint32_t pc, uint16_t id, int16_t off) {
  int32_t size = static_cast<int32_t>(g_.refs.at(id));
  emit(store64(kFp, kLoadBuf, kR1));
  emit(mov_reg(kR3, kR1));
  emit(mov_reg(kR1, kFp));
  emit(alu_imm(BPF_ADD, kR1, kKey));  // the map key's slot, written before each use
  emit(mov_imm(kR2, 1));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kLoadBuf);
  emit(mov_reg(kR1, kGlobals));
  emit(alu_imm(BPF_ADD, kR1, off));
  emit(mov_imm(kR2, size));
  emit(load64(kR3, kFp, kLoadBuf));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kLoadBuf);
  return Ok{};
}

// A store of n bytes at the address in slot at: into the by-reference
// globals when it is within them (the module's storable(): the address
// at most gstore's size past its start and n bytes from there), the
// value in DIF register val; else jumps to the returned jump's target.
// Returns the jump to take past the store (to land), and the jump for
// an address elsewhere.
Translator::RefStore Translator::store_global(uint32_t n, int16_t at, unsigned val) {
  RefStore r{};
  int32_t room = static_cast<int32_t>(g_.ref_bytes) - static_cast<int32_t>(n);
  emit(load64(kR2, kFp, at));
  global_address(static_cast<int32_t>(g_.ref_base));
  emit(alu_reg(BPF_SUB, kR2, kR1));
  r.elsewhere = jump_here(jmp_imm(BPF_JGT, kR2, room, 0));
  emit(mov_reg(kR1, kGlobals));
  emit(alu_imm(BPF_ADD, kR1, static_cast<int32_t>(g_.ref_base)));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  get(kR2, val);
  emit(make(BPF_STX | BPF_MEM | size_code(n), kR1, kR2, 0, 0));
  r.done = jump_here(ja(0));
  return r;
}

}  // namespace dtrace::bpf::detail
