// The Translator's speculation() (translator.h; spec.h): the first
// INACTIVE id made ACTIVE, with the next generation, by compare-and-swap
// (BPF_CMPXCHG on its word), as the module's dtrace_spec_new(); 0 when
// none is, counted as unavailable on this CPU. The ids are tried in an
// unrolled loop (kMaxSpecs at most: nspec past it is refused).
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

Status Translator::speculation_(unsigned rd) {
  const Specs& sp = *env_.specs;
  if (sp.nspec > kMaxSpecs)
    return make_error(unsupported("speculation() under nspec " + std::to_string(sp.nspec) + " (at most " +
                                  std::to_string(kMaxSpecs) + ")"));
  first_element(sp.map_fd);
  emit(mov_reg(kR1, kR0));
  std::vector<size_t> found;
  for (uint32_t i = 0; i < sp.nspec; i++) {
    int16_t at = static_cast<int16_t>(kSpecStride * static_cast<int32_t>(i));
    emit(load64(kR0, kR1, at));
    emit(mov_reg(kR2, kR0));
    emit(alu_imm(BPF_AND, kR2, 0xff));
    size_t next = jump_here(jmp_imm(BPF_JNE, kR2, static_cast<int32_t>(kSpecInactive), 0));
    emit(mov_reg(kR3, kR0));
    emit(mov_reg(kR2, kR0));
    emit(alu_imm(BPF_ADD, kR2, static_cast<int32_t>(0x100 | kSpecActive)));
    emit(make(BPF_STX | BPF_ATOMIC | BPF_DW, kR1, kR2, at, BPF_CMPXCHG));
    size_t lost = jump_here(jmp_reg(BPF_JNE, kR0, kR3, 0));
    emit(mov_imm(kR2, static_cast<int32_t>(i + 1)));
    put(rd, kR2);
    found.push_back(jump_here(ja(0)));
    land(next);
    land(lost);
  }
  emit(store64_imm(kFp, kKey, 0));  // this CPU's unavailable count + 1
  emit_imm64(kR1, static_cast<uint32_t>(sp.drops_fd), BPF_PSEUDO_MAP_FD);
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kKey));
  emit(call(BPF_FUNC_map_lookup_elem));
  emit(jmp_imm(BPF_JEQ, kR0, 0, 3));
  emit(load64(kR1, kR0, 0));
  emit(alu_imm(BPF_ADD, kR1, 1));
  emit(store64(kR0, 0, kR1));
  emit(mov_imm(kR2, 0));
  put(rd, kR2);
  for (size_t f : found) land(f);
  return Ok{};
}

}  // namespace dtrace::bpf::detail
