#include "bpf/ktypes.h"

#include <bpf/btf.h>

#include <cstring>

namespace dtrace::bpf {
namespace {

// The byte offset of member name in the struct or union type id,
// looking into anonymous members, or -1.
int32_t member_offset(const btf* b, uint32_t id, const char* name, int depth = 0) {
  const btf_type* t = btf__type_by_id(b, id);
  if (t == nullptr || depth > 8 || !(btf_is_struct(t) || btf_is_union(t))) return -1;
  const btf_member* m = btf_members(t);
  for (uint16_t i = 0; i < btf_vlen(t); i++, m++) {
    uint32_t bits = btf_member_bit_offset(t, i);
    if (bits % 8 != 0) continue;
    const char* n = btf__name_by_offset(b, m->name_off);
    if (n != nullptr && std::strcmp(n, name) == 0) return static_cast<int32_t>(bits / 8);
    if (n == nullptr || n[0] == '\0') {
      int32_t inner = member_offset(b, btf__resolve_type(b, m->type), name, depth + 1);
      if (inner >= 0) return static_cast<int32_t>(bits / 8) + inner;
    }
  }
  return -1;
}

// The type of member name of struct id (resolved), or -1.
int32_t member_type(const btf* b, uint32_t id, const char* name) {
  const btf_type* t = btf__type_by_id(b, id);
  if (t == nullptr || !btf_is_struct(t)) return -1;
  const btf_member* m = btf_members(t);
  for (uint16_t i = 0; i < btf_vlen(t); i++, m++) {
    const char* n = btf__name_by_offset(b, m->name_off);
    if (n != nullptr && std::strcmp(n, name) == 0) return btf__resolve_type(b, m->type);
  }
  return -1;
}

TaskOffsets look_up() {
  TaskOffsets o;
  btf* b = btf__load_vmlinux_btf();
  if (b == nullptr) return o;
  int32_t task = btf__find_by_name_kind(b, "task_struct", BTF_KIND_STRUCT);
  if (task > 0) {
    o.real_parent = member_offset(b, static_cast<uint32_t>(task), "real_parent");
    o.tgid = member_offset(b, static_cast<uint32_t>(task), "tgid");
    int32_t se = member_offset(b, static_cast<uint32_t>(task), "se");
    int32_t se_type = member_type(b, static_cast<uint32_t>(task), "se");
    int32_t sum = se_type > 0 ? member_offset(b, static_cast<uint32_t>(se_type), "sum_exec_runtime") : -1;
    if (se >= 0 && sum >= 0) o.sum_exec_runtime = se + sum;
  }
  btf__free(b);
  return o;
}

}  // namespace

const TaskOffsets& task_offsets() {
  static const TaskOffsets offsets = look_up();
  return offsets;
}

}  // namespace dtrace::bpf
