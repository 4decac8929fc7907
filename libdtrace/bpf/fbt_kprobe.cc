#include "bpf/fbt_kprobe.h"

#include <bpf/bpf.h>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "bpf/insn.h"

namespace dtrace::bpf {
namespace {

constexpr const char* kKprobePmu = "/sys/bus/event_source/devices/kprobe/";

// The kprobe PMU's type and the config bit of a kretprobe, -1 if none.
std::pair<int, int> kprobe_pmu() {
  int type = -1, retbit = -1;
  std::ifstream t(std::string(kKprobePmu) + "type");
  t >> type;
  std::ifstream f(std::string(kKprobePmu) + "format/retprobe");
  std::string s;
  if (f >> s && s.rfind("config:", 0) == 0) retbit = std::atoi(s.c_str() + 7);
  return {t ? type : -1, retbit};
}

// One perf-event kprobe a function: the descriptor limit raised to
// need more (the hard one too where the process may: CAP_SYS_RESOURCE),
// else the soft one to the hard.
void more_descriptors(size_t need) {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) != 0) return;
  rlim_t want = r.rlim_cur + need;
  rlimit up{std::max(r.rlim_cur, want), std::max(r.rlim_max, want)};
  if (setrlimit(RLIMIT_NOFILE, &up) != 0) raise_fd_limit();
}

// A kprobe_multi link of prog to fns, or -errno.
int multi_link(int prog, bool ret, std::span<const FbtTarget> fns) {
  std::vector<const char*> syms;
  std::vector<__u64> cookies;
  for (const FbtTarget& t : fns) {
    syms.push_back(t.func.c_str());
    cookies.push_back(t.cookie);
  }
  LIBBPF_OPTS(bpf_link_create_opts, o);
  o.kprobe_multi.flags = ret ? BPF_F_KPROBE_MULTI_RETURN : 0;
  o.kprobe_multi.cnt = static_cast<uint32_t>(fns.size());
  o.kprobe_multi.syms = syms.data();
  o.kprobe_multi.cookies = cookies.data();
  int fd = bpf_link_create(prog, 0, BPF_TRACE_KPROBE_MULTI, &o);
  return fd < 0 ? -errno : fd;
}

// Links fns, halving a part the kernel refuses down to its functions.
void attach_multi(int prog, bool ret, std::span<const FbtTarget> fns, std::vector<Fd>& links,
                  std::string* refused) {
  if (fns.empty()) return;
  int fd = multi_link(prog, ret, fns);
  if (fd >= 0) {
    links.emplace_back(fd);
    return;
  }
  if (fns.size() == 1) {
    if (refused != nullptr && refused->empty()) *refused = fns[0].func + ": " + std::strerror(-fd);
    return;
  }
  attach_multi(prog, ret, fns.first(fns.size() / 2), links, refused);
  attach_multi(prog, ret, fns.subspan(fns.size() / 2), links, refused);
}

// A perf-event kprobe of fn running prog with its cookie, or -errno.
int perf_kprobe(int prog, bool ret, const FbtTarget& fn, std::pair<int, int> pmu) {
  std::string sym = fn.module.empty() ? fn.func : fn.module + ":" + fn.func;
  perf_event_attr a{};
  a.size = sizeof(a);
  a.type = static_cast<uint32_t>(pmu.first);
  a.config = ret ? 1ull << pmu.second : 0;
  a.config1 = reinterpret_cast<uint64_t>(sym.c_str());  // kprobe_func
  // Every CPU's firings run the program: one event, on CPU 0.
  int ev = static_cast<int>(syscall(SYS_perf_event_open, &a, -1, 0, -1, PERF_FLAG_FD_CLOEXEC));
  if (ev < 0) return -errno;
  LIBBPF_OPTS(bpf_link_create_opts, o);
  o.perf_event.bpf_cookie = fn.cookie;
  int link = bpf_link_create(prog, ev, BPF_PERF_EVENT, &o);
  int err = errno;
  close(ev);  // the link keeps the event
  return link < 0 ? -err : link;
}

}  // namespace

bool kprobe_multi_works(const std::string& fn) {
  static int works = -1;
  if (works >= 0) return works != 0;
  const bpf_insn code[] = {mov_imm(kR0, 0), exit_insn()};
  auto prog = load_kprobe_program(code, true);
  works = 0;
  if (prog) {
    FbtTarget t{"", fn, 0};
    int fd = multi_link(prog->get(), false, {&t, 1});
    if (fd >= 0) close(fd);
    works = fd >= 0;
  }
  return works != 0;
}

Result<Fd> load_kprobe_program(std::span<const bpf_insn> prog, bool multi) {
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  if (multi) opts.expected_attach_type = BPF_TRACE_KPROBE_MULTI;
  return load_program_opts(prog, BPF_PROG_TYPE_KPROBE, opts);
}

Result<std::vector<Fd>> attach_fbt_shared(const Fd& prog, bool ret, bool multi,
                                          std::span<const FbtTarget> fns, std::string* refused) {
  std::vector<Fd> links;
  if (multi) {
    attach_multi(prog.get(), ret, fns, links, refused);
  } else {
    static const std::pair<int, int> pmu = kprobe_pmu();
    if (pmu.first < 0 || (ret && pmu.second < 0))
      return make_error(std::string("this kernel has no kprobe events (") + kKprobePmu + ")");
    more_descriptors(fns.size());
    for (const FbtTarget& t : fns) {
      int fd = perf_kprobe(prog.get(), ret, t, pmu);
      // Not a function left out: the process's limit (ulimit -n).
      if (fd == -EMFILE)
        return make_error("a kprobe a function takes a descriptor each, and " + std::to_string(fns.size()) +
                          " are more than this process may open: " + std::strerror(EMFILE));
      if (fd >= 0) links.emplace_back(fd);
      else if (refused != nullptr && refused->empty()) *refused = t.func + ": " + std::strerror(-fd);
    }
  }
  if (links.empty())
    return make_error(std::string("the kernel refused every ") + (multi ? "kprobe_multi link" : "kprobe") +
                      (refused != nullptr && !refused->empty() ? " (" + *refused + ")" : ""));
  return links;
}

}  // namespace dtrace::bpf
