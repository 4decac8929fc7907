#include "bpf/ustack_prog.h"

#include <utility>

extern "C" {
#include "dtrace/ustack.h"
}

namespace dtrace::bpf {
namespace {

// Stack slots in the dynamic variables' tuple key (translator.h), dead
// while a ustack() is copied: the page buffer, the first page's
// address, the pages read, the user sp.
constexpr int16_t kBuf = -184, kBase = -192, kGot = -200, kSp = -208;
// The digest's bpf_loop() context (kCtx + ...): the staging element,
// the index of the bytes' first word there, the two lanes.
constexpr int16_t kCtx = -240;
constexpr int16_t kCtxPtr = 0, kCtxFirst = 8, kCtxLane1 = 16, kCtxLane2 = 24;

// xxHash64's primes: the lanes' multipliers and seeds.
constexpr uint64_t kP1 = 0x9E3779B185EBCA87ull, kP2 = 0xC2B2AE3D27D4EB4Full, kP3 = 0x165667B19E3779F9ull,
                   kP4 = 0x85EBCA77C2B2AE63ull, kP5 = 0x27D4EB2F165667C5ull;

// The pid, then the user pcs innermost first, found by frame pointers
// (the helper get_stack's user stack, the task's user registers
// whatever the context); R0 = get_stack's result.
void frames(Builder& b, int16_t at, uint64_t arg) {
  b.emit(call(BPF_FUNC_get_current_pid_tgid));
  b.emit(alu_imm(BPF_RSH, kR0, 32));
  b.emit(store64(kR7, at, kR0));
  b.emit(load64(kR1, kFp, kCtxSlot));
  b.emit(mov_reg(kR2, kR7));
  b.emit(alu_imm(BPF_ADD, kR2, at + 8));
  b.emit(mov_imm(kR3, static_cast<int32_t>(8 * DTRACE_USTACK_NFRAMES(arg))));
  b.emit(mov_imm(kR4, BPF_F_USER_STACK));
  b.emit(call(BPF_FUNC_get_stack));
}

// The user pc, sp and fp to the block at R7 + blk: a uprobe's context,
// else bpf_task_pt_regs() of the current task.
void user_regs(Builder& b, const StackSkip& skip, int16_t blk) {
  if (skip.user_ctx) {
    b.emit(load64(kR6, kFp, kCtxSlot));
    for (auto [to, from] : {std::pair{0, 128}, {8, 152}, {16, 32}}) {
      b.emit(load64(kR1, kR6, static_cast<int16_t>(from)));
      b.emit(store64(kR7, static_cast<int16_t>(blk + to), kR1));
    }
    return;
  }
  b.emit(call(BPF_FUNC_get_current_task_btf));
  b.emit(mov_reg(kR1, kR0));
  b.emit(call(BPF_FUNC_task_pt_regs));
  b.emit(mov_reg(kR6, kR0));
  for (auto [to, from] : {std::pair{0, 128}, {8, 152}, {16, 32}}) {
    b.emit(mov_reg(kR1, kR7));
    b.emit(alu_imm(BPF_ADD, kR1, blk + to));
    b.emit(mov_imm(kR2, 8));
    b.emit(mov_reg(kR3, kR6));
    b.emit(alu_imm(BPF_ADD, kR3, from));
    b.emit(call(BPF_FUNC_probe_read_kernel));
  }
}

// The pages of user stack from the block's sp into the per-CPU buffer
// (BPF_FUNC_probe_read_user of whole pages) so that the first page
// that cannot be read ends the copy, the later ones zero; the block's
// len (at most n) and flags. Without the buffer, to none.
void read_pages(Builder& b, const StackSkip& skip, int16_t blk, uint32_t n, uint32_t pages, size_t none) {
  lookup_first(b, skip.ubuf);
  b.jump(BPF_JEQ, kR0, 0, none);
  b.emit(store64(kFp, kBuf, kR0));
  b.emit(load64(kR1, kR7, static_cast<int16_t>(blk + 8)));
  b.emit(store64(kFp, kSp, kR1));
  b.emit(alu_imm(BPF_AND, kR1, -4096));
  b.emit(store64(kFp, kBase, kR1));
  b.emit(store64_imm(kFp, kGot, static_cast<int32_t>(pages)));
  for (uint32_t i = 0; i < pages; i++) {
    size_t next = b.new_label(), zero = b.new_label();
    b.emit(load64(kR1, kFp, kBuf));
    b.emit(alu_imm(BPF_ADD, kR1, static_cast<int32_t>(4096 * i)));
    b.emit(mov_imm(kR2, 4096));
    b.emit(load64(kR3, kFp, kBase));
    b.emit(alu_imm(BPF_ADD, kR3, static_cast<int32_t>(4096 * i)));
    b.emit(call(BPF_FUNC_probe_read_user));
    b.jump(BPF_JEQ, kR0, 0, next);
    // The first page that could not be read: the copy ends there, and
    // the later pages are read from near 0, which fails, zeroing them.
    b.emit(load64(kR1, kFp, kGot));
    b.jump(BPF_JNE, kR1, static_cast<int32_t>(pages), zero);
    b.emit(store64_imm(kFp, kGot, static_cast<int32_t>(i)));
    b.bind(zero);
    b.emit(store64_imm(kFp, kBase, 0));
    b.bind(next);
  }
  // The bytes copied: the pages read less sp's offset in the first, at most n.
  b.emit(load64(kR1, kFp, kGot));
  b.emit(alu_imm(BPF_LSH, kR1, 12));
  b.emit(load64(kR2, kFp, kSp));
  b.emit(alu_imm(BPF_AND, kR2, 4095));
  b.emit(alu_reg(BPF_SUB, kR1, kR2));
  b.emit(jmp_imm(BPF_JSGE, kR1, 0, 1));
  b.emit(mov_imm(kR1, 0));
  b.emit(jmp_imm(BPF_JSLE, kR1, static_cast<int32_t>(n), 1));
  b.emit(mov_imm(kR1, static_cast<int32_t>(n)));
  b.emit(make(BPF_STX | BPF_MEM | BPF_W, kR7, kR1, static_cast<int16_t>(blk + 24), 0));
  b.emit(make(BPF_ST | BPF_MEM | BPF_W, kR7, 0, static_cast<int16_t>(blk + 28),
              DTRACE_USTACK_VALID | (skip.at_entry ? DTRACE_USTACK_ENTRY : 0)));
}

// n bytes to R1 (set by the caller) from the page buffer at sp, or
// zeros (a read from 0, which fails) when not from_stack.
void copy_bytes(Builder& b, uint32_t n, bool from_stack) {
  b.emit(mov_imm(kR2, static_cast<int32_t>(n)));
  if (!from_stack) {
    b.emit(mov_imm(kR3, 0));
  } else {
    b.emit(load64(kR3, kFp, kBuf));
    b.emit(load64(kR4, kFp, kSp));
    b.emit(alu_imm(BPF_AND, kR4, 4095));
    b.emit(alu_reg(BPF_ADD, kR3, kR4));
  }
  b.emit(call(BPF_FUNC_probe_read_kernel));
}

// R1 = the staging element + to.stage, its address in the digest's
// context; to end without it.
void stage_at(Builder& b, const UstackStage& to, size_t end) {
  lookup_first(b, to.map);
  b.jump(BPF_JEQ, kR0, 0, end);
  b.emit(store64(kFp, kCtx + kCtxPtr, kR0));
  b.emit(mov_reg(kR1, kR0));
  b.emit(alu_imm(BPF_ADD, kR1, static_cast<int32_t>(to.stage)));
}

// The digest of the n staged bytes to R7 + at: the callback (below)
// folds each word into two lanes, the 128 bits in the key.
void digest(Builder& b, const UstackStage& to, uint32_t n, int16_t at) {
  if (b.ustack_sub == SIZE_MAX) b.ustack_sub = b.new_sub();
  b.emit(store64_imm(kFp, kCtx + kCtxFirst, static_cast<int32_t>(to.stage / 8)));
  b.emit_ld64(kR1, kP5);
  b.emit(store64(kFp, kCtx + kCtxLane1, kR1));
  b.emit_ld64(kR1, kP1 + kP2);
  b.emit(store64(kFp, kCtx + kCtxLane2, kR1));
  b.emit(mov_imm(kR1, static_cast<int32_t>(n / 8)));
  b.func_ref(kR2, b.ustack_sub);
  b.emit(mov_reg(kR3, kFp));
  b.emit(alu_imm(BPF_ADD, kR3, kCtx));
  b.emit(mov_imm(kR4, 0));
  b.emit(call(BPF_FUNC_loop));
  b.emit(load64(kR1, kFp, kCtx + kCtxLane1));
  b.emit(store64(kR7, at, kR1));
  b.emit(load64(kR1, kFp, kCtx + kCtxLane2));
  b.emit(store64(kR7, static_cast<int16_t>(at + 8), kR1));
}

// One lane of the callback: lane = rotl(lane OP word * mul, rot) * mul2
// (xxHash64's round with OP +), a bijection of the lane for each word
// and of the word for each lane, so that two inputs that differ in one
// word never have the same digest. R4 the word, R2 the context.
void lane(Builder& b, int16_t slot, uint8_t op, uint64_t mul, int32_t rot, uint64_t mul2) {
  b.emit(load64(kR5, kR2, slot));
  b.emit_ld64(kR0, mul);
  b.emit(alu_reg(BPF_MUL, kR0, kR4));
  b.emit(alu_reg(op, kR5, kR0));
  b.emit(mov_reg(kR0, kR5));
  b.emit(alu_imm(BPF_LSH, kR5, rot));
  b.emit(alu_imm(BPF_RSH, kR0, 64 - rot));
  b.emit(alu_reg(BPF_OR, kR5, kR0));
  b.emit_ld64(kR0, mul2);
  b.emit(alu_reg(BPF_MUL, kR5, kR0));
  b.emit(store64(kR2, slot, kR5));
}

}  // namespace

void emit_ustack(Builder& b, const StackSkip& skip, int16_t at, uint64_t arg, const UstackStage* to) {
  frames(b, at, arg);
  const uint32_t n = DTRACE_USTACK_BYTES(arg);
  const uint32_t pages = (4095 + n + 4095) / 4096;
  const auto blk = static_cast<int16_t>(at + DTRACE_USTACK_BLOCK_OFF(arg));
  const auto bytes = static_cast<int16_t>(blk + sizeof(dtrace_ustack_regs));
  // BEGIN, END and ERROR (syscall programs) have no user context: the
  // block stays zero, without DTRACE_USTACK_VALID.
  const bool fill = n != 0 && skip.ublock && skip.ubuf >= 0 && pages <= kUstackPages;
  size_t none = b.new_label(), end = b.new_label();
  if (to == nullptr) {
    if (!fill) return;
    b.jump(BPF_JSLE, kR0, 0, none);  // no user stack (a kernel thread)
    user_regs(b, skip, blk);
    read_pages(b, skip, blk, n, pages, none);
    b.emit(mov_reg(kR1, kR7));
    b.emit(alu_imm(BPF_ADD, kR1, bytes));
    copy_bytes(b, n, true);
    b.bind(none);
    return;
  }
  // Staged: the bytes, or zeros where there are none, and their digest.
  size_t staged = b.new_label();
  if (fill) {
    b.jump(BPF_JSLE, kR0, 0, none);
    user_regs(b, skip, blk);
    read_pages(b, skip, blk, n, pages, none);
    stage_at(b, *to, end);
    copy_bytes(b, n, true);
    b.jump(BPF_JA, 0, 0, staged);
  }
  b.bind(none);
  stage_at(b, *to, end);
  copy_bytes(b, n, false);
  b.bind(staged);
  digest(b, *to, n, bytes);
  b.bind(end);
}

void emit_ustack_subs(Builder& b) {
  if (b.ustack_sub == SIZE_MAX) return;
  // R1 the word's index from the first, R2 the context; 0 (go on).
  b.place(b.ustack_sub);
  size_t out = b.new_label();
  b.emit(load64(kR3, kR2, kCtxFirst));
  b.emit(alu_reg(BPF_ADD, kR1, kR3));
  b.jump(BPF_JGE, kR1, kUstackStage / 8, out);  // for the verifier: within the element
  b.emit(alu_imm(BPF_LSH, kR1, 3));
  b.emit(load64(kR3, kR2, kCtxPtr));
  b.emit(alu_reg(BPF_ADD, kR3, kR1));
  b.emit(load64(kR4, kR3, 0));
  lane(b, kCtxLane1, BPF_ADD, kP2, 31, kP1);
  lane(b, kCtxLane2, BPF_XOR, kP3, 27, kP4);
  b.bind(out);
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}

}  // namespace dtrace::bpf
