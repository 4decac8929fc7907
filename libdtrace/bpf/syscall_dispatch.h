// The syscall provider's probes share two tracepoints, and a tracepoint
// runs every program attached to it on every system call: with one
// program a probe, `syscall:::entry` ran some 370 programs a call, each
// returning unless the number was its own (getppid() took 3.6 us here
// instead of 0.5). Where a tracepoint has the programs of two or more
// probes, one dispatcher is attached in their place: it reads the call's
// number and tail-calls that call's program (BPF_MAP_TYPE_PROG_ARRAY,
// indexed by number), or returns when the call has none. A lone probe's
// program is attached directly, as before (no tail call to pay).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

class SyscallDispatch {
 public:
  // prog (which still returns unless the call is nr) fires call nr at
  // entry (ret false: raw_syscalls:sys_enter) or at return (sys_exit).
  void add(bool ret, uint32_t nr, const Fd& prog) { sides_[ret].progs.emplace_back(nr, prog.get()); }

  // Attaches what add() queued; the links are appended to events.
  Status attach(std::vector<Fd>* events);

 private:
  struct Side {
    std::vector<std::pair<uint32_t, int>> progs;  // (number, program)
    Fd table;                                     // the dispatcher's programs by number
    Fd dispatcher;
  };
  Status attach_side(bool ret, Side& s, std::vector<Fd>* events);
  Side sides_[2];
};

}  // namespace dtrace::bpf
