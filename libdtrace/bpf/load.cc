#include "bpf/load.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace dtrace::bpf {

Fd& Fd::operator=(Fd&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) close(fd_);
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

Fd::~Fd() {
  if (fd_ >= 0) close(fd_);
}

namespace {

std::string errno_text(int err) { return std::strerror(err); }

// The verifier's log is long; its end says why.
std::string log_tail(const std::vector<char>& log, size_t lines) {
  std::string s(log.data());
  while (!s.empty() && s.back() == '\n') s.pop_back();
  if (s.empty()) return s;  // refused before the verifier ran: no log
  size_t pos = s.size();
  for (size_t n = 0; n < lines && pos != std::string::npos && pos > 0; n++) pos = s.rfind('\n', pos - 1);
  return pos == std::string::npos ? s : s.substr(pos + 1);
}

}  // namespace

std::string bpf_unavailable() {
  int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, nullptr, 4, 8, 1, nullptr);
  if (fd >= 0) {
    close(fd);
    return {};
  }
  return "bpf() is not permitted here: " + errno_text(-fd);
}

Result<Fd> create_globals_map(uint32_t size) {
  int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_globals", 4, size < 8 ? 8 : size, 1, nullptr);
  if (fd < 0) return make_error("cannot create the globals map: " + errno_text(-fd));
  return Fd(fd);
}

namespace {

// A program that passes a subprogram to a helper as a callback
// (BPF_PSEUDO_FUNC: chill()'s bpf_loop()) needs BTF func_info for its
// functions: each one static function of no arguments. The BTF object
// (its descriptor in fd) and the records in info; nothing for others.
Status func_info(std::span<const bpf_insn> prog, Fd& fd, std::vector<bpf_func_info>& info) {
  bool callback = false;
  std::set<uint32_t> starts{0};
  for (size_t i = 0; i < prog.size(); i++) {
    const bpf_insn& in = prog[i];
    bool func = in.code == (BPF_LD | BPF_DW | BPF_IMM) && in.src_reg == BPF_PSEUDO_FUNC;
    if (func || (in.code == (BPF_JMP | BPF_CALL) && in.src_reg == BPF_PSEUDO_CALL))
      starts.insert(static_cast<uint32_t>(static_cast<int64_t>(i) + in.imm + 1));
    callback = callback || func;
  }
  if (!callback) return Ok{};
  std::unique_ptr<btf, void (*)(btf*)> b(btf__new_empty(), btf__free);
  if (!b) return make_error("cannot make the program's BTF: " + errno_text(errno));
  int proto = btf__add_func_proto(b.get(), 0);
  for (uint32_t at : starts) {
    int id = btf__add_func(b.get(), ("f" + std::to_string(at)).c_str(), BTF_FUNC_STATIC, proto);
    if (proto < 0 || id < 0) return make_error("cannot make the program's BTF: " + errno_text(-id));
    info.push_back({at, static_cast<uint32_t>(id)});
  }
  if (int err = btf__load_into_kernel(b.get()); err != 0)
    return make_error("cannot load the program's BTF: " + errno_text(-err));
  fd = Fd(dup(btf__fd(b.get())));
  return Ok{};
}

Result<Fd> load_with(std::span<const bpf_insn> prog, bpf_prog_type type, bpf_prog_load_opts& opts) {
  Fd btf_fd;
  std::vector<bpf_func_info> info;
  if (Status st = func_info(prog, btf_fd, info); !st) return st.error();
  if (!info.empty()) {
    opts.prog_btf_fd = static_cast<uint32_t>(btf_fd.get());
    opts.func_info = info.data();
    opts.func_info_cnt = static_cast<uint32_t>(info.size());
    opts.func_info_rec_size = sizeof(bpf_func_info);
  }
  int fd = bpf_prog_load(type, "dtrace", "GPL", prog.data(), prog.size(), &opts);
  if (fd >= 0) return Fd(fd);
  int err = -fd;
  // Again with the verifier's log, which is only wanted when it refuses
  // (a log that fills its buffer fails an otherwise good load).
  std::vector<char> log(1 << 20, '\0');
  opts.log_buf = log.data();
  opts.log_size = static_cast<uint32_t>(log.size());
  opts.log_level = 1;
  fd = bpf_prog_load(type, "dtrace", "GPL", prog.data(), prog.size(), &opts);
  if (fd >= 0) close(fd);
  std::string tail = log_tail(log, 4);
  // copyout() and copyoutstr() (translate_user.cc): the helper is absent
  // under kernel lockdown (integrity), as the module refuses destructive
  // programs there, and without CAP_SYS_ADMIN.
  std::string why = tail.find("cannot use helper bpf_probe_write_user") != std::string::npos
                        ? ": copyout() and copyoutstr() need bpf_probe_write_user, which this kernel refuses "
                          "(kernel lockdown, integrity, or no CAP_SYS_ADMIN)"
                        : "";
  return make_error("the kernel refused the bpf program (" + errno_text(err) + ")" + why +
                    (tail.empty() ? "" : ":\n" + tail));
}

// The kernel's BTF object of a loaded module (what a tracing program of
// one of its functions is loaded against).
Result<Fd> kernel_btf(const std::string& module) {
  for (uint32_t id = 0; bpf_btf_get_next_id(id, &id) == 0;) {
    Fd fd(bpf_btf_get_fd_by_id(id));
    if (fd.get() < 0) continue;
    char name[64] = {};
    bpf_btf_info info{};
    info.name = reinterpret_cast<uint64_t>(name);
    info.name_len = sizeof(name);
    uint32_t len = sizeof(info);
    if (bpf_obj_get_info_by_fd(fd.get(), &info, &len) == 0 && info.kernel_btf != 0 && module == name)
      return fd;
  }
  return make_error("no kernel BTF object of module " + module);
}

}  // namespace

void raise_fd_limit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

Status attach_raw_tracepoint(const char* tp, int prog, std::vector<Fd>* links) {
  int link = bpf_raw_tracepoint_open(tp, prog);
  if (link < 0)
    return make_error(std::string("cannot attach to the tracepoint ") + tp + ": " + std::strerror(-link));
  links->emplace_back(link);
  return Ok{};
}

Result<Fd> load_program(std::span<const bpf_insn> prog, bpf_prog_type type) {
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  // Syscall programs may only be sleepable.
  if (type == BPF_PROG_TYPE_SYSCALL) opts.prog_flags = BPF_F_SLEEPABLE;
  return load_with(prog, type, opts);
}

Result<Fd> load_program_opts(std::span<const bpf_insn> prog, bpf_prog_type type, bpf_prog_load_opts& opts) {
  return load_with(prog, type, opts);
}

Result<Fd> load_tracing_program(std::span<const bpf_insn> prog, bpf_attach_type type, uint32_t btf_id,
                                const char* module) {
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  opts.expected_attach_type = type;
  opts.attach_btf_id = btf_id;
  Fd obj;
  if (module != nullptr) {
    auto m = kernel_btf(module);
    if (!m) return m.error();
    obj = std::move(*m);
    opts.attach_btf_obj_fd = static_cast<uint32_t>(obj.get());
  }
  return load_with(prog, BPF_PROG_TYPE_TRACING, opts);
}

Result<Fd> open_perf_event(perf_event_attr& attr, int pid, int cpu, const Fd& prog, const std::string& what) {
  attr.size = sizeof(attr);
  attr.disabled = 1;
  int fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC));
  if (fd < 0) return make_error("cannot open " + what + ": " + errno_text(errno));
  Fd ev(fd);
  if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog.get()) != 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0)
    return make_error("cannot attach a bpf program to " + what + ": " + errno_text(errno));
  return ev;
}

Result<uint32_t> test_run(const Fd& prog, Frame& frame) {
  LIBBPF_OPTS(bpf_test_run_opts, opts);
  // A syscall program's context is copied back into ctx_in.
  opts.ctx_in = &frame;
  opts.ctx_size_in = sizeof(frame);
  int err = bpf_prog_test_run_opts(prog.get(), &opts);
  if (err < 0) return make_error("BPF_PROG_TEST_RUN failed: " + errno_text(-err));
  return opts.retval;
}

}  // namespace dtrace::bpf
