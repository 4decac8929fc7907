// User probes' sites under the bpf backend (doc/bpf.md): a uprobe (or
// uretprobe) of perf's uprobe PMU at a site of a probe, with its
// semaphore (a USDT site's), one event on the probe's process (its
// threads, not its children), running the site's BPF_PROG_TYPE_KPROBE
// program.
#pragma once

#include <vector>

#include "bpf/load.h"
#include "bpf/uprobe_prov.h"
#include "util/result.h"

namespace dtrace::bpf {

// Appends the events to events; fails, saying why, when the kernel has
// no uprobe PMU or refuses a site (ESRCH: the process has gone).
Status attach_uprobes(const dtbpf_uprobe& p, uint32_t site, const Fd& prog, std::vector<Fd>* events);

}  // namespace dtrace::bpf
