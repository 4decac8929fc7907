#include "bpf/ktypes.h"

#include <bpf/btf.h>

#include <cstring>
#include <initializer_list>

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

// The value of enumerator name of enum type, or -1.
int32_t enum_value(const btf* b, const char* type, const char* name) {
  int32_t id = btf__find_by_name_kind(b, type, BTF_KIND_ENUM);
  const btf_type* t = id > 0 ? btf__type_by_id(b, static_cast<uint32_t>(id)) : nullptr;
  if (t == nullptr) return -1;
  const struct btf_enum* e = btf_enum(t);
  for (uint16_t i = 0; i < btf_vlen(t); i++, e++) {
    const char* n = btf__name_by_offset(b, e->name_off);
    if (n != nullptr && std::strcmp(n, name) == 0) return e->val;
  }
  return -1;
}

// The offset of member name of struct sname, or -1.
int32_t struct_member(const btf* b, const char* sname, const char* name) {
  int32_t id = btf__find_by_name_kind(b, sname, BTF_KIND_STRUCT);
  return id > 0 ? member_offset(b, static_cast<uint32_t>(id), name) : -1;
}

// current_cred()'s ids and the signal's process group and session
// pids (the module's from_kuid_munged(&init_user_ns, ...) is the kuid's
// value; task_pgrp_nr_ns() in the initial namespace is level 0's nr).
void look_up_ids(const btf* b, uint32_t task, TaskOffsets& o) {
  o.cred = member_offset(b, task, "cred");
  o.euid = struct_member(b, "cred", "euid");
  o.egid = struct_member(b, "cred", "egid");
  o.signal = member_offset(b, task, "signal");
  int32_t pids = struct_member(b, "signal_struct", "pids");
  int32_t pgid = enum_value(b, "pid_type", "PIDTYPE_PGID");
  int32_t sid = enum_value(b, "pid_type", "PIDTYPE_SID");
  if (pids >= 0 && pgid >= 0 && sid >= 0) {
    o.pgid = pids + 8 * pgid;
    o.sid = pids + 8 * sid;
  }
  int32_t numbers = struct_member(b, "pid", "numbers");
  int32_t nr = struct_member(b, "upid", "nr");
  if (numbers >= 0 && nr >= 0) o.pid_nr = numbers + nr;
}

TaskOffsets look_up() {
  TaskOffsets o;
  btf* b = btf__load_vmlinux_btf();
  if (b == nullptr) return o;
  int32_t task = btf__find_by_name_kind(b, "task_struct", BTF_KIND_STRUCT);
  if (task > 0) {
    o.real_parent = member_offset(b, static_cast<uint32_t>(task), "real_parent");
    o.tgid = member_offset(b, static_cast<uint32_t>(task), "tgid");
    o.flags = member_offset(b, static_cast<uint32_t>(task), "flags");
    o.pid = member_offset(b, static_cast<uint32_t>(task), "pid");
    o.mm = member_offset(b, static_cast<uint32_t>(task), "mm");
    int32_t thread = member_offset(b, static_cast<uint32_t>(task), "thread");
    const char* const segs[4] = {"ds", "es", "fsindex", "gsindex"};
    for (int i = 0; i < 4; i++) {
      int32_t off = struct_member(b, "thread_struct", segs[i]);
      if (thread >= 0 && off >= 0) o.seg[i] = thread + off;
    }
    int32_t trap = struct_member(b, "thread_struct", "trap_nr");
    if (thread >= 0 && trap >= 0) o.trap_nr = thread + trap;
    int32_t se = member_offset(b, static_cast<uint32_t>(task), "se");
    int32_t se_type = member_type(b, static_cast<uint32_t>(task), "se");
    int32_t sum = se_type > 0 ? member_offset(b, static_cast<uint32_t>(se_type), "sum_exec_runtime") : -1;
    if (se >= 0 && sum >= 0) o.sum_exec_runtime = se + sum;
    look_up_ids(b, static_cast<uint32_t>(task), o);
  }
  btf__free(b);
  return o;
}

PathOffsets look_up_paths() {
  PathOffsets o;
  btf* b = btf__load_vmlinux_btf();
  if (b == nullptr) return o;
  o.task_fs = struct_member(b, "task_struct", "fs");
  o.fs_root = struct_member(b, "fs_struct", "root");
  o.fs_pwd = struct_member(b, "fs_struct", "pwd");
  o.path_mnt = struct_member(b, "path", "mnt");
  o.path_dentry = struct_member(b, "path", "dentry");
  o.dentry_parent = struct_member(b, "dentry", "d_parent");
  int32_t d_name = struct_member(b, "dentry", "d_name");
  int32_t name = struct_member(b, "qstr", "name");
  int32_t len = struct_member(b, "qstr", "len");  // in its anonymous union
  if (d_name >= 0 && name >= 0 && len >= 0) {
    o.dentry_name = d_name + name;
    o.dentry_len = d_name + len;
  }
  o.mnt_root = struct_member(b, "vfsmount", "mnt_root");
  o.mount_mnt = struct_member(b, "mount", "mnt");
  o.mount_parent = struct_member(b, "mount", "mnt_parent");
  o.mount_mountpoint = struct_member(b, "mount", "mnt_mountpoint");
  btf__free(b);
  return o;
}

}  // namespace

bool PathOffsets::ok() const {
  for (int32_t v : {task_fs, fs_root, fs_pwd, path_mnt, path_dentry, dentry_parent, dentry_name, dentry_len,
                    mnt_root, mount_mnt, mount_parent, mount_mountpoint})
    if (v < 0) return false;
  return true;
}

const PathOffsets& path_offsets() {
  static const PathOffsets offsets = look_up_paths();
  return offsets;
}

const TaskOffsets& task_offsets() {
  static const TaskOffsets offsets = look_up();
  return offsets;
}

}  // namespace dtrace::bpf
