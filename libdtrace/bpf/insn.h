// BPF instruction encoding: one constructor per instruction shape the
// translator emits, over the kernel's own struct bpf_insn (linux/bpf.h),
// so what we hand to bpf(BPF_PROG_LOAD) is what we built, byte for byte.
#pragma once

#include <linux/bpf.h>

#include <cstdint>

namespace dtrace::bpf {

// BPF registers by role (the kernel's calling convention).
enum Reg : uint8_t {
  kR0 = 0,  // return value; helper results
  kR1,      // first argument; clobbered by calls
  kR2,
  kR3,
  kR4,
  kR5,
  kR6,  // callee-saved: kept across helper calls
  kR7,
  kR8,
  kR9,
  kFp,  // R10: read-only frame pointer
};

constexpr bpf_insn make(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm) {
  bpf_insn i{};
  i.code = code;
  i.dst_reg = dst & 0xf;
  i.src_reg = src & 0xf;
  i.off = off;
  i.imm = imm;
  return i;
}

// dst OP= src, 64-bit. (No ISA v4 forms: the kernels before 6.6 refuse
// them.)
constexpr bpf_insn alu_reg(uint8_t op, uint8_t dst, uint8_t src) {
  return make(BPF_ALU64 | op | BPF_X, dst, src, 0, 0);
}
// dst OP= imm (imm sign-extended to 64 bits).
constexpr bpf_insn alu_imm(uint8_t op, uint8_t dst, int32_t imm) {
  return make(BPF_ALU64 | op | BPF_K, dst, 0, 0, imm);
}
constexpr bpf_insn mov_reg(uint8_t dst, uint8_t src) { return alu_reg(BPF_MOV, dst, src); }
constexpr bpf_insn mov_imm(uint8_t dst, int32_t imm) { return alu_imm(BPF_MOV, dst, imm); }

// dst = *(u64 *)(src + off); *(u64 *)(dst + off) = src; ... = imm.
constexpr bpf_insn load64(uint8_t dst, uint8_t src, int16_t off) {
  return make(BPF_LDX | BPF_MEM | BPF_DW, dst, src, off, 0);
}
constexpr bpf_insn store64(uint8_t dst, int16_t off, uint8_t src) {
  return make(BPF_STX | BPF_MEM | BPF_DW, dst, src, off, 0);
}
// The BPF_SIZE of a 1, 2, 4 or 8-byte access (anything else: 8).
constexpr uint8_t size_code(uint32_t size) {
  return size == 1 ? BPF_B : size == 2 ? BPF_H : size == 4 ? BPF_W : BPF_DW;
}
constexpr bpf_insn store64_imm(uint8_t dst, int16_t off, int32_t imm) {
  return make(BPF_ST | BPF_MEM | BPF_DW, dst, 0, off, imm);
}

// A 64-bit constant: two instruction slots. src = BPF_PSEUDO_MAP_FD
// makes imm a map's file descriptor, which the kernel turns into the map.
inline void ld_imm64(bpf_insn out[2], uint8_t dst, uint64_t v, uint8_t src = 0) {
  out[0] = make(BPF_LD | BPF_DW | BPF_IMM, dst, src, 0, static_cast<int32_t>(static_cast<uint32_t>(v)));
  out[1] = make(0, 0, 0, 0, static_cast<int32_t>(static_cast<uint32_t>(v >> 32)));
}

// if (dst OP src) goto pc + 1 + off; OP is BPF_JEQ etc.
constexpr bpf_insn jmp_reg(uint8_t op, uint8_t dst, uint8_t src, int16_t off) {
  return make(BPF_JMP | op | BPF_X, dst, src, off, 0);
}
constexpr bpf_insn jmp_imm(uint8_t op, uint8_t dst, int32_t imm, int16_t off) {
  return make(BPF_JMP | op | BPF_K, dst, 0, off, imm);
}
constexpr bpf_insn ja(int16_t off) { return make(BPF_JMP | BPF_JA, 0, 0, off, 0); }
constexpr bpf_insn call(int32_t helper) { return make(BPF_JMP | BPF_CALL, 0, 0, 0, helper); }
constexpr bpf_insn exit_insn() { return make(BPF_JMP | BPF_EXIT, 0, 0, 0, 0); }

}  // namespace dtrace::bpf
