// The Translator's string subroutines (translator.h), as the module's
// (kernel/core/dif_subr_str.c): results in scratch (translate_scratch.cc)
// keeping only their words, as its keep_result(); inputs copied with
// probe_read_kernel_str (an unreadable one faults BADADDR at its
// address) and walked by bounded loops, at most strsize bytes.
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

// Stack slot to = argument i of the tuple, a number to the verifier.
void Translator::arg_to(uint32_t i, int16_t to) {
  emit(load64(kR1, kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * i)));
  emit(store64(kFrame, kFrameTmp, kR1));
  emit(load64(kR1, kFrame, kFrameTmp));
  emit(store64(kFp, to, kR1));
}

// R0 = 1 + the bytes of the string at the address in slot src copied to
// R1 (at most size - 1 and a NUL), clamped to [1, size] for the
// verifier; BADADDR at src when unreadable.
void Translator::read_str(uint32_t pc, int16_t src, int32_t size) {
  emit(mov_imm(kR2, size));
  emit(load64(kR3, kFp, src));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  fault_unless_read(pc, src);
  emit(jmp_imm(BPF_JLE, kR0, size, 1));
  emit(mov_imm(kR0, size));
  emit(jmp_imm(BPF_JGE, kR0, 1, 1));
  emit(mov_imm(kR0, 1));
}

// R1 = the scratch taken (kSubP) plus the number in slot at, a pointer.
void Translator::scratch_at(int16_t at) {
  emit(load64(kR1, kFp, kScrPtr));
  emit(load64(kR2, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  if (at == 0) return;
  emit(load64(kR2, kFp, at));
  emit(alu_reg(BPF_ADD, kR1, kR2));
}

// rd = the string of R0 bytes before its NUL at kSubP, which keeps
// their words only (the module's keep_result()).
void Translator::keep_string(unsigned rd) {
  emit(alu_imm(BPF_ADD, kR0, 8));
  emit(alu_imm(BPF_AND, kR0, -8));
  emit(load64(kR1, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(store64(kFrame, kFrameScratch, kR0));
  emit(load64(kR0, kFp, kScrBase));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  put(rd, kR0);
}

// A loop over the bytes at R1 (R3 the index, R4 the byte's address,
// R5 the byte), at most size of them; next_byte() closes it, and it
// leaves there once all are seen.
Translator::ByteLoop Translator::byte_loop(int32_t size) {
  emit(mov_imm(kR3, 0));
  ByteLoop loop{out_.size(), 0};
  loop.full = jump_here(jmp_imm(BPF_JGE, kR3, size, 0));
  emit(mov_reg(kR4, kR1));
  emit(alu_reg(BPF_ADD, kR4, kR3));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR5, kR4, 0, 0));
  return loop;
}

void Translator::next_byte(const ByteLoop& loop) {
  emit(alu_imm(BPF_ADD, kR3, 1));
  back_to(loop.top);
  land(loop.full);
}

void Translator::back_to(size_t top) {
  emit(ja(static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));
}

// strjoin(a, b): a, then as much of b as strsize leaves.
void Translator::strjoin(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  scratch_at(0);
  read_str(pc, kSubA, size);
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(store64(kFp, kSubC, kR0));
  scratch_at(kSubC);
  emit(load64(kR0, kFp, kSubC));
  emit(mov_imm(kR2, size));
  emit(alu_reg(BPF_SUB, kR2, kR0));
  emit(load64(kR3, kFp, kSubB));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  fault_unless_read(pc, kSubB);
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(load64(kR1, kFp, kSubC));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  keep_string(rd);
}

// substr(s, idx [, len]), with the module's clamping of idx and len.
void Translator::substr(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  first_element(s_->compare_fd);  // len = strlen(s)
  emit(mov_reg(kR1, kR0));
  read_str(pc, kSubA, size);
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(store64(kFp, kSubD, kR0));
  if (tuple_ > 2) arg_to(2, kSubC);
  else emit(store64(kFp, kSubC, kR0));
  emit(load64(kR1, kFp, kSubB));  // R1 idx, R2 rem, R3 len
  emit(load64(kR2, kFp, kSubC));
  emit(load64(kR3, kFp, kSubD));
  size_t a1 = jump_here(jmp_imm(BPF_JSGE, kR1, 0, 0));
  emit(alu_reg(BPF_ADD, kR1, kR3));
  size_t a2 = jump_here(jmp_imm(BPF_JSGE, kR1, 0, 0));
  emit(mov_imm(kR4, 0));
  emit(alu_reg(BPF_SUB, kR4, kR1));
  size_t a3 = jump_here(jmp_reg(BPF_JSLE, kR2, kR4, 0));
  emit(alu_reg(BPF_ADD, kR2, kR1));
  emit(mov_imm(kR1, 0));
  land(a1);
  land(a2);
  land(a3);
  size_t z1 = jump_here(jmp_imm(BPF_JSLT, kR1, 0, 0));
  size_t z2 = jump_here(jmp_reg(BPF_JSGE, kR1, kR3, 0));
  size_t b = jump_here(jmp_imm(BPF_JSGE, kR2, 0, 0));
  emit(alu_reg(BPF_ADD, kR2, kR3));  // rem < 0: max(rem + len - idx, 0)
  emit(alu_reg(BPF_SUB, kR2, kR1));
  size_t d1 = jump_here(jmp_imm(BPF_JSGE, kR2, 0, 0));
  size_t z3 = jump_here(ja(0));
  land(b);
  emit(mov_reg(kR4, kR3));  // rem > len - idx: len - idx
  emit(alu_reg(BPF_SUB, kR4, kR1));
  size_t d2 = jump_here(jmp_reg(BPF_JSLE, kR2, kR4, 0));
  emit(mov_reg(kR2, kR4));
  size_t d3 = jump_here(ja(0));
  land(z1);
  land(z2);
  land(z3);
  emit(mov_imm(kR2, 0));
  land(d1);
  land(d2);
  land(d3);
  emit(jmp_imm(BPF_JLE, kR2, size - 1, 1));  // for the verifier: rem <= len
  emit(mov_imm(kR2, size - 1));
  emit(store64(kFp, kSubB, kR1));
  emit(store64(kFp, kSubC, kR2));
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  emit(mov_imm(kR0, 0));
  emit(load64(kR2, kFp, kSubC));
  size_t none = jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0));
  emit(load64(kR1, kFp, kSubA));  // from s + idx
  emit(load64(kR2, kFp, kSubB));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  emit(store64(kFp, kSubA, kR1));
  scratch_at(0);
  emit(load64(kR2, kFp, kSubC));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(load64(kR3, kFp, kSubA));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  fault_unless_read(pc, kSubA);
  emit(alu_imm(BPF_SUB, kR0, 1));
  land(none);
  keep_string(rd);
}

// lltostr(v [, base]): the digits built backwards in scmp's buffer, as
// the module's (base 16 "0x...", 8 "0...", 10 signed); ILLOP with the
// base outside 2 to 36.
void Translator::lltostr(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  constexpr int32_t kEnd = 71;
  arg_to(0, kSubA);
  if (tuple_ > 1) arg_to(1, kSubB);
  else emit(store64_imm(kFp, kSubB, 10));
  emit(load64(kR1, kFp, kSubB));
  emit(jmp_imm(BPF_JLT, kR1, 2, 1));
  emit(jmp_imm(BPF_JLE, kR1, 36, kFaultLen));
  emit(store64(kFrame, kFrameFaultAddr, kR1));
  fault_keep_addr(DTRACEFLT_ILLOP, pc);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  emit(load64(kR1, kFp, kSubA));  // R1 u, R2 base, R3 end, R4 the buffer
  emit(load64(kR2, kFp, kSubB));
  emit(jmp_imm(BPF_JNE, kR2, 10, 2));
  emit(jmp_imm(BPF_JSGE, kR1, 0, 1));
  emit(alu_imm(BPF_NEG, kR1, 0));
  emit(mov_imm(kR3, kEnd));
  emit(mov_reg(kR4, kR0));
  emit(store64_imm(kR4, kEnd - 7, 0));
  size_t top = out_.size();
  size_t done = jump_here(jmp_imm(BPF_JEQ, kR1, 0, 0));
  size_t full = jump_here(jmp_imm(BPF_JLE, kR3, 7, 0));
  emit(mov_reg(kR5, kR1));
  emit(alu_reg(BPF_MOD, kR5, kR2));
  emit(alu_reg(BPF_DIV, kR1, kR2));
  emit(alu_imm(BPF_ADD, kR5, '0'));
  emit(jmp_imm(BPF_JLE, kR5, '9', 1));
  emit(alu_imm(BPF_ADD, kR5, 'a' - '0' - 10));
  emit(alu_imm(BPF_SUB, kR3, 1));
  emit(mov_reg(kR0, kR4));
  emit(alu_reg(BPF_ADD, kR0, kR3));
  emit(make(BPF_STX | BPF_MEM | BPF_B, kR0, kR5, 0, 0));
  back_to(top);
  land(done);
  land(full);
  // The prefixes: (v == 0 && base == 16) '0', (base 16) 'x', (v == 0,
  // base 8 or 16) '0', (v < 0 && base 10) '-'.
  emit(load64(kR1, kFp, kSubA));
  auto prefix = [&](char c) {
    emit(alu_imm(BPF_SUB, kR3, 1));
    emit(mov_reg(kR0, kR4));
    emit(alu_reg(BPF_ADD, kR0, kR3));
    emit(make(BPF_ST | BPF_MEM | BPF_B, kR0, 0, 0, c));
  };
  size_t p1 = jump_here(jmp_imm(BPF_JNE, kR1, 0, 0));
  size_t p2 = jump_here(jmp_imm(BPF_JNE, kR2, 16, 0));
  prefix('0');
  land(p1);
  land(p2);
  size_t p3 = jump_here(jmp_imm(BPF_JNE, kR2, 16, 0));
  prefix('x');
  land(p3);
  size_t q1 = jump_here(jmp_imm(BPF_JEQ, kR1, 0, 0));
  size_t q2 = jump_here(jmp_imm(BPF_JEQ, kR2, 8, 0));
  size_t q3 = jump_here(jmp_imm(BPF_JNE, kR2, 16, 0));
  land(q1);
  land(q2);
  prefix('0');
  land(q3);
  size_t m1 = jump_here(jmp_imm(BPF_JSGE, kR1, 0, 0));
  size_t m2 = jump_here(jmp_imm(BPF_JNE, kR2, 10, 0));
  prefix('-');
  land(m1);
  land(m2);
  emit(alu_reg(BPF_ADD, kR4, kR3));
  emit(store64(kFp, kSubA, kR4));  // the digits' pointer
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  scratch_at(0);
  emit(mov_imm(kR2, size));
  emit(load64(kR3, kFp, kSubA));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  emit(alu_imm(BPF_SUB, kR0, 1));
  keep_string(rd);
}

// toupper(s), tolower(s): a copy with the letters of the other case changed.
void Translator::changecase(uint32_t pc, unsigned rd, bool up) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  arg_to(0, kSubA);
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  scratch_at(0);
  read_str(pc, kSubA, size);
  emit(store64(kFp, kSubC, kR0));
  scratch_at(0);
  ByteLoop loop = byte_loop(size);
  size_t done = jump_here(jmp_imm(BPF_JEQ, kR5, 0, 0));
  emit(jmp_imm(BPF_JLT, kR5, up ? 'a' : 'A', 3));
  emit(jmp_imm(BPF_JGT, kR5, up ? 'z' : 'Z', 2));
  emit(alu_imm(BPF_XOR, kR5, 0x20));
  emit(make(BPF_STX | BPF_MEM | BPF_B, kR4, kR5, 0, 0));
  next_byte(loop);
  land(done);
  emit(load64(kR0, kFp, kSubC));
  emit(alu_imm(BPF_SUB, kR0, 1));
  keep_string(rd);
}

// strchr(s, c), strrchr(s, c): the address of the first (last) c in s,
// its NUL included, or 0; s read into scmp's buffer.
void Translator::strchr_(uint32_t pc, unsigned rd, bool last) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  emit(mov_reg(kR1, kR0));
  read_str(pc, kSubA, size);
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kFp, kSubB));
  emit(alu_imm(BPF_AND, kR2, 0xff));
  emit(mov_imm(kR0, 0));  // found
  ByteLoop loop = byte_loop(size);
  size_t other = jump_here(jmp_reg(BPF_JNE, kR5, kR2, 0));
  emit(load64(kR0, kFp, kSubA));
  emit(alu_reg(BPF_ADD, kR0, kR3));
  size_t first = last ? 0 : jump_here(ja(0));
  land(other);
  size_t end = jump_here(jmp_imm(BPF_JEQ, kR5, 0, 0));
  next_byte(loop);
  land(end);
  if (!last) land(first);
  put(rd, kR0);
}

Status Translator::string_subr(uint32_t pc, uint16_t subr, unsigned rd) {
  if (subr == DIF_SUBR_STRLEN) return strlen_(pc, rd);
  if (subr != DIF_SUBR_STRCHR && subr != DIF_SUBR_STRRCHR)
    if (Status st = need_scratch(); !st) return st;
  switch (subr) {
    case DIF_SUBR_STRJOIN: strjoin(pc, rd); break;
    case DIF_SUBR_SUBSTR: substr(pc, rd); break;
    case DIF_SUBR_LLTOSTR: lltostr(pc, rd); break;
    case DIF_SUBR_TOUPPER: changecase(pc, rd, true); break;
    case DIF_SUBR_TOLOWER: changecase(pc, rd, false); break;
    case DIF_SUBR_STRCHR: strchr_(pc, rd, false); break;
    default: strchr_(pc, rd, true); break;
  }
  return Ok{};
}

}  // namespace dtrace::bpf::detail
