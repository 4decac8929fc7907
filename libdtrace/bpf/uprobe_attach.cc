#include "bpf/uprobe_attach.h"

#include <dirent.h>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace dtrace::bpf {
namespace {

constexpr const char* kPmu = "/sys/bus/event_source/devices/uprobe/";

// The PMU's type, the config bit that makes a uretprobe ("config:0")
// and where a semaphore's offset goes ("config:32-63").
struct Pmu {
  int type = -1;
  int retbit = -1;
  int refctr_shift = -1;
};

// The first bit of a format file's "config:N" or "config:N-M".
int config_bit(const std::string& file) {
  std::ifstream f(std::string(kPmu) + "format/" + file);
  std::string s;
  return f >> s && s.rfind("config:", 0) == 0 ? std::atoi(s.c_str() + 7) : -1;
}

Pmu read_pmu() {
  Pmu p;
  std::ifstream t(std::string(kPmu) + "type");
  std::string s;
  if (t >> s) p.type = std::atoi(s.c_str());
  p.retbit = config_bit("retprobe");
  p.refctr_shift = config_bit("ref_ctr_offset");
  return p;
}

// The threads of process pid (only pid itself if /proc cannot say).
std::vector<int> threads(uint32_t pid) {
  std::vector<int> out;
  if (DIR* d = opendir(("/proc/" + std::to_string(pid) + "/task").c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') out.push_back(std::atoi(e->d_name));
    closedir(d);
  }
  if (out.empty()) out.push_back(static_cast<int>(pid));
  return out;
}

// Many sites take many descriptors: the soft limit up to the hard one.
void raise_fd_limit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

}  // namespace

Status attach_uprobes(const dtbpf_uprobe& p, uint32_t site, const Fd& prog, std::vector<Fd>* events) {
  static const Pmu pmu = read_pmu();
  bool ret = p.kind == DTRACE_UP_RETURN;
  const dtbpf_usite& s = p.sites[site];
  if (pmu.type < 0 || (ret && pmu.retbit < 0))
    return make_error("this kernel has no uprobe events (" + std::string(kPmu) + ")");
  if (s.refctr != 0 && pmu.refctr_shift < 0)
    return make_error("this kernel's uprobe events take no semaphores (USDT probes that have one)");
  raise_fd_limit();
  for (int tid : threads(p.pid)) {
    perf_event_attr a{};
    a.type = static_cast<uint32_t>(pmu.type);
    a.config = ret ? 1ull << pmu.retbit : 0;
    if (s.refctr != 0) a.config |= s.refctr << pmu.refctr_shift;
    a.config1 = reinterpret_cast<uint64_t>(s.path);  // uprobe_path
    a.config2 = s.offset;                            // probe_offset
    a.inherit = 1;
    auto ev = open_perf_event(a, tid, -1, prog,
                              "a uprobe at " + std::string(s.path) + " offset " + std::to_string(s.offset));
    if (!ev && access(("/proc/" + std::to_string(tid)).c_str(), F_OK) != 0) continue;  // it has gone
    if (!ev) return ev.error();
    events->push_back(std::move(*ev));
  }
  return Ok{};
}

}  // namespace dtrace::bpf
