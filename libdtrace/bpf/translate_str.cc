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

// Substring search, as the module's search() (Knuth-Morris-Pratt over
// strsize bytes at most), in loops whose bodies have no branch on the
// data (selections by masks), so that the verifier walks each loop once
// a step, 2 * strsize steps at most (each step advances in the string
// or falls back in the pattern), and each loop's one conditional jump
// is its back edge. In scmp's element: the string at 0, the pattern at
// kCompareBuf, the failure table at kSearchFail and the loops' words at
// kLoopWords (map memory, which the verifier does not follow, so that
// the paths that leave a loop at different steps meet in one state);
// R1 the element, R2 the position i, R3 the matched length k, R4 the
// steps.

namespace {
constexpr int32_t kIdx = static_cast<int32_t>(kMaxCompare) - 1;  // strsize <= 512: an index's mask
constexpr int16_t kWLen = static_cast<int16_t>(kLoopWords);      // the string's length
constexpr int16_t kWM = kWLen + 8;                               // the pattern's
constexpr int16_t kWStart = kWLen + 16;
constexpr int16_t kWA = kWLen + 24;  // a step's values
constexpr int16_t kWB = kWLen + 32;
constexpr int16_t kWStop = kWLen + 40;

// R0 = (R<a> < the word at R1 + w) & (R4 < bound): both small, not negative.
void below(std::vector<bpf_insn>& out, uint8_t a, int16_t w, int32_t bound) {
  out.push_back(mov_reg(kR0, a));
  out.push_back(load64(kR5, kR1, w));
  out.push_back(alu_reg(BPF_SUB, kR0, kR5));
  out.push_back(alu_imm(BPF_RSH, kR0, 63));
  out.push_back(mov_reg(kR5, kR4));
  out.push_back(alu_imm(BPF_SUB, kR5, bound));
  out.push_back(alu_imm(BPF_RSH, kR5, 63));
  out.push_back(alu_reg(BPF_AND, kR0, kR5));
}
}  // namespace

// One step: R3 = k' (k + 1 on a match of the byte at i, fail[k - 1] on
// a mismatch after k > 0, else k), R5 = back - 1 (0 when it fell back,
// -1 when i advances); R2 kept. The string's bytes at text.
void Translator::kmp_step(int32_t text) {
  emit(mov_reg(kR0, kR2));  // eq = s[i] == p[k]
  emit(alu_imm(BPF_AND, kR0, kIdx));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR0, kR0, static_cast<int16_t>(text), 0));
  emit(mov_reg(kR5, kR3));
  emit(alu_imm(BPF_AND, kR5, kIdx));
  emit(alu_reg(BPF_ADD, kR5, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR5, kR5, static_cast<int16_t>(kCompareBuf), 0));
  emit(alu_reg(BPF_XOR, kR0, kR5));
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(alu_imm(BPF_XOR, kR0, 1));  // R0 = neq
  emit(mov_imm(kR5, 0));           // back = k > 0 && neq
  emit(alu_reg(BPF_SUB, kR5, kR3));
  emit(alu_imm(BPF_RSH, kR5, 63));
  emit(alu_reg(BPF_AND, kR5, kR0));
  emit(alu_imm(BPF_NEG, kR0, 0));  // R0 = k + eq
  emit(alu_imm(BPF_ADD, kR0, 1));
  emit(alu_reg(BPF_ADD, kR0, kR3));
  emit(store64(kR1, kWB, kR5));
  emit(store64(kR1, kWA, kR0));
  fall_back(kWB, kWA);
}

// R3 = the word at flag ? fail[R3 - 1] : the word at other (0: R3).
void Translator::fall_back(int16_t flag, int16_t other) {
  emit(mov_reg(kR0, kR3));
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(alu_imm(BPF_AND, kR0, kIdx));
  emit(alu_imm(BPF_LSH, kR0, 2));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_W, kR0, kR0, static_cast<int16_t>(kSearchFail), 0));
  emit(load64(kR5, kR1, flag));
  emit(alu_imm(BPF_NEG, kR5, 0));
  emit(alu_reg(BPF_AND, kR0, kR5));
  if (other != 0) emit(load64(kR3, kR1, other));
  emit(alu_imm(BPF_XOR, kR5, -1));
  emit(alu_reg(BPF_AND, kR3, kR5));
  emit(alu_reg(BPF_OR, kR3, kR0));
}

// The failure table of the pattern (its length m not 0), then the
// search of the string from the start (rindex: from 0, the last match
// at or before the start): the frame's tmp = the match's position, or -1.
void Translator::search_loop(uint32_t subr) {
  const int32_t bound = 2 * static_cast<int32_t>(s_->strsize) + 2;
  emit(load64(kR1, kFp, kSubD));
  emit(make(BPF_ST | BPF_MEM | BPF_W, kR1, 0, static_cast<int16_t>(kSearchFail), 0));
  emit(mov_imm(kR2, 1));
  emit(mov_imm(kR3, 0));
  emit(mov_imm(kR4, 0));
  emit(load64(kR5, kR1, kWM));
  size_t skip = jump_here(jmp_reg(BPF_JGE, kR2, kR5, 0));
  size_t top = out_.size();
  emit(alu_imm(BPF_ADD, kR4, 1));
  kmp_step(static_cast<int32_t>(kCompareBuf));
  emit(mov_reg(kR0, kR2));  // fail[i] = k' (final once i advances)
  emit(alu_imm(BPF_AND, kR0, kIdx));
  emit(alu_imm(BPF_LSH, kR0, 2));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_STX | BPF_MEM | BPF_W, kR0, kR3, static_cast<int16_t>(kSearchFail), 0));
  emit(alu_reg(BPF_SUB, kR2, kR5));
  below(out_, kR2, kWM, bound);
  back_if(top);
  land(skip);

  bool last = subr == DIF_SUBR_RINDEX;
  emit(store64_imm(kFrame, kFrameTmp, -1));  // the best match so far
  emit(load64(kR1, kFp, kSubD));
  if (last) emit(mov_imm(kR2, 0));
  else emit(load64(kR2, kR1, kWStart));
  emit(mov_imm(kR3, 0));
  emit(mov_imm(kR4, 0));
  emit(load64(kR5, kR1, kWLen));
  size_t none = jump_here(jmp_reg(BPF_JGE, kR2, kR5, 0));
  top = out_.size();
  emit(alu_imm(BPF_ADD, kR4, 1));
  kmp_step(0);
  emit(alu_reg(BPF_SUB, kR2, kR5));  // i'
  emit(load64(kR5, kR1, kWM));       // matched = k' == m
  emit(mov_reg(kR0, kR3));
  emit(alu_reg(BPF_XOR, kR0, kR5));
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(store64(kR1, kWA, kR0));
  emit(alu_imm(BPF_NEG, kR5, 0));  // pos = i' - m
  emit(alu_reg(BPF_ADD, kR5, kR2));
  emit(store64(kR1, kWB, kR5));
  if (last) {  // past the start: stop with the match before
    emit(load64(kR0, kR1, kWStart));
    emit(alu_reg(BPF_SUB, kR0, kR5));
    emit(alu_imm(BPF_RSH, kR0, 63));
    emit(load64(kR5, kR1, kWA));
    emit(alu_reg(BPF_AND, kR0, kR5));
    emit(alu_reg(BPF_XOR, kR5, kR0));  // take = matched, not past
    emit(store64(kR1, kWStop, kR0));
  } else {
    emit(load64(kR5, kR1, kWA));
    emit(store64(kR1, kWStop, kR5));
  }
  emit(alu_imm(BPF_NEG, kR5, 0));  // best = take ? pos : best
  emit(load64(kR0, kR1, kWB));
  emit(alu_reg(BPF_AND, kR0, kR5));
  emit(alu_imm(BPF_XOR, kR5, -1));
  emit(store64(kR1, kWB, kR0));
  emit(load64(kR0, kFrame, kFrameTmp));
  emit(alu_reg(BPF_AND, kR0, kR5));
  emit(load64(kR5, kR1, kWB));
  emit(alu_reg(BPF_OR, kR0, kR5));
  emit(store64(kFrame, kFrameTmp, kR0));
  fall_back(kWA, 0);  // matched: k' = fail[k' - 1], for the next
  below(out_, kR2, kWLen, bound);
  emit(load64(kR5, kR1, kWStop));
  emit(alu_imm(BPF_XOR, kR5, 1));
  emit(alu_reg(BPF_AND, kR0, kR5));
  back_if(top);
  land(none);
}

// Back to top while R0 is not 0.
void Translator::back_if(size_t top) {
  emit(jmp_imm(BPF_JNE, kR0, 0,
               static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));
}

// The module's scopy() of the string at kSubB: strsize bytes of
// scratch taken, the string read into scmp's element at off, its
// length in the word at w (R0), R1 the element.
void Translator::copy_taken(uint32_t pc, int32_t off, int16_t w) {
  emit(store64_imm(kFp, kSubN, static_cast<int32_t>(s_->strsize)));
  take(pc);
  emit(load64(kR1, kFp, kSubD));
  emit(alu_imm(BPF_ADD, kR1, off));
  read_str(pc, kSubB, static_cast<int32_t>(s_->strsize));
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(load64(kR1, kFp, kSubD));
  emit(store64(kR1, w, kR0));
}

// strstr(s, p): the address of p's first match in s, or 0; index(s, p
// [, start]), rindex(s, p [, start]): its position, or -1, with the
// module's clamping of the start (index_()), without branches. Its
// scratch as the module's: strsize for the pattern's copy, 4 bytes a
// pattern byte for the failure table. Every path leaves its result in
// the frame's tmp, so that they meet in one state.
void Translator::search(uint32_t pc, unsigned rd, uint16_t subr) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  bool last = subr == DIF_SUBR_RINDEX;
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  emit(mov_reg(kR1, kR0));
  read_str(pc, kSubA, size);  // len
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(load64(kR1, kFp, kSubD));
  emit(store64(kR1, kWLen, kR0));
  size_t outside = SIZE_MAX;
  if (subr == DIF_SUBR_STRSTR) {
    emit(store64_imm(kR1, kWStart, 0));
  } else {
    if (tuple_ > 2) emit(load64(kR2, kFp, static_cast<int16_t>(kTupleKey + 16 + 16)));
    else if (last) emit(load64(kR2, kR1, kWLen));
    else emit(mov_imm(kR2, 0));
    emit(load64(kR3, kR1, kWLen));
    if (!last) {  // max(start, 0); past the end: outside
      emit(mov_reg(kR0, kR2));
      emit(alu_imm(BPF_ARSH, kR0, 63));
      emit(alu_imm(BPF_XOR, kR0, -1));
      emit(alu_reg(BPF_AND, kR2, kR0));
      emit(store64(kR1, kWStart, kR2));
      outside = jump_here(jmp_reg(BPF_JSGT, kR2, kR3, 0));
    } else {  // before the start: outside; min(start, len)
      outside = jump_here(jmp_imm(BPF_JSLT, kR2, 0, 0));
      emit(mov_reg(kR0, kR3));
      emit(alu_reg(BPF_SUB, kR0, kR2));
      emit(mov_reg(kR5, kR0));
      emit(alu_imm(BPF_ARSH, kR5, 63));
      emit(alu_reg(BPF_AND, kR0, kR5));
      emit(alu_reg(BPF_ADD, kR2, kR0));
      emit(store64(kR1, kWStart, kR2));
    }
  }
  std::vector<size_t> done;
  copy_taken(pc, kCompareBuf, kWM);  // scopy(pattern)
  emit(load64(kR2, kR1, kWStart));   // an empty pattern: at the start
  emit(store64(kFrame, kFrameTmp, kR2));
  done.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  emit(alu_imm(BPF_LSH, kR0, 2));  // the failure table
  emit(store64(kFp, kSubN, kR0));
  take(pc);
  search_loop(subr);
  if (outside != SIZE_MAX) {
    done.push_back(jump_here(ja(0)));
    // Outside the string: an empty pattern found at its edge, else -1.
    land(outside);
    emit(load64(kR1, kFp, kSubD));
    emit(alu_imm(BPF_ADD, kR1, kCompareBuf));
    read_str(pc, kSubB, size);
    emit(mov_imm(kR1, 0));
    if (!last) {
      emit(load64(kR1, kFp, kSubD));
      emit(load64(kR1, kR1, kWLen));
    }
    emit(jmp_imm(BPF_JEQ, kR0, 1, 1));
    emit(mov_imm(kR1, -1));
    emit(store64(kFrame, kFrameTmp, kR1));
  }
  for (size_t j : done) land(j);
  if (subr == DIF_SUBR_STRSTR) {  // s + pos, or 0
    emit(load64(kR0, kFrame, kFrameTmp));
    emit(load64(kR1, kFp, kSubA));  // s, a number
    emit(alu_reg(BPF_ADD, kR1, kR0));
    emit(jmp_imm(BPF_JSGE, kR0, 0, 1));
    emit(mov_imm(kR1, 0));
    emit(store64(kFrame, kFrameTmp, kR1));
  }
  emit(load64(kR0, kFrame, kFrameTmp));
  put(rd, kR0);
}

// strtok()'s delimiters: the string at kSearchFail, their set (a bit a
// byte value, as the module's) after it.
constexpr int16_t kDelims = static_cast<int16_t>(kSearchFail);
constexpr int16_t kDelimSet = static_cast<int16_t>(kSearchFail + kMaxCompare);
constexpr int32_t kTokIdx = 2 * static_cast<int32_t>(kMaxCompare) - 1;  // the string's copy: 2 * strsize

// R5 = whether byte R0 (kept) is a delimiter; R1 the element.
void Translator::is_delim() {
  emit(mov_reg(kR5, kR0));
  emit(alu_imm(BPF_RSH, kR5, 3));
  emit(alu_reg(BPF_ADD, kR5, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR5, kR5, kDelimSet, 0));
  emit(store64(kFp, kKey, kR0));
  emit(alu_imm(BPF_AND, kR0, 7));
  emit(alu_reg(BPF_RSH, kR5, kR0));
  emit(alu_imm(BPF_AND, kR5, 1));
  emit(load64(kR0, kFp, kKey));
}

// strtok(s, delim), as the module's dtrace_subr_strtok(): s NULL goes
// on from this CPU's position (kStrtokPos in scmp's element, kept from
// one firing to the next); none yet, BADADDR at 0. Its scratch as the
// module's: strsize for the delimiters' copy, strsize for the token.
// The string is copied (2 * strsize bytes at most: the module reads up
// to strsize delimiters, then strsize - 1 bytes of the token) and
// walked by loops of fixed length without branches on the data.
void Translator::strtok(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  arg_to(0, kSubA);
  arg_to(1, kSubB);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  emit(load64(kR1, kFp, kSubA));
  emit(jmp_imm(BPF_JNE, kR1, 0, 1));
  emit(load64(kR1, kR0, static_cast<int16_t>(kStrtokPos)));
  emit(store64(kFp, kSubA, kR1));
  emit(jmp_imm(BPF_JNE, kR1, 0, kFaultLen));  // the store and the fault
  emit(store64_imm(kFrame, kFrameFaultAddr, 0));
  fault_keep_addr(DTRACEFLT_BADADDR, pc);
  emit(load64(kR1, kFrame, kFrameScratch));  // the mark keep_result() gives back to
  emit(alu_imm(BPF_ADD, kR1, 7));
  emit(alu_imm(BPF_AND, kR1, -8));
  emit(store64(kFp, kSubC, kR1));
  copy_taken(pc, kDelims, kWLen);       // copy(delim)
  emit(store64_imm(kFp, kSubN, size));  // the token
  take(pc);
  emit(load64(kR1, kFp, kSubD));
  for (int16_t i = 0; i < 32; i += 8) emit(store64_imm(kR1, static_cast<int16_t>(kDelimSet + i), 0));
  emit(mov_imm(kR4, 0));
  emit(load64(kR5, kR1, kWLen));
  size_t none = jump_here(jmp_imm(BPF_JEQ, kR5, 0, 0));
  size_t top = out_.size();
  emit(mov_reg(kR0, kR4));  // set[c / 8] |= 1 << c % 8
  emit(alu_imm(BPF_AND, kR0, kIdx));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR0, kR0, kDelims, 0));
  emit(mov_reg(kR5, kR0));
  emit(alu_imm(BPF_RSH, kR5, 3));
  emit(alu_reg(BPF_ADD, kR5, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR5, kDelimSet, 0));
  emit(alu_imm(BPF_AND, kR0, 7));
  emit(mov_imm(kR2, 1));
  emit(alu_reg(BPF_LSH, kR2, kR0));
  emit(alu_reg(BPF_OR, kR3, kR2));
  emit(make(BPF_STX | BPF_MEM | BPF_B, kR5, kR3, kDelimSet, 0));
  emit(alu_imm(BPF_ADD, kR4, 1));
  below(out_, kR4, kWLen, size);
  back_if(top);
  land(none);
  emit(load64(kR1, kFp, kSubD));  // the string (unreadable: the position forgotten, as the module's)
  emit(store64_imm(kR1, static_cast<int16_t>(kStrtokPos), 0));
  read_str(pc, kSubA, 2 * size);
  emit(load64(kR1, kFp, kSubD));  // R3 = the leading delimiters, at most strsize
  emit(mov_imm(kR2, 1));
  emit(mov_imm(kR3, 0));
  emit(mov_imm(kR4, 0));
  top = out_.size();
  emit(mov_reg(kR0, kR4));
  emit(alu_imm(BPF_AND, kR0, kIdx));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR0, kR0, 0, 0));
  is_delim();
  emit(alu_reg(BPF_AND, kR2, kR5));
  emit(alu_reg(BPF_ADD, kR3, kR2));
  emit(alu_imm(BPF_ADD, kR4, 1));
  emit(jmp_imm(BPF_JLT, kR4, size,
               static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));
  emit(store64(kFp, kSubN, kR3));
  // Nothing but delimiters before the NUL: no token, the position forgotten.
  size_t some = jump_here(jmp_imm(BPF_JGE, kR3, size, 0));
  emit(alu_imm(BPF_AND, kR3, kTokIdx));
  emit(alu_reg(BPF_ADD, kR3, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR0, kR3, 0, 0));
  size_t token = jump_here(jmp_imm(BPF_JNE, kR0, 0, 0));
  emit(store64_imm(kR1, static_cast<int16_t>(kStrtokPos), 0));
  emit(store64_imm(kFrame, kFrameTmp, 0));
  emit(load64(kR1, kFp, kSubC));  // all given back
  emit(store64(kFrame, kFrameScratch, kR1));
  size_t done = jump_here(ja(0));
  land(some);
  land(token);
  emit(mov_imm(kR2, 0));  // R3 = the token's bytes, at most strsize - 1
  emit(mov_imm(kR3, 0));
  emit(mov_imm(kR4, 0));
  top = out_.size();
  emit(load64(kR0, kFp, kSubN));
  emit(alu_reg(BPF_ADD, kR0, kR4));
  emit(alu_imm(BPF_AND, kR0, kTokIdx));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR0, kR0, 0, 0));
  is_delim();
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(alu_reg(BPF_OR, kR0, kR5));
  emit(alu_reg(BPF_OR, kR2, kR0));
  emit(mov_reg(kR0, kR2));
  emit(alu_imm(BPF_XOR, kR0, 1));
  emit(alu_reg(BPF_ADD, kR3, kR0));
  emit(alu_imm(BPF_ADD, kR4, 1));
  emit(jmp_imm(BPF_JLT, kR4, size - 1,
               static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));
  // The next position: past the delimiter that ended the token (or
  // the byte the bound stopped after), at a NUL that ended it.
  emit(store64(kFp, kLoadBuf, kR3));
  emit(mov_imm(kR5, 1));
  size_t bounded = jump_here(jmp_imm(BPF_JEQ, kR3, size - 1, 0));
  emit(load64(kR0, kFp, kSubN));
  emit(alu_reg(BPF_ADD, kR0, kR3));
  emit(alu_imm(BPF_AND, kR0, kTokIdx));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR5, kR0, 0, 0));
  emit(jmp_imm(BPF_JEQ, kR5, 0, 1));
  emit(mov_imm(kR5, 1));
  land(bounded);
  emit(load64(kR0, kFp, kSubA));
  emit(alu_reg(BPF_ADD, kR0, kR5));
  emit(load64(kR5, kFp, kSubN));
  emit(alu_reg(BPF_ADD, kR0, kR5));
  emit(alu_reg(BPF_ADD, kR0, kR3));
  emit(store64(kR1, static_cast<int16_t>(kStrtokPos), kR0));
  scratch_at(0);  // the token, after which the taken bytes are zero
  emit(load64(kR2, kFp, kLoadBuf));
  emit(jmp_imm(BPF_JLE, kR2, size - 1, 1));
  emit(mov_imm(kR2, size - 1));
  emit(load64(kR3, kFp, kSubD));
  emit(load64(kR4, kFp, kSubN));
  emit(alu_imm(BPF_AND, kR4, kTokIdx));
  emit(alu_reg(BPF_ADD, kR3, kR4));
  emit(call(BPF_FUNC_probe_read_kernel));
  // keep_result(): the token moved to the mark (over the delimiters'
  // copy, at least 8 bytes before it), zero to its words' end.
  auto at_mark = [&](uint8_t len) {  // R1 = the mark's pointer, R<len> the token's length
    emit(load64(kR1, kFp, kSubC));
    emit(load64(kR2, kFp, kScrPtr));
    emit(alu_reg(BPF_ADD, kR1, kR2));
    emit(load64(len, kFp, kLoadBuf));
    emit(jmp_imm(BPF_JLE, len, size - 1, 1));
    emit(mov_imm(len, size - 1));
  };
  emit(load64(kR1, kFp, kSubC));
  emit(jmp_imm(BPF_JLE, kR1, static_cast<int32_t>(kScratchMax), 1));
  emit(mov_imm(kR1, 0));
  emit(store64(kFp, kSubC, kR1));
  at_mark(kR2);
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(load64(kR3, kFp, kScrBase));
  emit(load64(kR4, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR3, kR4));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  at_mark(kR0);
  emit(alu_reg(BPF_ADD, kR1, kR0));
  emit(store64_imm(kR1, 0, 0));
  emit(load64(kR1, kFp, kSubC));
  emit(store64(kFp, kSubP, kR1));
  keep_string(rd);
  emit(store64(kFrame, kFrameTmp, kR0));
  land(done);
  emit(load64(kR0, kFrame, kFrameTmp));
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
    case DIF_SUBR_STRSTR:
    case DIF_SUBR_INDEX:
    case DIF_SUBR_RINDEX: search(pc, rd, subr); break;
    case DIF_SUBR_STRTOK: strtok(pc, rd); break;
    case DIF_SUBR_CLEANPATH: cleanpath(pc, rd); break;
    case DIF_SUBR_BASENAME: pathpart(pc, rd, false); break;
    case DIF_SUBR_DIRNAME: pathpart(pc, rd, true); break;
    default: strchr_(pc, rd, true); break;
  }
  return Ok{};
}

}  // namespace dtrace::bpf::detail
