// An ELF core file of a Linux process (x86-64), read once: its threads
// (NT_PRSTATUS: tid, registers, signal), the process (NT_PRPSINFO), the
// fatal signal (NT_SIGINFO), the files it mapped (NT_FILE), its auxiliary
// vector (NT_AUXV) and its memory (core_memory.h). What the core device
// fires probes over; it knows nothing of D.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "postmortem/core_memory.h"
#include "util/result.h"

namespace dtrace::postmortem {

// uregs[] as the module numbers them on x86-64 (pt_regs' words, then
// ds, es, fs, gs); R_TRAPNO is not in a dump.
constexpr uint32_t kCoreRegs = 25;

struct CoreThread {
  uint64_t tid = 0;
  int signal = 0;  // pr_cursig: the signal it was taking (0: none)
  uint64_t regs[kCoreRegs] = {};
  uint64_t vtime = 0;  // user + system time, ns
};

struct CoreFault {
  int signal = 0;
  int code = 0;       // si_code
  uint64_t addr = 0;  // si_addr
  size_t thread = 0;  // index into threads()
};

struct CoreProcess {
  uint64_t pid = 0, ppid = 0, pgid = 0, sid = 0, uid = 0, gid = 0;
  std::string comm;  // pr_fname, at most 15 bytes
};

class CoreDump {
 public:
  ~CoreDump();
  CoreDump(const CoreDump&) = delete;
  CoreDump& operator=(const CoreDump&) = delete;
  // exe: the executable's path when it is not where the dump says ("": as the dump says).
  static Result<std::shared_ptr<CoreDump>> open(const std::string& path, const std::string& exe);

  const CoreProcess& process() const { return process_; }
  const std::vector<CoreThread>& threads() const { return threads_; }
  const std::optional<CoreFault>& fault() const { return fault_; }
  const std::vector<MappedFile>& files() const { return memory_->files(); }
  const std::string& executable() const { return exe_; }
  const std::string& path() const { return path_; }
  const CoreMemory& memory() const { return *memory_; }

 private:
  CoreDump() = default;
  Status read_notes(const uint8_t* data, size_t size);
  void find_fault_thread();
  Status find_executable(const std::string& given);
  void* map_ = nullptr;  // the core file, read-only
  size_t map_size_ = 0;
  std::string path_, exe_;
  CoreProcess process_;
  std::vector<CoreThread> threads_;
  std::optional<CoreFault> fault_;
  std::vector<uint64_t> auxv_;
  std::vector<MappedFile> files_;  // until memory_ takes them
  std::unique_ptr<CoreMemory> memory_;
};

}  // namespace dtrace::postmortem
