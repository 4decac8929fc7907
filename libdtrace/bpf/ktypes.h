// Offsets into the running kernel's task_struct that built-in variables
// read under the bpf backend (ppid, vtimestamp), from its BTF
// (/sys/kernel/btf/vmlinux): the fields the module's port reads by name
// (current->real_parent->tgid, current->se.sum_exec_runtime).
#pragma once

#include <cstdint>

namespace dtrace::bpf {

struct TaskOffsets {
  int32_t real_parent = -1;       // struct task_struct *
  int32_t tgid = -1;              // pid_t
  int32_t sum_exec_runtime = -1;  // u64, in se (struct sched_entity)
};

// Looked up once; -1 where the kernel's BTF lacks a field (or BTF).
const TaskOffsets& task_offsets();

}  // namespace dtrace::bpf
