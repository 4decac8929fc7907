#include "proc/process.h"

#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "proc/elf_object.h"
#include "proc/object_files.h"
#include "proc/process_image.h"

namespace dtrace::proc {
namespace {

Error sys_error(const std::string& what, int err) { return make_error(what + ": " + std::strerror(err)); }

std::vector<std::string> split_blanks(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

uint64_t auxv_entry(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/auxv", std::ios::binary);
  uint64_t kv[2];
  while (f.read(reinterpret_cast<char*>(kv), sizeof kv))
    if (kv[0] == AT_ENTRY) return kv[1];
  return 0;
}

// Waits for the next stop or exit of pid; false when it is gone.
bool wait_stop(pid_t pid, int* status) {
  for (;;) {
    pid_t r = waitpid(pid, status, __WALL);
    if (r == pid) return WIFSTOPPED(*status);
    if (r < 0 && errno != EINTR) return false;
  }
}

// The process state letter from /proc/PID/stat, or 0 when there is none.
char proc_state(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string s;
  if (!std::getline(f, s)) return 0;
  size_t paren = s.rfind(')');
  return paren == std::string::npos || paren + 2 >= s.size() ? 0 : s[paren + 2];
}

// Where a created process is held: by default main(), as DTrace's
// postinit, so that its libraries are mapped and its constructors (drti
// registering USDT probes) have run; the ELF entry point for preinit.
// 0 for main when the executable has no symbol for it (stripped).
uint64_t main_address(pid_t pid, uint64_t entry) {
  auto exe = ElfObject::load("/proc/" + std::to_string(pid) + "/exe");
  if (!entry || !exe) return 0;
  for (const ElfSymbol& s : exe->symbols())
    if (s.name == "main") return entry - exe->entry() + s.vaddr;  // + the load bias
  return 0;
}

// glibc's __libc_start_main in the process (mapped by the entry point),
// whose first argument is main: how a stripped executable's main is
// found. 0 without a dynamic libc (a static executable), or when its
// versions are not one function (the one called is not known).
uint64_t libc_start_main(pid_t pid) {
  ObjectFiles files;
  auto img = ProcessImage::read(pid, files);
  if (!img) return 0;
  uint64_t found = 0;
  for (const MappedObject& o : img->objects()) {
    if (o.module.rfind("libc.so", 0) != 0 || !o.elf) continue;
    for (const ElfSymbol& s : o.elf->symbols()) {
      auto at = s.name == "__libc_start_main" ? o.to_runtime(s.vaddr) : std::nullopt;
      if (at && found && *at != found) return 0;
      if (at) found = *at;
    }
  }
  return found;
}

// dtrace's environment with the -x setenv/unsetenv changes applied.
std::vector<std::string> child_environment(const CreateOptions& opts) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; e++) env.emplace_back(*e);
  for (const auto& [name, value] : opts.env) {
    std::erase_if(env, [&n = name](const std::string& v) {
      return v.size() > n.size() && v[n.size()] == '=' && v.compare(0, n.size(), n) == 0;
    });
    if (value) env.push_back(name + "=" + *value);
  }
  return env;
}

}  // namespace

std::optional<EvalTime> parse_evaltime(const std::string& s) {
  if (s == "exec") return EvalTime::Exec;
  if (s == "preinit") return EvalTime::Preinit;
  if (s == "postinit") return EvalTime::Postinit;
  if (s == "main") return EvalTime::Main;
  return std::nullopt;
}

Result<std::unique_ptr<Process>> Process::create(const std::string& command, const CreateOptions& opts) {
  std::vector<std::string> words = split_blanks(command);
  if (words.empty()) return make_error("failed to execute : empty command");
  std::vector<std::string> env = child_environment(opts);
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  int pipefd[2];  // carries exec's errno back; closed by a successful exec
  if (pipe2(pipefd, O_CLOEXEC) != 0) return sys_error("pipe", errno);
  pid_t pid = fork();
  if (pid < 0) return sys_error("fork", errno);
  if (pid == 0) {
    close(pipefd[0]);
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
    execvpe(argv[0], argv.data(), envp.data());
    int err = errno;
    ssize_t ignored = write(pipefd[1], &err, sizeof err);
    (void)ignored;
    _exit(127);
  }
  close(pipefd[1]);
  int err = 0;
  ssize_t n = read(pipefd[0], &err, sizeof err);
  close(pipefd[0]);
  std::unique_ptr<Process> p(new Process(pid, true));
  int status;
  if (n == sizeof err || !wait_stop(pid, &status)) {
    p->held_ = false;
    p->gone_ = true;
    waitpid(pid, &status, 0);
    return make_error("failed to execute " + words[0] + ": " + std::strerror(n == sizeof err ? err : ECHILD));
  }
  if (opts.evaltime == EvalTime::Exec) return p;  // held at the exec stop
  if (Status st = p->run_to(opts.evaltime); !st) return st.error();
  return p;
}

// Runs the loader (and for main the constructors) up to the hold
// address. A stripped dynamic executable is run to its entry point,
// then to __libc_start_main, whose first argument is main.
Status Process::run_to(EvalTime when) {
#if defined(__x86_64__)
  uint64_t entry = auxv_entry(pid_);
  uint64_t main_at = when == EvalTime::Preinit ? 0 : main_address(pid_, entry);
  if (main_at || !entry) return main_at ? run_to_address(main_at, "main") : Ok{};
  if (Status st = run_to_address(entry, "its entry point"); !st || when == EvalTime::Preinit) return st;
  uint64_t start_main = libc_start_main(pid_);
  if (!start_main) return Ok{};  // static: held at the entry point
  if (Status st = run_to_address(start_main, "main"); !st) return st;
  user_regs_struct regs;
  if (ptrace(PTRACE_GETREGS, pid_, nullptr, &regs) != 0 || !regs.rdi) return Ok{};
  return run_to_address(regs.rdi, "main");
#else
  (void)when;
  return Ok{};
#endif
}

// Plants an int3 at stop_at, runs the process up to it and puts the
// instruction back, the process stopped there.
Status Process::run_to_address(uint64_t stop_at, const char* what) {
#if defined(__x86_64__)
  errno = 0;
  long word = ptrace(PTRACE_PEEKTEXT, pid_, stop_at, nullptr);
  if (errno) return sys_error("failed to plant a breakpoint in pid " + std::to_string(pid_), errno);
  long trap = (word & ~0xffL) | 0xcc;
  if (ptrace(PTRACE_POKETEXT, pid_, stop_at, trap) != 0) return sys_error("ptrace", errno);
  int status = 0;
  for (;;) {
    if (ptrace(PTRACE_CONT, pid_, nullptr, pending_sig_) != 0) return sys_error("ptrace", errno);
    pending_sig_ = 0;
    if (!wait_stop(pid_, &status)) {
      held_ = false;
      gone_ = true;
      return make_error("pid " + std::to_string(pid_) + " exited before reaching " + what);
    }
    if (WSTOPSIG(status) == SIGTRAP) break;
    pending_sig_ = WSTOPSIG(status);  // delivered when we continue
  }
  user_regs_struct regs;
  ptrace(PTRACE_POKETEXT, pid_, stop_at, word);
  ptrace(PTRACE_GETREGS, pid_, nullptr, &regs);
  regs.rip = stop_at;
  ptrace(PTRACE_SETREGS, pid_, nullptr, &regs);
#else
  (void)stop_at;
  (void)what;
#endif
  return Ok{};
}

bool process_alive(pid_t pid) {
  char st = pid > 0 ? proc_state(pid) : 0;
  return st != 0 && st != 'Z' && st != 'X';
}

Result<std::unique_ptr<Process>> Process::grab(pid_t pid) {
  if (!process_alive(pid))
    return make_error("failed to grab pid " + std::to_string(pid) + ": No such process");
  if (ptrace(PTRACE_SEIZE, pid, nullptr, nullptr) != 0)
    return sys_error("failed to grab pid " + std::to_string(pid), errno);
  std::unique_ptr<Process> p(new Process(pid, false));
  if (Status s = p->stop_seized(); !s) return s.error();
  return p;
}

Status Process::stop_seized() {
  if (ptrace(PTRACE_INTERRUPT, pid_, nullptr, nullptr) != 0) return sys_error("ptrace", errno);
  int status;
  if (!wait_stop(pid_, &status)) {
    held_ = false;
    gone_ = true;
    return make_error("pid " + std::to_string(pid_) + " has exited");
  }
  // A signal may have reached it first: stopped all the same; the
  // signal is handed back at the detach.
  if ((status >> 16) != PTRACE_EVENT_STOP) pending_sig_ = WSTOPSIG(status);
  return Ok{};
}

void Process::release() {
  if (!held_) return;
  held_ = false;
  ptrace(PTRACE_DETACH, pid_, nullptr, pending_sig_);
  pending_sig_ = 0;
}

bool Process::exited() {
  if (gone_) return true;
  if (child_) {
    int status;
    pid_t r = waitpid(pid_, &status, WNOHANG | __WALL);
    gone_ = r == pid_ && (WIFEXITED(status) || WIFSIGNALED(status));
    if (r < 0 && errno == ECHILD) gone_ = true;
  } else {
    gone_ = !process_alive(pid_);
  }
  return gone_;
}

// As DTrace: a process dtrace created (-c) does not outlive it, whether
// dtrace failed before tracing started or ended first; a grabbed one
// (-p) is let go.
Process::~Process() {
  if (child_ && !exited()) {
    kill(pid_, SIGKILL);
    held_ = false;  // a killed tracee needs no detach
    int status;
    waitpid(pid_, &status, __WALL);
    return;
  }
  release();
}

}  // namespace dtrace::proc
