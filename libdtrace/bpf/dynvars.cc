#include "bpf/dynvars.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf/builder.h"
#include "dtrace/dif.h"

#include <cstring>
#include <string>
#include <vector>

namespace dtrace::bpf {

Result<DynvarMaps> create_dynvar_maps(uint32_t entries, uint32_t strsize, Dynvars& d) {
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
  d.map_fd = m.map.get();
  d.drops_fd = m.drops.get();
  return m;
}

Result<std::vector<bpf_insn>> dynvar_exit_program(const Dynvars& d, std::span<const uint16_t> scalars,
                                                  bool arrays) {
  constexpr int16_t kKey = -static_cast<int16_t>(kDynKeySize), kTask = kKey - 8;
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
