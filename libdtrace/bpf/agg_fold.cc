#include "bpf/agg_fold.h"

#include <cstdint>

extern "C" {
#include "dtrace/actions.h"
#include "dtrace/buf.h"
#include "dtrace/prog.h"
}

namespace dtrace::bpf {
namespace {

constexpr int16_t word(uint32_t i) { return static_cast<int16_t>(kAggValue + 8 * i); }

constexpr bpf_insn neg(uint8_t r) { return make(BPF_ALU64 | BPF_NEG, r, 0, 0, 0); }

// value word i += src.
void add_to(Builder& b, uint32_t i, uint8_t src) {
  b.emit(load64(kR0, kR6, word(i)));
  b.emit(alu_reg(BPF_ADD, kR0, src));
  b.emit(store64(kR6, word(i), kR0));
}

void add_one(Builder& b, uint32_t i) {
  b.emit(load64(kR0, kR6, word(i)));
  b.emit(alu_imm(BPF_ADD, kR0, 1));
  b.emit(store64(kR6, word(i), kR0));
}

// R2 = |R8| as the module's uint64 (INT64_MIN's is 2^63).
void abs_r8(Builder& b) {
  b.emit(mov_reg(kR2, kR8));
  b.emit(jmp_imm(BPF_JSGE, kR8, 0, 1));
  b.emit(neg(kR2));
}

// R3 = the bits of R2 (64 - clz), by halves; R2 and R4 clobbered.
void bit_length(Builder& b) {
  b.emit(mov_imm(kR3, 0));
  for (int32_t s : {32, 16, 8, 4, 2, 1}) {
    b.emit(mov_reg(kR4, kR2));
    b.emit(alu_imm(BPF_RSH, kR4, s));
    b.emit(jmp_imm(BPF_JEQ, kR4, 0, 2));
    b.emit(alu_imm(BPF_ADD, kR3, s));
    b.emit(mov_reg(kR2, kR4));
  }
  b.emit(jmp_imm(BPF_JEQ, kR2, 0, 1));
  b.emit(alu_imm(BPF_ADD, kR3, 1));
}

// value word first + R1 += R9, R1 below nwords (the bound the verifier
// wants; the buckets computed are always below it).
void bucket_add(Builder& b, uint32_t first, uint32_t nwords) {
  size_t skip = b.new_label();
  b.jump(BPF_JGE, kR1, static_cast<int32_t>(nwords), skip);
  b.emit(alu_imm(BPF_LSH, kR1, 3));
  b.emit(alu_reg(BPF_ADD, kR1, kR6));
  b.emit(load64(kR0, kR1, word(first)));
  b.emit(alu_reg(BPF_ADD, kR0, kR9));
  b.emit(store64(kR1, word(first), kR0));
  b.bind(skip);
}

// quantize_bucket(): 63 for 0, 63 + bits(v) above, 63 - bits(|v|) below
// (at least 0).
void quantize(Builder& b) {
  size_t add = b.new_label(), pos = b.new_label();
  b.emit(mov_imm(kR1, DTRACE_QUANTIZE_ZEROBUCKET));
  b.jump(BPF_JEQ, kR8, 0, add);
  abs_r8(b);
  b.jump(BPF_JSGT, kR8, 0, pos);
  bit_length(b);
  b.emit(alu_reg(BPF_SUB, kR1, kR3));
  b.jump(BPF_JSGE, kR1, 0, add);
  b.emit(mov_imm(kR1, 0));
  b.jump(BPF_JA, 0, 0, add);
  b.bind(pos);
  bit_length(b);
  b.emit(alu_reg(BPF_ADD, kR1, kR3));
  b.bind(add);
  bucket_add(b, 0, DTRACE_QUANTIZE_NBUCKETS);
}

// lquantize_bucket(): 0 below base, levels + 1 from base + levels * step.
void lquantize(Builder& b, uint64_t arg) {
  int64_t base = DTRACE_LQUANTIZE_BASE(arg), levels = DTRACE_LQUANTIZE_LEVELS(arg);
  int64_t step = DTRACE_LQUANTIZE_STEP(arg);
  size_t add = b.new_label();
  b.emit(mov_imm(kR1, 0));
  b.jump(BPF_JSLT, kR8, static_cast<int32_t>(base), add);
  b.emit(mov_imm(kR1, static_cast<int32_t>(levels + 1)));
  b.emit_ld64(kR2, static_cast<uint64_t>(base + levels * step));
  b.jump_reg(BPF_JSGE, kR8, kR2, add);
  b.emit(mov_reg(kR1, kR8));
  b.emit(alu_imm(BPF_SUB, kR1, static_cast<int32_t>(base)));
  b.emit(alu_imm(BPF_DIV, kR1, static_cast<int32_t>(step)));
  b.emit(alu_imm(BPF_ADD, kR1, 1));
  b.bind(add);
  bucket_add(b, 1, static_cast<uint32_t>(levels + 2));
}

// llquantize_bucket() with llquantize_offset()'s loop unrolled over the
// magnitudes (the parameters are constants; the module's checks keep
// F^(H+1) below 2^63).
void llquantize(Builder& b, const dtbpf_agg& agg) {
  uint64_t f = DTRACE_LLQUANTIZE_FACTOR(agg.arg), lo = DTRACE_LLQUANTIZE_LOW(agg.arg);
  uint64_t hi = DTRACE_LLQUANTIZE_HIGH(agg.arg), s = DTRACE_LLQUANTIZE_NSTEP(agg.arg);
  uint64_t sf = s / f, c = s - sf, p = 1;
  uint32_t nbuckets = (agg.valsize - 8) / 8, zero = nbuckets / 2;
  size_t add = b.new_label(), have = b.new_label(), negative = b.new_label();
  for (uint64_t m = 0; m < lo; m++) p *= f;
  abs_r8(b);
  b.emit(mov_imm(kR1, static_cast<int32_t>(zero)));
  b.emit_ld64(kR3, p);
  b.jump_reg(BPF_JLT, kR2, kR3, add);
  for (uint64_t m = lo; m <= hi; m++) {
    uint64_t next = p * f;
    size_t beyond = b.new_label();
    b.emit_ld64(kR4, next);
    b.jump_reg(BPF_JGE, kR2, kR4, beyond);
    b.emit(mov_reg(kR3, kR2));
    if (m == 0 && s > f) {  // 1 .. F-1, sf buckets apart
      b.emit(alu_imm(BPF_SUB, kR3, 1));
      b.emit(alu_imm(BPF_MUL, kR3, static_cast<int32_t>(sf)));
    } else {
      b.emit_ld64(kR4, next / s);
      b.emit(alu_reg(BPF_DIV, kR3, kR4));
      b.emit_ld64(kR4, (m - lo) * c - sf);
      b.emit(alu_reg(BPF_ADD, kR3, kR4));
    }
    b.jump(BPF_JA, 0, 0, have);
    b.bind(beyond);
    p = next;
  }
  b.emit_ld64(kR3, (hi - lo + 1) * c);  // >= F^(H+1): the last
  b.bind(have);
  b.jump(BPF_JSLT, kR8, 0, negative);
  b.emit(mov_reg(kR1, kR3));
  b.emit(alu_imm(BPF_ADD, kR1, static_cast<int32_t>(zero + 1)));
  b.jump(BPF_JA, 0, 0, add);
  b.bind(negative);
  b.emit(mov_imm(kR1, static_cast<int32_t>(zero - 1)));
  b.emit(alu_reg(BPF_SUB, kR1, kR3));
  b.bind(add);
  bucket_add(b, 1, nbuckets);
}

// add_square(): R8 squared, exact in 128 bits, added to words i (low)
// and i + 1 (high).
void add_square(Builder& b, uint32_t i) {
  abs_r8(b);                          // a
  b.emit(mov_reg(kR3, kR2));          // ah = a >> 32
  b.emit(alu_imm(BPF_RSH, kR3, 32));  //
  b.emit(alu_imm(BPF_LSH, kR2, 32));  // al = a & 0xffffffff
  b.emit(alu_imm(BPF_RSH, kR2, 32));  //
  b.emit(mov_reg(kR4, kR2));          // ll = al * al
  b.emit(alu_reg(BPF_MUL, kR4, kR2));
  b.emit(mov_reg(kR5, kR2));  // lh = al * ah
  b.emit(alu_reg(BPF_MUL, kR5, kR3));
  b.emit(alu_reg(BPF_MUL, kR3, kR3));  // hh = ah * ah
  b.emit(mov_reg(kR0, kR5));           // lo = ll + (lh << 33)
  b.emit(alu_imm(BPF_LSH, kR0, 33));
  b.emit(alu_reg(BPF_ADD, kR0, kR4));
  b.emit(alu_imm(BPF_RSH, kR5, 31));  // hi = hh + (lh >> 31)
  b.emit(alu_reg(BPF_ADD, kR3, kR5));
  b.emit(jmp_reg(BPF_JGE, kR0, kR4, 1));  // lo < ll: carry
  b.emit(alu_imm(BPF_ADD, kR3, 1));
  b.emit(load64(kR1, kR6, word(i)));  // sq[0] += lo
  b.emit(alu_reg(BPF_ADD, kR1, kR0));
  b.emit(store64(kR6, word(i), kR1));
  b.emit(jmp_reg(BPF_JGE, kR1, kR0, 1));  // sq[1] += hi + (sq[0] < lo)
  b.emit(alu_imm(BPF_ADD, kR3, 1));
  add_to(b, i + 1, kR3);
}

// min (JSGE: keep) or max (JSLE: keep).
void extreme(Builder& b, uint8_t keep) {
  b.emit(load64(kR0, kR6, word(0)));
  b.emit(jmp_reg(keep, kR8, kR0, 1));
  b.emit(store64(kR6, word(0), kR8));
}

}  // namespace

void emit_agg_init(Builder& b, const dtbpf_agg& agg) {
  if (agg.kind == DTRACEACT_AGG_MIN) b.emit_ld64(kR1, static_cast<uint64_t>(INT64_MAX));
  if (agg.kind == DTRACEACT_AGG_MAX) b.emit_ld64(kR1, static_cast<uint64_t>(INT64_MIN));
  if (agg.kind == DTRACEACT_AGG_LQUANTIZE || agg.kind == DTRACEACT_AGG_LLQUANTIZE) b.emit_ld64(kR1, agg.arg);
  if (agg.kind == DTRACEACT_AGG_MIN || agg.kind == DTRACEACT_AGG_MAX || agg.kind == DTRACEACT_AGG_LQUANTIZE ||
      agg.kind == DTRACEACT_AGG_LLQUANTIZE)
    b.emit(store64(kR6, word(0), kR1));
  b.emit(store64_imm(kR6, 0, 1));
}

void emit_agg_fold(Builder& b, const dtbpf_agg& agg) {
  switch (agg.kind) {
    case DTRACEACT_AGG_COUNT: add_one(b, 0); break;
    case DTRACEACT_AGG_SUM: add_to(b, 0, kR8); break;
    case DTRACEACT_AGG_MIN: extreme(b, BPF_JSGE); break;
    case DTRACEACT_AGG_MAX: extreme(b, BPF_JSLE); break;
    case DTRACEACT_AGG_AVG:
      add_one(b, 0);
      add_to(b, 1, kR8);
      break;
    case DTRACEACT_AGG_STDDEV:
      add_one(b, 0);
      add_to(b, 1, kR8);
      add_square(b, 2);
      break;
    case DTRACEACT_AGG_QUANTIZE: quantize(b); break;
    case DTRACEACT_AGG_LQUANTIZE: lquantize(b, agg.arg); break;
    default: llquantize(b, agg); break;
  }
}

}  // namespace dtrace::bpf
