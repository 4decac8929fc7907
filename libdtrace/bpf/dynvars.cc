#include "bpf/dynvars.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf/builder.h"
#include "dtrace/dif.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace dtrace::bpf {

// A thread-local or an associative array: a variable in the store.
static bool is_dynamic(const dtrace_difv& x) {
  return x.dtdv_scope == DIFV_SCOPE_THREAD ||
         (x.dtdv_scope == DIFV_SCOPE_GLOBAL && x.dtdv_kind == DIFV_KIND_ARRAY);
}

bool uses_dynvars(std::span<const DifoView> difos) {
  return std::ranges::any_of(difos,
                             [](const DifoView& v) { return std::ranges::any_of(v.vars, is_dynamic); });
}

uint32_t dynvar_ref_size(std::span<const DifoView> difos, uint32_t strsize) {
  uint32_t size = 8;
  bool refs = false;
  for (const DifoView& v : difos)
    for (const dtrace_difv& x : v.vars) {
      if (!is_dynamic(x)) continue;
      bool string = x.dtdv_type.dtdt_kind == DIF_TYPE_STRING;
      refs |= !string && (x.dtdv_type.dtdt_flags & DIF_TF_BYREF) != 0;
      size = std::max(size, string ? strsize : x.dtdv_type.dtdt_size);
    }
  return refs ? (size + 7) & ~7u : 0;
}

// The pool of n slots of 2 * ref_size bytes and its stack of free
// indexes, every slot in it.
static Status create_pool(uint32_t n, uint32_t ref_size, DynvarMaps& m, Dynvars& d) {
  if (ref_size > kMaxRefValue)
    return make_error("a thread-local or associative array value of " + std::to_string(ref_size) +
                      " bytes is not supported by the bpf backend (at most " + std::to_string(kMaxRefValue) +
                      ")");
  int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_dynpool", 4, 2 * ref_size, n, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the by-reference values' pool: ") + std::strerror(-fd));
  m.pool = Fd(fd);
  fd = bpf_map_create(BPF_MAP_TYPE_STACK, "dt_dynfree", 0, 4, n, nullptr);
  if (fd < 0) return make_error(std::string("cannot create the pool's free slots: ") + std::strerror(-fd));
  m.free = Fd(fd);
  for (uint32_t i = n; i-- > 0;)  // slot 0 on top
    if (int rc = bpf_map_update_elem(fd, nullptr, &i, BPF_ANY); rc != 0)
      return make_error(std::string("cannot fill the pool's free slots: ") + std::strerror(-rc));
  d.pool_fd = m.pool.get();
  d.free_fd = m.free.get();
  d.ref_size = ref_size;
  d.slots = n;
  return Ok{};
}

Result<DynvarMaps> create_dynvar_maps(uint32_t entries, uint32_t strsize, Dynvars& d, uint32_t ref_size) {
  DynvarMaps m;
  int fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_dynvars", kDynKeySize, kDynValueSize,
                          entries == 0 ? 1 : entries, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the dynamic variables' map: ") + std::strerror(-fd));
  m.map = Fd(fd);
  if (strsize > 0 && strsize <= kMaxStringKey && strsize % 8 == 0) {
    fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_dynvars_str", kDynKeySize + strsize, kDynValueSize,
                        entries == 0 ? 1 : entries, nullptr);
    if (fd < 0)
      return make_error(std::string("cannot create the string-keyed variables' map: ") + std::strerror(-fd));
    m.str_map = Fd(fd);
    d.str_map_fd = m.str_map.get();
    fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_dynvars_sval", kDynKeySize, strsize,
                        entries == 0 ? 1 : entries, nullptr);
    if (fd < 0)
      return make_error(std::string("cannot create the string variables' map: ") + std::strerror(-fd));
    m.sval_map = Fd(fd);
    d.sval_map_fd = m.sval_map.get();
  }
  fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_dyndrops", 4, 8, 1, nullptr);
  if (fd < 0)
    return make_error(std::string("cannot create the dynamic variable drops' map: ") + std::strerror(-fd));
  m.drops = Fd(fd);
  if (ref_size > 0)
    if (Status st = create_pool(entries == 0 ? 1 : entries, ref_size, m, d); !st) return st.error();
  d.map_fd = m.map.get();
  d.drops_fd = m.drops.get();
  return m;
}

// The slot whose index is at fp + at pushed back on the free stack.
static void push_slot(Builder& b, const Dynvars& d, int16_t at) {
  b.emit_ld64(kR1, static_cast<uint64_t>(d.free_fd), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, kFp));
  b.emit(alu_imm(BPF_ADD, kR2, at));
  b.emit(mov_imm(kR3, 0));
  b.emit(call(BPF_FUNC_map_push_elem));
}

Result<std::vector<bpf_insn>> dynvar_exit_program(const Dynvars& d, std::span<const uint16_t> scalars,
                                                  std::span<const uint16_t> refs, bool arrays) {
  constexpr int16_t kKey = -static_cast<int16_t>(kDynKeySize), kTask = kKey - 8, kSlot = kTask - 8;
  Builder b;
  b.emit(call(BPF_FUNC_get_current_task));  // the exiting thread (the tracepoint's task)
  b.emit(store64(kFp, kTask, kR0));
  for (uint32_t off = 0; off < kDynKeySize; off += 8)
    b.emit(store64_imm(kFp, static_cast<int16_t>(kKey + off), 0));
  b.emit(store64(kFp, kKey + 8, kR0));
  for (uint16_t id : scalars) {
    b.emit_ld64(kR1, static_cast<uint64_t>(DIFV_SCOPE_THREAD) << 32 | id);
    b.emit(store64(kFp, kKey, kR1));
    for (int map : {d.map_fd, d.sval_map_fd}) {
      if (map < 0) continue;
      b.emit_ld64(kR1, static_cast<uint64_t>(map), BPF_PSEUDO_MAP_FD);
      b.emit(mov_reg(kR2, kFp));
      b.emit(alu_imm(BPF_ADD, kR2, kKey));
      b.emit(call(BPF_FUNC_map_delete_elem));
    }
  }
  for (uint16_t id : refs) {  // its slot's index, the entry deleted, the slot freed
    if (d.pool_fd < 0) break;
    b.emit_ld64(kR1, static_cast<uint64_t>(DIFV_SCOPE_THREAD) << 32 | kDynRefKey | id);
    b.emit(store64(kFp, kKey, kR1));
    b.emit_ld64(kR1, static_cast<uint64_t>(d.map_fd), BPF_PSEUDO_MAP_FD);
    b.emit(mov_reg(kR2, kFp));
    b.emit(alu_imm(BPF_ADD, kR2, kKey));
    b.emit(call(BPF_FUNC_map_lookup_elem));
    size_t next = b.new_label();
    b.jump(BPF_JEQ, kR0, 0, next);
    b.emit(load64(kR1, kR0, 0));
    b.emit(store64(kFp, kSlot, kR1));
    b.emit_ld64(kR1, static_cast<uint64_t>(d.map_fd), BPF_PSEUDO_MAP_FD);
    b.emit(mov_reg(kR2, kFp));
    b.emit(alu_imm(BPF_ADD, kR2, kKey));
    b.emit(call(BPF_FUNC_map_delete_elem));
    b.jump(BPF_JNE, kR0, 0, next);
    push_slot(b, d, kSlot);
    b.bind(next);
  }
  size_t each = b.new_sub();
  if (arrays) {
    for (int map : {d.map_fd, d.str_map_fd, d.sval_map_fd}) {
      if (map < 0) continue;
      b.emit_ld64(kR1, static_cast<uint64_t>(map), BPF_PSEUDO_MAP_FD);
      b.func_ref(kR2, each);
      b.emit(mov_reg(kR3, kFp));
      b.emit(alu_imm(BPF_ADD, kR3, kTask));
      b.emit(mov_imm(kR4, 0));
      b.emit(call(BPF_FUNC_for_each_map_elem));
    }
  }
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  if (arrays) {
    // (map, key, value, the task's address): a thread-local of the task
    // deleted (the walk goes on past it).
    b.place(each);
    size_t keep = b.new_label();
    b.emit(load64(kR0, kR2, 0));
    b.emit(alu_imm(BPF_RSH, kR0, 32));
    b.jump(BPF_JNE, kR0, DIFV_SCOPE_THREAD, keep);
    b.emit(load64(kR0, kR2, 8));
    b.emit(load64(kR5, kR4, 0));
    b.jump_reg(BPF_JNE, kR0, kR5, keep);
    if (d.pool_fd >= 0) {  // a by-reference value: its slot freed once deleted
      size_t scalar = b.new_label();
      b.emit(load64(kR0, kR2, 0));
      b.emit(alu_imm(BPF_AND, kR0, static_cast<int32_t>(kDynRefKey)));
      b.jump(BPF_JEQ, kR0, 0, scalar);
      b.emit(load64(kR0, kR3, 0));
      b.emit(store64(kFp, -8, kR0));
      b.emit(call(BPF_FUNC_map_delete_elem));
      b.jump(BPF_JNE, kR0, 0, keep);
      push_slot(b, d, -8);
      b.jump(BPF_JA, kR0, 0, keep);
      b.bind(scalar);
    }
    b.emit(call(BPF_FUNC_map_delete_elem));
    b.bind(keep);
    b.emit(mov_imm(kR0, 0));
    b.emit(exit_insn());
  }
  if (Status st = b.resolve(); !st) return st.error();
  return std::move(b.code);
}

uint64_t dynvar_drops(const Dynvars& d) {
  int n = libbpf_num_possible_cpus();
  if (d.drops_fd < 0 || n <= 0) return 0;
  std::vector<uint64_t> per_cpu(static_cast<size_t>(n));
  uint32_t zero = 0;
  if (bpf_map_lookup_elem(d.drops_fd, &zero, per_cpu.data()) != 0) return 0;
  uint64_t sum = 0;
  for (uint64_t v : per_cpu) sum += v;
  return sum;
}

}  // namespace dtrace::bpf
