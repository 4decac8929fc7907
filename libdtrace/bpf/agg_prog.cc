#include "bpf/agg_prog.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>

#include "bpf/agg_fold.h"

extern "C" {
#include "dtrace/ustack.h"
}

namespace dtrace::bpf {
namespace {

// R0 = the aggregation's entry for the key at key, or 0.
void lookup_key(Builder& b, int fd, KeyAt key) {
  b.emit_ld64(kR1, static_cast<uint64_t>(fd), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, key.reg));
  b.emit(alu_imm(BPF_ADD, kR2, key.off));
  b.emit(call(BPF_FUNC_map_lookup_elem));
}

// The index of a keyless aggregation's element: below kStackKey (the
// DIFOs' registers there are dead once the value and weight are in R8
// and R9).
constexpr int16_t kSlotAt = -24;

// Before a new entry is made: the staged stack bytes of its key kept in
// blocks (BPF_NOEXIST: the same key's are the same bytes), so that
// AGGSNAP finds them once it finds the entry; R6 = 1 when this firing
// kept them. A full map of them is a drop.
void keep_blocks(Builder& b, int blocks, int stage, KeyAt key, size_t drop) {
  size_t kept = b.new_label();
  b.emit(mov_imm(kR6, 0));
  lookup_first(b, stage);
  b.jump(BPF_JEQ, kR0, 0, drop);
  b.emit(mov_reg(kR3, kR0));
  b.emit_ld64(kR1, static_cast<uint64_t>(blocks), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, key.reg));
  b.emit(alu_imm(BPF_ADD, kR2, key.off));
  b.emit(mov_imm(kR4, BPF_NOEXIST));
  b.emit(call(BPF_FUNC_map_update_elem));
  b.jump(BPF_JEQ, kR0, -EEXIST, kept);
  b.jump(BPF_JNE, kR0, 0, drop);
  b.emit(mov_imm(kR6, 1));
  b.bind(kept);
}

// The entry could not be made (a full map): the bytes this firing kept
// for it go too.
void forget_blocks(Builder& b, int blocks, KeyAt key) {
  size_t none = b.new_label();
  b.jump(BPF_JEQ, kR6, 0, none);
  b.emit_ld64(kR1, static_cast<uint64_t>(blocks), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, key.reg));
  b.emit(alu_imm(BPF_ADD, kR2, key.off));
  b.emit(call(BPF_FUNC_map_delete_elem));
  b.bind(none);
}

}  // namespace

KeyHoles key_holes(const AggCode& a) {
  KeyHoles h;
  for (const dtbpf_action& k : a.keys) {
    const uint32_t n = DTRACE_USTACK_BYTES(k.arg);
    if (k.rec != DTBPF_REC_USTACK || n <= kUstackDigest) continue;
    auto bytes = static_cast<uint32_t>(DTRACE_USTACK_BLOCK_OFF(k.arg) + sizeof(dtrace_ustack_regs));
    if (bytes + n <= k.size) h.push_back({k.offset + bytes, n});
  }
  std::sort(h.begin(), h.end(), [](const KeyHole& x, const KeyHole& y) { return x.off < y.off; });
  return h;
}

uint32_t map_keylen(const AggCode& a) {
  uint32_t n = a.agg.keylen;
  for (const KeyHole& x : key_holes(a)) n -= x.len - kUstackDigest;
  return n;
}

uint32_t map_key_offset(const KeyHoles& h, uint32_t off) {
  uint32_t at = off;
  for (const KeyHole& x : h)
    if (x.off < off) at -= x.len - kUstackDigest;
  return at;
}

uint32_t hole_stage(const KeyHoles& h, uint32_t off) {
  uint32_t at = 0;
  for (const KeyHole& x : h)
    if (x.off < off) at += x.len;
  return at;
}

uint32_t hole_bytes(const KeyHoles& h) { return hole_stage(h, UINT32_MAX); }

std::string agg_unsupported(const AggCode& a, bool stacks) {
  for (const dtbpf_action& k : a.keys)
    if (k.rec != DTBPF_REC_STRING && k.rec != DTBPF_REC_PIDADDR && k.rec != DTBPF_REC_U64 &&
        !((k.rec == DTBPF_REC_STACK || k.rec == DTBPF_REC_USTACK) && stacks) &&
        (k.rec != DTBPF_REC_VALUE || (k.size != 1 && k.size != 2 && k.size != 4 && k.size != 8)))
      return "an aggregation key that is not an integer or a string";
  if (8 + uint64_t{map_keylen(a)} > kMaxAggKey)
    return "an aggregation key of " + std::to_string(map_keylen(a)) + " bytes";
  if (hole_bytes(key_holes(a)) > kUstackStage)
    return "aggregation keys of " + std::to_string(hole_bytes(key_holes(a))) + " bytes of user stack";
  if (a.agg.valsize > kMaxAggValue)
    return "an aggregation value of " + std::to_string(a.agg.valsize) + " bytes";
  return {};
}

bool agg_short_keys(const AggCode& a) {
  return a.keys.size() == 1 && a.keys[0].rec == DTBPF_REC_STRING && a.keys[0].offset == 0 &&
         a.keys[0].size > kShortKey && a.agg.keylen > kShortKey;
}

namespace {

// R0 = the entry for the key at key in the hash map (8 + keylen bytes of
// key), made (zero on every CPU) when absent, and a jump to have; a map
// without room falls through.
void hashed(Builder& b, const AggCode& a, const AggShared& maps, int map, KeyAt key, size_t have,
            size_t drop) {
  lookup_key(b, map, key);
  b.jump(BPF_JNE, kR0, 0, have);
  // A new entry, zero on every CPU; another firing may have made it.
  if (a.blocks >= 0) keep_blocks(b, a.blocks, maps.stage, key, drop);
  map_value(b, kR3, maps.zeros);
  b.emit_ld64(kR1, static_cast<uint64_t>(map), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, key.reg));
  b.emit(alu_imm(BPF_ADD, kR2, key.off));
  b.emit(mov_imm(kR4, BPF_NOEXIST));
  b.emit(call(BPF_FUNC_map_update_elem));
  lookup_key(b, map, key);
  b.jump(BPF_JNE, kR0, 0, have);
  if (a.blocks >= 0) forget_blocks(b, a.blocks, key);
}

}  // namespace

void emit_agg(Builder& b, const AggCode& a, const AggShared& maps, KeyAt key, const DifoCalls& calls) {
  const int16_t key_at = key.off;
  size_t have = b.new_label(), drop = b.new_label(), done = b.new_label();
  if (a.agg.value.code != nullptr) calls.run(a.agg.value, kR8);
  else b.emit(mov_imm(kR8, 0));
  // A short key's string: where it fits for certain (tier 1), does not
  // (2), or is known once copied (0).
  int tier = 0;
  if (a.short_map >= 0 && calls.string_max) tier = calls.string_max(a.keys[0].difo) <= kShortKey ? 1 : 2;
  // The key: the generation and the aggregation's id, then the records,
  // zeros between them (only the short key's, tier 1).
  const KeyHoles holes = key_holes(a);
  const uint32_t zeroed = tier == 1 ? kShortKey : map_keylen(a);
  for (uint32_t off = 0; off < 8 + zeroed; off += 8)
    b.emit(store64_imm(key.reg, static_cast<int16_t>(key_at + off), 0));
  for (const dtbpf_action& k : a.keys) {
    auto at = static_cast<int16_t>(key_at + 8 + map_key_offset(holes, k.offset));
    if (k.rec == DTBPF_REC_STRING) {
      calls.run_string(k.difo, at, tier == 1 ? std::min(k.size, kShortKey) : k.size);
      continue;
    }
    if (k.rec == DTBPF_REC_STACK) {
      calls.stack(at, k.size);
      continue;
    }
    if (k.rec == DTBPF_REC_USTACK) {
      auto bytes =
          static_cast<uint32_t>(k.offset + DTRACE_USTACK_BLOCK_OFF(k.arg) + sizeof(dtrace_ustack_regs));
      bool holed = std::any_of(holes.begin(), holes.end(), [&](const KeyHole& x) { return x.off == bytes; });
      UstackStage to{maps.stage, hole_stage(holes, bytes)};
      calls.ustack(at, k.arg, holed ? &to : nullptr);
      continue;
    }
    calls.run(k.difo, kR1);
    if (k.rec == DTBPF_REC_PIDADDR) {  // the pid, then the address
      b.emit(store64(key.reg, static_cast<int16_t>(at + 8), kR1));
      b.emit(call(BPF_FUNC_get_current_pid_tgid));
      b.emit(alu_imm(BPF_RSH, kR0, 32));
      b.emit(store64(key.reg, at, kR0));
      continue;
    }
    b.emit(make(BPF_STX | BPF_MEM | size_code(k.size), key.reg, kR1, at, 0));
  }
  if (a.agg.incr.code != nullptr) calls.run(a.agg.incr, kR9);
  else b.emit(mov_imm(kR9, 1));
  map_value(b, kR1, maps.gen);
  b.emit(load64(kR1, kR1, 0));
  b.emit(make(BPF_STX | BPF_MEM | BPF_W, key.reg, kR1, key_at, 0));
  if (a.array) {
    // Its element of this generation (always there).
    b.emit(make(BPF_STX | BPF_MEM | BPF_W, kFp, kR1, kSlotAt, 0));
    b.emit_ld64(kR1, static_cast<uint64_t>(a.map), BPF_PSEUDO_MAP_FD);
    b.emit(mov_reg(kR2, kFp));
    b.emit(alu_imm(BPF_ADD, kR2, kSlotAt));
    b.emit(call(BPF_FUNC_map_lookup_elem));
    b.jump(BPF_JNE, kR0, 0, have);
  } else {
    b.emit(make(BPF_ST | BPF_MEM | BPF_W, key.reg, 0, static_cast<int16_t>(key_at + 4),
                static_cast<int32_t>(a.agg.id)));
    if (tier == 0 && a.short_map >= 0) {
      // The string fits the short key when its byte kShortKey - 1 is
      // the NUL or one of the zeros after it.
      size_t full = b.new_label();
      b.emit(
          make(BPF_LDX | BPF_MEM | BPF_B, kR1, key.reg, static_cast<int16_t>(key_at + 8 + kShortKey - 1), 0));
      b.jump(BPF_JNE, kR1, 0, full);
      hashed(b, a, maps, a.short_map, key, have, drop);
      b.jump(BPF_JA, 0, 0, drop);
      b.bind(full);
    }
    hashed(b, a, maps, tier == 1 ? a.short_map : a.map, key, have, drop);
  }
  // The map is full, or this CPU's aggsize: a drop.
  b.bind(drop);
  lookup_first(b, maps.drops);
  b.jump(BPF_JEQ, kR0, 0, done);
  b.emit(load64(kR1, kR0, 0));
  b.emit(alu_imm(BPF_ADD, kR1, 1));
  b.emit(store64(kR0, 0, kR1));
  b.jump(BPF_JA, 0, 0, done);
  b.bind(have);
  b.emit(mov_reg(kR6, kR0));
  size_t fold = b.new_label();
  b.emit(load64(kR0, kR6, 0));
  b.jump(BPF_JNE, kR0, 0, fold);
  // The entry's first firing on this CPU in this generation: the
  // module's entry in this CPU's buffer, 8 + size of its aggsize bytes.
  b.emit(make(BPF_LDX | BPF_MEM | BPF_W, kR1, key.reg, key_at, 0));
  b.emit(make(BPF_STX | BPF_MEM | BPF_W, kFp, kR1, -8, 0));
  b.lookup_fp8(maps.used, done);
  b.emit(load64(kR1, kR0, 0));
  b.emit(alu_imm(BPF_ADD, kR1, static_cast<int32_t>(8 + a.agg.keylen + a.agg.valsize)));
  b.emit_ld64(kR2, maps.aggsize);
  b.jump_reg(BPF_JGT, kR1, kR2, drop);
  b.emit(store64(kR0, 0, kR1));
  emit_agg_init(b, a.agg);
  b.bind(fold);
  emit_agg_fold(b, a.agg);
  b.bind(done);
}

}  // namespace dtrace::bpf
