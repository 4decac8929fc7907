// Offsets into the running kernel's task_struct that built-in variables
// read under the bpf backend (ppid, vtimestamp, euid, egid, pgid, sid),
// from its BTF (/sys/kernel/btf/vmlinux): the fields the module's port
// reads by name (current->real_parent->tgid, current->se.sum_exec_runtime,
// current_cred()->euid, task_pgrp_nr_ns(current, &init_pid_ns): the
// signal's pids[PIDTYPE_PGID]->numbers[0].nr).
#pragma once

#include <cstdint>

namespace dtrace::bpf {

struct TaskOffsets {
  int32_t real_parent = -1;       // struct task_struct *
  int32_t tgid = -1;              // pid_t
  int32_t sum_exec_runtime = -1;  // u64, in se (struct sched_entity)
  int32_t cred = -1;              // const struct cred *
  int32_t euid = -1;              // kuid_t in struct cred
  int32_t egid = -1;              // kgid_t in struct cred
  int32_t pgid = -1;              // signal_struct's pids[PIDTYPE_PGID]
  int32_t sid = -1;               // signal_struct's pids[PIDTYPE_SID]
  int32_t signal = -1;            // struct signal_struct *
  int32_t pid_nr = -1;            // struct pid's numbers[0].nr
  int32_t flags = -1;             // unsigned int (PF_KTHREAD: raise())
  int32_t pid = -1;               // pid_t (0: the idle task, progenyof()'s end)
  int32_t mm = -1;                // struct mm_struct * (none: no uregs[])
  // uregs[] past pt_regs: thread_struct's ds, es, fsindex, gsindex
  // (unsigned short) and trap_nr (unsigned long), -1 each when absent.
  int32_t seg[4] = {-1, -1, -1, -1};
  int32_t trap_nr = -1;
};

// Looked up once; -1 where the kernel's BTF lacks a field (or BTF).
const TaskOffsets& task_offsets();

// What d_path(), cwd and rootdir follow (translate_dpath.cc), as the
// module's struct dtrace_path_layout (kernel/core/port.h) has them, and
// the task's fs_struct with its root and pwd paths. struct mount is
// fs/'s own, but in the BTF: the module guesses its first members, we
// read them.
struct PathOffsets {
  int32_t task_fs = -1;                       // struct fs_struct * in task_struct
  int32_t fs_root = -1, fs_pwd = -1;          // struct path in fs_struct
  int32_t path_mnt = -1, path_dentry = -1;    // in struct path
  int32_t dentry_parent = -1;                 // struct dentry *
  int32_t dentry_name = -1, dentry_len = -1;  // d_name.name, d_name.len (u32)
  int32_t mnt_root = -1;                      // struct vfsmount's root dentry
  int32_t mount_mnt = -1;                     // the vfsmount in struct mount
  int32_t mount_parent = -1, mount_mountpoint = -1;
  bool ok() const;
};

// Looked up once, as task_offsets().
const PathOffsets& path_offsets();

}  // namespace dtrace::bpf
