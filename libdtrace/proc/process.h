// Process control for -c and -p: a target process held stopped while
// probes are created on it, then let go. Uses ptrace only while the
// process is held; every path (release, error, destruction) detaches,
// so a target is never left stopped nor killed by dtrace.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "util/result.h"

namespace dtrace::proc {

// True while pid names a process that has not exited (a zombie has).
bool process_alive(pid_t pid);

// -x evaltime: where a created process is held while probes are made.
//   Exec      right after exec: the executable and the dynamic loader only
//   Preinit   the ELF entry point: shared libraries mapped, the
//             executable's own constructors not run yet
//   Postinit  after the constructors, i.e. main() with glibc (default)
//   Main      main()
enum class EvalTime { Exec, Preinit, Postinit, Main };

// "exec", "preinit", "postinit", "main"; nullopt for anything else.
std::optional<EvalTime> parse_evaltime(const std::string& s);

struct CreateOptions {
  EvalTime evaltime = EvalTime::Postinit;
  // -x setenv=NAME=value / -x unsetenv=NAME in order: value nullopt unsets.
  std::vector<std::pair<std::string, std::optional<std::string>>> env;
};

class Process {
 public:
  // -c: runs `command` (split at blanks, found on PATH) with dtrace's
  // environment changed by opts.env and holds it where opts.evaltime
  // says; main of a stripped executable is __libc_start_main's first
  // argument (a static stripped one is held at the ELF entry point).
  static Result<std::unique_ptr<Process>> create(const std::string& command, const CreateOptions& opts = {});
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
  Status run_to(EvalTime when);
  Status run_to_address(uint64_t stop_at, const char* what);
  Status stop_seized();

  pid_t pid_;
  bool child_;        // created by us: waitpid() tells its exit
  bool held_ = true;  // ptrace-stopped, attached
  bool gone_ = false;
  int pending_sig_ = 0;  // a signal that arrived while we held it
};

}  // namespace dtrace::proc
