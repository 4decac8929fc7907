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
  emit(store64(kFp, kLoadBuf, kR1));
  emit(mov_reg(kR0, kGlobals));
  emit(alu_imm(BPF_ADD, kR0, off));
  copy_ref(pc, g_.refs.at(id));
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

namespace dtrace::bpf::detail {

// R0 = the pool's slot (dynvars.h) whose index is at kKey, or NULL.
void Translator::pool_slot() {
  emit_imm64(kR1, static_cast<uint32_t>(env_.dyn->pool_fd), BPF_PSEUDO_MAP_FD);
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kKey));
  emit(call(BPF_FUNC_map_lookup_elem));
}

// This CPU's dynamic-variable drop count + 1.
void Translator::count_drop() {
  emit(store64_imm(kFp, kKey, 0));
  map_call(BPF_FUNC_map_lookup_elem, env_.dyn->drops_fd, kKey);
  emit(jmp_imm(BPF_JEQ, kR0, 0, 3));
  emit(load64(kR1, kR0, 0));
  emit(alu_imm(BPF_ADD, kR1, 1));
  emit(store64(kR0, 0, kR1));
}

// A by-reference thread-local or associative array value (a structure,
// union or array of size bytes), its key built at key in map, as the
// module's dtrace_dyn_load() and dtrace_dyn_store(): the load gives the
// address of the value's slot, 0 when absent; a store of 0 deletes the
// variable (its slot pushed back on the free stack), any other copies
// size bytes from that address into the variable's slot, taken and
// zeroed first when it is absent (a drop when no slot is free or the
// map is full). The copy reads the source's first byte first: one
// unreadable from the start faults BADADDR and leaves the value as it
// was (zero when just made), as the module's.
Status Translator::dynamic_ref(uint32_t pc, bool load, int map, int16_t key, uint32_t size, dif_instr_t in) {
  const Dynvars& dv = *env_.dyn;
  if (load) {
    map_call(BPF_FUNC_map_lookup_elem, map, key);
    emit(mov_imm(kR1, 0));
    size_t absent = jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0));
    emit(load64(kR1, kR0, 0));
    emit(store64(kFp, kKey, kR1));
    pool_slot();
    emit(store64(kFrame, kFrameTmp, kR0));  // a number (0 if NULL)
    emit(load64(kR1, kFrame, kFrameTmp));
    land(absent);
    put(DIF_INSTR_RD(in), kR1);
    return Ok{};
  }
  std::vector<size_t> done;
  get(kR1, DIF_INSTR_RS(in));
  emit(store64(kFp, kLoadBuf, kR1));
  map_call(BPF_FUNC_map_lookup_elem, map, key);  // R0: its slot's index, or NULL
  emit(load64(kR1, kFp, kLoadBuf));
  size_t update = jump_here(jmp_imm(BPF_JNE, kR1, 0, 0));
  done.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));  // deleting what is absent
  emit(load64(kR1, kR0, 0));
  emit(store64(kFp, kKey, kR1));
  map_call(BPF_FUNC_map_delete_elem, map, key);
  done.push_back(jump_here(jmp_imm(BPF_JNE, kR0, 0, 0)));  // another CPU deleted it
  emit_imm64(kR1, static_cast<uint32_t>(dv.free_fd), BPF_PSEUDO_MAP_FD);
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kKey));
  emit(mov_imm(kR3, 0));
  emit(call(BPF_FUNC_map_push_elem));
  done.push_back(jump_here(ja(0)));
  land(update);
  size_t have = jump_here(jmp_imm(BPF_JNE, kR0, 0, 0));
  emit(store64_imm(kFp, kKey, 0));  // a free slot
  emit_imm64(kR1, static_cast<uint32_t>(dv.free_fd), BPF_PSEUDO_MAP_FD);
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kKey));
  emit(call(BPF_FUNC_map_pop_elem));
  size_t popped = jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0));
  count_drop();
  done.push_back(jump_here(ja(0)));
  land(popped);
  pool_slot();
  done.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  for (uint32_t off = 0; off < dv.ref_size; off += 8) emit(store64_imm(kR0, static_cast<int16_t>(off), 0));
  emit(mov_reg(kR3, kFp));
  emit(alu_imm(BPF_ADD, kR3, kKey));
  emit(mov_imm(kR4, BPF_NOEXIST));
  map_call(BPF_FUNC_map_update_elem, map, key);
  size_t made = jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0));
  emit_imm64(kR1, static_cast<uint32_t>(dv.free_fd), BPF_PSEUDO_MAP_FD);  // full: the slot back
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kKey));
  emit(mov_imm(kR3, 0));
  emit(call(BPF_FUNC_map_push_elem));
  count_drop();
  done.push_back(jump_here(ja(0)));
  land(have);
  emit(load64(kR1, kR0, 0));
  emit(store64(kFp, kKey, kR1));
  land(made);
  pool_slot();
  done.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  copy_ref(pc, size);
  for (size_t at : done) land(at);
  return Ok{};
}

// size bytes from the address at kLoadBuf to the pointer in R0, its
// first byte read first: a source unreadable from the start faults
// BADADDR and leaves the destination as it was (the helper zeroes what
// it could not read), as the module's failed load.
void Translator::copy_ref(uint32_t pc, uint32_t size) {
  emit(store64(kFp, kSubP, kR0));
  emit(mov_reg(kR1, kFp));
  emit(alu_imm(BPF_ADD, kR1, kSubD));
  emit(mov_imm(kR2, 1));
  emit(load64(kR3, kFp, kLoadBuf));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kLoadBuf);
  emit(load64(kR1, kFp, kSubP));
  emit(mov_imm(kR2, static_cast<int32_t>(size)));
  emit(load64(kR3, kFp, kLoadBuf));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kLoadBuf);
}

// R1 = a pointer to the n bytes (n < 0: the number at kSubN, at most
// the slot's size) at the address in slot at when they are inside one
// slot's value of the pool (the module's dtrace_dyn_storable(): within
// its valmax bytes); else the returned jumps are taken.
std::vector<size_t> Translator::pool_dest(int16_t at, int32_t n) {
  const Dynvars& dv = *env_.dyn;
  int32_t stride = static_cast<int32_t>(2 * dv.ref_size), room = static_cast<int32_t>(dv.ref_size);
  std::vector<size_t> no;
  emit(store64_imm(kFp, kKey, 0));
  pool_slot();
  no.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  emit(store64(kFrame, kFrameTmp, kR0));
  emit(load64(kR1, kFrame, kFrameTmp));
  emit(load64(kR2, kFp, at));
  emit(alu_reg(BPF_SUB, kR2, kR1));
  emit_imm64(kR3, static_cast<uint64_t>(dv.slots) * static_cast<uint64_t>(stride));
  no.push_back(jump_here(jmp_reg(BPF_JGE, kR2, kR3, 0)));
  emit(mov_reg(kR3, kR2));
  emit(alu_imm(BPF_DIV, kR3, stride));
  emit(store64(kFp, kKey, kR3));
  emit(alu_imm(BPF_MOD, kR2, stride));
  if (n >= 0) {
    no.push_back(jump_here(jmp_imm(BPF_JGT, kR2, room - n, 0)));
  } else {
    emit(load64(kR4, kFp, kSubN));
    no.push_back(jump_here(jmp_imm(BPF_JGT, kR4, room, 0)));
    emit(mov_imm(kR5, room));
    emit(alu_reg(BPF_SUB, kR5, kR4));
    no.push_back(jump_here(jmp_reg(BPF_JGT, kR2, kR5, 0)));
  }
  emit(store64(kFp, kSubC, kR2));
  pool_slot();
  no.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  emit(load64(kR1, kFp, kSubC));
  emit(alu_reg(BPF_ADD, kR1, kR0));
  return no;
}

// R1 = a pointer to the n bytes at the address in slot at when they are
// inside this CPU's clause-locals' element (the module's lstore, which
// holds the by-reference and string this-> variables); else the
// returned jumps are taken.
std::vector<size_t> Translator::locals_dest(int16_t at, int32_t n) {
  std::vector<size_t> no;
  first_element(s_->locals_fd);
  emit(store64(kFrame, kFrameTmp, kR0));
  emit(load64(kR1, kFrame, kFrameTmp));
  emit(load64(kR2, kFp, at));
  emit(alu_reg(BPF_SUB, kR2, kR1));
  no.push_back(jump_here(jmp_imm(BPF_JGT, kR2, static_cast<int32_t>(s_->local_slots.back()) - n, 0)));
  emit(mov_reg(kR1, kR0));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  return no;
}

// A store of n bytes (stb ... stx) at the address in slot at, the value
// in DIF register val, into the by-reference variables' storage: the
// globals', the pool's of dynamic variables or the clause-locals'.
// Returns the jump to take past the store, and the one for an address
// elsewhere.
Translator::RefStore Translator::store_var(uint32_t n, int16_t at, unsigned val) {
  RefStore r{};
  std::vector<size_t> done, no;
  if (g_.ref_bytes >= n) {
    RefStore g = store_global(n, at, val);
    done.push_back(g.done);
    land(g.elsewhere);
  }
  auto put_at_r1 = [&](std::vector<size_t> missed) {
    get(kR2, val);
    emit(make(BPF_STX | BPF_MEM | size_code(n), kR1, kR2, 0, 0));
    done.push_back(jump_here(ja(0)));
    for (size_t j : missed) land(j);
  };
  if (uses_pool()) put_at_r1(pool_dest(at, static_cast<int32_t>(n)));
  if (uses_ref_locals()) put_at_r1(locals_dest(at, static_cast<int32_t>(n)));
  r.elsewhere = jump_here(ja(0));
  for (size_t j : done) land(j);
  r.done = jump_here(ja(0));
  return r;
}

// R0 = the pointer to the by-reference this-> variable of size bytes at
// slot in the clause-locals' element, zeroed at its first use in a
// firing (its frame local flag, 0 at each firing, then 1), as the
// module zeroes its lstore at each firing.
void Translator::local_ref_slot(int16_t flag, int16_t slot, uint32_t size) {
  first_element(s_->locals_fd);
  emit(alu_imm(BPF_ADD, kR0, slot));
  emit(load64(kR1, kFrame, flag));
  size_t used = jump_here(jmp_imm(BPF_JNE, kR1, 0, 0));
  for (uint32_t off = 0; off < size; off += 8) emit(store64_imm(kR0, static_cast<int16_t>(off), 0));
  emit(store64_imm(kFrame, flag, 1));
  land(used);
}

// LDLS and STLS of a by-reference this-> variable: its address; a copy
// of its size from the address stored, as stgs_ref() copies.
Status Translator::local_ref(uint32_t pc, uint8_t op, dif_instr_t in, int16_t flag, int16_t slot,
                             uint32_t size) {
  if (op == DIF_OP_LDLS) {
    local_ref_slot(flag, slot, size);
    emit(store64(kFrame, kFrameTmp, kR0));
    emit(load64(kR1, kFrame, kFrameTmp));
    put(DIF_INSTR_RD(in), kR1);
    return Ok{};
  }
  get(kR1, DIF_INSTR_RS(in));
  emit(store64(kFp, kLoadBuf, kR1));
  local_ref_slot(flag, slot, size);
  copy_ref(pc, size);
  return Ok{};
}

}  // namespace dtrace::bpf::detail

namespace dtrace::bpf::detail {

// PUSHTR of a structure or union key (its address in rs, its size in r2,
// set by the SETX before it): the address kept at kTupleAddr, its bytes
// read into the key's word when the key is used (read_ctf_keys()), as
// the module's key_put() reads them. A key of at most 8 bytes takes the
// word (all of one variable's keys have the same size: no length is
// kept, where the module's key has it); a larger one, or one whose size
// is not a constant, is refused.
Status Translator::push_ctf(uint32_t pc, dif_instr_t in) {
  uint64_t size = 0;
  bool known = false;
  if (pc > 0 && at_label_.count(pc) == 0) {
    dif_instr_t prev = d_.code[pc - 1];
    if (DIF_INSTR_OP(prev) == DIF_OP_SETX && DIF_INSTR_RD(prev) == DIF_INSTR_R2(in) &&
        DIF_INSTR_INDEX(prev) < d_.ints.size()) {
      size = d_.ints[DIF_INSTR_INDEX(prev)];
      known = true;
    }
  }
  if (!known || size == 0 || size > 8)
    return make_error(unsupported("an associative array key that is a structure of over 8 bytes"));
  tuple_ctf_ |= size << 8 * tuple_;
  get(kR1, DIF_INSTR_RS(in));
  emit(store64(kFp, static_cast<int16_t>(kTupleAddr + 8 * tuple_++), kR1));
  return Ok{};
}

// The structure keys' bytes into their words of the key, zeros after
// them; one that cannot be read faults BADADDR at its address.
void Translator::read_ctf_keys(uint32_t pc) {
  for (uint32_t i = 0; i < kDynTupleMax; i++) {
    auto size = static_cast<int32_t>((tuple_ctf_ >> 8 * i) & 0xff);
    if (size == 0) continue;
    auto word = static_cast<int16_t>(kTupleKey + 16 + 8 * i), at = static_cast<int16_t>(kTupleAddr + 8 * i);
    emit(store64_imm(kFp, word, 0));
    emit(mov_reg(kR1, kFp));
    emit(alu_imm(BPF_ADD, kR1, word));
    emit(mov_imm(kR2, size));
    emit(load64(kR3, kFp, at));
    emit(call(BPF_FUNC_probe_read_kernel));
    fault_unless_read(pc, at);
  }
}

}  // namespace dtrace::bpf::detail
