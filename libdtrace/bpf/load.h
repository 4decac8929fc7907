// Loading and running translated programs with libbpf: the globals' map,
// BPF_PROG_LOAD with the verifier's log kept for the error message, and
// BPF_PROG_TEST_RUN of a BPF_PROG_TYPE_SYSCALL program over a Frame (the
// program type whose test runs take a context of our own layout and copy
// it back: how the tests compare translations with the interpreter).
#pragma once

#include <linux/bpf.h>
#include <linux/perf_event.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bpf/frame.h"
#include "util/result.h"

struct bpf_prog_load_opts;

namespace dtrace::bpf {

// A file descriptor closed when it goes.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Fd& operator=(Fd&& o) noexcept;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd();
  int get() const { return fd_; }

 private:
  int fd_ = -1;
};

// Empty when bpf() works here, else why not (EPERM without CAP_BPF,
// ENOSYS without CONFIG_BPF_SYSCALL, sysctl unprivileged_bpf_disabled).
std::string bpf_unavailable();

// Raises this process's soft limit of open files to its hard limit:
// each probe's program, link and perf event is a descriptor, and
// `syscall:::` alone loads some 740 programs, past the soft limit of
// 1024 many systems start a process with.
void raise_fd_limit();

// An array map of one element of size bytes (at least 8), zero-filled.
Result<Fd> create_globals_map(uint32_t size);

// Attaches prog to the raw tracepoint tp (no tracefs needed); the link
// is appended to links.
Status attach_raw_tracepoint(const char* tp, int prog, std::vector<Fd>* links);

// Loads prog (GPL: the helpers that read memory are GPL-only); on
// failure the message ends with the verifier's last lines.
Result<Fd> load_program(std::span<const bpf_insn> prog, bpf_prog_type type);
// The same with libbpf's options (an expected attach type ...).
Result<Fd> load_program_opts(std::span<const bpf_insn> prog, bpf_prog_type type, bpf_prog_load_opts& opts);

// A BPF_PROG_TYPE_TRACING program of attach type type (fentry, fexit)
// for the function of BTF id btf_id in vmlinux's BTF or, module not
// null, in that loaded module's.
Result<Fd> load_tracing_program(std::span<const bpf_insn> prog, bpf_attach_type type, uint32_t btf_id,
                                const char* module = nullptr);

// A perf event (perf_event_open(attr, pid, cpu)) running prog, enabled;
// what names the failing step.
Result<Fd> open_perf_event(perf_event_attr& attr, int pid, int cpu, const Fd& prog, const std::string& what);

// Runs a BPF_PROG_TYPE_SYSCALL program once over frame (updated in place);
// returns the program's return value.
Result<uint32_t> test_run(const Fd& prog, Frame& frame);

}  // namespace dtrace::bpf
