// Process control for -c and -p: a target process held stopped while
// probes are created on it, then let go. Uses ptrace only while the
// process is held; every path (release, error, destruction) detaches,
// so a target is never left stopped nor killed by dtrace.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

#include "util/result.h"

namespace dtrace::proc {

// True while pid names a process that has not exited (a zombie has).
bool process_alive(pid_t pid);

class Process {
 public:
  // -c: runs `command` (split at blanks, found on PATH) and holds it at
  // main, as DTrace does: its shared libraries are mapped and its
  // constructors (drti) have run; at the ELF entry point without a
  // symbol for main.
  static Result<std::unique_ptr<Process>> create(const std::string& command);
  // -p: stops a running process until release().
  static Result<std::unique_ptr<Process>> grab(pid_t pid);
  ~Process();
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  pid_t pid() const { return pid_; }
  bool held() const { return held_; }
  // Lets the process run (detaches); idempotent.
  void release();
  // True once the process has exited (a -c child is reaped here).
  bool exited();

 private:
  Process(pid_t pid, bool child) : pid_(pid), child_(child) {}
  Status run_to_main();
  Status stop_seized();

  pid_t pid_;
  bool child_;          // created by us: waitpid() tells its exit
  bool held_ = true;    // ptrace-stopped, attached
  bool gone_ = false;
  int pending_sig_ = 0;  // a signal that arrived while we held it
};

}  // namespace dtrace::proc
