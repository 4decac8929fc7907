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

// The PMU's type, and the config bit that makes a uretprobe ("config:0").
struct Pmu {
  int type = -1;
  int retbit = -1;
};

Pmu read_pmu() {
  Pmu p;
  std::ifstream t(std::string(kPmu) + "type"), r(std::string(kPmu) + "format/retprobe");
  std::string s;
  if (t >> s) p.type = std::atoi(s.c_str());
  if (r >> s && s.rfind("config:", 0) == 0) p.retbit = std::atoi(s.c_str() + 7);
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

Status attach_uprobes(const dtbpf_uprobe& p, const Fd& prog, std::vector<Fd>* events) {
  static const Pmu pmu = read_pmu();
  bool ret = p.kind == DTRACE_UP_RETURN;
  if (pmu.type < 0 || (ret && pmu.retbit < 0))
    return make_error("this kernel has no uprobe events (" + std::string(kPmu) + ")");
  raise_fd_limit();
  for (uint32_t i = 0; i < p.nsites; i++) {
    for (int tid : threads(p.pid)) {
      perf_event_attr a{};
      a.type = static_cast<uint32_t>(pmu.type);
      a.config = ret ? 1ull << pmu.retbit : 0;
      a.config1 = reinterpret_cast<uint64_t>(p.sites[i].path);  // uprobe_path
      a.config2 = p.sites[i].offset;                            // probe_offset
      a.inherit = 1;
      auto ev = open_perf_event(
          a, tid, -1, prog,
          "a uprobe at " + std::string(p.sites[i].path) + " offset " + std::to_string(p.sites[i].offset));
      if (!ev && access(("/proc/" + std::to_string(tid)).c_str(), F_OK) != 0) continue;  // it has gone
      if (!ev) return ev.error();
      events->push_back(std::move(*ev));
    }
  }
  return Ok{};
}

}  // namespace dtrace::bpf
