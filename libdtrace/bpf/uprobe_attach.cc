#include "bpf/uprobe_attach.h"

#include <linux/perf_event.h>
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

}  // namespace

Status attach_uprobes(const dtbpf_uprobe& p, uint32_t site, const Fd& prog, std::vector<Fd>* events) {
  static const Pmu pmu = read_pmu();
  bool ret = p.kind == DTRACE_UP_RETURN;
  const dtbpf_usite& s = p.sites[site];
  if (pmu.type < 0 || (ret && pmu.retbit < 0))
    return make_error("this kernel has no uprobe events (" + std::string(kPmu) + ")");
  if (s.refctr != 0 && pmu.refctr_shift < 0)
    return make_error("this kernel's uprobe events take no semaphores (USDT probes that have one)");
  // One event on the process (its threads share its mm, which the
  // kernel's filter of a uprobe event's breakpoints and programs goes by:
  // the threads made later fire too, the children forked do not). Not
  // inherited: the kernel copies an inherited uprobe's path from the
  // forking process's memory (at this process's address), and fork()
  // fails EFAULT.
  perf_event_attr a{};
  a.type = static_cast<uint32_t>(pmu.type);
  a.config = ret ? 1ull << pmu.retbit : 0;
  if (s.refctr != 0) a.config |= s.refctr << pmu.refctr_shift;
  a.config1 = reinterpret_cast<uint64_t>(s.path);  // uprobe_path
  a.config2 = s.offset;                            // probe_offset
  auto ev = open_perf_event(a, static_cast<int>(p.pid), -1, prog,
                            "a uprobe at " + std::string(s.path) + " offset " + std::to_string(s.offset));
  // The process killed since its probes were made (its root gone with
  // it, a zombie's too): as the module says.
  if (!ev && access(("/proc/" + std::to_string(p.pid) + "/root/").c_str(), F_OK) != 0)
    return make_error("pid " + std::to_string(p.pid) + " has exited");
  if (!ev) return ev.error();
  events->push_back(std::move(*ev));
  return Ok{};
}

}  // namespace dtrace::bpf
