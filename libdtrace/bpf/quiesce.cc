#include "bpf/quiesce.h"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace dtrace::bpf {

// Tracepoint, kprobe, uprobe and perf-event programs (the device loads
// no sleepable one) each run inside an RCU read-side section, so a grace
// period ends them all: MEMBARRIER_CMD_GLOBAL is synchronize_rcu() from
// user space. The kernel refuses it under nohz_full (and before 4.3):
// then a firing's microseconds are waited out many times over, which a
// guest's vCPU stopped mid-firing by its host could still outlast.
void wait_for_running_programs() {
  if (syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0) == 0) return;
  usleep(10000);
}

}  // namespace dtrace::bpf
