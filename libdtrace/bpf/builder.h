// BPF code under construction for one probe's program (probe_prog.h):
// calls to subprograms and jumps to labels, resolved once the code is
// laid out.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bpf/insn.h"
#include "util/result.h"

namespace dtrace::bpf {

// The kernel's limit on a program's functions (MAX_SUBPROGS).
constexpr size_t kMaxSubprograms = 256;

class Builder {
 public:
  std::vector<bpf_insn> code;

  void emit(bpf_insn i) { code.push_back(i); }
  void emit_ld64(uint8_t dst, uint64_t v, uint8_t src = 0) {
    bpf_insn two[2];
    ld_imm64(two, dst, v, src);
    code.push_back(two[0]);
    code.push_back(two[1]);
  }
  // A call to subprogram n (its start given to place()).
  void call_sub(size_t n) {
    calls_.push_back({code.size(), n});
    emit(make(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0));
  }
  // reg = subprogram n, a callback (BPF_PSEUDO_FUNC) for a helper.
  void func_ref(uint8_t reg, size_t n) {
    calls_.push_back({code.size(), n});
    emit_ld64(reg, 0, BPF_PSEUDO_FUNC);
  }
  // The subprogram chill()'s bpf_loop() calls (probe_prog.cc), once a
  // program needs it.
  size_t chill_sub = SIZE_MAX;
  // The callback of the digest of an aggregation key's stack bytes
  // (ustack_prog.h), once a program needs it.
  size_t ustack_sub = SIZE_MAX;
  // A jump (op, or BPF_JA) to label n; jump_reg compares two registers.
  void jump(uint8_t op, uint8_t reg, int32_t imm, size_t label) {
    jumps_.push_back({code.size(), label});
    emit(op == BPF_JA ? ja(0) : jmp_imm(op, reg, imm, 0));
  }
  void jump_reg(uint8_t op, uint8_t dst, uint8_t src, size_t label) {
    jumps_.push_back({code.size(), label});
    emit(jmp_reg(op, dst, src, 0));
  }
  // R0 = map's element whose key is the 4 bytes at fp - 8, or a jump to
  // miss when it has none (R1 to R5 clobbered).
  void lookup_fp8(int map, size_t miss) {
    emit_ld64(kR1, static_cast<uint64_t>(map), BPF_PSEUDO_MAP_FD);
    emit(mov_reg(kR2, kFp));
    emit(alu_imm(BPF_ADD, kR2, -8));
    emit(call(BPF_FUNC_map_lookup_elem));
    jump(BPF_JEQ, kR0, 0, miss);
  }
  size_t new_label() {
    labels_.push_back(SIZE_MAX);
    return labels_.size() - 1;
  }
  void bind(size_t label) { labels_[label] = code.size(); }
  size_t new_sub() {
    subs_.push_back(SIZE_MAX);
    return subs_.size() - 1;
  }
  void place(size_t sub) { subs_[sub] = code.size(); }

  Status resolve() {
    if (subs_.size() + 1 > kMaxSubprograms)
      return make_error("a probe program of " + std::to_string(subs_.size() + 1) +
                        " BPF subprograms (one a clause) is not supported by the bpf backend, which the "
                        "kernel limits to " +
                        std::to_string(kMaxSubprograms));
    for (auto [at, l] : jumps_) {
      int64_t off = static_cast<int64_t>(labels_[l]) - static_cast<int64_t>(at) - 1;
      if (off < INT16_MIN || off > INT16_MAX)
        return make_error("a probe program this long is not supported by the bpf backend");
      code[at].off = static_cast<int16_t>(off);
    }
    for (auto [at, s] : calls_) code[at].imm = static_cast<int32_t>(subs_[s]) - static_cast<int32_t>(at) - 1;
    return Ok{};
  }

 private:
  std::vector<std::pair<size_t, size_t>> calls_, jumps_;
  std::vector<size_t> labels_, subs_;
};

// reg = the address of the element of a one-element array map: a
// constant the kernel fills in (BPF_PSEUDO_MAP_VALUE), no lookup.
inline void map_value(Builder& b, uint8_t reg, int fd) {
  b.emit_ld64(reg, static_cast<uint32_t>(fd), BPF_PSEUDO_MAP_VALUE);
}

// R0 = the element of a one-element map (key 0 at fp - 8), or 0.
inline void lookup_first(Builder& b, int fd) {
  b.emit(store64_imm(kFp, -8, 0));
  b.emit_ld64(kR1, static_cast<uint64_t>(fd), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, kFp));
  b.emit(alu_imm(BPF_ADD, kR2, -8));
  b.emit(call(BPF_FUNC_map_lookup_elem));
}

}  // namespace dtrace::bpf
