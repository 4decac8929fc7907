// Unwinding a user stack from the registers and stack bytes a ustack()
// record carries, with libdw (elfutils): the process's objects are
// reported to a Dwfl from its /proc/PID/maps (read at first sight, or
// when dtrace starts or grabs it, and kept, so a process that has exited
// still unwinds while its files are there), and libdw walks the frames with each object's .eh_frame or
// .debug_frame, reading the stack from the copy. Where an object has no
// call-frame information libdw's x86-64 backend follows frame pointers.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace dtrace::consume {

struct UserRegs {
  uint64_t pc = 0, sp = 0, fp = 0;
};

// A session's unwinder (consume::UserSymbols holds it): the processes
// whose objects it has reported.
class Unwinder {
 public:
  Unwinder();
  ~Unwinder();
  Unwinder(const Unwinder&) = delete;
  Unwinder& operator=(const Unwinder&) = delete;

  // The return addresses from regs.pc outward, at most max; empty when
  // nothing could be unwound (no objects, no process).
  std::vector<uint64_t> unwind(pid_t pid, const UserRegs& regs, std::span<const uint8_t> stack, uint32_t max);

  // Reads pid's maps now (a -c/-p target, before it can exit) and keeps
  // them for the whole session: records read after the target has exited
  // (a short -c program's aggregation, printed at its exit) still unwind.
  void remember(pid_t pid);

 private:
  struct Processes;
  std::unique_ptr<Processes> processes_;
};

}  // namespace dtrace::consume
